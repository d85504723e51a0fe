"""Linear algebra composed of the runtime's ops (`ag.linalg`, as `tf.linalg` groups it).

`matmul`, `einsum` and `tensordot` are the runtime's ops; the rest compose from ops (masks with
`eye`, reductions, `matmul`; factorisations and solves in `linalg_solve`). Matrices are the
last two axes; earlier axes are batch axes. Functions that need a matrix's size (`diag_part`,
`set_diag`, `band_part`, `trace`) need it known when they are called, in a graph as eagerly.
"""

from __future__ import annotations

from typing import Any, Sequence

from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array.ops import expand_dims, pad, squeeze, stack, transpose, where
from autograph.runtime.ops.creation.ops import cast, eye, zeros_like
from autograph.runtime.ops.creation.ops import range as range_
from autograph.runtime.ops.graph.ops import name_scope
from autograph.runtime.ops.linalg.ops import einsum, matmul, tensordot  # noqa: F401
from autograph.runtime.ops.linalg.solve import (  # noqa: F401
    cholesky,
    cholesky_solve,
    det,
    inv,
    logdet,
    slogdet,
    solve,
    triangular_solve,
)
from autograph.runtime.ops.math.composed import l2_normalize  # noqa: F401
from autograph.runtime.ops.math.ops import (
    abs,
    add,
    less_equal,
    logical_and,
    logical_or,
    multiply,
    pow,
    reduce_max,
    reduce_sum,
    sqrt,
    square,
    subtract,
)

__all__ = [
    "matmul", "matvec", "einsum", "tensordot", "eye", "matrix_transpose", "adjoint", "diag",
    "diag_part", "set_diag", "trace", "band_part", "cross", "norm", "global_norm",
    "l2_normalize", "det", "slogdet", "inv", "solve", "cholesky", "logdet", "triangular_solve",
    "cholesky_solve",
]

_INF = float("inf")


def _matrices(x: Any, function: str) -> Tensor:
    """`x` as a tensor of rank >= 2 whose rank is known."""
    x = convert_to_tensor(x)
    if x.shape.rank is None or x.shape.rank < 2:
        raise ValueError(f"{function} takes a matrix or a batch of them (rank >= 2), got shape "
                         f"{x.shape}")
    return x


def _matrix_size(x: Tensor, function: str) -> tuple[int, int]:
    rows, columns = x.shape[-2], x.shape[-1]
    if rows is None or columns is None:
        raise ValueError(f"{function} needs the matrix size known when it is called, got shape "
                         f"{x.shape}; give the function an input_signature with it")
    return rows, columns


def matrix_transpose(a: Any, name: str = "matrix_transpose", conjugate: bool = False) -> Tensor:
    """Swaps the last two axes (and conjugates, with `conjugate`).

    >>> matrix_transpose([[1, 2, 3]]).shape
    TensorShape([3, 1])
    """
    with name_scope(name, "matrix_transpose"):
        a = _matrices(a, "ag.linalg.matrix_transpose")
        rank = a.shape.rank
        return transpose(a, list(range(rank - 2)) + [rank - 1, rank - 2], conjugate=conjugate)


def adjoint(matrix: Any, name: str | None = None) -> Tensor:
    """The conjugate transpose of the last two axes.

    >>> adjoint([[1.0, 2.0]]).numpy()
    array([[1.],
           [2.]], dtype=float32)
    """
    return matrix_transpose(matrix, name or "adjoint", conjugate=True)


def matvec(a: Any, b: Any, transpose_a: bool = False, adjoint_a: bool = False,
           name: str | None = None) -> Tensor:
    """`a @ b` for matrices `a` (`[..., M, N]`) and vectors `b` (`[..., N]`): `[..., M]`.

    >>> matvec([[1.0, 2.0], [3.0, 4.0]], [1.0, 1.0]).numpy()
    array([3., 7.], dtype=float32)
    """
    with name_scope(name, "MatVec"):
        product = matmul(a, expand_dims(b, -1), transpose_a=transpose_a, adjoint_a=adjoint_a)
        return squeeze(product, -1)


def diag(diagonal: Any, name: str = "diag", k: int = 0) -> Tensor:
    """Square matrices with `diagonal`'s last axis on diagonal `k` (above the main one for
    k > 0) and zeros elsewhere: `[..., N]` gives `[..., N + |k|, N + |k|]`.

    >>> diag([1.0, 2.0]).numpy()
    array([[1., 0.],
           [0., 2.]], dtype=float32)
    """
    with name_scope(name, "diag"):
        diagonal = convert_to_tensor(diagonal)
        size = diagonal.shape[-1] if diagonal.shape.rank else None
        if size is None:
            raise ValueError(f"ag.linalg.diag needs a diagonal of rank >= 1 and known length, "
                             f"got shape {diagonal.shape}")
        square_ = multiply(expand_dims(diagonal, -1), eye(size, dtype=diagonal.dtype))
        if k == 0:
            return square_
        batch = [[0, 0]] * (diagonal.shape.rank - 1)
        rows, columns = ([0, k], [k, 0]) if k > 0 else ([-k, 0], [0, -k])
        return pad(square_, batch + [rows, columns])


def diag_part(input: Any, name: str = "diag_part", k: int = 0) -> Tensor:  # noqa: A002
    """Diagonal `k` of the matrices (0: the main one; above it for k > 0): `[..., len]`.

    >>> diag_part([[1.0, 2.0], [3.0, 4.0]]).numpy()
    array([1., 4.], dtype=float32)
    """
    with name_scope(name, "diag_part"):
        x = _matrices(input, "ag.linalg.diag_part")
        rows, columns = _matrix_size(x, "ag.linalg.diag_part")
        if not -rows < k < columns:
            raise ValueError(f"ag.linalg.diag_part: k={k} is outside the matrices ({rows}x"
                             f"{columns}); use -{rows} < k < {columns}")
        if k > 0:
            x, columns = x[..., k:], columns - k
        elif k < 0:
            x, rows = x[..., -k:, :], rows + k
        masked = multiply(x, eye(rows, columns, dtype=x.dtype))
        return reduce_sum(masked, -1 if rows <= columns else -2)


def set_diag(input: Any, diagonal: Any, name: str = "set_diag") -> Tensor:  # noqa: A002
    """The matrices with their main diagonal replaced by `diagonal` (`[..., min(M, N)]`).

    >>> set_diag([[1.0, 2.0], [3.0, 4.0]], [0.0, 0.0]).numpy()
    array([[0., 2.],
           [3., 0.]], dtype=float32)
    """
    with name_scope(name, "set_diag"):
        x = _matrices(input, "ag.linalg.set_diag")
        rows, columns = _matrix_size(x, "ag.linalg.set_diag")
        diagonal = convert_to_tensor(diagonal, dtype_hint=x.dtype)
        if diagonal.shape.rank is not None and diagonal.shape[-1] not in (None, min(rows,
                                                                                    columns)):
            raise ValueError(f"ag.linalg.set_diag: diagonal has length {diagonal.shape[-1]} "
                             f"but the matrices ({rows}x{columns}) have {min(rows, columns)}")
        mask = eye(rows, columns, dtype=x.dtype)
        placed = multiply(expand_dims(diagonal, -1 if rows <= columns else -2), mask)
        return add(subtract(x, multiply(x, mask)), placed)


def trace(x: Any, name: str | None = None) -> Tensor:
    """The sum of each matrix's main diagonal: `[..., M, N]` gives `[...]`.

    >>> float(trace([[1.0, 2.0], [3.0, 4.0]]))
    5.0
    """
    with name_scope(name, "Trace"):
        return reduce_sum(diag_part(x), -1)


def band_part(input: Any, num_lower: Any, num_upper: Any,  # noqa: A002
              name: str | None = None) -> Tensor:
    """The matrices with every element outside the band zeroed: element (i, j) is kept when
    `i - j <= num_lower` and `j - i <= num_upper` (a negative bound keeps that whole side).

    `band_part(x, 0, -1)` is the upper triangle, `band_part(x, -1, 0)` the lower one.

    >>> band_part([[1.0, 2.0], [3.0, 4.0]], 0, -1).numpy()
    array([[1., 2.],
           [0., 4.]], dtype=float32)
    """
    with name_scope(name, "MatrixBandPart"):
        x = _matrices(input, "ag.linalg.band_part")
        rows, columns = _matrix_size(x, "ag.linalg.band_part")
        below = subtract(expand_dims(range_(rows), -1), range_(columns))  # i - j
        lower, upper = (convert_to_tensor(b, dtype_hint=below.dtype)
                        for b in (num_lower, num_upper))
        keep = logical_and(logical_or(less_equal(below, lower), less_equal(lower, -1)),
                           logical_or(less_equal(-below, upper), less_equal(upper, -1)))
        return where(keep, x, zeros_like(x))


def cross(a: Any, b: Any, name: str | None = None) -> Tensor:
    """The cross products of 3-vectors along the last axis.

    >>> cross([1.0, 0.0, 0.0], [0.0, 1.0, 0.0]).numpy()
    array([0., 0., 1.], dtype=float32)
    """
    with name_scope(name, "Cross"):
        a, b = convert_to_tensor(a), convert_to_tensor(b)
        for v in (a, b):
            if v.shape.rank is not None and v.shape[-1] not in (None, 3):
                raise ValueError(f"ag.linalg.cross takes 3-vectors (last axis 3), got shape "
                                 f"{v.shape}")
        a1, a2, a3 = a[..., 0], a[..., 1], a[..., 2]
        b1, b2, b3 = b[..., 0], b[..., 1], b[..., 2]
        return stack([a2 * b3 - a3 * b2, a3 * b1 - a1 * b3, a1 * b2 - a2 * b1], -1)


def norm(tensor: Any, ord: Any = "euclidean", axis: Any = None,  # noqa: A002
         keepdims: bool | None = None, name: str | None = None) -> Tensor:
    """Vector or matrix norms.

    `axis` None (every element as one vector) or an int: the vector p-norm, `ord` one of
    "euclidean" (2), 1, inf or any p > 0. `axis` a pair: the matrix norm over those axes,
    `ord` one of "fro" / "euclidean", 1 (largest column sum) or inf (largest row sum); the
    spectral norm (`ord=2`) needs singular values, which the runtime does not have yet.

    >>> float(norm([3.0, 4.0]))
    5.0
    """
    with name_scope(name, "norm"):
        x = convert_to_tensor(tensor)
        keepdims = bool(keepdims)
        magnitude = abs(x)
        if isinstance(axis, (list, tuple)) and len(axis) == 2:
            if ord in ("fro", "euclidean"):
                return sqrt(reduce_sum(square(magnitude), list(axis), keepdims))
            if ord in (1, _INF):
                summed, taken = (axis[0], axis[1]) if ord == 1 else (axis[1], axis[0])
                sums = reduce_sum(magnitude, summed, keepdims=True)
                return _drop(reduce_max(sums, taken, keepdims=True), list(axis), keepdims)
            raise ValueError(f"ag.linalg.norm: matrix norms take ord 'fro', 'euclidean', 1 or "
                             f"inf, got {ord!r}")
        if isinstance(axis, (list, tuple)) and len(axis) != 1:
            raise ValueError(f"ag.linalg.norm: axis must be None, an int or a pair, got {axis}")
        if ord in ("euclidean", 2):
            return sqrt(reduce_sum(square(magnitude), axis, keepdims))
        if ord == _INF:
            return reduce_max(magnitude, axis, keepdims)
        if ord == 1:
            return reduce_sum(magnitude, axis, keepdims)
        if isinstance(ord, (int, float)) and not isinstance(ord, bool) and ord > 0:
            return pow(reduce_sum(pow(magnitude, float(ord)), axis, keepdims), 1.0 / ord)
        raise ValueError(f"ag.linalg.norm: vector norms take ord 'euclidean', 1, 2, inf or a "
                         f"number > 0, got {ord!r}")


def _drop(x: Tensor, axes: list[int], keepdims: bool) -> Tensor:
    """`x` (size 1 along `axes`) without those axes, unless `keepdims`."""
    return x if keepdims else reduce_sum(x, axes)


def global_norm(t_list: Sequence[Any], name: str | None = None) -> Tensor:
    """`sqrt(sum(l2_norm(t) ** 2 for t in t_list))`; None entries are skipped.

    >>> float(global_norm([[3.0], [4.0]]))
    5.0
    """
    if not isinstance(t_list, (list, tuple)):
        raise TypeError(f"ag.linalg.global_norm takes a list of tensors, got "
                        f"{type(t_list).__name__}")
    with name_scope(name, "global_norm"):
        tensors = [convert_to_tensor(t) for t in t_list if t is not None]
        if not tensors:
            raise ValueError("ag.linalg.global_norm: t_list holds no tensor")
        dtype = tensors[0].dtype
        total = reduce_sum(stack([reduce_sum(square(cast(t, dtype))) for t in tensors]))
        return sqrt(total)
