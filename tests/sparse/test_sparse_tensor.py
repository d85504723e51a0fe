"""`ag.SparseTensor` and `ag.sparse`: values, errors and gradients as TensorFlow 2.21 gives
them (recorded by running each case there), eagerly and inside `ag.function`."""

import numpy as np
import pytest
from numpy.testing import assert_allclose, assert_array_equal

import autograph as ag


def _sparse(indices, values, shape):
    return ag.SparseTensor(indices=indices, values=values, dense_shape=shape)


def _parts(st):
    return st.indices.numpy().tolist(), st.values.numpy().tolist(), st.dense_shape.numpy().tolist()


A = ([[0, 1], [1, 0]], [1.0, 2.0], [2, 2])
B = ([[0, 1], [1, 1]], [10.0, 20.0], [2, 2])


def test_components_are_int64_coordinates_values_and_shape():
    st = _sparse([[0, 0], [1, 2]], [1, 2], [3, 4])
    assert (st.indices.dtype, st.values.dtype, st.dense_shape.dtype) == (
        ag.int64, ag.int32, ag.int64)
    assert st.shape.as_list() == [3, 4] and st.dtype is ag.int32


def test_repr_prints_the_three_tensors_as_tensorflow_does():
    st = _sparse([[0, 0]], [5], [2, 2])
    assert repr(st) == ("SparseTensor(indices=ag.Tensor([[0 0]], shape=(1, 2), dtype=int64), "
                        "values=ag.Tensor([5], shape=(1,), dtype=int32), "
                        "dense_shape=ag.Tensor([2 2], shape=(2,), dtype=int64))")


def test_spec_is_the_dense_shape_and_dtype():
    st = _sparse([[0, 0], [1, 2]], [1, 2], [3, 4])
    assert st._type_spec == ag.SparseTensorSpec([3, 4], ag.int32)
    assert repr(st._type_spec) == "SparseTensorSpec(TensorShape([3, 4]), ag.int32)"
    assert ag.SparseTensorSpec([None, 4]) == ag.SparseTensorSpec([None, 4], ag.float32)


def test_mismatched_parts_are_tensorflows_value_error():
    with pytest.raises(ValueError, match="^Dimensions 1 and 2 are not compatible$"):
        _sparse([[0, 1]], [1.0, 2.0], [2, 2])


def test_to_dense_fills_the_default_elsewhere():
    st = _sparse([[0, 0], [1, 2]], [1, 2], [3, 4])
    assert ag.sparse.to_dense(st).numpy().tolist() == [[1, 0, 0, 0], [0, 0, 2, 0], [0, 0, 0, 0]]
    assert ag.sparse.to_dense(_sparse([[1]], [3.0], [3]), default_value=-1.0).numpy().tolist() \
        == [-1.0, 3.0, -1.0]


def test_to_dense_refuses_coordinates_out_of_order_naming_reorder():
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match=r"indices\[1\] = \[0,1\] is out of order\. Many sparse ops require "
                             r"sorted indices\.\n    Use `ag\.sparse\.reorder`"):
        ag.sparse.to_dense(_sparse([[1, 0], [0, 1]], [1.0, 2.0], [2, 2]))


def test_to_dense_refuses_repeated_coordinates():
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match=r"^indices\[1\] = \[0,1\] is repeated"):
        ag.sparse.to_dense(_sparse([[0, 1], [0, 1]], [1.0, 2.0], [2, 2]))


def test_to_dense_refuses_coordinates_out_of_bounds_even_unvalidated():
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match=r"indices\[0\] = \[5,0\] is out of bounds: need 0 <= index < \[3,4\]"):
        ag.sparse.to_dense(_sparse([[5, 0]], [1.0], [3, 4]), validate_indices=False)


def test_from_dense_keeps_the_nonzero_entries_in_row_major_order():
    st = ag.sparse.from_dense(ag.constant([[1.0, 0.0], [0.0, 3.0]]))
    assert _parts(st) == ([[0, 0], [1, 1]], [1.0, 3.0], [2, 2])


def test_reduce_sum_over_all_and_over_an_axis():
    st = _sparse([[0, 0], [1, 2]], [1, 2], [3, 4])
    assert ag.sparse.reduce_sum(st).numpy() == 3
    assert ag.sparse.reduce_sum(st, axis=1).numpy().tolist() == [1, 2, 0]
    assert ag.sparse.reduce_sum(st, axis=1, keepdims=True).numpy().tolist() == [[1], [2], [0]]


def test_reduce_sum_adds_repeated_coordinates():
    u = _sparse([[1, 0], [0, 1], [1, 0]], [1.0, 2.0, 3.0], [2, 2])
    assert ag.sparse.reduce_sum(u, axis=0).numpy().tolist() == [4.0, 2.0]
    assert ag.sparse.reduce_sum(u, axis=-1, keepdims=True).numpy().tolist() == [[2.0], [4.0]]
    assert ag.sparse.reduce_sum(u, keepdims=True).numpy().tolist() == [[6.0]]


def test_reduce_sum_output_is_sparse_has_an_entry_per_reached_coordinate():
    u = _sparse([[1, 0], [0, 1], [1, 0]], [1.0, 2.0, 3.0], [2, 2])
    assert _parts(ag.sparse.reduce_sum(u, axis=1, output_is_sparse=True)) == (
        [[0], [1]], [2.0, 4.0], [2])


def test_add_of_two_sparse_sums_shared_coordinates_in_order():
    assert _parts(ag.sparse.add(_sparse(*A), _sparse(*B))) == (
        [[0, 1], [1, 0], [1, 1]], [11.0, 2.0, 20.0], [2, 2])


def test_add_threshold_drops_small_sums_only():
    assert _parts(ag.sparse.add(_sparse(*A), _sparse(*B), threshold=15.0)) == (
        [[1, 0], [1, 1]], [2.0, 20.0], [2, 2])
    cancel = _sparse([[0, 1]], [-1.0], [2, 2])
    assert _parts(ag.sparse.add(_sparse(*A), cancel))[1] == [0.0, 2.0]  # a zero sum stays
    assert _parts(ag.sparse.add(_sparse(*A), cancel, threshold=0.5))[1] == [2.0]
    quarter = _sparse([[0, 1]], [0.25], [2, 2])
    assert _parts(ag.sparse.add(_sparse(*A), quarter, threshold=1.25))[1] == [1.25, 2.0]


def test_add_of_sparse_and_dense_is_dense():
    assert ag.sparse.add(_sparse(*A), ag.ones([2, 2])).numpy().tolist() == [[1.0, 2.0],
                                                                            [3.0, 1.0]]


def test_add_refuses_different_dense_shapes():
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match="Operands' shapes do not match: got 2 and 3 for dimension 0"):
        ag.sparse.add(_sparse(*A), _sparse([[0, 1]], [1.0], [3, 2]))


def test_sparse_dense_matmul_and_its_adjoint():
    dense = ag.constant([[1.0, 2.0], [3.0, 4.0]])
    assert ag.sparse.sparse_dense_matmul(_sparse(*A), dense).numpy().tolist() == [[3.0, 4.0],
                                                                                  [2.0, 4.0]]
    assert ag.sparse.sparse_dense_matmul(_sparse(*A), dense, adjoint_a=True).numpy().tolist() \
        == [[6.0, 8.0], [1.0, 2.0]]


def test_sparse_dense_matmul_with_the_sparse_operand_second():
    dense = ag.constant([[1.0, 2.0], [3.0, 4.0]])
    assert ag.sparse.sparse_dense_matmul(dense, _sparse(*A)).numpy().tolist() == [[4.0, 1.0],
                                                                                  [8.0, 3.0]]


def test_sparse_dense_matmul_matches_numpy_on_random_matrices():
    rng = np.random.default_rng(0)
    dense_a = rng.standard_normal((5, 4)) * (rng.random((5, 4)) < 0.4)
    st = ag.sparse.from_dense(dense_a)
    b, c = rng.standard_normal((5, 3)), rng.standard_normal((3, 4))
    assert_allclose(ag.sparse.sparse_dense_matmul(st, b, adjoint_a=True).numpy(), dense_a.T @ b)
    assert_allclose(ag.sparse.sparse_dense_matmul(st, c, adjoint_b=True).numpy(), dense_a @ c.T)


def test_reorder_sorts_coordinates_row_major():
    st = ag.sparse.reorder(_sparse([[1, 0], [0, 1]], [1.0, 2.0], [2, 2]))
    assert _parts(st) == ([[0, 1], [1, 0]], [2.0, 1.0], [2, 2])


def test_retain_keeps_the_flagged_entries():
    assert _parts(ag.sparse.retain(_sparse(*A), [False, True])) == ([[1, 0]], [2.0], [2, 2])


def test_map_values_applies_an_op_to_the_values():
    assert _parts(ag.sparse.map_values(ag.multiply, _sparse(*A), 3.0))[1] == [3.0, 6.0]


def test_multiplying_by_a_dense_tensor_broadcasts_it_to_the_sparse_shape():
    st = _sparse([[0, 0], [1, 2]], [1, 2], [3, 4])
    assert _parts(st * ag.constant([[1, 2, 3, 4]] * 3))[1] == [1, 6]


def test_adding_two_sparse_tensors_with_plus_is_a_type_error_as_in_tensorflow():
    with pytest.raises(TypeError, match="unsupported operand"):
        _sparse(*A) + _sparse(*A)


def test_gradients_reach_the_values_and_the_dense_operand():
    values = ag.Variable([1.0, 2.0])
    dense = ag.Variable([[1.0, 2.0], [3.0, 4.0]])
    with ag.GradientTape(persistent=True) as tape:
        st = ag.SparseTensor(A[0], values, A[2])
        through_dense = ag.reduce_sum(ag.sparse.to_dense(st) * [[1.0, 2.0], [3.0, 4.0]])
        product = ag.reduce_sum(ag.sparse.sparse_dense_matmul(_sparse(*A), dense) ** 2)
    assert tape.gradient(through_dense, values).numpy().tolist() == [2.0, 3.0]
    assert tape.gradient(product, dense).numpy().tolist() == [[8.0, 16.0], [6.0, 8.0]]


def test_a_function_traces_once_for_sparse_tensors_of_any_number_of_entries():
    traces = []

    @ag.function
    def double(st):
        traces.append(st.shape)
        return ag.sparse.to_dense(st) * 2

    first = double(_sparse(*A))
    second = double(_sparse([[0, 0], [0, 1], [1, 1]], [1.0, 2.0, 3.0], [2, 2]))
    assert first.numpy().tolist() == [[0.0, 2.0], [4.0, 0.0]]
    assert second.numpy().tolist() == [[2.0, 4.0], [0.0, 6.0]]
    assert len(traces) == 1 and traces[0].as_list() == [2, 2]


def test_a_function_returns_a_sparse_tensor():
    @ag.function
    def triple(st):
        return ag.sparse.map_values(ag.multiply, st, 3.0)

    assert _parts(triple(_sparse(*A))) == (A[0], [3.0, 6.0], A[2])


def test_a_while_loop_may_change_the_number_of_entries():
    @ag.function
    def grow(st, n):
        i = ag.constant(0, ag.int64)
        while i < n:
            st = ag.sparse.add(st, ag.SparseTensor(ag.reshape(ag.stack([i, i]), [1, 2]), [1.0],
                                                   [2, 2]))
            i += 1
        return st

    assert _parts(grow(_sparse(*A), ag.constant(2, ag.int64))) == (
        [[0, 0], [0, 1], [1, 0], [1, 1]], [1.0, 1.0, 2.0, 1.0], [2, 2])


def test_a_converted_if_returns_a_sparse_tensor_from_either_branch():
    @ag.function
    def first_only(st, flag):
        if flag:
            st = ag.sparse.retain(st, [True, False])
        return st

    assert _parts(first_only(_sparse(*A), ag.constant(True)))[1] == [1.0]
    assert _parts(first_only(_sparse(*A), ag.constant(False)))[1] == [1.0, 2.0]


def test_a_function_refuses_a_sparse_tensor_of_another_dtype_for_its_signature():
    @ag.function(input_signature=[ag.SparseTensorSpec([None, 2], ag.float32)])
    def total(st):
        return ag.sparse.reduce_sum(st)

    assert total(_sparse(*A)).numpy() == 3.0
    with pytest.raises(TypeError, match="do not match its input_signature"):
        total(_sparse([[0, 0]], [1], [2, 2]))


def test_to_dense_gradient_of_the_default_value():
    default = ag.Variable(0.5)
    with ag.GradientTape() as tape:
        dense = ag.sparse.to_dense(_sparse(*A), default_value=default)
        total = ag.reduce_sum(dense * [[1.0, 2.0], [3.0, 4.0]])
    assert_array_equal(tape.gradient(total, default).numpy(), 5.0)
