"""Math functions of the public API: `add`, `negative`, ... (also reachable as `ag.math.*`)."""

from __future__ import annotations

from typing import Any

from runtime.dispatch import op_handle
from runtime.ops import math_defs  # noqa: F401  (declares the ops)

__all__ = ["add", "negative"]

_add = op_handle("AddV2")
_neg = op_handle("Neg")


def add(x: Any, y: Any, name: str | None = None) -> Any:
    """Returns `x + y` elementwise, with broadcasting.

    >>> add([1, 2], 10).numpy()
    array([11, 12], dtype=int32)
    """
    return _add.run((x, y))


def negative(x: Any, name: str | None = None) -> Any:
    """Returns `-x` elementwise."""
    return _neg.run((x,))
