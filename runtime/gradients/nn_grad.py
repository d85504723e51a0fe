"""Gradients of the neural-network ops: convolution, pooling, softmax cross-entropies, BiasAdd.

Each op's gradient is built from the ops of the same family, whose gradients are registered here
too, so second and higher derivatives work: Conv2D's gradients are its two backprops, and each
backprop's gradient is the other backprop and Conv2D (they are the transposes of one another);
MaxPoolGrad and MaxPoolGradGrad are each other's transposes, as are AvgPool and AvgPoolGrad,
and BiasAdd and BiasAddGrad.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.gradients.grad_util import reduce_to, static_dims
from autograph.runtime.gradients.registry import RegisterGradient
from autograph.runtime.graph.tensor import EagerTensor
from autograph.runtime.ops.creation.ops import constant
from autograph.runtime.ops.math.composed import log_softmax

_conv2d, _conv2d_input, _conv2d_filter = (op_handle(n) for n in (
    "Conv2D", "Conv2DBackpropInput", "Conv2DBackpropFilter"))
_max_pool_grad, _max_pool_grad_grad = op_handle("MaxPoolGrad"), op_handle("MaxPoolGradGrad")
_avg_pool, _avg_pool_grad = op_handle("AvgPool"), op_handle("AvgPoolGrad")
_bias_add, _bias_add_grad = op_handle("BiasAdd"), op_handle("BiasAddGrad")
_add, _sub, _mul, _neg = (op_handle(n) for n in ("AddV2", "Sub", "Mul", "Neg"))
_sum, _softmax, _expand_dims = op_handle("Sum"), op_handle("Softmax"), op_handle("ExpandDims")
_shape, _zeros_like = op_handle("Shape"), op_handle("ZerosLike")

_CONV_ATTRS = ("strides", "padding", "explicit_paddings", "data_format", "dilations")
_POOL_ATTRS = ("ksize", "strides", "padding", "data_format")


def _attrs(op: Any, names: tuple[str, ...]) -> dict[str, Any]:
    return {name: op.get_attr(name) for name in names}


def _shape_of(t: Any) -> Any:
    """`t`'s shape as an int32 vector: a constant when it is known now, else a Shape op."""
    known = static_dims(t)
    if known is not None:
        return constant(np.array(known, np.int32))
    return _shape.run([t], {"out_type": dtypes.int32})


# Convolution ---------------------------------------------------------------------------------
@RegisterGradient("Conv2D")
def _conv2d_grad(op: Any, grad: Any) -> list:
    x, w = op.inputs
    attrs = _attrs(op, _CONV_ATTRS)
    return [_conv2d_input.run([_shape_of(x), w, grad], attrs),
            _conv2d_filter.run([x, _shape_of(w), grad], attrs)]


@RegisterGradient("Conv2DBackpropInput")
def _conv2d_backprop_input_grad(op: Any, grad: Any) -> list:
    _, w, dy = op.inputs
    attrs = _attrs(op, _CONV_ATTRS)
    return [None, _conv2d_filter.run([grad, _shape_of(w), dy], attrs),
            _conv2d.run([grad, w], attrs)]


@RegisterGradient("Conv2DBackpropFilter")
def _conv2d_backprop_filter_grad(op: Any, grad: Any) -> list:
    x, _, dy = op.inputs
    attrs = _attrs(op, _CONV_ATTRS)
    return [_conv2d_input.run([_shape_of(x), grad, dy], attrs), None,
            _conv2d.run([x, grad], attrs)]


# Pooling -------------------------------------------------------------------------------------
@RegisterGradient("MaxPool")
def _max_pool_grad_fn(op: Any, grad: Any) -> list:
    return [_max_pool_grad.run([op.inputs[0], op.outputs[0], grad], _attrs(op, _POOL_ATTRS))]


@RegisterGradient("MaxPoolGrad")
def _max_pool_grad_grad_fn(op: Any, grad: Any) -> list:
    x, y, _ = op.inputs
    return [_zeros_like.run([x]), _zeros_like.run([y]),
            _max_pool_grad_grad.run([x, y, grad], _attrs(op, _POOL_ATTRS))]


@RegisterGradient("MaxPoolGradGrad")
def _max_pool_grad_grad_grad_fn(op: Any, grad: Any) -> list:
    x, y, _ = op.inputs
    return [_zeros_like.run([x]), _zeros_like.run([y]),
            _max_pool_grad.run([x, y, grad], _attrs(op, _POOL_ATTRS))]


@RegisterGradient("AvgPool")
def _avg_pool_grad_fn(op: Any, grad: Any) -> list:
    return [_avg_pool_grad.run([_shape_of(op.inputs[0]), grad], _attrs(op, _POOL_ATTRS))]


@RegisterGradient("AvgPoolGrad")
def _avg_pool_grad_grad_fn(op: Any, grad: Any) -> list:
    return [None, _avg_pool.run([grad], _attrs(op, _POOL_ATTRS))]


# Losses and bias -----------------------------------------------------------------------------
def _is_zeros(t: Any) -> bool:
    """Whether `t` is known to be all zeros: the filler of an output no gradient reached."""
    if isinstance(t, EagerTensor):
        return not np.any(t.numpy())
    op = getattr(t, "op", None)
    if op is None:
        return False
    if op.type == "ZerosLike":
        return True
    value = op.inputs[1] if op.type == "Fill" else t  # zeros_like of a known shape: a Fill
    return value.op.type == "Const" and not np.any(value.op.attrs["value"])


def _logits_grad(op: Any, grad_loss: Any, grad_backprop: Any) -> Any:
    """The gradient of a softmax cross-entropy's logits: `grad_loss * backprop`, plus what
    reaches `backprop` (softmax(logits) - labels) through the softmax's Jacobian."""
    per_row = _expand_dims.run([grad_loss, np.int32(-1)])
    grad = _mul.run([per_row, op.outputs[1]])
    if grad_backprop is None or _is_zeros(grad_backprop):
        return grad
    softmax = _softmax.run([op.inputs[0]], {"axis": -1})
    inner = _sum.run([_mul.run([grad_backprop, softmax]), np.array([-1], np.int32)],
                     {"keep_dims": True})
    return _add.run([grad, _mul.run([_sub.run([grad_backprop, inner]), softmax])])


@RegisterGradient("SoftmaxCrossEntropyWithLogits")
def _softmax_cross_entropy_grad(op: Any, grad_loss: Any, grad_backprop: Any) -> list:
    logits, labels = op.inputs
    per_row = _expand_dims.run([grad_loss, np.int32(-1)])
    labels_grad = _mul.run([per_row, _neg.run([log_softmax(logits)])])
    if grad_backprop is not None and not _is_zeros(grad_backprop):
        # backprop is softmax(logits) - labels (TensorFlow leaves this term out)
        labels_grad = _sub.run([labels_grad, grad_backprop])
    return [reduce_to(_logits_grad(op, grad_loss, grad_backprop), logits),
            reduce_to(labels_grad, labels)]


@RegisterGradient("SparseSoftmaxCrossEntropyWithLogits")
def _sparse_softmax_cross_entropy_grad(op: Any, grad_loss: Any, grad_backprop: Any) -> list:
    return [_logits_grad(op, grad_loss, grad_backprop), None]


@RegisterGradient("BiasAdd")
def _bias_add_grad_fn(op: Any, grad: Any) -> list:
    return [grad, _bias_add_grad.run([grad], {"data_format": op.get_attr("data_format")})]


@RegisterGradient("BiasAddGrad")
def _bias_add_grad_grad_fn(op: Any, grad: Any) -> list:
    out_backprop = op.inputs[0]
    return [_bias_add.run([_zeros_like.run([out_backprop]), grad],
                          {"data_format": op.get_attr("data_format")})]
