"""`SparseTensor` and `SparseTensorSpec`, as TensorFlow's `tf.sparse.SparseTensor`.

A sparse tensor is three tensors: `indices` (int64 `[N, rank]`, one coordinate per stored
value), `values` (`[N]`) and `dense_shape` (int64 `[rank]`). It is a composite tensor
(`runtime.graph.type_spec`): a function argument traces by its `SparseTensorSpec` (dense shape
and dtype, not the number of entries), and it may be a loop variable whose number of entries
changes from one iteration to the next.

>>> st = SparseTensor(indices=[[0, 0], [1, 2]], values=[1, 2], dense_shape=[3, 4])
>>> st.shape, st.dtype, st._type_spec
(TensorShape([3, 4]), ag.int32, SparseTensorSpec(TensorShape([3, 4]), ag.int32))
"""

from __future__ import annotations

from typing import Any, NamedTuple, Sequence

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.graph.constant_value import constant_value
from autograph.runtime.graph.tensor import EagerTensor, Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.graph.tensor_spec import TensorSpec
from autograph.runtime.graph.type_spec import CompositeTensor, TypeSpec

__all__ = ["SparseTensor", "SparseTensorSpec", "SparseTensorValue"]

_broadcast_to, _gather_nd, _mul, _div, _cast = (
    op_handle(n) for n in ("BroadcastTo", "GatherNd", "Mul", "RealDiv", "Cast"))


class SparseTensor(CompositeTensor):
    """A tensor stored as the coordinates and values of its entries (the others are zero).

    Args:
        indices: int64 `[N, rank]`: the coordinates of the stored values, in row-major order
            for the ops that need it (`ag.sparse.reorder` sorts them).
        values: `[N]`: the stored values.
        dense_shape: int64 `[rank]`: the shape of the tensor this one stands for.

    Raises:
        ValueError: the three do not fit together (ranks, number of entries).
    """

    def __init__(self, indices: Any, values: Any, dense_shape: Any):
        self._indices = convert_to_tensor(indices, dtype=dtypes.int64, name="indices")
        self._values = convert_to_tensor(values, name="values")
        self._dense_shape = convert_to_tensor(dense_shape, dtype=dtypes.int64,
                                              name="dense_shape")
        self._shape = _static_shape(self._dense_shape)
        _check_parts(self._indices, self._values, self._dense_shape)

    @classmethod
    def _from_parts(cls, indices: Any, values: Any, dense_shape: Any,
                    shape: TensorShape | None = None) -> SparseTensor:
        """A sparse tensor of tensors already converted (no checks); `shape` its static shape
        when more is known than `dense_shape` says."""
        st = object.__new__(cls)
        st._indices, st._values, st._dense_shape = indices, values, dense_shape
        found = _static_shape(dense_shape)
        st._shape = found if shape is None else shape.merge_with(found) if (
            shape.is_compatible_with(found)) else found
        return st

    @classmethod
    def from_value(cls, value: Any) -> SparseTensor:
        """`value` if it is a sparse tensor (TensorFlow's `SparseTensorValue` has no
        counterpart here)."""
        if isinstance(value, SparseTensor):
            return value
        raise TypeError(f"SparseTensor.from_value expects a SparseTensor, got "
                        f"{type(value).__name__}.")

    # Properties ----------------------------------------------------------------------------
    @property
    def indices(self) -> Tensor:
        return self._indices

    @property
    def values(self) -> Tensor:
        return self._values

    @property
    def dense_shape(self) -> Tensor:
        return self._dense_shape

    @property
    def dtype(self) -> dtypes.DType:
        return self._values.dtype

    @property
    def shape(self) -> TensorShape:
        """The static dense shape (dims unknown until run where `dense_shape` is computed)."""
        return self._shape

    def get_shape(self) -> TensorShape:
        return self._shape

    @property
    def _type_spec(self) -> SparseTensorSpec:
        return SparseTensorSpec(self._shape, self.dtype)

    def with_values(self, new_values: Any) -> SparseTensor:
        """This sparse tensor's coordinates and shape with `new_values` (same number)."""
        values = convert_to_tensor(new_values)
        _check_parts(self._indices, values, self._dense_shape)
        return SparseTensor._from_parts(self._indices, values, self._dense_shape, self._shape)

    # Operators: elementwise with a dense tensor broadcast to this one's shape ---------------
    def _with_dense(self, dense: Any, op: Any) -> SparseTensor:
        dense = convert_to_tensor(dense, dtype=self.dtype)
        at = _gather_nd.run([_broadcast_to.run([dense, self._dense_shape]), self._indices],
                            {"batch_dims": 0})
        return SparseTensor._from_parts(self._indices, op.run([self._values, at]),
                                        self._dense_shape, self._shape)

    def __mul__(self, other: Any) -> SparseTensor:
        return self._with_dense(other, _mul)

    def __truediv__(self, other: Any) -> SparseTensor:
        return self._with_dense(other, _div)

    __div__ = __truediv__

    def __repr__(self) -> str:
        return (f"SparseTensor(indices={self._indices!s}, values={self._values!s}, "
                f"dense_shape={self._dense_shape!s})")

    __str__ = __repr__


class SparseTensorValue(NamedTuple):
    """A sparse tensor's arrays, as `Session.run` gives a fetched `SparseTensor`
    (`tf.compat.v1.SparseTensorValue`)."""

    indices: np.ndarray
    values: np.ndarray
    dense_shape: np.ndarray


class SparseTensorSpec(TypeSpec):
    """The type of a `SparseTensor`: its dense shape and dtype.

    >>> SparseTensorSpec([None, 4], "float32").is_subtype_of(SparseTensorSpec([None, None]))
    True
    """

    value_type = SparseTensor

    def __init__(self, shape: Any = None, dtype: Any = dtypes.float32):
        self._shape = TensorShape(shape)
        self._dtype = dtypes.as_dtype(dtype)

    @property
    def shape(self) -> TensorShape:
        return self._shape

    @property
    def dtype(self) -> dtypes.DType:
        return self._dtype

    @classmethod
    def from_value(cls, value: SparseTensor) -> SparseTensorSpec:
        return value._type_spec

    def _serialize(self) -> tuple:
        return (self._shape, self._dtype)

    @property
    def _component_specs(self) -> list[TensorSpec]:
        rank = self._shape.rank
        return [TensorSpec([None, rank], dtypes.int64), TensorSpec([None], self._dtype),
                TensorSpec([rank], dtypes.int64)]

    def _to_components(self, value: Any) -> list:
        return [value.indices, value.values, value.dense_shape]

    def _from_components(self, components: Sequence[Any]) -> SparseTensor:
        indices, values, dense_shape = components
        return SparseTensor._from_parts(indices, values, dense_shape, self._shape)

    def _fetched_value(self, arrays: list) -> SparseTensorValue:
        return SparseTensorValue(*arrays)

    # Batching in datasets: TensorFlow's batch of sparse tensors is one of one more dimension.
    _batchable = True

    def _batched_spec(self, batch_size: int | None) -> SparseTensorSpec:
        dims = self._shape.as_list() if self._shape.rank is not None else None
        return SparseTensorSpec(None if dims is None else [batch_size] + dims, self._dtype)

    def _unbatched_spec(self) -> SparseTensorSpec:
        dims = self._shape.as_list() if self._shape.rank is not None else None
        return SparseTensorSpec(None if dims is None else dims[1:], self._dtype)

    def _batch(self, values: Sequence[SparseTensor]) -> SparseTensor:
        """One sparse tensor of the eager `values` along a new first dimension, its dense
        shape the largest of theirs in each dimension."""
        parts = [(v.indices.numpy(), v.values.numpy(), v.dense_shape.numpy()) for v in values]
        indices = np.concatenate([np.hstack([np.full((len(i), 1), n, np.int64), i])
                                  for n, (i, _, _) in enumerate(parts)])
        shape = np.max(np.stack([d for _, _, d in parts]), axis=0)
        return SparseTensor(indices, np.concatenate([v for _, v, _ in parts]).astype(
            self._dtype.np_dtype), np.concatenate([[len(parts)], shape]))

    def _unbatch(self, value: SparseTensor) -> list[SparseTensor]:
        """The sparse tensors along `value`'s first dimension (each keeps the batch's dense
        shape, as TensorFlow's)."""
        rank = value.shape.rank
        if rank is None or rank < 2:
            raise ValueError(
                f"A SparseTensor of rank {rank} cannot be split into rows: it needs rank 2 or "
                f"more (dense shape {value.dense_shape.numpy().tolist()}). Make it rank 2 "
                f"first, for example `ag.sparse.from_dense(ag.reshape(ag.sparse.to_dense(st), "
                f"[-1, 1]))`.")
        indices, values = value.indices.numpy(), value.values.numpy()
        shape = value.dense_shape.numpy()
        order = np.argsort(indices[:, 0], kind="stable")  # each row's entries in their order
        indices, values = indices[order], values[order]
        bounds = np.searchsorted(indices[:, 0], np.arange(int(shape[0]) + 1))
        return [SparseTensor(indices[b:e, 1:], values[b:e], shape[1:])
                for b, e in zip(bounds[:-1], bounds[1:])]


def _static_shape(dense_shape: Tensor) -> TensorShape:
    known = (dense_shape.numpy() if isinstance(dense_shape, EagerTensor)
             else constant_value(dense_shape))
    if known is not None:
        return TensorShape([int(d) for d in known.reshape(-1)])
    length = dense_shape.shape[0] if dense_shape.shape.rank == 1 else None
    return TensorShape(None if length is None else [None] * length)


def _check_parts(indices: Tensor, values: Tensor, dense_shape: Tensor) -> None:
    """The static checks of TensorFlow's constructor, with its messages."""
    indices_shape = indices.shape.with_rank(2)
    values.shape.with_rank(1)
    dense_shape.shape.with_rank(1)
    _same_dim(indices_shape[0], values.shape[0])
    _same_dim(indices_shape[1], dense_shape.shape[0])


def _same_dim(a: int | None, b: int | None) -> None:
    if a is not None and b is not None and a != b:
        raise ValueError(f"Dimensions {a} and {b} are not compatible")
