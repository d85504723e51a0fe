"""Iterating a dataset inside a graph: `make_iterator` (an iterator resource, a fresh pass on
every run of the graph) and `get_next_as_optional` (the next element and whether there was one).

A dataset here is any object whose class sets `_is_dataset`, with an `element_spec` (a nest of
`TensorSpec`s) and Python iteration yielding elements of that structure, or one standing for a
variant tensor that holds such an object (`variant_tensor`).
"""

from __future__ import annotations

import weakref
from typing import Any

from autograph.runtime.core.held_objects import hold, release
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.graph.func_graph import flatten, pack_sequence_as
from autograph.runtime.graph.graph import building_graph
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.control_flow.ops import cond

_make_iterator = op_handle("MakeIteratorFromHeld")
_make_iterator_from_variant = op_handle("MakeIterator")
_get_next_or_raise = op_handle("IteratorGetNext")
_get_next = op_handle("IteratorGetNextAsOptional")


def is_dataset(value: Any) -> bool:
    return bool(getattr(type(value), "_is_dataset", False))


def refuse_dataset_elements(element_spec: Any, subject: str, action: str) -> None:
    """The one error for a dataset whose elements are datasets (`window`'s) in a function:
    "`subject` over datasets `action`".

    Raises:
        TypeError: `element_spec` has a `DatasetSpec`: iterator ops give tensors only.
    """
    if any(getattr(type(s), "_is_dataset_spec", False) for s in flatten(element_spec)):
        raise TypeError(
            f"{subject} over datasets {action}: its elements are datasets (element_spec "
            f"{element_spec}), and a function's iterator ops give tensors only. Turn the "
            f"windows into tensors before the function, for example "
            f"`ds.window(n).flat_map(lambda w: w.batch(n))`, and pass that dataset in; or "
            f"iterate the windows eagerly, outside any function.")


def component_specs(element_spec: Any) -> list:
    """The `TensorSpec` of each tensor the iterator ops give for an element: a composite's
    (a `SparseTensor`'s, an `ExtensionType`'s) component tensors in its place."""
    specs: list = []
    for spec in flatten(element_spec):
        specs.extend(spec._component_specs if is_composite_spec(spec) else [spec])
    return specs


def rebuilt(element_spec: Any, components: list) -> Any:
    """The element of `element_spec` made of the iterator ops' `components`."""
    items = iter(components)
    leaves = [spec._from_components([next(items) for _ in spec._component_specs])
              if is_composite_spec(spec) else next(items) for spec in flatten(element_spec)]
    return pack_sequence_as(element_spec, leaves)


def is_composite_spec(spec: Any) -> bool:
    return hasattr(spec, "_component_specs")


def make_iterator(dataset: Any) -> Tensor:
    """In the graph being built: an iterator over `dataset`, made anew on every run. A dataset
    that stands for a variant tensor (`variant_tensor`, as a function's dataset argument does)
    is iterated through it; any other is held by the graph.

    Raises:
        TypeError: the dataset's elements are datasets (`refuse_dataset_elements`).
    """
    graph = building_graph()
    if graph is None:
        raise RuntimeError("make_iterator builds graph ops; eagerly, use iter(dataset).")
    refuse_dataset_elements(dataset.element_spec, "A dataset",
                            "cannot be iterated inside an ag.function")
    variant = getattr(dataset, "variant_tensor", None)
    if variant is not None:
        return _make_iterator_from_variant.run([variant])
    token = hold(dataset, "dataset")
    weakref.finalize(graph, release, token)
    return _make_iterator.run([], {"token": token})


def get_next_as_optional(iterator: Tensor, element_spec: Any) -> tuple[Tensor, Any]:
    """`(has_value, element)`: the iterator's next element in the structure of
    `element_spec` (zeros once the iterator is done, when `has_value` is false)."""
    specs = component_specs(element_spec)
    result = _get_next.run([iterator], {
        "output_types": [s.dtype for s in specs],
        "output_shapes": [s.shape._dims for s in specs]})
    has_value, components = result
    return has_value, rebuilt(element_spec, list(components))


def get_next(iterator: Tensor, element_spec: Any) -> Any:
    """The iterator's next element (OutOfRangeError when the graph runs past its end)."""
    specs = component_specs(element_spec)
    components = _get_next_or_raise.run([iterator], {
        "output_types": [s.dtype for s in specs],
        "output_shapes": [s.shape._dims for s in specs]})
    return rebuilt(element_spec, list(components))


class GraphIterator:
    """An iterator inside a graph: its resource tensor and its element spec. `next()` on it
    (converted code's `ag__.next`) takes the next element when the graph runs."""

    def __init__(self, handle: Tensor, element_spec: Any):
        self.handle = handle
        self.element_spec = element_spec

    def get_next(self) -> Any:
        return get_next(self.handle, self.element_spec)

    def get_next_as_optional(self) -> tuple[Tensor, Any]:
        return get_next_as_optional(self.handle, self.element_spec)

    def get_next_or(self, default: Any) -> Any:
        """The next element, or `default` once the iterator is done (Python's `next(it,
        default)`; TensorFlow ignores the default in graphs and raises OutOfRangeError).

        Raises:
            TypeError: `default` does not have the element's structure, dtypes and shapes.
        """
        specs = flatten(self.element_spec)
        if any(is_composite_spec(s) for s in specs):
            raise TypeError(f"next(iterator, default) inside an ag.function takes tensor "
                            f"elements only; these hold composite tensors "
                            f"({self.element_spec}). Use next(iterator) (it raises "
                            f"OutOfRangeError at the end, as TensorFlow's does).")
        has_value, element = self.get_next_as_optional()
        try:
            leaves = flatten(pack_sequence_as(self.element_spec, flatten(default)))
            fallback = [convert_to_tensor(v, dtype=s.dtype) for v, s in zip(leaves, specs)]
            if not all(s.shape.is_compatible_with(t.shape) for s, t in zip(specs, fallback)):
                raise ValueError("shape")
        except (TypeError, ValueError):
            raise TypeError(f"next(iterator, default): the default {default!r} does not match "
                            f"the iterator's elements, {self.element_spec}.") from None
        fallback_element = pack_sequence_as(self.element_spec, fallback)
        return cond(has_value, lambda: element, lambda: fallback_element)

    def __repr__(self) -> str:
        return f"<GraphIterator element_spec={self.element_spec}>"
