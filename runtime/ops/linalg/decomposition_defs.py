"""Declarations of the matrix decompositions, TensorFlow's ops: SelfAdjointEigV2 (`eigh`),
Svd and Qr. Their kernels call NumPy's LAPACK routines (CuPy's on a GPU), batched over the
leading axes (`kernels/linalg_kernels.py`); gradients are in `runtime/gradients/linalg_grad.py`.
"""

from __future__ import annotations

from autograph.runtime.core.tensor_shape import format_raw
from autograph.runtime.registry.op_registry import register_op
from autograph.runtime.registry.shape_inference import InferenceContext, RawShape

_FLOATS = "{float32, float64, complex64, complex128}"


def _matrices(c: InferenceContext) -> RawShape:
    shape = c.shape(0)
    if shape is not None and len(shape) < 2:
        raise c.error(f"input must be matrices (rank >= 2), but its shape is "
                      f"{format_raw(shape)}.")
    return shape


def _eig_shape(c: InferenceContext) -> list[RawShape]:
    shape = _matrices(c)
    if shape is None:
        return [None, None]
    if None not in shape[-2:] and shape[-1] != shape[-2]:
        raise c.error(f"input must be square matrices, but its shape is {format_raw(shape)}.")
    n = shape[-1] if shape[-1] is not None else shape[-2]
    return [shape[:-2] + (n,), shape if c.attr("compute_v") else (0,)]


def _svd_shape(c: InferenceContext) -> list[RawShape]:
    shape = _matrices(c)
    if shape is None:
        return [None, None, None]
    batch, m, n = shape[:-2], shape[-2], shape[-1]
    p = None if m is None or n is None else min(m, n)
    if not c.attr("compute_uv"):
        return [batch + (p,), (0,), (0,)]
    full = c.attr("full_matrices")
    return [batch + (p,), batch + (m, m if full else p), batch + (n, n if full else p)]


def _qr_shape(c: InferenceContext) -> list[RawShape]:
    shape = _matrices(c)
    if shape is None:
        return [None, None]
    batch, m, n = shape[:-2], shape[-2], shape[-1]
    k = m if c.attr("full_matrices") else (None if m is None or n is None else min(m, n))
    return [batch + (m, k), batch + (k, n)]


register_op("SelfAdjointEigV2").input("input: T").output("e: T").output("v: T") \
    .attr(f"T: {_FLOATS}").attr("compute_v: bool = true").set_shape_fn(_eig_shape).doc(
        "Eigenvalues (ascending) and eigenvectors (columns) of self-adjoint matrices; only "
        "the lower triangle of each is read.")

register_op("Svd").input("input: T").output("s: T").output("u: T").output("v: T") \
    .attr(f"T: {_FLOATS}").attr("compute_uv: bool = true").attr("full_matrices: bool = false") \
    .set_shape_fn(_svd_shape).doc(
        "Singular values (descending) and vectors: input = u @ diag(s) @ adjoint(v).")

register_op("Qr").input("input: T").output("q: T").output("r: T").attr(f"T: {_FLOATS}") \
    .attr("full_matrices: bool = false").set_shape_fn(_qr_shape).doc(
        "q with orthonormal columns and upper-triangular r with input = q @ r.")
