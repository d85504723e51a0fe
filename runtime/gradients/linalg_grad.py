"""Gradients of the matrix decompositions (SelfAdjointEigV2, Svd, Qr), as TensorFlow defines
them (its `linalg_grad.py`; the derivations: Giles, "An extended collection of matrix
derivative results"; Townsend's note on the SVD; for QR, arXiv:2009.10071).

Where eigenvalues or singular values repeat, the eigenvectors or singular vectors are not
unique and the gradient through them is infinite; as in TensorFlow, the reciprocals of their
differences are made finite (`_safe_reciprocal`) rather than raising. Complex SVD and QR
gradients are not provided (TensorFlow has QR's neither): they raise.
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.gradients.registry import RegisterGradient
from autograph.runtime.ops.array.ops import concat, expand_dims
from autograph.runtime.ops.creation.ops import cast, zeros_like
from autograph.runtime.ops.linalg.decompositions import eigh, svd
from autograph.runtime.ops.linalg.matrix import adjoint, band_part, diag, diag_part, set_diag
from autograph.runtime.ops.linalg.ops import matmul
from autograph.runtime.ops.linalg.solve import triangular_solve
from autograph.runtime.ops.math import ops as math_ops
from autograph.runtime.ops.math.composed import reciprocal


def _safe_reciprocal(x: Any, epsilon: float = 1e-20) -> Any:
    return math_ops.multiply(x, reciprocal(math_ops.add(math_ops.multiply(x, x), epsilon)))


def _pairwise(values: Any) -> Any:
    """f[i, j] = 1 / (values[j] - values[i]) off the diagonal, 0 on it."""
    differences = math_ops.subtract(expand_dims(values, -2), expand_dims(values, -1))
    return set_diag(_safe_reciprocal(differences), zeros_like(values))


@RegisterGradient("SelfAdjointEigV2")
def _self_adjoint_eig_grad(op: Any, grad_e: Any, grad_v: Any) -> list:
    e, v = op.outputs
    if op.get_attr("compute_v"):
        inner = math_ops.add(diag(grad_e), math_ops.multiply(_pairwise(e),
                                                             matmul(adjoint(v), grad_v)))
    else:
        v = eigh(op.inputs[0])[1]
        inner = diag(grad_e)
    grad_a = matmul(v, matmul(inner, adjoint(v)))
    # only the lower triangle of the input is read: fold the upper part onto it
    grad_a = band_part(math_ops.add(grad_a, adjoint(grad_a)), -1, 0)
    return [set_diag(grad_a, math_ops.multiply(diag_part(grad_a), 0.5))]


@RegisterGradient("Svd")
def _svd_grad(op: Any, grad_s: Any, grad_u: Any, grad_v: Any) -> list:
    a = op.inputs[0]
    if a.dtype.is_complex:
        raise NotImplementedError("The gradient of a complex ag.linalg.svd is not supported.")
    grad_s_mat = diag(cast(grad_s, a.dtype))
    if not op.get_attr("compute_uv"):
        _, u, v = svd(a)
        return [matmul(u, matmul(grad_s_mat, adjoint(v)))]
    shape = a.shape.as_list() if a.shape.rank is not None else None
    if shape is None or None in shape[-2:]:
        raise NotImplementedError("The gradient of ag.linalg.svd needs the matrices' size "
                                  "known.")
    m, n = shape[-2:]
    s, u, v = op.outputs
    full = op.get_attr("full_matrices")
    transposed = m > n
    if transposed:  # the gradient of adjoint(a) = v s uᴴ, transposed back at the end
        m, n = n, m
        u, v = v, u
        grad_u, grad_v = grad_v, grad_u
    if full and abs(m - n) > 1:
        raise NotImplementedError("The gradient of ag.linalg.svd(full_matrices=True) is not "
                                  "defined where the matrices' sides differ by more than 1.")
    s_mat = diag(s)
    f = _pairwise(math_ops.square(s))
    v1, grad_v1 = v[..., :, :m], grad_v[..., :, :m]
    f_u = math_ops.multiply(f, matmul(adjoint(u), grad_u))
    f_v = math_ops.multiply(f, matmul(adjoint(v1), grad_v1))
    middle = math_ops.add(math_ops.add(grad_s_mat, matmul(math_ops.add(f_u, adjoint(f_u)),
                                                          s_mat)),
                          matmul(s_mat, math_ops.add(f_v, adjoint(f_v))))
    grad_a = matmul(u, matmul(middle, adjoint(v1)))
    if m != n:
        gv1t = adjoint(grad_v1)
        rest = math_ops.subtract(gv1t, matmul(matmul(gv1t, v1), adjoint(v1)))
        if full:
            v2, grad_v2 = v[..., :, m:n], grad_v[..., :, m:n]
            rest = math_ops.subtract(rest, matmul(matmul(adjoint(v1), grad_v2), adjoint(v2)))
        grad_a = math_ops.add(grad_a, matmul(matmul(u, diag(_safe_reciprocal(s))), rest))
    return [adjoint(grad_a) if transposed else grad_a]


def _times_inverse_adjoint(x: Any, r: Any) -> Any:
    """x @ adjoint(inverse(r)) for upper-triangular r."""
    return adjoint(triangular_solve(r, adjoint(x), lower=False))


def _qr_grad_tall(q: Any, r: Any, dq: Any, dr: Any) -> Any:
    qdq = matmul(adjoint(q), dq)
    rdr = matmul(r, adjoint(dr))
    lower = band_part(math_ops.add(math_ops.subtract(qdq, adjoint(qdq)),
                                   math_ops.subtract(rdr, adjoint(rdr))), -1, 0)
    return math_ops.add(matmul(q, math_ops.add(dr, _times_inverse_adjoint(lower, r))),
                        _times_inverse_adjoint(math_ops.subtract(dq, matmul(q, qdq)), r))


@RegisterGradient("Qr")
def _qr_grad(op: Any, dq: Any, dr: Any) -> list:
    q, r = op.outputs
    if q.dtype.is_complex:
        raise NotImplementedError("The gradient of a complex ag.linalg.qr is not supported.")
    qs, rs = q.shape.as_list(), r.shape.as_list()
    if None in qs[-2:] or None in rs[-2:]:
        raise NotImplementedError("The gradient of ag.linalg.qr needs the matrices' size known.")
    rows, columns = qs[-2], rs[-1]
    if rs[-2] > columns and qs[-2] == qs[-1]:
        raise NotImplementedError("The gradient of ag.linalg.qr(full_matrices=True) is not "
                                  "defined for matrices with more rows than columns.")
    if rows >= columns:
        return [_qr_grad_tall(q, r, dq, dr)]
    # a wide matrix a = [x, y], r = [u, w]: the square case for x, and y's part directly
    y = op.inputs[0][..., :, rows:]
    u = r[..., :, :rows]
    dw, du = dr[..., :, rows:], dr[..., :, :rows]
    dx = _qr_grad_tall(q, u, math_ops.add(dq, matmul(y, adjoint(dw))), du)
    return [concat([dx, matmul(q, dw)], axis=-1)]
