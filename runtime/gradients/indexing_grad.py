"""Gradients of the indexing ops: GatherV2, GatherNd, StridedSlice and MirrorPad.

Their gradients scatter the output gradient back into the input's shape. There is no scatter
op: a scatter along one axis (`scatter_along`) is a product of the values with the one-hot
matrix of the indices (memory: indices x axis size per batch), as `unsorted_segment_sum` is:
a `MatMul` along axis 0 (embeddings), an `Einsum` along others.
StridedSlice and MirrorPad take cheaper routes where their arguments are known when the
gradient is built (pads, reversals and concatenations, linear in the input's size); a strided
slice along an unknown dim, or with bounds only known at run time (`x[i]` in a loop), uses
the one-hot scatter along that axis.
"""

from __future__ import annotations

import string
from typing import Any, NamedTuple

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.gradients.array_grad import zero
from autograph.runtime.gradients.dims import (
    Dims,
    as_tensor,
    concat_dims,
    prod_dims,
    reshape_to,
    shape_vector,
    slice_dims,
)
from autograph.runtime.gradients.grad_util import known_value
from autograph.runtime.gradients.registry import RegisterGradient
from autograph.runtime.ops.sparse.indexed_slices import IndexedSlices

_shape = op_handle("Shape")
_einsum, _mat_mul, _one_hot, _cast, _reshape = (op_handle(n) for n in (
    "Einsum", "MatMul", "OneHot", "Cast", "Reshape"))
_strided_slice, _pad, _concat, _reverse = (op_handle(n) for n in (
    "StridedSlice", "PadV2", "ConcatV2", "ReverseV2"))
_squeeze, _expand_dims, _range, _add, _mul, _sum = (op_handle(n) for n in (
    "Squeeze", "ExpandDims", "Range", "AddV2", "Mul", "Sum"))


def _unknown(op: Any, what: str) -> NotImplementedError:
    return NotImplementedError(f"The gradient of {op.type} needs {what} known when the "
                               f"gradient is built; its inputs' shapes: "
                               f"{', '.join(str(t.shape) for t in op.inputs)}.")


def _scalar_dim(v: Dims, axis: int) -> Any:
    """Dim `axis` of shape vector `v`: an int, or an int32 scalar tensor."""
    if isinstance(v, list):
        return int(v[axis])
    return _reshape.run([as_tensor(slice_dims(v, axis, axis + 1)), np.zeros(0, np.int32)])


def scatter_along(values: Any, indices: Any, depth: Any, axis: int, batch_dims: int = 0) -> Any:
    """The transpose of gathering along `axis`: `out[..., j, ...]` sums the `values[..., t,
    ...]` with `indices[..., t] == j` (indices out of [0, depth) are dropped).

    Args:
        values: a tensor of known rank; its dim `axis` runs over the indices.
        indices: an integer tensor of shape `values.shape[:batch_dims] + [k]`.
        depth: the size of the result's dim `axis` (an int or int32 scalar tensor).
    """
    if indices.dtype not in (dtypes.int32, dtypes.int64):
        indices = _cast.run([indices], {"DstT": dtypes.int32})
    one_hot = _one_hot.run([indices, depth, np.ones((), values.dtype.np_dtype),
                            np.zeros((), values.dtype.np_dtype)])
    if axis == 0 and batch_dims == 0:  # the common case (embeddings): one matrix product
        rest = slice_dims(shape_vector(values), 1)
        rows = reshape_to(values, concat_dims([[-1], prod_dims(rest)]))
        product = _mat_mul.run([one_hot, rows], {"transpose_a": True})
        return reshape_to(product, concat_dims([[depth] if isinstance(depth, int) else
                                                _reshape.run([depth, np.array([1], np.int32)]),
                                                rest]))
    letters = string.ascii_letters[:values.shape.rank]
    target = string.ascii_letters[len(letters)]
    source = letters[:batch_dims] + letters[axis]
    out = letters[:axis] + target + letters[axis + 1:]
    return _einsum.run([[values, one_hot]], {"equation": f"{letters},{source}{target}->{out}"})


# Gathers --------------------------------------------------------------------------------------
def _ungather(grad: Any, indices: Any, params_shape: Dims, axis: int, batch_dims: int) -> Any:
    """The gradient of a gather along `axis` of params of shape `params_shape`."""
    i_shape = shape_vector(indices)
    k = prod_dims(slice_dims(i_shape, batch_dims))
    flat = reshape_to(indices, concat_dims([slice_dims(i_shape, 0, batch_dims), k]))
    g = reshape_to(grad, concat_dims([slice_dims(params_shape, 0, axis), k,
                                      slice_dims(params_shape, axis + 1)]))
    return scatter_along(g, flat, _scalar_dim(params_shape, axis), axis, batch_dims)


@RegisterGradient("GatherV2")
def _gather_grad(op: Any, grad: Any) -> list:
    params, indices, axis = op.inputs
    value = known_value(axis)
    rank, index_rank = params.shape.rank, indices.shape.rank
    if value is None or rank is None or index_rank is None:
        raise _unknown(op, "its axis and the ranks of params and indices")
    batch_dims = op.get_attr("batch_dims")
    batch_dims = batch_dims + index_rank if batch_dims < 0 else batch_dims
    at = int(value) % rank
    if at == 0 and batch_dims == 0:  # rows of params: only those read get a gradient
        dense_shape = _shape.run([params], {"out_type": dtypes.int32})
        rows = concat_dims([[-1], slice_dims(shape_vector(params), 1)])
        return [IndexedSlices._of(reshape_to(grad, rows), reshape_to(indices, [-1]), dense_shape),
                None, None]
    return [_ungather(grad, indices, shape_vector(params), at, batch_dims), None, None]


@RegisterGradient("GatherNd")
def _gather_nd_grad(op: Any, grad: Any) -> list:
    """Coordinates become positions in params with the indexed dims flattened into one, and
    the gradient is that gather's, reshaped back."""
    params, indices = op.inputs
    b = op.get_attr("batch_dims")
    index_rank = indices.shape.rank
    q = None if index_rank is None else indices.shape.as_list()[-1]
    if index_rank is None or q is None or params.shape.rank is None:
        raise _unknown(op, "the ranks of params and indices and the last dim of indices")
    if indices.dtype not in (dtypes.int32, dtypes.int64):
        indices = _cast.run([indices], {"DstT": dtypes.int32})
    p_shape = shape_vector(params)
    indexed = slice_dims(p_shape, b, b + q)
    strides = concat_dims([prod_dims(slice_dims(indexed, j + 1)) for j in range(q)])
    flat = _sum.run([_mul.run([indices, as_tensor(strides, indices.dtype)]),
                     np.int32(index_rank - 1)], {"keep_dims": False})
    flat_shape = concat_dims([slice_dims(p_shape, 0, b), prod_dims(indexed),
                              slice_dims(p_shape, b + q)])
    return [reshape_to(_ungather(grad, flat, flat_shape, b, b), p_shape), None]


# Slices along one axis ------------------------------------------------------------------------
def axis_slice(t: Any, axis: int, start: int | None, stop: int | None) -> Any:
    """`t[:, ..., start:stop]` with the slice at dim `axis`: begins of 0, ends masked where
    they are the dim's end."""
    spec = [np.array([0] * axis + [v or 0], np.int32) for v in (start, stop)]
    return _strided_slice.run([t, spec[0], spec[1], np.ones(axis + 1, np.int32)], {
        "begin_mask": 0, "end_mask": (1 << axis) - 1 | (stop is None) << axis})


def _pad_axis(t: Any, axis: int, before: Any, after: Any) -> Any:
    """`t` with zeros before and after along dim `axis`."""
    paddings = np.zeros((t.shape.rank, 2), np.int32)
    paddings[axis] = before, after
    return _pad.run([t, paddings, zero(t)])


def _dilate(t: Any, axis: int, step: int, k: int) -> Any:
    """`t`'s k elements along `axis` spread `step` apart, zeros between."""
    spread = _pad_axis(_expand_dims.run([t, np.int32(axis + 1)]), axis + 1, 0, step - 1)
    dims = shape_vector(t)
    merged = reshape_to(spread, concat_dims([slice_dims(dims, 0, axis), [k * step],
                                             slice_dims(dims, axis + 1)]))
    return axis_slice(merged, axis, 0, (k - 1) * step + 1)


def _place(g: Any, axis: int, positions: range, n: int) -> Any:
    """The gradient of `x[..., positions, ...]` (positions of dim `axis`, size n)."""
    if not positions:
        return _pad_axis(g, axis, 0, n)
    if positions.step < 0:
        g = _reverse.run([g, np.array([axis], np.int32)])
        positions = positions[::-1]
    if positions.step > 1 and len(positions) > 1:
        g = _dilate(g, axis, positions.step, len(positions))
    return _pad_axis(g, axis, positions[0], n - 1 - positions[-1])


# StridedSlice ---------------------------------------------------------------------------------
_UNKNOWN = "unknown"  # a slice bound whose value is known only at run time


class _Entry(NamedTuple):
    """One entry of a slice spec that indexes a dim of the input."""

    spec: int  # its position in the spec
    dim: int  # the input dim it indexes
    shrink: bool  # an index (the dim is removed) rather than a slice


def _entries(op: Any, rank: int, length: int) -> tuple[list[_Entry], list[int]]:
    """The spec's entries that index input dims, and the output dims that new axes add."""
    masks = {m: op.get_attr(m) for m in ("ellipsis_mask", "new_axis_mask", "shrink_axis_mask")}
    kinds = ["..." if masks["ellipsis_mask"] >> i & 1 else "new"
             if masks["new_axis_mask"] >> i & 1 else "index"
             if masks["shrink_axis_mask"] >> i & 1 else "slice" for i in range(length)]
    used = sum(k in ("index", "slice") for k in kinds)
    entries, new_axes, dim, out = [], [], 0, 0
    for i, kind in enumerate(kinds):
        if kind == "...":
            dim += rank - used
            out += rank - used
        elif kind == "new":
            new_axes.append(out)
            out += 1
        else:
            entries.append(_Entry(i, dim, kind == "index"))
            dim += 1
            out += kind == "slice"
    return entries, new_axes


def _bounds(op: Any, entry: _Entry, values: list) -> tuple[Any, Any, Any]:
    """An entry's begin, end and stride: an int, None where a mask leaves it out (a slice's
    edge), or `_UNKNOWN` where its value is only known at run time."""
    bounds: list[Any] = [_UNKNOWN if v is None else int(v[entry.spec]) for v in values]
    if entry.shrink:
        return bounds[0], None, 1
    for i, mask in enumerate(("begin_mask", "end_mask")):
        if op.get_attr(mask) >> entry.spec & 1:
            bounds[i] = None
    return bounds[0], bounds[1], bounds[2]


def _positions(op: Any, entry: _Entry, n: int | None, values: list) -> range | None:
    """The input positions an entry selects; None when they are known only at run time."""
    begin, end, stride = _bounds(op, entry, values)
    if n is None or _UNKNOWN in (begin, end, stride):
        return None
    if entry.shrink:
        return range(begin % n, begin % n + 1)
    return range(n)[slice(begin, end, stride)]


def _whole(op: Any, entry: _Entry, values: list) -> bool:
    """Whether an entry takes the whole of its dim, in order, whatever the dim's size."""
    begin, end, stride = _bounds(op, entry, values)
    return not entry.shrink and stride == 1 and begin in (None, 0) and end is None


def _unslice_dynamic(op: Any, g: Any, entry: _Entry, x: Any) -> Any:
    """The gradient along one dim, scattering by the positions the slice takes of a range."""
    n = _scalar_dim(shape_vector(x), entry.dim)
    at = entry.spec
    spec = [_strided_slice.run([v, np.array([at], np.int32), np.array([at + 1], np.int32),
                                np.array([1], np.int32)]) for v in op.inputs[1:]]
    bit = 1 if entry.shrink else 0
    attrs = {"begin_mask": (op.get_attr("begin_mask") >> at & 1) * (1 - bit),
             "end_mask": (op.get_attr("end_mask") >> at & 1) * (1 - bit),
             "shrink_axis_mask": bit}
    positions = _strided_slice.run([_range.run([np.int32(0), n, np.int32(1)])] + spec, attrs)
    positions = _reshape.run([positions, np.array([-1], np.int32)])
    return scatter_along(g, positions, n, entry.dim)


@RegisterGradient("StridedSlice")
def _strided_slice_grad(op: Any, grad: Any) -> list:
    x, begin = op.inputs[0], op.inputs[1]
    rank = x.shape.rank
    length = begin.shape.as_list()[0] if begin.shape.rank == 1 else None
    if rank is None or length is None:
        raise _unknown(op, "the input's rank and the length of the slice spec")
    entries, new_axes = _entries(op, rank, length)
    g = _squeeze.run([grad], {"squeeze_dims": new_axes}) if new_axes else grad
    for entry in entries:
        if entry.shrink:
            g = _expand_dims.run([g, np.int32(entry.dim)])
    values = [known_value(t) for t in op.inputs[1:]]
    values = [None if v is None else np.reshape(v, -1) for v in values]
    for entry in entries:
        if _whole(op, entry, values):
            continue
        n = x.shape.as_list()[entry.dim]
        positions = _positions(op, entry, n, values)
        if positions is None:
            g = _unslice_dynamic(op, g, entry, x)
        elif positions != range(n):
            g = _place(g, entry.dim, positions, n)
    return [g, None, None, None]


# MirrorPad ------------------------------------------------------------------------------------
@RegisterGradient("MirrorPad")
def _mirror_pad_grad(op: Any, grad: Any) -> list:
    """Per padded dim, the mirrored edges' gradients are reversed and added to the edges they
    copy (REFLECT leaves out the edge element itself, SYMMETRIC includes it)."""
    paddings = known_value(op.inputs[1])
    if paddings is None:
        raise _unknown(op, "its paddings")
    skip = 1 if op.get_attr("mode") == "REFLECT" else 0
    g = grad
    for axis, (before, after) in enumerate(np.asarray(paddings).reshape(-1, 2).tolist()):
        if not before and not after:
            continue
        core = axis_slice(g, axis, before, -after if after else None)
        if before:
            left = _reverse.run([axis_slice(g, axis, 0, before), np.array([axis], np.int32)])
            pieces = [axis_slice(core, axis, 0, skip)] if skip else []
            pieces += [_add.run([axis_slice(core, axis, skip, skip + before), left]),
                       axis_slice(core, axis, skip + before, None)]
            core = _concat.run([pieces, np.int32(axis)])
        if after:
            right = _reverse.run([axis_slice(g, axis, -after, None), np.array([axis], np.int32)])
            end = -skip or None
            pieces = [axis_slice(core, axis, None, -after - skip),
                      _add.run([axis_slice(core, axis, -after - skip, end), right])]
            pieces += [axis_slice(core, axis, end, None)] if skip else []
            core = _concat.run([pieces, np.int32(axis)])
        g = core
    return [g, None]
