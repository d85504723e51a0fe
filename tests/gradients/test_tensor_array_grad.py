"""Gradients through TensorArray ops (TensorList kernels): unstack, stack, gather, scatter
and popping the last element, eagerly under a tape. Each oracle is worked out with NumPy
from where the op puts each row of the input."""

import numpy as np
import numpy.testing as npt

import autograph as ag
from autograph.operators.data_structures import list_pop

X = np.arange(6, dtype=np.float32).reshape(3, 2)
W = np.arange(1, 7, dtype=np.float32).reshape(3, 2)


def _gradient(f):
    x = ag.constant(X)
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    return tape.gradient(y, x).numpy()


def test_unstack_then_stack_passes_the_gradient_row_by_row():
    grad = _gradient(lambda x: ag.reduce_sum(
        ag.TensorArray(ag.float32, size=3).unstack(x).stack() * W))
    npt.assert_array_equal(grad, W)


def test_gather_sends_each_rows_gradient_to_the_row_it_read():
    grad = _gradient(lambda x: ag.reduce_sum(
        ag.TensorArray(ag.float32, size=3).unstack(x).gather([2, 0]) * W[:2]))
    npt.assert_array_equal(grad, [W[1], [0.0, 0.0], W[0]])


def test_scatter_sends_each_places_gradient_to_the_row_written_there():
    grad = _gradient(lambda x: ag.reduce_sum(
        ag.TensorArray(ag.float32, size=3).scatter([2, 0, 1], x).stack() * W))
    npt.assert_array_equal(grad, [W[2], W[0], W[1]])


def test_popping_the_last_element_sends_its_gradient_to_that_row():
    def f(x):
        array = ag.TensorArray(ag.float32, size=0, dynamic_size=True).unstack(x)
        array, last = list_pop(array)
        return ag.reduce_sum(last * W[0]) + ag.reduce_sum(array.stack() * W[1:])
    npt.assert_array_equal(_gradient(f), [W[1], W[2], W[0]])


def test_popping_the_last_element_and_using_only_it_sends_zeros_to_the_rest():
    def f(x):
        array = ag.TensorArray(ag.float32, size=0, dynamic_size=True).unstack(x)
        _, last = list_pop(array)
        return ag.reduce_sum(last * W[0])
    npt.assert_array_equal(_gradient(f), [[0.0, 0.0], [0.0, 0.0], W[0]])


def test_popping_the_last_element_and_using_only_the_rest_sends_it_zeros():
    def f(x):
        array = ag.TensorArray(ag.float32, size=0, dynamic_size=True).unstack(x)
        array, _ = list_pop(array)
        return ag.reduce_sum(array.stack() * W[1:])
    npt.assert_array_equal(_gradient(f), [W[1], W[2], [0.0, 0.0]])


def test_a_scatter_over_written_places_sends_them_no_gradient():
    # TensorFlow 2.21: a's gradient [6, 8] (only its doubled write at 1 is left), b's [1, 2]
    a, b = ag.constant([1.0, 2.0]), ag.constant([3.0, 4.0])
    with ag.GradientTape(persistent=True) as tape:
        tape.watch([a, b])
        array = ag.TensorArray(ag.float32, size=3).write(0, a).write(1, a * 2.0)
        array = array.scatter([0], ag.reshape(b, [1, 2]))
        y = ag.reduce_sum(array.stack() * W)
    npt.assert_array_equal(tape.gradient(y, a).numpy(), [6.0, 8.0])
    npt.assert_array_equal(tape.gradient(y, b).numpy(), [1.0, 2.0])


def _resized(x, size):
    from autograph.runtime.eager.dispatch import op_handle  # TensorFlow's raw_ops.TensorListResize
    array = ag.TensorArray(ag.float32, size=0, dynamic_size=True).unstack(x)
    resized = op_handle("TensorListResize").run([array._flow, np.int32(size)])
    return op_handle("TensorListStack").run([resized, np.array([2], np.int32)],
                                            {"element_dtype": ag.float32, "num_elements": size})


def test_a_list_resized_larger_sends_each_rows_gradient_back():
    # TensorFlow 2.21 (raw_ops): the gradient of the rows that were there, [W[0], W[1], W[2]]
    weights = np.concatenate([W, W[:1]])
    npt.assert_array_equal(_gradient(lambda x: ag.reduce_sum(_resized(x, 4) * weights)), W)


def test_a_list_resized_smaller_sends_the_cut_rows_zeros():
    # TensorFlow 2.21 (raw_ops): [W[0], 0, 0]
    npt.assert_array_equal(_gradient(lambda x: ag.reduce_sum(_resized(x, 1) * W[:1])),
                           [W[0], [0.0, 0.0], [0.0, 0.0]])


def test_concat_sends_each_element_the_rows_it_filled():
    # TensorFlow 2.21: [[1, 2, 3], [4, 5, 6]] and [[7, 8, 9]]
    weights = np.arange(1, 10, dtype=np.float32).reshape(3, 3)

    @ag.function
    def gradients(a, b):
        with ag.GradientTape() as tape:
            tape.watch([a, b])
            array = ag.TensorArray(ag.float32, size=2, infer_shape=False)
            joined = array.write(0, a).write(1, b).concat()
            y = ag.reduce_sum(joined * weights)
        return tape.gradient(y, [a, b])
    ga, gb = gradients(ag.constant(np.zeros((2, 3), np.float32)), ag.constant([[7.0, 8.0, 9.0]]))
    npt.assert_array_equal(ga.numpy(), weights[:2])
    npt.assert_array_equal(gb.numpy(), weights[2:])
