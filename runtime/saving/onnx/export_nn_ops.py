"""Export converters of matrix products, softmax, bias, convolution and pooling.

Our images are NHWC by default and ONNX's are NCHW: a 2-D convolution or pooling of NHWC
data is a `Transpose` to NCHW, the ONNX op, and a `Transpose` back; a convolution's filter,
HWIO in ours, becomes ONNX's OIHW the same way. TensorFlow's `SAME` padding puts the odd
extra row or column after, which is ONNX's `SAME_UPPER`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from autograph.runtime.saving.onnx.export_graph import where
from autograph.runtime.saving.onnx.export_table import converts

_TO_NCHW, _TO_NHWC = [0, 3, 1, 2], [0, 2, 3, 1]


def _swap_last(g: Any, name: str, tensor: Any) -> str:
    """`name` with its last two axes swapped (our tensor `tensor` gives the rank)."""
    rank = tensor.shape.rank
    if rank is None:
        raise ValueError(f"ag.onnx.export: {where(tensor.op)} gives a tensor of unknown rank "
                         f"that a matrix product transposes.")
    perm = list(range(rank - 2)) + [rank - 1, rank - 2]
    return g.one("Transpose", [name], perm=perm)


@converts("MatMul", "BatchMatMulV2")
def _matmul(g: Any, op: Any) -> None:
    flags = ("transpose_a", "transpose_b") if op.type == "MatMul" else ("adj_x", "adj_y")
    a, b = g.input(op, 0), g.input(op, 1)
    if op.attrs[flags[0]]:
        a = _swap_last(g, a, op.inputs[0])
    if op.attrs[flags[1]]:
        b = _swap_last(g, b, op.inputs[1])
    g.node("MatMul", [a, b], g.outputs(op))


@converts("BiasAdd")
def _bias_add(g: Any, op: Any) -> None:
    bias = g.input(op, 1)
    if op.attrs["data_format"].startswith("NC"):  # the bias runs along axis 1
        rank = op.inputs[0].shape.rank
        if rank is None:
            raise ValueError(f"ag.onnx.export: {where(op)} adds a channels-first bias to a "
                             f"tensor of unknown rank.")
        axes = g.const(np.arange(1, rank - 1, dtype=np.int64))
        bias = g.one("Unsqueeze", [bias, axes])
    g.node("Add", [g.input(op, 0), bias], g.outputs(op))


@converts("Softmax")
def _softmax(g: Any, op: Any) -> None:  # opset 13's Softmax works along one axis, as ours
    g.node("Softmax", [g.input(op, 0)], g.outputs(op), axis=op.attrs["axis"])


def _window_attrs(op: Any, spatial: list[int]) -> dict[str, Any]:
    """`strides`, `dilations` and padding of a 2-D op, in ONNX's terms."""
    attrs: dict[str, Any] = {"strides": [op.attrs["strides"][i] for i in spatial]}
    if "dilations" in op.attrs:
        attrs["dilations"] = [op.attrs["dilations"][i] for i in spatial]
    padding = op.attrs["padding"]  # VALID is ONNX's default: no padding
    if padding == "SAME" and any(d != 1 for d in attrs.get("dilations", [])):
        attrs["pads"] = _same_pads(op, spatial, attrs["strides"], attrs["dilations"])
    elif padding == "SAME":
        attrs["auto_pad"] = "SAME_UPPER"
    elif padding == "EXPLICIT":  # [before, after] per dim of the data format
        pairs = np.asarray(op.attrs["explicit_paddings"]).reshape(-1, 2)
        attrs["pads"] = [int(pairs[i][0]) for i in spatial] + [int(pairs[i][1])
                                                                for i in spatial]
    return attrs


def _same_pads(op: Any, spatial: list[int], strides: list[int], dilations: list[int]
               ) -> list[int]:
    """SAME padding of a dilated convolution as explicit pads (onnxruntime runs no dilated
    SAME_UPPER): the total a dim needs, its extra element after, as SAME_UPPER places it."""
    kernel = op.inputs[1].shape.as_list()[:2]
    shape = op.inputs[0].shape
    befores, afters = [], []
    for k, axis, stride, dilation in zip(kernel, spatial, strides, dilations):
        size = shape.as_list()[axis] if shape.rank is not None else None
        if k is None or (size is None and stride != 1):
            raise ValueError(f"ag.onnx.export: {where(op)} pads a dilated convolution SAME "
                             f"over a size not known when the model is written, which "
                             f"onnxruntime cannot run; give the input a known spatial shape, "
                             f"or use strides of 1.")
        reach = (k - 1) * dilation + 1
        if size is None:  # stride 1: the output keeps the size, whatever it is
            total = reach - 1
        else:
            total = max((-(-size // stride) - 1) * stride + reach - size, 0)
        befores.append(total // 2)
        afters.append(total - total // 2)
    return befores + afters


def _nchw(g: Any, op: Any, build: Any) -> None:
    """Runs `build(x_nchw, spatial_axes) -> output_nchw` on `op`'s first input, moving NHWC
    data to NCHW and back."""
    channels_last = op.attrs["data_format"] == "NHWC"
    x = g.input(op, 0)
    if channels_last:
        x = g.one("Transpose", [x], perm=_TO_NCHW)
    out = build(x, [1, 2] if channels_last else [2, 3])
    if channels_last:
        g.node("Transpose", [out], g.outputs(op), perm=_TO_NHWC)
    else:
        g.node("Identity", [out], g.outputs(op))


@converts("Conv2D")
def _conv2d(g: Any, op: Any) -> None:
    w = g.one("Transpose", [g.input(op, 1)], perm=[3, 2, 0, 1])  # HWIO -> OIHW

    def build(x: str, spatial: list[int]) -> str:  # ONNX reads the kernel's shape from w
        return g.one("Conv", [x, w], **_window_attrs(op, spatial))
    _nchw(g, op, build)


@converts("MaxPool", "AvgPool")
def _pool(g: Any, op: Any) -> None:
    def build(x: str, spatial: list[int]) -> str:
        attrs = _window_attrs(op, spatial)
        attrs["kernel_shape"] = [op.attrs["ksize"][i] for i in spatial]
        # AvgPool: ours averages the elements inside the input only (count_include_pad=0)
        return g.one("MaxPool" if op.type == "MaxPool" else "AveragePool", [x], **attrs)
    _nchw(g, op, build)
