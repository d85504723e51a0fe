"""Python callables that ops call when their graph runs (`EagerPyFunc`, `PyFunc`), held by token.

An op names its callable by a string attr (the token), as `RaiseIf` names its exception
(`errors.hold_error`): graphs hold only strings, and a graph made in another process finds no
callable under its tokens. Whoever holds a callable for a graph releases it when the graph dies
(`weakref.finalize(graph, release_function, token)`).
"""

from __future__ import annotations

import itertools
from typing import Callable

from runtime.core.errors import NotFoundError

_held: dict[str, Callable] = {}
_count = itertools.count()


def hold_function(fn: Callable) -> str:
    """Keeps `fn` for an op to call; returns the token the op names it by."""
    token = f"pyfunc_{next(_count)}"
    _held[token] = fn
    return token


def held_function(token: str) -> Callable:
    """The callable held under `token`."""
    try:
        return _held[token]
    except KeyError:
        raise NotFoundError(f"No Python function is held under {token!r}: the graph that calls "
                            f"it was made in another process, or has been deleted.") from None


def is_function_held(token: str) -> bool:
    return token in _held


def release_function(token: str) -> None:
    _held.pop(token, None)
