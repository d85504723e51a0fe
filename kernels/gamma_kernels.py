"""RandomGammaGrad: the derivative of a Gamma(alpha, 1) sample with respect to alpha, by
implicit differentiation (Figurnov et al., 2018), as TensorFlow computes it (Eigen's
`gamma_sample_der_alpha`):

    d sample / d alpha = -(dP(alpha, x) / d alpha) / (dP(alpha, x) / dx)

where P is the regularized lower incomplete gamma function and dP/dx the Gamma density. The
ratio comes from the series of P (x <= 1 or x <= alpha) or the continued fraction of 1 - P
(x > 1 and x > alpha), each carried with its derivative in alpha, the common factor
x^alpha e^-x / Gamma(alpha) cancelling. Where that factor underflows the dtype (far in either
tail), the result is 0, as TensorFlow's. Computed in float64 whatever the dtype, so float32
results are TensorFlow's to about 1e-6 (it computes in float32), float64 ones to about 1e-13.
"""

from __future__ import annotations

import numpy as np

from autograph.kernels.common import BOTH
from autograph.runtime.registry.kernel_registry import register_kernel

_EPSILON = np.finfo(np.float64).eps / 2  # Cephes' machep
_BIG, _BIG_INVERSE = 4503599627370496.0, 2.22044604925031308085e-16
_MAX_ITERATIONS = 2000
_LANCZOS = (0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
            -176.61502916214059, 12.507343278686905, -0.13857109526572012,
            9.9843695780195716e-6, 1.5056327351493116e-7)


def _lgamma(xp, x):
    """log Gamma(x) for x >= 1 (Lanczos, g = 7); only the underflow test needs it."""
    x = x - 1.0
    total = xp.full_like(x, _LANCZOS[0])
    for k, coefficient in enumerate(_LANCZOS[1:], start=1):
        total = total + coefficient / (x + k)
    t = x + 7.5
    return 0.5 * np.log(2 * np.pi) + (x + 0.5) * xp.log(t) - t + xp.log(total)


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
    # TensorFlow's 0 where x^a e^-x / Gamma(a + 1) (series) or x^a e^-x / Gamma(a)
    # (continued fraction, whose result is negated: -0.0) underflows the dtype
    floor = -np.log(np.finfo(dtype).max)
    log_factor = a_safe * xp.log(x_safe) - x_safe - _lgamma(xp, a_safe + 1.0)
    out = xp.where(series & (log_factor < floor), 0.0, out)
    out = xp.where(fraction & (log_factor + xp.log(a_safe) < floor), -0.0, out)
    out = xp.where((x == 0) & (a > 0), 0.0, out)
    out = xp.where(xp.isposinf(x) & (a > 0), -0.0, out)
    out = xp.where((a > 0) & (x >= 0), out, np.nan)
    return out.astype(dtype)
