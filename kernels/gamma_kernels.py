"""RandomGammaGrad: the derivative of a Gamma(alpha, 1) sample with respect to alpha, by
implicit differentiation (Figurnov et al., 2018), as TensorFlow computes it (Eigen's
`gamma_sample_der_alpha`):

    d sample / d alpha = -(dP(alpha, x) / d alpha) / (dP(alpha, x) / dx)

where P is the regularized lower incomplete gamma function and dP/dx the Gamma density. The
ratio comes from the series of P (x <= 1 or x <= alpha) or the continued fraction of 1 - P
(x > 1 and x > alpha), each carried with its derivative in alpha, the common factor
x^alpha e^-x / Gamma(alpha) cancelling. Where that factor is below the dtype's smallest normal
number (far in either tail), the result is 0, as TensorFlow's. Computed in float64 whatever
the dtype, so float32 results are TensorFlow's to about 1e-5 (it computes in float32), float64
ones to about 1e-13.
"""

from __future__ import annotations

import math

import numpy as np

from autograph.kernels.common import BOTH
from autograph.runtime.registry.kernel_registry import register_kernel

_EPSILON = np.finfo(np.float64).eps / 2  # Cephes' machep
_BIG, _BIG_INVERSE = 4503599627370496.0, 2.22044604925031308085e-16
_MAX_ITERATIONS = 2000


def _log_gamma(ctx, a):
    """log Gamma(a), elementwise (neither NumPy nor CuPy has it); only the underflow test
    needs it."""
    return ctx.xp.asarray(np.vectorize(math.lgamma, otypes=[np.float64])(ctx.to_host(a)))


def _digamma(xp, x):
    """psi(x) for x > 0: the recurrence up to x >= 10, then the asymptotic series."""
    shift = xp.zeros_like(x)
    for _ in range(10):
        small = x < 10.0
        shift = xp.where(small, shift - 1.0 / x, shift)
        x = xp.where(small, x + 1.0, x)
    inverse2 = 1.0 / (x * x)
    series = inverse2 * (1 / 12 - inverse2 * (1 / 120 - inverse2 * (1 / 252 - inverse2 * (
        1 / 240 - inverse2 / 132))))
    return shift + xp.log(x) - 0.5 / x - series


def _series(xp, a, x):
    """-(dP/da) / (dP/dx) from P's series (Cephes `igam`, with derivatives)."""
    r, c, total, dc, dtotal = a, xp.ones_like(a), xp.ones_like(a), xp.zeros_like(a), \
        xp.zeros_like(a)
    active = xp.ones(a.shape, bool)
    for _ in range(_MAX_ITERATIONS):
        r = r + 1.0
        term = x / r
        dc = xp.where(active, term * dc - x / (r * r) * c, dc)
        c = xp.where(active, c * term, c)
        total = xp.where(active, total + c, total)
        dtotal = xp.where(active, dtotal + dc, dtotal)
        active = active & (xp.abs(dc) > xp.abs(dtotal) * _EPSILON)
        if not bool(active.any()):
            break
    return -(dtotal + total * (xp.log(x) - _digamma(xp, a + 1.0))) * x / a


def _continued_fraction(xp, a, x):
    """-(dP/da) / (dP/dx) from 1 - P's continued fraction (Cephes `igamc`, with
    derivatives)."""
    y, c = 1.0 - a, xp.zeros_like(a)
    z = x + y + 1.0
    pkm2, qkm2, pkm1, qkm1 = xp.ones_like(a), x, x + 1.0, z * x
    dpkm2, dqkm2, dpkm1, dqkm1 = xp.zeros_like(a), xp.zeros_like(a), xp.zeros_like(a), -x
    total = pkm1 / qkm1
    dtotal = (dpkm1 - total * dqkm1) / qkm1
    active = xp.ones(a.shape, bool)
    for _ in range(_MAX_ITERATIONS):
        c, y, z = c + 1.0, y + 1.0, z + 2.0
        yc = y * c
        pk, qk = pkm1 * z - pkm2 * yc, qkm1 * z - qkm2 * yc
        dpk = dpkm1 * z - pkm1 - dpkm2 * yc + pkm2 * c
        dqk = dqkm1 * z - qkm1 - dqkm2 * yc + qkm2 * c
        update = active & (qk != 0)
        safe_qk = xp.where(qk != 0, qk, 1.0)
        new_total = xp.where(update, pk / safe_qk, total)
        new_dtotal = xp.where(update, (dpk - new_total * dqk) / safe_qk, dtotal)
        active = active & ~(update & (xp.abs(new_dtotal - dtotal) <= _EPSILON))
        total, dtotal = new_total, new_dtotal
        pkm2, pkm1, qkm2, qkm1 = pkm1, pk, qkm1, qk
        dpkm2, dpkm1, dqkm2, dqkm1 = dpkm1, dpk, dqkm1, dqk
        big = xp.abs(pk) > _BIG
        pkm2, pkm1, qkm2, qkm1, dpkm2, dpkm1, dqkm2, dqkm1 = (
            xp.where(big, v * _BIG_INVERSE, v)
            for v in (pkm2, pkm1, qkm2, qkm1, dpkm2, dpkm1, dqkm2, dqkm1))
        if not bool(active.any()):
            break
    return (dtotal + total * (xp.log(x) - _digamma(xp, a))) * x


@register_kernel("RandomGammaGrad", device=BOTH)
def random_gamma_grad(ctx, alpha, sample):
    xp, dtype = ctx.xp, alpha.dtype
    a, x = xp.broadcast_arrays(alpha.astype(np.float64), sample.astype(np.float64))
    x = xp.where(xp.abs(x) < np.finfo(dtype).tiny, 0.0, x)  # subnormals flushed, as TensorFlow
    valid = (a > 0) & (x > 0) & xp.isfinite(x)  # NaNs fail every comparison
    fraction = valid & (x > 1.0) & (x > a)
    series = valid & ~fraction
    a_safe, x_safe = xp.where(valid, a, 1.0), xp.where(valid, x, 1.0)
    out = xp.where(series, _series(xp, xp.where(series, a_safe, 1.0),
                                   xp.where(series, x_safe, 0.5)), 0.0)
    out = xp.where(fraction, _continued_fraction(xp, xp.where(fraction, a_safe, 1.0),
                                                 xp.where(fraction, x_safe, 2.0)), out)
    # TensorFlow's 0 (-0.0 from the continued fraction, whose result is negated) where the
    # factor x^a e^-x / Gamma(a) is below the dtype's smallest normal number (flushed to 0)
    log_factor = a_safe * xp.log(x_safe) - x_safe - _log_gamma(ctx, a_safe)
    flushed = log_factor < np.log(np.finfo(dtype).tiny)
    out = xp.where(series & flushed, 0.0, out)
    out = xp.where(fraction & flushed, -0.0, out)
    out = xp.where(xp.isposinf(x) & (a > 0), -0.0, out)
    out = xp.where((a > 0) & (x >= 0), out, np.nan)
    return xp.where(x == 0, 0.0, out).astype(dtype)  # whatever alpha, as TensorFlow
