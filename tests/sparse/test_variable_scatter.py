"""`Variable.scatter_*`: row updates by an `IndexedSlices`, as TensorFlow 2.21's (values and
messages recorded there); updated in place unless a tensor read earlier still holds the
value."""

import numpy as np
import pytest

import autograph as ag


def _rows(values, indices):
    return ag.IndexedSlices(ag.constant(values), ag.constant(indices))


def test_scatter_methods_combine_rows_in_turn():
    v = ag.Variable(np.zeros((4, 2), np.float32))
    assert v.scatter_add(_rows([[1.0, 1.0], [2.0, 2.0]], [1, 1])).numpy().tolist() == [
        [0.0, 0.0], [3.0, 3.0], [0.0, 0.0], [0.0, 0.0]]
    assert v.scatter_update(_rows([[5.0, 5.0], [7.0, 7.0]], [0, 0])).numpy().tolist()[0] == [
        7.0, 7.0]
    assert v.scatter_max(_rows([[6.0, 8.0]], [0])).numpy().tolist()[0] == [7.0, 8.0]
    assert v.scatter_div(_rows([[2.0, 2.0]], [1])).numpy().tolist()[1] == [1.5, 1.5]


def test_scatter_sub_mul_and_min():
    v = ag.Variable([[4.0], [9.0]])
    v.scatter_sub(_rows([[1.0]], [0]))
    v.scatter_mul(_rows([[2.0]], [1]))
    v.scatter_min(_rows([[0.5]], [0]))
    assert v.numpy().tolist() == [[0.5], [18.0]]


def test_a_row_out_of_range_is_tensorflows_error():
    v = ag.Variable(np.zeros((4, 2), np.float32))
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match=r"^indices\[0\] = 7 is not in \[0, 4\)"):
        v.scatter_add(_rows([[1.0, 1.0]], [7]))


def test_a_dense_delta_is_tensorflows_type_error():
    v = ag.Variable(np.zeros((4, 2), np.float32))
    with pytest.raises(TypeError, match="Argument `sparse_delta` must be a `ag.IndexedSlices`"):
        v.scatter_add(ag.constant([[1.0, 1.0]]))


def test_rows_of_the_wrong_width_are_refused_where_tensorflow_is_silent():
    v = ag.Variable(np.zeros((4, 2), np.float32))
    with pytest.raises((ValueError, ag.errors.InvalidArgumentError), match="updates must have "
                       "shape indices.shape"):
        v.scatter_add(_rows([[1.0, 1.0, 1.0]], [1]))


def test_a_tensor_read_before_a_scatter_keeps_its_value():
    v = ag.Variable(np.zeros((3, 2), np.float32))
    before = v.read_value()
    v.scatter_add(_rows([[1.0, 1.0]], [2]))
    assert before.numpy().tolist() == [[0.0, 0.0]] * 3
    assert v.numpy().tolist()[2] == [1.0, 1.0]


def test_a_scatter_inside_a_function_updates_the_variable_every_call():
    v = ag.Variable(np.zeros((3,), np.float32))

    @ag.function
    def bump(i):
        v.scatter_add(ag.IndexedSlices(ag.ones([1]), ag.reshape(i, [1])))

    bump(ag.constant(2))
    bump(ag.constant(2))
    assert v.numpy().tolist() == [0.0, 0.0, 2.0]
