"""Row partitions of ragged tensors, written with dense ops so they run eagerly, in graphs
and under a gradient tape alike: the encodings TensorFlow's `RaggedTensor` accepts (row
splits, lengths, starts, limits, value row ids), converted to row splits and back, and the
eager checks that a partition is valid, with TensorFlow's messages.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.graph.constant_value import constant_value
from autograph.runtime.graph.tensor import EagerTensor, Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array.gathering import gather
from autograph.runtime.ops.array.ops import concat, identity, reshape, shape
from autograph.runtime.ops.array.sorting import searchsorted
from autograph.runtime.ops.control_flow.ops import Assert
from autograph.runtime.ops.creation.ops import cast, zeros
from autograph.runtime.ops.creation.ops import range as range_
from autograph.runtime.ops.graph.ops import control_dependencies
from autograph.runtime.ops.math.ops import equal, logical_and
from autograph.runtime.ops.reduction.ops import cumsum, reduce_all

__all__ = ["partition_tensor", "splits_from_lengths", "splits_from_rowids",
           "rowids_from_splits", "lengths_from_splits", "check_splits", "nrows_of",
           "row_splits_dtype_of"]


def row_splits_dtype_of(*values: Any) -> dtypes.DType:
    """int32 when a given partition tensor is int32, else int64 (TensorFlow's default)."""
    for v in values:
        if isinstance(v, Tensor) and v.dtype is dtypes.int32:
            return dtypes.int32
    return dtypes.int64


def partition_tensor(value: Any, what: str, dtype: dtypes.DType) -> Tensor:
    """`value` as an integer vector of `dtype` (int32 or int64 tensors keep their dtype)."""
    if isinstance(value, Tensor):
        if not value.dtype.is_integer:
            raise TypeError(f"{what} must be an integer tensor (int32 or int64), got a "
                            f"{value.dtype.name} tensor.")
        t = value if value.dtype is dtype else cast(value, dtype)
    else:
        t = convert_to_tensor(value, dtype=dtype, name=what)
    t.shape.with_rank(1)
    return t


def splits_from_lengths(lengths: Tensor) -> Tensor:
    """`[0, l0, l0 + l1, ...]`."""
    return concat([zeros([1], lengths.dtype), cumsum(lengths)], axis=0)


def splits_from_rowids(rowids: Tensor, nrows: Any) -> Tensor:
    """The splits of the rows the sorted `rowids` fill: row `i` starts where the first id not
    below `i` is."""
    bounds = range_(0, cast(nrows, rowids.dtype) + 1, dtype=rowids.dtype)
    return searchsorted(rowids, bounds, side="left", out_type=rowids.dtype)


def rowids_from_splits(splits: Tensor) -> Tensor:
    """The row of each value: value `j` is in the row whose limit is the first above `j`."""
    nvals = gather(splits, -1 + size_of(splits))
    positions = range_(0, nvals, dtype=splits.dtype)
    return searchsorted(splits[1:], positions, side="right", out_type=splits.dtype)


def size_of(vector: Tensor) -> Any:
    """The length of `vector`: a Python int when static, else a tensor of its dtype."""
    n = vector.shape[0] if vector.shape.rank == 1 else None
    return n if n is not None else cast(shape(vector)[0], vector.dtype)


def lengths_from_splits(splits: Tensor) -> Tensor:
    return splits[1:] - splits[:-1]


def nrows_of(splits: Tensor) -> Any:
    """The number of rows: a Python int when the splits' length is static."""
    n = splits.shape[0] if splits.shape.rank == 1 else None
    return None if n is None else n - 1


def flat_length(values: Any) -> Any:
    """The number of rows of `values` (a tensor or a ragged tensor)."""
    if isinstance(values, Tensor):
        n = values.shape[0] if values.shape.rank else None
        return n if n is not None else shape(values, out_type=dtypes.int64)[0]
    return values.nrows()


def check_splits(splits: Tensor, nvals: Any, factory: str) -> Tensor:
    """`splits`, checked as TensorFlow checks `factory`'s arguments: now when eager, else
    by an assertion the splits depend on, which fails when the graph runs."""
    if not isinstance(splits, EagerTensor):
        return _asserted(splits, nvals, factory)
    s = splits.numpy()
    bad = f"Arguments to {factory} do not form a valid RaggedTensor"
    if s.size == 0:
        raise InvalidArgumentError(f"{bad}: row_splits must have at least one element.")
    if s[0] != 0:
        raise InvalidArgumentError(f"{bad}:zero\nCondition x == y did not hold: the first "
                                   f"row split is {s[0]}, not 0.")
    if np.any(np.diff(s) < 0):
        raise InvalidArgumentError(f"{bad}:monotonic.  \nCondition x >= 0 did not hold "
                                   f"element-wise: row_splits {s.tolist()} decrease.")
    n = nvals.numpy() if isinstance(nvals, EagerTensor) else nvals
    if n is not None and int(s[-1]) != int(n):
        raise InvalidArgumentError(  # TensorFlow checks this in `_from_row_partition`
            "Arguments to _from_row_partition do not form a valid RaggedTensor\n"
            f"Condition x == y did not hold: the last row split is {s[-1]}, but "
            f"values has {int(n)} rows.")
    return splits


def _asserted(splits: Tensor, nvals: Any, factory: str) -> Tensor:
    """`splits` after an assertion that they start at 0, do not decrease and end at `nvals`."""
    last = gather(splits, -1 + size_of(splits))
    ok = logical_and(logical_and(equal(gather(splits, 0), 0),
                                 reduce_all(splits[1:] >= splits[:-1])),
                     equal(last, cast(nvals, splits.dtype)))
    check = Assert(ok, [f"Arguments to {factory} do not form a valid RaggedTensor: row "
                        f"splits must start at 0, not decrease, and end at the number of "
                        f"values. Row splits:", splits, "number of values:", nvals])
    with control_dependencies([check]):
        return identity(splits)


def row_ids_checked(rowids: Tensor, nrows: Any) -> None:
    """TensorFlow's checks of `from_value_rowids`' ids, eagerly."""
    if not isinstance(rowids, EagerTensor):
        return
    ids = rowids.numpy()
    bad = "Arguments to from_value_rowids do not form a valid RowPartition."
    if ids.size and ids[0] < 0:
        raise InvalidArgumentError(f"{bad}\nCondition x >= 0 did not hold: value_rowids "
                                   f"start at {ids[0]}.")
    if np.any(np.diff(ids) < 0):
        raise InvalidArgumentError(f"{bad}\nCondition x >= 0 did not hold element-wise: "
                                   f"value_rowids {ids.tolist()} decrease.")
    n = nrows.numpy() if isinstance(nrows, EagerTensor) else nrows
    if n is not None and ids.size and ids[-1] >= int(n):
        raise InvalidArgumentError(f"{bad}\nCondition x < y did not hold: value_rowids "
                                   f"reach {ids[-1]}, but nrows is {int(n)}.")


def static_int(t: Any) -> int | None:
    """The value of scalar `t` where known now: eagerly, or folded while building a graph."""
    if isinstance(t, EagerTensor):
        return int(t.numpy())
    found = constant_value(t) if isinstance(t, Tensor) and hasattr(t, "op") else None
    return None if found is None or np.ndim(found) else int(found)


def as_row_vector(x: Any) -> Tensor:
    return reshape(x, [-1])
