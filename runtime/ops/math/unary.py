"""Elementwise functions of one tensor: `negative`, `abs`, `sqrt`, `exp`, `sigmoid`, `floor`, ...

Each runs one registered op, as its TensorFlow namesake does (`abs` of a complex tensor runs
`ComplexAbs`). `math_ops` re-exports them, so they are also `ag.math.*` and top-level `ag.*`.
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.eager.fallback import map_composite
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.graph.type_spec import CompositeTensor
from autograph.runtime.ops.complex import defs as complex_defs  # noqa: F401  (the ops used)
from autograph.runtime.ops.math import defs as math_defs  # noqa: F401  (the ops used)

__all__ = [
    "negative", "abs", "sign", "square", "sqrt", "rsqrt", "exp", "log", "log1p", "sin", "cos",
    "tanh", "sigmoid", "relu", "round", "floor", "ceil", "is_nan", "is_finite",
]

_neg = op_handle("Neg")
_abs = op_handle("Abs")
_complex_abs = op_handle("ComplexAbs")
_sign = op_handle("Sign")
_square = op_handle("Square")
_sqrt = op_handle("Sqrt")
_rsqrt = op_handle("Rsqrt")
_exp = op_handle("Exp")
_log = op_handle("Log")
_log1p = op_handle("Log1p")
_sin = op_handle("Sin")
_cos = op_handle("Cos")
_tanh = op_handle("Tanh")
_sigmoid = op_handle("Sigmoid")
_relu = op_handle("Relu")
_round = op_handle("Round")
_floor = op_handle("Floor")
_ceil = op_handle("Ceil")
_is_nan = op_handle("IsNan")
_is_finite = op_handle("IsFinite")


# Unary maths -----------------------------------------------------------------------------------
def negative(x: Any, name: str | None = None) -> Tensor:
    """Returns `-x` elementwise (signed types).

    >>> negative([1, -2]).numpy()
    array([-1,  2], dtype=int32)
    """
    return _neg.run((x,), None, name)


def abs(x: Any, name: str | None = None) -> Tensor:  # noqa: A001  (TensorFlow's name)
    """Returns `|x|` elementwise (signed types); the magnitude, a float, for complex ones.

    >>> abs([-1.5, 2.0]).numpy()
    array([1.5, 2. ], dtype=float32)
    >>> abs([3 + 4j]).numpy()
    array([5.])
    """
    if not isinstance(x, Tensor):
        if isinstance(x, CompositeTensor):  # a ragged tensor: its values
            return map_composite(abs, x, name=name)
        x = convert_to_tensor(x)
    if x.dtype.is_complex:
        return _complex_abs.run((x,), {"Tout": x.dtype.real_dtype}, name)
    return _abs.run((x,), None, name)


def sign(x: Any, name: str | None = None) -> Tensor:
    """Returns -1, 0 or 1 elementwise as `x` is negative, zero or positive (signed types).

    >>> sign([-3, 0, 2]).numpy()
    array([-1,  0,  1], dtype=int32)
    """
    return _sign.run((x,), None, name)


def square(x: Any, name: str | None = None) -> Tensor:
    """Returns `x * x` elementwise (signed types).

    >>> square([-3, 2]).numpy()
    array([9, 4], dtype=int32)
    """
    return _square.run((x,), None, name)


def sqrt(x: Any, name: str | None = None) -> Tensor:
    """Returns the square root of `x` elementwise (floats; NaN below zero).

    >>> sqrt([4.0, 9.0]).numpy()
    array([2., 3.], dtype=float32)
    """
    return _sqrt.run((x,), None, name)


def rsqrt(x: Any, name: str | None = None) -> Tensor:
    """Returns `1 / sqrt(x)` elementwise (floats).

    >>> rsqrt([4.0, 16.0]).numpy()
    array([0.5 , 0.25], dtype=float32)
    """
    return _rsqrt.run((x,), None, name)


def exp(x: Any, name: str | None = None) -> Tensor:
    """Returns `e ** x` elementwise (floats).

    >>> exp([0.0]).numpy()
    array([1.], dtype=float32)
    """
    return _exp.run((x,), None, name)


def log(x: Any, name: str | None = None) -> Tensor:
    """Returns the natural logarithm of `x` elementwise (floats; -inf at 0, NaN below).

    >>> log([1.0]).numpy()
    array([0.], dtype=float32)
    """
    return _log.run((x,), None, name)


def log1p(x: Any, name: str | None = None) -> Tensor:
    """Returns `log(1 + x)` elementwise, accurate for small `x` (floats).

    >>> log1p([0.0]).numpy()
    array([0.], dtype=float32)
    """
    return _log1p.run((x,), None, name)


def sin(x: Any, name: str | None = None) -> Tensor:
    """Returns `sin(x)` elementwise (floats, in radians).

    >>> sin([0.0]).numpy()
    array([0.], dtype=float32)
    """
    return _sin.run((x,), None, name)


def cos(x: Any, name: str | None = None) -> Tensor:
    """Returns `cos(x)` elementwise (floats, in radians).

    >>> cos([0.0]).numpy()
    array([1.], dtype=float32)
    """
    return _cos.run((x,), None, name)


def tanh(x: Any, name: str | None = None) -> Tensor:
    """Returns `tanh(x)` elementwise (floats).

    >>> tanh([0.0]).numpy()
    array([0.], dtype=float32)
    """
    return _tanh.run((x,), None, name)


def sigmoid(x: Any, name: str | None = None) -> Tensor:
    """Returns `1 / (1 + exp(-x))` elementwise (floats), without overflow for large `|x|`.

    >>> sigmoid([0.0]).numpy()
    array([0.5], dtype=float32)
    """
    return _sigmoid.run((x,), None, name)


def relu(features: Any, name: str | None = None) -> Tensor:
    """Returns `max(features, 0)` elementwise (`tf.nn.relu`).

    >>> relu([-1.0, 2.0]).numpy()
    array([0., 2.], dtype=float32)
    """
    return _relu.run((features,), None, name)


def round(x: Any, name: str | None = None) -> Tensor:  # noqa: A001  (TensorFlow's name)
    """Rounds `x` to the nearest integer elementwise; halves go to the even neighbour.

    >>> round([0.5, 1.5, 2.5, -0.5]).numpy()
    array([ 0.,  2.,  2., -0.], dtype=float32)
    """
    return _round.run((x,), None, name)


def floor(x: Any, name: str | None = None) -> Tensor:
    """Returns the largest integer not greater than `x`, elementwise (floats).

    >>> floor([1.5, -1.5]).numpy()
    array([ 1., -2.], dtype=float32)
    """
    return _floor.run((x,), None, name)


def ceil(x: Any, name: str | None = None) -> Tensor:
    """Returns the smallest integer not less than `x`, elementwise (floats).

    >>> ceil([1.5, -1.5]).numpy()
    array([ 2., -1.], dtype=float32)
    """
    return _ceil.run((x,), None, name)


def is_nan(x: Any, name: str | None = None) -> Tensor:
    """Returns which elements of `x` are NaN (floats).

    >>> is_nan([1.0, float("nan")]).numpy()
    array([False,  True])
    """
    return _is_nan.run((x,), None, name)


def is_finite(x: Any, name: str | None = None) -> Tensor:
    """Returns which elements of `x` are neither infinite nor NaN (floats).

    >>> is_finite([1.0, float("inf"), float("nan")]).numpy()
    array([ True, False, False])
    """
    return _is_finite.run((x,), None, name)
