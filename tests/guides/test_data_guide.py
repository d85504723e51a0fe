"""TensorFlow's data guide, run here cell by cell (`data_guide.py`) and compared with what
TensorFlow 2.21 showed for each cell.

Of the guide's 124 code cells, 54 are here and TensorFlow ran all 54 (the 70 others need a
download, or what a download made, or are the license header: `data_guide.LEFT_OUT`). Here 52
show what TensorFlow showed: 49 exactly (with `ag.` where TensorFlow prints `tf.`) and 3 up to
values TensorFlow drew at random (`RANDOM`: the test checks their form, and what the cells
computed). Of the 2 others, 1 shows the same class under its own module path (`DIFFERENCES`),
and 1 more shows TensorFlow's output since datasets hold sparse tensors (so 53 in all).
"""

import re

import numpy as np
import pytest

from tests.guides import data_guide, notebook

CELLS = data_guide.CELLS

# Cells that print values TensorFlow drew at random: the pattern of what they show (4 rows of
# 10 digits; 7 random-length series; 10 ids and a padded batch), in NumPy's layout, which
# wraps long rows and writes small numbers in scientific notation.
_FLOATS = r"[-0-9.e+ \n]*"
RANDOM = {
    "woPXMP14gUTg": r"(\[[1-9]( [1-9]){9}\]\n){4}",
    "6Ku26Yb9rcJX": "".join(rf"{i} : \[{_FLOATS}\]\n" for i in range(7)),
    "A7jEpj3As1lO": rf"\[[ 0-9]+\]\n\n\[(\[{_FLOATS}\]\n? ?){{10}}\]\n",
}

DIFFERENCES = {  # cell -> (why, what it shows here)
    "lVOPHur_hYQv": ("the spec's value_type is ag.SparseTensor, a class of autograph's module",
                     "<class 'autograph.runtime.ops.sparse.sparse_tensor.SparseTensor'>\n"),
}

EXACT = [c for c, _ in CELLS if c not in RANDOM and c not in DIFFERENCES]


def _ported(text):
    """TensorFlow's output with the ported import's names (`tf.int64` is `ag.int64`)."""
    return re.sub(r"\btf\.", "ag.", text)


@pytest.fixture(scope="module")
def guide(tmp_path_factory):
    """(what each cell shows here, the notebook's variables): run once in a scratch
    directory (the cells write a CSV file and checkpoints there), NumPy's print options (which
    a cell sets) restored after."""
    folder = tmp_path_factory.mktemp("guide")
    cells = [(c, s.replace("/tmp/my_ckpt", "my_ckpt")) for c, s in CELLS]
    namespace = {"__name__": "__main__"}
    with pytest.MonkeyPatch.context() as patch, np.printoptions():
        patch.chdir(folder)
        shown = notebook.run_cells(cells, (data_guide.IMPORT, "import autograph as tf"),
                                   namespace)
    yield shown, namespace
    notebook.clear(namespace)


@pytest.fixture(scope="module")
def shown(guide):
    return guide[0]


@pytest.mark.parametrize("cell", EXACT)
def test_the_cell_shows_what_tensorflow_shows(shown, cell):
    assert shown[cell] == _ported(data_guide.TENSORFLOW[cell])


@pytest.mark.parametrize("cell", sorted(RANDOM))
def test_a_cell_of_random_values_shows_them_as_tensorflow_does(shown, cell):
    assert re.fullmatch(RANDOM[cell], data_guide.TENSORFLOW[cell])  # the pattern is right
    assert re.fullmatch(RANDOM[cell], shown[cell]), shown[cell]


def test_the_random_series_are_shuffled_and_padded_into_one_batch(guide):
    ids, batch = guide[1]["ids"].numpy(), guide[1]["sequence_batch"].numpy()
    assert ids.shape == (10,) and len(set(ids.tolist())) == 10 and ids.max() < 30
    assert batch.shape[0] == 10 and batch.shape[1] <= 9 and batch.dtype == np.float32
    for row in batch:  # each series (normal draws: never 0) is followed by zeros only
        drawn = np.flatnonzero(row)
        assert drawn.tolist() == list(range(len(drawn)))


@pytest.mark.parametrize("cell", sorted(DIFFERENCES))
def test_the_cell_differs_from_tensorflow_as_explained(shown, cell):
    why, expected = DIFFERENCES[cell]
    assert shown[cell] != _ported(data_guide.TENSORFLOW[cell])
    assert shown[cell] == expected, why


def test_fifty_three_of_the_fifty_four_cells_show_tensorflows_output(shown):
    assert len(CELLS) + len(data_guide.LEFT_OUT) == 124  # every code cell, once
    assert not {c for c, _ in CELLS} & set(data_guide.LEFT_OUT)
    same = [c for c in EXACT if shown[c] == _ported(data_guide.TENSORFLOW[c])]
    random = [c for c in RANDOM if re.fullmatch(RANDOM[c], shown[c])]
    assert (len(same), len(random), len(CELLS)) == (50, 3, 54)


def test_the_left_out_cells_are_the_license_and_downloads():
    reasons = list(data_guide.LEFT_OUT.values())
    assert sum(r.startswith("downloads") for r in reasons) == 11
    assert sum(r.startswith("uses") for r in reasons) == 58
    assert reasons.count("the license header (no code)") == 1
