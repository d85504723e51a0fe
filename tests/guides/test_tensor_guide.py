"""TensorFlow's tensor guide, run here cell by cell (`tensor_guide.py`) and compared with what
TensorFlow 2.21 showed for each cell.

Of its 50 code cells, 47 show TensorFlow's output exactly (with the ported import's names,
ragged tensors and `tf.strings.unicode_decode` included), 1 up to float32 rounding
(`tf.nn.softmax`); 2 give the same error with another message (`DIFFERENCES`). A cell that
needs a name not provided yet goes in `PENDING`: it fails with the error saying so, which the
test checks.
"""

import re

import numpy as np
import pytest

from tests.guides import notebook, tensor_guide

NUMBER = r"-?\d+\.\d*(?:e[-+]?\d+)?"
ROUNDING = {"Gp4WUYzGIbnv"}  # TensorFlow's Eigen exp and NumPy's round differently
DIFFERENCES = {  # cell -> (why, the error shown here)
    "I9qDL_8u7cBH": ("the reshape error says what does not divide what, where TensorFlow "
                     "names its kernel's function node",
                     "InvalidArgumentError: Cannot reshape a tensor with 30 elements to shape "
                     "(7, -1): the given sizes multiply to 7, which does not divide 30. "
                     "[Op:Reshape]\n"),
    "p4xKTo57tutG": ("the error shows the sequence it could not convert",
                     "ValueError: Can't convert non-rectangular Python sequence to Tensor: "
                     "[[0, 1, 2, 3], [4, 5], [6, 7, 8], [9]].\n"),
}
PENDING: dict[str, str] = {}  # cell -> a name it needs that is missing


def _ported(text):
    return re.sub(r"\btf\.(Tensor|Variable|RaggedTensor)\b", r"ag.\1", text)


def _same(cell, ours, theirs):
    if cell in ROUNDING:
        masked = (re.sub(NUMBER, "#", ours), re.sub(NUMBER, "#", theirs))
        numbers = ([float(x) for x in re.findall(NUMBER, t)] for t in (ours, theirs))
        return masked[0] == masked[1] and np.allclose(*numbers, rtol=1e-6, atol=0)
    return ours == theirs


@pytest.fixture(scope="module")
def shown(tmp_path_factory):
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(tmp_path_factory.mktemp("tensor"))
        return notebook.run_cells(tensor_guide.CELLS,
                                  (tensor_guide.IMPORT, "import autograph as tf"))


@pytest.mark.parametrize("cell", [c for c, _ in tensor_guide.CELLS
                                  if c not in DIFFERENCES and c not in PENDING])
def test_the_cell_shows_what_tensorflow_shows(shown, cell):
    ours, theirs = shown[cell], _ported(tensor_guide.TENSORFLOW[cell])
    assert _same(cell, ours, theirs), (ours, theirs)


@pytest.mark.parametrize("cell", sorted(DIFFERENCES))
def test_the_cell_differs_from_tensorflow_as_explained(shown, cell):
    why, expected = DIFFERENCES[cell]
    assert shown[cell] != _ported(tensor_guide.TENSORFLOW[cell])
    assert shown[cell].endswith(expected), why


@pytest.mark.parametrize("cell", sorted(PENDING))
def test_a_pending_cell_fails_naming_what_is_missing(shown, cell):
    assert PENDING[cell] in shown[cell] and "Error" in shown[cell], shown[cell]
