"""Gradients of the tensor-list ops behind `TensorArray` and list state in loops.

The gradient of a list is a list of its elements' gradients: stacking's gradient unstacks,
setting an item's gradient reads that item's gradient (and zeroes it in the list passed on),
reading an item's gradient is a list holding it at that index and zeros elsewhere, pushing's
gradient pops. Elements never given a gradient read as zeros, of the element shape the list
was made with. Two gradient lists of one list add element by element (`AddN` of variants).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.gradients.registry import RegisterGradient, no_gradient
from autograph.runtime.ops.control_flow.while_loop import while_loop
from autograph.runtime.ops.creation.ops import constant

_reserve, _set_item, _get_item = (op_handle(n) for n in (
    "TensorListReserve", "TensorListSetItem", "TensorListGetItem"))
_stack, _from_tensor, _length = (op_handle(n) for n in (
    "TensorListStack", "TensorListFromTensor", "TensorListLength"))
_push_back, _pop_back, _gather, _scatter = (op_handle(n) for n in (
    "TensorListPushBack", "TensorListPopBack", "TensorListGather",
    "TensorListScatterIntoExistingList"))
_element_shape, _resize = op_handle("TensorListElementShape"), op_handle("TensorListResize")
_zeros_like = op_handle("ZerosLike")
_cast, _cumsum, _pack, _slice, _add, _less = (op_handle(n) for n in (
    "Cast", "Cumsum", "Pack", "Slice", "AddV2", "Less"))
_gather_rows, _sub, _rank, _fill, _concat = (op_handle(n) for n in (
    "GatherV2", "Sub", "Rank", "Fill", "ConcatV2"))

for _op_type in ("EmptyTensorList", "TensorListReserve", "TensorListLength",
                 "TensorListElementShape"):
    no_gradient(_op_type)

_UNKNOWN = np.int32(-1)


def _dtype(op: Any) -> Any:
    return {"element_dtype": op.get_attr("element_dtype")}


def zeros_list(like: Any, element_dtype: dtypes.DType) -> Any:
    """A list as long as `like`, of unset elements (zeros when read) of its element shape."""
    shape = _element_shape.run([like], {"shape_type": dtypes.int32})
    return _reserve.run([shape, _length.run([like])], {"element_dtype": element_dtype})


@RegisterGradient("TensorListStack")
def _stack_grad(op: Any, grad: Any) -> list:
    return [_from_tensor.run([grad, op.inputs[1]], _dtype(op)), None]


@RegisterGradient("TensorListFromTensor")
def _from_tensor_grad(op: Any, dlist: Any) -> list:
    if dlist is None:
        return [None, None]
    return [_stack.run([dlist, op.inputs[1]], _dtype(op)), None]


@RegisterGradient("TensorListGetItem")
def _get_item_grad(op: Any, grad: Any) -> list:
    handle, index, shape = op.inputs
    gradients = _reserve.run([shape, _length.run([handle])], _dtype(op))
    return [_set_item.run([gradients, index, grad], _dtype(op)), None, None]


@RegisterGradient("TensorListSetItem")
def _set_item_grad(op: Any, dlist: Any) -> list:
    if dlist is None:
        return [None, None, None]
    _, index, item = op.inputs
    item_grad = _get_item.run([dlist, index, _shape_of(item)], _dtype(op))
    rest = _set_item.run([dlist, index, _zeros_like.run([item])], _dtype(op))
    return [rest, None, item_grad]


@RegisterGradient("TensorListPushBack")
def _push_back_grad(op: Any, dlist: Any) -> list:
    if dlist is None:
        return [None, None]
    tensor = op.inputs[1]
    rest, element = _pop_back.run([dlist, _shape_of(tensor)], _dtype(op))
    return [rest, element]


@RegisterGradient("TensorListPopBack")
def _pop_back_grad(op: Any, dlist: Any, delement: Any) -> list:
    if dlist is None:
        dlist = zeros_list(op.outputs[0], op.get_attr("element_dtype"))
    if delement is None:
        delement = _zeros_like.run([op.outputs[1]])
    return [_push_back.run([dlist, delement], _dtype(op)), None]


@RegisterGradient("TensorListGather")
def _gather_grad(op: Any, grad: Any) -> list:
    handle, indices, _ = op.inputs
    gradients = zeros_list(handle, op.get_attr("element_dtype"))
    return [_scatter.run([gradients, grad, indices], _dtype(op)), None, None]


@RegisterGradient("TensorListScatterIntoExistingList")
def _scatter_grad(op: Any, dlist: Any) -> list:
    if dlist is None:
        return [None, None, None]
    _, tensor, indices = op.inputs
    shape = _element_shape.run([dlist], {"shape_type": dtypes.int32})
    values = _gather.run([dlist, indices, shape], _dtype(op))
    rest = _scatter.run([dlist, _zeros_like.run([tensor]), indices], _dtype(op))
    return [rest, values, None]


@RegisterGradient("TensorListResize")
def _resize_grad(op: Any, dlist: Any) -> list:
    if dlist is None:
        return [None, None]
    return [_resize.run([dlist, _length.run([op.inputs[0]])]), None]


def _shape_of(t: Any) -> Any:
    if t.shape.is_fully_defined():
        return np.array(t.shape.as_list(), np.int32)
    return _UNKNOWN


@RegisterGradient("TensorListConcatV2")
def _concat_grad(op: Any, grad: Any, lengths_grad: Any) -> list:
    """Element i's gradient is the rows of `grad` element i filled (a loop over elements)."""
    handle = op.inputs[0]
    lengths = _cast.run([op.outputs[1]], {"DstT": dtypes.int32})
    offsets = _cumsum.run([lengths, np.int32(0)], {"exclusive": True})
    inner = _sub.run([_rank.run([grad]), np.int32(1)])  # the elements' other dims
    rest = _fill.run([_pack.run([[inner]]), np.int32(0)])
    whole = _fill.run([_pack.run([[inner]]), np.int32(-1)])
    count = _length.run([handle])
    attrs = _dtype(op)

    def body(i: Any, gradients: Any) -> tuple:
        def at(vector: Any) -> Any:
            return _pack.run([[_gather_rows.run([vector, i, np.int32(0)], {"batch_dims": 0})]])
        begin = _concat.run([[at(offsets), rest], np.int32(0)])
        size = _concat.run([[at(lengths), whole], np.int32(0)])
        piece = _slice.run([grad, begin, size])
        return _add.run([i, np.int32(1)]), _set_item.run([gradients, i, piece], attrs)
    start = _reserve.run([_UNKNOWN, count], attrs)
    _, gradients = while_loop(lambda i, g: _less.run([i, count]), body,
                              (constant(np.int32(0)), start))
    return [gradients, None, None]
