"""Ragged tensors to and from dense ones: `RaggedTensor.from_tensor`, `to_tensor` and
`bounding_shape`, written with dense ops (a mask, a `boolean_mask`, a scatter into a filled
tensor) so they run in graphs and carry gradients to the values.

Nothing here imports the `RaggedTensor` class (it imports this module): a nested ragged
tensor is recognised as a composite, and `from_tensor` is given the class to build.
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.core import dtypes
from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.graph.type_spec import CompositeTensor
from autograph.runtime.ops.array.gathering import boolean_mask, gather, where
from autograph.runtime.ops.array.ops import (
    broadcast_to,
    concat,
    expand_dims,
    reshape,
    shape,
    stack,
)
from autograph.runtime.ops.array.scattering import tensor_scatter_nd_update
from autograph.runtime.ops.creation.ops import cast, fill, zeros
from autograph.runtime.ops.creation.ops import range as range_
from autograph.runtime.ops.math.ops import logical_and, not_equal
from autograph.runtime.ops.ragged import partition as rp
from autograph.runtime.ops.reduction.ops import reduce_any, reduce_max

__all__ = ["from_tensor", "to_tensor", "bounding_shape"]


def bounding_shape(rt: Any, out: dtypes.DType) -> Tensor:
    """`[nrows, longest row of each ragged dimension, ...uniform inner dimensions]`."""
    dims = [rt.nrows(out_type=out)]
    level: Any = rt
    while _ragged(level):
        lengths = cast(rp.lengths_from_splits(level.row_splits), out)
        dims.append(reduce_max(concat([zeros([1], out), lengths], axis=0)))
        level = level.values
    inner = shape(level, out_type=out)[1:]
    return concat([stack(dims), inner], axis=0)


def _ragged(value: Any) -> bool:
    """Whether `value` is a ragged tensor (rather than its dense flat values)."""
    return isinstance(value, CompositeTensor)


def to_tensor(rt: Any, default_value: Any, target: Any) -> Tensor:
    """`rt` as a dense tensor of its bounding shape, or of `target` (None or -1 entries: the
    bounding size) cropping rows and padding with `default_value`."""
    out = rt.row_splits_dtype
    bounds = bounding_shape(rt, out)
    if target is not None:
        wanted = TensorShape(target) if not isinstance(target, Tensor) else None
        if wanted is not None and wanted.rank is not None:
            if wanted.rank != rt.shape.rank and rt.shape.rank is not None:
                raise ValueError(f"Shape {wanted} must have rank {rt.shape.rank}")
            bounds = stack([gather(bounds, i) if d is None else convert_to_tensor(d, dtype=out)
                            for i, d in enumerate(wanted.as_list())])
        elif wanted is None:
            given = cast(target, out)
            bounds = where(given < 0, bounds, given)
    return _fill_rows(rt, default_value, bounds)


def _fill_rows(rt: Any, default_value: Any, bounds: Tensor) -> Tensor:
    """The dense tensor of shape `bounds` holding `rt`'s values where they fall inside it."""
    values: Any = rt.values
    if _ragged(values):
        inner_bounds = concat([shape(values.row_splits, out_type=bounds.dtype)[:1] - 1,
                               bounds[2:]], axis=0)
        values = _fill_rows(values, default_value, inner_bounds)
    splits = rt.row_splits
    rowids = rp.rowids_from_splits(splits)
    positions = range_(0, gather(splits, -1 + rp.size_of(splits)), dtype=splits.dtype) - (
        gather(splits, rowids))
    nrows, ncols = cast(gather(bounds, 0), splits.dtype), cast(gather(bounds, 1),
                                                               splits.dtype)
    keep = logical_and(rowids < nrows, positions < ncols)
    indices = boolean_mask(stack([rowids, positions], axis=1), keep)
    updates = boolean_mask(values, keep)
    inner = shape(values, out_type=bounds.dtype)[1:]
    full = concat([bounds[:2], inner], axis=0)
    base = _filled(full, default_value, values.dtype, inner)
    return tensor_scatter_nd_update(base, indices, updates)


def _filled(dims: Tensor, default_value: Any, dtype: dtypes.DType, inner: Tensor) -> Tensor:
    if default_value is None:
        return zeros(dims, dtype)
    default = convert_to_tensor(default_value, dtype=dtype)
    if default.shape.rank == 0:
        return fill(dims, default)
    return broadcast_to(default, dims)


def from_tensor(cls: Any, tensor: Any, lengths: Any, padding: Any, ragged_rank: int,
                splits_dtype: dtypes.DType) -> Any:
    """`cls` (RaggedTensor) of dense `tensor`'s rows; see `RaggedTensor.from_tensor`."""
    if lengths is not None and padding is not None:
        raise ValueError("Specify argument `lengths` or `padding`, but not both.")
    if not isinstance(ragged_rank, int):
        raise TypeError(f"Argument `ragged_rank` must be an int. Received {ragged_rank}.")
    if ragged_rank <= 0:
        raise ValueError(f"Argument `ragged_rank` must be greater than 0. Received "
                         f"{ragged_rank}.")
    t = convert_to_tensor(tensor, name="tensor")
    rank = t.shape.rank
    if rank is not None and rank <= ragged_rank:
        raise ValueError(f"Expected a tensor with rank > {ragged_rank}, got rank {rank}.")
    if ragged_rank > 1:
        if lengths is not None or padding is not None:
            raise ValueError("RaggedTensor.from_tensor takes lengths or padding only with "
                             "ragged_rank=1 here: make the outer dimensions ragged first.")
        dims = shape(t, out_type=splits_dtype)
        inner = from_tensor(cls, reshape(t, concat([[-1], dims[2:]], axis=0)), None, None,
                            ragged_rank - 1, splits_dtype)
        return cls.from_row_splits(inner, range_(0, gather(dims, 0) * gather(dims, 1) + 1,
                                                 gather(dims, 1), dtype=splits_dtype),
                                   validate=False)
    dims = shape(t, out_type=splits_dtype)
    nrows, ncols = gather(dims, 0), gather(dims, 1)
    if lengths is None and padding is None:
        flat = reshape(t, concat([[-1], dims[2:]], axis=0))
        splits = range_(0, nrows * ncols + 1, ncols, dtype=splits_dtype) if (
            t.shape[1] != 0) else zeros(expand_dims(nrows + 1, 0), splits_dtype)
        return cls.from_row_splits(flat, splits, validate=False)
    if padding is not None:
        pad = convert_to_tensor(padding, dtype=t.dtype)
        present = not_equal(t, pad)
        if present.shape.rank is not None and present.shape.rank > 2:
            present = reduce_any(present, axis=list(range(2, present.shape.rank)))
        positions = range_(1, ncols + 1, dtype=splits_dtype)
        lengths = reduce_max(concat([zeros(expand_dims(nrows, 0), splits_dtype)[:, None],
                                     cast(present, splits_dtype) * positions], axis=1), axis=1)
    else:
        lengths = rp.partition_tensor(lengths, "lengths", splits_dtype)
    keep = range_(0, ncols, dtype=splits_dtype)[None, :] < lengths[:, None]
    return cls.from_row_lengths(boolean_mask(t, keep), lengths, validate=False)
