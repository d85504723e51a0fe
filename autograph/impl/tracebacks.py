"""The runtime's functions, as the facade exports them: their errors show the user's frames.

`filter_exports(namespace)` replaces each function of `runtime` in a facade module's namespace
(`ag.add`, `ag.math.add`, `ag.placeholder`, ...) by the same function behind
`runtime.core.traceback_utils.filter_traceback`, as TensorFlow wraps every public op. Calls from
inside the package use the functions themselves and pay nothing; one function gets one wrapper,
so `ag.math.add is ag.add` still holds.
"""

from __future__ import annotations

import inspect
from typing import Any, Callable

from autograph.runtime.core.traceback_utils import filter_traceback

_wrapped: dict[Callable, Callable] = {}


def filter_exports(namespace: dict[str, Any]) -> None:
    """Wraps, in place, the public functions of `runtime` found in `namespace`, and those the
    namespace's module defines itself (functions composed of runtime ops, as `ag.nn.gelu`)."""
    own = namespace.get("__name__")
    for name, value in list(namespace.items()):
        if name.startswith("_") or not inspect.isfunction(value):
            continue
        module = value.__module__ or ""
        if not (module.startswith("autograph.runtime.") or module == own):
            continue
        wrapper = _wrapped.get(value)
        if wrapper is None:
            wrapper = _wrapped[value] = filter_traceback(value)
        namespace[name] = wrapper
