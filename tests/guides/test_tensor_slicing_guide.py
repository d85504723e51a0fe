"""TensorFlow's tensor slicing guide, run here cell by cell (`tensor_slicing_guide.py`): all
21 code cells show exactly what TensorFlow 2.21 showed (with the ported import's names,
`ag.Tensor` where TensorFlow prints `tf.Tensor`)."""

import re

import pytest

from tests.guides import notebook, tensor_slicing_guide


def _ported(text):
    return re.sub(r"\btf\.(Tensor|Variable)\b", r"ag.\1", text)


@pytest.fixture(scope="module")
def shown(tmp_path_factory):
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(tmp_path_factory.mktemp("tensor_slicing"))
        return notebook.run_cells(tensor_slicing_guide.CELLS,
                                  (tensor_slicing_guide.IMPORT, "import autograph as tf"))


@pytest.mark.parametrize("cell", [c for c, _ in tensor_slicing_guide.CELLS])
def test_the_cell_shows_what_tensorflow_shows(shown, cell):
    assert shown[cell] == _ported(tensor_slicing_guide.TENSORFLOW[cell])
