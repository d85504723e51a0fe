"""Export converters of constants, variable reads and shape ops: one function per op type of
ours, writing the ONNX nodes that compute the same values."""

from __future__ import annotations

from typing import Any

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.ops.state.defs import handle_value
from autograph.runtime.saving.onnx.export_graph import tensor_proto, where
from autograph.runtime.saving.onnx.export_table import converts
from autograph.runtime.saving.onnx.onnx_module import onnx, onnx_type

_INT64_MAX = np.iinfo(np.int64).max


def _constant(g: Any, op: Any, index: int, what: str) -> np.ndarray:
    """The value of `op`'s input `index`, which ONNX needs as an attribute."""
    value = g.constant_value(op.inputs[index])
    if value is None:
        raise ValueError(f"ag.onnx.export: {where(op)} has {what} computed at run time; ONNX "
                         f"needs it known when the model is written.")
    return np.asarray(value)


def _cast_int(g: Any, name: str, dtype: dtypes.DType) -> str:
    """`name` (an int64 ONNX value) cast to our `dtype` when that is another type."""
    if dtype is dtypes.int64:
        return name
    return g.one("Cast", [name], to=onnx_type(dtype))


@converts("Const")
def _const(g: Any, op: Any) -> None:
    value = op.attrs["value"]
    if op.attrs["dtype"] is dtypes.resource:
        g.bind_resource(op.outputs[0], handle_value(value))
        return
    name = g.outputs(op)[0]
    g.node("Constant", [], [name], value=tensor_proto(np.asarray(value), name + "_value"))


@converts("ReadVariableOp")
def _read_variable(g: Any, op: Any) -> None:
    g.node("Identity", [g.model.variable(g.resource(op.inputs[0]))], g.outputs(op))


@converts("NoOp")
def _no_op(g: Any, op: Any) -> None:
    return None  # only orders ops, which ONNX's dataflow needs no help with


@converts("Reshape")
def _reshape(g: Any, op: Any) -> None:  # allowzero: a 0 is a zero-sized dim, as ours
    g.node("Reshape", [g.input(op, 0), g.int64(op.inputs[1])], g.outputs(op), allowzero=1)


@converts("Shape", "Size")
def _shape(g: Any, op: Any) -> None:
    out = g.one(op.type, [g.input(op, 0)])
    g.node("Identity", [_cast_int(g, out, op.attrs["out_type"])], g.outputs(op))


@converts("Rank")
def _rank(g: Any, op: Any) -> None:
    out = g.one("Size", [g.one("Shape", [g.input(op, 0)])])
    g.node("Cast", [out], g.outputs(op), to=onnx().TensorProto.INT32)


@converts("Transpose")
def _transpose(g: Any, op: Any) -> None:
    perm = _constant(g, op, 1, "a permutation")
    g.node("Transpose", [g.input(op, 0)], g.outputs(op), perm=[int(p) for p in perm])


@converts("ExpandDims")
def _expand_dims(g: Any, op: Any) -> None:  # a negative axis counts from the end of the
    axis = _constant(g, op, 1, "an axis").reshape(-1)  # result in both
    g.node("Unsqueeze", [g.input(op, 0), g.const(axis.astype(np.int64))], g.outputs(op))


@converts("Squeeze")
def _squeeze(g: Any, op: Any) -> None:
    axes = list(op.attrs["squeeze_dims"])
    inputs = [g.input(op, 0)] + ([g.const(np.asarray(axes, np.int64))] if axes else [])
    g.node("Squeeze", inputs, g.outputs(op))


@converts("ConcatV2")
def _concat(g: Any, op: Any) -> None:
    axis = _constant(g, op, len(op.inputs) - 1, "an axis")
    g.node("Concat", [g.name(t) for t in op.inputs[:-1]], g.outputs(op), axis=int(axis))


@converts("Pack")
def _pack(g: Any, op: Any) -> None:
    axis = g.const(np.asarray([op.attrs["axis"]], np.int64))
    parts = [g.one("Unsqueeze", [g.name(t), axis]) for t in op.inputs]
    g.node("Concat", parts, g.outputs(op), axis=op.attrs["axis"])


@converts("Unpack")
def _unpack(g: Any, op: Any) -> None:
    axis, num = op.attrs["axis"], op.attrs["num"]
    sizes = g.const(np.ones(num, np.int64))
    parts = g.node("Split", [g.input(op, 0), sizes], num, axis=axis)
    axes = g.const(np.asarray([axis], np.int64))
    for part, name in zip(parts, g.outputs(op)):
        g.node("Squeeze", [part, axes], [name])


@converts("Split")
def _split(g: Any, op: Any) -> None:
    axis = int(_constant(g, op, 0, "an axis"))
    x = op.inputs[1]
    size = x.shape.as_list()[axis] if x.shape.rank is not None else None
    if size is None:
        raise ValueError(f"ag.onnx.export: {where(op)} splits an axis of unknown size.")
    count = op.attrs["num_split"]
    sizes = g.const(np.full(count, size // count, np.int64))
    g.node("Split", [g.name(x), sizes], g.outputs(op), axis=axis)


@converts("SplitV")
def _split_v(g: Any, op: Any) -> None:
    sizes = _constant(g, op, 1, "a list of sizes").astype(np.int64)
    axis = int(_constant(g, op, 2, "an axis"))
    if (sizes < 0).any():
        known = op.inputs[0].shape.as_list()[axis] if op.inputs[0].shape.rank else None
        if known is None:
            raise ValueError(f"ag.onnx.export: {where(op)} infers a size (-1) along an axis "
                             f"of unknown size.")
        sizes[sizes < 0] = known - sizes[sizes >= 0].sum()
    g.node("Split", [g.input(op, 0), g.const(sizes)], g.outputs(op), axis=axis)


@converts("GatherV2")
def _gather(g: Any, op: Any) -> None:
    if op.attrs["batch_dims"] != 0:
        raise ValueError(f"ag.onnx.export: {where(op)} has batch_dims; ONNX Gather has none.")
    axis = int(_constant(g, op, 2, "an axis"))
    g.node("Gather", [g.input(op, 0), g.input(op, 1)], g.outputs(op), axis=axis)


@converts("Tile")
def _tile(g: Any, op: Any) -> None:
    g.node("Tile", [g.input(op, 0), g.int64(op.inputs[1])], g.outputs(op))


@converts("BroadcastTo")
def _broadcast_to(g: Any, op: Any) -> None:
    g.node("Expand", [g.input(op, 0), g.int64(op.inputs[1])], g.outputs(op))


def _onnx_pads(g: Any, paddings: Any) -> str:
    """Our `[[before, after], ...]` as ONNX's `[befores..., afters...]`, int64."""
    known = g.constant_value(paddings)
    if known is not None:
        return g.const(np.asarray(known, np.int64).T.reshape(-1))
    flat = g.one("Reshape", [g.one("Transpose", [g.int64(paddings)], perm=[1, 0]),
                             g.const(np.asarray([-1], np.int64))])
    return flat


@converts("PadV2")
def _pad(g: Any, op: Any) -> None:
    g.node("Pad", [g.input(op, 0), _onnx_pads(g, op.inputs[1]), g.input(op, 2)],
           g.outputs(op), mode="constant")


@converts("MirrorPad")
def _mirror_pad(g: Any, op: Any) -> None:
    if op.attrs["mode"].upper() != "REFLECT":
        raise ValueError(f"ag.onnx.export: {where(op)} pads in mode {op.attrs['mode']}; ONNX "
                         f"Pad reflects (REFLECT) but has no SYMMETRIC mode.")
    g.node("Pad", [g.input(op, 0), _onnx_pads(g, op.inputs[1])], g.outputs(op),
           mode="reflect")


@converts("Fill")
def _fill(g: Any, op: Any) -> None:
    g.node("Expand", [g.input(op, 1), g.int64(op.inputs[0])], g.outputs(op))


@converts("ZerosLike", "OnesLike")
def _like(g: Any, op: Any) -> None:
    dtype = op.outputs[0].dtype
    value = np.asarray([0 if op.type == "ZerosLike" else 1], dtype.np_dtype)
    g.node("ConstantOfShape", [g.one("Shape", [g.input(op, 0)])], g.outputs(op),
           value=tensor_proto(value, g.fresh("fill_value")))


@converts("Range")
def _range(g: Any, op: Any) -> None:
    g.node("Range", [g.name(t) for t in op.inputs], g.outputs(op))


@converts("OneHot")
def _one_hot(g: Any, op: Any) -> None:
    axes = g.const(np.asarray([0], np.int64))
    values = g.one("Concat", [g.one("Unsqueeze", [g.input(op, 3), axes]),
                              g.one("Unsqueeze", [g.input(op, 2), axes])], axis=0)
    g.node("OneHot", [g.input(op, 0), g.input(op, 1), values], g.outputs(op),
           axis=op.attrs["axis"])


@converts("Where")
def _where(g: Any, op: Any) -> None:  # ONNX NonZero gives [rank, n]; ours [n, rank]
    g.node("Transpose", [g.one("NonZero", [g.input(op, 0)])], g.outputs(op), perm=[1, 0])


@converts("ReverseV2")
def _reverse(g: Any, op: Any) -> None:
    axes = [int(a) for a in _constant(g, op, 1, "an axis").reshape(-1)]
    n = len(axes)
    g.node("Slice", [g.input(op, 0), g.const(np.full(n, -1, np.int64)),
                     g.const(np.full(n, -_INT64_MAX, np.int64)), g.const(np.asarray(axes,
                                                                                np.int64)),
                     g.const(np.full(n, -1, np.int64))], g.outputs(op))


@converts("Slice")
def _slice(g: Any, op: Any) -> None:  # a size of -1 runs to the end
    begin, size = g.constant_value(op.inputs[1]), g.constant_value(op.inputs[2])
    if begin is not None and size is not None:
        begin, size = np.asarray(begin, np.int64), np.asarray(size, np.int64)
        end = np.where(size < 0, _INT64_MAX, begin + size)
        g.node("Slice", [g.input(op, 0), g.const(begin), g.const(end)], g.outputs(op))
        return
    start = g.int64(op.inputs[1])
    length = g.int64(op.inputs[2])
    to_end = g.one("Less", [length, g.const(np.asarray(0, np.int64))])
    stop = g.one("Where", [to_end, g.const(np.asarray(_INT64_MAX, np.int64)),
                           g.one("Add", [start, length])])
    g.node("Slice", [g.input(op, 0), start, stop], g.outputs(op))


@converts("StridedSlice")
def _strided_slice(g: Any, op: Any) -> None:  # begin and end may be known only at run time
    strides = _constant(g, op, 3, "a step")
    begin, end = (_Bounds(g, op.inputs[i]) for i in (1, 2))
    attrs = op.attrs
    rank = op.inputs[0].shape.rank
    if attrs["ellipsis_mask"] and rank is None:
        raise ValueError(f"ag.onnx.export: {where(op)} slices with `...` a tensor of unknown "
                         f"rank.")
    starts: list[Any] = []
    ends: list[Any] = []
    axes, steps, shrink, new = [], [], [], []
    dim = 0  # the input dim the next index applies to
    out = 0  # the output dim it makes (before shrinking)
    for i in range(len(strides)):
        bit = 1 << i
        if attrs["ellipsis_mask"] & bit:
            later = len(strides) - i - 1 - bin(attrs["new_axis_mask"] >> (i + 1)).count("1")
            out += rank - later - dim  # the dims `...` stands for
            dim = rank - later
            continue
        if attrs["new_axis_mask"] & bit:
            new.append(out)
            out += 1
            continue
        step = int(strides[i])
        if attrs["shrink_axis_mask"] & bit:
            starts.append(begin[i])
            ends.append(begin.after(i))
            steps.append(1)
            shrink.append(out)
        else:
            default_start, default_end = (0, _INT64_MAX) if step > 0 else (-1, -_INT64_MAX)
            starts.append(default_start if attrs["begin_mask"] & bit else begin[i])
            ends.append(default_end if attrs["end_mask"] & bit else end[i])
            steps.append(step)
        axes.append(dim)
        dim += 1
        out += 1
    value = g.input(op, 0)
    if axes:
        value = g.one("Slice", [value, _vector(g, starts), _vector(g, ends),
                                *(g.const(np.asarray(v, np.int64)) for v in (axes, steps))])
    if new:  # new axes go in before shrinking, at the positions counted with every index
        value = g.one("Unsqueeze", [value, g.const(np.asarray(new, np.int64))])
    if shrink:  # positions counted the same way
        value = g.one("Squeeze", [value, g.const(np.asarray(shrink, np.int64))])
    g.node("Identity", [value], g.outputs(op))


class _Bounds:
    """A StridedSlice's begin or end: item `i` is an int when the vector is known, else the
    ONNX name of a 1-element int64 value cut from it."""

    def __init__(self, g: Any, tensor: Any):
        self.g = g
        self.known = g.constant_value(tensor)
        self.name = None if self.known is not None else g.int64(tensor)

    def __getitem__(self, i: int) -> Any:
        if self.known is not None:
            return int(self.known[i])
        return self.g.one("Slice", [self.name, self.g.const(np.asarray([i], np.int64)),
                                    self.g.const(np.asarray([i + 1], np.int64))])

    def after(self, i: int) -> Any:
        """The end that keeps only index `i` (begin's item i): one past it, or the end for -1."""
        if self.known is not None:
            start = int(self.known[i])
            return start + 1 if start != -1 else _INT64_MAX
        start = self[i]
        is_last = self.g.one("Equal", [start, self.g.const(np.asarray([-1], np.int64))])
        return self.g.one("Where", [is_last, self.g.const(np.asarray([_INT64_MAX], np.int64)),
                                    self.g.one("Add", [start, self.g.const(
                                        np.asarray([1], np.int64))])])


def _vector(g: Any, items: list[Any]) -> str:
    """An int64 vector of `items` (ints, or names of 1-element int64 values)."""
    if all(isinstance(item, int) for item in items):
        return g.const(np.asarray(items, np.int64))
    return g.one("Concat", [g.const(np.asarray([item], np.int64)) if isinstance(item, int)
                            else item for item in items], axis=0)
