"""`ag.math`'s inverse trigonometric functions: `atan`, `atan2`, `asin`, `acos`.

`atan` reduces its argument to [-tan(pi/8), tan(pi/8)] and evaluates Cephes' single-precision
polynomial there (relative error about 2e-8 before rounding); the others are `atan2` of the
right pair. They take float16 and float32 only: float64 would need a longer polynomial.
"""

from __future__ import annotations

import math
from typing import Any

from runtime.ops.array_ops import where
from runtime.ops.creation_ops import ones_like, zeros_like
from runtime.ops.graph_ops import name_scope
from runtime.ops.math_ops import (abs, add, divide, equal, greater, greater_equal, less,
                                  less_equal, maximum, multiply, sign, sqrt,
                                  square, subtract)
from runtime.tensor import Tensor
from runtime.tensor_conversion import convert_to_tensor

from autograph.tracebacks import filter_exports as _filter_exports

_ATAN = (8.05374449538e-2, -1.38776856032e-1, 1.99777106478e-1, -3.33329491539e-1)
_TAN_3PI_8 = 2.414213562373095
_TAN_PI_8 = 0.4142135623730950


def _float32(x: Any, function: str) -> Tensor:
    x = convert_to_tensor(x)
    if x.dtype.name not in ("float16", "float32"):
        raise TypeError(f"{function} takes a float16 or float32 tensor (it is float32-accurate), "
                        f"got {x.dtype.name}")
    return x


def _atan(x: Tensor) -> Tensor:
    a = abs(x)
    big = greater(a, _TAN_3PI_8)
    middle = greater(a, _TAN_PI_8)
    # atan(a) = pi/2 + atan(-1/a) above tan(3pi/8), pi/4 + atan((a-1)/(a+1)) above tan(pi/8).
    reduced = where(big, divide(-1.0, where(big, a, ones_like(a))),
                    where(middle, divide(subtract(a, 1.0), add(a, 1.0)), a))
    offset = where(big, _constant_like(a, math.pi / 2),
                   where(middle, _constant_like(a, math.pi / 4), zeros_like(a)))
    z = square(reduced)
    poly = multiply(z, _ATAN[0])
    for c in _ATAN[1:]:
        poly = multiply(add(poly, c), z)
    return multiply(sign(x), add(offset, add(multiply(poly, reduced), reduced)))


def _constant_like(x: Tensor, value: float) -> Tensor:
    return add(zeros_like(x), value)


def _atan2(y: Tensor, x: Tensor) -> Tensor:
    zero_x = equal(x, 0)
    angle = _atan(divide(y, where(zero_x, ones_like(x), x)))
    # x < 0: the angle is across the y axis, pi away, on y's side.
    across = where(greater_equal(y, 0), add(angle, math.pi), subtract(angle, math.pi))
    on_axis = multiply(sign(y), math.pi / 2)
    return where(zero_x, on_axis, where(less(x, 0), across, angle))


def atan(x: Any, name: str | None = None) -> Tensor:
    """The inverse tangent, in (-pi/2, pi/2).

    >>> atan([0.0, 1.0]).numpy()
    array([0.       , 0.7853982], dtype=float32)
    """
    with name_scope(name, "Atan"):
        return _atan(_float32(x, "ag.math.atan"))


def atan2(y: Any, x: Any, name: str | None = None) -> Tensor:
    """The angle of the point (x, y) from the positive x axis, in [-pi, pi].

    Differs from TensorFlow on signed zeros (`atan2(-0.0, -1.0)` is pi here, -pi there) and on
    two infinite arguments (nan here).

    >>> atan2([1.0, 1.0], [1.0, -1.0]).numpy()
    array([0.7853982, 2.3561945], dtype=float32)
    """
    with name_scope(name, "Atan2"):
        y = _float32(y, "ag.math.atan2")
        x = convert_to_tensor(x, dtype_hint=y.dtype)
        if x.dtype != y.dtype:
            raise TypeError(f"ag.math.atan2: y is {y.dtype.name} but x is {x.dtype.name}")
        return _atan2(y, x)


def _complement(x: Tensor) -> Tensor:
    """sqrt(1 - x^2), as sqrt((1 - x)(1 + x)) to keep the digits near |x| = 1; 0 outside."""
    return sqrt(maximum(multiply(subtract(1.0, x), add(1.0, x)), 0.0))


def _nan_outside_unit(x: Tensor, value: Tensor) -> Tensor:
    return where(less_equal(abs(x), 1.0), value, _constant_like(x, float("nan")))


def asin(x: Any, name: str | None = None) -> Tensor:
    """The inverse sine, in [-pi/2, pi/2]; nan outside [-1, 1].

    >>> asin([0.0, 1.0]).numpy()
    array([0.       , 1.5707964], dtype=float32)
    """
    with name_scope(name, "Asin"):
        x = _float32(x, "ag.math.asin")
        return _nan_outside_unit(x, _atan2(x, _complement(x)))


def acos(x: Any, name: str | None = None) -> Tensor:
    """The inverse cosine, in [0, pi]; nan outside [-1, 1].

    >>> acos([1.0, 0.0]).numpy()
    array([0.       , 1.5707964], dtype=float32)
    """
    with name_scope(name, "Acos"):
        x = _float32(x, "ag.math.acos")
        return _nan_outside_unit(x, _atan2(_complement(x), x))


_filter_exports(globals())  # errors show the user's frames
