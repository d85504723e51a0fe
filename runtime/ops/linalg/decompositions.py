"""Matrix decompositions and what is made of them: `eigh`, `eigvalsh`, `svd`, `qr` (ops on
LAPACK, with TensorFlow's gradients), and `pinv`, `matrix_rank`, `lstsq` composed of them and
of the ops in `solve.py`. Matrices are the last two axes; earlier axes are batches.

>>> e, v = eigh([[2.0, 1.0], [1.0, 3.0]])
>>> [round(float(value), 3) for value in e.numpy()]
[1.382, 3.618]
>>> int(matrix_rank([[1.0, 2.0], [2.0, 4.0]]))
1
"""

from __future__ import annotations

from typing import Any

import numpy as np

from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array.gathering import where
from autograph.runtime.ops.array.ops import expand_dims
from autograph.runtime.ops.creation.ops import cast, eye, ones_like, zeros_like
from autograph.runtime.ops.graph.ops import name_scope
from autograph.runtime.ops.linalg import decomposition_defs  # noqa: F401  (declares the ops)
from autograph.runtime.ops.linalg.matrix import adjoint
from autograph.runtime.ops.linalg.ops import matmul
from autograph.runtime.ops.linalg.solve import cholesky, cholesky_solve
from autograph.runtime.ops.math import ops as math_ops
from autograph.runtime.ops.math.composed import reciprocal
from autograph.runtime.ops.reduction.ops import reduce_max, reduce_sum

__all__ = ["eigh", "eigvalsh", "svd", "qr", "pinv", "matrix_rank", "lstsq"]

_eig = op_handle("SelfAdjointEigV2")
_svd = op_handle("Svd")
_qr = op_handle("Qr")


def eigh(tensor: Any, name: str | None = None) -> tuple:
    """`(e, v)`: the eigenvalues of self-adjoint matrices, ascending, and their eigenvectors
    as the columns of `v`. Only the lower triangle of each matrix is read."""
    return _eig.run([tensor], {"compute_v": True}, name)


def eigvalsh(tensor: Any, name: str | None = None) -> Tensor:
    """The eigenvalues of self-adjoint matrices, ascending."""
    return _eig.run([tensor], {"compute_v": False}, name)[0]


def svd(tensor: Any, full_matrices: bool = False, compute_uv: bool = True,
        name: str | None = None) -> Any:
    """`(s, u, v)` with `tensor = u @ diag(s) @ adjoint(v)`, singular values descending; only
    `s` when `compute_uv` is False."""
    s, u, v = _svd.run([tensor], {"compute_uv": bool(compute_uv),
                                  "full_matrices": bool(full_matrices)}, name)
    return (s, u, v) if compute_uv else s


def qr(input: Any, full_matrices: bool = False, name: str | None = None) -> tuple:  # noqa: A002
    """`(q, r)`: `q` with orthonormal columns and upper-triangular `r`, `input = q @ r`."""
    return tuple(_qr.run([input], {"full_matrices": bool(full_matrices)}, name))


def _sizes(a: Tensor, function: str) -> tuple[int, int]:
    m, n = a.shape.as_list()[-2:] if a.shape.rank is not None and a.shape.rank >= 2 else (
        None, None)
    if m is None or n is None:
        raise ValueError(f"{function} needs matrices of known size; got shape {a.shape}.")
    return m, n


def pinv(a: Any, rcond: Any = None, validate_args: bool = False,
         name: str | None = None) -> Tensor:
    """The Moore-Penrose pseudo-inverse: singular values below `rcond` times the largest
    (default: 10 * max(m, n) * the dtype's epsilon) count as zero."""
    with name_scope(name, "pinv"):
        a = convert_to_tensor(a)
        m, n = _sizes(a, "ag.linalg.pinv")
        if rcond is None:
            rcond = 10.0 * max(m, n) * np.finfo(a.dtype.as_numpy_dtype).eps
        s, u, v = svd(a)
        cutoff = math_ops.multiply(cast(rcond, a.dtype), reduce_max(s, axis=-1, keepdims=True))
        kept = math_ops.greater(s, cutoff)
        inverse = where(kept, reciprocal(where(kept, s, ones_like(s))), zeros_like(s))
        return matmul(math_ops.multiply(v, expand_dims(inverse, -2)), adjoint(u))


def matrix_rank(a: Any, tol: Any = None, validate_args: bool = False,
                name: str | None = None) -> Tensor:
    """The number of singular values above `tol` (default: the largest times max(m, n) times
    the dtype's epsilon), as int32."""
    with name_scope(name, "matrix_rank"):
        a = convert_to_tensor(a)
        m, n = _sizes(a, "ag.linalg.matrix_rank")
        s = svd(a, compute_uv=False)
        if tol is None:
            eps = np.finfo(a.dtype.as_numpy_dtype).eps
            tol = math_ops.multiply(reduce_max(s, axis=-1, keepdims=True),
                                    cast(max(m, n) * eps, s.dtype))
        above = math_ops.greater(s, cast(tol, s.dtype))
        return reduce_sum(cast(above, "int32"), axis=-1)


def lstsq(matrix: Any, rhs: Any, l2_regularizer: Any = 0.0, fast: bool = True,
          name: str | None = None) -> Tensor:
    """The least-squares solution `x` of `matrix @ x = rhs` (the least-norm one where there
    are many), with `l2_regularizer` times `||x||^2` added.

    `fast` solves the normal equations by Cholesky (square or tall matrices:
    `(AᴴA + λI) x = Aᴴb`; wide ones: `x = Aᴴ (AAᴴ + λI)⁻¹ b`), as TensorFlow does; otherwise
    the pseudo-inverse, which copes with rank-deficient matrices (and takes no regulariser).
    """
    with name_scope(name, "matrix_solve_ls"):
        a = convert_to_tensor(matrix)
        b = convert_to_tensor(rhs, dtype=a.dtype)
        m, n = _sizes(a, "ag.linalg.lstsq")
        if not fast:
            if not (isinstance(l2_regularizer, (int, float)) and l2_regularizer == 0):
                raise ValueError("ag.linalg.lstsq(fast=False) takes no l2_regularizer.")
            return matmul(pinv(a), b)
        a_h = adjoint(a)
        regularizer = math_ops.multiply(cast(l2_regularizer, a.dtype), eye(min(m, n),
                                                                           dtype=a.dtype))
        if m >= n:
            gram = math_ops.add(matmul(a_h, a), regularizer)
            return cholesky_solve(cholesky(gram), matmul(a_h, b))
        gram = math_ops.add(matmul(a, a_h), regularizer)
        return matmul(a_h, cholesky_solve(cholesky(gram), b))

