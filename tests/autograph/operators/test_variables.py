"""`Undefined`, `ld`, `is_undefined`, `UndefinedReturnValue`, `retval`."""

import pytest

import autograph.operators as ag__


def test_ld_returns_defined_values():
    value = object()
    assert ag__.ld(value) is value


def test_ld_of_undefined_names_the_variable():
    with pytest.raises(UnboundLocalError, match="'total' is used before it is defined"):
        ag__.ld(ag__.Undefined("total"))


def test_is_undefined():
    assert ag__.is_undefined(ag__.Undefined("x"))
    assert not ag__.is_undefined(None)
    assert not ag__.is_undefined(ag__.UndefinedReturnValue())


def test_undefined_repr_names_the_variable():
    assert repr(ag__.Undefined("x")) == "Undefined('x')"


def test_retval_is_none_until_a_return_sets_it():
    assert ag__.retval(ag__.UndefinedReturnValue()) is None
    assert ag__.retval(0) == 0
    assert ag__.is_undefined_return(ag__.UndefinedReturnValue())
