"""Ragged tensors from Python values and ranges: `ag.ragged.constant`, `ag.ragged.range`,
`segment_ids_to_row_splits` and `row_splits_to_segment_ids`, as TensorFlow's.

>>> constant([[1, 2], [3]])
<ag.RaggedTensor [[1, 2], [3]]>
>>> range([3, 1])
<ag.RaggedTensor [[0, 1, 2], [0]]>
"""

from __future__ import annotations

import builtins
from typing import Any

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array.gathering import gather
from autograph.runtime.ops.array.ops import broadcast_to, shape
from autograph.runtime.ops.creation.ops import cast
from autograph.runtime.ops.creation.ops import range as range_
from autograph.runtime.ops.math.ops import ceil, maximum
from autograph.runtime.ops.ragged import partition as rp
from autograph.runtime.ops.ragged.ragged_tensor import RaggedTensor

__all__ = ["constant", "range", "segment_ids_to_row_splits", "row_splits_to_segment_ids"]


def constant(pylist: Any, dtype: Any = None, ragged_rank: int | None = None,
             inner_shape: tuple | None = None, name: str | None = None,
             row_splits_dtype: Any = dtypes.int64) -> Any:
    """A ragged tensor of a nested Python list (a dense tensor when nothing is ragged).

    Args:
        pylist: nested lists (or tuples, or NumPy arrays) of scalars, all at one depth.
        dtype: the values' dtype; inferred from them by default (float32 when empty).
        ragged_rank: how many dimensions after the first are ragged; by default all but the
            innermost (less the rank of `inner_shape`).
        inner_shape: the shape of each innermost value, uniform dimensions after the ragged.
        name: unused; kept for TensorFlow's signature.
        row_splits_dtype: int64 or int32.

    Raises:
        ValueError: scalars at different depths, a `ragged_rank` too deep, or inner values
            of different shapes.

    >>> constant([[[1, 2]], [[3, 4], [5, 6]]], ragged_rank=1).shape
    TensorShape([2, None, 2])
    """
    splits_dtype = dtypes.as_dtype(row_splits_dtype)
    if isinstance(pylist, np.ndarray) or not isinstance(pylist, (list, tuple)):
        if ragged_rank:
            raise ValueError(f"Invalid pylist={pylist!r}: incompatible with ragged_rank="
                             f"{ragged_rank}")
        return convert_to_tensor(pylist, dtype=dtype)
    depth = _scalar_depth(pylist)
    inner_rank = 0 if inner_shape is None else len(inner_shape)
    if ragged_rank is None:
        known = depth if depth is not None else _list_depth(pylist) + inner_rank
        ragged_rank = max(0, known - 1 - inner_rank)
    if depth is not None and ragged_rank >= depth:
        raise ValueError(f"pylist has scalar values depth {depth}, but ragged_rank="
                         f"{ragged_rank} requires scalar value depth greater than "
                         f"{ragged_rank}")
    if ragged_rank == 0:
        return convert_to_tensor(pylist, dtype=dtype)
    nested_lengths, leaves = _flatten(pylist, ragged_rank)
    flat = _inner_values(leaves, dtype, inner_shape)
    return RaggedTensor.from_nested_row_lengths(
        flat, [convert_to_tensor(lengths, dtype=splits_dtype) for lengths in nested_lengths],
        validate=False)


def _scalar_depth(value: Any) -> int | None:
    """The nesting depth of `value`'s scalars, None when it holds none."""
    if not isinstance(value, (list, tuple, np.ndarray)):
        return 0
    depths = {d for d in (_scalar_depth(v) for v in value) if d is not None}
    if len(depths) > 1:
        raise ValueError("all scalar values must have the same nesting depth")
    return None if not depths else depths.pop() + 1


def _list_depth(value: Any) -> int:
    if not isinstance(value, (list, tuple, np.ndarray)):
        return 0
    return 1 + max((_list_depth(v) for v in value), default=0)


def _flatten(pylist: Any, ragged_rank: int) -> tuple[list[list[int]], list]:
    """The row lengths of each ragged level, and the values below the last."""
    level = list(pylist)
    nested = []
    for _ in builtins.range(ragged_rank):
        nested.append([len(row) for row in level])
        level = [v for row in level for v in row]
    return nested, level


def _inner_values(leaves: list, dtype: Any, inner_shape: tuple | None) -> Tensor:
    inner = tuple(inner_shape or ())
    if not leaves:
        dtype = dtypes.float32 if dtype is None else dtype
        return convert_to_tensor(np.zeros((0,) + inner, dtypes.as_dtype(dtype).np_dtype
                                          if dtypes.as_dtype(dtype) is not dtypes.string
                                          else object), dtype=dtype)
    try:
        values = convert_to_tensor(leaves, dtype=dtype)
    except ValueError as e:
        if "non-rectangular" in str(e) and not isinstance(leaves[0], (int, float, str, bytes)):
            raise ValueError("inner values have inconsistent shape") from None
        raise
    except TypeError as e:
        if "mixes strings with other values" not in str(e):
            raise
        # TensorFlow's ValueError: a ragged constant's values are one list to it.
        raise ValueError("Can't convert Python sequence with mixed types to Tensor.") from None
    if inner_shape is not None and values.shape[1:].as_list() != list(inner):
        raise ValueError(f"Too many elements provided. Needed at most "
                         f"{int(np.prod(inner))}, but received {values.shape[1:]}")
    return values


def range(starts: Any, limits: Any = None, deltas: Any = 1,  # noqa: A001  (TensorFlow's)
          dtype: Any = None, name: str | None = None,
          row_splits_dtype: Any = dtypes.int64) -> RaggedTensor:
    """One row per start: `range(starts[i], limits[i], deltas[i])` (scalars apply to every
    row; with `limits` None, each row is `range(0, starts[i])`).

    Raises:
        InvalidArgumentError: starts, limits and deltas of different lengths.
    """
    if limits is None:
        starts, limits = 0, starts
    parts = [convert_to_tensor(x, dtype=dtype) if not isinstance(x, Tensor) else x
             for x in (starts, limits, deltas)]
    common = dtypes.as_dtype(dtype) if dtype is not None else _widest(parts)
    parts = [p if p.dtype is common else cast(p, common) for p in parts]
    lengths_known = [p.shape[0] for p in parts if p.shape.rank == 1]
    if len(set(lengths_known)) > 1:
        raise InvalidArgumentError("starts, limits, and deltas must have the same shape "
                                   "[Op:RaggedRange]")
    if any(p.shape.rank == 1 for p in parts):
        like = next(p for p in parts if p.shape.rank == 1)
        parts = [broadcast_to(p, shape(like)) if p.shape.rank == 0 else p for p in parts]
    else:
        parts = [p[None] for p in parts]
    starts_t, limits_t, deltas_t = parts
    splits_dtype = dtypes.as_dtype(row_splits_dtype)
    span = cast(limits_t - starts_t, dtypes.float64) / cast(deltas_t, dtypes.float64)
    lengths = cast(maximum(ceil(span), 0.0), splits_dtype)
    splits = rp.splits_from_lengths(lengths)
    rowids = rp.rowids_from_splits(splits)
    index = range_(0, gather(splits, -1 + rp.size_of(splits)), dtype=splits_dtype) - gather(
        splits, rowids)
    values = gather(starts_t, rowids) + cast(index, common) * gather(deltas_t, rowids)
    return RaggedTensor.from_row_splits(values, splits, validate=False)


def _widest(parts: list[Tensor]) -> dtypes.DType:
    for candidate in (dtypes.float64, dtypes.float32, dtypes.int64):
        if any(p.dtype is candidate for p in parts):
            return candidate
    return parts[0].dtype


def segment_ids_to_row_splits(segment_ids: Any, num_segments: Any = None,
                              out_type: Any = None, name: str | None = None) -> Tensor:
    """The row splits of rows `segment_ids` (sorted) fill; `num_segments` rows, by default
    one more than the last id.

    >>> segment_ids_to_row_splits([0, 0, 2]).numpy()
    array([0, 2, 2, 3])
    """
    out = dtypes.int64 if out_type is None else dtypes.as_dtype(out_type)
    ids = _ids(segment_ids, out)
    return RaggedTensor.from_value_rowids(ids, ids, num_segments).row_splits


def _ids(segment_ids: Any, out: dtypes.DType) -> Tensor:
    ids = convert_to_tensor(segment_ids) if not isinstance(segment_ids, Tensor) else segment_ids
    return ids if ids.dtype is out else cast(ids, out)


def row_splits_to_segment_ids(splits: Any, name: str | None = None,
                              out_type: Any = None) -> Tensor:
    """The row of each value of rows cut at `splits`.

    >>> row_splits_to_segment_ids([0, 2, 2, 5]).numpy()
    array([0, 0, 2, 2, 2])
    """
    t = rp.partition_tensor(splits, "splits", rp.row_splits_dtype_of(splits))
    ids = rp.rowids_from_splits(t)
    return ids if out_type is None or dtypes.as_dtype(out_type) is ids.dtype else cast(
        ids, out_type)



def gather_rows(rt: RaggedTensor, rows: Any) -> RaggedTensor:
    """The rows `rows` (an integer vector) of `rt`, in that order."""
    rows = cast(rows, rt.row_splits_dtype) if isinstance(rows, Tensor) else convert_to_tensor(
        rows, dtype=rt.row_splits_dtype)
    starts = gather(rt.row_splits[:-1], rows)
    limits = gather(rt.row_splits[1:], rows)
    picks = range(starts, limits, dtype=rt.row_splits_dtype, row_splits_dtype=rt.row_splits_dtype)
    values = gather_rows(rt.values, picks.values) if isinstance(rt.values, RaggedTensor) else (
        gather(rt.values, picks.values))
    return RaggedTensor.from_row_splits(values, picks.row_splits, validate=False)
