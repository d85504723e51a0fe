"""Elements from Python generators, checked against the dataset's signature (and the
signature itself), the arguments of `Dataset.range`, and the slices of
`Dataset.from_tensor_slices`.

(Ranges and slices of arrays are `rows.Rows`.)
"""

from __future__ import annotations

from typing import Any, Callable, Iterator

from autograph.runtime.core import errors
from autograph.runtime.data.iterator_state import refuse_saving
from autograph.runtime.data.rows import Rows
from autograph.runtime.data.structure import (
    Structure,
    host_array,
    is_composite_value,
    shape_leaves,
)
from autograph.runtime.graph.func_graph import flatten, pack_sequence_as
from autograph.runtime.graph.tensor_spec import TensorSpec

Flat = tuple  # one element: a tuple of NumPy arrays


def signature(output_types: Any, output_shapes: Any, output_signature: Any) -> Structure:
    """The structure of `Dataset.from_generator`'s elements: `output_signature`, or
    `output_types` with `output_shapes`.

    Raises:
        TypeError, ValueError: they do not make a nest of `TensorSpec`.
    """
    if output_signature is None:
        if output_types is None:
            raise TypeError("Dataset.from_generator needs output_signature (a TensorSpec "
                            "nest), or output_types.")
        types = flatten(output_types)
        shapes = ([None] * len(types) if output_shapes is None else
                  shape_leaves(output_shapes))
        if len(shapes) != len(types):
            raise ValueError(f"Dataset.from_generator: output_shapes {output_shapes} does "
                             f"not match output_types {output_types}.")
        specs = [TensorSpec(s, t) for s, t in zip(shapes, types)]
        output_signature = pack_sequence_as(output_types, specs)
    specs = flatten(output_signature)
    if not specs or not all(isinstance(s, TensorSpec) for s in specs):
        raise TypeError(f"Dataset.from_generator: output_signature must be a nest of "
                        f"TensorSpec; got {output_signature!r}.")
    return Structure(output_signature, specs)


def generator_elements(make: Callable[[], Any], structure: Structure) -> Iterator[Flat]:
    """The elements of a Python generator, each checked against `structure`.

    Raises:
        InvalidArgumentError: the generator raised (the original error is the cause), or it
            yielded an element that does not match the signature.
    """
    refuse_saving("a Python generator (Dataset.from_generator), whose position cannot be "
                  "saved")
    it = iter(make())
    index = 0
    while True:
        try:
            value = next(it)
        except StopIteration:
            return
        except Exception as e:
            raise errors.InvalidArgumentError(
                f"The generator of Dataset.from_generator raised {type(e).__name__}: {e} "
                f"while producing element {index}.") from e
        yield tuple(structure.from_value(value, f"Element {index} of the generator"))
        index += 1


def range_args(args: tuple) -> tuple[int, int, int]:
    """(start, stop, step) of `Dataset.range`'s arguments, as Python's `range` takes them."""
    if not 1 <= len(args) <= 3:
        raise TypeError(f"Dataset.range takes 1 to 3 arguments (stop, or start, stop[, step]);"
                        f" got {len(args)}.")
    ints = [int(host_array(a)) if not isinstance(a, int) else a for a in args]
    start, stop, step = ([0] + ints + [1])[:3] if len(ints) == 1 else (ints + [1])[:3]
    if step == 0:
        raise errors.InvalidArgumentError("Dataset.range: step must not be 0.")
    return start, stop, step


def tensor_slices(arrays: list[Any]) -> Rows | list[Flat]:
    """The slices of `arrays` along their first dimension: `Rows` of NumPy arrays, or, where
    a composite tensor is among them, the list of elements (a composite gives its rows as
    its spec unbatches it).

    Raises:
        ValueError: a component has no first dimension, or the first dimensions differ.
        InvalidArgumentError: a composite cannot be split into rows.
    """
    composite = [is_composite_value(a) for a in arrays]
    if any(not c and a.ndim == 0 for a, c in zip(arrays, composite)):
        raise ValueError("Dataset.from_tensor_slices: every component needs at least one "
                         "dimension to slice; got a scalar. Use from_tensors for one element.")
    parts = [a._type_spec._unbatch(a) if c else a for a, c in zip(arrays, composite)]
    sizes = [len(p) for p in parts]
    if len(set(sizes)) > 1:
        raise ValueError(f"Dataset.from_tensor_slices: the components have different first "
                         f"dimensions {sizes}; they must all be equal.")
    if not any(composite):
        return Rows.of_arrays(tuple(arrays))
    return list(zip(*parts))
