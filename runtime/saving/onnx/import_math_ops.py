"""Importers of ONNX's elementwise math, comparisons, casts and reductions: one function per
ONNX op type, building our ops."""

from __future__ import annotations

from typing import Any

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.graph.constant_value import constant_value
from autograph.runtime.ops.array import ops as array_ops
from autograph.runtime.ops.array.gathering import where
from autograph.runtime.ops.control_flow.ops import cond
from autograph.runtime.ops.creation import ops as creation_ops
from autograph.runtime.ops.math import ops as math_ops
from autograph.runtime.saving.onnx.import_table import imports, static, unsupported
from autograph.runtime.saving.onnx.onnx_module import our_dtype

_BINARY = {
    "Add": math_ops.add, "Sub": math_ops.subtract, "Mul": math_ops.multiply,
    "Pow": math_ops.pow, "Equal": math_ops.equal, "Less": math_ops.less,
    "LessOrEqual": math_ops.less_equal, "Greater": math_ops.greater,
    "GreaterOrEqual": math_ops.greater_equal, "And": math_ops.logical_and,
    "Or": math_ops.logical_or, "Xor": math_ops.logical_xor,
    "BitwiseAnd": math_ops.bitwise_and, "BitwiseOr": math_ops.bitwise_or,
    "BitwiseXor": math_ops.bitwise_xor,
}
_UNARY = {
    "Abs": math_ops.abs, "Neg": math_ops.negative, "Exp": math_ops.exp, "Log": math_ops.log,
    "Sqrt": math_ops.sqrt, "Tanh": math_ops.tanh, "Sigmoid": math_ops.sigmoid,
    "Relu": math_ops.relu, "Sin": math_ops.sin, "Cos": math_ops.cos,
    "Floor": math_ops.floor, "Ceil": math_ops.ceil, "Round": math_ops.round,
    "Sign": math_ops.sign, "IsNaN": math_ops.is_nan, "Not": math_ops.logical_not,
    "BitwiseNot": math_ops.invert, "Identity": array_ops.identity,
}
_VARIADIC = {"Max": math_ops.maximum, "Min": math_ops.minimum, "Sum": math_ops.add}


@imports(*_BINARY)
def _binary(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    return _BINARY[node.op_type](inputs[0], inputs[1])


@imports(*_UNARY)
def _unary(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    return _UNARY[node.op_type](inputs[0])


@imports(*_VARIADIC)
def _variadic(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    result = inputs[0]
    for other in inputs[1:]:
        result = _VARIADIC[node.op_type](result, other)
    return result


@imports("Mean")
def _mean(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    total = _variadic(scope, _Sum, inputs, attrs)
    return math_ops.divide(total, creation_ops.constant(len(inputs), total.dtype))


class _Sum:
    op_type = "Sum"


@imports("Div")
def _div(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    x, y = inputs
    if x.dtype.is_floating:
        return math_ops.divide(x, y)
    # ONNX divides integers truncating toward zero: sign(x * y) * (|x| // |y|)
    quotient = math_ops.floordiv(math_ops.abs(x), math_ops.abs(y))
    return math_ops.multiply(math_ops.sign(math_ops.multiply(x, y)), quotient)


@imports("Mod")
def _mod(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    x, y = inputs
    if not attrs.get("fmod", 0):
        return math_ops.floormod(x, y)  # the divisor's sign, as Python's %
    remainder = math_ops.floormod(math_ops.abs(x), math_ops.abs(y))  # C's fmod: x's sign
    return math_ops.multiply(math_ops.sign(x), remainder)


@imports("Reciprocal")
def _reciprocal(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    return math_ops.divide(creation_ops.constant(1, inputs[0].dtype), inputs[0])


@imports("IsInf")
def _is_inf(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    x = inputs[0]
    inf = math_ops.logical_not(math_ops.logical_or(math_ops.is_finite(x), math_ops.is_nan(x)))
    positive = math_ops.greater(x, creation_ops.constant(0, x.dtype))
    if not attrs.get("detect_positive", 1):
        inf = math_ops.logical_and(inf, math_ops.logical_not(positive))
    if not attrs.get("detect_negative", 1):
        inf = math_ops.logical_and(inf, positive)
    return inf


@imports("Where")
def _where(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    return where(inputs[0], inputs[1], inputs[2])


@imports("Cast")
def _cast(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    return creation_ops.cast(inputs[0], our_dtype(attrs["to"]))


@imports("Clip")
def _clip(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    x = inputs[0]
    low = inputs[1] if len(inputs) > 1 else attrs.get("min")
    high = inputs[2] if len(inputs) > 2 else attrs.get("max")
    if low is not None:
        x = math_ops.maximum(x, creation_ops.cast(low, x.dtype))
    if high is not None:
        x = math_ops.minimum(x, creation_ops.cast(high, x.dtype))
    return x


# Activations other frameworks write as one op.
@imports("LeakyRelu")
def _leaky_relu(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    x = inputs[0]
    alpha = creation_ops.constant(attrs.get("alpha", 0.01), x.dtype)
    return where(math_ops.greater_equal(x, creation_ops.constant(0, x.dtype)), x,
                 math_ops.multiply(x, alpha))


@imports("Elu")
def _elu(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    x = inputs[0]
    alpha = creation_ops.constant(attrs.get("alpha", 1.0), x.dtype)
    negative = math_ops.multiply(alpha, math_ops.subtract(math_ops.exp(x),
                                                          creation_ops.constant(1, x.dtype)))
    return where(math_ops.greater(x, creation_ops.constant(0, x.dtype)), x, negative)


@imports("Softplus")
def _softplus(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    x = inputs[0]  # log(1 + exp(x)) = max(x, 0) + log1p(exp(-|x|)), without overflow
    return math_ops.add(math_ops.relu(x), math_ops.log1p(math_ops.exp(math_ops.negative(
        math_ops.abs(x)))))


@imports("HardSigmoid")
def _hard_sigmoid(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    x = inputs[0]
    value = math_ops.add(math_ops.multiply(x, creation_ops.constant(attrs.get("alpha", 0.2),
                                                                    x.dtype)),
                         creation_ops.constant(attrs.get("beta", 0.5), x.dtype))
    return math_ops.clip_by_value(value, creation_ops.constant(0, x.dtype),
                                  creation_ops.constant(1, x.dtype))


def reduction_axes(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    """The axes of an ONNX reduction (None: all of them), from the attribute or (ReduceSum
    from opset 13, the others from 18) the second input; a tensor when that input is computed
    at run time (where an empty one means all axes, unless noop_with_empty_axes)."""
    noop = attrs.get("noop_with_empty_axes", 0)
    if len(inputs) > 1 and inputs[1] is not None:
        found = constant_value(inputs[1])
        if found is None:
            return _run_time_axes(node, inputs[0], inputs[1], noop)
        axes: Any = [int(a) for a in np.reshape(found, -1)]
    else:
        axes = attrs.get("axes")
    if not axes:
        return [] if noop else None
    return list(axes)


def _run_time_axes(node: Any, x: Any, axes: Any, noop: int) -> Any:
    axes = array_ops.reshape(creation_ops.cast(axes, dtypes.int64), [-1])
    if noop:  # our reductions over no axes reduce nothing, as this asks
        return axes
    if x.shape.rank is None:
        raise unsupported(node, "axes computed at run time over an input of unknown rank")
    every = creation_ops.constant(np.arange(x.shape.rank, dtype=np.int64))
    return cond(math_ops.equal(array_ops.size(axes), creation_ops.constant(0)),
                lambda: every, lambda: axes)


_REDUCE = {"ReduceSum": math_ops.reduce_sum, "ReduceMean": math_ops.reduce_mean,
           "ReduceMax": math_ops.reduce_max, "ReduceMin": math_ops.reduce_min,
           "ReduceProd": math_ops.reduce_prod}


@imports(*_REDUCE)
def _reduce(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    axes = reduction_axes(scope, node, inputs, attrs)
    if isinstance(axes, list) and not axes:
        return array_ops.identity(inputs[0])
    x = inputs[0]
    if x.dtype is dtypes.bool_:  # opset 20 reduces bools with ReduceMax/ReduceMin
        fn = math_ops.reduce_any if node.op_type == "ReduceMax" else math_ops.reduce_all
        return fn(x, axes, keepdims=bool(attrs.get("keepdims", 1)))
    return _REDUCE[node.op_type](x, axes, keepdims=bool(attrs.get("keepdims", 1)))


@imports("ArgMax", "ArgMin")
def _arg(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    if attrs.get("select_last_index", 0):
        raise unsupported(node, "select_last_index=1")
    fn = math_ops.argmax if node.op_type == "ArgMax" else math_ops.argmin
    axis = attrs.get("axis", 0)
    result = fn(inputs[0], axis, output_type=dtypes.int64)
    return array_ops.expand_dims(result, axis) if attrs.get("keepdims", 1) else result


@imports("CumSum")
def _cumsum(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    axis = int(static(inputs[1], node, "axis").reshape(()))
    return math_ops.cumsum(inputs[0], axis, exclusive=bool(attrs.get("exclusive", 0)),
                           reverse=bool(attrs.get("reverse", 0)))


@imports("Einsum")
def _einsum(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    return math_ops.einsum(attrs["equation"], *inputs)


@imports("MatMul")
def _matmul(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    a, b = inputs  # as NumPy's matmul: a 1-D operand is a row (a) or a column (b)
    if a.shape.rank == 1 and b.shape.rank == 1:
        return math_ops.reduce_sum(math_ops.multiply(a, b))
    if a.shape.rank == 1:
        return array_ops.squeeze(math_ops.matmul(array_ops.expand_dims(a, 0), b), [-2])
    if b.shape.rank == 1:
        return array_ops.squeeze(math_ops.matmul(a, array_ops.expand_dims(b, -1)), [-1])
    return math_ops.matmul(a, b)


@imports("Gemm")
def _gemm(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    a, b = inputs[0], inputs[1]
    result = math_ops.matmul(a, b, transpose_a=bool(attrs.get("transA", 0)),
                             transpose_b=bool(attrs.get("transB", 0)))
    alpha, beta = attrs.get("alpha", 1.0), attrs.get("beta", 1.0)
    if alpha != 1.0:
        result = math_ops.multiply(result, creation_ops.constant(alpha, result.dtype))
    if len(inputs) > 2 and inputs[2] is not None:
        c = inputs[2]
        if beta != 1.0:
            c = math_ops.multiply(c, creation_ops.constant(beta, c.dtype))
        result = math_ops.add(result, c)
    return result


@imports("Softmax", "LogSoftmax")
def _softmax(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    x = inputs[0]
    if scope.opset >= 13:
        axis = attrs.get("axis", -1)
        return _softmax_along(x, axis, node.op_type)
    # Before opset 13: over all axes from `axis` on, as one (the input seen as 2-D)
    axis = attrs.get("axis", 1)
    rank = x.shape.rank
    if rank is None:
        raise unsupported(node, "an input of unknown rank (before opset 13)")
    axis = axis % rank if rank else 0
    shape = array_ops.shape(x, out_type=dtypes.int64)
    flat = array_ops.reshape(x, creation_ops.constant(
        np.asarray([-1, int(np.prod(x.shape.as_list()[axis:]))], np.int64))
        if None not in x.shape.as_list()[axis:] else _flat_shape(x, axis))
    return array_ops.reshape(_softmax_along(flat, -1, node.op_type), shape)


def _flat_shape(x: Any, axis: int) -> Any:
    shape = array_ops.shape(x, out_type=dtypes.int64)
    inner = math_ops.reduce_prod(shape[axis:], keepdims=True)
    return array_ops.concat([creation_ops.constant(np.asarray([-1], np.int64)), inner], 0)


def _softmax_along(x: Any, axis: int, op_type: str) -> Any:
    if op_type == "Softmax":
        return math_ops.softmax(x, axis)
    shifted = math_ops.subtract(x, math_ops.reduce_max(x, axis, keepdims=True))
    total = math_ops.reduce_sum(math_ops.exp(shifted), axis, keepdims=True)
    return math_ops.subtract(shifted, math_ops.log(total))
