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


# Stateless draws: NumPy's Philox generator keyed by the seed, on the host (so that every
# device gives the same numbers), then moved to the kernel's device.
def _philox(seed) -> np.random.Generator:
    key = np.asarray(seed, dtype=np.int64).astype(np.uint64)
    return np.random.Generator(np.random.Philox(key=key))


def _stateless(draw):
    def kernel(ctx, shape, seed, dtype):
        size = dims(shape)
        values = draw(_philox(seed), size, dtype)
        return ctx.xp.asarray(np.asarray(values, dtype=dtype.np_dtype).reshape(size))
    return kernel


def _uniform(rng, size, dtype):
    out = rng.random(size).astype(dtype.np_dtype)
    return np.minimum(out, np.nextafter(dtype.as_numpy_dtype(1), dtype.as_numpy_dtype(0)))


def _truncated(rng, size, dtype):
    count = int(np.prod(size))
    out = rng.standard_normal(count)
    bad = np.abs(out) > 2.0
    while bad.any():  # redrawn until every value is within two standard deviations
        out[bad] = rng.standard_normal(int(bad.sum()))
        bad = np.abs(out) > 2.0
    return out


def _full_int(rng, size, dtype):
    info = np.iinfo(dtype.np_dtype)
    return rng.integers(info.min, info.max, size=size, dtype=dtype.np_dtype, endpoint=True)


for _op, _draw in (("StatelessRandomUniform", _uniform),
                   ("StatelessRandomNormal", lambda rng, size, dtype: rng.standard_normal(size)),
                   ("StatelessTruncatedNormal", _truncated),
                   ("StatelessRandomUniformFullInt", _full_int)):
    register_kernel(_op, device=BOTH, host_memory=("shape", "seed"))(_stateless(_draw))


@register_kernel("StatelessRandomUniformInt", device=BOTH,
                 host_memory=("shape", "seed", "minval", "maxval"))
def stateless_random_uniform_int(ctx, shape, seed, minval, maxval):
    size = dims(shape)
    values = _philox(seed).integers(int(minval), int(maxval), size=size, dtype=minval.dtype)
    return ctx.xp.asarray(values)


# Sampling from distributions and permutations, from the op's seeded stream ------------------------
@register_kernel("Multinomial", device=BOTH, host_memory=("num_samples",))
def multinomial(ctx, logits, num_samples, seed, seed2, output_dtype):
    """The Gumbel-max draw: each sample the class of the largest logit plus Gumbel noise."""
    batch, classes = logits.shape
    count = int(num_samples)
    state = random_seed.stream(ctx, seed, seed2)
    noise = state.gumbel(size=(batch, count, classes))
    scores = logits.astype(np.float64)[:, None, :] + noise
    return ctx.xp.argmax(scores, axis=-1).astype(output_dtype.np_dtype)


@register_kernel("RandomShuffle", device=BOTH)
def random_shuffle(ctx, value, seed, seed2):
    if value.ndim == 0 or value.shape[0] < 2:
        return value
    return value[random_seed.stream(ctx, seed, seed2).permutation(value.shape[0])]


@register_kernel("RandomGamma", device=BOTH, host_memory=("shape",))
def random_gamma(ctx, shape, alpha, seed, seed2):
    size = dims(shape) + tuple(alpha.shape)
    if 0 in size:
        return ctx.xp.empty(size, alpha.dtype)
    state = random_seed.stream(ctx, seed, seed2)
    return state.gamma(ctx.xp.broadcast_to(alpha, size), size=size).astype(alpha.dtype)


@register_kernel("RandomPoissonV2", device=BOTH, host_memory=("shape",))
def random_poisson(ctx, shape, rate, seed, seed2, dtype):
    size = dims(shape) + tuple(rate.shape)
    if 0 in size:
        return ctx.xp.empty(size, dtype.np_dtype)
    state = random_seed.stream(ctx, seed, seed2)
    return state.poisson(ctx.xp.broadcast_to(rate, size), size=size).astype(dtype.np_dtype)
