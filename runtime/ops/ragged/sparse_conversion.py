"""`RaggedTensor.to_sparse` and `RaggedTensor.from_sparse`, as TensorFlow's: a ragged tensor's
values at their coordinates (row, position in the row, ...) in a `SparseTensor` of its bounding
shape, and back (each row of a rank-2 sparse tensor's stored values, in order).

`operators` installs them on `RaggedTensor`.
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.core import dtypes
from autograph.runtime.ops.array.gathering import gather
from autograph.runtime.ops.array.ops import stack
from autograph.runtime.ops.creation.ops import cast
from autograph.runtime.ops.creation.ops import range as range_
from autograph.runtime.ops.ragged import partition as rp
from autograph.runtime.ops.ragged.ragged_tensor import RaggedTensor
from autograph.runtime.ops.sparse.sparse_tensor import SparseTensor

__all__ = ["to_sparse", "from_sparse"]


def to_sparse(self: RaggedTensor, name: str | None = None) -> SparseTensor:
    """This tensor's values at their coordinates, in a sparse tensor of its bounding shape."""
    rt = self
    flat = rt.flat_values
    if flat.shape.rank is not None and flat.shape.rank > 1:  # uniform inner dimensions:
        inner = RaggedTensor.from_tensor(flat, ragged_rank=flat.shape.rank - 1,
                                         row_splits_dtype=rt.row_splits_dtype)
        rt = rt.with_flat_values(inner)  # as ragged ones of full rows, the same coordinates
    splits = rt.nested_row_splits
    index = range_(0, gather(splits[-1], -1 + rp.size_of(splits[-1])), dtype=splits[-1].dtype)
    columns: list[Any] = []
    for level in reversed(splits):
        rows = gather(rp.rowids_from_splits(level), index)
        columns.insert(0, index - gather(level, rows))
        index = rows
    columns.insert(0, index)
    indices = cast(stack(columns, axis=1), dtypes.int64)
    return SparseTensor._from_parts(indices, rt.flat_values,
                                    rt.bounding_shape(out_type=dtypes.int64))


def from_sparse(cls: Any, st_input: Any, name: str | None = None,
                row_splits_dtype: Any = dtypes.int64) -> RaggedTensor:
    """The ragged tensor whose row `i` holds the stored values of row `i` of `st_input` (a
    rank-2 sparse tensor with its indices in row-major order), in order.

    Raises:
        TypeError: `st_input` is not a SparseTensor.
        ValueError: its rank is not 2.
    """
    if not isinstance(st_input, SparseTensor):
        raise TypeError(f"st_input must be a SparseTensor, got {type(st_input).__name__}.")
    if st_input.shape.rank is not None and st_input.shape.rank != 2:
        raise ValueError("rank(st_input) must be 2.")
    splits_dtype = dtypes.as_dtype(row_splits_dtype)
    rowids = cast(st_input.indices[:, 0], splits_dtype)
    nrows = cast(st_input.dense_shape[0], splits_dtype)
    return cls.from_value_rowids(st_input.values, rowids, nrows, validate=False)
