"""`ag.linalg`'s factorisations and solves: `cholesky`, `solve`, `inv`, `det`, `slogdet`, ...

Composed of the runtime's ops, one step per row or column of the matrix, so the size of square
matrices (the last two axes; earlier axes are batch axes) must be known when a function is
called. Gaussian elimination pivots on the largest remaining element of each column, as
LAPACK's `getrf`. Solving with a singular matrix is an InvalidArgumentError (when the ops run,
in a graph), as on TensorFlow's CPU; so is factorising a matrix that is not positive definite,
where TensorFlow's `cholesky` returns nan without a word.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array.ops import expand_dims, identity, one_hot, stack, transpose, where
from autograph.runtime.ops.control_flow.ops import Assert
from autograph.runtime.ops.creation.ops import eye, ones_like, zeros_like
from autograph.runtime.ops.graph.ops import control_dependencies, name_scope
from autograph.runtime.ops.math.ops import (
    abs,
    add,
    argmax,
    equal,
    greater,
    is_finite,
    log,
    logical_and,
    logical_not,
    matmul,
    multiply,
    reduce_all,
    reduce_any,
    reduce_prod,
    reduce_sum,
    sign,
    sqrt,
    subtract,
)


def _square(x: Any, function: str) -> tuple[Tensor, int]:
    """`x` as a float tensor of square matrices of known size, and that size."""
    x = convert_to_tensor(x)
    if not x.dtype.is_floating:
        raise TypeError(f"{function} takes float matrices, got {x.dtype.name}")
    if x.shape.rank is None or x.shape.rank < 2 or x.shape[-1] is None \
            or x.shape[-1] != x.shape[-2]:
        raise ValueError(f"{function} takes square matrices of known size (shape [..., N, N]),"
                         f" got shape {x.shape}")
    return x, x.shape[-1]


def _outer(u: Tensor, v: Tensor) -> Tensor:
    return multiply(expand_dims(u, -1), expand_dims(v, -2))


def _adjoint(a: Tensor) -> Tensor:
    rank = len(a.shape)
    return transpose(a, list(range(rank - 2)) + [rank - 1, rank - 2], conjugate=True)


def _after_check(ok: Tensor, message: str) -> Any:
    """A context in which ops run only once `ok` (a bool scalar) is checked true (eagerly, it
    is checked now)."""
    check = Assert(ok, [message])
    return control_dependencies([] if check is None else [check])


def _eliminate(a: Tensor, n: int, b: Tensor | None = None) -> tuple[Tensor, Tensor | None,
                                                                     Tensor]:
    """Gaussian elimination with partial pivoting: `(U, the same row operations applied to
    b, the sign of the row permutation)`."""
    rows = np.arange(n)
    permutation_sign = ones_like(a[..., 0, 0])
    for k in range(n):
        candidates = where(convert_to_tensor(rows >= k), abs(a[..., :, k]), -1.0)
        e_p = one_hot(argmax(candidates, -1), n, dtype=a.dtype)
        e_k = convert_to_tensor((rows == k).astype(a.dtype.as_numpy_dtype))
        swap = eye(n, dtype=a.dtype) - _outer(e_k, e_k) - _outer(e_p, e_p) \
            + _outer(e_k, e_p) + _outer(e_p, e_k)
        a = matmul(swap, a)
        b = None if b is None else matmul(swap, b)
        permutation_sign = multiply(permutation_sign, subtract(multiply(e_p[..., k], 2.0), 1.0))
        pivot = a[..., k:k + 1, k]
        # A zero pivot leaves a zero column below it: divide by 1 and eliminate nothing.
        safe = where(equal(pivot, 0), ones_like(pivot), pivot)
        factors = multiply(a[..., :, k] / safe,
                           convert_to_tensor((rows > k).astype(a.dtype.as_numpy_dtype)))
        a = subtract(a, _outer(factors, a[..., k, :]))
        b = None if b is None else subtract(b, _outer(factors, b[..., k, :]))
    return a, b, permutation_sign


def _diagonal(a: Tensor, n: int) -> Tensor:
    return reduce_sum(multiply(a, eye(n, dtype=a.dtype)), -1)


def _back_substitute(u: Tensor, b: Tensor, n: int, lower: bool = False) -> Tensor:
    """`x` with `u @ x == b` for triangular `u` (upper unless `lower`), one row at a time."""
    solved = [None] * n
    for i in (range(n) if lower else range(n - 1, -1, -1)):
        x_i = b[..., i, :] / u[..., i, i:i + 1]
        b = subtract(b, _outer(u[..., :, i], x_i))
        solved[i] = x_i
    return stack(solved, -2)


def det(input: Any, name: str | None = None) -> Tensor:  # noqa: A002
    """The determinant of each matrix: `[..., N, N]` gives `[...]`.

    >>> float(det([[2.0, 1.0], [1.0, 3.0]]))
    5.0
    """
    with name_scope(name, "MatrixDeterminant"):
        a, n = _square(input, "ag.linalg.det")
        u, _, permutation_sign = _eliminate(a, n)
        return multiply(permutation_sign, reduce_prod(_diagonal(u, n), -1))


class LogMatrixDeterminant(NamedTuple):
    """What `slogdet` returns, as TensorFlow's `LogMatrixDeterminant`."""

    sign: Tensor
    log_abs_determinant: Tensor


def slogdet(input: Any, name: str | None = None) -> LogMatrixDeterminant:  # noqa: A002
    """`(sign, log(|det|))` of each matrix, finite where `det` itself would overflow.

    >>> [float(t) for t in slogdet([[0.0, 2.0], [1.0, 0.0]])]
    [-1.0, 0.6931471824645996]
    """
    with name_scope(name, "LogMatrixDeterminant"):
        a, n = _square(input, "ag.linalg.slogdet")
        u, _, permutation_sign = _eliminate(a, n)
        diagonal = _diagonal(u, n)
        signs = multiply(permutation_sign, reduce_prod(sign(diagonal), -1))
        return LogMatrixDeterminant(signs, reduce_sum(log(abs(diagonal)), -1))


def _solve(a: Tensor, n: int, rhs: Any, adjoint: bool, function: str) -> Tensor:
    b = convert_to_tensor(rhs, dtype_hint=a.dtype)
    if b.shape.rank is None or b.shape.rank < 2 or b.shape[-2] not in (None, n):
        raise ValueError(f"{function}: rhs must have shape [..., {n}, K] for matrices of size "
                         f"{n}, got shape {b.shape}")
    u, eliminated, _ = _eliminate(_adjoint(a) if adjoint else a, n, b)
    assert eliminated is not None  # given `b`, the elimination returns it transformed
    invertible = logical_not(reduce_any(equal(_diagonal(u, n), 0)))
    with _after_check(invertible, f"{function}: the matrix is not invertible"):
        return _back_substitute(identity(u), eliminated, n)


def solve(matrix: Any, rhs: Any, adjoint: bool = False, name: str | None = None) -> Tensor:
    """`x` with `matrix @ x == rhs` (`adjoint`: `adjoint(matrix) @ x == rhs`).

    `matrix` is `[..., N, N]`, `rhs` `[..., N, K]` with the same batch axes.

    >>> solve([[2.0, 0.0], [0.0, 4.0]], [[2.0], [2.0]]).numpy()
    array([[1. ],
           [0.5]], dtype=float32)
    """
    with name_scope(name, "MatrixSolve"):
        a, n = _square(matrix, "ag.linalg.solve")
        return _solve(a, n, rhs, adjoint, "ag.linalg.solve")


def inv(input: Any, adjoint: bool = False, name: str | None = None) -> Tensor:  # noqa: A002
    """The inverse of each matrix (of its adjoint, with `adjoint`).

    >>> inv([[2.0, 0.0], [0.0, 4.0]]).numpy()
    array([[0.5 , 0.  ],
           [0.  , 0.25]], dtype=float32)
    """
    with name_scope(name, "MatrixInverse"):
        a, n = _square(input, "ag.linalg.inv")
        identity_ = add(eye(n, dtype=a.dtype), zeros_like(a))  # with a's batch axes
        return _solve(a, n, identity_, adjoint, "ag.linalg.inv")


def cholesky(input: Any, name: str | None = None) -> Tensor:  # noqa: A002
    """The lower-triangular `L` with `L @ adjoint(L) == input`, for symmetric positive
    definite matrices (only the lower triangle of `input` is read, as TensorFlow).

    Raises:
        InvalidArgumentError: the matrix is not positive definite (TensorFlow returns nan).

    >>> cholesky([[4.0, 2.0], [2.0, 2.0]]).numpy()
    array([[2., 0.],
           [1., 1.]], dtype=float32)
    """
    with name_scope(name, "Cholesky"):
        a, n = _square(input, "ag.linalg.cholesky")
        rows = np.arange(n)
        columns: list = []
        pivots: list = []
        for j in range(n):
            v = a[..., :, j]
            for column in columns:
                v = subtract(v, multiply(column, column[..., j:j + 1]))
            pivot = v[..., j:j + 1]
            positive = greater(pivot, 0)
            below = convert_to_tensor((rows >= j).astype(a.dtype.as_numpy_dtype))
            # A pivot that is not positive fails the check below; 1 keeps the rest finite.
            root = sqrt(where(positive, pivot, ones_like(pivot)))
            columns.append(multiply(v / root, below))
            pivots.append(logical_and(positive, is_finite(pivot)))
        definite = reduce_all(stack(pivots, -1))
        with _after_check(definite, "ag.linalg.cholesky: the matrix is not symmetric positive "
                                    "definite (a pivot is not positive)"):
            return identity(stack(columns, -1))


def logdet(matrix: Any, name: str | None = None) -> Tensor:
    """`log(det(matrix))` of symmetric positive definite matrices, via `cholesky`.

    >>> round(float(logdet([[4.0, 2.0], [2.0, 2.0]])), 4)
    1.3863
    """
    with name_scope(name, "logdet"):
        lower = cholesky(matrix)
        return multiply(reduce_sum(log(_diagonal(lower, lower.shape[-1])), -1), 2.0)


def triangular_solve(matrix: Any, rhs: Any, lower: bool = True, adjoint: bool = False,
                     name: str | None = None) -> Tensor:
    """`x` with `matrix @ x == rhs` for triangular matrices (`lower` or upper; only that
    triangle is read). `adjoint` solves with `adjoint(matrix)` instead.

    >>> triangular_solve([[2.0, 0.0], [1.0, 1.0]], [[2.0], [3.0]]).numpy()
    array([[1.],
           [2.]], dtype=float32)
    """
    with name_scope(name, "MatrixTriangularSolve"):
        a, n = _square(matrix, "ag.linalg.triangular_solve")
        b = convert_to_tensor(rhs, dtype_hint=a.dtype)
        if adjoint:
            a, lower = _adjoint(a), not lower
        return _back_substitute(a, b, n, lower=lower)


def cholesky_solve(chol: Any, rhs: Any, name: str | None = None) -> Tensor:
    """`x` with `A @ x == rhs`, given `chol = cholesky(A)`.

    >>> cholesky_solve([[2.0, 0.0], [0.0, 1.0]], [[4.0], [1.0]]).numpy()
    array([[1.],
           [1.]], dtype=float32)
    """
    with name_scope(name, "cholesky_solve"):
        chol, n = _square(chol, "ag.linalg.cholesky_solve")
        y = triangular_solve(chol, rhs, lower=True)
        return triangular_solve(chol, y, lower=True, adjoint=True)
