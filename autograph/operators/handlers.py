"""`Handlers`, `raise_to` and `handled_error`: which `except` clause of a `try` takes what
a lowered `raise` raises.

The raise_statements converter turns a `raise` inside a `try` that handles it into a number,
the handler that runs (`handler_`), so that a tensor `if` or loop can carry it:

    handlers_ = ag__.Handlers((ValueError, KeyError))   # the clauses' types, in order
    handler_ = 0
    try:
        if x > limit:
            handler_ = ag__.raise_to(handlers_, ValueError('too big'))  # 1: the first
        ...
    else:
        if handler_ == 1:
            error = ag__.handled_error(handlers_, 1)
            ...                                                 # the first clause's body

An exception no clause takes is raised by `raise_to` as the `raise` statement would.

>>> handlers = Handlers((KeyError, ValueError))
>>> raise_to(handlers, ValueError("v")), handled_error(handlers, 2)
(2, ValueError('v'))
"""

from __future__ import annotations

from typing import Any

PROGRAM_RAISE = "_autograph_program_raise"  # marks what `raise_to` raises as the program's


class Handlers:
    """The exception types of a `try`'s `except` clauses, in order (None: a bare `except`)."""

    def __init__(self, types: tuple):
        self.types = tuple(BaseException if t is None else t for t in types)
        self.errors: dict[int, BaseException] = {}

    def index(self, error: Any) -> int:
        """The 1-based number of the first clause that takes `error` (an exception, or an
        exception class to instantiate, as `raise` accepts); raises it when none does."""
        if isinstance(error, type) and issubclass(error, BaseException):
            error = error()
        if not isinstance(error, BaseException):
            raise TypeError("exceptions must derive from BaseException")
        for number, kind in enumerate(self.types, 1):
            if isinstance(error, kind):
                self.errors.setdefault(number, error)
                return number
        setattr(error, PROGRAM_RAISE, True)
        raise error

    def error(self, number: int) -> BaseException:
        """The exception that clause `number` takes (the first one traced, when several
        `raise` statements reach it)."""
        return self.errors[number]


def raise_to(handlers: Handlers, error: Any, *cause: Any) -> int:
    """`raise error` (or `raise error from cause`) inside the `try` of `handlers`: the number
    of the clause that runs."""
    if cause:
        if isinstance(error, type) and issubclass(error, BaseException):
            error = error()
        if isinstance(error, BaseException):
            error.__cause__, error.__suppress_context__ = cause[0], True
    return handlers.index(error)


def handled_error(handlers: Handlers, number: int) -> BaseException:
    """The exception clause `number` of `handlers` takes (`except ... as error`)."""
    return handlers.error(number)
