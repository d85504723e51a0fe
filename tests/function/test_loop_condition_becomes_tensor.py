"""Python loops whose condition becomes a tensor while tracing are refused, not traced forever.

A `while` whose test starts as a Python value runs as a Python loop; once its test is a
symbolic tensor (a variable it tests became one, or a `break` depends on one) a Python loop
cannot go on by it. A `for` over a Python iterable is the same once its `break` flag is a
tensor: `for i in itertools.count()` would otherwise be traced without end. TensorFlow raises
NotImplementedError in each case, and so do we; a tensor `if`, a tensor `continue` in a Python
loop, and a `while` whose test is a tensor from the start are graph ops as before.

Expected values and exception classes are TensorFlow 2.21's (`tf.` for `ag.`).
"""

import itertools

import numpy.testing as npt
import pytest

import autograph as ag


# while ---------------------------------------------------------------------------------------
def test_a_while_whose_condition_becomes_a_constant_true_tensor_is_refused_not_run_forever():
    @ag.function
    def f():
        c = True
        while c:
            c = ag.constant(True)
        return 1
    # TensorFlow 2.21: NotImplementedError ("The condition of while loop started as
    # non-Tensor, then changed to Tensor").
    with pytest.raises(NotImplementedError, match="'c' became a tensor in the loop"):
        f()


def test_a_while_test_mixing_a_python_bool_and_a_tensor_is_refused():
    @ag.function
    def f(x):
        c = True
        n = 0
        while c and n < 3:
            c = x > 0
            n += 1
        return n
    # TensorFlow 2.21: NotImplementedError.
    with pytest.raises(NotImplementedError, match="after 1 iteration it is a tensor"):
        f(ag.constant(2))


def test_a_tensor_break_in_a_while_with_a_python_test_is_refused():
    @ag.function
    def f(x):
        i = 0
        while i < 3:
            i += 1
            if x > 0:
                break
        return i
    # TensorFlow 2.21: NotImplementedError.
    with pytest.raises(NotImplementedError, match="a `break` or `return` in the loop depends"):
        f(ag.constant(2))


def test_a_tensor_break_in_a_while_true_is_refused():
    @ag.function
    def f(x):
        i = 0
        while True:
            i += 1
            if x > i:
                break
        return i
    # TensorFlow 2.21: NotImplementedError.
    with pytest.raises(NotImplementedError, match="condition of this `while` loop"):
        f(ag.constant(2))


def test_a_while_whose_test_is_a_tensor_from_the_start_breaks_on_a_tensor():
    @ag.function
    def f(x):
        i = ag.constant(0)
        while i < 10:
            i += 1
            if x < i:
                break
        return i
    # Recorded from TensorFlow 2.21: 3.
    npt.assert_equal(f(ag.constant(2)).numpy(), 3)


def test_a_python_while_whose_condition_stays_python_runs_in_python():
    def f(x):
        i = 0
        while i < 3:
            i += 1
            x = x + 1
        return i, x
    assert ag.to_graph(f)(1) == (3, 4)
    i, x = ag.function(f)(ag.constant(1))
    assert i.numpy() == 3 and x.numpy() == 4


# for -------------------------------------------------------------------------------------------
def test_a_tensor_break_in_a_for_over_a_python_range_is_refused():
    @ag.function
    def f(x):
        s = 0
        for i in range(5):
            if x > i:
                break
            s += i
        return s
    # TensorFlow 2.21: NotImplementedError ("break and return statements which depend on a TF
    # condition are not supported in Python for loops").
    with pytest.raises(NotImplementedError, match="over a Python range"):
        f(ag.constant(2))


def test_a_tensor_break_in_a_for_over_an_endless_iterator_is_refused_not_traced_forever():
    @ag.function
    def f(x):
        s = 0
        for i in itertools.count():
            if x < i:
                break
        return s
    # TensorFlow 2.21: NotImplementedError.
    with pytest.raises(NotImplementedError, match="over a Python count"):
        f(ag.constant(2))


def test_a_tensor_break_in_a_for_over_a_python_iterator_is_refused():
    @ag.function
    def f(x):
        it = iter([1, 2, 3])
        for i in it:
            if x > i:
                break
        return next(it)
    # TensorFlow 2.21: NotImplementedError (the iterator's position would depend on the
    # tensor, which a Python iterator cannot follow).
    with pytest.raises(NotImplementedError, match="over a Python list_iterator"):
        f(ag.constant(2))


def test_a_tensor_continue_in_a_for_over_a_python_range_is_a_tensor_if():
    @ag.function
    def f(x):
        s = 0
        for i in range(4):
            if x > i:
                continue
            s += i
        return s
    # Recorded from TensorFlow 2.21: 5.
    npt.assert_equal(f(ag.constant(2)).numpy(), 5)


# if --------------------------------------------------------------------------------------------
def test_an_if_whose_condition_became_a_tensor_is_a_tensor_if():
    @ag.function
    def f(x):
        c = True
        c = x > 0
        if c:
            r = 1
        else:
            r = 2
        return r
    # Recorded from TensorFlow 2.21: 1.
    npt.assert_equal(f(ag.constant(2)).numpy(), 1)
