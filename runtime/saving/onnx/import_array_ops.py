"""Importers of ONNX's constants and shape ops: one function per ONNX op type, building our
ops. ONNX shapes and axes are int64; ours take those as they are."""

from __future__ import annotations

from typing import Any

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.graph.constant_value import constant_value
from autograph.runtime.ops.array import ops as array_ops
from autograph.runtime.ops.array.gathering import gather, one_hot, where
from autograph.runtime.ops.array.indexing import strided_slice, tensor_getitem
from autograph.runtime.ops.creation import ops as creation_ops
from autograph.runtime.ops.math import ops as math_ops
from autograph.runtime.saving.onnx.import_table import imports, static, unsupported


def _axes(scope: Any, node: Any, inputs: list, attrs: dict, index: int = 1) -> list[int]:
    """Axes from the attribute (older opsets) or the input at `index` (newer ones)."""
    if len(inputs) > index and inputs[index] is not None:
        return [int(a) for a in static(inputs[index], node, "axes").reshape(-1)]
    return [int(a) for a in attrs.get("axes", [])]


@imports("Constant")
def _constant(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    for key, dtype in (("value", None), ("value_float", np.float32),
                       ("value_floats", np.float32), ("value_int", np.int64),
                       ("value_ints", np.int64), ("value_string", None),
                       ("value_strings", None)):
        if key in attrs:
            return creation_ops.constant(np.asarray(attrs[key], dtype))
    raise unsupported(node, f"a constant given as {sorted(attrs)}")


@imports("Reshape")
def _reshape(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    x, shape = inputs
    if attrs.get("allowzero", 0):
        return array_ops.reshape(x, shape)
    known = _static_or_none(shape)
    if known is not None and not (known == 0).any():
        return array_ops.reshape(x, creation_ops.constant(known))
    # A 0 copies the input's dim at that position.
    dims = array_ops.shape(x, out_type=dtypes.int64)
    count = known.size if known is not None else shape.shape.as_list()[0]
    if count is None:
        raise unsupported(node, "a shape of unknown length with allowzero=0")
    own = dims[:count] if x.shape.rank is None or x.shape.rank >= count else \
        array_ops.concat([dims, creation_ops.zeros([count - x.shape.rank], dtypes.int64)], 0)
    shape = creation_ops.cast(shape, dtypes.int64)
    zero = math_ops.equal(shape, creation_ops.constant(0, dtypes.int64))
    return array_ops.reshape(x, where(zero, own, shape))


def _static_or_none(value: Any) -> np.ndarray | None:
    found = constant_value(value)
    return None if found is None else np.asarray(found)


@imports("Flatten")
def _flatten(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    x = inputs[0]
    axis = attrs.get("axis", 1)
    dims = x.shape.as_list() if x.shape.rank is not None else None
    if dims is None:
        raise unsupported(node, "an input of unknown rank")
    if axis < 0:
        axis += len(dims)
    inner, outer = dims[axis:], dims[:axis]
    if None not in inner:
        target = [-1, int(np.prod(inner))]
    elif None not in outer:
        target = [int(np.prod(outer)), -1]
    else:
        shape = array_ops.shape(x, out_type=dtypes.int64)
        return array_ops.reshape(x, array_ops.stack([math_ops.reduce_prod(shape[:axis]),
                                                     math_ops.reduce_prod(shape[axis:])]))
    return array_ops.reshape(x, target)


@imports("Shape")
def _shape(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    shape = array_ops.shape(inputs[0], out_type=dtypes.int64)
    start, end = attrs.get("start", 0), attrs.get("end")
    if start == 0 and end is None:
        return shape
    return shape[start:end]


@imports("Size")
def _size(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    return array_ops.size(inputs[0], out_type=dtypes.int64)


@imports("Transpose")
def _transpose(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    return array_ops.transpose(inputs[0], attrs.get("perm"))


@imports("Unsqueeze")
def _unsqueeze(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    x = inputs[0]
    axes = _axes(scope, node, inputs, attrs)
    rank = (x.shape.rank or 0) + len(axes)  # the axes count in the output
    for axis in sorted(a % rank for a in axes):
        x = array_ops.expand_dims(x, axis)
    return x


@imports("Squeeze")
def _squeeze(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    axes = _axes(scope, node, inputs, attrs)
    return array_ops.squeeze(inputs[0], axes or None)


@imports("Concat")
def _concat(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    return array_ops.concat([t for t in inputs if t is not None], attrs["axis"])


@imports("Split")
def _split(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    axis = attrs.get("axis", 0)
    if len(inputs) > 1 and inputs[1] is not None:
        sizes = [int(s) for s in static(inputs[1], node, "split sizes")]
    elif "split" in attrs:
        sizes = list(attrs["split"])
    else:  # equal parts, one per output (the last one smaller when they do not divide)
        count = len(node.output)  # as num_outputs, where opset 18 gives it
        size = inputs[0].shape.as_list()[axis] if inputs[0].shape.rank else None
        if size is None:
            raise unsupported(node, "an equal split of an axis of unknown size")
        part = -(-size // count)
        sizes = [part] * (count - 1) + [size - part * (count - 1)]
    return array_ops.split(inputs[0], sizes, axis)


@imports("Gather")
def _gather(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    params, indices = inputs
    axis = attrs.get("axis", 0)
    known = _static_or_none(indices)
    size = params.shape.as_list()[axis] if params.shape.rank else None
    if known is not None and (known < 0).any() and size is not None:  # ONNX counts from
        indices = creation_ops.constant(np.where(known < 0, known + size, known))  # the end
    elif known is None or (known < 0).any():
        dim = array_ops.shape(params, out_type=indices.dtype)[axis]
        negative = math_ops.less(indices, creation_ops.constant(0, indices.dtype))
        indices = where(negative, math_ops.add(indices, dim), indices)
    return gather(params, indices, axis=axis)


@imports("Tile")
def _tile(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    return array_ops.tile(inputs[0], inputs[1])


@imports("Expand")
def _expand(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    x, shape = inputs  # ONNX broadcasts both ways: a 1 in `shape` keeps x's dim
    ones = creation_ops.ones(shape, x.dtype) if x.dtype is not dtypes.bool_ else None
    if ones is None:
        return math_ops.logical_and(x, creation_ops.fill(shape, True))
    return math_ops.multiply(x, ones)


@imports("ConstantOfShape")
def _constant_of_shape(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    value = np.asarray(attrs.get("value", np.zeros(1, np.float32))).reshape(-1)
    return creation_ops.fill(inputs[0], creation_ops.constant(value[0]))


@imports("Range")
def _range(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    start, limit, delta = inputs
    return creation_ops.range(start, limit, delta, dtype=start.dtype)


@imports("Pad")
def _pad(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    x = inputs[0]
    mode = attrs.get("mode", "constant")
    rank = x.shape.rank
    if rank is None:
        raise unsupported(node, "an input of unknown rank")
    axes = [a % rank for a in _axes(scope, node, inputs, {}, 3) or range(rank)]
    pads = constant_value(inputs[1]) if len(inputs) > 1 else np.asarray(attrs["pads"])
    pairs: Any = [[0, 0] for _ in range(rank)]
    if pads is not None:
        for i, axis in enumerate(axes):
            pairs[axis] = [int(pads[i]), int(pads[i + len(axes)])]
    else:  # known when the model runs: ONNX's [befores..., afters...] gathered into pairs
        flat = array_ops.concat([array_ops.reshape(inputs[1], [-1]),
                                 creation_ops.constant([0], inputs[1].dtype)], 0)
        none = 2 * len(axes)  # the index of the 0 appended, for the dims not padded
        befores = [axes.index(d) if d in axes else none for d in range(rank)]
        afters = [axes.index(d) + len(axes) if d in axes else none for d in range(rank)]
        pairs = array_ops.stack([gather(flat, befores), gather(flat, afters)], 1)
    if mode == "constant":
        value = inputs[2] if len(inputs) > 2 and inputs[2] is not None else \
            attrs.get("value", 0)
        return array_ops.pad(x, pairs, constant_values=value)
    if mode == "reflect":
        return array_ops.pad(x, pairs, mode="REFLECT")
    raise unsupported(node, f"mode {mode!r}")


@imports("Slice")
def _slice(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    x = inputs[0]
    rank = x.shape.rank
    if rank is None:
        raise unsupported(node, "an input of unknown rank")
    if len(inputs) == 1:  # before opset 10: the bounds are attributes
        starts, ends = attrs["starts"], attrs["ends"]
        axes = attrs.get("axes") or list(range(len(starts)))
        return _static_slice(x, starts, ends, axes, [1] * len(starts))
    axes = _axes(scope, node, inputs, {}, 3)
    if not axes:  # one bound per dim from the first
        count = inputs[1].shape.as_list()[0] if inputs[1].shape.rank == 1 else None
        if count is None:
            raise unsupported(node, "bounds of unknown length without axes")
        axes = list(range(count))
    steps = static(inputs[4], node, "steps").reshape(-1) if len(inputs) > 4 and \
        inputs[4] is not None else [1] * len(axes)
    starts, ends = constant_value(inputs[1]), constant_value(inputs[2])
    if starts is not None and ends is not None:
        return _static_slice(x, np.reshape(starts, -1), np.reshape(ends, -1), axes, steps)
    return _run_time_slice(x, inputs[1], inputs[2], [int(a) % rank for a in axes],
                           [int(s) for s in steps])


def _static_slice(x: Any, starts: Any, ends: Any, axes: Any, steps: Any) -> Any:
    rank = x.shape.rank
    index: list[Any] = [slice(None)] * rank
    for start, end, axis, step in zip(starts, ends, axes, steps):  # out-of-range bounds
        index[int(axis) % rank] = slice(int(start), int(end), int(step))  # clamp, as ONNX's
    return tensor_getitem(x, tuple(index))


def _run_time_slice(x: Any, starts: Any, ends: Any, axes: list[int], steps: list[int]) -> Any:
    """A Slice whose starts or ends are known only when the model runs (PyTorch writes one for
    `x[:, :n]`): our strided slice, whose bounds clamp to each dim as ONNX's do. Each bound
    vector gets a 0 appended, which the dims not sliced pick (their masks ignore it)."""
    where_in = {axis: j for j, axis in enumerate(axes)}
    pick = [where_in.get(d, len(axes)) for d in range(x.shape.rank)]
    zero = creation_ops.constant([0], dtypes.int64)

    def full(bounds: Any) -> Any:
        bounds = array_ops.reshape(creation_ops.cast(bounds, dtypes.int64), [-1])
        return gather(array_ops.concat([bounds, zero], 0), pick)
    strides = [steps[where_in[d]] if d in where_in else 1 for d in range(x.shape.rank)]
    untouched = sum(1 << d for d in range(x.shape.rank) if d not in where_in)
    return strided_slice(x, full(starts), full(ends), strides, begin_mask=untouched,
                         end_mask=untouched)


@imports("OneHot")
def _one_hot(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    indices, depth, values = inputs
    depth_value = int(static(depth, node, "depth").reshape(()))
    size = creation_ops.constant(depth_value, indices.dtype)
    negative = math_ops.less(indices, creation_ops.constant(0, indices.dtype))
    indices = where(negative, math_ops.add(indices, size), indices)  # ONNX counts from the end
    return one_hot(indices, depth_value, on_value=values[1], off_value=values[0],
                   axis=attrs.get("axis", -1))


@imports("NonZero")
def _non_zero(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    x = inputs[0]
    mask = x if x.dtype is dtypes.bool_ else math_ops.not_equal(
        x, creation_ops.constant(0, x.dtype))
    return array_ops.transpose(where(mask))  # ONNX: [rank, count]


@imports("Dropout")
def _dropout(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    if len(inputs) > 2 and inputs[2] is not None and bool(static(inputs[2], node,
                                                                  "training mode")):
        raise unsupported(node, "training mode (random dropout)")
    x = inputs[0]  # at inference dropout passes its input through; the mask is all true
    mask = creation_ops.fill(array_ops.shape(x), True)
    return [array_ops.identity(x), mask]
