"""`IndexedSlices`: some rows of a tensor, as TensorFlow's `tf.IndexedSlices`: the gradient of a
`gather` along the first axis (an embedding lookup), which touches only the rows it read.

`values[i]` is row `indices[i]` of a tensor of shape `dense_shape`; repeated indices add up.
It is a composite tensor (traced by `IndexedSlicesSpec`); `convert_to_tensor` (and so every op
that takes it as a tensor) makes the dense tensor, as in TensorFlow.

>>> rows = IndexedSlices([[1.0, 1.0], [2.0, 2.0]], [2, 2], [3, 2])
>>> convert_to_tensor(rows).numpy().tolist()
[[0.0, 0.0], [0.0, 0.0], [3.0, 3.0]]
"""

from __future__ import annotations

from typing import Any, NamedTuple, Sequence

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.graph.tensor_spec import TensorSpec
from autograph.runtime.graph.type_spec import CompositeTensor, TypeSpec
from autograph.runtime.ops.sparse.sparse_tensor import _static_shape

__all__ = ["IndexedSlices", "IndexedSlicesSpec", "IndexedSlicesValue", "densified",
           "summed_slices", "distinct_rows", "with_dtype"]

_scatter_nd, _expand_dims, _neg, _concat, _cast, _unique, _shape = (op_handle(n) for n in (
    "ScatterNd", "ExpandDims", "Neg", "ConcatV2", "Cast", "Unique", "Shape"))


class IndexedSlices(CompositeTensor):
    """Rows `indices` of a tensor of shape `dense_shape`, holding `values` (the other rows
    are zero; repeated rows add up)."""

    def __init__(self, values: Any, indices: Any, dense_shape: Any = None):
        self._values = convert_to_tensor(values, name="values")
        self._indices = convert_to_tensor(indices, name="indices")
        self._dense_shape = None if dense_shape is None else convert_to_tensor(
            dense_shape, name="dense_shape")

    @property
    def values(self) -> Tensor:
        return self._values

    @property
    def indices(self) -> Tensor:
        return self._indices

    @property
    def dense_shape(self) -> Tensor | None:
        return self._dense_shape

    @property
    def dtype(self) -> dtypes.DType:
        return self._values.dtype

    @property
    def shape(self) -> TensorShape:
        """The static shape of the dense tensor (the rows' shape, rows unknown, when
        `dense_shape` is not known)."""
        if self._dense_shape is not None:
            known = _static_shape(self._dense_shape)
            if known.rank is not None:
                return known
        values = self._values.shape
        return TensorShape(None if values.rank is None else [None] + values.as_list()[1:])

    @property
    def _type_spec(self) -> IndexedSlicesSpec:
        return IndexedSlicesSpec(self.shape, self.dtype, self._indices.dtype,
                                 None if self._dense_shape is None else self._dense_shape.dtype,
                                 self._values.shape)

    def __tf_tensor__(self, dtype: Any = None, name: str | None = None) -> Tensor:
        dense = densified(self)
        if dtype is not None and dtypes.as_dtype(dtype) is not dense.dtype:
            raise ValueError(f"Tensor conversion requested dtype {dtypes.as_dtype(dtype).name} "
                             f"for IndexedSlices of dtype {dense.dtype.name}.")
        return dense

    def __neg__(self) -> IndexedSlices:
        return IndexedSlices._of(_neg.run([self._values]), self._indices, self._dense_shape)

    @classmethod
    def _of(cls, values: Tensor, indices: Tensor, dense_shape: Tensor | None) -> IndexedSlices:
        slices = object.__new__(cls)
        slices._values, slices._indices, slices._dense_shape = values, indices, dense_shape
        return slices

    def __repr__(self) -> str:
        return (f"IndexedSlices(indices={self._indices!s}, values={self._values!s}, "
                f"dense_shape={self._dense_shape!s})")

    __str__ = __repr__


class IndexedSlicesValue(NamedTuple):
    """The arrays of an `IndexedSlices`, as `Session.run` gives one it fetched
    (`tf.compat.v1.IndexedSlicesValue`)."""

    values: np.ndarray
    indices: np.ndarray
    dense_shape: np.ndarray | None


class IndexedSlicesSpec(TypeSpec):
    """The type of an `IndexedSlices`: dense shape, dtype, index dtype, and the dtype of
    `dense_shape` (None when it has none)."""

    value_type = IndexedSlices

    def __init__(self, shape: Any = None, dtype: Any = dtypes.float32,
                 indices_dtype: Any = dtypes.int64, dense_shape_dtype: Any = None,
                 indices_shape: Any = None):
        self._shape = TensorShape(shape)
        self._dtype = dtypes.as_dtype(dtype)
        self._indices_dtype = dtypes.as_dtype(indices_dtype)
        self._dense_shape_dtype = (None if dense_shape_dtype is None
                                   else dtypes.as_dtype(dense_shape_dtype))
        self._values_shape = TensorShape(indices_shape)  # TensorFlow's name for the values'

    def _serialize(self) -> tuple:
        return (self._shape, self._dtype, self._indices_dtype, self._dense_shape_dtype,
                self._values_shape)

    @property
    def _component_specs(self) -> list[TensorSpec]:
        rows = self._values_shape.as_list() if self._values_shape.rank is not None else None
        specs = [TensorSpec(None if rows is None else [None] + rows[1:], self._dtype),
                 TensorSpec([None], self._indices_dtype)]
        if self._dense_shape_dtype is not None:
            specs.append(TensorSpec([self._shape.rank], self._dense_shape_dtype))
        return specs

    def _to_components(self, value: Any) -> list:
        parts = [value.values, value.indices]
        return parts + ([value.dense_shape] if self._dense_shape_dtype is not None else [])

    def _from_components(self, components: Sequence[Any]) -> IndexedSlices:
        values, indices, *rest = components
        return IndexedSlices._of(values, indices, rest[0] if rest else None)

    def _fetched_value(self, arrays: list) -> IndexedSlicesValue:
        values, indices, *rest = arrays
        return IndexedSlicesValue(values, indices, rest[0] if rest else None)


def densified(value: Any) -> Any:
    """`value` as a dense tensor when it is an `IndexedSlices`, else as it is."""
    if not isinstance(value, IndexedSlices):
        return value
    if value.dense_shape is None:
        raise ValueError("Cannot make a dense tensor of IndexedSlices without a dense_shape.")
    indices = value.indices
    if indices.dtype is not value.dense_shape.dtype:
        indices = _cast.run([indices], {"DstT": value.dense_shape.dtype})
    return _scatter_nd.run([_expand_dims.run([indices, -1]), value.values, value.dense_shape])


def summed_slices(grads: Sequence[IndexedSlices]) -> IndexedSlices:
    """The sum of several `IndexedSlices` of one tensor: their rows together."""
    indices = [g.indices for g in grads]
    if any(i.dtype is not indices[0].dtype for i in indices):
        indices = [_cast.run([i], {"DstT": dtypes.int64}) for i in indices]
    return IndexedSlices._of(_concat.run([[g.values for g in grads], 0]),
                             _concat.run([indices, 0]), grads[0].dense_shape)


def distinct_rows(slices: IndexedSlices) -> IndexedSlices:
    """`slices` with each row named once (the values of repeats summed), in the order rows
    first appear: what a row-wise optimizer step needs, as TensorFlow's optimizers
    deduplicate."""
    rows, slot = _unique.run([slices.indices], {"out_idx": dtypes.int32})
    count = _shape.run([rows], {"out_type": dtypes.int32})
    value_rows = _shape.run([slices.values], {"out_type": dtypes.int32})
    shape = _concat.run([[count, value_rows[1:]], 0])
    summed = _scatter_nd.run([_expand_dims.run([slot, -1]), slices.values, shape])
    return IndexedSlices._of(summed, rows, slices.dense_shape)


def with_dtype(slices: IndexedSlices, dtype: dtypes.DType) -> IndexedSlices:
    """`slices` with its values cast to `dtype`."""
    if slices.dtype is dtype:
        return slices
    return IndexedSlices._of(_cast.run([slices.values], {"DstT": dtype}), slices.indices,
                             slices.dense_shape)
