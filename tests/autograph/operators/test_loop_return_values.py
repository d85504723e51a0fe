"""A `return` inside a graph loop: `retval_` starts as zeros of what the body returns."""

import re

import numpy as np
import pytest

import autograph as ag
import autograph.operators as ag__
from tests.autograph.operators.operators_testing import graph_run


def first_above(xs, threshold):
    """for x in xs: if x > threshold: return x
    return -1.0"""
    def loop_body(x, do_return, retval_):
        def if_body(do_return, retval_):
            return True, x
        return ag__.if_stmt(x > threshold, if_body, None, (do_return, retval_),
                            ("do_return", "retval_"))

    def extra_test(do_return, retval_):
        return ag__.not_(do_return)
    do_return, retval_ = ag__.for_stmt(xs, loop_body, (False, ag__.UndefinedReturnValue()),
                                       ("do_return", "retval_"), extra_test=extra_test)

    def if_body_1(retval_):
        return -1.0
    return ag__.if_stmt(ag__.not_(do_return), if_body_1, None, (retval_,), ("retval_",))


def first_row_above(rows, threshold):
    """for row in rows: if sum(row) <= threshold: pass  else: return row
    return rows[0]: the return is in the else branch, the rows of unknown length."""
    def loop_body(row, do_return, retval_):
        def else_body(do_return, retval_):
            return True, row
        return ag__.if_stmt(ag.reduce_sum(row) <= threshold, lambda d, r: (d, r), else_body,
                            (do_return, retval_), ("do_return", "retval_"))
    do_return, retval_ = ag__.for_stmt(rows, loop_body, (False, ag__.UndefinedReturnValue()),
                                       ("do_return", "retval_"),
                                       extra_test=lambda d, r: ag__.not_(d))
    return ag__.if_stmt(ag__.not_(do_return), lambda r: rows[0], None, (retval_,),
                        ("retval_",))


def smallest_root(n):
    """i = 1; while i < n: if i * i >= n: return i  (a Python number); i += 1
    return n"""
    def loop_test(do_return, i, retval_):
        return ag__.and_(ag__.not_(do_return), lambda: i < n)

    def loop_body(do_return, i, retval_):
        def if_body(do_return, i, retval_):
            return True, i, i

        def else_body(do_return, i, retval_):
            return do_return, i + 1, retval_
        return ag__.if_stmt(i * i >= n, if_body, else_body, (do_return, i, retval_),
                            ("do_return", "i", "retval_"))
    do_return, i, retval_ = ag__.while_stmt(loop_test, loop_body,
                                            (False, 1, ag__.UndefinedReturnValue()),
                                            ("do_return", "i", "retval_"))
    return ag__.if_stmt(ag__.not_(do_return), lambda r: n, None, (retval_,), ("retval_",))


@pytest.mark.parametrize("xs, expected", [([1.0, 5.0, 7.0], 5.0), ([1.0, 2.0], -1.0)])
def test_a_return_in_a_for_loop_over_a_tensor(xs, expected):
    result, _ = graph_run(first_above, np.array(xs, np.float32), np.float32(4.0))
    assert result == expected and result.dtype == np.float32


@pytest.mark.parametrize("threshold, expected", [(2.0, [3.0, 4.0]), (10.0, [1.0, 1.0])])
def test_a_return_in_the_else_branch_of_a_value_of_unknown_shape(threshold, expected):
    rows = np.array([[1.0, 1.0], [3.0, 4.0]], np.float32)
    result, _ = graph_run(first_row_above, rows, np.float32(threshold))
    np.testing.assert_array_equal(result, expected)


@pytest.mark.parametrize("n, expected", [(10, 4), (1, 1), (16, 4)])
def test_a_python_number_returned_in_a_while_loop_takes_the_dtype_int32(n, expected):
    result, _ = graph_run(smallest_root, np.int32(n))
    assert result == expected and result.dtype == np.int32


def test_a_return_value_the_body_never_sets_stays_undefined():
    def f(n):
        return ag__.while_stmt(lambda i, r: i < n, lambda i, r: (i + 1, r),
                               (0, ag__.UndefinedReturnValue()), ("i", "retval_"))
    (i, r), _ = graph_run(f, np.int32(3))
    assert i == 3 and ag__.is_undefined_return(r)


def test_a_return_in_a_loop_of_a_function_that_may_return_none_is_an_error():
    def f(n):
        return ag__.while_stmt(lambda i, r: i < n, lambda i, r: (i + 1, i),
                               (0, ag__.UndefinedReturnValue(may_return_none=True)),
                               ("i", "retval_"))
    with pytest.raises(NotImplementedError, match=re.escape(
            "A `return` inside a loop over tensors, in a function that may also end without "
            "one (returning None): a graph cannot return None for some values only. End the "
            "function with a `return` of a value of the same dtype (TensorFlow refuses such a "
            "`return` too).") + "$"):
        graph_run(f, np.int32(3))


def test_outside_a_loop_a_return_in_one_branch_only_is_still_an_error():
    def f(x):
        undefined = ag__.UndefinedReturnValue(may_return_none=True)
        return ag__.if_stmt(x > 0, lambda r: x, None, (undefined,), ("retval_",))
    with pytest.raises(ValueError, match="returns a value in the if branch only"):
        graph_run(f, np.float32(1.0))


class _Thing:
    pass


def test_a_return_in_a_loop_of_a_python_object_is_refused_naming_the_return_value():
    def f(n):
        i = 0
        while i < n:
            i += 1
            return _Thing()
        return _Thing()
    with pytest.raises(ValueError, match=re.escape(
            "the return value is first set inside a loop over tensors, which gives it a _Thing; "
            "a variable first assigned in such a loop must be tensors of one dtype (or Python "
            "numbers, or a tuple, list or dict of them) in every iteration. Otherwise assign it "
            "before the loop.") + "$"):
        ag.function(f)(ag.constant(3))


def test_a_variable_first_set_to_a_string_in_a_tensor_loop_is_refused_naming_it():
    def f(n):
        i = 0
        while i < n:
            y = "s"
            i += 1
        return y  # noqa: F821
    with pytest.raises(ValueError, match=re.escape(
            "'y' is first set inside a loop over tensors, which gives it a str; a variable first "
            "assigned in such a loop must be tensors")):
        ag.function(f)(ag.constant(3))


@pytest.mark.parametrize("n", [0, 3])
def test_a_python_number_the_loop_replaces_by_a_tensor_takes_its_dtype(n):
    def f(x, n):
        s = 0
        i = 0
        while i < n:
            s = x  # a float32 tensor: `s` starts the loop as float32 zero
            i += 1
        return s
    result = ag.function(f)(ag.constant(2.5), ag.constant(n))
    assert result.dtype == ag.float32 and result.numpy() == f(2.5, n)
