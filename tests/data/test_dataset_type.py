"""A dataset's trace type is its element spec; inside the trace it is a GraphDataset."""

import pytest

import autograph as ag
from autograph.runtime.data.dataset_type import DatasetType, GraphDataset, IteratorType

SCALAR = ag.TensorSpec([], ag.int32)


def test_datasets_of_different_element_specs_have_different_trace_types():
    assert DatasetType(SCALAR) != DatasetType(ag.TensorSpec([], ag.int64))
    assert DatasetType(SCALAR) != DatasetType(ag.TensorSpec([2], ag.int32))
    assert DatasetType(SCALAR) != IteratorType(SCALAR)


def test_equal_specs_give_equal_hashes():
    assert hash(DatasetType(SCALAR)) == hash(DatasetType(ag.TensorSpec([], ag.int32)))


def test_a_trace_type_describes_its_kind_and_spec():
    assert DatasetType(SCALAR).describe() == (
        "Dataset(TensorSpec(shape=(), dtype=ag.int32, name=None))")
    assert IteratorType(SCALAR).describe() == (
        "Iterator(TensorSpec(shape=(), dtype=ag.int32, name=None))")


def test_only_an_equal_spec_is_a_subtype_or_a_common_supertype():
    same = DatasetType(ag.TensorSpec([], ag.int32))
    other = DatasetType(ag.TensorSpec([3], ag.int32))
    assert DatasetType(SCALAR).is_subtype_of(same)
    assert not DatasetType(SCALAR).is_subtype_of(other)
    assert DatasetType(SCALAR).most_specific_common_supertype([same, same]) == same
    assert DatasetType(SCALAR).most_specific_common_supertype([same, other]) is None


def test_python_iter_of_a_traced_dataset_is_a_clear_error():
    with pytest.raises(TypeError) as raised:
        iter(GraphDataset(None, SCALAR))
    assert str(raised.value) == (
        "A dataset argument of a traced function is iterated by a `for` loop that the "
        "function's conversion turns into a graph loop; Python's iter() cannot take its "
        "elements while tracing.")


def test_a_traced_dataset_shows_its_element_spec():
    assert repr(GraphDataset(None, SCALAR)) == (
        "<GraphDataset element_spec=TensorSpec(shape=(), dtype=ag.int32, name=None)>")
