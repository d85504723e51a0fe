"""TensorFlow's ragged tensor guide, run here cell by cell (`ragged_tensor_guide.py`) and
compared with what TensorFlow 2.21 showed for each cell.

A cell that needs a name not provided yet, or that reads a name such a cell defines, goes in
`PENDING`: it fails with the error saying so, which the test checks. Cells that differ on
purpose are in `DIFFERENCES`, with why.
"""

import re

import pytest

from tests.guides import notebook, ragged_tensor_guide

DIFFERENCES = {  # cell -> (why, what the cell shows here)
}
PENDING = {  # cell -> what it needs, as its error shows it
    "vGmJGSf_-PVB": "This op does not take ragged tensors",
    "ewA3cISdDfmP": "mixes strings with other values",
    # its embedding table is drawn at random, unseeded (TensorFlow's numbers differ per run)
    "ZBs_V7e--PVr": "shape=(3, 4), dtype=float32",
    # a Keras model of random first weights: its losses, predictions and timings differ
    "pHls7hQVJlk5": "Epoch 5/5", "1IAjjmdTU9OU": "1/1",
    "4WfCMIgdDMxj": "This op does not take ragged tensors",
    "D-Dg9w7Je5pU": "shape=(4, 1), dtype=float32",  # the saved Keras model's random weights
    "Sfem1ESrdGzX": "which an export cannot carry",
    "nZc2wqgQQUFU": "This op does not take ragged tensors",
    "pclAODLXT6Gr": "rt_shape", "MzQvPhsxS6HN": "rt_shape", "HgGMk0LeTGik": "rt_shape",
    "APT72EaBU70t": "rt_shape",
    "NSRgD667WwIZ": "tf.experimental.DynamicRaggedShape",
    "gMxCzADUYIjY": "tf.experimental.DynamicRaggedShape",
    "UpI0FlfL4Eim": "does not broadcast to a ragged tensor",
    "qGq1zOT4zMoc": "row splits differ", "CvLae5vMqeji": "row splits differ",
    "70q1aCKwySgS": "from_uniform_row_length",
}


def _ported(text):
    return re.sub(r"\btf\.(Tensor|Variable|RaggedTensor)\b", r"ag.\1", text)


@pytest.fixture(scope="module")
def shown(tmp_path_factory):
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(tmp_path_factory.mktemp("ragged_tensor"))
        return notebook.run_cells(ragged_tensor_guide.CELLS,
                                  (ragged_tensor_guide.IMPORT, "import autograph as tf"))


@pytest.mark.parametrize("cell", [c for c, _ in ragged_tensor_guide.CELLS
                                  if c not in DIFFERENCES and c not in PENDING])
def test_the_cell_shows_what_tensorflow_shows(shown, cell):
    assert shown[cell] == _ported(ragged_tensor_guide.TENSORFLOW[cell])


@pytest.mark.parametrize("cell", sorted(DIFFERENCES))
def test_the_cell_differs_from_tensorflow_as_explained(shown, cell):
    why, expected = DIFFERENCES[cell]
    assert shown[cell] != _ported(ragged_tensor_guide.TENSORFLOW[cell])
    assert shown[cell] == expected, why


@pytest.mark.parametrize("cell", sorted(PENDING))
def test_a_pending_cell_shows_what_it_still_needs(shown, cell):
    assert PENDING[cell] in shown[cell], shown[cell]
