"""`TensorArray`, over `variant` tensors holding a `TensorList` (TensorFlow 2's design).

A `TensorArray` is functional: `write`, `unstack` and `scatter` return a new TensorArray and
leave the old one as it was, so it can be a loop variable of `while_loop` and behaves the same
eagerly and in graphs. Each wraps one variant scalar, its `flow`; the ops on it are TensorFlow's
TensorList ops (declared in `runtime/ops/list/defs.py`).

>>> import autograph.kernels.list_kernels
>>> ta = TensorArray("float32", size=2)
>>> ta = ta.write(0, [1.0, 2.0]).write(1, [3.0, 4.0])
>>> ta.stack().numpy()
array([[1., 2.],
       [3., 4.]], dtype=float32)
>>> ta.element_shape, int(ta.size())
(TensorShape([2]), 2)
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.core.devices import CPU
from autograph.runtime.core.tensor_shape import (
    TensorShape,
    as_raw_shape,
    format_raw,
    raw_compatible,
    raw_merge,
)
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.graph.tensor import Tensor, make_eager
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.list import defs as list_defs  # noqa: F401  (declares the TensorList ops)


class TensorList:
    """The value of a tensor-list variant: a persistent list of arrays (None: never set).

    Values are immutable to their users, yet a loop that writes one element per iteration
    must not copy the list each time. So versions of a list share one backing Python list,
    with this invariant: the newest version holds the backing list (`_items`); every older
    version holds instead `_diff = (newer, length, changes)`, meaning "like `newer`, but
    `length` long and with `changes[i]` at index i". Deriving from the newest version
    changes the backing list in place (O(1)) and turns the old version into such a diff;
    deriving from an older version copies it first. Reading the newest version is O(1), an
    older one walks its diffs. Diffs point from older to newer versions only, so versions
    nobody holds any more are freed. Versions of one list must not be derived from
    concurrently (one plan runs in one thread).
    """

    __slots__ = ("element_dtype", "element_shape", "max_num_elements", "_items", "_diff",
                 "__weakref__")

    def __init__(self, element_dtype: dtypes.DType, element_shape: Any, items: list,
                 max_num_elements: int = -1):
        self.element_dtype = element_dtype
        self.element_shape = element_shape  # raw shape
        self.max_num_elements = max_num_elements  # how many TensorListPushBack allows; -1: any
        self._items: list | None = items
        self._diff: Any = None  # (base list, length, changes) while `_items` is None

    # Reading --------------------------------------------------------------------------------
    def length(self) -> int:
        return len(self._items) if self._items is not None else self._diff[1]

    def get(self, index: int) -> Any:
        """Element `index` (in range), or None when it was never set."""
        node = self
        while node._items is None:
            node, _, changes = node._diff
            if index in changes:
                return changes[index]
        return node._items[index]

    def to_list(self) -> list:
        """The elements, as a new list."""
        diffs, node = [], self
        while node._items is None:
            diffs.append(node._diff)
            node = node._diff[0]
        items = list(node._items)
        for _, length, changes in reversed(diffs):
            del items[length:]
            items.extend([None] * (length - len(items)))
            for i, value in changes.items():
                items[i] = value
        return items

    # Deriving new versions --------------------------------------------------------------------
    def _derive(self, change: Callable[[list], dict]) -> TensorList:
        """A new version: `change(items)` edits the list and returns the old values it
        replaced or removed ({index: value})."""
        if self._items is None:
            items = self.to_list()
            change(items)
            return TensorList(self.element_dtype, self.element_shape, items, self.max_num_elements)
        items, length = self._items, len(self._items)
        replaced = change(items)
        new = TensorList(self.element_dtype, self.element_shape, items, self.max_num_elements)
        self._items, self._diff = None, (new, length, replaced)
        return new

    def set(self, index: int, value: Any) -> TensorList:
        """This list with element `index` set, grown with unset elements to reach it."""
        return self.set_many([index], [value])

    def set_many(self, indices: Sequence[int], values: Sequence[Any]) -> TensorList:
        def change(items: list) -> dict:
            replaced: dict = {}
            length = len(items)
            for i, value in zip(indices, values):
                if i >= len(items):
                    items.extend([None] * (i + 1 - len(items)))
                if i < length and i not in replaced:
                    replaced[i] = items[i]
                items[i] = value
            return replaced
        return self._derive(change)

    def push(self, value: Any) -> TensorList:
        def change(items: list) -> dict:
            items.append(value)
            return {}
        return self._derive(change)

    def resize(self, size: int) -> TensorList:
        def change(items: list) -> dict:
            removed = {i: items[i] for i in range(size, len(items))}
            del items[size:]
            items.extend([None] * (size - len(items)))
            return removed
        return self._derive(change)

    # As a tensor ---------------------------------------------------------------------------
    def __tf_tensor__(self, dtype: Any = None, name: str | None = None) -> Tensor:
        """This list as an eager variant scalar (for `convert_to_tensor`)."""
        if dtype is not None and dtype is not dtypes.variant:
            raise ValueError(f"A tensor list converts to a variant tensor, not {dtype.name}.")
        return variant_tensor(self)

    def __repr__(self) -> str:
        return (f"<TensorList of {self.length()} {self.element_dtype.name} elements, "
                f"element shape {format_raw(self.element_shape)}>")


def variant_tensor(value: Any) -> Tensor:
    """An eager variant scalar holding `value`."""
    array = np.empty((), dtype=object)
    array[()] = value
    return make_eager(array, dtypes.variant, CPU)


def encode_shape(shape: Any) -> np.ndarray:
    """TensorFlow's element_shape encoding: -1 for unknown dims, a scalar -1 for unknown rank."""
    if shape is None:
        return np.array(-1, np.int32)
    return np.array([-1 if d is None else d for d in shape], np.int32)


_reserve = op_handle("TensorListReserve")
_from_tensor = op_handle("TensorListFromTensor")
_set_item = op_handle("TensorListSetItem")
_get_item = op_handle("TensorListGetItem")
_stack = op_handle("TensorListStack")
_gather = op_handle("TensorListGather")
_scatter = op_handle("TensorListScatterIntoExistingList")
_concat = op_handle("TensorListConcatV2")
_length = op_handle("TensorListLength")


class TensorArray:
    """A list of tensors of one dtype, for accumulating in loops (TensorFlow's `TensorArray`).

    Writes return a new TensorArray: always use the result (`ta = ta.write(i, x)`); the old
    one keeps its contents, eagerly too (TensorFlow 2's eager TensorArray also changes in
    place, so code that ignores the result works there but not here or in graphs). With
    `dynamic_size=True` writes past the end grow it. Reading an element never written gives
    zeros when the element shape is fully known. `clear_after_read` is accepted for
    compatibility; reads never clear (as TensorFlow 2's graph TensorArrays).
    """

    def __init__(self, dtype: Any, size: Any = None, dynamic_size: bool | None = None,
                 clear_after_read: bool | None = None, tensor_array_name: str | None = None,
                 handle: Any = None, flow: Any = None, infer_shape: bool = True,
                 element_shape: Any = None, colocate_with_first_write_call: bool = True,
                 name: str | None = None):
        self._dtype = dtypes.as_dtype(dtype)
        self._dynamic_size = bool(dynamic_size)
        self._clear_after_read = True if clear_after_read is None else bool(clear_after_read)
        self._infer_shape = infer_shape
        self._element_shape = as_raw_shape(element_shape)
        flow = flow if flow is not None else handle
        if flow is None:
            flow = _reserve.run([encode_shape(self._element_shape), 0 if size is None else size],
                                {"element_dtype": self._dtype}, name or tensor_array_name)
        elif not isinstance(flow, Tensor) or flow.dtype is not dtypes.variant:
            raise TypeError(f"flow must be a variant tensor holding a tensor list, got {flow!r}.")
        self._flow = flow

    def _with(self, flow: Tensor, element_shape: Any = "same") -> TensorArray:
        new = object.__new__(TensorArray)
        new.__dict__.update(self.__dict__)
        new._flow = flow
        if element_shape != "same":
            new._element_shape = element_shape
        return new

    # Properties ----------------------------------------------------------------------------
    @property
    def flow(self) -> Tensor:
        """The variant tensor holding the list."""
        return self._flow

    handle = flow

    @property
    def dtype(self) -> dtypes.DType:
        return self._dtype

    @property
    def element_shape(self) -> TensorShape:
        return TensorShape(self._element_shape)

    @property
    def dynamic_size(self) -> bool:
        return self._dynamic_size

    # Composite protocol: a TensorArray in a loop variable or a branch result is its flow.
    def _components(self) -> list[Tensor]:
        return [self._flow]

    def _from_components(self, components: Sequence[Tensor]) -> TensorArray:
        return self._with(components[0])

    # Reading -------------------------------------------------------------------------------
    def read(self, index: Any, name: str | None = None) -> Tensor:
        """Element `index`."""
        return _get_item.run([self._flow, index, encode_shape(self._element_shape)],
                             {"element_dtype": self._dtype}, name)

    def stack(self, name: str | None = None) -> Tensor:
        """All elements stacked along a new first dimension."""
        return _stack.run([self._flow, encode_shape(self._element_shape)],
                          {"element_dtype": self._dtype}, name)

    def gather(self, indices: Any, name: str | None = None) -> Tensor:
        """The elements at `indices`, stacked."""
        return _gather.run([self._flow, indices, encode_shape(self._element_shape)],
                           {"element_dtype": self._dtype}, name)

    def concat(self, name: str | None = None) -> Tensor:
        """All elements concatenated along their first dimension."""
        tensor, _ = _concat.run([self._flow, encode_shape(self._element_shape),
                                 np.zeros(0, np.int64)], {"element_dtype": self._dtype}, name)
        return tensor

    def size(self, name: str | None = None) -> Tensor:
        """The number of elements, an int32 scalar."""
        return _length.run([self._flow], None, name)

    # Writing -------------------------------------------------------------------------------
    def write(self, index: Any, value: Any, name: str | None = None) -> TensorArray:
        """A TensorArray with element `index` set to `value`."""
        value = self._convert(value)
        shape = self._merge_shape(value.shape, "write")
        flow = _set_item.run([self._flow, index, value],
                             {"resize_if_index_out_of_bounds": self._dynamic_size}, name)
        return self._with(flow, shape)

    def unstack(self, value: Any, name: str | None = None) -> TensorArray:
        """A TensorArray of the slices of `value` along its first dimension."""
        value = self._convert(value)
        rows = value.shape[1:] if value.shape.rank else value.shape
        shape = self._merge_shape(rows, "unstack")
        flow = _from_tensor.run([value, encode_shape(shape)], None, name)
        return self._with(flow, shape)

    def scatter(self, indices: Any, value: Any, name: str | None = None) -> TensorArray:
        """A TensorArray with element `indices[i]` set to `value[i]`."""
        value = self._convert(value)
        rows = value.shape[1:] if value.shape.rank else value.shape
        shape = self._merge_shape(rows, "scatter")
        flow = _scatter.run([self._flow, value, indices], None, name)
        return self._with(flow, shape)

    def identity(self) -> TensorArray:
        return self._with(self._flow)

    def _convert(self, value: Any) -> Tensor:
        value = convert_to_tensor(value, dtype_hint=self._dtype)
        if value.dtype is not self._dtype:
            raise TypeError(f"TensorArray dtype is {self._dtype.name} but the value written "
                            f"is {value.dtype.name}; convert it with ag.cast.")
        return value

    def _merge_shape(self, shape: TensorShape, what: str) -> Any:
        raw = shape._dims
        if not raw_compatible(self._element_shape, raw):
            raise ValueError(f"TensorArray.{what}: elements of shape {format_raw(raw)} do not "
                             f"fit the element shape {format_raw(self._element_shape)}; a "
                             f"TensorArray holds elements of one shape.")
        return raw_merge(self._element_shape, raw) if self._infer_shape else self._element_shape

    def __repr__(self) -> str:
        return (f"<ag.TensorArray dtype={self._dtype.name} element_shape="
                f"{format_raw(self._element_shape)} flow={self._flow!r}>")


__all__ = ["TensorArray"]
