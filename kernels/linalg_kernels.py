"""Kernels of the matrix products, written once against `ctx.xp`.

An adjoint is the conjugate transpose (a plain transpose for real dtypes). `Einsum` hands its
equation, which the shape function has validated, to `xp.einsum`.
"""

from autograph.kernels.common import BOTH, quiet
from autograph.runtime.registry.kernel_registry import register_kernel


@register_kernel("MatMul", device=BOTH)
@quiet
def mat_mul(ctx, a, b, transpose_a, transpose_b):
    return ctx.xp.matmul(a.T if transpose_a else a, b.T if transpose_b else b)


@register_kernel("BatchMatMulV2", device=BOTH)
@quiet
def batch_mat_mul(ctx, x, y, adj_x, adj_y):
    xp = ctx.xp
    if adj_x:
        x = xp.conj(xp.swapaxes(x, -1, -2))
    if adj_y:
        y = xp.conj(xp.swapaxes(y, -1, -2))
    return xp.matmul(x, y)


@register_kernel("Einsum", device=BOTH)
@quiet
def einsum(ctx, inputs, equation):
    out = ctx.xp.einsum(equation.replace(" ", ""), *inputs)
    return out.astype(inputs[0].dtype, copy=False)
