"""`assign_add` / `assign_sub` write into the variable's array when nothing else holds it
(kernels/state_kernels.py `_update`), and make a new one when a read's value, a view or a
caller still holds it, so what was read keeps its value."""

import numpy as np

import autograph as ag
from autograph.runtime.ops.state.defs import handle_value


def _address(v) -> int:
    handle = handle_value(v.handle._value)
    return handle.manager.lookup(handle.key).ctypes.data


def test_a_training_style_update_reuses_the_variables_array():
    v = ag.Variable(np.zeros((64, 64), np.float32))

    @ag.function
    def step(delta):
        v.assign_sub(0.5 * delta)
    delta = ag.ones((64, 64))
    step(delta)
    before = _address(v)
    step(delta)
    assert _address(v) == before
    np.testing.assert_array_equal(v.numpy(), np.full((64, 64), -1.0, np.float32))


def test_a_value_read_before_an_update_keeps_its_value_eagerly():
    v = ag.Variable([1.0, 2.0])
    read = v.read_value()
    v.assign_add([10.0, 10.0])
    np.testing.assert_array_equal(read.numpy(), [1.0, 2.0])
    np.testing.assert_array_equal(v.numpy(), [11.0, 12.0])


def test_a_value_read_before_an_update_keeps_its_value_in_a_function():
    v = ag.Variable([1.0, 2.0])

    @ag.function
    def step():
        before = v.read_value()
        v.assign_sub([1.0, 1.0])
        return before, v.read_value()
    before, after = step()
    np.testing.assert_array_equal(before.numpy(), [1.0, 2.0])
    np.testing.assert_array_equal(after.numpy(), [0.0, 1.0])


def test_a_view_of_the_value_keeps_its_value():
    v = ag.Variable(np.arange(6.0).reshape(2, 3))
    row = v[1]  # may be a view of the stored array
    v.assign_add(np.ones((2, 3)))
    np.testing.assert_array_equal(row.numpy(), [3.0, 4.0, 5.0])


def test_a_broadcast_update_is_made_in_place_with_numpys_bits():
    v = ag.Variable(np.float32([[0.1, 0.2], [0.3, 0.4]]))
    v.assign_add(np.float32([1e-8, 3.0]))
    expected = np.float32([[0.1, 0.2], [0.3, 0.4]]) + np.float32([1e-8, 3.0])
    assert v.numpy().tobytes() == expected.tobytes()


def test_an_update_that_would_widen_the_variable_is_refused():
    v = ag.Variable([1.0, 2.0])
    try:
        v.assign_add(np.ones((2, 2)))
    except (ValueError, ag.errors.InvalidArgumentError) as e:
        assert "shape" in str(e)
    else:
        raise AssertionError("no error")
    np.testing.assert_array_equal(v.numpy(), [1.0, 2.0])
