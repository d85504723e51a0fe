"""Python objects that ops of a graph refer to by a token (a string attr), such as the dataset
a graph's loop iterates: held while the graph that names them lives (`release`)."""

from __future__ import annotations

import itertools
from typing import Any

from runtime.core.errors import NotFoundError

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


def release(token: str) -> None:
    _held.pop(token, None)
