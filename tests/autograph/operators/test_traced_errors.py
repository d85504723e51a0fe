"""`traced_errors`: what a handler of converted code may take, and what it must refuse."""

import pytest

import autograph as ag
from autograph.operators import traced_errors
from autograph.pyct.errors import StagingError
from autograph.runtime.graph.operation import SymbolicValueError


def _raised(error, cause=None, context=None):
    """`error` as Python leaves it after raising it (from `cause`, while handling `context`)."""
    try:
        try:
            if context is not None:
                raise context
        finally:
            if cause is not None:
                raise error from cause
            raise error
    except BaseException as caught:
        return caught


def test_the_programs_own_error_is_left_to_the_handler():
    assert traced_errors.reraise_traced(_raised(KeyError("k"))) is None


def test_an_error_raised_while_a_refusal_went_through_is_the_refusal():
    refusal = StagingError("refused")
    with pytest.raises(StagingError, match="^refused$"):
        traced_errors.reraise_traced(_raised(KeyError("k"), context=refusal))


def test_an_error_a_traced_branch_raised_is_refused_naming_where():
    traced = ValueError("v")
    traced_errors.mark_traced(traced, "a branch of an `if`")
    with pytest.raises(StagingError, match=(
            r"^ValueError: v\nThis exception was raised while tracing a branch of an `if` whose "
            r"condition is a tensor: the graph's branches and loop bodies are traced whatever "
            r"the tensor's value will be, so it is raised whether or not that code would run, "
            r"and a `try` in the converted function cannot handle it as plain Python would\. "
            r"Move the code that raises out of the tensor `if` or loop, or check the condition "
            r"when the graph runs \(ag\.debugging\.assert_\*\)\.$")):
        traced_errors.reraise_traced(_raised(traced))


def test_an_error_raised_from_a_traced_one_is_refused_too():
    traced = ValueError("v")
    traced_errors.mark_traced(traced, "the body of a loop")
    with pytest.raises(StagingError, match="while tracing the body of a loop"):
        traced_errors.reraise_traced(_raised(KeyError("k"), cause=traced))


def test_a_cycle_of_causes_ends_the_search():
    error = KeyError("k")
    error.__cause__ = error
    assert traced_errors.reraise_traced(error) is None


def test_a_lost_value_the_handler_reads_is_refused_naming_it():
    error = _raised(KeyError("k"))
    error._autograph_lost_state = {"x": 1, "y": 2}  # as note_lost_state marks it
    with pytest.raises(StagingError, match="after it assigned 'y'; converted bodies"):
        traced_errors.reraise_traced(error, live=("y", "z"))
    with pytest.raises(StagingError, match=(
            r"^KeyError: 'k'\nThis exception left a converted `if`, `while` or `for` body "
            r"\(code after an early `return` or `break` runs in one too\) after it assigned "
            r"'x', 'y'; converted "
            r"bodies are functions, which hand their variables back only when they end, and "
            r"'x', 'y' may have no value before the `try`, so this handler could not "
            r"take the new value back: it would see an old one, or none, where plain Python sees "
            r"the new one\. Give 'x', 'y' a value before the `try`, or catch the exception "
            r"outside this function\.$")):
        traced_errors.reraise_traced(error, live=("x", "y"))
    assert traced_errors.reraise_traced(error, live=("z",)) is None
    traced_errors.forget_lost_state(error)
    assert traced_errors.reraise_traced(error, live=("y",)) is None


def test_a_handler_takes_back_the_values_the_exception_carried_once():
    error = _raised(KeyError("k"))
    error._autograph_lost_state = {"x": 1}  # as note_lost_state marks it
    traced_errors.reraise_traced(error, live=("z",))
    assert traced_errors.recovered("x", 0, error) == 1
    assert traced_errors.recovered("x", 5, error) == 5
    assert traced_errors.recovered("y", 3, error) == 3


def test_a_finally_takes_back_a_value_from_the_exception_on_its_way_out_only():
    error = KeyError("k")
    error._autograph_lost_state = {"x": 1}
    assert traced_errors.recovered("x", 0) == 0  # nothing raised
    try:
        try:
            raise error
        finally:
            seen = traced_errors.recovered("x", 0)
    except KeyError:
        pass
    assert seen == 1


def test_a_symbolic_tensors_missing_value_is_refused_in_a_handler_only():
    error = _raised(SymbolicValueError("no value"))
    with pytest.raises(StagingError, match=(
            r"^SymbolicValueError: no value\nThis exception says a symbolic tensor has no "
            r"value while the function is traced; plain Python on values would not raise it, "
            r"so a `try` in the converted function must not take it for the program's\. Make "
            r"the code in the `try` work on "
            r"tensors, or catch the exception outside the traced function\.$")):
        traced_errors.reraise_traced(error)
    assert traced_errors.reraise_traced(error, handler=False) is None


def test_a_try_being_traced_refuses_an_error_raised_when_the_graph_runs():
    with ag.Graph().as_default():
        with traced_errors.handling((KeyError, ValueError)):
            traced_errors.check_not_handled(TypeError("not taken"), "a branch")
            with pytest.raises(StagingError, match=(
                    r"^ValueError: v\nThis exception is raised in a branch whose condition is a "
                    r"tensor, so it is raised when the graph runs; but a `try` around it that "
                    r"handles it runs while the function is traced, and could not take it then\. "
                    r"Raise it with a `raise` under an `if` in the function that holds the `try` "
                    r"\(whose clause is then chosen when the graph runs\), or handle it outside "
                    r"the traced function\.$")):
                traced_errors.check_not_handled(ValueError("v"), "a branch")
        traced_errors.check_not_handled(ValueError("v"), "a branch")  # the try has ended


def test_a_try_run_eagerly_refuses_nothing():
    with traced_errors.handling(ValueError):
        traced_errors.check_not_handled(ValueError("v"), "a branch")


def test_an_inner_try_being_traced_keeps_the_outer_ones_types():
    with ag.Graph().as_default():
        with traced_errors.handling(ValueError):
            with traced_errors.handling(KeyError):
                with pytest.raises(StagingError, match="^ValueError: v"):
                    traced_errors.check_not_handled(ValueError("v"), "a branch")
            with pytest.raises(StagingError, match="^ValueError: v"):
                traced_errors.check_not_handled(ValueError("v"), "a branch")
