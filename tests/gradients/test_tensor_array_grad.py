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
