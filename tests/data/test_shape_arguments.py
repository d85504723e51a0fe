"""Shapes given to `from_generator` (`output_shapes`) and `padded_batch` (`padded_shapes`):
lists, tuples or TensorShapes, alone or in nests (`structure.shape_dims`, `shape_leaves`)."""

import autograph as ag
from autograph.runtime.data.structure import shape_dims, shape_leaves


def test_unknown_dims_are_none_or_minus_one():
    assert shape_dims([None, -1, 3]) == [None, None, 3]
    assert shape_dims(ag.TensorShape([2, None])) == [2, None]


def test_one_shape_is_one_leaf():
    assert shape_leaves([2, 3]) == [[2, 3]]
    shape = ag.TensorShape([2])
    assert shape_leaves(shape) == [shape]


def test_a_nest_of_shapes_gives_each_shape():
    assert shape_leaves([[2], [3]]) == [[2], [3]]
    assert shape_leaves(((2,), (None, 3))) == [(2,), (None, 3)]
    assert shape_leaves({"b": [1], "a": [2, 2]}) == [[2, 2], [1]]  # by sorted key
