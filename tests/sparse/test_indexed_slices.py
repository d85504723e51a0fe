"""`ag.IndexedSlices`: the gradient of a row gather, as TensorFlow 2.21 gives it (recorded by
running each case there)."""

import numpy as np
from numpy.testing import assert_array_equal

import autograph as ag


def _table():
    return ag.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])


def test_the_gradient_of_a_row_gather_is_the_rows_read():
    table = _table()
    with ag.GradientTape() as tape:
        y = ag.reduce_sum(ag.gather(table, [2, 0, 2]) * [[1.0], [2.0], [3.0]])
    grad = tape.gradient(y, table)
    assert isinstance(grad, ag.IndexedSlices)
    assert grad.indices.numpy().tolist() == [2, 0, 2] and grad.indices.dtype is ag.int32
    assert grad.values.numpy().tolist() == [[1.0, 1.0], [2.0, 2.0], [3.0, 3.0]]
    assert grad.dense_shape.numpy().tolist() == [3, 2] and grad.dense_shape.dtype is ag.int32


def test_a_matrix_of_indices_gives_one_row_per_index():
    table = _table()
    with ag.GradientTape() as tape:
        y = ag.reduce_sum(ag.gather(table, [[0, 1]]))
    grad = tape.gradient(y, table)
    assert grad.indices.numpy().tolist() == [0, 1]
    assert grad.values.numpy().tolist() == [[1.0, 1.0], [1.0, 1.0]]


def test_converting_to_a_tensor_adds_repeated_rows():
    table = _table()
    with ag.GradientTape() as tape:
        y = ag.reduce_sum(ag.gather(table, [2, 0, 2]) * [[1.0], [2.0], [3.0]])
    dense = ag.convert_to_tensor(tape.gradient(y, table))
    assert dense.numpy().tolist() == [[2.0, 2.0], [0.0, 0.0], [4.0, 4.0]]


def test_two_gathers_give_their_rows_together_in_the_order_they_ran():
    table = _table()
    with ag.GradientTape() as tape:
        y = ag.reduce_sum(ag.gather(table, [2])) + ag.reduce_sum(ag.gather(table, [1]))
    grad = tape.gradient(y, table)
    assert grad.indices.numpy().tolist() == [2, 1]


def test_a_gather_and_a_dense_use_sum_to_a_dense_gradient():
    table = _table()
    with ag.GradientTape() as tape:
        y = ag.reduce_sum(ag.gather(table, [2, 0])) + ag.reduce_sum(table * 2.0)
    grad = tape.gradient(y, table)
    assert isinstance(grad, ag.Tensor)
    assert grad.numpy().tolist() == [[3.0, 3.0], [2.0, 2.0], [3.0, 3.0]]


def test_an_op_between_the_variable_and_the_gather_makes_the_gradient_dense():
    table = _table()
    with ag.GradientTape() as tape:
        y = ag.reduce_sum(ag.gather(table * 1.0, [2]))
    assert isinstance(tape.gradient(y, table), ag.Tensor)


def test_negation_keeps_the_rows():
    grad = -ag.IndexedSlices(ag.constant([[1.0, 2.0]]), ag.constant([1]), ag.constant([3, 2]))
    assert grad.values.numpy().tolist() == [[-1.0, -2.0]] and grad.shape.as_list() == [3, 2]


def test_a_function_returns_the_gradient_of_a_gather_as_indexed_slices():
    table = _table()

    @ag.function
    def rows_gradient(ids):
        with ag.GradientTape() as tape:
            y = ag.reduce_sum(ag.gather(table, ids))
        return tape.gradient(y, table)

    grad = rows_gradient(ag.constant([1, 1]))
    assert isinstance(grad, ag.IndexedSlices)
    assert_array_equal(ag.convert_to_tensor(grad).numpy(), [[0, 0], [2, 2], [0, 0]])


def test_a_session_fetches_indexed_slices_as_their_arrays():
    graph = ag.Graph()
    with graph.as_default():
        params = ag.placeholder(ag.float32, [3, 2])
        (grad,) = ag.gradients(ag.reduce_sum(ag.gather(params, [1])), [params])
    value = ag.Session(graph=graph).run(grad, {params: np.zeros((3, 2), np.float32)})
    assert isinstance(value, ag.compat.v1.IndexedSlicesValue)
    assert value.indices.tolist() == [1] and value.dense_shape.tolist() == [3, 2]


def test_a_session_fetches_a_sparse_tensor_as_its_arrays():
    graph = ag.Graph()
    with graph.as_default():
        st = ag.SparseTensor([[0, 1]], ag.placeholder(ag.float32, [1]), [2, 2])
    fed = {st.values: np.array([5.0], np.float32)}
    value = ag.Session(graph=graph).run(st, fed)
    assert isinstance(value, ag.compat.v1.SparseTensorValue)
    assert value.values.tolist() == [5.0] and value.indices.tolist() == [[0, 1]]
