"""`converted_function(fn)`: `fn` as the installed AutoGraph hook converts it, for the library
functions that take user functions and convert them as TensorFlow's do (`map_fn`,
`Dataset.map`, `Strategy.run`)."""

from __future__ import annotations

import inspect
from typing import Callable

from autograph.runtime.function.function import _hook

__all__ = ["converted_function"]


def converted_function(fn: Callable) -> Callable:
    """`fn` converted by AutoGraph (the installed hook), or `fn` itself where it cannot be or
    nothing converts."""
    convert = _hook[0]
    if convert is None or not inspect.isfunction(inspect.unwrap(fn)):
        return fn
    try:
        return convert(fn)
    except Exception:  # noqa: BLE001  (not convertible, e.g. no source: run as it is)
        return fn
