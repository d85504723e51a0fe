"""Matrix products of the public API: `matmul`, `einsum` and `tensordot`.

`matmul` runs MatMul for two matrices and BatchMatMulV2 otherwise, as TensorFlow does;
`tensordot` writes its contraction as an einsum equation.

In a graph, `name` names the op: `MatMul` by default for both of matmul's ops, as TensorFlow's
`matmul` names them; `Einsum`; and `Tensordot` for the scope and the einsum of `tensordot`.
"""

from __future__ import annotations

import string
from typing import Any

from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.graph.tensor import EagerTensor, Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.complex import defs as complex_defs  # noqa: F401  (declares the ops)
from autograph.runtime.ops.graph.ops import name_scope
from autograph.runtime.ops.linalg import defs as linalg_defs  # noqa: F401  (declares the ops)

__all__ = ["matmul", "einsum", "tensordot"]

_mat_mul = op_handle("MatMul")
_conj = op_handle("Conj")
_batch_mat_mul = op_handle("BatchMatMulV2")
_einsum = op_handle("Einsum")


def convert_pair(x: Any, y: Any) -> tuple[Tensor, Tensor]:
    """`x` and `y` as tensors; a Python value takes the other operand's dtype when it can."""
    if not isinstance(x, Tensor) and isinstance(y, Tensor):
        return convert_to_tensor(x, dtype_hint=y.dtype), y
    x = convert_to_tensor(x)
    return x, convert_to_tensor(y, dtype_hint=x.dtype)


def matmul(a: Any, b: Any, transpose_a: bool = False, transpose_b: bool = False,
           adjoint_a: bool = False, adjoint_b: bool = False, name: str | None = None) -> Tensor:
    """Multiplies matrix `a` by matrix `b`, or batches of them (`a @ b`).

    Inputs of rank 2 run the MatMul op; inputs of higher rank run BatchMatMulV2, which
    multiplies the matrices in the last two dimensions and broadcasts the others.

    Args:
        a: a tensor of rank >= 2.
        b: a tensor of rank >= 2 and `a`'s dtype.
        transpose_a: whether to use the transpose of (each matrix of) `a`.
        transpose_b: whether to use the transpose of `b`.
        adjoint_a: whether to use the adjoint of `a` (for real numbers, the transpose).
        adjoint_b: whether to use the adjoint of `b`.
        name: the op's name in a graph (default `MatMul`).

    Returns:
        A tensor of `a`'s dtype.

    Raises:
        ValueError: both `transpose_a` and `adjoint_a` (or `_b`) are set.
        InvalidArgumentError: a rank below 2, or inner dimensions that differ.

    >>> matmul([[1, 2], [3, 4]], [[1], [1]]).numpy()
    array([[3],
           [7]], dtype=int32)
    """
    if transpose_a and adjoint_a:
        raise ValueError("Only one of transpose_a and adjoint_a can be True.")
    if transpose_b and adjoint_b:
        raise ValueError("Only one of transpose_b and adjoint_b can be True.")
    if type(a) is EagerTensor and type(b) is EagerTensor:  # (`ndim`'s property costs more)
        matrices = a._value.ndim == 2 == b._value.ndim
    else:
        a, b = convert_pair(a, b)
        matrices = a.ndim == 2 == b.ndim
    flip_a, flip_b = bool(transpose_a or adjoint_a), bool(transpose_b or adjoint_b)
    name = "MatMul" if name is None else name
    if matrices:
        if (adjoint_a or adjoint_b) and a.dtype.is_complex:  # MatMul only transposes: an
            a = _conj.run((a,), None) if adjoint_a else a  # adjoint conjugates first
            b = _conj.run((b,), None) if adjoint_b else b
        return _mat_mul.run((a, b), {"transpose_a": flip_a, "transpose_b": flip_b}, name)
    if a.dtype.is_complex:  # BatchMatMulV2 takes adjoints: a transpose conjugates back
        a = _conj.run((a,), None) if transpose_a else a
        b = _conj.run((b,), None) if transpose_b else b
    return _batch_mat_mul.run((a, b), {"adj_x": flip_a, "adj_y": flip_b}, name)


def einsum(equation: str, *inputs: Any, name: str | None = None) -> Tensor:
    """Contracts `inputs` as the Einstein summation `equation` says.

    Each input's dimensions are named by letters; letters shared between inputs are multiplied
    together, and letters missing from the output (after `->`) are summed over. `...` stands
    for broadcast dimensions. Without `->` the output is `...` and then the letters that appear
    once, in alphabetical order.

    Args:
        equation: such as `"ij,jk->ik"`, `"bij,bjk->bik"`, `"ii->i"` or `"...ij->...ji"`.
        *inputs: one tensor per input of the equation, all of one dtype.
        name: the op's name in a graph (default `Einsum`).

    Returns:
        A tensor of the inputs' dtype.

    Raises:
        InvalidArgumentError: a malformed equation, or shapes that do not fit it.

    >>> einsum("ij,j->i", [[1.0, 2.0], [3.0, 4.0]], [1.0, 1.0]).numpy()
    array([3., 7.], dtype=float32)
    """
    return _einsum.run((list(inputs),), {"equation": equation}, name)


def tensordot(a: Any, b: Any, axes: Any, name: str | None = None) -> Tensor:
    """Sums the products of `a`'s and `b`'s elements over the given axes.

    Args:
        a: a tensor.
        b: a tensor of `a`'s dtype.
        axes: an int N, to contract the last N axes of `a` with the first N of `b`; or a pair
            `[a_axes, b_axes]` of equally long lists (or ints) of axes to contract together.
        name: the name scope of its ops in a graph, and the result's op name (default
            `Tensordot`).

    Returns:
        A tensor with `a`'s free axes followed by `b`'s.

    Raises:
        ValueError: bad axes, or contracted axes of different sizes.

    >>> tensordot([[1, 2], [3, 4]], [[1, 0], [0, 1]], axes=1).numpy()
    array([[1, 2],
           [3, 4]], dtype=int32)
    >>> tensordot([1, 2, 3], [4, 5, 6], axes=[[0], [0]]).numpy()
    np.int32(32)
    """
    with name_scope(name, "Tensordot", [a, b, axes]) as scope:
        a, b = convert_pair(a, b)
        return einsum(_tensordot_equation(a, b, axes), a, b, name=scope)


def _tensordot_equation(a: Tensor, b: Tensor, axes: Any) -> str:
    """The einsum equation of `tensordot(a, b, axes)`."""
    rank_a, rank_b = a.shape.rank, b.shape.rank
    if rank_a is None or rank_b is None:
        raise ValueError("tensordot needs tensors of known rank.")
    axes_a, axes_b = _tensordot_axes(axes, rank_a, rank_b)
    shape_a, shape_b = a.shape.as_list(), b.shape.as_list()
    for i, j in zip(axes_a, axes_b):
        if None not in (shape_a[i], shape_b[j]) and shape_a[i] != shape_b[j]:
            raise ValueError(f"tensordot: axis {i} of a (shape {shape_a}) has size "
                             f"{shape_a[i]} but axis {j} of b (shape {shape_b}) has size "
                             f"{shape_b[j]}; contracted axes must have the same size.")
    if rank_a + rank_b > len(string.ascii_letters):
        raise ValueError(f"tensordot supports at most {len(string.ascii_letters)} dimensions "
                         f"in all; a and b have {rank_a + rank_b}.")
    labels_a = string.ascii_letters[:rank_a]
    labels_b = list(string.ascii_letters[rank_a:rank_a + rank_b])
    for i, j in zip(axes_a, axes_b):
        labels_b[j] = labels_a[i]
    free = [labels_a[i] for i in range(rank_a) if i not in axes_a] + [
        labels_b[j] for j in range(rank_b) if j not in axes_b]
    return f"{labels_a},{''.join(labels_b)}->{''.join(free)}"


def _tensordot_axes(axes: Any, rank_a: int, rank_b: int) -> tuple[list[int], list[int]]:
    """The contracted axes of a and b, non-negative and in pairs."""
    if isinstance(axes, Tensor):
        axes = axes.numpy().tolist()
    if hasattr(axes, "__index__"):
        n = axes.__index__()
        if n < 0 or n > rank_a or n > rank_b:
            raise ValueError(f"tensordot: axes={n} must be in [0, {min(rank_a, rank_b)}] for "
                             f"tensors of ranks {rank_a} and {rank_b}.")
        return list(range(rank_a - n, rank_a)), list(range(n))
    if not isinstance(axes, (list, tuple)) or len(axes) != 2:
        raise ValueError(f"tensordot: axes must be an int or a pair [a_axes, b_axes], got "
                         f"{axes!r}.")
    pair = [[x] if hasattr(x, "__index__") else list(x) for x in axes]
    if len(pair[0]) != len(pair[1]):
        raise ValueError(f"tensordot: a_axes {pair[0]} and b_axes {pair[1]} must have the same "
                         f"length.")
    result = []
    for which, items, rank in (("a", pair[0], rank_a), ("b", pair[1], rank_b)):
        normal = []
        for x in items:
            i = x.__index__()
            if not -rank <= i < rank:
                raise ValueError(f"tensordot: axis {i} is out of range for {which} of rank "
                                 f"{rank}; it must be in [{-rank}, {rank}).")
            normal.append(i % rank)
        if len(set(normal)) != len(normal):
            raise ValueError(f"tensordot: the axes of {which}, {items}, repeat an axis.")
        result.append(normal)
    return result[0], result[1]
