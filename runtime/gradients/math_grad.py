"""Gradients of the elementwise math ops, matrix products, reductions, softmax and casts.

Each function takes the op and its output gradients and returns its input gradients, built
with the same ops as any other computation (so they run eagerly, in graphs, and under an
outer tape for higher derivatives). Broadcast inputs get their gradient summed back to their
shape (`grad_util.reduce_to`); complex inputs get the conjugate rules TensorFlow uses.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.gradients.grad_util import (
    binary_grads,
    broadcast_like,
    conj,
    known_value,
    reduce_to,
    static_dims,
)
from autograph.runtime.gradients.registry import RegisterGradient
from autograph.runtime.ops.creation.ops import constant

_add, _sub, _mul, _div = (op_handle(n) for n in ("AddV2", "Sub", "Mul", "RealDiv"))
_neg, _sign = (op_handle(n) for n in ("Neg", "Sign"))
_log, _sin, _cos, _pow = (op_handle(n) for n in ("Log", "Sin", "Cos", "Pow"))
_select, _greater, _greater_equal, _less, _less_equal, _equal = (op_handle(n) for n in (
    "SelectV2", "Greater", "GreaterEqual", "Less", "LessEqual", "Equal"))
_logical_and, _relu_grad_op = op_handle("LogicalAnd"), op_handle("ReluGrad")
_sigmoid_grad_op, _tanh_grad_op = op_handle("SigmoidGrad"), op_handle("TanhGrad")
_zeros_like, _ones_like, _cast = (op_handle(n) for n in ("ZerosLike", "OnesLike", "Cast"))
_sum, _cumsum = op_handle("Sum"), op_handle("Cumsum")
_mat_mul, _batch_mat_mul = op_handle("MatMul"), op_handle("BatchMatMulV2")
_reshape, _shape, _size, _expand_dims = (op_handle(n) for n in ("Reshape", "Shape", "Size",
                                                                "ExpandDims"))


def _scalar(value: float, like: Any) -> Any:
    """A Python scalar as a constant of `like`'s dtype (for the ops' type attrs)."""
    return constant(np.array(value, like.dtype.np_dtype))


def _where(condition: Any, x: Any, y: Any) -> Any:
    return _select.run([condition, x, y])


# Binary arithmetic ------------------------------------------------------------------------------
@RegisterGradient("AddV2")
def _add_grad(op: Any, grad: Any) -> list:
    return binary_grads(op, grad, grad)


@RegisterGradient("Sub")
def _sub_grad(op: Any, grad: Any) -> list:
    return binary_grads(op, grad, _neg.run([grad]))


@RegisterGradient("Mul")
def _mul_grad(op: Any, grad: Any) -> list:
    x, y = op.inputs
    return binary_grads(op, _mul.run([grad, conj(y)]), _mul.run([conj(x), grad]))


@RegisterGradient("RealDiv")
def _real_div_grad(op: Any, grad: Any) -> list:
    x, y = (conj(t) for t in op.inputs)
    gx = _div.run([grad, y])
    gy = _mul.run([grad, _div.run([_div.run([_neg.run([x]), y]), y])])
    return binary_grads(op, gx, gy)


@RegisterGradient("FloorMod")
def _floor_mod_grad(op: Any, grad: Any) -> list:
    x, y = op.inputs
    quotient = op_handle("FloorDiv").run([x, y])
    return binary_grads(op, grad, _mul.run([grad, _neg.run([quotient])]))


@RegisterGradient("Pow")
def _pow_grad(op: Any, grad: Any) -> list:
    x, y = op.inputs
    z = op.outputs[0]
    one = _ones_like.run([y])
    gx = _mul.run([grad, conj(_mul.run([y, _pow.run([x, _sub.run([y, one])])]))])
    zero = _zeros_like.run([x])
    positive = _greater.run([x, zero]) if not x.dtype.is_complex else None
    # log of 1, not of x, where a real x is not positive: 0, and no NaN in a second derivative
    log_x = _log.run([x if positive is None else _where(positive, x, _ones_like.run([x]))])
    gy = _mul.run([grad, _mul.run([conj(z), conj(log_x)])])
    return binary_grads(op, gx, gy)


def _min_max_grad(op: Any, grad: Any, pick_x: Any) -> list:
    x, y = op.inputs
    mask = pick_x.run([x, y])
    zeros = _zeros_like.run([grad])
    return binary_grads(op, _where(mask, grad, zeros), _where(mask, zeros, grad))


@RegisterGradient("Maximum")
def _maximum_grad(op: Any, grad: Any) -> list:
    return _min_max_grad(op, grad, _greater_equal)


@RegisterGradient("Minimum")
def _minimum_grad(op: Any, grad: Any) -> list:
    return _min_max_grad(op, grad, _less_equal)


@RegisterGradient("ClipByValue")
def _clip_by_value_grad(op: Any, grad: Any) -> list:
    t, low, high = op.inputs
    zeros = _zeros_like.run([grad])
    below = _less.run([t, low])
    above = _greater.run([t, high])
    inside = _logical_and.run([op_handle("LogicalNot").run([below]),
                               op_handle("LogicalNot").run([above])])
    return [_where(inside, grad, zeros), reduce_to(_where(below, grad, zeros), low),
            reduce_to(_where(above, grad, zeros), high)]


@RegisterGradient("AddN")
def _add_n_grad(op: Any, grad: Any) -> list:
    return [grad] * len(op.inputs)


# Unary ---------------------------------------------------------------------------------------
@RegisterGradient("Neg")
def _neg_grad(op: Any, grad: Any) -> list:
    return [_neg.run([grad])]


@RegisterGradient("Abs")
def _abs_grad(op: Any, grad: Any) -> list:
    return [_mul.run([grad, _sign.run([op.inputs[0]])])]


@RegisterGradient("Sign")
def _sign_grad(op: Any, grad: Any) -> list:
    return [_zeros_like.run([op.inputs[0]])]


@RegisterGradient("Square")
def _square_grad(op: Any, grad: Any) -> list:
    x = op.inputs[0]
    return [_mul.run([grad, _mul.run([_scalar(2.0, x), conj(x)])])]


@RegisterGradient("Sqrt")
def _sqrt_grad(op: Any, grad: Any) -> list:
    y = op.outputs[0]
    return [_div.run([_mul.run([grad, _scalar(0.5, y)]), conj(y)])]


@RegisterGradient("Rsqrt")
def _rsqrt_grad(op: Any, grad: Any) -> list:
    y = conj(op.outputs[0])
    cube = _mul.run([_mul.run([y, y]), y])
    return [_mul.run([grad, _mul.run([_scalar(-0.5, y), cube])])]


@RegisterGradient("Exp")
def _exp_grad(op: Any, grad: Any) -> list:
    return [_mul.run([grad, conj(op.outputs[0])])]


@RegisterGradient("Log")
def _log_grad(op: Any, grad: Any) -> list:
    return [_div.run([grad, conj(op.inputs[0])])]


@RegisterGradient("Log1p")
def _log1p_grad(op: Any, grad: Any) -> list:
    x = conj(op.inputs[0])
    return [_div.run([grad, _add.run([_ones_like.run([x]), x])])]


@RegisterGradient("Sin")
def _sin_grad(op: Any, grad: Any) -> list:
    return [_mul.run([grad, conj(_cos.run([op.inputs[0]]))])]


@RegisterGradient("Cos")
def _cos_grad(op: Any, grad: Any) -> list:
    return [_mul.run([grad, _neg.run([conj(_sin.run([op.inputs[0]]))])])]


@RegisterGradient("Tanh")
def _tanh_grad(op: Any, grad: Any) -> list:
    return [_tanh_grad_op.run([conj(op.outputs[0]), grad])]


@RegisterGradient("Sigmoid")
def _sigmoid_grad(op: Any, grad: Any) -> list:
    return [_sigmoid_grad_op.run([conj(op.outputs[0]), grad])]


@RegisterGradient("TanhGrad")
def _tanh_grad_grad(op: Any, grad: Any) -> list:
    """TensorFlow's: with respect to y, grad * -2 * dy * y; to dy, TanhGrad(y, grad)."""
    y, dy = conj(op.inputs[0]), conj(op.inputs[1])
    minus_two = np.array(-2, y.dtype.np_dtype)
    return [_mul.run([_mul.run([_mul.run([grad, minus_two]), dy]), y]),
            _tanh_grad_op.run([y, grad])]


@RegisterGradient("SigmoidGrad")
def _sigmoid_grad_grad(op: Any, grad: Any) -> list:
    """TensorFlow's: with respect to y, grad * dy - 2 * (grad * dy) * y; to dy,
    SigmoidGrad(y, grad)."""
    y, dy = conj(op.inputs[0]), conj(op.inputs[1])
    scaled = _mul.run([grad, dy])
    two = np.array(2, y.dtype.np_dtype)
    return [_sub.run([scaled, _mul.run([_mul.run([two, scaled]), y])]),
            _sigmoid_grad_op.run([y, grad])]


@RegisterGradient("Relu")
def _relu_grad(op: Any, grad: Any) -> list:
    return [_relu_grad_op.run([grad, op.outputs[0]])]


@RegisterGradient("ReluGrad")
def _relu_grad_grad(op: Any, grad: Any) -> list:
    return [_relu_grad_op.run([grad, op.inputs[1]]), _zeros_like.run([op.inputs[1]])]


@RegisterGradient("Cast")
def _cast_grad(op: Any, grad: Any) -> list:
    source = op.inputs[0].dtype
    if not (source.is_floating or source.is_complex) or not (
            grad.dtype.is_floating or grad.dtype.is_complex):
        return [None]
    if source.is_floating and grad.dtype.is_complex:
        grad = op_handle("Real").run([grad], {"Tout": source})
    return [_cast.run([grad], {"DstT": source})]


@RegisterGradient("Identity")
def _identity_grad(op: Any, grad: Any) -> list:
    return [grad]


@RegisterGradient("CheckNumerics")
def _check_numerics_grad(op: Any, grad: Any) -> list:
    message = ("Not a number (NaN) or infinity (Inf) values detected in gradient. "
               + op.get_attr("message"))
    return [op_handle("CheckNumerics").run([grad], {"message": message})]


# Matrix products -----------------------------------------------------------------------------
@RegisterGradient("MatMul")
def _mat_mul_grad(op: Any, grad: Any) -> list:
    a, b = (conj(t) for t in op.inputs)
    ta, tb = op.get_attr("transpose_a"), op.get_attr("transpose_b")

    def mm(x: Any, y: Any, tx: bool, ty: bool) -> Any:
        return _mat_mul.run([x, y], {"transpose_a": tx, "transpose_b": ty})
    if not ta and not tb:
        return [mm(grad, b, False, True), mm(a, grad, True, False)]
    if not ta and tb:
        return [mm(grad, b, False, False), mm(grad, a, True, False)]
    if ta and not tb:
        return [mm(b, grad, False, True), mm(a, grad, False, False)]
    return [mm(b, grad, True, True), mm(grad, a, True, True)]


@RegisterGradient("BatchMatMulV2")
def _batch_mat_mul_grad(op: Any, grad: Any) -> list:
    x, y = op.inputs
    ax, ay = op.get_attr("adj_x"), op.get_attr("adj_y")

    def mm(p: Any, q: Any, adj_p: bool, adj_q: bool) -> Any:
        return _batch_mat_mul.run([p, q], {"adj_x": adj_p, "adj_y": adj_q})
    if not ax and not ay:
        gx, gy = mm(grad, y, False, True), mm(x, grad, True, False)
    elif not ax and ay:
        gx, gy = mm(grad, y, False, False), mm(grad, x, True, False)
    elif ax and not ay:
        gx, gy = mm(y, grad, False, True), mm(x, grad, False, False)
    else:
        gx, gy = mm(y, grad, True, True), mm(grad, x, True, True)
    return [reduce_to(gx, x), reduce_to(gy, y)]


# Reductions ----------------------------------------------------------------------------------
def _unreduced(op: Any, grad: Any) -> Any:
    """`grad` of a reduction's output, broadcast back to the input's shape."""
    x, axes = op.inputs[0], op.inputs[1]
    if not op.get_attr("keep_dims"):
        value, rank = known_value(axes), x.shape.rank
        if value is None or rank is None:
            grad = _reshape.run([grad, _kept_dims(x, axes)])
        else:
            for axis in sorted({int(a) % rank if rank else 0 for a in np.reshape(value, -1)}):
                grad = _expand_dims.run([grad, np.int32(axis)])
    return broadcast_like(grad, x)


def _kept_dims(x: Any, axes: Any) -> Any:
    """`x`'s shape with the reduced `axes` as 1s, computed when the graph runs (TensorFlow's
    `reduced_shape`): for axes or a rank known only then."""
    shape = _shape.run([x], {"out_type": dtypes.int32})
    rank = _size.run([shape], {"out_type": dtypes.int32})
    positions = op_handle("Range").run([np.int32(0), rank, np.int32(1)])
    wrapped = op_handle("FloorMod").run([_reshape.run([axes, np.array([-1], np.int32)]), rank])
    reduced = op_handle("Any").run([
        _equal.run([_expand_dims.run([positions, np.int32(1)]),
                    _expand_dims.run([wrapped, np.int32(0)])]), np.int32(1)])
    return _select.run([reduced, _ones_like.run([shape]), shape])


@RegisterGradient("Sum")
def _sum_grad(op: Any, grad: Any) -> list:
    return [_unreduced(op, grad), None]


@RegisterGradient("Mean")
def _mean_grad(op: Any, grad: Any) -> list:
    x, y = op.inputs[0], op.outputs[0]
    xs, ys = static_dims(x), static_dims(y)
    if xs is not None and ys is not None:
        count = _scalar(max(math.prod(xs), 1) / max(math.prod(ys), 1), grad)
    else:
        sizes = [_cast.run([_size.run([t], {"out_type": dtypes.int32})], {"DstT": grad.dtype})
                 for t in (x, y)]
        count = op_handle("Maximum").run([_div.run(sizes), _scalar(1.0, grad)])
    return [_div.run([_unreduced(op, grad), count]), None]


def _extremum_grad(op: Any, grad: Any) -> list:
    x = op.inputs[0]
    y = _unreduced(op, op.outputs[0])
    selected = _cast.run([_equal.run([x, y])], {"DstT": grad.dtype})
    count = _unreduced(op, _sum.run([selected, op.inputs[1]],
                                    {"keep_dims": op.get_attr("keep_dims")}))
    return [_div.run([_mul.run([_unreduced(op, grad), selected]), count]), None]


RegisterGradient("Max")(_extremum_grad)
RegisterGradient("Min")(_extremum_grad)


@RegisterGradient("Cumsum")
def _cumsum_grad(op: Any, grad: Any) -> list:
    attrs = {"exclusive": op.get_attr("exclusive"), "reverse": not op.get_attr("reverse")}
    return [_cumsum.run([grad, op.inputs[1]], attrs), None]


@RegisterGradient("Softmax")
def _softmax_grad(op: Any, grad: Any) -> list:
    y = op.outputs[0]
    axis = np.array([op.get_attr("axis")], np.int32)
    inner = _sum.run([_mul.run([grad, y]), axis], {"keep_dims": True})
    return [_mul.run([_sub.run([grad, inner]), y])]
