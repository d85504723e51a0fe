"""Gradients through `ag.py_function` (differentiable) and `ag.numpy_function` (not).

Expected values are TensorFlow 2.21's answers to the same programs.
"""

import numpy as np
import pytest

import autograph as ag


def _square(v):
    return v * v


def _cube(v):
    return v * v * v


def _square_and_next(v):
    return [v * v, v + 1.0]


def _through_numpy(v):
    return ag.constant(np.float32(v.numpy()) ** 2)


def test_a_tape_used_eagerly_records_the_functions_own_ops():
    x = ag.constant(3.0)
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = ag.py_function(_square, [x], ag.float32)
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), 6.0)  # TensorFlow: 6.0


def test_a_tape_around_a_function_call_differentiates_the_python_function():
    @ag.function
    def f(x):
        return ag.py_function(_cube, [x], ag.float32)

    x = ag.constant(3.0)
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), 27.0)  # TensorFlow: 27.0


@pytest.mark.parametrize("in_function", [False, True], ids=["eagerly", "in_a_function"])
def test_the_gradients_of_several_results_add_up(in_function):
    def g(x):
        return ag.py_function(_square_and_next, [x], [ag.float32, ag.float32])
    call = ag.function(g) if in_function else g
    x = ag.constant(3.0)
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = call(x)
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), 7.0)  # TensorFlow: 7.0


def test_an_unused_result_contributes_nothing():
    @ag.function
    def f(x):
        return ag.py_function(_square_and_next, [x], [ag.float32, ag.float32])

    x = ag.constant(3.0)
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    np.testing.assert_allclose(tape.gradient(y[0], x).numpy(), 6.0)


def test_in_a_function_a_result_computed_outside_ops_has_a_zero_gradient():
    @ag.function
    def f(x):
        return ag.py_function(_through_numpy, [x], ag.float32)

    x = ag.constant(3.0)
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), 0.0)  # TensorFlow: 0.0


def test_eagerly_a_result_computed_outside_ops_is_not_connected():
    # Deliberate difference: TensorFlow records an EagerPyFunc op eagerly and answers 0.0;
    # here the tape records the function's own ops, and none connects the result to x.
    x = ag.constant(3.0)
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = ag.py_function(_through_numpy, [x], ag.float32)
    assert tape.gradient(y, x) is None


def test_graph_gradients_in_a_session():
    graph = ag.Graph()
    with graph.as_default():
        x = ag.placeholder(ag.float32, [2])
        y = ag.py_function(lambda v: v * 10.0, [x], ag.float32)
        (grad,) = ag.gradients(y, x)
        assert grad.op.type == "EagerPyFunc"  # TensorFlow: gradients/EagerPyFunc_grad/...
        assert grad.shape.as_list() == [2]  # TensorFlow: (2,)
        with ag.Session() as sess:
            np.testing.assert_allclose(sess.run(grad, {x: [1.0, 2.0]}), [10.0, 10.0])


def test_gradients_reach_variables_passed_as_arguments():
    v = ag.Variable(2.0)

    @ag.function
    def f(x):
        return ag.py_function(lambda a, b: a * b, [x, v], ag.float32)

    x = ag.constant(3.0)
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    dx, dv = tape.gradient(y, [x, v])
    np.testing.assert_allclose([dx.numpy(), dv.numpy()], [2.0, 3.0])


def _sin_times(v):
    return ag.sin(v) * v


def test_the_numeric_checker_agrees_in_a_function():
    @ag.function
    def f(x):
        return ag.py_function(_sin_times, [x], ag.float32)

    theoretical, numerical = ag.test.compute_gradient(f, [np.array([0.5, 1.5], np.float32)])
    np.testing.assert_allclose(theoretical[0], numerical[0], atol=1e-2)


def test_numpy_function_has_no_gradient():
    x = ag.constant(3.0)
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = ag.numpy_function(lambda v: v * v, [x], ag.float32)
    assert tape.gradient(y, x) is None  # TensorFlow: None
    graph = ag.Graph()
    with graph.as_default():
        p = ag.placeholder(ag.float32, [2])
        assert ag.gradients(ag.numpy_function(lambda v: v * v, [p], ag.float32), p) == [None]
