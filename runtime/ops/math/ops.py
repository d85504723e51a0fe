"""Math functions of the public API: `add`, `multiply`, `equal`, `sqrt`, ... (also `ag.math.*`).

Each function runs one registered op, as its TensorFlow namesake does; `truediv` casts integers
to floats first and `logical_xor` composes three ops, as in TensorFlow. Reductions, scans and
softmax live in `reduction_ops`, matrix products in `linalg_ops`, functions of one tensor in
`unary_ops`; this module re-exports them.
The Python operators of `Tensor` (`runtime.ops.operators`) are installed when the `runtime.ops`
package loads.

Python values take the dtype of the tensor they meet (`add(t, 1)`), and dtypes are never
promoted: `add(int32_tensor, float32_tensor)` is an InvalidArgumentError (a TypeError while a
graph is built). Use `ag.cast`. A Python value that cannot take the tensor's dtype (1.5 with an
int32 tensor) is a TypeError, except in `add` and `t + 1.5`, where it keeps its own dtype and
the op refuses the pair, as in TensorFlow 2.21 (tests/ops/dtype_error_cases.py records it).

In a graph, `name` names the op a function creates; by default it is TensorFlow's: the op
type (`AddV2`, `Sum`), or the function's name where TensorFlow's function chooses one
(`truediv`, `floordiv`, `clip_by_value`). Functions that create several ops (`truediv` with
integers, `logical_xor`) create them inside `name_scope(name)` and give the last op the scope's
name, as TensorFlow does.
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.core import dtypes
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.eager.fallback import map_composite
from autograph.runtime.graph.graph import building_graph
from autograph.runtime.graph.tensor import EagerTensor, Tensor
from autograph.runtime.graph.type_spec import CompositeTensor
from autograph.runtime.ops.complex import defs as complex_defs  # noqa: F401
from autograph.runtime.ops.graph.ops import name_scope
from autograph.runtime.ops.linalg import ops as linalg_ops  # noqa: F401
from autograph.runtime.ops.linalg.ops import *  # noqa: F403
from autograph.runtime.ops.linalg.ops import convert_pair
from autograph.runtime.ops.math import defs as math_defs  # noqa: F401
from autograph.runtime.ops.math import unary as unary_ops  # noqa: F401
from autograph.runtime.ops.math.unary import *  # noqa: F403
from autograph.runtime.ops.op_args import hinted, tensor_like
from autograph.runtime.ops.reduction import ops as reduction_ops  # noqa: F401
from autograph.runtime.ops.reduction.ops import *  # noqa: F403

__all__ = [
    "add", "subtract", "multiply", "divide", "truediv", "floordiv", "floormod", "mod", "pow",
    "maximum", "minimum",
    "equal", "not_equal", "less", "less_equal", "greater", "greater_equal",
    "logical_and", "logical_or", "logical_not", "logical_xor",
    "bitwise_and", "bitwise_or", "bitwise_xor", "invert",
    "clip_by_value", "add_n",
] + unary_ops.__all__ + reduction_ops.__all__ + linalg_ops.__all__
# (complex_ops' functions are ag.math's and ag.complex's too)

_add = op_handle("AddV2")
_sub = op_handle("Sub")
_mul = op_handle("Mul")
_real_div = op_handle("RealDiv")
_floor_div = op_handle("FloorDiv")
_floor_mod = op_handle("FloorMod")
_pow = op_handle("Pow")
_maximum = op_handle("Maximum")
_minimum = op_handle("Minimum")
_equal = op_handle("Equal")
_not_equal = op_handle("NotEqual")
_less = op_handle("Less")
_less_equal = op_handle("LessEqual")
_greater = op_handle("Greater")
_greater_equal = op_handle("GreaterEqual")
_logical_and = op_handle("LogicalAnd")
_logical_or = op_handle("LogicalOr")
_logical_not = op_handle("LogicalNot")
_bitwise_and = op_handle("BitwiseAnd")
_bitwise_or = op_handle("BitwiseOr")
_bitwise_xor = op_handle("BitwiseXor")
_invert = op_handle("Invert")
_clip = op_handle("ClipByValue")
_add_n = op_handle("AddN")
_cast = op_handle("Cast")


# Arithmetic ------------------------------------------------------------------------------------
def add(x: Any, y: Any, name: str | None = None) -> Tensor:
    """Returns `x + y` elementwise, with broadcasting.

    A Python value takes the other operand's dtype where it can, else keeps its own, so
    `add(int32_tensor, 1.5)` is the op's dtype mismatch (InvalidArgumentError eagerly), as
    TensorFlow's `tf.add` converts `y` with `x`'s dtype as a hint only.

    >>> add([1, 2], 10).numpy()
    array([11, 12], dtype=int32)
    """
    if type(x) is not EagerTensor or type(y) is not EagerTensor:  # (two: nothing to convert)
        if tensor_like(x):
            if not tensor_like(y):
                y = hinted(y, x.dtype)
        elif tensor_like(y):
            x = hinted(x, y.dtype)
    return _add.run((x, y), None, name)


def subtract(x: Any, y: Any, name: str | None = None) -> Tensor:
    """Returns `x - y` elementwise, with broadcasting.

    >>> subtract([5, 7], 2).numpy()
    array([3, 5], dtype=int32)
    """
    return _sub.run((x, y), None, name)


def multiply(x: Any, y: Any, name: str | None = None) -> Tensor:
    """Returns `x * y` elementwise, with broadcasting.

    >>> multiply([1.5, 2.0], [2.0, 3.0]).numpy()
    array([3., 6.], dtype=float32)
    """
    return _mul.run((x, y), None, name)


# TensorFlow's true division of integers: small ones become float32, the others float64.
_TRUEDIV_FLOAT = {
    dtypes.int8: dtypes.float32, dtypes.uint8: dtypes.float32, dtypes.int16: dtypes.float32,
    dtypes.uint16: dtypes.float32, dtypes.int32: dtypes.float64, dtypes.uint32: dtypes.float64,
    dtypes.int64: dtypes.float64, dtypes.uint64: dtypes.float64,
}


def truediv(x: Any, y: Any, name: str | None = None) -> Tensor:
    """Returns `x / y` elementwise, as floats: integers are cast to a float type first.

    int8, int16, uint8 and uint16 become float32; int32, int64, uint32 and uint64 become
    float64, as in TensorFlow.

    Raises:
        TypeError: `x` and `y` have different dtypes.

    >>> truediv([1, 3], 2).numpy()
    array([0.5, 1.5])
    """
    if isinstance(x, CompositeTensor) or isinstance(y, CompositeTensor):  # ragged: values
        return map_composite(truediv, x, y, name=name)
    if building_graph() is None:  # eagerly, ops have no names: no scope to enter
        return _truediv(x, y, None)
    with name_scope(name, "truediv", [x, y]) as scope:
        return _truediv(x, y, scope)


def _truediv(x: Any, y: Any, name: str | None) -> Tensor:
    x, y = convert_pair(x, y)
    if x.dtype is not y.dtype:
        raise TypeError(f"truediv: x and y must have the same dtype, got {x.dtype.name} and "
                        f"{y.dtype.name}. Convert one with ag.cast.")
    target = _TRUEDIV_FLOAT.get(x.dtype)
    if target is not None:
        x = _cast.run([x], {"DstT": target})
        y = _cast.run([y], {"DstT": target})
    return _real_div.run((x, y), None, name)


def divide(x: Any, y: Any, name: str | None = None) -> Tensor:
    """Returns `x / y` elementwise; the same as `truediv` (its ops are named `truediv` too).

    >>> divide([3.0, 1.0], [2.0, 4.0]).numpy()
    array([1.5 , 0.25], dtype=float32)
    """
    return truediv(x, y, name)


def floordiv(x: Any, y: Any, name: str | None = None) -> Tensor:
    """Returns `floor(x / y)` elementwise, keeping the dtype.

    Raises:
        InvalidArgumentError: integer division by zero.

    >>> floordiv([7, -7], 2).numpy()
    array([ 3, -4], dtype=int32)
    """
    return _floor_div.run((x, y), None, "floordiv" if name is None else name)


def floormod(x: Any, y: Any, name: str | None = None) -> Tensor:
    """Returns the remainder of `floordiv(x, y)` elementwise: it has the sign of `y`.

    Raises:
        InvalidArgumentError: integer division by zero.

    >>> floormod([7, -7], 3).numpy()
    array([1, 2], dtype=int32)
    """
    return _floor_mod.run((x, y), None, name)


mod = floormod


def pow(x: Any, y: Any, name: str | None = None) -> Tensor:  # noqa: A001  (TensorFlow's name)
    """Returns `x ** y` elementwise.

    Raises:
        InvalidArgumentError: an integer raised to a negative integer power.

    >>> pow([2, 3], 2).numpy()
    array([4, 9], dtype=int32)
    """
    return _pow.run((x, y), None, name)


def maximum(x: Any, y: Any, name: str | None = None) -> Tensor:
    """Returns the larger of `x` and `y` elementwise (NaN if either is NaN).

    >>> maximum([1, 5], 3).numpy()
    array([3, 5], dtype=int32)
    """
    return _maximum.run((x, y), None, name)


def minimum(x: Any, y: Any, name: str | None = None) -> Tensor:
    """Returns the smaller of `x` and `y` elementwise (NaN if either is NaN).

    >>> minimum([1, 5], 3).numpy()
    array([1, 3], dtype=int32)
    """
    return _minimum.run((x, y), None, name)


# Comparisons -----------------------------------------------------------------------------------
def equal(x: Any, y: Any, name: str | None = None) -> Tensor:
    """Returns `x == y` elementwise, as bools; numbers, bools and strings.

    >>> equal([1, 2], 2).numpy()
    array([False,  True])
    """
    return _equal.run((x, y), None, name)


def not_equal(x: Any, y: Any, name: str | None = None) -> Tensor:
    """Returns `x != y` elementwise, as bools; numbers, bools and strings.

    >>> not_equal(["a", "b"], "a").numpy()
    array([False,  True])
    """
    return _not_equal.run((x, y), None, name)


def less(x: Any, y: Any, name: str | None = None) -> Tensor:
    """Returns `x < y` elementwise, as bools.

    >>> less([1, 2, 3], 2).numpy()
    array([ True, False, False])
    """
    return _less.run((x, y), None, name)


def less_equal(x: Any, y: Any, name: str | None = None) -> Tensor:
    """Returns `x <= y` elementwise, as bools.

    >>> less_equal([1, 2, 3], 2).numpy()
    array([ True,  True, False])
    """
    return _less_equal.run((x, y), None, name)


def greater(x: Any, y: Any, name: str | None = None) -> Tensor:
    """Returns `x > y` elementwise, as bools.

    >>> greater([1, 2, 3], 2).numpy()
    array([False, False,  True])
    """
    return _greater.run((x, y), None, name)


def greater_equal(x: Any, y: Any, name: str | None = None) -> Tensor:
    """Returns `x >= y` elementwise, as bools.

    >>> greater_equal([1, 2, 3], 2).numpy()
    array([False,  True,  True])
    """
    return _greater_equal.run((x, y), None, name)


# Logic and bits --------------------------------------------------------------------------------
def logical_and(x: Any, y: Any, name: str | None = None) -> Tensor:
    """Returns `x AND y` elementwise, for bools.

    >>> logical_and([True, True], [True, False]).numpy()
    array([ True, False])
    """
    return _logical_and.run((x, y), None, name)


def logical_or(x: Any, y: Any, name: str | None = None) -> Tensor:
    """Returns `x OR y` elementwise, for bools.

    >>> logical_or([False, False], [True, False]).numpy()
    array([ True, False])
    """
    return _logical_or.run((x, y), None, name)


def logical_not(x: Any, name: str | None = None) -> Tensor:
    """Returns `NOT x` elementwise, for bools.

    >>> logical_not([True, False]).numpy()
    array([False,  True])
    """
    return _logical_not.run((x,), None, name)


def logical_xor(x: Any, y: Any, name: str = "LogicalXor") -> Tensor:
    """Returns `x XOR y` elementwise, for bools: `(x OR y) AND NOT (x AND y)`, as TensorFlow.

    In a graph the four ops go in `name_scope(name)`; the last one takes the scope's name.

    >>> logical_xor([True, True, False], [True, False, False]).numpy()
    array([False,  True, False])
    """
    if building_graph() is None:  # eagerly, ops have no names: no scope to enter
        return _logical_xor(x, y, None)
    with name_scope(name, "LogicalXor", [x, y]) as scope:
        return _logical_xor(x, y, scope)


def _logical_xor(x: Any, y: Any, name: str | None) -> Tensor:
    either = _logical_or.run((x, y))
    return _logical_and.run((either, _logical_not.run((_logical_and.run((x, y)),))), None, name)


def bitwise_and(x: Any, y: Any, name: str | None = None) -> Tensor:
    """Returns `x & y` elementwise, bit by bit, for integers (`tf.bitwise.bitwise_and`).

    >>> bitwise_and([12, 10], 6).numpy()
    array([4, 2], dtype=int32)
    """
    return _bitwise_and.run((x, y), None, name)


def bitwise_or(x: Any, y: Any, name: str | None = None) -> Tensor:
    """Returns `x | y` elementwise, bit by bit, for integers (`tf.bitwise.bitwise_or`).

    >>> bitwise_or([12, 10], 1).numpy()
    array([13, 11], dtype=int32)
    """
    return _bitwise_or.run((x, y), None, name)


def bitwise_xor(x: Any, y: Any, name: str | None = None) -> Tensor:
    """Returns `x ^ y` elementwise, bit by bit, for integers (`tf.bitwise.bitwise_xor`).

    >>> bitwise_xor([12, 10], 6).numpy()
    array([10, 12], dtype=int32)
    """
    return _bitwise_xor.run((x, y), None, name)


def invert(x: Any, name: str | None = None) -> Tensor:
    """Returns `~x` elementwise, every bit flipped, for integers (`tf.bitwise.invert`).

    >>> invert([0, 5]).numpy()
    array([-1, -6], dtype=int32)
    """
    return _invert.run((x,), None, name)


# Others ----------------------------------------------------------------------------------------
def clip_by_value(t: Any, clip_value_min: Any, clip_value_max: Any,
                  name: str | None = None) -> Tensor:
    """Clips `t` elementwise to `[clip_value_min, clip_value_max]`.

    Args:
        t: a tensor.
        clip_value_min: the lower bound: a scalar, or a tensor that broadcasts to `t`'s shape.
        clip_value_max: the upper bound, likewise.
        name: the op's name in a graph (default `clip_by_value`, as TensorFlow's).

    Returns:
        A tensor with `t`'s shape and dtype.

    >>> clip_by_value([-2.0, 0.5, 3.0], -1.0, 1.0).numpy()
    array([-1. ,  0.5,  1. ], dtype=float32)
    """
    return _clip.run((t, clip_value_min, clip_value_max), None,
                     "clip_by_value" if name is None else name)


def add_n(inputs: Any, name: str | None = None) -> Tensor:
    """Adds a list of tensors of one dtype and shape elementwise (no broadcasting).

    Raises:
        ValueError: `inputs` is not a non-empty list or tuple.

    >>> add_n([[1, 2], [10, 20], [100, 200]]).numpy()
    array([111, 222], dtype=int32)
    """
    if not isinstance(inputs, (list, tuple)) or not inputs:
        got = "an empty list" if isinstance(inputs, (list, tuple)) else type(inputs).__name__
        raise ValueError(f"add_n needs a non-empty list of tensors of one dtype and shape, "
                         f"got {got}.")
    return _add_n.run((list(inputs),), None, name)
