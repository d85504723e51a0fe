"""Kernels of the array ops, written once against the array module `ctx.xp`.

String tensors always live in host memory as NumPy object arrays, which CuPy cannot hold, so
`_kernel` registers each body twice: for every other dtype with `ctx.xp`, and for strings with the
op's tensors in host memory and the CPU device as `ctx`, so that the same body runs with NumPy.
Sizes, axes and other shape arguments are `host_memory` inputs: NumPy arrays on every device.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from autograph.kernels.common import BOTH, dims, full
from autograph.runtime.core import devices
from autograph.runtime.core.dtypes import ALL_DTYPES, string
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.ops.array.shapes import (
    broadcast_reduction_axes,
    expand_axis,
    reshape_target,
    split_sizes,
)
from autograph.runtime.ops.array.slicing import plan_slice, plan_strided_slice
from autograph.runtime.registry.kernel_registry import register_kernel

NON_STRING = tuple(d for d in ALL_DTYPES if d is not string)


def _kernel(op_name: str, host_memory: tuple[str, ...] = (),
            string_host_memory: tuple[str, ...] = (), type_attr: str = "T",
            inline: str | None = None, specialize: Callable | None = None) -> Callable:
    """Registers a kernel body for every dtype of `type_attr`, on both devices.

    `string_host_memory` names the inputs and outputs that `host_memory` leaves out: the string
    version keeps them all in host memory. `inline` is the expression plans may write instead
    of calling the kernel, `specialize` its specializer (see `register_kernel`); both only for
    the dtypes other than strings.
    """
    def decorate(fn: Callable) -> Callable:
        register_kernel(op_name, BOTH, {type_attr: NON_STRING}, host_memory, inline=inline,
                        specialize=specialize)(fn)

        def on_host(ctx, *args, **attrs):
            return fn(devices.CPU, *args, **attrs)
        on_host.__name__ = on_host.__qualname__ = f"{fn.__name__}_strings"
        register_kernel(op_name, BOTH, {type_attr: [string]},
                        host_memory + string_host_memory)(on_host)
        return fn
    return decorate


def _ints(array: Any) -> list[int]:
    return np.asarray(array).reshape(-1).tolist()


def _axis(axis: Any, rank: int) -> int:
    axis = int(axis)
    return axis + rank if axis < 0 else axis


# Shapes ------------------------------------------------------------------------------------------
@_kernel("Identity", string_host_memory=("input", "output"), inline="{0}")
def identity(ctx, x):
    return x


@_kernel("StopGradient", string_host_memory=("input", "output"), inline="{0}")
def stop_gradient(ctx, x):
    return x


@_kernel("Reshape", host_memory=("shape",), string_host_memory=("tensor", "output"))
def reshape(ctx, x, shape):
    sizes = _ints(shape)
    if len(sizes) == x.ndim and all(s == d for s, d in zip(sizes, x.shape)):
        return x  # already that shape (a gradient's sum reshaped to its input's shape)
    return ctx.xp.reshape(x, reshape_target(x.shape, sizes))


@register_kernel("Shape", device=BOTH, host_memory=("output",))
def shape(ctx, x, out_type):
    return np.array(x.shape, dtype=out_type.np_dtype)


@register_kernel("Size", device=BOTH, host_memory=("output",))
def size(ctx, x, out_type):
    return np.array(x.size, dtype=out_type.np_dtype)


@register_kernel("BroadcastGradientArgs", device=BOTH,
                 host_memory=("s0", "s1", "r0", "r1"))
def broadcast_gradient_args(ctx, s0, s1):
    try:
        r0, r1 = broadcast_reduction_axes(s0.tolist(), s1.tolist())
    except ValueError as e:
        raise InvalidArgumentError(str(e)) from None
    return np.array(r0, s0.dtype), np.array(r1, s0.dtype)


@register_kernel("Rank", device=BOTH, host_memory=("output",))
def rank(ctx, x):
    return np.array(x.ndim, dtype=np.int32)


@_kernel("ExpandDims", host_memory=("dim",), string_host_memory=("input", "output"))
def expand_dims(ctx, x, dim):
    return ctx.xp.expand_dims(x, expand_axis(_ints(dim)[0], x.ndim))


@_kernel("Squeeze", string_host_memory=("input", "output"))
def squeeze(ctx, x, squeeze_dims):
    if not squeeze_dims:
        return ctx.xp.squeeze(x)
    return ctx.xp.squeeze(x, axis=tuple(_axis(a, x.ndim) for a in squeeze_dims))


@_kernel("Transpose", host_memory=("perm",), string_host_memory=("x", "y"))
def transpose(ctx, x, perm):
    return ctx.xp.transpose(x, _ints(perm))


@_kernel("BroadcastTo", host_memory=("shape",), string_host_memory=("input", "output"))
def broadcast_to(ctx, x, shape):
    # A broadcast is a read-only view with zero strides; TensorFlow materialises it, and so do we.
    return ctx.xp.array(ctx.xp.broadcast_to(x, dims(shape)))  # a copy, 0-d stays 0-d


# Joining and splitting ---------------------------------------------------------------------------
@_kernel("ConcatV2", host_memory=("axis",), string_host_memory=("values", "output"))
def concat(ctx, values, axis):
    return ctx.xp.concatenate(values, axis=_axis(axis, values[0].ndim))


@_kernel("Pack", string_host_memory=("values", "output"))
def pack(ctx, values, axis):
    return ctx.xp.stack(values, axis=expand_axis(axis, values[0].ndim))


@_kernel("Unpack", string_host_memory=("value", "output"))
def unpack(ctx, x, num, axis):
    lead = (slice(None),) * _axis(axis, x.ndim)
    return [x[lead + (i, Ellipsis)] for i in range(num)]


@_kernel("Split", host_memory=("split_dim",), string_host_memory=("value", "output"))
def split(ctx, split_dim, x, num_split):
    """Views of `x`'s equal parts, by slicing (`np.split` costs 14 µs to make four views of a
    64x512 array; slices, 2.5)."""
    axis = _axis(split_dim, x.ndim)
    size = x.shape[axis]
    if size % num_split:
        raise InvalidArgumentError(f"Cannot split dimension {axis} of size {size} into "
                                   f"{num_split} equal parts; pass a list of sizes to ag.split "
                                   f"for unequal parts.")
    piece, before = size // num_split, (slice(None),) * axis
    return [x[before + (slice(i * piece, (i + 1) * piece),)] for i in range(num_split)]


@_kernel("SplitV", host_memory=("size_splits", "split_dim"),
         string_host_memory=("value", "output"))
def split_v(ctx, x, size_splits, split_dim, num_split):
    axis = _axis(split_dim, x.ndim)
    ends = np.cumsum(split_sizes(_ints(size_splits), x.shape[axis], axis))
    return ctx.xp.split(x, ends[:-1].tolist(), axis=axis)


@_kernel("Tile", host_memory=("multiples",), string_host_memory=("input", "output"))
def tile(ctx, x, multiples):
    return ctx.xp.tile(x, dims(multiples))


# Gathering ---------------------------------------------------------------------------------------
def _first_bad(ctx, indices, bad) -> tuple[np.ndarray, tuple[int, ...]] | None:
    """The host indices and the position of the first bad one, or None when none is bad."""
    if indices.size == 0 or not bool(bad.any()):
        return None
    return ctx.to_host(indices), tuple(np.argwhere(ctx.to_host(bad))[0].tolist())


def _check_indices(ctx, indices, limit: int) -> None:
    """Every index in `[0, limit)`, else InvalidArgumentError as TensorFlow's CPU kernel says."""
    found = _first_bad(ctx, indices, (indices < 0) | (indices >= limit))
    if found is not None:
        host, at = found
        name = f"indices[{','.join(map(str, at))}]" if at else "indices"
        raise InvalidArgumentError(f"{name} = {host[at]} is not in [0, {limit}).")


def _check_coordinates(ctx, indices, limits: tuple[int, ...]) -> None:
    """Each coordinate `indices[..., j]` in `[0, limits[j])`, else InvalidArgumentError."""
    bounds = ctx.xp.asarray(np.array(limits, dtype=np.int64))
    found = _first_bad(ctx, indices, (indices < 0) | (indices >= bounds))
    if found is not None:
        host, at = found
        row = at[:-1]
        name = f"indices[{','.join(map(str, row))}]" if row else "indices"
        raise InvalidArgumentError(
            f"{name} = {host[row].tolist()} does not index into param shape {list(limits)}: "
            f"coordinate {at[-1]} must be in [0, {limits[at[-1]]}).")


@_kernel("GatherV2", host_memory=("axis",), type_attr="Tparams",
         string_host_memory=("params", "indices", "output"))
def gather(ctx, params, indices, axis, batch_dims):
    xp = ctx.xp
    axis = _axis(axis, params.ndim)
    b = batch_dims + indices.ndim if batch_dims < 0 else batch_dims
    _check_indices(ctx, indices, params.shape[axis])
    if b == 0:  # like xp.take, but the Ellipsis keeps a 0-d result an array (strings too)
        return params[(slice(None),) * axis + (indices, Ellipsis)]
    # Gather in step over the batch dims: flatten them into one, move `axis` next to it, and
    # index both together.
    batch, inner, n = params.shape[:b], params.shape[b:axis], params.shape[axis]
    outer, index = params.shape[axis + 1:], indices.shape[b:]
    nb, ni, nk, no = (int(np.prod(s)) for s in (batch, inner, index, outer))
    p = xp.transpose(xp.reshape(params, (nb, ni, n, no)), (0, 2, 1, 3))  # (nb, n, ni, no)
    rows = xp.arange(nb).reshape(nb, 1)
    taken = p[rows, xp.reshape(indices, (nb, nk))]  # (nb, nk, ni, no)
    return xp.reshape(xp.transpose(taken, (0, 2, 1, 3)), batch + inner + index + outer)


@_kernel("GatherNd", type_attr="Tparams", string_host_memory=("params", "indices", "output"))
def gather_nd(ctx, params, indices, batch_dims):
    xp = ctx.xp
    b, k = batch_dims, indices.shape[-1]
    _check_coordinates(ctx, indices, params.shape[b:b + k])
    batch, index, rest = params.shape[:b], indices.shape[b:-1], params.shape[b + k:]
    nb, nk = int(np.prod(batch)), int(np.prod(index))
    p = xp.reshape(params, (nb,) + params.shape[b:])
    coords = xp.reshape(indices, (nb, nk, k))
    rows = xp.broadcast_to(xp.arange(nb).reshape(nb, 1), (nb, nk))
    picked = p[(rows,) + tuple(coords[..., j] for j in range(k)) + (Ellipsis,)]  # (nb, nk, rest)
    return xp.reshape(picked, batch + index + rest)


@_kernel("OneHot", host_memory=("depth",),
         string_host_memory=("indices", "on_value", "off_value", "output"))
def one_hot(ctx, indices, depth, on_value, off_value, axis):
    xp = ctx.xp
    hot = indices[..., None] == xp.arange(int(depth))
    out = xp.where(hot, on_value, off_value)
    return out if axis == -1 else xp.moveaxis(out, -1, axis)


@register_kernel("Where", device=BOTH)
def where(ctx, x):
    if x.ndim == 0:  # np.argwhere special-cases scalars; not every CuPy version does
        return ctx.xp.argwhere(x.reshape(1))[:, :0].astype(np.int64, copy=False)
    return ctx.xp.argwhere(x).astype(np.int64, copy=False)


def _specialize_select(ctx, attrs, types, shapes, values):
    """The array module's `where` itself, without the kernel's frame."""
    return ctx.xp.where


@_kernel("SelectV2", string_host_memory=("condition", "t", "e", "output"),
         specialize=_specialize_select)
def select(ctx, condition, t, e):
    return ctx.xp.where(condition, t, e)


# Slicing, padding, reversing ---------------------------------------------------------------------
def _specialize_slicing(plan: Callable) -> Callable:
    """A specializer for a slicing op whose index `plan(shape, *spec, **masks).key` is fixed
    once the input's shape and the spec's values are: the NumPy index, planned once."""
    def specialize(ctx, attrs, types, shapes, values):
        shape, spec = shapes[0], values[1:]
        if shape is None or None in shape or any(v is None for v in spec):
            return None
        try:
            key = plan(shape, *(_ints(v) for v in spec), **attrs).key
        except (InvalidArgumentError, IndexError):
            return None  # a bad spec: the kernel raises it if the op ever runs
        return lambda x, *_: x[key]
    return specialize


@_kernel("Slice", host_memory=("begin", "size"), string_host_memory=("input", "output"),
         specialize=_specialize_slicing(plan_slice))
def slice_(ctx, x, begin, size):
    return x[plan_slice(x.shape, _ints(begin), _ints(size)).key]


@_kernel("StridedSlice", host_memory=("begin", "end", "strides"),
         string_host_memory=("input", "output"), specialize=_specialize_slicing(plan_strided_slice))
def strided_slice(ctx, x, begin, end, strides, **masks):
    return x[plan_strided_slice(x.shape, _ints(begin), _ints(end), _ints(strides), **masks).key]


@_kernel("PadV2", host_memory=("paddings", "constant_values"),
         string_host_memory=("input", "output"))
def pad(ctx, x, paddings, constant_values):
    # xp.pad would turn a string fill value into np.bytes_; a filled array keeps it `bytes`.
    pads = paddings.tolist()
    shape = tuple(d + before + after for d, (before, after) in zip(x.shape, pads))
    out = full(ctx, shape, constant_values[()], x.dtype)
    out[tuple(slice(before, before + d) for d, (before, _) in zip(x.shape, pads))] = x
    return out


@_kernel("MirrorPad", host_memory=("paddings",), string_host_memory=("input", "output"))
def mirror_pad(ctx, x, paddings, mode):
    return ctx.xp.pad(x, paddings.tolist(), mode=mode.lower())


@_kernel("ReverseV2", host_memory=("axis",), string_host_memory=("tensor", "output"))
def reverse(ctx, x, axis):
    axes = {_axis(a, x.ndim) for a in _ints(axis)}
    flip = slice(None, None, -1)
    return x[tuple(flip if d in axes else slice(None) for d in range(x.ndim)) + (Ellipsis,)]


# Scatters --------------------------------------------------------------------------------------
def _scatter(ctx, out, indices, updates, how: str | None):
    """Writes `updates` into `out` at the coordinates `indices` (in place): assigned (`how`
    None; the last of repeated coordinates wins), or combined with the ufunc `how` (`add`,
    `subtract`, `minimum`, `maximum`), which `ufunc.at` applies to every repeat."""
    k = indices.shape[-1]
    found = _first_bad(ctx, indices, (indices < 0) | (indices >= ctx.xp.asarray(
        np.array(out.shape[:k], dtype=np.int64))))
    if found is not None:
        host, at = found
        row = at[:-1]
        name = f"indices[{','.join(map(str, row))}]" if row else "indices"
        raise InvalidArgumentError(f"{name} = {host[row].tolist()} does not index into shape "
                                   f"{list(out.shape)}")
    flat = indices.reshape(-1, k)
    where = tuple(flat[:, j] for j in range(k))
    values = updates.reshape((flat.shape[0],) + out.shape[k:])
    if how is None:
        out[where] = values
    else:
        getattr(ctx.xp, how).at(out, where, values)
    return out


@register_kernel("ScatterNd", device=BOTH, host_memory=("shape",))
def scatter_nd(ctx, indices, updates, shape):
    out = ctx.xp.zeros(tuple(int(d) for d in shape), dtype=updates.dtype)
    return _scatter(ctx, out, indices, updates, "add")


@_kernel("TensorScatterUpdate", string_host_memory=("tensor", "indices", "updates", "output"))
def tensor_scatter_update(ctx, tensor, indices, updates):
    return _scatter(ctx, tensor.copy(), indices, updates, None)


def _tensor_scatter(how: str) -> Callable:
    def kernel(ctx, tensor, indices, updates):
        return _scatter(ctx, tensor.copy(), indices, updates, how)
    return kernel


for _op, _how in (("TensorScatterAdd", "add"), ("TensorScatterSub", "subtract"),
                  ("TensorScatterMin", "minimum"), ("TensorScatterMax", "maximum")):
    register_kernel(_op, device=BOTH)(_tensor_scatter(_how))


@register_kernel("SparseToDense", device=BOTH, host_memory=("output_shape",))
def sparse_to_dense(ctx, indices, output_shape, values, default_value, validate_indices):
    xp = ctx.xp
    shape = tuple(int(d) for d in output_shape.reshape(-1))
    coords = indices.reshape(-1, 1) if indices.ndim < 2 else indices
    coords = coords.astype(np.int64, copy=False)
    bad = ((coords < 0) | (coords >= xp.asarray(np.array(shape, np.int64)))).any(axis=1)
    _refuse_sparse_index(ctx, coords, bad, lambda at: f"is out of bounds: need 0 <= index < "
                                                       f"[{','.join(map(str, shape))}]")
    if validate_indices and coords.shape[0] > 1:
        strides = np.cumprod((shape[1:] + (1,))[::-1])[::-1].astype(np.int64)
        flat = coords @ xp.asarray(strides)
        step = xp.concatenate([xp.ones(1, np.int64), xp.diff(flat)])
        _refuse_sparse_index(ctx, coords, step < 0, lambda at: (
            "is out of order. Many sparse ops require sorted indices.\n    Use "
            "`ag.sparse.reorder` to create a correctly ordered copy.\n\n"))
        _refuse_sparse_index(ctx, coords, step == 0, lambda at: "is repeated")
    out = xp.full(shape, default_value, dtype=default_value.dtype)
    if coords.shape[0]:
        out[tuple(coords[:, j] for j in range(coords.shape[1]))] = values
    return out


def _refuse_sparse_index(ctx, coords, bad, what: Callable) -> None:
    """InvalidArgumentError naming the first bad coordinate as TensorFlow's SparseToDense."""
    found = _first_bad(ctx, coords, bad)
    if found is not None:
        host, (at,) = found
        raise InvalidArgumentError(f"indices[{at}] = [{','.join(map(str, host[at].tolist()))}] "
                                   f"{what(at)}")


# Sorting and counting ----------------------------------------------------------------------------
def _order(xp, x, axis: int, descending: bool):
    """Positions that sort `x` along `axis`, ties in their order (a stable sort): descending by
    sorting the reversed axis ascending and reading the result backwards."""
    stable = {} if getattr(xp, "__name__", "") == "cupy" else {"kind": "stable"}  # CuPy's is
    if not descending:
        return xp.argsort(x, axis=axis, **stable)
    n = x.shape[axis]
    flipped = xp.argsort(xp.flip(x, axis=axis), axis=axis, **stable)
    return (n - 1) - xp.flip(flipped, axis=axis)


@register_kernel("Sort", device=BOTH)
def sort(ctx, x, axis, descending):
    order = _order(ctx.xp, x, axis, descending)
    return ctx.xp.take_along_axis(x, order, axis=axis), order.astype(np.int32)


@_kernel("Unique", string_host_memory=("x", "y", "idx"))
def unique(ctx, x, out_idx):
    xp = ctx.xp
    _, first, inverse = xp.unique(x, return_index=True, return_inverse=True)
    order = xp.argsort(first)  # the distinct values, in the order they first appear
    position = xp.empty_like(order)
    position[order] = xp.arange(order.shape[0])
    return x[first[order]], position[inverse.reshape(-1)].astype(out_idx.np_dtype)


def _bound(side: str) -> Callable:
    def kernel(ctx, sorted_inputs, values, out_type):
        xp = ctx.xp
        rows = [xp.searchsorted(sorted_inputs[i], values[i], side=side)
                for i in range(values.shape[0])]
        out = xp.stack(rows) if rows else xp.zeros(values.shape, np.int64)
        return out.astype(out_type.np_dtype)
    return kernel


register_kernel("LowerBound", device=BOTH)(_bound("left"))
register_kernel("UpperBound", device=BOTH)(_bound("right"))


@register_kernel("HistogramFixedWidth", device=BOTH, host_memory=("value_range", "nbins"))
def histogram_fixed_width(ctx, values, value_range, nbins, dtype):
    xp = ctx.xp
    low, high = (float(v) for v in value_range)
    bins = int(nbins)
    scaled = (values.astype(np.float64) - low) / (high - low) * bins
    index = xp.clip(xp.floor(scaled), 0, bins - 1).astype(np.int64)
    return xp.bincount(index.reshape(-1), minlength=bins).astype(dtype.np_dtype)
