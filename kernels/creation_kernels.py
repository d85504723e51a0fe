"""Kernels of the creation ops, written once against the array module `ctx.xp`.

String tensors stay in host memory on every device, so their kernels use NumPy directly.
"""

import numpy as np

from autograph.kernels.common import BOTH, NUMBERS_AND_BOOL, dims, full
from autograph.runtime.core.dtypes import resource, string, variant
from autograph.runtime.ops.creation.defs import range_size
from autograph.runtime.registry.kernel_registry import register_kernel


@register_kernel("Const", device=BOTH, type_constraints={"dtype": NUMBERS_AND_BOOL})
def const(ctx, value, dtype):
    # No copy on the CPU: attr values are immutable, like every tensor.
    return ctx.import_array(value)


# Host-only values: strings, and handles of variables (resources) and lists (variants), which
# are graph constants where a graph uses a variable or list made eagerly. Handles and lists are
# safe to share between runs: lists are persistent, and a handle only names its variable.
@register_kernel("Const", device=BOTH, type_constraints={"dtype": [string, resource, variant]},
                 host_memory=("output",))
def const_on_host(ctx, value, dtype):
    return np.asarray(value)


@register_kernel("Fill", device=BOTH, type_constraints={"T": NUMBERS_AND_BOOL},
                 host_memory=("dims",))
def fill(ctx, shape, value):
    return full(ctx, dims(shape), value, value.dtype)


@register_kernel("Fill", device=BOTH, type_constraints={"T": [string]},
                 host_memory=("dims", "value", "output"))
def fill_strings(ctx, shape, value):
    return np.full(dims(shape), value, dtype=object)


@register_kernel("ZerosLike", device=BOTH, type_constraints={"T": NUMBERS_AND_BOOL})
def zeros_like(ctx, x):
    return ctx.xp.zeros_like(x)


@register_kernel("ZerosLike", device=BOTH, type_constraints={"T": [string]},
                 host_memory=("x", "y"))
def zeros_like_strings(ctx, x):
    return np.full(x.shape, b"", dtype=object)


@register_kernel("OnesLike", device=BOTH)
def ones_like(ctx, x):
    return ctx.xp.ones_like(x)


@register_kernel("Range", device=BOTH, host_memory=("start", "limit", "delta"))
def range_(ctx, start, limit, delta):
    start, limit, delta = start[()], limit[()], delta[()]
    n = range_size(start, limit, delta)
    # Each value is computed from its index (no accumulated rounding), in a wide type.
    wide = ctx.xp.float64 if start.dtype.kind == "f" else ctx.xp.int64
    steps = ctx.xp.arange(n, dtype=wide)
    return (steps * wide(delta) + wide(start)).astype(start.dtype)


@register_kernel("LinSpace", device=BOTH, host_memory=("num",))
def linspace(ctx, start, stop, num, axis):
    xp = ctx.xp
    num = int(num[()])
    first, last = xp.broadcast_arrays(start.astype(xp.float64), stop.astype(xp.float64))
    first, last = first[..., None], last[..., None]
    step = (last - first) / max(num - 1, 1)
    out = first + step * xp.arange(num, dtype=xp.float64)
    if num > 1:
        out[..., -1] = last[..., 0]  # the end point exactly, as NumPy and TensorFlow give it
    if axis < 0:
        axis += out.ndim
    return xp.moveaxis(out, -1, axis).astype(start.dtype)


@register_kernel("Eye", device=BOTH, host_memory=("num_rows", "num_columns"))
def eye(ctx, num_rows, num_columns, dtype, batch_shape):
    xp = ctx.xp
    matrix = xp.eye(int(num_rows), int(num_columns), dtype=dtype.np_dtype)
    if not batch_shape:
        return matrix
    return xp.broadcast_to(matrix, tuple(batch_shape) + matrix.shape).copy()


def _specialize_cast(ctx, attrs, types, shapes, values):
    """Casts from integers and bools to anything but float16: `astype` alone, with no
    `np.errstate` (an integer wraps around silently, and only float16 is too narrow for one)."""
    target = attrs["DstT"].np_dtype
    if types[0].np_dtype.kind not in "iub" or target == np.float16:
        return None
    return lambda x: x.astype(target)


@register_kernel("Cast", device=BOTH, specialize=_specialize_cast)
def cast(ctx, x, DstT):
    if x.dtype.kind == "c" and DstT.kind != "c":
        x = x.real  # complex -> real or bool reads the real part only, as TensorFlow
    # Out-of-range float -> int casts are undefined, as in TensorFlow; NumPy would warn.
    with np.errstate(invalid="ignore", over="ignore"):
        return x.astype(DstT.np_dtype)
