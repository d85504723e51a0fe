"""TensorFlow's ragged tensor guide, run here cell by cell (`ragged_tensor_guide.py`) and
compared with what TensorFlow 2.21 showed for each cell.

All 88 code cells run. 84 show TensorFlow's output exactly; 3 draw random numbers (an embedding
table drawn unseeded, a Keras model's first weights: `RANDOM`) and show its output with other
numbers; 1 of those, Keras's `fit`, also shows the History it returns by what it holds
(`DIFFERENCES`).
"""

import re

import pytest

import autograph as ag
from tests.guides import notebook, ragged_tensor_guide
from tests.guides.compare import masked

# Cells whose numbers come from random draws (times of Keras's progress bar too): compared
# with numbers masked.
RANDOM = {"ZBs_V7e--PVr", "pHls7hQVJlk5", "1IAjjmdTU9OU", "D-Dg9w7Je5pU"}
_EPOCH = "1/1 ━━━━━━━━━━━━━━━━━━━━ #s #s/step - loss: #\n"
DIFFERENCES = {  # cell -> (why, what it shows here, numbers masked)
    "pHls7hQVJlk5": (
        "the History that `fit` returns: Keras's has the default repr (its module path and "
        "address); here it shows the epochs run and the names logged",
        "".join(f"Epoch {n}/5\n{_EPOCH}" for n in range(1, 6))
        + "<History epochs=5 keys=['loss']>\n"),
}


def _ported(text):
    return re.sub(r"\btf\.(Tensor|Variable|RaggedTensor)\b", r"ag.\1", text)


def _same(cell, ours, theirs):
    theirs = _ported(theirs)
    return masked(ours) == masked(theirs) if cell in RANDOM else ours == theirs


@pytest.fixture(scope="module")
def shown(tmp_path_factory):
    ag.random.set_seed(0)
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(tmp_path_factory.mktemp("ragged_tensor"))
        return notebook.run_cells(ragged_tensor_guide.CELLS,
                                  (ragged_tensor_guide.IMPORT, "import autograph as tf"))


@pytest.mark.parametrize("cell", [c for c, _ in ragged_tensor_guide.CELLS
                                  if c not in DIFFERENCES])
def test_the_cell_shows_what_tensorflow_shows(shown, cell):
    assert _same(cell, shown[cell], ragged_tensor_guide.TENSORFLOW[cell])


@pytest.mark.parametrize("cell", sorted(DIFFERENCES))
def test_the_cell_differs_from_tensorflow_as_explained(shown, cell):
    why, expected = DIFFERENCES[cell]
    assert not _same(cell, shown[cell], ragged_tensor_guide.TENSORFLOW[cell])
    assert masked(shown[cell]) == expected, why


def test_eighty_four_of_the_88_cells_show_exactly_tensorflows_output(shown):
    exact = [c for c, _ in ragged_tensor_guide.CELLS
             if shown[c] == _ported(ragged_tensor_guide.TENSORFLOW[c])]
    assert (len(exact), len(ragged_tensor_guide.CELLS)) == (84, 88)
