"""Kernels of the complex-number ops, written once against `ctx.xp`."""

from autograph.kernels.common import BOTH
from autograph.runtime.registry.kernel_registry import register_kernel


@register_kernel("Complex", device=BOTH)
def complex_(ctx, real, imag, Tout):
    # Parts set one by one: real + 1j * imag would turn an infinite imag into a NaN real part.
    real, imag = ctx.xp.broadcast_arrays(real, imag)
    out = ctx.xp.empty(real.shape, dtype=Tout.np_dtype)
    out.real = real
    out.imag = imag
    return out


@register_kernel("Real", device=BOTH)
def real(ctx, input, Tout):  # noqa: A002
    return ctx.xp.real(input).copy()  # a view would share the input's memory


@register_kernel("Imag", device=BOTH)
def imag(ctx, input, Tout):  # noqa: A002
    return ctx.xp.imag(input).copy()


@register_kernel("ComplexAbs", device=BOTH)
def complex_abs(ctx, x, Tout):
    return ctx.xp.abs(x)


@register_kernel("Angle", device=BOTH)
def angle(ctx, input, Tout):  # noqa: A002
    return ctx.xp.angle(input)


@register_kernel("Conj", device=BOTH)
def conj(ctx, input):  # noqa: A002
    return ctx.xp.conj(input)
