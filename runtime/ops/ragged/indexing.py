"""Indexing a ragged tensor (`rt[0]`, `rt[1:3]`, `rt[:, :2]`, `rt[2, -1]`), as TensorFlow's:

- the first index picks rows: an integer gives that row (a dense tensor, or a ragged one when
  more dimensions are ragged), a slice the ragged tensor of those rows;
- after a slice of rows, a slice of a ragged dimension cuts each row (bounds past a row's end
  are clamped, negative ones count from each row's end); an integer there is an error, as
  rows may be too short;
- what follows applies to the values (uniform inner dimensions) or to the row picked.
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.core import dtypes
from autograph.runtime.graph.tensor import EagerTensor, Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array.gathering import gather, where
from autograph.runtime.ops.creation.ops import cast
from autograph.runtime.ops.math.ops import maximum, minimum
from autograph.runtime.ops.ragged import factory
from autograph.runtime.ops.ragged.ragged_tensor import RaggedTensor

__all__ = ["ragged_getitem"]


def ragged_getitem(rt: RaggedTensor, key: Any) -> Any:
    """`rt[key]`."""
    keys = list(key) if isinstance(key, tuple) else [key]
    if keys and keys[0] is Ellipsis:
        keys = keys[1:]
    if not keys:
        return rt
    first, rest = keys[0], keys[1:]
    if isinstance(first, slice):
        rows = _slice_rows(rt, first)
        return _inner(rows, rest) if rest else rows
    row = _row(rt, first)
    return row[tuple(rest)] if rest else row


def _row(rt: RaggedTensor, index: Any) -> Any:
    n = rt.nrows()
    i: Any
    if isinstance(index, (int, EagerTensor)) and isinstance(n, EagerTensor):
        i, count = int(index), int(n)
        if not -count <= i < count:
            raise IndexError(f"Row key {i} out of bounds")
        i = i % count if count else i
        start, limit = rt.row_splits[i], rt.row_splits[i + 1]
    else:
        i = cast(convert_to_tensor(index), rt.row_splits_dtype)
        i = where(i < 0, i + n, i)
        start, limit = gather(rt.row_splits, i), gather(rt.row_splits, i + 1)
    values = rt.values
    if isinstance(values, RaggedTensor):
        return _slice_rows(values, slice(start, limit))
    return values[start:limit]


def _slice_rows(rt: RaggedTensor, key: slice) -> RaggedTensor:
    n = rt.nrows()
    if key.step not in (None, 1) or (key.start is not None and not isinstance(
            key.start, (int, Tensor))):
        if not isinstance(n, EagerTensor):
            raise ValueError("Slicing the rows of a RaggedTensor with a step needs a known "
                             "number of rows.")
        rows = list(range(*key.indices(int(n))))
        return factory.gather_rows(rt, convert_to_tensor(rows, dtype=rt.row_splits_dtype))
    start: Any
    stop: Any
    if isinstance(n, EagerTensor) and all(isinstance(b, (int, type(None)))
                                          for b in (key.start, key.stop)):
        start, stop, _ = key.indices(int(n))
        stop = max(stop, start)
    else:
        start = _bound(key.start, n, 0, rt.row_splits_dtype)
        stop = maximum(_bound(key.stop, n, n, rt.row_splits_dtype), start)
    splits = rt.row_splits[start:stop + 1]
    first = splits[:1]
    values = rt.values
    begin, end = gather(rt.row_splits, start), gather(rt.row_splits, stop)
    values = _slice_rows(values, slice(begin, end)) if isinstance(values, RaggedTensor) else (
        values[begin:end])
    return RaggedTensor.from_row_splits(values, splits - first, validate=False)


def _bound(bound: Any, n: Any, default: Any, dtype: dtypes.DType) -> Any:
    if bound is None:
        return cast(default, dtype) if isinstance(default, Tensor) else default
    b = cast(convert_to_tensor(bound), dtype)
    return minimum(maximum(where(b < 0, b + n, b), 0), n)


def _inner(rt: RaggedTensor, keys: list) -> Any:
    """`rt[:, keys...]`: `keys[0]` on the ragged dimension, the rest below it."""
    first, rest = keys[0], keys[1:]
    if first is Ellipsis:
        return rt
    if not isinstance(first, slice):
        raise ValueError("Cannot index into an inner ragged dimension.")
    if first.step not in (None, 1):
        raise ValueError("Slicing a ragged dimension with a step is not supported: "
                         "use a step of 1.")
    dtype = rt.row_splits_dtype
    starts, limits = rt.row_splits[:-1], rt.row_splits[1:]
    lengths = limits - starts
    begin = _within(first.start, lengths, 0, dtype)
    end = maximum(_within(first.stop, lengths, lengths, dtype), begin)
    picks = factory.range(starts + begin, starts + end, dtype=dtype, row_splits_dtype=dtype)
    values = rt.values
    if isinstance(values, RaggedTensor):
        values = factory.gather_rows(values, picks.values)
        if rest:
            values = _inner(values, rest)
    else:
        values = gather(values, picks.values)
        if rest:
            values = values[tuple([slice(None), *rest])]
    return RaggedTensor.from_row_splits(values, picks.row_splits, validate=False)


def _within(bound: Any, lengths: Tensor, default: Any, dtype: dtypes.DType) -> Tensor:
    """`bound` per row: counted from each row's end when negative, clamped to its length."""
    if bound is None:
        return default * (lengths * 0 + 1) if isinstance(default, int) else default
    b = cast(convert_to_tensor(bound), dtype)
    return minimum(maximum(where(b < 0, b + lengths, b + 0 * lengths), 0), lengths)

