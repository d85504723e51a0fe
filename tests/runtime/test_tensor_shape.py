"""TensorShape with unknown dims and rank."""

import pytest

import autograph as ag
from autograph.runtime.core.tensor_shape import unknown_shape


def test_known_shape_basics():
    s = ag.TensorShape([2, 3])
    assert (s.rank, s.as_list(), len(s), s[0], s.num_elements()) == (2, [2, 3], 2, 2, 6)
    assert s.is_fully_defined() and list(s) == [2, 3]
    assert s[1:] == ag.TensorShape([3])


def test_partial_and_unknown_shapes():
    partial = ag.TensorShape([None, 3])
    assert partial.rank == 2 and not partial.is_fully_defined()
    assert partial.num_elements() is None
    unknown = ag.TensorShape(None)
    assert unknown.rank is None and unknown.dims is None and unknown[0] is None
    with pytest.raises(ValueError, match="unknown TensorShape"):
        unknown.as_list()
    with pytest.raises(ValueError, match="unknown rank"):
        len(unknown)


@pytest.mark.parametrize("a, b, compatible", [
    ([2, 3], [2, 3], True), ([2, None], [2, 3], True), (None, [1, 2, 3], True),
    ([2, 3], [3, 2], False), ([2], [2, 1], False), ([], [], True),
])
def test_is_compatible_with(a, b, compatible):
    assert ag.TensorShape(a).is_compatible_with(b) is compatible


def test_merge_with_fills_unknown_dims():
    assert ag.TensorShape([None, 3]).merge_with([2, None]) == ag.TensorShape([2, 3])
    assert ag.TensorShape(None).merge_with([4]) == ag.TensorShape([4])


def test_merge_with_conflict_is_a_value_error():
    with pytest.raises(ValueError, match=r"Shapes \(2, 3\) and \(2, 4\) are not compatible"):
        ag.TensorShape([2, 3]).merge_with([2, 4])


@pytest.mark.parametrize("a, b, expected", [
    ([2, 3], [2, 4], [2, None]), ([2, 3], [2, 3], [2, 3]), ([2], [2, 3], None),
    (None, [2], None),
])
def test_most_specific_compatible_shape(a, b, expected):
    assert ag.TensorShape(a).most_specific_compatible_shape(b) == ag.TensorShape(expected)


def test_subtype_relation():
    assert ag.TensorShape([2]).is_subtype_of([None])
    assert not ag.TensorShape([None]).is_subtype_of([2])
    assert ag.TensorShape([2, 3]).is_subtype_of(None)


def test_with_rank_and_concatenate():
    assert ag.TensorShape(None).with_rank(2) == ag.TensorShape([None, None])
    with pytest.raises(ValueError, match="must have rank 3"):
        ag.TensorShape([1]).with_rank(3)
    assert ag.TensorShape([1]).concatenate([2, None]) == ag.TensorShape([1, 2, None])
    assert unknown_shape(rank=2) == ag.TensorShape([None, None])


def test_text_forms():
    assert repr(ag.TensorShape([2, None])) == "TensorShape([2, None])"
    assert str(ag.TensorShape([2, None])) == "(2, None)"
    assert str(ag.TensorShape([3])) == "(3,)"
    assert str(ag.TensorShape(None)) == "<unknown>"


@pytest.mark.parametrize("bad", [[-1], [1.5], [True]])
def test_invalid_dimensions_are_rejected(bad):
    with pytest.raises((TypeError, ValueError)):
        ag.TensorShape(bad)
