"""How variables are made: `variable_creator_scope` (TensorFlow's), and the two settings a
strategy reads when it makes one, `VariableSynchronization` and `VariableAggregation`.

`ag.Variable(...)` goes through the creators of the open scopes, innermost first: each is
called as `creator(next_creator, **kwargs)` with every argument of `Variable` by keyword, and
may change them, call `next_creator(**kwargs)` (the next scope's creator, the last one making
the variable) or return a variable of its own making. A strategy's `scope()` opens one, so
that variables made there become its distributed variables. Subclasses of `Variable` made
directly do not go through the creators.

>>> from autograph.runtime.state.variables import Variable
>>> def named(next_creator, **kwargs):
...     kwargs["name"] = "renamed"
...     return next_creator(**kwargs)
>>> with variable_creator_scope(named):
...     Variable(1.0, name="w").name
'renamed:0'
"""

from __future__ import annotations

import contextlib
import enum
import inspect
import threading
from typing import Any, Callable, Iterator

__all__ = ["VariableSynchronization", "VariableAggregation", "variable_creator_scope"]


class _ByName(enum.Enum):
    """An enum whose members may also be given by name, in any case (`"sum"`), as Keras
    passes them."""

    @classmethod
    def _missing_(cls, value: object) -> Any:
        if isinstance(value, str):
            return cls.__members__.get(value.upper())
        return None


class VariableSynchronization(_ByName):
    """When the copies of a distributed variable agree: `ON_WRITE` (every update updates
    them all: the default, `AUTO`), `ON_READ` (each replica updates its own; a read in the
    cross-replica context aggregates them, as metrics do) or `NONE` (one copy)."""

    AUTO = 0
    NONE = 1
    ON_WRITE = 2
    ON_READ = 3


class VariableAggregation(_ByName):
    """How the replicas' updates of a distributed variable combine into one: `NONE` (each
    replica's update must be the same, or the variable is not shared), `SUM`, `MEAN`, or
    `ONLY_FIRST_REPLICA` (the first replica's update, the others ignored)."""

    NONE = 0
    SUM = 1
    MEAN = 2
    ONLY_FIRST_REPLICA = 3


class _Creators(threading.local):
    def __init__(self) -> None:
        self.stack: list[Callable[..., Any]] = []


_creators = _Creators()


@contextlib.contextmanager
def variable_creator_scope(variable_creator: Callable[..., Any]) -> Iterator[None]:
    """Makes `variable_creator(next_creator, **kwargs)` make the variables created inside
    (in this thread), before any enclosing scope's creator."""
    if not callable(variable_creator):
        raise TypeError(f"variable_creator_scope takes a function "
                        f"`creator(next_creator, **kwargs)`, got {variable_creator!r}.")
    _creators.stack.append(variable_creator)
    try:
        yield
    finally:
        _creators.stack.pop()


def creators() -> list[Callable[..., Any]]:
    """The creators of this thread's open scopes, outermost first (a replica thread starts
    with its caller's)."""
    return list(_creators.stack)


def set_creators(stack: list[Callable[..., Any]]) -> None:
    """Replaces this thread's creators (a replica thread takes its caller's)."""
    _creators.stack = list(stack)


def create_through_scopes(make: Callable[..., Any], signature: inspect.Signature,
                          args: tuple, kwargs: dict) -> Any:
    """`make(**arguments)` through the open scopes' creators, innermost first, where
    `arguments` are `args` and `kwargs` bound to `signature` (defaults filled in).

    Raises:
        TypeError: the arguments do not fit the signature.
    """
    bound = signature.bind(*args, **kwargs)
    bound.apply_defaults()
    arguments = dict(bound.arguments)
    chain = make
    for creator in _creators.stack:  # the outermost wraps `make`; the innermost runs first
        chain = _next(creator, chain)
    return chain(**arguments)


def _next(creator: Callable[..., Any], next_creator: Callable[..., Any]) -> Callable[..., Any]:
    return lambda **kwargs: creator(next_creator, **kwargs)
