"""`ag.sparse` functions inside `ag.function` where the rank or a permutation is not known
while tracing, and the static shapes their results keep. The numbers are TensorFlow 2.21's for
the same calls; TensorFlow leaves these static shapes unknown, where we keep the sizes the
input's spec gives."""

import pytest

import autograph as ag


def _cube():
    return ag.SparseTensor(indices=[[0, 1, 0], [1, 0, 2], [1, 2, 1]], values=[1.0, 2.0, 3.0],
                           dense_shape=[2, 3, 4])


def _parts(st):
    return st.indices.numpy().tolist(), st.values.numpy().tolist(), st.dense_shape.numpy().tolist()


UNKNOWN_RANK = ag.SparseTensorSpec(None, ag.float32)


def test_transpose_of_an_unknown_rank_by_a_permutation():
    @ag.function(input_signature=[UNKNOWN_RANK])
    def moved(st):
        return ag.sparse.transpose(st, [1, 0, 2])

    assert _parts(moved(_cube())) == ([[0, 1, 2], [1, 0, 0], [2, 1, 1]], [2.0, 1.0, 3.0],
                                      [3, 2, 4])


def test_transpose_by_a_permutation_known_only_when_run():
    @ag.function(input_signature=[ag.SparseTensorSpec([2, 3, 4], ag.float32),
                                  ag.TensorSpec([3], ag.int32)])
    def moved(st, perm):
        result = ag.sparse.transpose(st, perm)
        assert result.shape == ag.TensorShape([None, None, None])
        return result

    assert _parts(moved(_cube(), ag.constant([2, 0, 1]))) == (
        [[0, 0, 1], [1, 1, 2], [2, 1, 0]], [1.0, 3.0, 2.0], [4, 2, 3])


def test_transpose_of_an_unknown_rank_without_perm_is_an_error_asking_for_it():
    # TensorFlow reverses the dimensions at run time; our reorder needs the rank while tracing.
    @ag.function(input_signature=[UNKNOWN_RANK])
    def flipped(st):
        return ag.sparse.transpose(st)

    with pytest.raises(ValueError, match=r"ag\.sparse\.transpose needs `perm` for a sparse "
                                         r"tensor of unknown rank\.$"):
        flipped(_cube())


def test_reduce_sum_of_an_unknown_rank_keeping_the_dimensions():
    @ag.function(input_signature=[UNKNOWN_RANK])
    def total(st):
        return ag.sparse.reduce_sum(st, keepdims=True)

    assert total(_cube()).numpy().tolist() == [[[6.0]]]


def test_reduce_sum_of_an_unknown_rank_over_an_axis_is_an_error_asking_for_the_rank():
    # TensorFlow reduces it at run time; we need the rank to resolve the axes while tracing.
    @ag.function(input_signature=[UNKNOWN_RANK])
    def summed(st):
        return ag.sparse.reduce_sum(st, axis=1)

    with pytest.raises(ValueError, match=r"ag\.sparse\.reduce_sum over an axis needs a sparse "
                                         r"tensor of known rank\.$"):
        summed(_cube())


def test_reduce_sum_keeping_the_axis_in_a_function_keeps_the_static_sizes():
    shapes = []

    @ag.function(input_signature=[ag.SparseTensorSpec([None, 3, 4], ag.float32)])
    def summed(st):
        result = ag.sparse.reduce_sum(st, axis=1, keepdims=True)
        shapes.append(result.shape)
        return result

    assert summed(_cube()).numpy().tolist() == [[[1.0, 0.0, 0.0, 0.0]], [[0.0, 3.0, 2.0, 0.0]]]
    assert shapes == [ag.TensorShape([None, 1, 4])]


def test_reduce_sum_as_a_sparse_tensor_in_a_function_keeps_the_static_sizes():
    shapes = []

    @ag.function(input_signature=[ag.SparseTensorSpec([None, 3, 4], ag.float32)])
    def summed(st):
        kept = ag.sparse.reduce_sum(st, axis=1, keepdims=True, output_is_sparse=True)
        dropped = ag.sparse.reduce_sum(st, axis=1, output_is_sparse=True)
        shapes.extend([kept.shape, dropped.shape])
        return dropped

    assert _parts(summed(_cube())) == ([[0, 0], [1, 1], [1, 2]], [1.0, 3.0, 2.0], [2, 4])
    assert shapes == [ag.TensorShape([None, 1, 4]), ag.TensorShape([None, 4])]


def test_add_of_a_sparse_tensor_of_known_shape_and_one_of_unknown_rank():
    @ag.function(input_signature=[ag.SparseTensorSpec([2, 2], ag.float32), UNKNOWN_RANK])
    def summed(a, b):
        return ag.sparse.add(a, b)

    diagonal = ag.SparseTensor([[0, 0], [1, 1]], [1.0, -1.0], [2, 2])
    assert _parts(summed(diagonal, ag.SparseTensor([[0, 1]], [5.0], [2, 2]))) == (
        [[0, 0], [0, 1], [1, 1]], [1.0, 5.0, -1.0], [2, 2])
