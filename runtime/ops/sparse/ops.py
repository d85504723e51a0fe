"""`ag.sparse`: functions over `SparseTensor`s, as TensorFlow's `tf.sparse`.

All but `to_dense` are compositions of dense ops over the three component tensors, so they run
eagerly, in functions and under a gradient tape alike (gradients flow to `values` and to dense
operands, as in TensorFlow). Coordinates are compared through their row-major position
(`_positions`), which is also the order `reorder` sorts by.

>>> st = SparseTensor([[0, 1], [1, 0]], [1.0, 2.0], [2, 2])
>>> to_dense(st).numpy().tolist()
[[0.0, 1.0], [2.0, 0.0]]
>>> sparse_dense_matmul(st, [[1.0, 2.0], [3.0, 4.0]]).numpy().tolist()
[[3.0, 4.0], [2.0, 4.0]]
"""

from __future__ import annotations

from typing import Any, Callable

from autograph.runtime.core import dtypes
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.graph.constant_value import constant_value
from autograph.runtime.graph.tensor import EagerTensor, Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array.gathering import (
    boolean_mask,
    gather,
    gather_nd,
    take_rows,
    where,
)
from autograph.runtime.ops.array.ops import concat, reshape, shape, stack
from autograph.runtime.ops.array.ops import transpose as _dense_transpose
from autograph.runtime.ops.array.scattering import tensor_scatter_nd_add
from autograph.runtime.ops.array.sorting import argsort, unique
from autograph.runtime.ops.complex.ops import conj
from autograph.runtime.ops.creation.ops import zeros_like
from autograph.runtime.ops.math.scan import cumprod
from autograph.runtime.ops.math.segment import unsorted_segment_sum
from autograph.runtime.ops.reduction.ops import reduce_prod
from autograph.runtime.ops.reduction.ops import reduce_sum as _dense_sum
from autograph.runtime.ops.sparse.sparse_tensor import SparseTensor, SparseTensorSpec

__all__ = ["SparseTensor", "SparseTensorSpec", "to_dense", "from_dense", "sparse_dense_matmul",
           "reduce_sum", "add", "reorder", "retain", "map_values", "transpose"]

_sparse_to_dense, _abs, _greater_equal, _less, _logical_or, _floordiv, _floormod, _mul = (
    op_handle(n) for n in ("SparseToDense", "Abs", "GreaterEqual", "Less", "LogicalOr",
                           "FloorDiv", "FloorMod", "Mul"))
_not_equal, _expand_dims, _ones_like = (op_handle(n) for n in ("NotEqual", "ExpandDims",
                                                               "OnesLike"))


def _sparse(value: Any, what: str) -> SparseTensor:
    if not isinstance(value, SparseTensor):
        raise TypeError(f"{what} expects a SparseTensor, got {type(value).__name__}; "
                        f"ag.sparse.from_dense makes one from a dense tensor.")
    return value


def to_dense(sp_input: SparseTensor, default_value: Any = None, validate_indices: bool = True,
             name: str | None = None) -> Tensor:
    """The dense tensor `sp_input` stands for, `default_value` (zero) where nothing is stored.

    With `validate_indices`, coordinates out of row-major order or repeated are an
    InvalidArgumentError (`reorder` sorts them); out of bounds always is."""
    sp = _sparse(sp_input, "ag.sparse.to_dense")
    default = convert_to_tensor(0 if default_value is None else default_value, dtype=sp.dtype)
    return _sparse_to_dense.run([sp.indices, sp.dense_shape, sp.values, default],
                                {"validate_indices": bool(validate_indices)}, name)


def from_dense(tensor: Any, name: str | None = None) -> SparseTensor:
    """The entries of `tensor` that are not zero, as a sparse tensor (row-major order)."""
    dense = convert_to_tensor(tensor, name=name)
    indices = where(_not_equal.run([dense, zeros_like(dense)]))
    return SparseTensor._from_parts(indices, gather_nd(dense, indices),
                                    shape(dense, out_type=dtypes.int64), dense.shape)


def reorder(sp_input: SparseTensor, name: str | None = None) -> SparseTensor:
    """`sp_input` with its entries in row-major order of their coordinates."""
    sp = _sparse(sp_input, "ag.sparse.reorder")
    order = argsort(_positions(sp.indices, sp.dense_shape), stable=True)
    return SparseTensor._from_parts(gather(sp.indices, order), take_rows(sp.values, order),
                                    sp.dense_shape, sp.shape)


def retain(sp_input: SparseTensor, to_retain: Any) -> SparseTensor:
    """The entries of `sp_input` whose flag in the bool vector `to_retain` is true."""
    sp = _sparse(sp_input, "ag.sparse.retain")
    keep = convert_to_tensor(to_retain, dtype=dtypes.bool_)
    return SparseTensor._from_parts(boolean_mask(sp.indices, keep), boolean_mask(sp.values, keep),
                                    sp.dense_shape, sp.shape)


def map_values(op: Callable, *args: Any, **kwargs: Any) -> SparseTensor:
    """`op` applied to the values of the sparse arguments (which must share coordinates),
    keeping those coordinates: `map_values(ag.multiply, st, 3.0)`."""
    sparse = [a for a in list(args) + list(kwargs.values()) if isinstance(a, SparseTensor)]
    if not sparse:
        raise ValueError("ag.sparse.map_values: no argument is a SparseTensor.")
    first = sparse[0]

    def unwrap(a: Any) -> Any:
        return a.values if isinstance(a, SparseTensor) else a
    values = op(*[unwrap(a) for a in args], **{k: unwrap(v) for k, v in kwargs.items()})
    return SparseTensor._from_parts(first.indices, convert_to_tensor(values), first.dense_shape,
                                    first.shape)


def transpose(sp_input: SparseTensor, perm: Any = None, name: str | None = None) -> SparseTensor:
    """`sp_input` with its dimensions permuted (reversed by default), entries reordered."""
    sp = _sparse(sp_input, "ag.sparse.transpose")
    rank = sp.shape.rank
    if perm is None:
        if rank is None:
            raise ValueError("ag.sparse.transpose needs `perm` for a sparse tensor of unknown "
                             "rank.")
        perm = list(range(rank))[::-1]
    perm = convert_to_tensor(perm, dtype=dtypes.int32)
    known = perm.numpy() if isinstance(perm, EagerTensor) else constant_value(perm)
    dims = None if sp.shape.dims is None or known is None else [
        sp.shape.dims[int(p)] for p in known.reshape(-1)]
    flipped = SparseTensor._from_parts(gather(sp.indices, perm, axis=1), sp.values,
                                       gather(sp.dense_shape, perm))
    if dims is not None:
        flipped._shape = flipped.shape.merge_with(dims)
    return reorder(flipped)


def reduce_sum(sp_input: SparseTensor, axis: Any = None, keepdims: bool = False,
               output_is_sparse: bool = False, name: str | None = None) -> Any:
    """The sum of `sp_input`'s entries over `axis` (all by default): a dense tensor, or with
    `output_is_sparse` a sparse one holding an entry for each coordinate some entry reduces
    to (repeated coordinates add up)."""
    sp = _sparse(sp_input, "ag.sparse.reduce_sum")
    rank = sp.shape.rank
    if axis is None:
        total = _dense_sum(sp.values)
        if keepdims:
            total = reshape(total, [1] * rank if rank is not None
                            else _ones_like.run([sp.dense_shape]))
        return from_dense(total) if output_is_sparse else total
    if rank is None:
        raise ValueError("ag.sparse.reduce_sum over an axis needs a sparse tensor of known "
                         "rank.")
    axes = sorted({a % rank for a in ([axis] if isinstance(axis, int) else list(axis))})
    kept = [d for d in range(rank) if d not in axes]
    kept_shape = gather(sp.dense_shape, kept) if kept else convert_to_tensor([], dtypes.int64)
    kept_indices = gather(sp.indices, kept, axis=1) if kept else None
    dims = sp.shape.as_list()
    static = TensorShape([1 if d in axes else dims[d] for d in range(rank)] if keepdims
                         else [dims[d] for d in kept])
    if output_is_sparse:
        summed = _sum_repeats(kept_indices, sp.values, kept_shape, threshold=None,
                              static=None if keepdims else static)
        return _expand(summed, sp.dense_shape, axes, static) if keepdims else summed
    size = reduce_prod(kept_shape)
    positions = (_positions(kept_indices, kept_shape) if kept_indices is not None
                 else zeros_like(sp.values, dtype=dtypes.int64))
    sums = unsorted_segment_sum(sp.values, positions, size)
    result = reshape(sums, kept_shape)
    if keepdims:
        result = reshape(result, _with_ones(sp.dense_shape, axes))
    if not isinstance(result, EagerTensor):
        result.set_shape(static)
    return result


def add(a: Any, b: Any, threshold: Any = 0, name: str | None = None) -> Any:
    """`a + b` where one or both are sparse: dense when the other is dense, else sparse with
    repeated coordinates summed, in row-major order; a sum whose magnitude is under
    `threshold` is dropped (entries present in one operand only are kept, as TensorFlow)."""
    if not isinstance(a, SparseTensor):
        if not isinstance(b, SparseTensor):
            raise TypeError("ag.sparse.add: at least one of `a` and `b` must be a SparseTensor.")
        a, b = b, a
    if not isinstance(b, SparseTensor):
        dense = convert_to_tensor(b, dtype=a.dtype)
        return tensor_scatter_nd_add(dense, a.indices, a.values)
    if a.dtype is not b.dtype:
        raise TypeError(f"ag.sparse.add: the sparse tensors have dtypes {a.dtype.name} and "
                        f"{b.dtype.name}; cast one (ag.sparse.map_values(ag.cast, ...)).")
    _check_same_shape(a, b)
    return _sum_repeats(concat([a.indices, b.indices], 0), concat([a.values, b.values], 0),
                        a.dense_shape, threshold=threshold, static=a.shape.merge_with(b.shape)
                        if a.shape.is_compatible_with(b.shape) else a.shape)


def sparse_dense_matmul(sp_a: Any, b: Any, adjoint_a: bool = False, adjoint_b: bool = False,
                        name: str | None = None) -> Tensor:
    """The matrix product of a sparse and a dense matrix (either may be the sparse one), each
    conjugate-transposed first when its `adjoint_*` is set."""
    if not isinstance(sp_a, SparseTensor):
        if not isinstance(b, SparseTensor):
            raise TypeError("ag.sparse.sparse_dense_matmul: one operand must be a "
                            "SparseTensor.")
        # a @ b == (b^H a^H)^H, with the adjoints carried over.
        flipped = sparse_dense_matmul(b, sp_a, adjoint_a=not adjoint_b,
                                      adjoint_b=not adjoint_a)
        return _adjoint(flipped)
    if sp_a.shape.rank not in (None, 2):
        raise ValueError(f"ag.sparse.sparse_dense_matmul: the sparse operand must be a "
                         f"matrix, got rank {sp_a.shape.rank}.")
    dense = convert_to_tensor(b, dtype=sp_a.dtype)
    if adjoint_b:
        dense = _adjoint(dense)
    rows, cols = gather(sp_a.indices, 0, axis=1), gather(sp_a.indices, 1, axis=1)
    values = sp_a.values
    out_rows = gather(sp_a.dense_shape, 0)
    if adjoint_a:
        rows, cols, out_rows = cols, rows, gather(sp_a.dense_shape, 1)
        values = conj(values) if sp_a.dtype.is_complex else values
    # gather_nd, not gather: the dense operand's gradient is dense, as TensorFlow's.
    products = _mul.run([_expand_dims.run([values, -1]),
                         gather_nd(dense, _expand_dims.run([cols, -1]))])
    return unsorted_segment_sum(products, rows, out_rows)


# Helpers -------------------------------------------------------------------------------------
def _adjoint(matrix: Any) -> Tensor:
    flipped = _dense_transpose(matrix, [1, 0])
    return conj(flipped) if flipped.dtype.is_complex else flipped


def _positions(indices: Tensor, dense_shape: Tensor) -> Tensor:
    """The row-major position of each coordinate (int64 `[N]`)."""
    strides = cumprod(dense_shape, exclusive=True, reverse=True)
    return _dense_sum(_mul.run([indices, strides]), axis=1)


def _coordinates(positions: Tensor, dense_shape: Tensor) -> Tensor:
    """The coordinates (int64 `[N, rank]`) of row-major `positions`."""
    strides = cumprod(dense_shape, exclusive=True, reverse=True)
    return _floormod.run([_floordiv.run([_expand_dims.run([positions, -1]), strides]),
                          dense_shape])


def _sum_repeats(indices: Any, values: Tensor, dense_shape: Tensor, threshold: Any,
                 static: Any = None) -> SparseTensor:
    """A sparse tensor with one entry per distinct coordinate in `indices` (the sum of its
    values), sorted; with a `threshold`, sums of repeats under it in magnitude are dropped."""
    if indices is None:  # reduced to a scalar: one entry holding the sum of every value
        return SparseTensor._from_parts(reshape(convert_to_tensor([], dtypes.int64), [1, 0]),
                                        reshape(_dense_sum(values), [1]), dense_shape)
    positions = _positions(indices, dense_shape)
    distinct, slot = unique(positions, out_idx=dtypes.int64)
    count = shape(distinct, out_type=dtypes.int64)[0]
    sums = unsorted_segment_sum(values, slot, count)
    if threshold is not None:
        repeats = unsorted_segment_sum(_ones_like.run([slot]), slot, count)
        limit = convert_to_tensor(threshold, dtype=sums.dtype.real_dtype
                                  if sums.dtype.is_complex else sums.dtype)
        keep = _logical_or.run([_less.run([repeats, 2]),
                                _greater_equal.run([_abs.run([sums]), limit])])
        distinct, sums = boolean_mask(distinct, keep), boolean_mask(sums, keep)
    order = argsort(distinct, stable=True)
    distinct, sums = gather(distinct, order), take_rows(sums, order)
    return SparseTensor._from_parts(_coordinates(distinct, dense_shape), sums, dense_shape,
                                    static)


def _expand(sp: SparseTensor, full_shape: Tensor, axes: list[int],
            static: TensorShape) -> SparseTensor:
    """`sp` (the kept dimensions) with size-1 dimensions put back at `axes`; `static` is the
    result's static shape."""
    columns, kept = [], 0
    zero = zeros_like(sp.values, dtype=dtypes.int64)  # one per entry, even with no column kept
    for d in range(len(static)):
        if d in axes:
            columns.append(zero)
        else:
            columns.append(gather(sp.indices, kept, axis=1))
            kept += 1
    return SparseTensor._from_parts(stack(columns, axis=1), sp.values,
                                    _with_ones(full_shape, axes), static)


def _with_ones(dense_shape: Tensor, axes: list[int]) -> Tensor:
    """`dense_shape` with 1 at `axes`."""
    ones = convert_to_tensor([1] * len(axes), dtypes.int64)
    return tensor_scatter_nd_add(dense_shape, [[a] for a in axes],
                                 ones - gather(dense_shape, axes))


def _check_same_shape(a: SparseTensor, b: SparseTensor) -> None:
    """Static shapes that differ are TensorFlow's run-time error, raised while building."""
    if a.shape.dims is None or b.shape.dims is None:
        return
    if len(a.shape.dims) != len(b.shape.dims):
        raise InvalidArgumentError(f"Operands' shapes do not match: got ranks "
                                   f"{len(a.shape.dims)} and {len(b.shape.dims)}")
    for d, (x, y) in enumerate(zip(a.shape.dims, b.shape.dims)):
        if x is not None and y is not None and x != y:
            raise InvalidArgumentError(f"Operands' shapes do not match: got {x} and {y} for "
                                       f"dimension {d}")
