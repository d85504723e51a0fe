"""Kernels of the dataset iterator ops: a Python iterator over the held dataset, and its next
element flattened into arrays of the declared dtypes (a composite tensor into its components;
zeros and `False` once it is done)."""

from __future__ import annotations

import numpy as np

from autograph.kernels.common import BOTH, object_scalar
from autograph.runtime.core.errors import InvalidArgumentError, OutOfRangeError
from autograph.runtime.core.held_objects import held
from autograph.runtime.graph.func_graph import flatten
from autograph.runtime.registry.kernel_registry import register_kernel


@register_kernel("MakeIteratorFromHeld", device=BOTH, host_memory=("handle",))
def make_iterator(ctx, token):
    return object_scalar(_iterate(held(token)))


@register_kernel("MakeIterator", device=BOTH, host_memory=("dataset", "handle"))
def make_iterator_from_variant(ctx, dataset):
    return object_scalar(_iterate(dataset[()]))


def _iterate(dataset):
    """An iterator over the dataset's elements: flat tuples of arrays where it offers them."""
    flat = getattr(dataset, "_iter_flat", None)
    return flat() if flat is not None else iter(dataset)


def _next(iterator):
    step = getattr(iterator, "_next_flat", None)
    return step() if step is not None else next(iterator)


@register_kernel("IteratorGetNext", device=BOTH, host_memory=("iterator", "components"))
def get_next(ctx, iterator, output_types, output_shapes):
    try:
        element = _next(iterator[()])
    except StopIteration:
        raise OutOfRangeError("End of sequence: the iterator has no more elements.") from None
    return _components(element, output_types, output_shapes)


@register_kernel("IteratorGetNextAsOptional", device=BOTH,
                 host_memory=("iterator", "has_value", "components"))
def get_next_as_optional(ctx, iterator, output_types, output_shapes):
    try:
        element = _next(iterator[()])
    except StopIteration:
        return np.bool_(False), [np.zeros([d or 0 for d in (shape or ())], dtype.np_dtype)
                                 for dtype, shape in zip(output_types, output_shapes)]
    return np.bool_(True), _components(element, output_types, output_shapes)


def _components(element, output_types, output_shapes) -> list:
    leaves: list = []
    for leaf in flatten(element):  # a composite tensor gives its component tensors
        spec = getattr(leaf, "_type_spec", None)
        leaves.extend([leaf] if spec is None else spec._to_components(leaf))
    if len(leaves) != len(output_types):
        raise InvalidArgumentError(f"A dataset element has {len(leaves)} components, but its "
                                   f"element_spec declares {len(output_types)}.")
    arrays = []
    for leaf, dtype, shape in zip(leaves, output_types, output_shapes):
        array = np.asarray(leaf.numpy() if hasattr(leaf, "numpy") else leaf)
        if array.dtype != dtype.np_dtype or (shape is not None and len(shape) != array.ndim):
            raise InvalidArgumentError(
                f"A dataset element component of dtype {array.dtype} and shape {array.shape} "
                f"does not match its element_spec ({dtype.name}, {shape}).")
        arrays.append(array)
    return arrays
