"""`ag.math`'s segment reductions: sums, means, extremes and products of the rows that share
a segment id.

Sums are one contraction with the one-hot matrix of the ids (`one_hot(ids) ^T @ data`), on the
same kernels as `tensordot`; maxima, minima and products reduce the rows masked by segment
(memory: rows x segments x row size). `bincount` and `confusion_matrix` count the same way.
Negative ids are dropped, as in TensorFlow; an id at
or above `num_segments` is an InvalidArgumentError (when the op runs, in a graph), as on
TensorFlow's CPU.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array.ops import concat, expand_dims, one_hot, reshape, shape, where
from autograph.runtime.ops.control_flow.ops import Assert
from autograph.runtime.ops.creation.ops import cast, ones_like, zeros_like
from autograph.runtime.ops.graph.ops import control_dependencies, name_scope
from autograph.runtime.ops.linalg.ops import tensordot
from autograph.runtime.ops.math.ops import (
    abs,
    add,
    divide,
    floor,
    greater,
    greater_equal,
    less,
    logical_and,
    maximum,
    minimum,
    multiply,
    reduce_all,
    reduce_max,
    reduce_min,
    reduce_prod,
    rsqrt,
    sign,
)


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
        # [rows, segments]; a negative id's row is all zeros, so it is dropped.
        member = one_hot(flat_ids, cast(num_segments, "int32"), dtype=data.dtype)
        sums = tensordot(member, rows, [[0], [0]])
        counts = tensordot(member, ones_like(flat_ids, dtype=data.dtype), [[0], [0]])
    return sums, counts


def _per_row(counts: Tensor, sums: Tensor) -> Tensor:
    """`counts` (one per segment) shaped to broadcast against `sums`' rows."""
    return reshape(counts, [-1] + [1] * (len(sums.shape) - 1))


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
    """The mean of each segment's rows (0 for an empty segment).

    >>> unsorted_segment_mean([1.0, 2.0, 6.0], [0, 0, 1], 2).numpy()
    array([1.5, 6. ], dtype=float32)
    """
    with name_scope(name, "UnsortedSegmentMean"):
        sums, counts = _segment_sums(data, segment_ids, num_segments,
                                     "ag.math.unsorted_segment_mean")
        return divide(sums, _per_row(maximum(counts, 1), sums))


def unsorted_segment_sqrt_n(data: Any, segment_ids: Any, num_segments: Any,
                            name: str | None = None) -> Tensor:
    """Each segment's sum divided by the square root of its number of rows.

    >>> unsorted_segment_sqrt_n([1.0, 3.0], [0, 0], 1).numpy()
    array([2.828427], dtype=float32)
    """
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
    requires; unsorted ids give the same sums here).

    >>> segment_sum([1, 2, 3], [0, 0, 2]).numpy()
    array([3, 0, 3], dtype=int32)
    """
    with name_scope(name, "SegmentSum"):
        return unsorted_segment_sum(data, segment_ids, _num_segments(segment_ids))


def segment_mean(data: Any, segment_ids: Any, name: str | None = None) -> Tensor:
    """`unsorted_segment_mean` with `max(segment_ids) + 1` segments; integer means are
    integers, truncated toward 0, as TensorFlow's kernel divides.

    >>> segment_mean([1.0, 2.0, 6.0], [0, 0, 1]).numpy()
    array([1.5, 6. ], dtype=float32)
    """
    with name_scope(name, "SegmentMean"):
        data = convert_to_tensor(data)
        means = unsorted_segment_mean(data, segment_ids, _num_segments(segment_ids))
        if not data.dtype.is_integer:
            return means
        return cast(multiply(sign(means), floor(abs(means))), data.dtype)


def _extreme(dtype: Any, largest: bool) -> Any:
    info = np.finfo(dtype.as_numpy_dtype) if dtype.is_floating else np.iinfo(
        dtype.as_numpy_dtype)
    return info.max if largest else info.min


def _segment_reduce(data: Any, segment_ids: Any, num_segments: Any, reduce: Any, empty: Any,
                    function: str) -> tuple[Tensor, Tensor]:
    """`reduce` over the rows of each segment (`empty(dtype)` where it has none), and the
    count of rows per segment."""
    data = convert_to_tensor(data)
    _, counts = _segment_sums(data, segment_ids, num_segments, function)
    ids = convert_to_tensor(segment_ids)
    rows = reshape(data, concat([[-1], shape(data, out_type=ids.dtype)[ids.shape.rank:]], 0))
    member = one_hot(reshape(ids, [-1]), cast(num_segments, "int32"), on_value=True,
                     off_value=False,
                     dtype="bool")  # [rows, segments]
    trailing = data.shape.rank - ids.shape.rank
    member = reshape(member, concat([shape(member, out_type=ids.dtype), [1] * trailing], 0))
    spread = expand_dims(rows, 1)  # [rows, 1, ...] against member's [rows, segments, 1...]
    filler = add(zeros_like(spread), cast(empty(data.dtype), data.dtype))
    return reduce(where(member, spread, filler), 0), counts


def unsorted_segment_max(data: Any, segment_ids: Any, num_segments: Any,
                         name: str | None = None) -> Tensor:
    """The largest row of each segment; the dtype's lowest value for an empty one.

    >>> unsorted_segment_max([1, 5, 3], [0, 0, 1], 2).numpy()
    array([5, 3], dtype=int32)
    """
    with name_scope(name, "UnsortedSegmentMax"):
        return _segment_reduce(data, segment_ids, num_segments, reduce_max,
                               lambda dtype: _extreme(dtype, False),
                               "ag.math.unsorted_segment_max")[0]


def unsorted_segment_min(data: Any, segment_ids: Any, num_segments: Any,
                         name: str | None = None) -> Tensor:
    """The smallest row of each segment; the dtype's largest value for an empty one.

    >>> unsorted_segment_min([1, 5, 3], [0, 0, 1], 2).numpy()
    array([1, 3], dtype=int32)
    """
    with name_scope(name, "UnsortedSegmentMin"):
        return _segment_reduce(data, segment_ids, num_segments, reduce_min,
                               lambda dtype: _extreme(dtype, True),
                               "ag.math.unsorted_segment_min")[0]


def unsorted_segment_prod(data: Any, segment_ids: Any, num_segments: Any,
                          name: str | None = None) -> Tensor:
    """The product of each segment's rows; 1 for an empty one.

    >>> unsorted_segment_prod([2, 5, 3], [0, 0, 1], 3).numpy()
    array([10,  3,  1], dtype=int32)
    """
    with name_scope(name, "UnsortedSegmentProd"):
        return _segment_reduce(data, segment_ids, num_segments, reduce_prod, lambda dtype: 1,
                               "ag.math.unsorted_segment_prod")[0]


def _sorted(data: Any, segment_ids: Any, reduce: Any, empty: Any, empty_output: Any,
            function: str) -> Tensor:
    result, counts = _segment_reduce(data, segment_ids, _num_segments(segment_ids), reduce,
                                     empty, function)
    present = greater(_per_row(counts, result), 0)
    return where(present, result, add(zeros_like(result), cast(empty_output, result.dtype)))


def segment_max(data: Any, segment_ids: Any, name: str | None = None) -> Tensor:
    """The largest row of each segment `0 .. max(segment_ids)`; 0 for an empty one.

    >>> segment_max([1, 5, 3], [0, 0, 2]).numpy()
    array([5, 0, 3], dtype=int32)
    """
    with name_scope(name, "SegmentMax"):
        return _sorted(data, segment_ids, reduce_max, lambda dtype: _extreme(dtype, False), 0,
                       "ag.math.segment_max")


def segment_min(data: Any, segment_ids: Any, name: str | None = None) -> Tensor:
    """The smallest row of each segment `0 .. max(segment_ids)`; 0 for an empty one.

    >>> segment_min([1, 5, 3], [0, 0, 2]).numpy()
    array([1, 0, 3], dtype=int32)
    """
    with name_scope(name, "SegmentMin"):
        return _sorted(data, segment_ids, reduce_min, lambda dtype: _extreme(dtype, True), 0,
                       "ag.math.segment_min")


def segment_prod(data: Any, segment_ids: Any, name: str | None = None) -> Tensor:
    """The product of each segment's rows `0 .. max(segment_ids)`; 1 for an empty one.

    >>> segment_prod([2, 5, 3], [0, 0, 2]).numpy()
    array([10,  1,  3], dtype=int32)
    """
    with name_scope(name, "SegmentProd"):
        return _sorted(data, segment_ids, reduce_prod, lambda dtype: 1, 1,
                       "ag.math.segment_prod")


def _non_negative_ints(x: Any, function: str, what: str) -> Tensor:
    x = convert_to_tensor(x)
    if x.dtype.name not in ("int32", "int64"):
        raise TypeError(f"{function}: {what} must be int32 or int64, got {x.dtype.name}")
    return x


def bincount(arr: Any, weights: Any = None, minlength: Any = None, maxlength: Any = None,
             dtype: Any = "int32", name: str | None = None) -> Tensor:
    """How often each value `0 .. n-1` occurs in `arr` (summing `weights` instead of 1s, when
    given): `n = max(max(arr) + 1, minlength)`, at most `maxlength` (larger values are left
    out). A negative value is an InvalidArgumentError.

    >>> bincount([1, 1, 3]).numpy()
    array([0, 2, 0, 1], dtype=int32)
    """
    function = "ag.math.bincount"
    with name_scope(name, "bincount"):
        values = reshape(_non_negative_ints(arr, function, "arr"), [-1])
        length = add(reduce_max(concat([values, [-1]], 0)), 1)
        if minlength is not None:
            length = maximum(length, cast(minlength, values.dtype))
        if maxlength is not None:
            length = minimum(length, cast(maxlength, values.dtype))
        check = Assert(reduce_all(greater_equal(values, 0)),
                       [f"{function}: arr must be non-negative, got", values])
        with control_dependencies([] if check is None else [check]):
            counted = ones_like(values, dtype=dtype) if weights is None else reshape(
                convert_to_tensor(weights), [-1])
            # A value at or past maxlength has a row of zeros: it is left out.
            member = one_hot(values, cast(length, "int32"), dtype=counted.dtype)
            return tensordot(member, counted, [[0], [0]])


def confusion_matrix(labels: Any, predictions: Any, num_classes: Any = None,
                     weights: Any = None, dtype: Any = "int32",
                     name: str | None = None) -> Tensor:
    """`[num_classes, num_classes]` counts: entry (i, j) counts the examples labelled i and
    predicted j (summing `weights` instead of 1s, when given). `num_classes` None means one
    more than the largest label or prediction; labels and predictions must be in
    `[0, num_classes)` (an InvalidArgumentError otherwise, as in TensorFlow).

    >>> confusion_matrix([0, 1, 1], [0, 1, 0]).numpy()
    array([[1, 0],
           [1, 1]], dtype=int32)
    """
    function = "ag.math.confusion_matrix"
    with name_scope(name, "confusion_matrix"):
        labels = reshape(_non_negative_ints(labels, function, "labels"), [-1])
        predictions = reshape(_non_negative_ints(predictions, function, "predictions"), [-1])
        predictions = cast(predictions, labels.dtype)
        if num_classes is None:
            num_classes = add(maximum(reduce_max(labels), reduce_max(predictions)), 1)
        n = cast(num_classes, labels.dtype)
        both = concat([labels, predictions], 0)
        check = Assert(reduce_all(logical_and(greater_equal(both, 0), less(both, n))),
                       [f"{function}: labels and predictions must be in [0, num_classes); "
                        "num_classes:", n, "labels:", labels, "predictions:", predictions])
        with control_dependencies([] if check is None else [check]):
            counted = ones_like(labels, dtype=dtype) if weights is None else cast(
                reshape(convert_to_tensor(weights), [-1]), dtype)
            depth = cast(n, "int32")
            rows = one_hot(labels, depth, dtype=counted.dtype)
            columns = multiply(one_hot(predictions, depth, dtype=counted.dtype),
                               expand_dims(counted, -1))
            return tensordot(rows, columns, [[0], [0]])
