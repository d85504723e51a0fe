"""`ag.math`'s special functions: erf, erfc, expm1, hyperbolic and inverse trigonometric ones.

Each is composed of the runtime's elementwise ops, in a form that keeps its digits where the
textbook formula loses them (`expm1` near 0, `erfc` in its tail, `asinh` near 0). `erf`, `erfc`
and the `atan` family use float32 polynomial or rational approximations and take float16 and
float32 only; the others take any floating dtype. `atan` reduces its argument to
[-tan(pi/8), tan(pi/8)] and evaluates Cephes' single-precision polynomial there.
"""

from __future__ import annotations

import math
from typing import Any

from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array.ops import where
from autograph.runtime.ops.creation.ops import ones_like, zeros_like
from autograph.runtime.ops.graph.ops import name_scope
from autograph.runtime.ops.math.ops import (
    abs,
    add,
    cos,
    divide,
    equal,
    exp,
    greater,
    greater_equal,
    is_finite,
    less,
    less_equal,
    log,
    log1p,
    logical_not,
    logical_or,
    maximum,
    minimum,
    multiply,
    negative,
    sign,
    sin,
    sqrt,
    square,
    subtract,
)
from autograph.runtime.ops.op_args import floating as _floating

_ATAN = (8.05374449538e-2, -1.38776856032e-1, 1.99777106478e-1, -3.33329491539e-1)
_TAN_3PI_8 = 2.414213562373095
_TAN_PI_8 = 0.4142135623730950


# erf on [-4, 4] (outside, it is +-1 in float32) as x P(x^2) / Q(x^2): Eigen's rational
# approximation, the one TensorFlow's float32 Erf kernel uses; relative error below 7e-8.
_ERF_P = (-2.72614225801306e-10, 2.77068142495902e-08, -2.10102402082508e-06,
          -5.69250639462346e-05, -7.34990630326855e-04, -2.95459980854025e-03,
          -1.60960333262415e-02)
_ERF_Q = (-1.45660718464996e-05, -2.13374055278905e-04, -1.68282697438203e-03,
          -7.37332916720468e-03, -1.42647390514189e-02)
# erfc(z) = t exp(-z^2 + R(t)) with t = 1 / (1 + z/2), for z >= 0: the Chebyshev fit of
# Numerical Recipes (erfcc), relative error below 1.2e-7 everywhere, tails included.
_ERFC_R = (0.17087277, -0.82215223, 1.48851587, -1.13520398, 0.27886807, -0.18628806,
           0.09678418, 0.37409196, 1.00002368, -1.26551223)


def _horner(coefficients: tuple[float, ...], x: Tensor) -> Tensor:
    result = multiply(x, coefficients[0])
    for c in coefficients[1:-1]:
        result = multiply(add(result, c), x)
    return add(result, coefficients[-1])


def _erf(x: Tensor) -> Tensor:
    x = minimum(maximum(x, -4.0), 4.0)
    x2 = square(x)
    return divide(multiply(x, _horner(_ERF_P, x2)), _horner(_ERF_Q, x2))


def _erfc(x: Tensor) -> Tensor:
    z = abs(x)
    t = divide(1.0, add(multiply(z, 0.5), 1.0))
    tail = multiply(t, exp(add(negative(square(z)), _horner(_ERFC_R, t))))
    return where(less(x, 0), subtract(2.0, tail), tail)


def _float32(x: Any, function: str) -> Tensor:
    x = _floating(x, function)
    if x.dtype.name == "float64":
        raise TypeError(f"{function} is float32-accurate (relative error about 1e-7) and takes "
                        f"float16 or float32 tensors, got float64; cast it to float32 if that "
                        f"precision is enough")
    return x


def erf(x: Any, name: str | None = None) -> Tensor:
    """The error function, `2/sqrt(pi) * integral of exp(-t^2) from 0 to x` (float16, float32).

    >>> erf([0.0, 1.0]).numpy()
    array([0.       , 0.8427007], dtype=float32)
    """
    with name_scope(name, "Erf"):
        return _erf(_float32(x, "ag.math.erf"))


def erfc(x: Any, name: str | None = None) -> Tensor:
    """`1 - erf(x)`, accurate in the tail where `1 - erf(x)` loses every digit (float16,
    float32).

    >>> float(erfc(5.0)) > 0.0
    True
    """
    with name_scope(name, "Erfc"):
        return _erfc(_float32(x, "ag.math.erfc"))


# Elementwise --------------------------------------------------------------------------------
def expm1(x: Any, name: str | None = None) -> Tensor:
    """`exp(x) - 1`, accurate for `x` near 0 (where `exp(x) - 1` loses every digit).

    Kahan's form: with `u = exp(x)`, `(u - 1) * x / log(u)` cancels the rounding of `u`.

    >>> float(expm1(1e-10)) > 0.0
    True
    """
    with name_scope(name, "Expm1"):
        x = _floating(x, "ag.math.expm1")
        u = exp(x)
        um1 = subtract(u, 1.0)
        safe = where(equal(um1, 0.0), ones_like(u), um1)
        ratio = divide(multiply(safe, x), log(add(safe, 1.0)))
        # u == 1: x is below the precision, the answer is x; u - 1 == -1 or inf: exp(x) - 1.
        exact = logical_or(equal(um1, -1.0), logical_not(is_finite(um1)))
        return where(equal(um1, 0.0), x, where(exact, um1, ratio))


def sinh(x: Any, name: str | None = None) -> Tensor:
    """Hyperbolic sine, `(expm1(x) - expm1(-x)) / 2` (accurate near 0).

    >>> sinh([0.0, 1.0]).numpy()
    array([0.       , 1.1752012], dtype=float32)
    """
    with name_scope(name, "Sinh"):
        x = _floating(x, "ag.math.sinh")
        return multiply(subtract(expm1(x), expm1(negative(x))), 0.5)


def cosh(x: Any, name: str | None = None) -> Tensor:
    """Hyperbolic cosine, `(exp(x) + exp(-x)) / 2`.

    >>> cosh([0.0, 1.0]).numpy()
    array([1.       , 1.5430807], dtype=float32)
    """
    with name_scope(name, "Cosh"):
        x = _floating(x, "ag.math.cosh")
        return multiply(add(exp(x), exp(negative(x))), 0.5)


def tan(x: Any, name: str | None = None) -> Tensor:
    """Tangent, `sin(x) / cos(x)`.

    >>> tan([0.0, 1.0]).numpy()
    array([0.       , 1.5574079], dtype=float32)
    """
    with name_scope(name, "Tan"):
        x = _floating(x, "ag.math.tan")
        return divide(sin(x), cos(x))


def asinh(x: Any, name: str | None = None) -> Tensor:
    """Inverse hyperbolic sine, `sign(x) * log1p(|x| + x^2 / (1 + sqrt(x^2 + 1)))` (accurate
    near 0 and for large negative x).

    >>> asinh([0.0, 1.0]).numpy()
    array([0.       , 0.8813736], dtype=float32)
    """
    with name_scope(name, "Asinh"):
        x = _floating(x, "ag.math.asinh")
        a = abs(x)
        clamped = minimum(a, 1e18)  # the other branch is taken above; this keeps x^2 finite
        small = log1p(add(clamped, divide(square(clamped), add(sqrt(add(square(clamped),
                                                                        1.0)), 1.0))))
        # x^2 overflows for |x| above about 1e19 (float32): there asinh(x) = log(2|x|).
        large = add(log(a), 0.6931471805599453)
        return multiply(sign(x), where(less(a, 1e18), small, large))


def acosh(x: Any, name: str | None = None) -> Tensor:
    """Inverse hyperbolic cosine, `log(x + sqrt(x^2 - 1))` for x >= 1 (nan below 1).

    >>> acosh([1.0, 2.0]).numpy()
    array([0.      , 1.316958], dtype=float32)
    """
    with name_scope(name, "Acosh"):
        x = _floating(x, "ag.math.acosh")
        t = subtract(minimum(x, 1e18), 1.0)  # the other branch is taken above 1e18
        # log1p(t + sqrt(t^2 + 2t)) keeps the digits near x = 1; log(2x) where x^2 overflows.
        near = log1p(add(t, sqrt(add(square(t), multiply(t, 2.0)))))
        return where(less(x, 1e18), near, add(log(x), 0.6931471805599453))


def atanh(x: Any, name: str | None = None) -> Tensor:
    """Inverse hyperbolic tangent, `0.5 * log1p(2x / (1 - x))` on (-1, 1).

    >>> atanh([0.0, 0.5]).numpy()
    array([0.        , 0.54930615], dtype=float32)
    """
    with name_scope(name, "Atanh"):
        x = _floating(x, "ag.math.atanh")
        a = abs(x)
        return multiply(sign(x), multiply(log1p(divide(multiply(a, 2.0), subtract(1.0, a))),
                                          0.5))


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
