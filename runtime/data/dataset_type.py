"""How a dataset, or an iterator over one, is a `Function` argument: traced by its element
spec, not by identity (`IteratorType` is the iterator's: `next()` inside advances it).

`DatasetType(element_spec)` is the trace type a dataset gives (`__tf_tracing_type__`). While
tracing, the function receives a `GraphDataset`: a variant placeholder standing for the dataset
of each call, with that element spec, which a `for` loop iterates with iterator ops. A call
feeds its dataset in a variant tensor, so one trace serves every dataset of the same spec.

>>> import autograph as ag
>>> spec = ag.TensorSpec([], ag.int32)
>>> DatasetType(spec) == DatasetType(ag.TensorSpec([], ag.int32)), DatasetType(spec).describe()
(True, 'Dataset(TensorSpec(shape=(), dtype=ag.int32, name=None))')
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.core.devices import CPU
from autograph.runtime.data.graph_reduce import reduce_in_graph
from autograph.runtime.function.trace_type import TraceType
from autograph.runtime.graph.func_graph import flatten
from autograph.runtime.graph.tensor import make_eager
from autograph.runtime.ops.iterator.ops import (
    GraphIterator,
    is_composite_spec,
    refuse_dataset_elements,
)
from autograph.runtime.ops.list.tensor_array import variant_tensor


class GraphDataset:
    """A dataset inside a function's graph: its variant tensor and its element spec."""

    _is_dataset = True

    def __init__(self, variant_tensor: Any, element_spec: Any):
        self.variant_tensor = variant_tensor
        self.element_spec = element_spec

    def __iter__(self) -> Any:
        raise TypeError("A dataset argument of a traced function is iterated by a `for` loop "
                        "that the function's conversion turns into a graph loop; Python's "
                        "iter() cannot take its elements while tracing.")

    def reduce(self, initial_state: Any, reduce_func: Any) -> Any:
        """`Dataset.reduce`, as one graph loop when the function runs."""
        return reduce_in_graph(self, initial_state, reduce_func)

    def __repr__(self) -> str:
        return f"<GraphDataset element_spec={self.element_spec}>"


class _SpecType(TraceType):
    """A trace type that is an element spec: equal specs, equal types."""

    _kind: str  # "Dataset" or "Iterator", in `describe` and the hash
    _what: str  # "A dataset" or "An iterator", in errors

    def __init__(self, element_spec: Any):
        refuse_dataset_elements(element_spec, self._what,
                                "cannot be an argument of an ag.function")
        self.element_spec = element_spec
        self._key = tuple(s if is_composite_spec(s) else (s.dtype, s.shape._dims)
                          for s in flatten(element_spec))

    def is_subtype_of(self, other: Any) -> bool:
        return self == other

    def most_specific_common_supertype(self, others: Sequence[Any]) -> TraceType | None:
        return self if all(self == other for other in others) else None

    def describe(self) -> str:
        return f"{self._kind}({self.element_spec})"

    def __eq__(self, other: Any) -> bool:
        return type(other) is type(self) and other._key == self._key

    def __hash__(self) -> int:
        return hash((self._kind, self._key))


class DatasetType(_SpecType):
    """The trace type of a dataset: its element spec."""

    _kind, _what = "Dataset", "A dataset"

    def placeholder_value(self, placeholder_context: Any = None) -> Any:
        variant = placeholder_context.graph.add_input(dtypes.variant, (),
                                                      placeholder_context.name)
        return GraphDataset(variant, self.element_spec)

    def to_tensors(self, value: Any) -> list:
        return [variant_tensor(value)]


class IteratorType(_SpecType):
    """The trace type of a dataset iterator: its element spec. The traced function receives a
    `GraphIterator`; each call feeds the iterator itself, so `next()` inside the function
    advances it, call after call."""

    _kind, _what = "Iterator", "An iterator"

    def placeholder_value(self, placeholder_context: Any = None) -> Any:
        handle = placeholder_context.graph.add_input(dtypes.resource, (),
                                                     placeholder_context.name)
        return GraphIterator(handle, self.element_spec)

    def to_tensors(self, value: Any) -> list:
        array = np.empty((), dtype=object)
        array[()] = value
        return [make_eager(array, dtypes.resource, CPU)]
