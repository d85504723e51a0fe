"""`ag.sparse` functions at their edges: transposes, reductions over several or negative axes
and with kept dimensions, adjoints, defaults, and one clear error for each wrong input. The
numbers are TensorFlow 2.21's for the same calls; errors name the function and what to do
where TensorFlow's say "Input must be a SparseTensor" or fail on a missing attribute."""

import pytest

import autograph as ag


def _cube():
    return ag.SparseTensor(indices=[[0, 1, 0], [1, 0, 2], [1, 2, 1]], values=[1.0, 2.0, 3.0],
                           dense_shape=[2, 3, 4])


def _diagonal():
    return ag.SparseTensor([[0, 0], [1, 1]], [1.0, -1.0], [2, 2])


def _parts(st):
    return st.indices.numpy().tolist(), st.values.numpy().tolist(), st.dense_shape.numpy().tolist()


def test_transpose_reverses_the_dimensions_by_default_and_reorders_the_entries():
    flipped = ag.sparse.transpose(_cube())
    assert _parts(flipped) == ([[0, 1, 0], [1, 2, 1], [2, 0, 1]], [1.0, 3.0, 2.0], [4, 3, 2])
    assert flipped.shape == ag.TensorShape([4, 3, 2])


def test_transpose_by_a_permutation():
    moved = ag.sparse.transpose(_cube(), [1, 0, 2])
    assert _parts(moved) == ([[0, 1, 2], [1, 0, 0], [2, 1, 1]], [2.0, 1.0, 3.0], [3, 2, 4])


def test_transpose_in_a_function_permutes_the_known_static_dimensions():
    shapes = []

    @ag.function(input_signature=[ag.SparseTensorSpec([None, 3, 4], ag.float32)])
    def moved(st):
        result = ag.sparse.transpose(st, [2, 0, 1])
        shapes.append(result.shape)
        return ag.sparse.to_dense(result)

    assert moved(_cube()).shape == (4, 2, 3)
    # TensorFlow 2.21 gives (None, None, None) here; the permuted known sizes are kept.
    assert shapes == [ag.TensorShape([4, None, 3])]


@pytest.mark.parametrize("name, call", [
    ("to_dense", lambda x: ag.sparse.to_dense(x)),
    ("reorder", lambda x: ag.sparse.reorder(x)),
    ("retain", lambda x: ag.sparse.retain(x, [True, False])),
    ("transpose", lambda x: ag.sparse.transpose(x)),
    ("reduce_sum", lambda x: ag.sparse.reduce_sum(x)),
])
def test_a_dense_input_is_a_type_error_naming_the_function_and_from_dense(name, call):
    with pytest.raises(TypeError, match=rf"^ag\.sparse\.{name} expects a SparseTensor, got "
                                        r"EagerTensor; ag\.sparse\.from_dense makes one from a "
                                        r"dense tensor\.$"):
        call(ag.ones([2]))


def test_map_values_without_a_sparse_argument_is_an_error():
    with pytest.raises(ValueError, match=r"^ag\.sparse\.map_values: no argument is a "
                                         r"SparseTensor\.$"):
        ag.sparse.map_values(ag.add, 1.0, 2.0)


def test_add_of_two_dense_tensors_is_an_error():
    with pytest.raises(TypeError, match=r"^ag\.sparse\.add: at least one of `a` and `b` must be "
                                        r"a SparseTensor\.$"):
        ag.sparse.add(ag.ones([2]), ag.ones([2]))


def test_add_of_sparse_tensors_of_two_dtypes_is_an_error_saying_to_cast():
    # TensorFlow: InvalidArgumentError "cannot compute SparseAdd as input #4 ...".
    with pytest.raises(TypeError, match=r"dtypes float32 and int32; cast one"):
        ag.sparse.add(_diagonal(), ag.SparseTensor([[0, 0]], [1], [2, 2]))


def test_add_threshold_drops_sums_below_it():
    summed = ag.sparse.add(_diagonal(), ag.SparseTensor([[0, 0], [1, 1]], [0.5, 1.0], [2, 2]),
                           threshold=0.6)
    assert _parts(summed)[:2] == ([[0, 0]], [1.5])


def test_sparse_dense_matmul_of_two_dense_operands_is_an_error():
    with pytest.raises(TypeError, match=r"^ag\.sparse\.sparse_dense_matmul: one operand must be "
                                        r"a SparseTensor"):
        ag.sparse.sparse_dense_matmul(ag.ones([2, 2]), ag.ones([2, 2]))


def test_sparse_dense_matmul_refuses_a_sparse_operand_of_rank_3():
    # TensorFlow: InvalidArgumentError "Tensor 'a_shape' must have 2 elements".
    with pytest.raises(ValueError, match=r"the sparse operand must be a matrix, got rank 3"):
        ag.sparse.sparse_dense_matmul(_cube(), ag.ones([4, 2]))


def test_sparse_dense_matmul_with_both_adjoints():
    product = ag.sparse.sparse_dense_matmul(_diagonal(), ag.constant([[1.0, 2.0], [3.0, 4.0]]),
                                            adjoint_a=True, adjoint_b=True)
    assert product.numpy().tolist() == [[1.0, 3.0], [-2.0, -4.0]]


def test_sparse_dense_matmul_with_the_dense_operand_first():
    product = ag.sparse.sparse_dense_matmul(ag.constant([[1.0, 2.0], [3.0, 4.0]]), _diagonal())
    assert product.numpy().tolist() == [[1.0, -2.0], [3.0, -4.0]]


def test_to_dense_with_a_default_value():
    assert ag.sparse.to_dense(_diagonal(), default_value=9.0).numpy().tolist() == [
        [1.0, 9.0], [9.0, -1.0]]


def test_retain_keeps_the_flagged_entries_of_a_rank_3_tensor():
    kept = ag.sparse.retain(_cube(), [True, False, True])
    assert _parts(kept)[:2] == ([[0, 1, 0], [1, 2, 1]], [1.0, 3.0])


def test_reduce_sum_over_an_axis_keeping_it():
    assert ag.sparse.reduce_sum(_cube(), axis=1, keepdims=True).numpy().tolist() == [
        [[1.0, 0.0, 0.0, 0.0]], [[0.0, 3.0, 2.0, 0.0]]]


def test_reduce_sum_of_everything_keeping_the_dimensions():
    assert ag.sparse.reduce_sum(_cube(), keepdims=True).numpy().tolist() == [[[6.0]]]


def test_reduce_sum_over_a_negative_axis():
    assert ag.sparse.reduce_sum(_cube(), axis=-1).numpy().tolist() == [[0.0, 1.0, 0.0],
                                                                       [2.0, 0.0, 3.0]]


def test_reduce_sum_over_two_axes():
    assert ag.sparse.reduce_sum(_cube(), axis=[0, 2]).numpy().tolist() == [2.0, 1.0, 3.0]


def test_reduce_sum_over_an_axis_as_a_sparse_tensor():
    summed = ag.sparse.reduce_sum(_cube(), axis=1, output_is_sparse=True)
    assert _parts(summed) == ([[0, 0], [1, 1], [1, 2]], [1.0, 3.0, 2.0], [2, 4])


def test_reduce_sum_as_a_sparse_tensor_keeping_the_reduced_axis():
    summed = ag.sparse.reduce_sum(_cube(), axis=1, keepdims=True, output_is_sparse=True)
    assert _parts(summed) == ([[0, 0, 0], [1, 0, 1], [1, 0, 2]], [1.0, 3.0, 2.0], [2, 1, 4])
    assert summed.shape == ag.TensorShape([2, 1, 4])


def test_reduce_sum_as_a_sparse_tensor_keeping_two_reduced_axes():
    summed = ag.sparse.reduce_sum(_cube(), axis=[0, 2], keepdims=True, output_is_sparse=True)
    assert _parts(summed) == ([[0, 0, 0], [0, 1, 0], [0, 2, 0]], [2.0, 1.0, 3.0], [1, 3, 1])


def test_reduce_sum_as_a_sparse_tensor_of_rank_4_keeping_the_reduced_axis():
    st = ag.SparseTensor([[0, 1, 0, 2], [1, 0, 1, 0], [1, 2, 0, 1]], [1.0, 2.0, 3.0], [2, 3, 2, 3])
    summed = ag.sparse.reduce_sum(st, axis=1, keepdims=True, output_is_sparse=True)
    assert _parts(summed) == ([[0, 0, 0, 2], [1, 0, 0, 1], [1, 0, 1, 0]], [1.0, 3.0, 2.0],
                              [2, 1, 2, 3])


def test_reduce_sum_as_a_sparse_tensor_over_every_axis_keeping_them_holds_one_entry():
    summed = ag.sparse.reduce_sum(_cube(), axis=[0, 1, 2], keepdims=True, output_is_sparse=True)
    assert _parts(summed) == ([[0, 0, 0]], [6.0], [1, 1, 1])


def test_reduce_sum_as_a_sparse_tensor_over_every_axis_is_a_sparse_scalar():
    summed = ag.sparse.reduce_sum(_cube(), axis=[0, 1, 2], output_is_sparse=True)
    assert summed.indices.shape == ag.TensorShape([1, 0])
    assert _parts(summed) == ([[]], [6.0], [])


def test_add_with_the_dense_operand_first():
    summed = ag.sparse.add(ag.constant([[1.0, 2.0], [3.0, 4.0]]), _diagonal())
    assert summed.numpy().tolist() == [[2.0, 2.0], [3.0, 3.0]]


def test_add_of_sparse_tensors_of_two_ranks_is_an_error_naming_them():
    # TensorFlow: "Input indices must have the same dimension, got 2 and 3".
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match=r"^Operands' shapes do not match: got ranks 2 and 3$"):
        ag.sparse.add(_diagonal(), _cube())
