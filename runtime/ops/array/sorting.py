"""Sorting and counting functions: `sort`, `argsort`, `unique`, `searchsorted`,
`histogram_fixed_width`. Re-exported by `runtime/ops/array/ops.py`.

Sorts are stable: equal values keep their order (TensorFlow's `argsort(stable=False)` gives
the same order, and so does its descending sort).

>>> sort([[3, 1, 2, 1]]).numpy().tolist()
[[1, 1, 2, 3]]
>>> [t.numpy().tolist() for t in unique([5, 3, 5, 1, 3])]
[[5, 3, 1], [0, 1, 0, 2, 1]]
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.core import dtypes
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array import sorting_defs  # noqa: F401  (declares the ops)

__all__ = ["sort", "argsort", "unique", "searchsorted", "histogram_fixed_width"]

_sort = op_handle("Sort")
_unique = op_handle("Unique")
_lower, _upper = op_handle("LowerBound"), op_handle("UpperBound")
_histogram = op_handle("HistogramFixedWidth")
_reshape, _shape = op_handle("Reshape"), op_handle("Shape")
_DIRECTIONS = ("ASCENDING", "DESCENDING")


def _sorted(values: Any, axis: int, direction: str, name: str | None) -> tuple:
    if direction not in _DIRECTIONS:
        raise ValueError(f"Argument `direction` should be one of ASCENDING, DESCENDING. "
                         f"Received: direction={direction}")
    return _sort.run([values], {"axis": int(axis), "descending": direction == "DESCENDING"},
                     name)


def sort(values: Any, axis: int = -1, direction: str = "ASCENDING",
         name: str | None = None) -> Any:
    """`values` sorted along `axis`, least first (`direction="DESCENDING"`: greatest first).

    Raises:
        ValueError: another `direction`.
        InvalidArgumentError: a scalar, or `axis` out of range.
    """
    return _sorted(values, axis, direction, name)[0]


def argsort(values: Any, axis: int = -1, direction: str = "ASCENDING", stable: bool = False,
            name: str | None = None) -> Any:
    """The positions along `axis` that sort `values` (int32); equal values keep their order
    whether or not `stable` is asked for."""
    return _sorted(values, axis, direction, name)[1]


def unique(x: Any, out_idx: Any = dtypes.int32, name: str | None = None) -> tuple:
    """`(y, idx)`: the distinct values of the vector `x` in the order they first appear, and
    for each entry of `x` its value's position in `y`."""
    return _unique.run([x], {"out_idx": dtypes.as_dtype(out_idx)}, name)


def searchsorted(sorted_sequence: Any, values: Any, side: str = "left",
                 out_type: Any = dtypes.int32, name: str | None = None) -> Any:
    """Where each of `values` would go in `sorted_sequence` (sorted along its last dimension)
    to keep it sorted: before equal entries (`side="left"`) or after them (`"right"`). Leading
    dimensions of both are batches, searched row by row.

    Raises:
        ValueError: another `side`.
    """
    if side not in ("left", "right"):
        raise ValueError(f"Argument `side` must be either 'right' or 'left'. Received: "
                         f"`side` = '{side}'.")
    sorted_sequence = convert_to_tensor(sorted_sequence)
    values = convert_to_tensor(values, dtype=sorted_sequence.dtype)
    rows = _reshape.run([sorted_sequence, _rows_shape(sorted_sequence)])
    queries = _reshape.run([values, _rows_shape(values)])
    bound = _lower if side == "left" else _upper
    found = bound.run([rows, queries], {"out_type": dtypes.as_dtype(out_type)}, name)
    return _reshape.run([found, _shape.run([values])])


def _rows_shape(t: Any) -> list[int]:
    """`t`'s shape as [batch, last]: one -1 at most, so a vector of unknown length (a batch
    of one) reshapes in a graph too."""
    if t.shape.rank == 1:
        return [1, -1]
    n = t.shape.as_list()[-1] if t.shape.rank else None
    return [-1, -1 if n is None else n]


def histogram_fixed_width(values: Any, value_range: Any, nbins: Any = 100,
                          dtype: Any = dtypes.int32, name: str | None = None) -> Any:
    """Counts of `values` in `nbins` equal bins over `value_range` = [low, high]; values
    below `low` count in the first bin, values from `high` up in the last."""
    values = convert_to_tensor(values)
    value_range = convert_to_tensor(value_range, dtype=values.dtype)
    return _histogram.run([values, value_range, convert_to_tensor(nbins, dtype=dtypes.int32)],
                          {"dtype": dtypes.as_dtype(dtype)}, name)
