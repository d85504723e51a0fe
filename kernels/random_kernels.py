"""Kernels of the random ops, written once against the array module `ctx.xp`.

Both NumPy and CuPy draw from an `xp.random.RandomState` that `runtime.core.random_seed.stream`
keeps per device and seed pair, so seeded runs repeat on each device (NumPy and CuPy streams
differ from each other, as TensorFlow's CPU and GPU kernels do).
"""

import numpy as np

from autograph.kernels.common import BOTH, dims
from autograph.runtime.core import random_seed
from autograph.runtime.registry.kernel_registry import register_kernel


@register_kernel("RandomUniform", device=BOTH, host_memory=("shape",))
def random_uniform(ctx, shape, seed, seed2, dtype):
    size = dims(shape)
    if 0 in size:  # nothing to draw: leave cuRAND out of it
        return ctx.xp.empty(size, dtype.np_dtype)
    state = random_seed.stream(ctx, seed, seed2)
    out = state.random_sample(size).astype(dtype.np_dtype)
    # Rounding float64 samples to a narrower float can reach 1.0; keep [0, 1) half-open.
    one = dtype.as_numpy_dtype(1)
    return ctx.xp.minimum(out, np.nextafter(one, dtype.as_numpy_dtype(0)))


@register_kernel("RandomStandardNormal", device=BOTH, host_memory=("shape",))
def random_standard_normal(ctx, shape, seed, seed2, dtype):
    size = dims(shape)
    if 0 in size:
        return ctx.xp.empty(size, dtype.np_dtype)
    state = random_seed.stream(ctx, seed, seed2)
    return state.standard_normal(size).astype(dtype.np_dtype)


@register_kernel("RandomUniformInt", device=BOTH, host_memory=("shape", "minval", "maxval"))
def random_uniform_int(ctx, shape, minval, maxval, seed, seed2):
    size = dims(shape)
    if 0 in size:
        return ctx.xp.empty(size, minval.dtype)
    state = random_seed.stream(ctx, seed, seed2)
    return state.randint(int(minval), int(maxval), size=size, dtype=minval.dtype)
