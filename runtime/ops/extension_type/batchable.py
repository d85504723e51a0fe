"""`BatchableExtensionType`: an `ExtensionType` whose values datasets batch and unbatch, as
`tf.experimental.BatchableExtensionType`.

A batch of such values is one value of the same type: each tensor field stacked along a new
first dimension, each composite field batched by its own spec, each Python field kept (it is
part of the spec, so equal across the batch).

>>> from autograph.runtime.graph.tensor import Tensor
>>> class Point(BatchableExtensionType):
...     xy: Tensor
>>> Point([1.0, 2.0])._type_spec._batched_spec(4).xy
TensorSpec(shape=(4, 2), dtype=ag.float32, name=None)
"""

from __future__ import annotations

from typing import Any, Callable, Iterator, Sequence

import numpy as np

from autograph.runtime.core import errors
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.graph.tensor_spec import TensorSpec
from autograph.runtime.graph.type_spec import TypeSpec
from autograph.runtime.ops.extension_type.extension_type import (
    ExtensionType,
    ExtensionTypeSpec,
    _leaves,
    _make,
    _map_leaves,
)

__all__ = ["BatchableExtensionType", "BatchableExtensionTypeSpec"]


class BatchableExtensionTypeSpec(ExtensionTypeSpec):
    """The spec of a `BatchableExtensionType`: an `ExtensionTypeSpec` that batches."""

    _batchable = True

    def _batched_spec(self, batch_size: int | None) -> BatchableExtensionTypeSpec:
        def batched(leaf: Any) -> Any:
            if isinstance(leaf, TensorSpec):
                dims = leaf.shape.as_list() if leaf.shape.rank is not None else None
                return TensorSpec(None if dims is None else [batch_size] + dims, leaf.dtype)
            if isinstance(leaf, TypeSpec):
                if not leaf._batchable:
                    raise TypeError(
                        f"{type(self).__qualname__} cannot be batched: its field of "
                        f"{leaf.value_type.__name__} values does not batch. Make that field's "
                        f"type a BatchableExtensionType.")
                return leaf._batched_spec(batch_size)
            return leaf
        return _make(type(self), self._fields_mapped(batched))

    def _unbatched_spec(self) -> BatchableExtensionTypeSpec:
        def unbatched(leaf: Any) -> Any:
            if isinstance(leaf, TensorSpec):
                dims = leaf.shape.as_list() if leaf.shape.rank is not None else None
                return TensorSpec(None if dims is None else dims[1:], leaf.dtype)
            return leaf._unbatched_spec() if isinstance(leaf, TypeSpec) else leaf
        return _make(type(self), self._fields_mapped(unbatched))

    def _batch(self, values: Sequence[Any]) -> Any:
        """One value whose fields are the fields of the eager `values`, batched."""
        columns = [list(_leaves(self._fields_of(v))) for v in values]
        batched = iter([self._batched_leaf(position, [c[position] for c in columns])
                        for position in range(len(columns[0]))])
        return _make(self.value_type, dict(zip(
            self._names(), _map_leaves(_next_of(batched), self._fields_of(values[0])))))

    def _unbatch(self, value: Any) -> list:
        """The values along the first dimension of `value`'s fields."""
        fields = self._fields_of(value)
        rows = [_rows(leaf) for leaf in _leaves(fields)]
        counts = {len(r) for r in rows if r is not None}
        if len(counts) > 1:
            raise errors.InvalidArgumentError(
                f"Cannot unbatch a {self.value_type.__qualname__}: its fields have different "
                f"first dimensions {sorted(counts)}.")
        count = counts.pop() if counts else 0
        values = []
        for i in range(count):
            row = iter([leaf if r is None else r[i] for leaf, r in zip(_leaves(fields), rows)])
            values.append(_make(self.value_type, dict(zip(
                self._names(), _map_leaves(_next_of(row), fields)))))
        return values

    def _batched_leaf(self, position: int, leaves: list) -> Any:
        first = leaves[0]
        if isinstance(first, Tensor):
            shapes = {tuple(leaf.shape.as_list()) for leaf in leaves}
            if len(shapes) > 1:
                raise errors.InvalidArgumentError(
                    f"Cannot batch {self.value_type.__qualname__} values: a tensor field has "
                    f"shapes {sorted(shapes)} in one batch; they must be equal (pad them "
                    f"first, or batch fewer values).")
            return convert_to_tensor(np.stack([leaf.numpy() for leaf in leaves]))
        spec = getattr(first, "_type_spec", None)
        if isinstance(spec, TypeSpec):
            return spec._batch(leaves)
        return first

    def _fields_mapped(self, fn: Any) -> dict:
        return dict(zip(self._names(), _map_leaves(fn, self._field_tuple())))

    def _fields_of(self, value: Any) -> tuple:
        return tuple(value.__dict__[name] for name in self._names())

    def _names(self) -> list[str]:
        return [f.name for f in self._tf_extension_type_fields()]


def _next_of(items: Iterator[Any]) -> Callable[[Any], Any]:
    """A leaf function for `_map_leaves` that puts the next of `items` in each leaf's place."""
    return lambda _: next(items)


def _rows(leaf: Any) -> list | None:
    """The rows of a tensor or composite field value; None for a Python value."""
    if isinstance(leaf, Tensor):
        if leaf.shape.rank == 0:
            raise ValueError(f"Cannot split an ExtensionType value into rows: a tensor field "
                             f"is a scalar ({leaf!r}); every tensor field needs a first "
                             f"dimension.")
        return [convert_to_tensor(row) for row in leaf.numpy()]
    spec = getattr(leaf, "_type_spec", None)
    return spec._unbatch(leaf) if isinstance(spec, TypeSpec) else None


class BatchableExtensionType(ExtensionType):
    """An `ExtensionType` that datasets batch (`Dataset.batch`, `unbatch`,
    `from_tensor_slices`): its tensor fields gain a first dimension, its Python fields stay."""

    _tf_extension_type_do_not_transform_this_class = True
    _tf_extension_type_spec_base = BatchableExtensionTypeSpec
