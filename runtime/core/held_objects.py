"""Python objects that ops of a graph refer to by a token (a string attr): the dataset a graph's
loop iterates, the Python function an `EagerPyFunc` op calls. Graphs hold only strings (a graph
made in another process finds nothing under its tokens); whoever holds an object for a graph
releases it when the graph dies (`weakref.finalize(graph, release, token)`)."""

from __future__ import annotations

import itertools
from typing import Any

from autograph.runtime.core.errors import NotFoundError

_held: dict[str, Any] = {}
_count = itertools.count()


def hold(obj: Any, kind: str = "object") -> str:
    """Keeps `obj` until `release(token)`; returns the token naming it."""
    token = f"{kind}{next(_count)}"
    _held[token] = obj
    return token


def held(token: str) -> Any:
    """The object held under `token`."""
    try:
        return _held[token]
    except KeyError:
        raise NotFoundError(f"Nothing is held under {token!r}: the graph naming it was made in "
                            f"another process, or has been deleted.") from None


def is_held(token: str) -> bool:
    return token in _held


def release(token: str) -> None:
    _held.pop(token, None)
