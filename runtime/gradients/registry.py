"""The gradient registry: one gradient function per op type, or a mark that it has none.

A gradient function takes the op (an `Operation`, or the record of an eager op: both have
`type`, `inputs`, `outputs` and `get_attr`) and one gradient per output (None where no gradient
reached that output), and returns one gradient per input (None where there is none). It builds
the gradient with the ordinary op functions, so the same definition runs eagerly under a tape
and adds ops to a graph under `ag.gradients` or a tape inside a function.

>>> @RegisterGradient("MySquare")
... def _my_square_grad(op, grad):
...     return [grad * 2.0 * op.inputs[0]]
>>> gradient_function("MySquare") is _my_square_grad
True
"""

from __future__ import annotations

import importlib
import sys
from typing import Any, Callable

GradientFunction = Callable[..., Any]

_GRADIENTS: dict[str, GradientFunction | None] = {}  # op type -> function; None: no gradient

# The modules registering the ops' own gradients. They load when the registry is first used
# (a gradient looked up, or one registered), not when the package loads: most programs that
# import autograph never take a gradient.
TABLES = ("array_grad", "complex_grad", "control_flow_grad", "indexing_grad", "linalg_grad",
          "list_grad", "math_grad", "nn_grad", "non_differentiable", "product_grad",
          "random_grad", "scatter_grad", "script_grad", "state_grad", "while_grad")
_tables_loaded = False


def _load_tables() -> None:
    global _tables_loaded
    if not _tables_loaded:
        _tables_loaded = True  # first: the tables register through _register
        for table in TABLES:
            importlib.import_module(f"autograph.runtime.gradients.{table}")


class RegisterGradient:
    """Decorator registering the gradient function of op type `op_type` (once per type)."""

    def __init__(self, op_type: str):
        if not isinstance(op_type, str) or not op_type:
            raise TypeError(f"RegisterGradient takes an op type name, got {op_type!r}.")
        self._op_type = op_type

    def __call__(self, fn: GradientFunction) -> GradientFunction:
        if not callable(fn):
            raise TypeError(f"RegisterGradient({self._op_type!r}) decorates a function, got "
                            f"{fn!r}.")
        _register(self._op_type, fn)
        return fn


def no_gradient(op_type: str) -> None:
    """Marks `op_type` as not differentiable: gradients stop at it (its inputs get None)."""
    if not isinstance(op_type, str) or not op_type:
        raise TypeError(f"no_gradient takes an op type name, got {op_type!r}.")
    _register(op_type, None, sys._getframe(1).f_globals.get("__name__", ""))


def _register(op_type: str, fn: GradientFunction | None, module: str | None = None) -> None:
    """Registers `fn` for `op_type`; `module` registers it (default: the function's own). A
    registration from outside the tables loads them first, so that one for an op with a
    gradient of its own fails at once; a table's own may not (it may be being imported)."""
    module = getattr(fn, "__module__", "") if module is None else module
    if not module.startswith(__package__ + "."):
        _load_tables()
    if op_type in _GRADIENTS:
        raise KeyError(f"A gradient for op type {op_type!r} is registered already.")
    _GRADIENTS[op_type] = fn


def gradient_function(op_type: str) -> GradientFunction | None:
    """The gradient function of `op_type`; None when it is marked not differentiable.

    Raises:
        LookupError: nothing is registered for `op_type`.
    """
    _load_tables()
    try:
        return _GRADIENTS[op_type]
    except KeyError:
        raise LookupError(
            f"No gradient defined for op type {op_type!r}. Register one with "
            f"@ag.RegisterGradient({op_type!r}), or mark it with "
            f"ag.no_gradient({op_type!r}) if it is not differentiable.") from None


def has_gradient(op_type: str) -> bool:
    """Whether `op_type` has a gradient function registered."""
    _load_tables()
    return _GRADIENTS.get(op_type) is not None


def registered_gradients() -> dict[str, bool]:
    """Every op type the registry knows: True where it has a gradient function, False where
    it is marked not differentiable."""
    _load_tables()
    return {op_type: fn is not None for op_type, fn in sorted(_GRADIENTS.items())}
