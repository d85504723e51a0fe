"""TensorFlow's SavedModel guide, run here cell by cell (`saved_model_guide.py`) and compared
with what TensorFlow 2.21 showed for each cell.

All 14 cells run; 12 show TensorFlow's output (one with `ag.float32` where TensorFlow prints
`tf.float32`, the dtype's name in the ported import). The 2 others differ as `DIFFERENCES`
says: TensorFlow traces `__call__` again while saving, so its `print` runs once more there.
"""

import tempfile

import pytest

from tests.guides import notebook, saved_model_guide

_SAVING_RUNS_NO_PYTHON = (
    "TensorFlow traces __call__ again while saving (for its signatures), so the print in it "
    "runs a second time; autograph saves the traces the function has and runs no Python "
    "while saving")
DIFFERENCES = {  # cell -> (why, what it shows here)
    "85PUO9iWH7xn": (_SAVING_RUNS_NO_PYTHON, 'Tracing with Tensor("x:0", shape=(), '
                                             'dtype=float32)\nSaving model...\n'),
    "_pAdgIORR2yH": (_SAVING_RUNS_NO_PYTHON, 'Tracing with Tensor("x:0", dtype=float32)\n'),
}


def _ported(text):
    """TensorFlow's output with the ported import's names (`tf.float32` is `ag.float32`)."""
    return text.replace("dtype=tf.", "dtype=ag.")


@pytest.fixture(scope="module")
def shown(tmp_path_factory):
    """What each cell shows here, its `tempfile.mkdtemp()` a scratch directory."""
    folder = tmp_path_factory.mktemp("guide")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(tempfile, "mkdtemp", lambda *args, **kwargs: str(folder))
        return notebook.run_cells(saved_model_guide.CELLS,
                                  (saved_model_guide.IMPORT, "import autograph as tf"))


@pytest.mark.parametrize("cell", [c for c, _ in saved_model_guide.CELLS if c not in DIFFERENCES])
def test_the_cell_shows_what_tensorflow_shows(shown, cell):
    assert shown[cell] == _ported(saved_model_guide.TENSORFLOW[cell])


@pytest.mark.parametrize("cell", sorted(DIFFERENCES))
def test_the_cell_differs_from_tensorflow_as_explained(shown, cell):
    why, expected = DIFFERENCES[cell]
    assert shown[cell] != saved_model_guide.TENSORFLOW[cell]
    assert shown[cell] == expected, why


def test_twelve_of_the_fourteen_cells_show_tensorflows_output(shown):
    same = [cell for cell, _ in saved_model_guide.CELLS
            if shown[cell] == _ported(saved_model_guide.TENSORFLOW[cell])]
    assert (len(same), len(saved_model_guide.CELLS)) == (12, 14)
