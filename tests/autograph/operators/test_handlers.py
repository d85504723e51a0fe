"""`Handlers`, `raise_to` and `handled_error`: the `except` clause a lowered `raise` picks."""

import pytest

import autograph.operators as ag__
from autograph.operators.raising_branches import raised_by_program


def test_raise_to_gives_the_number_of_the_first_clause_that_takes_the_exception():
    handlers = ag__.Handlers((KeyError, LookupError, ValueError))
    assert ag__.raise_to(handlers, IndexError("i")) == 2
    assert ag__.raise_to(handlers, KeyError("k")) == 1


def test_a_bare_except_takes_any_exception():
    assert ag__.raise_to(ag__.Handlers((KeyError, None)), RuntimeError("r")) == 2


def test_an_exception_class_is_instantiated_as_raise_does():
    handlers = ag__.Handlers((ValueError,))
    assert ag__.raise_to(handlers, ValueError) == 1
    assert type(ag__.handled_error(handlers, 1)) is ValueError


def test_an_exception_no_clause_takes_is_raised_as_the_programs():
    with pytest.raises(TypeError, match="^t$") as caught:
        ag__.raise_to(ag__.Handlers((ValueError,)), TypeError("t"))
    assert raised_by_program(caught.value)


def test_raising_what_is_not_an_exception_is_pythons_type_error():
    with pytest.raises(TypeError, match="^exceptions must derive from BaseException$"):
        ag__.raise_to(ag__.Handlers((ValueError,)), 3)


def test_the_clause_gets_the_first_exception_that_reached_it():
    handlers = ag__.Handlers((ValueError,))
    first = ValueError("first")
    ag__.raise_to(handlers, first)
    ag__.raise_to(handlers, ValueError("second"))
    assert ag__.handled_error(handlers, 1) is first


def test_raise_from_sets_the_cause_as_raise_does():
    handlers = ag__.Handlers((ValueError,))
    cause = KeyError("k")
    ag__.raise_to(handlers, ValueError("v"), cause)
    error = ag__.handled_error(handlers, 1)
    assert error.__cause__ is cause and error.__suppress_context__


def test_raise_of_a_class_from_a_cause_instantiates_it_with_the_cause():
    handlers = ag__.Handlers((ValueError,))
    cause = KeyError("k")
    assert ag__.raise_to(handlers, ValueError, cause) == 1
    error = ag__.handled_error(handlers, 1)
    assert type(error) is ValueError and error.__cause__ is cause


def test_an_exception_never_raised_is_not_the_programs():
    assert not raised_by_program(ValueError("made, not raised"))
