"""Reductions of ragged tensors (`ag.reduce_sum(rt, axis=1)` and its kin), as TensorFlow's:

- no axis: over every value, a scalar;
- axis 0 of a ragged tensor of ragged rank 1: column by column, a dense tensor as long as the
  longest row;
- axis 1 of ragged rank 1 (the ragged dimension): row by row, a dense tensor of one value per
  row (an empty row gives the reduction's identity: 0, 1, the dtype's lowest or highest);
  a mean of integers is a float64, as TensorFlow's;
- axis 0 or 1 of a greater ragged rank: the inner rows that share a row (or a column)
  reduced position by position, as if padded to the longest (at every ragged depth), a
  ragged tensor;
- a deeper axis: the same reduction of the values, keeping this tensor's rows.

Each is a segment reduction of the values by row (or column), so it runs in graphs and carries
gradients to the values.
"""

from __future__ import annotations

from typing import Any, Callable

from autograph.runtime.core import dtypes
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array.gathering import gather
from autograph.runtime.ops.array.ops import concat, expand_dims
from autograph.runtime.ops.creation.ops import cast
from autograph.runtime.ops.creation.ops import range as range_
from autograph.runtime.ops.math import segment
from autograph.runtime.ops.math.ops import divide, equal, greater, maximum, not_equal
from autograph.runtime.ops.ragged import partition as rp
from autograph.runtime.ops.ragged.dense import bounding_shape
from autograph.runtime.ops.ragged.ragged_tensor import RaggedTensor
from autograph.runtime.ops.reduction import ops as reduction_ops

__all__ = ["REDUCTIONS", "reduce"]

REDUCTIONS: dict[str, tuple[Callable, Callable]] = {  # op -> (dense reduction, by segment)
    "Sum": (reduction_ops.reduce_sum, segment.unsorted_segment_sum),
    "Prod": (reduction_ops.reduce_prod, segment.unsorted_segment_prod),
    "Max": (reduction_ops.reduce_max, segment.unsorted_segment_max),
    "Min": (reduction_ops.reduce_min, segment.unsorted_segment_min),
    "Mean": (reduction_ops.reduce_mean, segment.unsorted_segment_sum),
    "Any": (reduction_ops.reduce_any, segment.unsorted_segment_sum),
    "All": (reduction_ops.reduce_all, segment.unsorted_segment_sum),
}


def reduce(op_name: str, inputs: Any, attrs: dict[str, Any] | None, name: str | None) -> Any:
    """The reduction `op_name` of a ragged input, or NotImplemented."""
    if op_name not in REDUCTIONS or not isinstance(inputs[0], RaggedTensor):
        return NotImplemented
    rt, axis = inputs
    keepdims = bool((attrs or {}).get("keep_dims", False))
    dense_fn = REDUCTIONS[op_name][0]
    if axis is None:
        return dense_fn(rt.flat_values, keepdims=False) if not keepdims else _keep_all(
            rt, dense_fn)
    axes = _axes(axis, rt.shape.rank)
    result: Any = rt
    for a in sorted(axes, reverse=True):
        result = _reduce_axis(op_name, result, a, keepdims)
    return result


def _keep_all(rt: RaggedTensor, dense_fn: Callable) -> Tensor:
    value = dense_fn(rt.flat_values)
    rank = rt.shape.rank
    return value if rank is None else _expand(value, rank)


def _expand(value: Tensor, rank: int) -> Tensor:
    for _ in range(rank):
        value = expand_dims(value, 0)
    return value


def _axes(axis: Any, rank: int | None) -> list[int]:
    values = axis.numpy().tolist() if hasattr(axis, "numpy") else axis
    values = values if isinstance(values, (list, tuple)) else [values]
    found = []
    for a in values:
        a = int(a)
        if a < 0:
            if rank is None:
                raise ValueError(f"axis={a} may only be negative if rank is statically known.")
            a += rank
        if rank is not None and not 0 <= a < rank:
            raise ValueError(f"axis={a - rank if a >= rank else a} out of bounds: expected "
                             f"{-rank}<=axis<{rank}")
        found.append(a)
    return found


def _reduce_axis(op_name: str, rt: Any, axis: int, keepdims: bool) -> Any:
    dense_fn = REDUCTIONS[op_name][0]
    if not isinstance(rt, RaggedTensor):
        return dense_fn(rt, axis=axis, keepdims=keepdims)
    if axis > 1:
        return rt.with_values(_reduce_axis(op_name, rt.values, axis - 1, keepdims))
    if axis == 1:
        segments, count = rt.value_rowids(), rt.nrows()
    else:  # axis 0: one segment per column
        splits = rt.row_splits
        segments = range_(0, gather(splits, -1 + rp.size_of(splits)), dtype=splits.dtype) - (
            gather(splits, rt.value_rowids()))
        count = gather(bounding_shape(rt, splits.dtype), 1)
    if rt.ragged_rank > 1:
        reduced = _rows_by_segment(op_name, rt.values, segments, count)
        if not keepdims:
            return reduced
        dtype = reduced.row_splits_dtype  # each row in a list of its own, or all in one
        n = reduced.nrows()
        splits = range_(0, n + 1, dtype=dtype) if axis == 1 else concat(
            [convert_to_tensor([0], dtype=dtype), n[None]], axis=0)
        return RaggedTensor.from_row_splits(reduced, splits, validate=False)
    result = _by_segment(op_name, rt.values, segments, count)
    return expand_dims(result, axis) if keepdims else result


def _rows_by_segment(op_name: str, rows: RaggedTensor, segments: Tensor, count: Any) -> Any:
    """The rows of `rows` that share a segment reduced position by position, as if padded to
    the longest: row `s` of the result is as long as its longest row (and so on down, for
    rows that are ragged themselves)."""
    dtype = rows.row_splits_dtype
    lengths = maximum(segment.unsorted_segment_max(rows.row_lengths(), segments, count),
                      convert_to_tensor(0, dtype=dtype))
    splits = rp.splits_from_lengths(lengths)
    rowids = rows.value_rowids()
    within = range_(0, gather(rows.row_splits, -1 + rp.size_of(rows.row_splits)),
                    dtype=dtype) - gather(rows.row_splits, rowids)
    places = gather(splits, cast(gather(segments, rowids), dtype)) + within
    total = gather(splits, -1 + rp.size_of(splits))
    if isinstance(rows.values, RaggedTensor):
        values = _rows_by_segment(op_name, rows.values, places, total)
    else:
        values = _by_segment(op_name, rows.values, places, total)
    return RaggedTensor.from_row_splits(values, splits, validate=False)


def _by_segment(op_name: str, values: Tensor, segments: Tensor, count: Any) -> Tensor:
    by_segment = REDUCTIONS[op_name][1]
    if op_name == "Mean":
        data = values if values.dtype.is_floating else cast(values, dtypes.float64)
        total = segment.unsorted_segment_sum(data, segments, count)
        ones = convert_to_tensor(1, dtype=data.dtype) + 0 * data
        return divide(total, segment.unsorted_segment_sum(ones, segments, count))
    if op_name == "Any":
        return greater(by_segment(cast(values, dtypes.int32), segments, count), 0)
    if op_name == "All":
        flags = cast(not_equal(values, True), dtypes.int32)
        return equal(by_segment(flags, segments, count), 0)
    return by_segment(values, segments, count)
