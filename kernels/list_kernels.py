"""Kernels of the TensorList ops, the storage behind `TensorArray`.

A list handle is a 0-d object array holding a `runtime.ops.tensor_array.TensorList` (always in host
memory); its elements are arrays on the device that wrote them, moved to the kernel's device
when read. Lists are persistent: kernels derive new versions and never change their inputs
(see `TensorList` for how a write to the newest version stays O(1)). Shapes, sizes and indices
are read on the host. String elements stay in host memory, so their stacking uses NumPy.
"""

import numpy as np

from autograph.kernels.common import BOTH, object_scalar
from autograph.runtime.core import dtypes
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.ops.list.defs import (
    check_index,
    check_item_shape,
    check_list,
    common_shape,
    concat_shapes,
    decode_lengths,
    decode_shape,
    read_shape,
)
from autograph.runtime.ops.list.tensor_array import TensorList
from autograph.runtime.registry.kernel_registry import register_kernel


def _list(handle: np.ndarray) -> TensorList:
    list_: TensorList = handle.item()
    return list_


def _xp(ctx, dtype):
    return np if dtype.is_host_only else ctx.xp


def _on_device(ctx, dtype, array):
    return array if dtype.is_host_only else ctx.import_array(array)


def _read(ctx, lst: TensorList, index: int, hint, op: str):
    """Element `index` on the kernel's device; zeros for an element never set."""
    item = lst.get(index)
    if item is None:
        shape = read_shape(lst, index, hint, op)
        dtype = lst.element_dtype
        if dtype.is_host_only:
            return np.full(shape, b"", dtype=object)
        return ctx.xp.zeros(shape, dtype=dtype.np_dtype)
    return _on_device(ctx, lst.element_dtype, item)


def _stacked(ctx, lst: TensorList, indices, hint, op: str):
    shape = common_shape(lst, indices, hint, op)
    xp = _xp(ctx, lst.element_dtype)
    if not indices:
        return xp.zeros((0,) + shape, dtype=lst.element_dtype.np_dtype)
    return xp.stack([_read(ctx, lst, i, hint, op) for i in indices])


@register_kernel("EmptyTensorList", device=BOTH,
                 host_memory=("element_shape", "max_num_elements", "handle"))
def empty_tensor_list(ctx, element_shape, max_num_elements, element_dtype):
    return object_scalar(TensorList(element_dtype, decode_shape(element_shape), [],
                                    int(max_num_elements)))


@register_kernel("TensorListReserve", device=BOTH,
                 host_memory=("element_shape", "num_elements", "handle"))
def tensor_list_reserve(ctx, element_shape, num_elements, element_dtype):
    return object_scalar(TensorList(element_dtype, decode_shape(element_shape),
                                    [None] * int(num_elements)))


@register_kernel("TensorListFromTensor", device=BOTH,
                 host_memory=("element_shape", "output_handle"))
def tensor_list_from_tensor(ctx, tensor, element_shape):
    return object_scalar(TensorList(dtypes.as_dtype(tensor.dtype), decode_shape(element_shape),
                                    [tensor[i] for i in range(tensor.shape[0])]))


@register_kernel("TensorListSetItem", device=BOTH, host_memory=("input_handle", "index",
                                                                 "output_handle"))
def tensor_list_set_item(ctx, handle, index, item, resize_if_index_out_of_bounds):
    lst, index = _list(handle), int(index)
    if index < 0 or not resize_if_index_out_of_bounds:
        check_index(index, lst.length(), "TensorListSetItem")
    check_item_shape(lst, item.shape, "TensorListSetItem")
    return object_scalar(lst.set(index, item))


@register_kernel("TensorListGetItem", device=BOTH,
                 host_memory=("input_handle", "index", "element_shape"))
def tensor_list_get_item(ctx, handle, index, element_shape, element_dtype):
    lst, index = _list(handle), int(index)
    check_list(lst, element_dtype, "TensorListGetItem")
    check_index(index, lst.length(), "TensorListGetItem")
    return _read(ctx, lst, index, decode_shape(element_shape), "TensorListGetItem")


@register_kernel("TensorListStack", device=BOTH, host_memory=("input_handle", "element_shape"))
def tensor_list_stack(ctx, handle, element_shape, element_dtype, num_elements):
    lst = _list(handle)
    check_list(lst, element_dtype, "TensorListStack")
    if num_elements >= 0 and num_elements != lst.length():
        raise InvalidArgumentError(f"The list has {lst.length()} elements but num_elements is "
                                   f"{num_elements}.", "TensorListStack")
    return _stacked(ctx, lst, list(range(lst.length())), decode_shape(element_shape),
                    "TensorListStack")


@register_kernel("TensorListGather", device=BOTH,
                 host_memory=("input_handle", "indices", "element_shape"))
def tensor_list_gather(ctx, handle, indices, element_shape, element_dtype):
    lst = _list(handle)
    check_list(lst, element_dtype, "TensorListGather")
    indices = [int(i) for i in indices]
    for i in indices:
        check_index(i, lst.length(), "TensorListGather")
    return _stacked(ctx, lst, indices, decode_shape(element_shape), "TensorListGather")


@register_kernel("TensorListScatterIntoExistingList", device=BOTH,
                 host_memory=("input_handle", "indices", "output_handle"))
def tensor_list_scatter(ctx, handle, tensor, indices):
    lst = _list(handle)
    check_item_shape(lst, tensor.shape[1:], "TensorListScatterIntoExistingList")
    indices = [int(i) for i in indices]
    if indices and min(indices) < 0:
        check_index(min(indices), lst.length(), "TensorListScatterIntoExistingList")
    return object_scalar(lst.set_many(indices, [tensor[i] for i in range(len(indices))]))


@register_kernel("TensorListConcatV2", device=BOTH,
                 host_memory=("input_handle", "element_shape", "leading_dims", "lengths"))
def tensor_list_concat(ctx, handle, element_shape, leading_dims, element_dtype):
    lst = _list(handle)
    check_list(lst, element_dtype, "TensorListConcatV2")
    hint = decode_shape(element_shape)
    leading = decode_lengths(leading_dims)
    shapes = concat_shapes(lst, hint, leading, "TensorListConcatV2")
    lengths = np.array([s[0] for s in shapes], np.int64)
    xp = _xp(ctx, element_dtype)
    if not shapes:
        return xp.zeros((0,) + hint[1:], dtype=element_dtype.np_dtype), lengths
    parts = []
    for i, shape in enumerate(shapes):
        item = lst.get(i)
        parts.append(xp.zeros(shape, dtype=element_dtype.np_dtype) if item is None else
                     _on_device(ctx, element_dtype, item))
    return xp.concatenate(parts), lengths


@register_kernel("AddN", device=BOTH, type_constraints={"T": [dtypes.variant]},
                 host_memory=("inputs", "sum"))
def add_lists(ctx, inputs):
    """Lists of one length added element by element (gradients of one list summed); an
    element never set counts as zeros."""
    lists = [_list(h) for h in inputs]
    length = lists[0].length()
    if any(other.length() != length for other in lists[1:]):
        raise InvalidArgumentError(f"AddN of tensor lists needs lists of one length, got "
                                   f"{[other.length() for other in lists]}.")
    # Element by element over plain lists: a loop's gradient adds a list of one element set
    # to its running total at every iteration, so this runs once per iteration.
    items = lists[0].to_list()
    for other in lists[1:]:
        for i, x in enumerate(other.to_list()):
            if x is not None:
                total = items[i]
                items[i] = x if total is None else total + x
    first = lists[0]
    return object_scalar(TensorList(first.element_dtype, first.element_shape, items))


@register_kernel("TensorListLength", device=BOTH, host_memory=("input_handle", "length"))
def tensor_list_length(ctx, handle):
    return np.int32(_list(handle).length())


@register_kernel("TensorListPushBack", device=BOTH,
                 host_memory=("input_handle", "output_handle"))
def tensor_list_push_back(ctx, handle, tensor):
    lst = _list(handle)
    check_item_shape(lst, tensor.shape, "TensorListPushBack")
    if lst.max_num_elements != -1 and lst.length() >= lst.max_num_elements:
        raise InvalidArgumentError(f"Tried to push an item into a full list: list size "
                                   f"{lst.length()}, max_num_elements {lst.max_num_elements}.",
                                   "TensorListPushBack")
    return object_scalar(lst.push(tensor))


@register_kernel("TensorListPopBack", device=BOTH,
                 host_memory=("input_handle", "element_shape", "output_handle"))
def tensor_list_pop_back(ctx, handle, element_shape, element_dtype):
    lst = _list(handle)
    check_list(lst, element_dtype, "TensorListPopBack")
    n = lst.length()
    if n == 0:
        raise InvalidArgumentError("Cannot pop from an empty list.", "TensorListPopBack")
    item = _read(ctx, lst, n - 1, decode_shape(element_shape), "TensorListPopBack")
    return object_scalar(lst.resize(n - 1)), item


@register_kernel("TensorListElementShape", device=BOTH,
                 host_memory=("input_handle", "element_shape"))
def tensor_list_element_shape(ctx, handle, shape_type):
    shape = _list(handle).element_shape
    if shape is None:
        return np.array(-1, dtype=shape_type.np_dtype)
    return np.array([-1 if d is None else d for d in shape], dtype=shape_type.np_dtype)


@register_kernel("TensorListResize", device=BOTH,
                 host_memory=("input_handle", "size", "output_handle"))
def tensor_list_resize(ctx, handle, size):
    size = int(size)
    if size < 0:
        raise InvalidArgumentError(f"size must be >= 0, got {size}.", "TensorListResize")
    return object_scalar(_list(handle).resize(size))
