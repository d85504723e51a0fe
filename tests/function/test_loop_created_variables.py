"""Variables first assigned in a tensor `while`, whose shape or even rank the body decides.

The programs are TensorFlow's `loop_created_variables_test.py` (`tf.` for `ag.`). Such a
variable starts the graph loop as zeros of the shape the body gives it, 0 for each unknown
dimension and a scalar where the rank is unknown, with a shape invariant that leaves them
open. A loop that runs zero times leaves it without a value: an error when the graph runs
(InvalidArgumentError) for a tensor bound, UnboundLocalError for a Python one.

Expected values and exception classes are TensorFlow 2.21's.
"""

import numpy as np
import numpy.testing as npt
import pytest

import autograph as ag


def while_creates_var_static_shape(n):
    i = 0
    while i < n:
        v = ag.zeros([1, 2, 3])
        i += 1
    return v


def while_creates_var_dynamic_shape(n):
    i = 0
    while i < n:
        v = ag.zeros([1, ag.random.uniform((), i, i + 1, ag.int32), 2])
        i += 1
    return v


def while_creates_var_dynamic_rank(n):
    i = 0
    while i < n:
        v = ag.zeros(ag.range(ag.random.uniform((), i, i + 1, ag.int32)))
        i += 1
    return v


def while_creates_var_dynamic_shape_py_init_var(n):
    i = 0
    while i < n:
        v = ag.range(i)
        i += 1
    return v


def while_creates_nested_var_static_shape(n):
    i = 0
    while i < n:
        v = {"a": ag.zeros([1, 2, 3]), "b": ag.ones([1, 2, 3])}
        i += 1
    return v["a"], v["b"]


def while_creates_nested_var_dynamic_shape(n):
    i = 0
    while i < n:
        v = {
            "a": ag.zeros([1, ag.random.uniform((), i, i + 1, ag.int32)]),
            "b": ag.ones([ag.random.uniform((), i, i + 1, ag.int32), 2]),
        }
        i += 1
    return v["a"], v["b"]


def while_creates_nested_var_dynamic_rank(n):
    i = 0
    while i < n:
        v = {
            "a": ag.ones(ag.range(ag.random.uniform((), i, i + 1, ag.int32))),
            "b": ag.ones([1, 2, 3]),
        }
        i += 1
    return v["a"], v["b"]


# Recorded from TensorFlow 2.21, for n = 1 and n = 2 (a Python int or an int32 tensor alike):
# each result as (dtype, shape, the value every element has).
EXPECTED = {
    while_creates_var_static_shape: {1: [("float32", (1, 2, 3), 0)],
                                     2: [("float32", (1, 2, 3), 0)]},
    while_creates_var_dynamic_shape: {1: [("float32", (1, 0, 2), 0)],
                                      2: [("float32", (1, 1, 2), 0)]},
    while_creates_var_dynamic_rank: {1: [("float32", (), 0)],
                                     2: [("float32", (0,), 0)]},
    while_creates_var_dynamic_shape_py_init_var: {1: [("int32", (0,), 0)],
                                                  2: [("int32", (1,), 0)]},
    while_creates_nested_var_static_shape: {
        1: [("float32", (1, 2, 3), 0), ("float32", (1, 2, 3), 1)],
        2: [("float32", (1, 2, 3), 0), ("float32", (1, 2, 3), 1)]},
    while_creates_nested_var_dynamic_shape: {
        1: [("float32", (1, 0), 0), ("float32", (0, 2), 1)],
        2: [("float32", (1, 1), 0), ("float32", (1, 2), 1)]},
    while_creates_nested_var_dynamic_rank: {
        1: [("float32", (), 1), ("float32", (1, 2, 3), 1)],
        2: [("float32", (0,), 1), ("float32", (1, 2, 3), 1)]},
}
TARGETS = list(EXPECTED)


def check(result, expected):
    results = result if isinstance(result, tuple) else (result,)
    assert len(results) == len(expected)
    for tensor, (dtype, shape, fill) in zip(results, expected):
        assert tensor.dtype.name == dtype
        npt.assert_equal(tensor.numpy(), np.full(shape, fill, dtype))


@pytest.mark.parametrize("target", TARGETS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("n", [1, 2])
def test_while_creates_var_with_a_tensor_bound_gives_the_last_iterations_value(target, n):
    check(ag.function(target)(ag.constant(n)), EXPECTED[target][n])


@pytest.mark.parametrize("target", TARGETS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("n", [1, 2])
def test_while_creates_var_with_a_python_bound_gives_the_last_iterations_value(target, n):
    check(ag.function(target)(n), EXPECTED[target][n])


@pytest.mark.parametrize("target", TARGETS, ids=lambda f: f.__name__)
def test_while_creates_var_in_a_tensor_loop_that_ran_zero_times_is_an_error_when_run(target):
    # TensorFlow 2.21: InvalidArgumentError ("loop must iterate at least once to initialize v").
    with pytest.raises(ag.errors.InvalidArgumentError, match="'v' is first assigned inside"):
        ag.function(target)(ag.constant(0))


@pytest.mark.parametrize("target", TARGETS, ids=lambda f: f.__name__)
def test_while_creates_var_in_a_python_loop_that_ran_zero_times_is_unbound(target):
    # TensorFlow 2.21: UnboundLocalError ("'v' is used before assignment").
    with pytest.raises(UnboundLocalError):
        ag.function(target)(0)
