"""Tests of Dataset.ragged_batch and ag.data.experimental.dense_to_ragged_batch; the expected
specs and values are TensorFlow 2.21's."""

import pytest

import autograph as ag


def _ranges():
    return ag.data.Dataset.from_tensor_slices([1, 5, 3, 2, 8]).map(ag.range)


def test_vectors_of_different_lengths_batch_into_ragged_tensors():
    batched = _ranges().ragged_batch(2)
    assert batched.element_spec == ag.RaggedTensorSpec([None, None], ag.int32, 1, ag.int64)
    assert [b.to_list() for b in batched] == [[[0], [0, 1, 2, 3, 4]], [[0, 1, 2], [0, 1]],
                                              [[0, 1, 2, 3, 4, 5, 6, 7]]]


def test_drop_remainder_and_int32_row_splits():
    batched = _ranges().ragged_batch(2, drop_remainder=True, row_splits_dtype=ag.int32)
    assert batched.element_spec == ag.RaggedTensorSpec([2, None], ag.int32, 1, ag.int32)
    assert [b.row_splits.dtype for b in batched] == [ag.int32, ag.int32]


def test_matrices_become_ragged_up_to_their_last_unknown_dimension():
    spec = (ag.TensorSpec([None, 2], ag.int32), ag.TensorSpec([2, None], ag.int32),
            ag.TensorSpec([], ag.int32))

    def rows():
        for n in (1, 2, 3):
            yield [[2 * i, 2 * i + 1] for i in range(n)], [[n] * n, [n] * n], n
    batched = ag.data.Dataset.from_generator(rows, output_signature=spec).ragged_batch(2)
    assert batched.element_spec == (ag.RaggedTensorSpec([None, None, 2], ag.int32, 1, ag.int64),
                                    ag.RaggedTensorSpec([None, 2, None], ag.int32, 2, ag.int64),
                                    ag.TensorSpec([None], ag.int32))
    shown = [(x.to_list(), y.to_list(), n.numpy().tolist()) for x, y, n in batched]
    assert shown == [([[[0, 1]], [[0, 1], [2, 3]]], [[[1], [1]], [[2, 2], [2, 2]]], [1, 2]),
                     ([[[0, 1], [2, 3], [4, 5]]], [[[3, 3, 3], [3, 3, 3]]], [3])]


def test_dense_to_ragged_batch_applies_ragged_batch():
    batched = _ranges().apply(ag.data.experimental.dense_to_ragged_batch(3))
    assert [b.to_list() for b in batched] == [[[0], [0, 1, 2, 3, 4], [0, 1, 2]],
                                              [[0, 1], [0, 1, 2, 3, 4, 5, 6, 7]]]


def test_a_row_splits_dtype_other_than_int32_or_int64_is_an_error():
    # TensorFlow accepts it here and fails later; the error comes where the mistake is.
    with pytest.raises(ValueError, match="row_splits_dtype must be int32 or int64"):
        _ranges().ragged_batch(2, row_splits_dtype=ag.float32)
