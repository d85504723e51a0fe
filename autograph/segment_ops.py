"""`ag.math`'s segment reductions: sums and means of the rows that share a segment id.

Each is one contraction with the one-hot matrix of the ids (`one_hot(ids) ^T @ data`), so it
runs on the same kernels as `tensordot`. Negative ids are dropped, as in TensorFlow; an id at
or above `num_segments` is an InvalidArgumentError (when the op runs, in a graph), as on
TensorFlow's CPU.
"""

from __future__ import annotations

from typing import Any

from runtime.ops.array_ops import concat, reshape, shape
from runtime.ops.control_flow_ops import Assert
from runtime.ops.creation_ops import cast, ones_like
from runtime.ops.graph_ops import control_dependencies, name_scope
from runtime.ops.linalg_ops import tensordot
from runtime.ops.math_ops import (add, divide, less, maximum, reduce_all, reduce_max, rsqrt,
                                  multiply)
from runtime.ops.array_ops import one_hot
from runtime.tensor import Tensor
from runtime.tensor_conversion import convert_to_tensor

from autograph.tracebacks import filter_exports as _filter_exports


def _segment_sums(data: Any, segment_ids: Any, num_segments: Any,
                  function: str) -> tuple[Tensor, Tensor]:
    """The sums of `data`'s rows per segment, and the count of rows per segment."""
    data = convert_to_tensor(data)
    ids = convert_to_tensor(segment_ids)
    if ids.dtype.name not in ("int32", "int64"):
        raise TypeError(f"{function}: segment_ids must be int32 or int64, got {ids.dtype.name}")
    if ids.shape.rank is None or data.shape.rank is None or ids.shape.rank > data.shape.rank:
        raise ValueError(f"{function}: segment_ids (shape {ids.shape}) must have a known rank "
                         f"and a shape that starts data's shape ({data.shape})")
    if not ids.shape.is_compatible_with(data.shape[:ids.shape.rank]):
        raise ValueError(f"{function}: the shape of segment_ids ({ids.shape}) must start "
                         f"data's shape ({data.shape})")
    rows = reshape(data, concat([[-1], shape(data, out_type=ids.dtype)[ids.shape.rank:]], 0))
    flat_ids = reshape(ids, [-1])
    check = Assert(reduce_all(less(flat_ids, num_segments)),
                   [f"{function}: every segment id must be below num_segments =",
                    num_segments, "; ids:", flat_ids])
    with control_dependencies([] if check is None else [check]):
        member = one_hot(flat_ids, num_segments, dtype=data.dtype)  # [rows, segments]
        sums = tensordot(member, rows, [[0], [0]])
        counts = tensordot(member, ones_like(flat_ids, dtype=data.dtype), [[0], [0]])
    return sums, counts


def _per_row(counts: Tensor, sums: Tensor) -> Tensor:
    """`counts` (one per segment) shaped to broadcast against `sums`' rows."""
    return reshape(counts, [-1] + [1] * (sums.shape.rank - 1))


def unsorted_segment_sum(data: Any, segment_ids: Any, num_segments: Any,
                         name: str | None = None) -> Tensor:
    """`output[i] = sum of data[j...] over the j... with segment_ids[j...] == i`.

    >>> unsorted_segment_sum([1, 2, 3, 4], [0, 1, 0, 1], 2).numpy()
    array([4, 6], dtype=int32)
    """
    with name_scope(name, "UnsortedSegmentSum"):
        return _segment_sums(data, segment_ids, num_segments, "ag.math.unsorted_segment_sum")[0]


def unsorted_segment_mean(data: Any, segment_ids: Any, num_segments: Any,
                          name: str | None = None) -> Tensor:
    """The mean of each segment's rows (0 for an empty segment)."""
    with name_scope(name, "UnsortedSegmentMean"):
        sums, counts = _segment_sums(data, segment_ids, num_segments,
                                     "ag.math.unsorted_segment_mean")
        return divide(sums, _per_row(maximum(counts, 1), sums))


def unsorted_segment_sqrt_n(data: Any, segment_ids: Any, num_segments: Any,
                            name: str | None = None) -> Tensor:
    """Each segment's sum divided by the square root of its number of rows."""
    with name_scope(name, "UnsortedSegmentSqrtN"):
        sums, counts = _segment_sums(data, segment_ids, num_segments,
                                     "ag.math.unsorted_segment_sqrt_n")
        if not sums.dtype.is_floating:
            raise TypeError(f"ag.math.unsorted_segment_sqrt_n takes floating data, got "
                            f"{sums.dtype.name}")
        return multiply(sums, _per_row(rsqrt(maximum(counts, 1)), sums))


def _num_segments(segment_ids: Any) -> Tensor:
    ids = convert_to_tensor(segment_ids)
    return add(reduce_max(ids), cast(1, ids.dtype))


def segment_sum(data: Any, segment_ids: Any, name: str | None = None) -> Tensor:
    """`unsorted_segment_sum` with `max(segment_ids) + 1` segments (ids sorted, as TensorFlow
    requires; unsorted ids give the same sums here)."""
    with name_scope(name, "SegmentSum"):
        return unsorted_segment_sum(data, segment_ids, _num_segments(segment_ids))


def segment_mean(data: Any, segment_ids: Any, name: str | None = None) -> Tensor:
    """`unsorted_segment_mean` with `max(segment_ids) + 1` segments."""
    with name_scope(name, "SegmentMean"):
        return unsorted_segment_mean(data, segment_ids, _num_segments(segment_ids))


_filter_exports(globals())  # errors show the user's frames
