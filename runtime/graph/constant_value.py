"""`constant_value(t)`: the value of a symbolic tensor when it is known while building a graph.

Shape functions read shape-like inputs through it (`reshape(x, ag.shape(y))` keeps static
shapes). It folds constants, shapes that are fully known, and a few cheap ops over them;
anything else is None: unknown until the graph runs.

>>> from autograph.runtime.graph.graph import Graph
>>> from autograph.runtime.graph.tensor_conversion import convert_to_tensor
>>> with Graph().as_default():
...     c = convert_to_tensor([2, 3])
>>> constant_value(c)
array([2, 3], dtype=int32)
"""

from __future__ import annotations

from typing import Any

import numpy as np


def constant_value(tensor: Any) -> np.ndarray | None:
    op = tensor.op
    fold = _FOLDERS.get(op.type)
    return None if fold is None else fold(op, tensor.value_index)


def _const(op, index):
    return np.asarray(op.attrs["value"])


def _shape(op, index):
    shape = op.inputs[0]._shape
    if shape is None or None in shape:
        return None
    return np.array(shape, dtype=op.attrs["out_type"].np_dtype)


def _size(op, index):
    shape = op.inputs[0]._shape
    if shape is None or None in shape:
        return None
    return np.array(int(np.prod(shape, dtype=np.int64)), dtype=op.attrs["out_type"].np_dtype)


def _rank(op, index):
    shape = op.inputs[0]._shape
    return None if shape is None else np.array(len(shape), dtype=np.int32)


def _identity(op, index):
    return constant_value(op.inputs[0])


def _pack(op, index):
    values = [constant_value(t) for t in op.inputs]
    if any(v is None for v in values):
        return None
    return np.stack(values, axis=op.attrs.get("axis", 0))


def _concat(op, index):
    values = [constant_value(t) for t in op.inputs]
    if any(v is None for v in values):
        return None
    return np.concatenate(values[:-1], axis=int(values[-1]))


def _cast(op, index):
    value = constant_value(op.inputs[0])
    return None if value is None else value.astype(op.attrs["DstT"].np_dtype)


_FOLDERS = {"Const": _const, "Shape": _shape, "Size": _size, "Rank": _rank,
            "Identity": _identity, "Pack": _pack, "ConcatV2": _concat, "Cast": _cast}
