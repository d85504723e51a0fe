"""The return converter: `retval_`, folding into `else`, `do_return` where a flag is needed."""

import contextlib
import math
import sys

import numpy as np
import pytest

import autograph as ag
from autograph.impl import api
from autograph.pyct.errors import StagingError
from tests.autograph.converters.helpers import run_in_graph


def single_return(x):
    y = x + 1
    return y


def return_in_with(x):
    with contextlib.nullcontext():
        return x * 2


def early_return(x):
    """Keeps its docstring first."""
    if x < 0:
        return 0
    y = x * x
    return y + 1


def both_branches(x, y):
    if x > y:
        return x - y
    else:
        return y - x


def elif_chain(x):
    if x > 10:
        return "big"
    elif x > 0:
        return "small"
    elif x == 0:
        return "zero"
    return "negative"


def falls_off_the_end(x):
    if x > 0:
        return x


def bare_returns_only(xs, out):
    for x in xs:
        if x < 0:
            return
        out.append(x)


def value_or_bare_return(xs):
    total = 0
    for x in xs:
        if x is None:
            return
        total += x
    return total


def return_in_nested_loops(rows, visited):
    for row in rows:
        for x in row:
            visited.append(x)
            if x < 0:
                return x
    return 0


def return_in_while(n, calls):
    i = 0
    while calls.append(i) or i < n:
        if i * i >= n:
            return i
        i += 1
    return -1


def return_needing_a_flag(x, y):
    if x > 0:
        if y > 0:
            return x + y
        x = x - y
    return x * 2


def outer_with_nested(xs):
    def first_positive(ys):
        for y in ys:
            if y > 0:
                return y
        return None

    if not xs:
        return -1
    return first_positive(xs)


def return_in_try_else(x, log):
    if x > 0:
        try:
            return 10 // x
        except ZeroDivisionError:
            log.append("error")
        else:
            log.append("else")
    return 0


def first_above(xs, threshold):
    for x in xs:
        if x > threshold:
            return x
    return -1.0


def test_a_single_final_return_is_left_as_it_is():
    assert "retval_" not in api.to_code(single_return)


def test_a_return_outside_if_while_and_for_is_left_as_it_is():
    assert "retval_" not in api.to_code(return_in_with)
    assert api.to_graph(return_in_with)(3) == 6


def test_an_early_return_makes_the_rest_the_else_branch_without_a_flag():
    code = api.to_code(early_return)
    assert "do_return" not in code
    assert code.splitlines()[1].strip() == '"""Keeps its docstring first."""'
    assert "def else_body(retval_):" in code
    assert code.rstrip().endswith("return retval_")
    for x in (-1, 3):
        assert api.to_graph(early_return)(x) == early_return(x)


@pytest.mark.parametrize("x", [-2.0, 3.0])
def test_an_early_return_in_a_graph(x):
    np.testing.assert_allclose(run_in_graph(early_return, [(ag.float32, [])], x),
                               early_return(x))


def test_returns_in_both_branches_in_a_graph():
    specs = [(ag.float32, []), (ag.float32, [])]
    for x, y in ((3.0, 1.0), (1.0, 3.0)):
        np.testing.assert_allclose(run_in_graph(both_branches, specs, x, y),
                                   both_branches(x, y))


@pytest.mark.parametrize("x", [11, 5, 0, -3])
def test_an_elif_chain_of_returns_needs_no_flag(x):
    assert "do_return" not in api.to_code(elif_chain)
    assert api.to_graph(elif_chain)(x) == elif_chain(x)


def test_falling_off_the_end_returns_none():
    code = api.to_code(falls_off_the_end)
    assert "retval_ = ag__.UndefinedReturnValue(may_return_none=True)" in code
    assert code.rstrip().endswith("return ag__.retval(retval_)")
    assert api.to_graph(falls_off_the_end)(-1) is None
    assert api.to_graph(falls_off_the_end)(2) == 2


def test_bare_returns_need_no_return_value():
    code = api.to_code(bare_returns_only)
    assert "retval_" not in code and "do_return = True" in code
    expected, got = [], []
    assert api.to_graph(bare_returns_only)([1, 2, -1, 3], got) is None
    bare_returns_only([1, 2, -1, 3], expected)
    assert got == expected == [1, 2]


@pytest.mark.parametrize("xs", [[1, None, 2], [1, 2], []])
def test_a_bare_return_among_value_returns_returns_none(xs):
    assert "retval_ = None" in api.to_code(value_or_bare_return)
    assert api.to_graph(value_or_bare_return)(xs) == value_or_bare_return(xs)


def test_a_return_stops_every_loop_around_it():
    rows = [[1, 2], [3, -4, 5], [6]]
    expected, got = [], []
    assert api.to_graph(return_in_nested_loops)(rows, got) == return_in_nested_loops(
        rows, expected)
    assert got == expected == [1, 2, 3, -4]


def test_the_while_test_is_not_evaluated_again_after_a_return():
    expected, got = [], []
    assert api.to_graph(return_in_while)(10, got) == return_in_while(10, expected)
    assert got == expected == [0, 1, 2, 3, 4]
    assert api.to_graph(return_in_while)(0, []) == return_in_while(0, [])


@pytest.mark.parametrize("x, y", [(1, 2), (1, -2), (-1, 2)])
def test_a_return_under_an_if_that_may_not_return_is_guarded_by_a_flag(x, y):
    code = api.to_code(return_needing_a_flag)
    assert "do_return = False" in code
    assert "ag__.if_stmt(ag__.not_(do_return)" in code
    assert api.to_graph(return_needing_a_flag)(x, y) == return_needing_a_flag(x, y)


@pytest.mark.parametrize("xs", [[], [-1, 2], [-1]])
def test_nested_functions_are_lowered_each_on_its_own(xs):
    assert api.to_graph(outer_with_nested)(xs) == outer_with_nested(xs)


@pytest.mark.parametrize("x", [0, 5, -1])
def test_the_else_of_a_try_does_not_run_after_a_return_in_its_body(x):
    expected, got = [], []
    assert api.to_graph(return_in_try_else)(x, got) == return_in_try_else(x, expected)
    assert got == expected


@pytest.mark.parametrize("xs", [[1.0, 5.0, 7.0], [1.0, 2.0]])
def test_a_conditional_return_in_a_python_loop(xs):
    assert api.to_graph(first_above)(xs, 4.0) == first_above(xs, 4.0)


def test_a_conditional_return_in_a_tensor_loop():
    specs = [(ag.float32, [None]), (ag.float32, [])]
    for xs in ([1.0, 5.0, 7.0], [1.0, 2.0]):
        xs = np.array(xs, np.float32)
        np.testing.assert_allclose(run_in_graph(first_above, specs, xs, 4.0),
                                   first_above(xs, 4.0))


# A `finally` that raises after a `return` cancels it: a handler that takes the exception
# clears the flag before its first statement, wherever the `try` stands.
def cancelled_return_then_loop(n):
    try:
        try:
            return 1
        finally:
            raise ValueError
    except ValueError:
        for i in range(3):
            if i == n:
                return i * 10
    return -1


def cancelled_return_then_another_try(n):
    try:
        try:
            return 1
        finally:
            raise ValueError
    except ValueError:
        for i in range(3):
            if i == n:
                return i * 10
    try:
        n += 1
    except KeyError:
        pass
    return -1


def cancelled_return_then_a_nested_function(n):
    try:
        try:
            return 1
        finally:
            raise ValueError
    except ValueError:
        for i in range(3):
            if i == n:
                return i * 10

    def minus_one():
        return -1
    return minus_one()


def cancelled_return_in_an_else(n):
    if n < 0:
        pass
    else:
        try:
            try:
                return 1
            finally:
                raise ValueError
        except ValueError:
            for i in range(3):
                if i == n:
                    return i * 10
    return -1


@pytest.mark.parametrize("fn", [cancelled_return_then_loop, cancelled_return_then_another_try,
                                cancelled_return_then_a_nested_function,
                                cancelled_return_in_an_else])
def test_a_return_cancelled_by_its_finally_leaves_the_handler_free_to_return(fn):
    assert fn(1) == 10 and fn(5) == -1  # Python's answers
    converted = api.to_graph(fn)
    assert (converted(1), converted(5)) == (10, -1)


# A `return` in a `finally` discards what the `try` raised. What a tensor `if` raises only
# when the graph runs cannot be discarded while tracing: refused, as for the `try`'s body.
def raises_if_positive(x):
    if x > 0:
        raise ValueError("discarded")
    return x


def finally_returns_after_an_else_that_raises(x):
    y = 0
    try:
        pass
    except KeyError:
        pass
    else:
        y = raises_if_positive(x)
    finally:
        return y * 10  # noqa: B012 - discards what the else raised


def test_a_finally_return_refuses_what_its_try_else_raises_when_the_graph_runs():
    assert finally_returns_after_an_else_that_raises(1) == 0  # Python discards the error
    with pytest.raises(StagingError, match="could not take it then"):
        ag.function(finally_returns_after_an_else_that_raises)(ag.constant(1))


# An error of the trace (not a `raise` of the program) is not discarded by a `finally` that
# returns: the value would answer for code that never ran.
@ag.do_not_convert
def needs_a_python_bool(x):
    return 1 if x > 0 else 0


def finally_returns_a_method_call_after_a_trace_error(x):
    y = 0.0
    try:
        y = needs_a_python_bool(x)
    finally:
        return math.fabs(y)  # noqa: B012


def test_a_finally_return_of_a_method_call_lets_an_error_of_the_trace_go_on():
    assert finally_returns_a_method_call_after_a_trace_error(1) == 1.0
    with pytest.raises(TypeError, match="as a Python bool is not allowed"):
        ag.function(finally_returns_a_method_call_after_a_trace_error)(ag.constant(1))


@pytest.mark.skipif(sys.version_info < (3, 11), reason="except* is Python 3.11 syntax")
def test_a_return_in_a_try_star_body_skips_its_else():
    from tests.autograph.converters import except_star_cases
    fn, converted = except_star_cases.return_in_a_try_star_skips_its_else, api.to_graph(
        except_star_cases.return_in_a_try_star_skips_its_else)
    python_out, out = [], []
    assert (fn(1, python_out), python_out) == (1, [])
    assert (converted(1, out), out) == (1, [])
    assert (converted(-1, out), out) == (0, ["else ran"])


def return_in_a_with_in_a_branch(x):
    if x > 0:
        with contextlib.nullcontext():
            return 1
    return 2


def test_a_with_whose_body_returns_folds_the_rest_into_else_without_a_flag():
    code = api.to_code(return_in_a_with_in_a_branch)
    assert "do_return" not in code and "def else_body(retval_):" in code
    assert api.to_graph(return_in_a_with_in_a_branch)(1) == 1
    assert api.to_graph(return_in_a_with_in_a_branch)(-1) == 2



def return_in_a_try_body_skips_its_else(x, out):
    try:
        if x > 0:
            return 1
    except KeyError:
        pass
    else:
        out.append("else ran")


def test_a_return_in_a_try_body_skips_its_else():
    converted, python_out, out = api.to_graph(return_in_a_try_body_skips_its_else), [], []
    assert (return_in_a_try_body_skips_its_else(1, python_out), python_out) == (1, [])
    assert (converted(1, out), out) == (1, [])
    assert (converted(-1, out), out) == (None, ["else ran"])


def returns_in_a_loop_then_in_a_try_at_the_end(xs):
    for v in xs:
        if v > 2:
            return v
    try:
        if len(xs) > 1:
            return -1
    except KeyError:
        pass


def test_a_return_in_a_try_at_the_end_of_the_function_sets_no_flag():
    code = api.to_code(returns_in_a_loop_then_in_a_try_at_the_end)
    assert code.count("do_return = True") == 1  # the loop's, which stops it
    assert [api.to_graph(returns_in_a_loop_then_in_a_try_at_the_end)(xs)
            for xs in ([1, 5], [1, 2], [1])] == [5, -1, None]


def return_in_a_try_else(x):
    try:
        y = x
    except KeyError:
        y = 0
    else:
        if x > 0:
            return 1
    return y - 10


@pytest.mark.parametrize("x", [1, -1])
def test_a_return_in_a_try_else_returns(x):
    assert ag.function(return_in_a_try_else)(ag.constant(x)).numpy() == return_in_a_try_else(x)
