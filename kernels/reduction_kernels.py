"""Kernels of the reductions, ArgMax/ArgMin, Cumsum and Softmax, written once against `ctx.xp`.

Axis inputs live in host memory, so they arrive as NumPy arrays on every device; the shape
functions have checked them already, so kernels only normalise them. float16 sums and products
accumulate in float32, and integer means in 64 bits, so they neither lose precision nor
overflow on the way; the result has the input's dtype. A reduction of a large NumPy array over
some of its axes is split across the intra-op threads along an axis it keeps (`_in_parts`).
"""

import math

import numpy as np

from autograph.kernels.common import BOTH, by_columns, last_axis_extremum, quiet
from autograph.runtime.core import thread_pools
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.ops.array.shapes import broadcast_reduction_axes
from autograph.runtime.registry.kernel_registry import register_kernel

SPLIT_ELEMENTS = 1 << 20
"""Elements a reduction of a NumPy array has at least before its rows are split across the
intra-op threads (`_in_parts`)."""


def _axes(x, reduction_indices) -> tuple[int, ...]:
    """The reduced axes of `x`: non-negative, sorted, without repeats."""
    return tuple(sorted({int(a) % x.ndim for a in np.reshape(reduction_indices, -1)}))


def _reduced_shape(shape: tuple, axes: tuple, keep_dims: bool) -> tuple:
    if keep_dims:
        return tuple(1 if i in axes else d for i, d in enumerate(shape))
    return tuple(d for i, d in enumerate(shape) if i not in axes)


def _in_parts(reduce, x, axes: tuple, keep_dims: bool):
    """`reduce(x)`, for a large NumPy array cut along the first axis it keeps (of at least as
    many rows as threads) into one part per intra-op thread. Every output element is reduced
    from the same values in the same order, so the bits do not change; a reduction over every
    axis stays whole, as its order of additions would."""
    if x.size < SPLIT_ELEMENTS or type(x) is not np.ndarray:
        return reduce(x)
    threads = thread_pools.intra_op_threads()
    kept = next((a for a in range(x.ndim) if a not in axes and x.shape[a] >= threads), None)
    if threads < 2 or kept is None:
        return reduce(x)
    parts = {}

    def work(start: int, stop: int) -> None:
        parts[start] = reduce(x[(slice(None),) * kept + (slice(start, stop),)])
    thread_pools.split(work, x.shape[kept], threads)
    at = kept if keep_dims else kept - sum(a < kept for a in axes)
    return np.concatenate([parts[start] for start in sorted(parts)], axis=at)


def _accumulator(dtype: np.dtype) -> np.dtype:
    return np.dtype(np.float32) if dtype == np.float16 else dtype


def _specialize_sum_like(reduce: str):
    """Sum and Prod over constant axes: the axes normalised once, the accumulator and the cast
    back chosen once, and `np.errstate` only where the dtype may warn (not on integers)."""
    def specialize(ctx, attrs, types, shapes, values):
        shape, axis = shapes[0], values[1]
        if shape is None or not shape or axis is None:
            return None
        axes = tuple(sorted({int(a) % len(shape) for a in np.reshape(axis, -1)}))
        if not axes:
            return None
        dtype = types[0].np_dtype
        accumulator, keep_dims = _accumulator(dtype), attrs["keep_dims"]
        if dtype.kind in "iub":
            def whole(x):
                return getattr(x, reduce)(axis=axes, dtype=dtype, keepdims=keep_dims)
        else:
            @quiet
            def whole(x):
                out = getattr(x, reduce)(axis=axes, dtype=accumulator, keepdims=keep_dims)
                return out if accumulator is dtype else out.astype(dtype, copy=False)
        if _small(shape):
            return lambda x, _: whole(x)
        return lambda x, _: _in_parts(whole, x, axes, keep_dims)
    return specialize


def _small(shape: tuple) -> bool:
    """Whether a static shape is too small ever to be split (`_in_parts`)."""
    return None not in shape and math.prod(shape) < SPLIT_ELEMENTS


def _sum_like(op_name: str, reduce: str):
    @register_kernel(op_name, device=BOTH, host_memory=("reduction_indices",),
                     specialize=_specialize_sum_like(reduce))
    def kernel(ctx, x, reduction_indices, keep_dims):  # its arithmetic is `whole`'s, quiet
        axes = _axes(x, reduction_indices)
        if not axes:  # x itself, as TensorFlow forwards the input's buffer: a gradient's sum
            return x  # over the axes a broadcast added, when there are none

        @quiet
        def whole(x):
            out = getattr(ctx.xp, reduce)(x, axis=axes, dtype=_accumulator(x.dtype),
                                          keepdims=keep_dims)
            return out.astype(x.dtype, copy=False)
        return _in_parts(whole, x, axes, keep_dims)
    return kernel


_sum = _sum_like("Sum", "sum")
_sum_like("Prod", "prod")


@register_kernel("_SumToShape", device=BOTH, host_memory=("shape",))
def sum_to_shape(ctx, gradient, shape):
    """`Reshape(Sum(gradient, BroadcastGradientArgs(shape, Shape(gradient))[0]), shape)` with
    the same kernels; a gradient already of that shape is returned as it is, which the sum
    over the axes of size 1 in both would copy unchanged."""
    dims = tuple(shape.tolist())
    if gradient.shape == dims:
        return gradient
    try:
        axes, _ = broadcast_reduction_axes(list(dims), list(gradient.shape))
    except ValueError as e:
        raise InvalidArgumentError(str(e)) from None
    summed = _sum(ctx, gradient, np.array(axes, np.int32), keep_dims=False)
    return ctx.xp.reshape(summed, dims)


def _specialize_mean(ctx, attrs, types, shapes, values):
    """A float Mean over constant axes of a static shape: the axes and the count found once."""
    shape, axis = shapes[0], values[1]
    dtype = types[0].np_dtype
    if (shape is None or not shape or None in shape or axis is None
            or dtype.kind not in "fc"):
        return None
    axes = tuple(sorted({int(a) % len(shape) for a in np.reshape(axis, -1)}))
    count = math.prod(shape[a] for a in axes)
    if not axes or not count:
        return None
    accumulator, keep_dims = _accumulator(dtype), attrs["keep_dims"]

    @quiet
    def whole(x):
        total = x.sum(axis=axes, dtype=accumulator, keepdims=keep_dims)
        return (total / count).astype(dtype, copy=False)
    if _small(shape):
        return lambda x, _: whole(x)
    return lambda x, _: _in_parts(whole, x, axes, keep_dims)


@register_kernel("Mean", device=BOTH, host_memory=("reduction_indices",),
                 specialize=_specialize_mean)
@quiet
def mean(ctx, x, reduction_indices, keep_dims):
    xp = ctx.xp
    axes = _axes(x, reduction_indices)
    if not axes:
        return x.copy()
    count = math.prod(x.shape[a] for a in axes)
    if x.dtype.kind in "fc":  # an empty mean is 0 / 0 = NaN, as in TensorFlow
        @quiet
        def whole(x):
            total = xp.sum(x, axis=axes, dtype=_accumulator(x.dtype), keepdims=keep_dims)
            return (total / count).astype(x.dtype, copy=False)
        return _in_parts(whole, x, axes, keep_dims)
    wide = np.int64 if x.dtype.kind == "i" else np.uint64
    total = xp.sum(x, axis=axes, dtype=wide, keepdims=keep_dims)
    if count == 0:
        return xp.zeros(_reduced_shape(x.shape, axes, keep_dims), x.dtype)
    quotient = total // count
    if x.dtype.kind == "i":  # floor division rounds negative means down: truncate instead
        quotient = quotient + ((quotient * count != total) & (total < 0))
    return quotient.astype(x.dtype, copy=False)


def _extremum(op_name: str, reduce: str, empty_float: float, empty_int: str):
    @register_kernel(op_name, device=BOTH, host_memory=("reduction_indices",))
    def kernel(ctx, x, reduction_indices, keep_dims):
        xp = ctx.xp
        axes = _axes(x, reduction_indices)
        if not axes:
            return x.copy()
        if x.size == 0:  # TensorFlow's identity element: the dtype's lowest (highest) value
            fill = empty_float if x.dtype.kind == "f" else getattr(np.iinfo(x.dtype), empty_int)
            return xp.full(_reduced_shape(x.shape, axes, keep_dims), fill, dtype=x.dtype)
        if axes == (x.ndim - 1,):
            return _in_parts(lambda x: last_axis_extremum(xp, reduce, x, keep_dims), x, axes,
                             keep_dims)
        return _in_parts(lambda x: getattr(xp, reduce)(x, axis=axes, keepdims=keep_dims), x,
                         axes, keep_dims)


_extremum("Max", "amax", -np.inf, "min")
_extremum("Min", "amin", np.inf, "max")


def _logical(op_name: str, reduce: str):
    @register_kernel(op_name, device=BOTH, host_memory=("reduction_indices",))
    def kernel(ctx, x, reduction_indices, keep_dims):
        axes = _axes(x, reduction_indices)
        if not axes:
            return x.copy()
        return _in_parts(lambda x: getattr(ctx.xp, reduce)(x, axis=axes, keepdims=keep_dims),
                         x, axes, keep_dims)


_logical("Any", "any")
_logical("All", "all")


def _arg_extremum(op_name: str, find: str, nan_as: float):
    @register_kernel(op_name, device=BOTH, host_memory=("dimension",))
    def kernel(ctx, x, dimension, output_type):
        if x.dtype.kind == "f":
            missing = ctx.xp.isnan(x)
            if missing.any():  # as TensorFlow, NaNs are passed over (all NaN: index 0)
                x = ctx.xp.where(missing, x.dtype.type(nan_as), x)
        index = getattr(ctx.xp, find)(x, axis=int(dimension) % x.ndim)
        return index.astype(output_type.np_dtype, copy=False)


_arg_extremum("ArgMax", "argmax", -np.inf)
_arg_extremum("ArgMin", "argmin", np.inf)


@register_kernel("Cumsum", device=BOTH, host_memory=("axis",))
def cumsum(ctx, x, axis, exclusive, reverse):
    xp = ctx.xp
    axis = int(axis) % x.ndim
    if reverse:
        x = xp.flip(x, axis)
    out = xp.cumsum(x, axis=axis, dtype=x.dtype)
    if exclusive:  # shift by one along the axis: out[i] = sum of x[:i]
        shifted = xp.zeros_like(out)
        to, frm = [slice(None)] * x.ndim, [slice(None)] * x.ndim
        to[axis], frm[axis] = slice(1, None), slice(None, -1)
        shifted[tuple(to)] = out[tuple(frm)]
        out = shifted
    return xp.flip(out, axis) if reverse else out


def _specialize_softmax(ctx, attrs, types, shapes, values):
    """Softmax of a static, non-empty shape: the reductions as array methods (NumPy's
    function wrappers cost more than they do on a small tensor) and the dtypes chosen once."""
    shape = shapes[0]
    if shape is None or None in shape or not math.prod(shape):
        return None
    dtype = types[0].np_dtype
    xp, axis = ctx.xp, attrs["axis"]
    accumulator, exp = _accumulator(dtype), xp.exp
    # Decided once for the static shape: a small tensor keeps the array method, cheapest there.
    columns = xp is np and axis % len(shape) == len(shape) - 1 and by_columns(shape)

    def softmax_of_shape(logits):
        x = logits if accumulator is dtype else logits.astype(accumulator)
        top = (last_axis_extremum(xp, "amax", x, True) if columns
               else x.max(axis=axis, keepdims=True))
        e = exp(x - top)  # shifted: exp cannot overflow
        out = e / e.sum(axis=axis, keepdims=True)
        return out if accumulator is dtype else out.astype(dtype)
    return quiet(softmax_of_shape, arity=1)


@register_kernel("Softmax", device=BOTH, specialize=_specialize_softmax)
@quiet
def softmax(ctx, logits, axis):
    xp = ctx.xp
    if logits.size == 0:
        return logits.copy()
    x = logits.astype(_accumulator(logits.dtype), copy=False)
    last = x.ndim and axis % x.ndim == x.ndim - 1
    top = (last_axis_extremum(xp, "amax", x, True) if last
           else xp.amax(x, axis=axis, keepdims=True))
    e = xp.exp(x - top)  # shifted: exp cannot overflow
    return (e / xp.sum(e, axis=axis, keepdims=True)).astype(logits.dtype, copy=False)
