"""`RaggedTensorSpec`, the type of a `RaggedTensor` (TensorFlow's `tf.RaggedTensorSpec`): its
shape, dtype, ragged rank and row splits dtype.

Its components are the flat values (`[None, ...uniform inner dimensions]`) and one row splits
vector per ragged dimension, so a function traced for a spec serves every ragged tensor of that
spec whatever its row lengths. `ragged_tensor` installs the class the spec builds
(`value_type`) when it loads.

>>> RaggedTensorSpec([2, None], "int32")
RaggedTensorSpec(TensorShape([2, None]), ag.int32, 1, ag.int64)
"""

from __future__ import annotations

from typing import Any, Sequence

from autograph.runtime.core import dtypes
from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.tensor_spec import TensorSpec
from autograph.runtime.graph.type_spec import TypeSpec

__all__ = ["RaggedTensorSpec"]


class RaggedTensorSpec(TypeSpec):
    """The type of a ragged tensor.

    Args:
        shape: its shape: the number of rows (or None), None for each ragged dimension, then
            the uniform inner dimensions.
        dtype: the dtype of its values.
        ragged_rank: how many dimensions after the first are ragged; `rank - 1` by default.
        row_splits_dtype: int64 (the default) or int32.
        flat_values_spec: accepted for TensorFlow's signature; only None is supported.

    Raises:
        ValueError: a ragged rank not below the rank, or an unknown rank without one.
    """

    value_type: Any = None  # RaggedTensor, installed by ragged_tensor

    def __init__(self, shape: Any = None, dtype: Any = dtypes.float32,
                 ragged_rank: int | None = None, row_splits_dtype: Any = dtypes.int64,
                 flat_values_spec: Any = None):
        if flat_values_spec is not None:
            raise ValueError("RaggedTensorSpec's flat_values_spec is not supported: give "
                             "shape and dtype instead.")
        self._shape = TensorShape(shape)
        self._dtype = dtypes.as_dtype(dtype)
        self._row_splits_dtype = dtypes.as_dtype(row_splits_dtype)
        rank = self._shape.rank
        if ragged_rank is None:
            if rank is None:
                raise ValueError("Must specify ragged_rank or a shape with a known rank. "
                                 f"Received: shape={self._shape}, ragged_rank=None")
            ragged_rank = rank - 1
        if not isinstance(ragged_rank, int):
            raise TypeError(f"Argument `ragged_rank` must be an int. Received {ragged_rank}.")
        if rank is not None and ragged_rank >= rank:
            raise ValueError(f"Argument `ragged_rank` ({ragged_rank}) must be less than rank "
                             f"({rank}).")
        self._ragged_rank = ragged_rank

    @property
    def shape(self) -> TensorShape:
        return self._shape

    @property
    def dtype(self) -> dtypes.DType:
        return self._dtype

    @property
    def ragged_rank(self) -> int:
        return self._ragged_rank

    @property
    def row_splits_dtype(self) -> dtypes.DType:
        return self._row_splits_dtype

    @property
    def flat_values_spec(self) -> None:
        return None

    @classmethod
    def from_value(cls, value: Any) -> RaggedTensorSpec:
        return value._type_spec

    def _serialize(self) -> tuple:
        return (self._shape, self._dtype, self._ragged_rank, self._row_splits_dtype)

    # Components: flat values, then the row splits of each ragged dimension ------------------
    def _flat_shape(self) -> TensorShape:
        if self._shape.rank is None:
            return TensorShape(None)
        return TensorShape([None]).concatenate(self._shape[self._ragged_rank + 1:])

    @property
    def _component_specs(self) -> list[TensorSpec]:
        if self._ragged_rank == 0:
            return [TensorSpec(self._shape, self._dtype)]
        nrows = self._shape[0] if self._shape.rank else None
        outer = [None if nrows is None else nrows + 1]
        return [TensorSpec(self._flat_shape(), self._dtype),
                TensorSpec(outer, self._row_splits_dtype),
                *[TensorSpec([None], self._row_splits_dtype)
                  for _ in range(self._ragged_rank - 1)]]

    def _to_components(self, value: Any) -> list:
        if self._ragged_rank == 0:
            return [value]
        return [value.flat_values, *value.nested_row_splits]

    def _from_components(self, components: Sequence[Any]) -> Any:
        if self._ragged_rank == 0:
            return components[0]
        return self.value_type.from_nested_row_splits(components[0], list(components[1:]),
                                                      validate=False)

    def _fetched_value(self, arrays: list) -> Any:
        """A fetched ragged tensor's NumPy value, as `Dataset.as_numpy_iterator` gives it
        (`RaggedTensor.numpy()`: an array of rows, of objects where their lengths differ)."""
        if self._ragged_rank == 0:
            return arrays[0]
        return self.value_type.from_nested_row_splits(arrays[0], arrays[1:]).numpy()

    # Batching in datasets: a batch of ragged tensors is one ragged tensor with one more
    # ragged dimension, as TensorFlow's; unbatching takes the outer rows back apart.
    _batchable = True

    def _batched_spec(self, batch_size: int | None) -> RaggedTensorSpec:
        return RaggedTensorSpec(TensorShape([batch_size]).concatenate(self._shape),
                                self._dtype, self._ragged_rank + 1, self._row_splits_dtype)

    def _unbatched_spec(self) -> Any:
        inner = self._shape[1:] if self._shape.rank is not None else TensorShape(None)
        return RaggedTensorSpec(inner, self._dtype, max(self._ragged_rank - 1, 0),
                                self._row_splits_dtype)

    def _batch(self, values: Sequence[Any]) -> Any:
        return self.value_type._batch_of(list(values), self._row_splits_dtype)

    def _unbatch(self, value: Any) -> list:
        return [value[i] for i in range(int(value.nrows()))]
