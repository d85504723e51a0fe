"""Tensor loops through `ag.function`: variables first assigned in a loop, loop options, one
trace of the body, returned lists, returns inside loops, and loops that must not hang.

Expected values are TensorFlow 2.21's answers to the same programs (`tf.` for `ag.`), except
where a test says TensorFlow fails and why we run the program.
"""

import numpy.testing as npt
import pytest

import autograph as ag


# Variables first assigned in a loop -------------------------------------------------------------
@ag.function
def last_double(n):
    for i in ag.range(n):
        last = i * 2
    return last


def test_a_variable_first_assigned_in_a_tensor_loop_has_its_last_value():
    npt.assert_equal(last_double(ag.constant(4)).numpy(), 6)


def test_a_variable_first_assigned_in_a_loop_that_ran_zero_times_is_an_error_naming_it():
    # TensorFlow: InvalidArgumentError "loop must iterate at least once to initialize last".
    with pytest.raises(ag.errors.InvalidArgumentError, match="'last' is first assigned inside"):
        last_double(ag.constant(0))


def test_a_variable_first_assigned_in_a_while_loop_keeps_the_bodys_dtype():
    @ag.function
    def f(n):
        i = ag.constant(0)
        while i < n:
            half = ag.cast(i, ag.float32) / 2.0
            i += 1
        return half
    result = f(ag.constant(3))
    assert result.dtype == ag.float32
    npt.assert_equal(result.numpy(), 1.0)


def test_temporaries_used_only_inside_the_body_need_no_initial_value():
    @ag.function
    def f(n):
        s = ag.constant(0)
        for i in ag.range(n):
            t = i * i
            s += t
        return s
    npt.assert_equal(f(ag.constant(0)).numpy(), 0)
    npt.assert_equal(f(ag.constant(4)).numpy(), 14)


# One trace ------------------------------------------------------------------------------------
def test_a_tensor_for_body_is_traced_once():
    traces = []

    @ag.function
    def f(n):
        s = 0
        for i in ag.range(n):
            traces.append(i)  # runs while tracing only, as TensorFlow's `print` there
            s += i
        return s
    npt.assert_equal(f(ag.constant(5)).numpy(), 10)
    assert len(traces) == 1


def test_a_tensor_while_body_is_traced_once():
    traces = []

    @ag.function
    def f(n):
        s = ag.constant(0.0)
        i = 0
        while i < n:
            traces.append(i)
            s += 1.5
            i += 1
        return s
    npt.assert_equal(f(ag.constant(3)).numpy(), 4.5)
    assert len(traces) == 1


# Returned lists ---------------------------------------------------------------------------------
def test_a_list_appended_to_in_a_tensor_loop_is_returned_stacked():
    # TensorFlow 2.21 raises InaccessibleTensorError here; plain Python returns the squares.
    @ag.function
    def f(n):
        xs = []
        for i in ag.range(n):
            xs.append(i * i)
        return xs
    npt.assert_equal(f(ag.constant(4)).numpy(), [0, 1, 4, 9])


# Loop options ---------------------------------------------------------------------------------
def test_set_loop_options_shape_invariants_let_a_tensor_grow():
    @ag.function
    def f(n):
        x = ag.zeros([0])
        i = 0
        while i < n:
            ag.autograph.experimental.set_loop_options(
                shape_invariants=[(x, ag.TensorShape([None]))], maximum_iterations=3)
            x = ag.concat([x, [1.0]], 0)
            i += 1
        return x
    npt.assert_equal(f(ag.constant(5)).numpy(), [1.0, 1.0, 1.0])


def test_set_loop_options_maximum_iterations_cuts_a_for_loop_short():
    @ag.function
    def f(n):
        s = 0
        for i in ag.range(n):
            ag.autograph.experimental.set_loop_options(maximum_iterations=2)
            s += i + 1
        return s
    npt.assert_equal(f(ag.constant(5)).numpy(), 3)


def test_set_loop_options_in_a_python_loop_does_nothing():
    @ag.function
    def f(x):
        s = 0
        for i in range(4):
            ag.autograph.experimental.set_loop_options(maximum_iterations=2)
            s += i
        return s + x
    npt.assert_equal(f(ag.constant(0)).numpy(), 6)


def test_the_shape_error_recommends_set_loop_options_as_it_is_written():
    @ag.function
    def f(n):
        x = ag.zeros([0])
        for _ in ag.range(n):
            x = ag.concat([x, [1.0]], 0)
        return x
    with pytest.raises(ValueError, match=r"set_loop_options\(shape_invariants=\[\(x, "
                                         r"ag.TensorShape\(\[None\]\)\)\]\)"):
        f(ag.constant(3))


# Returns inside loops -----------------------------------------------------------------------------
@ag.function
def first_multiple(n):
    i = 0
    while i < n:
        i += 1
        if i == 3:
            return i * 10
    return i


def test_a_return_inside_a_tensor_loop_of_a_function_returning_on_every_path():
    # TensorFlow 2.21 refuses any return inside a loop over tensors (NotImplementedError);
    # this function returns on every path, so it has one Python meaning, which we give.
    npt.assert_equal(first_multiple(ag.constant(5)).numpy(), 30)
    npt.assert_equal(first_multiple(ag.constant(2)).numpy(), 2)


def test_a_return_inside_a_tensor_loop_of_a_function_that_may_return_none_is_an_error():
    @ag.function
    def f(n):
        s = 0
        for i in ag.range(n):
            s += i
            if s > 5:
                return s
    with pytest.raises(NotImplementedError, match="may also end without one"):
        f(ag.constant(2))


# Loops that must end ------------------------------------------------------------------------------
def test_a_python_while_whose_condition_becomes_a_tensor_is_refused_as_in_tensorflow():
    @ag.function
    def f():
        c = True
        k = 0
        while c:
            c = ag.constant(False)
            k += 1
        return k
    # TensorFlow 2.21: NotImplementedError, "The condition of while loop started as
    # non-Tensor, then changed to Tensor."
    with pytest.raises(NotImplementedError, match="'c' became a tensor in the loop"):
        f()


def test_an_exception_raised_while_tracing_a_loop_body_is_not_taken_for_the_programs_own():
    @ag.function
    def f(n):
        s = ag.constant(0)
        try:
            for i in ag.range(n):
                s += i
                {}["missing"]
        except KeyError:
            s = ag.constant(-1)
        return s
    with pytest.raises(ag.autograph.StagingError, match="a `try` around it that handles it"):
        f(ag.constant(0))


def test_a_tuple_returned_inside_a_tensor_loop():
    # TensorFlow 2.21 refuses any return inside a loop over tensors; plain Python's answer.
    @ag.function
    def f(n):
        while 0 < n:
            return (n, 0)
        return (n * 2, 1)
    npt.assert_equal([t.numpy() for t in f(ag.constant(2))], [2, 0])
    npt.assert_equal([t.numpy() for t in f(ag.constant(-1))], [-2, 1])
