"""Slicing functions and `tensor[key]`: `slice`, `strided_slice` and `tensor_getitem`.

`tensor_getitem` lowers a Python/NumPy basic index to one `StridedSlice` op, as TensorFlow's
`Tensor.__getitem__` does: each entry of the key becomes one entry of begin/end/strides plus a
bit in one of the masks. Re-exported by `runtime/ops/array/ops.py`.

In a graph, `slice` and `strided_slice` name their op `name` (default: the op type);
`tensor[key]` creates its ops in `name_scope("strided_slice")`, the StridedSlice op taking the
scope's name, as TensorFlow's `Tensor.__getitem__` does.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array import defs as array_defs  # noqa: F401  (declares the ops)
from autograph.runtime.ops.array.slicing import MASKS
from autograph.runtime.ops.graph.ops import name_scope

_PySlice = slice  # this module defines `slice`, the op
_slice = op_handle("Slice")
_strided_slice = op_handle("StridedSlice")
_pack = op_handle("Pack")

newaxis = None  # `x[ag.newaxis]` inserts a dimension, as `x[None]` does

_INT32_MAX = 2 ** 31 - 1


def as_index_vector(value: Any) -> Any:
    """`value` for an int vector input: an empty Python list becomes an empty int32 vector.

    `convert_to_tensor([])` gives float32 (as in TensorFlow), which no shape or index input
    accepts; TensorFlow's op wrappers use the attr's default int32 there, and so does this.
    """
    if isinstance(value, (list, tuple)) and not value:
        return np.zeros((0,), dtype=np.int32)
    return value


def slice(input_: Any, begin: Any, size: Any, name: str | None = None) -> Any:  # noqa: A001
    """Extracts the block of `size[i]` elements from `begin[i]` in each dimension i.

    Args:
        input_: the tensor to slice.
        begin: the block's start in each dimension, in `[0, dim]`.
        size: the block's size in each dimension; -1 takes the rest of the dimension.
        name: the op's name in a graph; unused eagerly.

    Raises:
        InvalidArgumentError: the block does not fit in the tensor.

    >>> slice([[1, 2, 3], [4, 5, 6]], [0, 1], [2, -1]).numpy()
    array([[2, 3],
           [5, 6]], dtype=int32)
    """
    return _slice.run([input_, as_index_vector(begin), as_index_vector(size)], None, name)


def strided_slice(input_: Any, begin: Any, end: Any, strides: Any = None, begin_mask: int = 0,
                  end_mask: int = 0, ellipsis_mask: int = 0, new_axis_mask: int = 0,
                  shrink_axis_mask: int = 0, name: str | None = None) -> Any:
    """Extracts a strided slice, as Python's `input_[begin[0]:end[0]:strides[0], ...]`.

    Entry i of `begin`, `end` and `strides` describes entry i of the slice spec, and bit i of
    each mask changes its meaning: `begin_mask`/`end_mask` ignore `begin[i]`/`end[i]` (the slice
    starts/ends at the edge), `ellipsis_mask` makes the entry `...`, `new_axis_mask` makes it
    `None` (a new dimension of size 1), `shrink_axis_mask` makes it the index `begin[i]`.
    `tensor[key]` builds these for you.

    Args:
        input_: the tensor to slice.
        begin, end: int32/int64 vectors of one length.
        strides: non-zero steps, of the same length (all 1 when None).
        begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask: the masks.
        name: the op's name in a graph; unused eagerly.

    >>> strided_slice([[1, 2, 3], [4, 5, 6]], [0, 2], [0, 0], [1, -1], shrink_axis_mask=1,
    ...               end_mask=2).numpy()
    array([3, 2, 1], dtype=int32)
    """
    if strides is None:
        if isinstance(begin, Tensor):
            strides = np.ones(begin.shape.as_list(), dtype=begin.dtype.np_dtype)
        else:
            strides = [1] * len(begin)
    begin, end, strides = (as_index_vector(v) for v in (begin, end, strides))
    masks = {"begin_mask": begin_mask, "end_mask": end_mask, "ellipsis_mask": ellipsis_mask,
             "new_axis_mask": new_axis_mask, "shrink_axis_mask": shrink_axis_mask}
    return _strided_slice.run([input_, begin, end, strides], masks, name)


def tensor_getitem(tensor: Any, key: Any) -> Any:
    """`tensor[key]` for a basic index, as one `StridedSlice` op.

    `key` holds ints (negative ones count from the end), slices with any start, stop and
    step, `None` (`ag.newaxis`), `...`, and scalar int32/int64 tensors as indices or slice
    bounds, as in NumPy's basic indexing.

    Raises:
        TypeError: any other key (a list, a mask, a float, a tensor of rank > 0); use
            `ag.gather` or `ag.boolean_mask` for those.
        InvalidArgumentError: an index out of range (the message names the dimension and its
            size), or a step of 0.

    >>> x = convert_to_tensor([[1, 2, 3], [4, 5, 6]])
    >>> tensor_getitem(x, (Ellipsis, -1)).numpy()
    array([3, 6], dtype=int32)
    >>> tensor_getitem(x, (None, 1)).shape
    TensorShape([1, 3])
    """
    signature = _signature(key)
    if signature is not None:  # a key of Python ints, slices, None and `...`: settled once
        result = _strided_slice.run_keyed(signature, tensor, lambda: _slice_inputs(tensor, key))
        if result is not None:
            return result
    begin, end, strides, masks = _slice_spec(key)
    with name_scope(None, "strided_slice", [tensor]) as scope:
        spec = _spec_tensors(begin, end, strides)
        return _strided_slice.run([tensor, *spec], masks, scope)


def _slice_spec(key: Any) -> tuple[list, list, list, dict[str, int]]:
    """StridedSlice's begin, end, strides and (non-zero) masks for `tensor[key]`."""
    begin: list[int] = []
    end: list[int] = []
    strides: list[int] = []
    masks = dict.fromkeys(MASKS, 0)
    for i, item in enumerate(key if isinstance(key, tuple) else (key,)):
        bit = 1 << i
        if isinstance(item, _PySlice):
            for bound, values, mask in ((item.start, begin, "begin_mask"),
                                        (item.stop, end, "end_mask")):
                if bound is None:
                    values.append(0)
                    masks[mask] |= bit
                else:
                    values.append(_index(bound))
            strides.append(1 if item.step is None else _index(item.step))
        elif item is Ellipsis or item is None:
            begin.append(0)
            end.append(0)
            strides.append(1)
            masks["ellipsis_mask" if item is Ellipsis else "new_axis_mask"] |= bit
        else:
            index = _index(item)
            begin.append(index)
            # StridedSlice ignores `end` on a shrunk axis; index + 1 mirrors TensorFlow.
            end.append(index + 1 if isinstance(index, int) else index)
            strides.append(1)
            masks["shrink_axis_mask"] |= bit
    return begin, end, strides, {k: v for k, v in masks.items() if v}


def _slice_inputs(tensor: Any, key: Any) -> tuple[list, dict[str, int]]:
    begin, end, strides, masks = _slice_spec(key)
    return [tensor, *_spec_tensors(begin, end, strides)], masks


def _signature(key: Any) -> Any:
    """`key` as a hashable value when it holds only Python ints, slices of them (or of None),
    None and `...` (slices are unhashable before Python 3.12); else None."""
    if type(key) is int:
        return key
    signature = []
    for item in key if type(key) is tuple else (key,):
        kind = type(item)
        if kind is int or item is None or item is Ellipsis:
            signature.append(item)
        elif kind is _PySlice and all(type(b) is int or b is None
                                      for b in (item.start, item.stop, item.step)):
            signature.append((item.start, item.stop, item.step))
        else:
            return None
    return tuple(signature)


def _index(item: Any) -> Any:
    """`item` as a Python int or a scalar int32/int64 tensor; TypeError for anything else."""
    if isinstance(item, Tensor):
        if item.dtype in (dtypes.int32, dtypes.int64) and item.shape.rank in (0, None):
            return item
    elif not isinstance(item, (bool, np.bool_)) and hasattr(item, "__index__"):
        try:
            return int(item.__index__())
        except TypeError:
            pass
    raise TypeError(
        f"Only integers, slices (`:`), ellipsis (`...`), ag.newaxis (`None`) and scalar "
        f"int32/int64 tensors are valid indices, got {_describe(item)}. To pick elements by a "
        f"list or tensor of indices use ag.gather (or ag.gather_nd); to select by a boolean "
        f"mask use ag.boolean_mask.")


def _describe(item: Any) -> str:
    if isinstance(item, Tensor):
        return f"a {item.dtype.name} tensor of shape {item.shape}"
    return repr(item)


def _spec_tensors(*vectors: list) -> list[Any]:
    """begin, end and strides as vectors of one dtype (int64 only when int32 cannot hold it)."""
    tensors = [v for vector in vectors for v in vector if isinstance(v, Tensor)]
    wide = any(abs(v) > _INT32_MAX for vector in vectors for v in vector if isinstance(v, int))
    kinds = {t.dtype for t in tensors}
    if len(kinds) > 1:
        raise TypeError("Index tensors in one key must share a dtype, got int32 and int64; "
                        "convert one with ag.cast.")
    dtype = kinds.pop() if kinds else dtypes.int64 if wide else dtypes.int32
    if tensors:
        return [_pack.run([[v if isinstance(v, Tensor) else convert_to_tensor(v, dtype=dtype)
                            for v in vector]], {"axis": 0}, "stack") for vector in vectors]
    return [np.array(vector, dtype=dtype.np_dtype) for vector in vectors]
