"""Kernels of the math ops, written once against the array module `ctx.xp`."""

from runtime.dtypes import REAL_NUMBER_TYPES, string
from runtime.kernel_registry import register_kernel

BOTH = ("CPU", "GPU")


@register_kernel("AddV2", device=BOTH, type_constraints={"T": REAL_NUMBER_TYPES})
def add(ctx, x, y):
    return ctx.xp.add(x, y)


@register_kernel("AddV2", device=BOTH, type_constraints={"T": [string]},
                 host_memory=("x", "y", "z"))
def add_strings(ctx, x, y):
    import numpy as np
    return np.add(x, y)


@register_kernel("Neg", device=BOTH)
def neg(ctx, x):
    return ctx.xp.negative(x)
