"""`DatasetSpec`: the type of a dataset that is an element of another (`tf.data.DatasetSpec`).

`Dataset.window` makes a dataset whose elements are datasets, one per component of the input's
elements, in the input's structure; its `element_spec` is that structure with a `DatasetSpec`
for each component. In the flat form of such an element (`structure`) the leaf is the
`Dataset` object itself.

>>> from autograph.runtime.core import dtypes
>>> spec = DatasetSpec(TensorSpec([], dtypes.int64))
>>> spec
DatasetSpec(TensorSpec(shape=(), dtype=ag.int64, name=None), TensorShape([]))
>>> spec == DatasetSpec(TensorSpec([], dtypes.int64)), spec.element_spec
(True, TensorSpec(shape=(), dtype=ag.int64, name=None))
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.func_graph import flatten
from autograph.runtime.graph.tensor_spec import TensorSpec

__all__ = ["DatasetSpec", "is_dataset_spec"]


class DatasetSpec:
    """The element spec of a dataset, as the spec of a dataset-valued element.

    Args:
        element_spec: the nested structure of `TensorSpec`s (or `DatasetSpec`s) of the
            dataset's elements.
        dataset_shape: the shape of the element holding datasets; `()` (one dataset) is the
            only one autograph makes.
    """

    _is_dataset_spec = True  # what the iterator ops look for (they sit below this layer)
    _value_type: Any = None  # `Dataset`, set by runtime.data.dataset (which imports this)
    __slots__ = ("_element_spec", "_dataset_shape")

    def __init__(self, element_spec: Any, dataset_shape: Any = ()):
        if not flatten(element_spec) or not all(
                isinstance(s, (TensorSpec, DatasetSpec)) for s in flatten(element_spec)):
            raise TypeError(f"DatasetSpec takes a nest of TensorSpec (or DatasetSpec); got "
                            f"{element_spec!r}.")
        self._element_spec = element_spec
        self._dataset_shape = TensorShape(dataset_shape)

    @property
    def element_spec(self) -> Any:
        """The spec of the dataset's elements."""
        return self._element_spec

    @property
    def value_type(self) -> Any:
        """The type of the values this spec describes: `ag.data.Dataset`."""
        return DatasetSpec._value_type

    @staticmethod
    def from_value(value: Any) -> DatasetSpec:
        """The spec of the dataset `value`."""
        return DatasetSpec(value.element_spec)

    def is_compatible_with(self, spec_or_value: Any) -> bool:
        """Whether `spec_or_value` (a `DatasetSpec` or a dataset) has elements this spec's
        could describe: the same structure, each component compatible."""
        other = spec_or_value
        if not isinstance(other, DatasetSpec):
            if not getattr(type(other), "_is_dataset", False):
                return False
            other = DatasetSpec(other.element_spec)
        mine, theirs = flatten(self._element_spec), flatten(other._element_spec)
        return (_layout(self._element_spec) == _layout(other._element_spec)
                and len(mine) == len(theirs)
                and all(type(a) is type(b) and a.is_compatible_with(b)
                        for a, b in zip(mine, theirs))
                and self._dataset_shape.is_compatible_with(other._dataset_shape))

    def __eq__(self, other: Any) -> bool:
        return (type(other) is DatasetSpec and self._element_spec == other._element_spec
                and self._dataset_shape == other._dataset_shape)

    def __ne__(self, other: Any) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash((tuple(flatten(self._element_spec)), tuple(self._dataset_shape.as_list())))

    def __repr__(self) -> str:
        return f"DatasetSpec({self._element_spec!r}, {self._dataset_shape!r})"


def is_dataset_spec(spec: Any) -> bool:
    return isinstance(spec, DatasetSpec)


def _layout(nest: Any) -> Any:
    """The nesting of `nest` without its leaves."""
    if isinstance(nest, dict):
        return {k: _layout(v) for k, v in nest.items()}
    if isinstance(nest, (tuple, list)):
        return tuple(_layout(v) for v in nest)
    return None
