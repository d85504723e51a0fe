"""Declarations of the TensorList ops behind `TensorArray` (TensorFlow's names and specs).

They take and return a `variant` scalar holding a `runtime.ops.tensor_array.TensorList`; their
shape functions read that list when its value is known (eagerly) and give exact shapes, else
use the `element_shape` inputs (TensorFlow's encoding: -1 for an unknown dimension, a scalar -1
for an unknown rank). The helpers that check lists, indices and element shapes are shared with
their kernels (`kernels/list_kernels.py`), which check the same things at run time.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.core.tensor_shape import format_raw, raw_compatible, raw_merge
from autograph.runtime.ops.control_flow.defs import _check_scalar
from autograph.runtime.registry import shape_inference as si
from autograph.runtime.registry.op_registry import register_op


# Helpers shared with the kernels, which check the same things at run time.
def decode_shape(value: Any) -> Any:
    """A raw shape from TensorFlow's element_shape encoding (-1: unknown dim / rank)."""
    if value is None:
        return None
    value = np.asarray(value)
    if value.ndim == 0:
        if int(value) != -1:
            raise InvalidArgumentError(f"A scalar element_shape must be -1 (unknown rank), "
                                       f"got {int(value)}.")
        return None
    for d in value.tolist():
        if d < -1:
            raise InvalidArgumentError(f"Dimension {d} must be >= -1.")
    return tuple(None if int(d) < 0 else int(d) for d in value)


def check_list(lst: Any, element_dtype: Any, op: str) -> None:
    if lst.element_dtype != element_dtype:
        raise InvalidArgumentError(f"The list holds {lst.element_dtype.name} elements but the "
                                   f"op's element_dtype is {element_dtype.name}.", op)


def check_index(index: int, length: int, op: str) -> None:
    if not 0 <= index < length:
        raise InvalidArgumentError(f"Index {index} is out of range for a list of {length} "
                                   f"elements; it must be in [0, {length}).", op)


def check_item_shape(lst: Any, shape: Any, op: str) -> None:
    if not raw_compatible(lst.element_shape, shape):
        raise InvalidArgumentError(f"An element of shape {format_raw(shape)} does not fit the "
                                   f"list's element shape {format_raw(lst.element_shape)}.", op)


def read_shape(lst: Any, index: int, hint: Any, op: str) -> tuple:
    """The shape of element `index`: its own, or for an element never set the list's element
    shape merged with `hint`, which must then be fully known (it reads as zeros)."""
    item = lst.get(index)
    if item is not None:
        return tuple(item.shape)
    return _full(merged_shape(lst, hint), op, f"Element {index} was never set, and")


def merged_shape(lst: Any, hint: Any) -> Any:
    """The list's element shape refined by `hint` (the op's element_shape) where they agree."""
    if raw_compatible(lst.element_shape, hint):
        return raw_merge(lst.element_shape, hint)
    return lst.element_shape


def _full(shape: Any, op: str, why: str) -> tuple:
    if shape is None or None in shape:
        raise InvalidArgumentError(f"{why} the element shape {format_raw(shape)} is not fully "
                                   f"known, so its value cannot be made of zeros. Write it "
                                   f"first, or give the TensorArray a full element_shape.", op)
    return shape


def common_shape(lst: Any, indices: Any, hint: Any, op: str) -> tuple:
    """The one shape of the elements at `indices` (all of them must have it)."""
    shape = None
    for i in indices:
        s = read_shape(lst, i, hint, op) if lst.get(i) is not None else None
        if s is not None and shape is not None and s != shape:
            raise InvalidArgumentError(f"Elements of the list have different shapes "
                                       f"{format_raw(shape)} and {format_raw(s)} (element {i}); "
                                       f"only elements of one shape can be stacked.", op)
        shape = shape if s is None else s
    if shape is None:  # no element set: the element shape decides
        return _full(merged_shape(lst, hint), op, "No element is set, and")
    return shape


def _list_value(c: si.InferenceContext, i: int) -> Any:
    value = c.value(i)
    if value is None:
        return None
    lst = value[()] if isinstance(value, np.ndarray) else value
    if not hasattr(lst, "element_dtype"):
        raise c.error(f"input_handle must hold a tensor list, got {type(lst).__name__}.")
    return lst


def _unset(lst: Any, indices: Any) -> bool:
    """Whether an element at `indices` was never set (or there is none: the element shape
    then decides too)."""
    indices = list(indices)
    return not indices or any(lst.get(int(i)) is None for i in indices)


def _shape_input(c: si.InferenceContext, i: int) -> Any:
    shape = c.shape(i)
    if shape is not None and len(shape) > 1:
        raise c.error(f"element_shape must be a scalar or a vector, but its shape is "
                      f"{format_raw(shape)}.")
    value = c.value(i)
    if value is None and shape is not None and len(shape) == 1 and shape[0] is not None:
        return (None,) * shape[0]  # the rank is known before the dimensions are
    return decode_shape(value)


def _int_value(c: si.InferenceContext, i: int) -> int | None:
    value = c.value(i)
    return None if value is None else int(value)


def _new_list_shape(c: si.InferenceContext) -> list:
    _shape_input(c, 0)
    _check_scalar(c, 1, "the size")
    size = _int_value(c, 1)
    if c.op_name == "TensorListReserve" and size is not None and size < 0:
        raise c.error(f"num_elements must be >= 0, got {size}.")
    return [()]


def _from_tensor_shape(c: si.InferenceContext) -> list:
    shape, hint = c.shape(0), _shape_input(c, 1)
    if shape is not None:
        if not shape:
            raise c.error("tensor must have rank >= 1 to be split into list elements.")
        if not raw_compatible(shape[1:], hint):
            raise c.error(f"Elements of shape {format_raw(shape[1:])} do not fit "
                          f"element_shape {format_raw(hint)}.")
    return [()]


def _set_item_shape(c: si.InferenceContext) -> list:
    _check_scalar(c, 1, "index")
    lst, index = _list_value(c, 0), _int_value(c, 1)
    if lst is not None and index is not None:
        check_list(lst, c.attr("element_dtype"), c.op_name)
        if index < 0 or not c.attr("resize_if_index_out_of_bounds"):
            check_index(index, lst.length(), c.op_name)
        check_item_shape(lst, c.shape(2), c.op_name)
    return [()]


def _get_item_shape(c: si.InferenceContext) -> list:
    _check_scalar(c, 1, "index")
    hint, lst, index = _shape_input(c, 2), _list_value(c, 0), _int_value(c, 1)
    if lst is None or index is None:
        return [hint]
    check_list(lst, c.attr("element_dtype"), c.op_name)
    check_index(index, lst.length(), c.op_name)
    if c.value(2) is None and _unset(lst, [index]):
        return [hint]  # the shape of zeros comes from element_shape, known when run
    return [read_shape(lst, index, hint, c.op_name)]


def _stack_shape(c: si.InferenceContext) -> list:
    hint, lst, n = _shape_input(c, 1), _list_value(c, 0), c.attr("num_elements")
    if lst is None or (c.value(1) is None and _unset(lst, range(lst.length()))):
        return [None if hint is None else (n if n >= 0 else None,) + hint]
    check_list(lst, c.attr("element_dtype"), c.op_name)
    if n >= 0 and n != lst.length():
        raise c.error(f"The list has {lst.length()} elements but num_elements is {n}.")
    return [(lst.length(),) + common_shape(lst, range(lst.length()), hint, c.op_name)]


def _gather_shape(c: si.InferenceContext) -> list:
    indices = si.with_rank(c, c.shape(1), 1, "indices")
    hint, lst, values = _shape_input(c, 2), _list_value(c, 0), c.value(1)
    if lst is None or values is None:
        return [None if hint is None else indices + hint]
    check_list(lst, c.attr("element_dtype"), c.op_name)
    for i in values:
        check_index(int(i), lst.length(), c.op_name)
    if c.value(2) is None and _unset(lst, values):
        return [None if hint is None else indices + hint]
    return [(len(values),) + common_shape(lst, [int(i) for i in values], hint, c.op_name)]


def _scatter_shape(c: si.InferenceContext) -> list:
    shape, indices = c.shape(1), si.with_rank(c, c.shape(2), 1, "indices")
    if shape is not None:
        if not shape:
            raise c.error("tensor must have rank >= 1: its rows are the elements to write.")
        si.merge_dim(c, shape[0], indices[0], "tensor rows vs indices")
    lst, values = _list_value(c, 0), c.value(2)
    if lst is not None:
        check_list(lst, c.dtype(1), c.op_name)
        check_item_shape(lst, None if shape is None else shape[1:], c.op_name)
        if values is not None and len(values) and int(np.min(values)) < 0:
            raise c.error(f"indices must be >= 0, got {int(np.min(values))}.")
    return [()]


def _concat_shape(c: si.InferenceContext) -> list:
    hint, lst, leading = _shape_input(c, 1), _list_value(c, 0), c.value(2)
    si.with_rank(c, c.shape(2), 1, "leading_dims")
    if lst is not None:
        check_list(lst, c.attr("element_dtype"), c.op_name)
    unset = lst is not None and _unset(lst, range(lst.length()))
    if lst is None or (unset and (leading is None or c.value(1) is None)):
        if hint is not None and not hint:
            raise c.error("Elements must have rank >= 1 to be concatenated.")
        n = None if lst is None else lst.length()
        return [None if hint is None else (None,) + hint[1:], (n,)]
    shapes = concat_shapes(lst, hint, decode_lengths(leading), c.op_name)
    return [(sum(s[0] for s in shapes),) + (shapes[0][1:] if shapes else hint[1:]),
            (lst.length(),)]


def decode_lengths(value: Any) -> list[int]:
    return [] if value is None else [int(v) for v in np.asarray(value).reshape(-1)]


def concat_shapes(lst: Any, hint: Any, leading: list[int], op: str) -> list[tuple]:
    """Each element's shape for concatenation (an unset element takes its leading dim from
    `leading`); they must agree after the first dimension."""
    n = lst.length()
    if n == 0 and (hint is None or not hint or None in hint[1:]):
        raise InvalidArgumentError(f"Cannot concatenate an empty list whose element shape "
                                   f"{format_raw(hint)} is not known after its first "
                                   f"dimension.", op)
    shapes: list = []
    for i in range(n):
        shape = read_shape(lst, i, hint, op) if lst.get(i) is not None else None
        if shape is None:
            merged = merged_shape(lst, hint)
            if i < len(leading) and merged:
                merged = (leading[i],) + merged[1:]
            shape = _full(merged, op, f"Element {i} was never set, and")
        if not shape:
            raise InvalidArgumentError(f"Element {i} is a scalar; elements must have rank >= 1 "
                                       f"to be concatenated.", op)
        if shapes and shape[1:] != shapes[0][1:]:
            raise InvalidArgumentError(f"Element {i} has shape {format_raw(shape)}, which does "
                                       f"not match element 0's {format_raw(shapes[0])} after "
                                       f"the first dimension.", op)
        shapes.append(shape)
    return shapes


def _push_back_shape(c: si.InferenceContext) -> list:
    lst = _list_value(c, 0)
    if lst is not None:
        check_list(lst, c.dtype(1), c.op_name)
        check_item_shape(lst, c.shape(1), c.op_name)
    return [()]


def _pop_back_shape(c: si.InferenceContext) -> list:
    hint, lst = _shape_input(c, 1), _list_value(c, 0)
    if lst is None:
        return [(), hint]
    check_list(lst, c.attr("element_dtype"), c.op_name)
    if lst.length() == 0:
        raise c.error("Cannot pop from an empty list.")
    if c.value(1) is None and _unset(lst, [lst.length() - 1]):
        return [(), hint]
    return [(), read_shape(lst, lst.length() - 1, hint, c.op_name)]


def _element_shape_shape(c: si.InferenceContext) -> list:
    lst = _list_value(c, 0)
    if lst is None:
        return [None]
    return [() if lst.element_shape is None else (len(lst.element_shape),)]


def _resize_shape(c: si.InferenceContext) -> list:
    _check_scalar(c, 1, "size")
    size = _int_value(c, 1)
    if size is not None and size < 0:
        raise c.error(f"size must be >= 0, got {size}.")
    return [()]


def _list_op(name: str, shape_fn: Any, summary: str, inputs: list[str], outputs: list[str],
             attrs: list[str], docs: str = "") -> None:
    builder = register_op(name)
    for spec in inputs:
        builder.input(spec)
    for spec in outputs:
        builder.output(spec)
    for spec in attrs:
        builder.attr(spec)
    builder.set_shape_fn(shape_fn).doc(summary + ("\n\n" + docs if docs else ""))


_HANDLE = "input_handle: variant"
_DTYPE = "element_dtype: type"
_SHAPE_TYPE = "shape_type: {int32, int64}"
_SHAPE_DOC = ("element_shape: the elements' shape: -1 for an unknown dimension, a scalar -1 "
              "for an unknown rank.")

_list_op("EmptyTensorList", _new_list_shape, "A new, empty tensor list.",
         ["element_shape: shape_type", "max_num_elements: int32"], ["handle: variant"],
         [_DTYPE, _SHAPE_TYPE], _SHAPE_DOC + "\nmax_num_elements: the most elements "
         "TensorListPushBack may add; -1 for no limit.")
_list_op("TensorListReserve", _new_list_shape,
         "A new list of num_elements elements, none of them set yet.",
         ["element_shape: shape_type", "num_elements: int32"], ["handle: variant"],
         [_DTYPE, _SHAPE_TYPE], _SHAPE_DOC + "\nnum_elements: the list's length.")
_list_op("TensorListFromTensor", _from_tensor_shape,
         "A list of the slices of tensor along its first dimension.",
         ["tensor: element_dtype", "element_shape: shape_type"], ["output_handle: variant"],
         [_DTYPE, _SHAPE_TYPE], _SHAPE_DOC)
_list_op("TensorListSetItem", _set_item_shape, "The list with element index replaced by item.",
         [_HANDLE, "index: int32", "item: element_dtype"], ["output_handle: variant"],
         [_DTYPE, "resize_if_index_out_of_bounds: bool = false"],
         "resize_if_index_out_of_bounds: grow the list (with unset elements) to reach index.")
_list_op("TensorListGetItem", _get_item_shape,
         "Element index of the list (zeros for an element never set, when its shape is known).",
         [_HANDLE, "index: int32", "element_shape: int32"], ["item: element_dtype"], [_DTYPE],
         _SHAPE_DOC)
_list_op("TensorListStack", _stack_shape, "The list's elements stacked into one tensor.",
         [_HANDLE, "element_shape: int32"], ["tensor: element_dtype"],
         [_DTYPE, "num_elements: int = -1"],
         _SHAPE_DOC + "\nnum_elements: the expected length, or -1.")
_list_op("TensorListGather", _gather_shape, "The elements at indices, stacked.",
         [_HANDLE, "indices: int32", "element_shape: int32"], ["values: element_dtype"],
         [_DTYPE], _SHAPE_DOC)
_list_op("TensorListScatterIntoExistingList", _scatter_shape,
         "The list with element indices[i] set to row i of tensor (growing it if needed).",
         [_HANDLE, "tensor: element_dtype", "indices: int32"], ["output_handle: variant"],
         [_DTYPE])
_list_op("TensorListConcatV2", _concat_shape,
         "The list's elements concatenated along their first dimension, and their lengths.",
         [_HANDLE, "element_shape: shape_type", "leading_dims: int64"],
         ["tensor: element_dtype", "lengths: int64"], [_DTYPE, _SHAPE_TYPE],
         _SHAPE_DOC + "\nleading_dims: the first dimension of each element never set.")
_list_op("TensorListLength", lambda c: [()], "The number of elements of the list.",
         [_HANDLE], ["length: int32"], [])
_list_op("TensorListPushBack", _push_back_shape, "The list with tensor appended.",
         [_HANDLE, "tensor: element_dtype"], ["output_handle: variant"], [_DTYPE])
_list_op("TensorListPopBack", _pop_back_shape, "The list without its last element, and that "
         "element.", [_HANDLE, "element_shape: int32"],
         ["output_handle: variant", "tensor: element_dtype"], [_DTYPE], _SHAPE_DOC)
_list_op("TensorListElementShape", _element_shape_shape,
         "The list's element shape, encoded as element_shape inputs are.",
         [_HANDLE], ["element_shape: shape_type"], [_SHAPE_TYPE])
_list_op("TensorListResize", _resize_shape,
         "The list cut or grown (with unset elements) to size elements.",
         [_HANDLE, "size: int32"], ["output_handle: variant"], [])
