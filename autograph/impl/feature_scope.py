"""Optional features in force while a function converted with them runs.

A function converted with explicit optional features (`to_graph(f,
experimental_optional_features=...)`, `ag.function(f, experimental_autograph_options=...)`)
runs with them active, so the user functions it calls convert with the same features (as
TensorFlow passes its options to the functions a converted one calls), and, with
`Feature.NAME_SCOPES`, inside a name scope named after it (TensorFlow's `FunctionScope`).
Functions converted by default need neither, and are not wrapped.
"""

from __future__ import annotations

import contextvars
import functools
from typing import Any, Callable

from autograph.pyct.features import Feature
from autograph.pyct.transformer import ConversionOptions
from autograph.runtime.ops.graph.ops import name_scope

_DEFAULT = ConversionOptions()
_active: contextvars.ContextVar[ConversionOptions | None] = contextvars.ContextVar(
    "autograph_conversion_options", default=None)


def active_options() -> ConversionOptions:
    """The options of the converted function running now (the default outside any)."""
    return _active.get() or _DEFAULT


def wrap(fn: Callable, options: ConversionOptions) -> Callable:
    """`fn`, run with `options` active (and in a name scope with `Feature.NAME_SCOPES`)."""
    scope = _scope_name(fn.__name__) if options.uses(Feature.NAME_SCOPES) else None

    @functools.wraps(fn)
    def run(*args: Any, **kwargs: Any) -> Any:
        token = _active.set(options)
        try:
            if scope is None:
                return fn(*args, **kwargs)
            with name_scope(scope):
                return fn(*args, **kwargs)
        finally:
            _active.reset(token)
    return run


def _scope_name(name: str) -> str:
    """TensorFlow's: a scope name may not start with `_` (nor be a lambda's `<lambda>`)."""
    name = "lambda_" if name == "<lambda>" else name
    return "fn" + name if name.startswith("_") else name
