"""Datasets of ragged tensors, as TensorFlow 2.21 makes them (expected values recorded there):
`from_tensor_slices` takes a ragged tensor apart by rows, `batch` puts ragged rows (or ragged
elements) together into one ragged tensor of one more dimension, `unbatch` takes it apart."""

import numpy as np
import pytest

import autograph as ag


@pytest.fixture
def rt():
    return ag.ragged.constant([[1, 2], [], [3, 4, 5]])


def _reprs(ds):
    return [repr(x) for x in ds]


def test_slices_of_a_ragged_tensor_are_its_rows(rt):
    ds = ag.data.Dataset.from_tensor_slices(rt)
    assert repr(ds.element_spec) == "RaggedTensorSpec(TensorShape([None]), ag.int32, 0, ag.int64)"
    assert [x.numpy().tolist() for x in ds] == [[1, 2], [], [3, 4, 5]]


def test_slices_pair_ragged_rows_with_dense_ones(rt):
    pairs = list(ag.data.Dataset.from_tensor_slices((rt, [7, 8, 9])))
    assert [(a.numpy().tolist(), int(b)) for a, b in pairs] == [([1, 2], 7), ([], 8),
                                                               ([3, 4, 5], 9)]


def test_a_batch_of_ragged_rows_is_a_ragged_tensor(rt):
    ds = ag.data.Dataset.from_tensor_slices(rt).batch(2)
    assert repr(ds.element_spec) == ("RaggedTensorSpec(TensorShape([None, None]), ag.int32, 1, "
                                     "ag.int64)")
    assert _reprs(ds) == ["<ag.RaggedTensor [[1, 2], []]>", "<ag.RaggedTensor [[3, 4, 5]]>"]


def test_a_batch_of_ragged_elements_has_one_more_ragged_dimension(rt):
    ds = ag.data.Dataset.from_tensors(rt).repeat(3).batch(2)
    assert repr(ds.element_spec) == ("RaggedTensorSpec(TensorShape([None, 3, None]), ag.int32, "
                                     "2, ag.int64)")
    assert _reprs(ds) == ["<ag.RaggedTensor [[[1, 2], [], [3, 4, 5]],\n"
                          " [[1, 2], [], [3, 4, 5]]]>",
                          "<ag.RaggedTensor [[[1, 2], [], [3, 4, 5]]]>"]


def test_unbatch_then_batch_regroups_the_rows(rt):
    ds = ag.data.Dataset.from_tensors(rt).repeat(3).unbatch().batch(2)
    assert _reprs(ds) == ["<ag.RaggedTensor [[1, 2], []]>",
                          "<ag.RaggedTensor [[3, 4, 5], [1, 2]]>",
                          "<ag.RaggedTensor [[], [3, 4, 5]]>", "<ag.RaggedTensor [[1, 2], []]>",
                          "<ag.RaggedTensor [[3, 4, 5]]>"]


def test_a_mapped_function_reduces_ragged_batches(rt):
    ds = ag.data.Dataset.from_tensor_slices(rt).batch(2).map(lambda x: ag.reduce_sum(x, axis=1))
    assert [x.numpy().tolist() for x in ds] == [[3, 0], [12]]


def test_numpy_elements_are_the_ragged_tensors_numpy_values(rt):
    first = next(iter(ag.data.Dataset.from_tensor_slices(rt).batch(2).as_numpy_iterator()))
    assert first.dtype == object and [r.tolist() for r in first] == [[1, 2], []]
    assert all(r.dtype == np.int32 for r in first)
