"""A `raise` in a branch of a tensor `if` raises when the graph runs, if that branch runs.

TensorFlow 2.21 raises such an exception while tracing, whatever the tensor's value (for
`raises_when_big` below: `ValueError: big` for every x). Plain Python raises it only when the
branch runs, which is what these tests expect: the program has one clear Python meaning.
"""

import inspect
import sys

import numpy.testing as npt
import pytest

import autograph as ag


@ag.function
def raises_when_big(x):
    if x > 2:
        raise ValueError("big")
    return x + 1


def test_a_raise_in_a_branch_not_taken_does_not_raise():
    npt.assert_equal(raises_when_big(ag.constant(1)).numpy(), 2)


def test_a_raise_in_the_branch_taken_raises_the_programs_exception():
    with pytest.raises(ValueError) as caught:
        raises_when_big(ag.constant(3))
    assert caught.value.args == ("big",)


@pytest.mark.skipif(sys.version_info < (3, 11), reason="exception notes are Python 3.11+")
def test_the_exception_raised_when_the_graph_runs_names_the_raise_line():
    with pytest.raises(ValueError) as caught:
        raises_when_big(ag.constant(3))
    source, first = inspect.getsourcelines(raises_when_big.python_function)
    line = first + next(i for i, text in enumerate(source) if text.strip().startswith("raise "))
    assert any(f"test_raise_in_tensor_branch.py:{line} (raise ValueError(\"big\"))" in note
               for note in caught.value.__notes__)


def test_each_run_raises_with_a_traceback_of_its_own():
    for _ in range(2):
        with pytest.raises(ValueError) as caught:
            raises_when_big(ag.constant(5))
    assert len([f for f in caught.traceback if "plan" in str(f.path)]) <= 1


@ag.function
def raises_in_else(x):
    if x > 0:
        y = x * 2
    else:
        raise KeyError("not positive")
    return y


def test_a_raise_in_the_else_branch_raises_only_when_it_runs():
    npt.assert_equal(raises_in_else(ag.constant(4)).numpy(), 8)
    with pytest.raises(KeyError, match="not positive"):
        raises_in_else(ag.constant(-1))


@ag.function
def raises_in_both(x):
    if x > 0:
        raise ValueError("positive")
    else:
        raise TypeError("not positive")
    return x


def test_when_both_branches_raise_the_taken_ones_exception_is_raised():
    with pytest.raises(ValueError, match="positive"):
        raises_in_both(ag.constant(1))
    with pytest.raises(TypeError, match="not positive"):
        raises_in_both(ag.constant(0))


@ag.function
def raises_in_nested_if(x, y):
    total = x
    if x > 0:
        if y > 0:
            raise ValueError("both positive")
        total = total + y
    return total


def test_a_raise_in_a_nested_tensor_if_raises_only_when_both_conditions_hold():
    npt.assert_equal(raises_in_nested_if(ag.constant(1), ag.constant(-2)).numpy(), -1)
    npt.assert_equal(raises_in_nested_if(ag.constant(-1), ag.constant(2)).numpy(), -1)
    with pytest.raises(ValueError, match="both positive"):
        raises_in_nested_if(ag.constant(1), ag.constant(2))


@ag.function
def prints_after_the_if(x):
    if x > 2:
        raise ValueError("big")
    ag.print("after")
    return x


def test_nothing_after_the_raise_runs_when_it_raises(capsys):
    with pytest.raises(ValueError, match="big"):
        prints_after_the_if(ag.constant(3))
    assert capsys.readouterr().out == ""
    prints_after_the_if(ag.constant(1))
    assert capsys.readouterr().out == "after\n"


def test_an_error_of_the_trace_in_a_branch_is_raised_at_once():
    # Not a `raise` of the program's: adding a string to a number tensor fails in the trace.
    @ag.function
    def f(x):
        if x > 2:
            x = x + "a"
        return x
    with pytest.raises(TypeError, match="AddV2: input 'y' has dtype string"):
        f(ag.constant(0))


@ag.function
def raise_from_handled(x):
    y = 0
    try:
        if x > 1:
            raise ValueError("v") from None
        y = 1
    except ValueError:
        y = 2
    return y


def test_a_raise_from_under_a_tensor_if_is_handled_by_its_try():
    npt.assert_equal(raise_from_handled(ag.constant(0)).numpy(), 1)
    npt.assert_equal(raise_from_handled(ag.constant(2)).numpy(), 2)
