"""Importers of ONNX's convolution, pooling and batch normalization (2-D, NCHW: our ops run
channels-first data as it is, and a filter OIHW becomes our HWIO)."""

from __future__ import annotations

from typing import Any

import numpy as np

from autograph.runtime.ops.array import ops as array_ops
from autograph.runtime.ops.creation import ops as creation_ops
from autograph.runtime.ops.math import ops as math_ops
from autograph.runtime.ops.nn import conv
from autograph.runtime.ops.nn.ops import bias_add
from autograph.runtime.saving.onnx.import_table import imports, unsupported


def _pairs(node: Any, inputs: list, attrs: dict, kernel: list[int]) -> Any:
    """The padding of a 2-D window op: "SAME", "VALID", or `[[top, bottom], [left, right]]`."""
    auto_pad = attrs.get("auto_pad", "NOTSET")
    if auto_pad == "SAME_UPPER":
        return "SAME"
    if auto_pad == "VALID":
        return "VALID"
    if auto_pad == "SAME_LOWER":
        raise unsupported(node, "auto_pad SAME_LOWER")
    pads = list(attrs.get("pads", [0] * 2 * len(kernel)))
    return [[pads[0], pads[2]], [pads[1], pads[3]]]


def _check_2d(node: Any, x: Any) -> None:
    if x.shape.rank != 4:
        raise unsupported(node, f"an input of rank {x.shape.rank} (autograph runs the 2-D "
                                f"form, NCHW)")


@imports("Conv")
def _conv(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    x, w = inputs[0], inputs[1]
    _check_2d(node, x)
    if attrs.get("group", 1) != 1:
        raise unsupported(node, f"group={attrs['group']} (grouped convolution)")
    kernel = list(attrs.get("kernel_shape") or w.shape.as_list()[2:])
    padding = _pairs(node, inputs, attrs, kernel)
    if isinstance(padding, list):
        padding = [[0, 0], [0, 0], *padding]
    filters = array_ops.transpose(w, [2, 3, 1, 0])  # OIHW -> HWIO
    out = conv.conv2d(x, filters, list(attrs.get("strides", [1, 1])), padding,
                      data_format="NCHW", dilations=list(attrs.get("dilations", [1, 1])))
    if len(inputs) > 2 and inputs[2] is not None:
        out = bias_add(out, inputs[2], data_format="NCHW")
    return out


def _padded(x: Any, padding: Any, value: float) -> tuple[Any, str]:
    """`x` padded by `padding` with `value`, and what to pass the pool: 'VALID' after an
    explicit padding, else the padding itself."""
    if not isinstance(padding, list):
        return x, padding
    return array_ops.pad(x, [[0, 0], [0, 0], *padding], constant_values=value), "VALID"


def _check_pool(node: Any, attrs: dict) -> None:
    if attrs.get("ceil_mode", 0):
        raise unsupported(node, "ceil_mode=1")
    if any(d != 1 for d in attrs.get("dilations", [1, 1])):
        raise unsupported(node, "dilated pooling")


@imports("MaxPool")
def _max_pool(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    x = inputs[0]
    _check_2d(node, x)
    _check_pool(node, attrs)
    if len(node.output) > 1 and node.output[1]:
        raise unsupported(node, "the Indices output")
    kernel = list(attrs["kernel_shape"])
    x, padding = _padded(x, _pairs(node, inputs, attrs, kernel), float("-inf"))
    return conv.max_pool2d(x, kernel, list(attrs.get("strides", [1, 1])), padding,
                           data_format="NCHW")


@imports("AveragePool")
def _average_pool(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    x = inputs[0]
    _check_2d(node, x)
    _check_pool(node, attrs)
    kernel = list(attrs["kernel_shape"])
    strides = list(attrs.get("strides", [1, 1]))
    padding = _pairs(node, inputs, attrs, kernel)
    padded, mode = _padded(x, padding, 0.0)
    mean = conv.avg_pool2d(padded, kernel, strides, mode, data_format="NCHW")
    if padded is x or attrs.get("count_include_pad", 0):
        return mean
    # Averaging only the elements inside the input: the mean over the window divided by the
    # share of it that the input covers.
    inside, _ = _padded(creation_ops.ones_like(x), padding, 0.0)
    share = conv.avg_pool2d(inside, kernel, strides, "VALID", data_format="NCHW")
    return math_ops.divide(mean, share)


@imports("GlobalAveragePool", "GlobalMaxPool")
def _global_pool(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    x = inputs[0]
    if x.shape.rank is None:
        raise unsupported(node, "an input of unknown rank")
    axes = list(range(2, x.shape.rank))
    reduce = math_ops.reduce_mean if node.op_type == "GlobalAveragePool" else \
        math_ops.reduce_max
    return reduce(x, axes, keepdims=True)


@imports("BatchNormalization")
def _batch_norm(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    if attrs.get("training_mode", 0) or (len(node.output) > 1 and any(node.output[1:])):
        raise unsupported(node, "training mode (batch statistics)")
    x, scale, bias, mean, variance = inputs[:5]
    if x.shape.rank is None:
        raise unsupported(node, "an input of unknown rank")
    along_channels = creation_ops.constant(np.asarray([-1] + [1] * (x.shape.rank - 2),
                                                      np.int64))

    def per_channel(value: Any) -> Any:
        return array_ops.reshape(value, along_channels)
    epsilon = creation_ops.constant(attrs.get("epsilon", 1e-5), x.dtype)
    factor = math_ops.multiply(per_channel(scale),
                               math_ops.rsqrt(math_ops.add(per_channel(variance), epsilon)))
    centered = math_ops.subtract(x, per_channel(mean))
    return math_ops.add(math_ops.multiply(centered, factor), per_channel(bias))
