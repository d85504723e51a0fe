"""A ragged tensor's value in Python and NumPy: the nested list of `to_list()` and the array
of `numpy()` (of objects, one array a row, where rows differ in length, as TensorFlow's), from
its flat values and row splits as arrays.
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["nested_list", "nested_array"]


def _rows(values: Any, splits: list[np.ndarray]) -> list:
    """`values` cut by the outermost of `splits`, recursively."""
    if not splits:
        return values
    inner = _rows(values, splits[1:])
    s = splits[0]
    return [inner[s[i]:s[i + 1]] for i in range(len(s) - 1)]


def nested_list(parts: tuple[np.ndarray, list[np.ndarray]]) -> list:
    values, splits = parts
    return _to_python(_rows(values, splits))


def _to_python(rows: Any) -> Any:
    if isinstance(rows, np.ndarray):
        return rows.tolist()
    return [_to_python(r) for r in rows]


def nested_array(parts: tuple[np.ndarray, list[np.ndarray]]) -> np.ndarray:
    values, splits = parts
    if not splits:
        return values
    inner = nested_array((values, splits[1:]))
    s = splits[0]
    rows = [inner[s[i]:s[i + 1]] for i in range(len(s) - 1)]
    if not rows:
        return np.zeros((0, 0) + values.shape[1:], dtype=values.dtype)
    if any(len(r) != len(rows[0]) for r in rows):  # one object a row, as TensorFlow's
        found = np.empty(len(rows), dtype=object)
        for i, r in enumerate(rows):
            found[i] = r
        return found
    return np.array(rows)
