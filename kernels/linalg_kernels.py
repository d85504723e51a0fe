"""Kernels of the matrix products, written once against `ctx.xp`.

An adjoint is the conjugate transpose (a plain transpose for real dtypes). `Einsum` hands its
equation, which the shape function has validated, to `xp.einsum`. The products take `out=`
(NumPy's and CuPy's `matmul` copy an input that overlaps it first), so that a plan may write an
elementwise op's result into a product it reads last (`x @ w + b` in place).
"""

from autograph.kernels.common import BOTH, quiet
from autograph.runtime.registry.kernel_registry import register_kernel


def _specialize_mat_mul(ctx, attrs, types, shapes, values):
    """A product of untransposed matrices: the array module's `matmul` itself (quiet), without
    the kernel's frame."""
    if attrs["transpose_a"] or attrs["transpose_b"]:
        return None
    return quiet(ctx.xp.matmul, arity=2)


@register_kernel("MatMul", device=BOTH, takes_out=True, specialize=_specialize_mat_mul)
@quiet
def mat_mul(ctx, a, b, transpose_a, transpose_b, out=None):
    return ctx.xp.matmul(a.T if transpose_a else a, b.T if transpose_b else b, out=out)


@register_kernel("BatchMatMulV2", device=BOTH, takes_out=True)
@quiet
def batch_mat_mul(ctx, x, y, adj_x, adj_y, out=None):
    xp = ctx.xp
    if adj_x:
        x = xp.conj(xp.swapaxes(x, -1, -2))
    if adj_y:
        y = xp.conj(xp.swapaxes(y, -1, -2))
    return xp.matmul(x, y, out=out)


@register_kernel("Einsum", device=BOTH)
@quiet
def einsum(ctx, inputs, equation):
    out = ctx.xp.einsum(equation.replace(" ", ""), *inputs)
    return out.astype(inputs[0].dtype, copy=False)


# Decompositions, by LAPACK (NumPy's, or CuPy's cuSOLVER on a GPU), batched over leading axes --
@register_kernel("SelfAdjointEigV2", device=BOTH)
def self_adjoint_eig(ctx, x, compute_v):
    xp = ctx.xp
    if not compute_v:
        return xp.linalg.eigvalsh(x, UPLO="L").astype(x.dtype), xp.zeros((0,), x.dtype)
    e, v = xp.linalg.eigh(x, UPLO="L")
    return e.astype(x.dtype), v  # complex input: real eigenvalues in the input's dtype


@register_kernel("Svd", device=BOTH)
def svd(ctx, x, compute_uv, full_matrices):
    xp = ctx.xp
    if not compute_uv:
        empty = xp.zeros((0,), x.dtype)
        return xp.linalg.svd(x, compute_uv=False).astype(x.dtype), empty, empty
    u, s, vh = xp.linalg.svd(x, full_matrices=full_matrices)
    return s.astype(x.dtype), u, xp.conj(xp.swapaxes(vh, -1, -2))


@register_kernel("Qr", device=BOTH)
def qr(ctx, x, full_matrices):
    q, r = ctx.xp.linalg.qr(x, mode="complete" if full_matrices else "reduced")
    return q, r
