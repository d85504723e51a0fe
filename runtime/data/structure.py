"""Element structures of datasets: nests of tensors, their specs, and the flat NumPy form.

Inside a pipeline an element travels as a tuple of NumPy arrays (one per leaf, in `flatten`
order), so transformations cost no op dispatch; a `Structure` turns that tuple into the nest of
eager tensors (or NumPy values) that users see, and user values back into it. Tuples,
namedtuples and dicts nest; a list is one tensor, as in `tf.data` (a list returned by a `map`
function becomes a tuple). A leaf whose spec is a `DatasetSpec` (an element of `window`) is
the `Dataset` object itself, in the flat form and in what users see; so is a composite tensor
(a `SparseTensor`, an extension type: a leaf whose spec is a `TypeSpec`), held as the eager
value itself. Transformations that take elements apart (`batch`, `unbatch`) refuse both.
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from autograph.runtime.core import dtypes, errors
from autograph.runtime.core.devices import placement_device
from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.data.dataset_spec import DatasetSpec
from autograph.runtime.graph.func_graph import flatten, pack_sequence_as
from autograph.runtime.graph.tensor import EagerTensor, Tensor, make_eager
from autograph.runtime.graph.tensor_conversion import convert_to_tensor, to_array
from autograph.runtime.graph.tensor_spec import TensorSpec
from autograph.runtime.graph.type_spec import TypeSpec


def as_element(value: Any) -> Any:
    """A function's result as `tf.data` takes it: a list at the top is a tuple of components;
    a list inside the result is one tensor, its items stacked (in a graph being built, a Pack).
    """
    if isinstance(value, list):
        value = tuple(value)
    return _inner_lists_stacked(value)


def _inner_lists_stacked(value: Any) -> Any:
    if isinstance(value, list):
        return convert_to_tensor(value)
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return type(value)(*(_inner_lists_stacked(v) for v in value))
    if isinstance(value, tuple):
        return tuple(_inner_lists_stacked(v) for v in value)
    if isinstance(value, dict):
        return type(value)((k, _inner_lists_stacked(v)) for k, v in value.items())
    return value


def _leaves_as_lists(value: Any) -> Any:
    """`value` with each list (a tensor, in `tf.data`) wrapped so that `flatten` keeps it."""
    if isinstance(value, list):
        return _Leaf(value)
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return type(value)(*(_leaves_as_lists(v) for v in value))
    if isinstance(value, tuple):
        return tuple(_leaves_as_lists(v) for v in value)
    if isinstance(value, dict):
        return type(value)((k, _leaves_as_lists(v)) for k, v in value.items())
    return value


class _Leaf:
    __slots__ = ("value",)

    def __init__(self, value: Any):
        self.value = value


def host_array(leaf: Any, dtype: dtypes.DType | None = None) -> np.ndarray:
    """A NumPy array for one leaf (tensor, array, Python value), of `dtype` when given."""
    if isinstance(leaf, _Leaf):
        leaf = leaf.value
    if isinstance(leaf, EagerTensor):
        array = np.asarray(leaf._device.to_host(leaf._value))
        return array if dtype is None or array.dtype == dtype.np_dtype else \
            to_array(array, dtype)
    if isinstance(leaf, Tensor):
        raise TypeError(
            f"A dataset's elements must be eager values; got the symbolic tensor {leaf!r} of "
            f"a graph being built. Make the dataset outside the function and pass it as an "
            f"argument (it traces by its element spec), or map a function over it.")
    return to_array(leaf, dtype)  # Python floats make float32 arrays there, as in ag.constant


def is_dataset(value: Any) -> bool:
    return bool(getattr(type(value), "_is_dataset", False))


def is_composite_value(value: Any) -> bool:
    """Whether `value` is a composite tensor (it has a `TypeSpec`)."""
    return isinstance(getattr(value, "_type_spec", None), TypeSpec)


def _is_object(value: Any) -> bool:
    return is_dataset(value) or is_composite_value(value)


def _eager_composite(value: Any) -> Any:
    if any(isinstance(t, Tensor) and not isinstance(t, EagerTensor)
           for t in flatten(value._type_spec._to_components(value))):
        raise TypeError(
            f"A dataset's elements must be eager values; got a {type(value).__name__} of "
            f"symbolic tensors of a graph being built. Make the dataset outside the function "
            f"and pass it as an argument.")
    return value


def split(value: Any) -> tuple[Any, list[Any]]:
    """(template, flat arrays) of a user value: a nest whose leaves become arrays (a dataset
    stays a dataset, a composite tensor the composite)."""
    wrapped = _leaves_as_lists(value)
    return wrapped, [leaf if is_dataset(leaf) else _eager_composite(leaf)
                     if is_composite_value(leaf) else host_array(leaf)
                     for leaf in flatten(wrapped)]


def relaxed(spec: Any) -> Any:
    """`spec` with every dimension unknown (ranks kept): the spec of a function's results
    seen on one element only."""
    if isinstance(spec, TensorSpec):
        return TensorSpec([None] * spec.shape.rank if spec.shape.rank is not None else None,
                          spec.dtype)
    if isinstance(spec, TensorShape):
        return TensorShape(None if spec.rank is None else [None] * spec.rank)
    if isinstance(spec, TypeSpec):
        return type(spec)._deserialize(relaxed(spec._serialize()))
    if isinstance(spec, tuple):
        return tuple(relaxed(s) for s in spec)
    return spec


class Structure:
    """The structure and leaf specs of a dataset's elements."""

    __slots__ = ("template", "specs", "has_datasets", "has_composites", "has_objects",
                 "_devices", "_one_tensor")

    def __init__(self, template: Any, specs: Sequence[Any]):
        self.template = template
        self.specs = tuple(specs)
        self.has_datasets = any(isinstance(s, DatasetSpec) for s in self.specs)
        self.has_composites = any(isinstance(s, TypeSpec) for s in self.specs)
        self.has_objects = self.has_datasets or self.has_composites  # leaves held as objects
        self._devices: list | None = None
        self._one_tensor = not isinstance(template, (tuple, list, dict))

    @classmethod
    def of_arrays(cls, template: Any, arrays: Sequence[Any], batch_dims: int = 0) -> Structure:
        """The structure of elements like `arrays` (less `batch_dims` leading dimensions; a
        dataset among them has a `DatasetSpec`)."""
        unsliceable = [a for a in arrays if is_composite_value(a) and batch_dims
                       and not a._type_spec._batchable]
        if unsliceable:
            raise TypeError(f"Dataset.from_tensor_slices cannot slice a "
                            f"{type(unsliceable[0]).__name__}; make a dataset of whole values "
                            f"with Dataset.from_tensors.")
        return cls(template, [DatasetSpec(a.element_spec) if is_dataset(a) else (
            a._type_spec._unbatched_spec() if batch_dims else a._type_spec)
                              if is_composite_value(a) else TensorSpec(
            a.shape[batch_dims:], dtypes.as_dtype(_np_dtype(a))) for a in arrays])

    def refuse_datasets(self, what: str, batchable: bool = False) -> None:
        """Raises the error for `what` (a transformation that takes elements apart) on
        elements holding datasets or composite tensors (`batchable`: but those whose spec
        batches them, as a `SparseTensorSpec` does).

        Raises:
            TypeError: this structure has a `DatasetSpec` or a composite's `TypeSpec`.
        """
        if self.has_datasets:
            raise TypeError(
                f"{what} cannot take elements that are datasets (element_spec "
                f"{self.element_spec}). Turn each window into tensors first, for example "
                f"`ds.window(n).flat_map(lambda w: w.batch(n))`.")
        unbatchable = [s for s in self.specs
                       if isinstance(s, TypeSpec) and not (batchable and s._batchable)]
        if unbatchable:
            kind = unbatchable[0].value_type.__name__
            hint = (" An ExtensionType batches when its class derives from "
                    "ag.experimental.BatchableExtensionType." if batchable else "")
            raise TypeError(
                f"{what} cannot take elements holding a {kind} (element_spec "
                f"{self.element_spec}). Map them to dense tensors first, for example "
                f"`ds.map(ag.sparse.to_dense)` for a SparseTensor.{hint}")

    def batched(self, size: int | None) -> Structure:
        """The structure of batches of `size` of these elements (None: unknown)."""
        return self.with_specs([
            s._batched_spec(size) if isinstance(s, TypeSpec) else TensorSpec(
                [size] + s.shape.as_list() if s.shape.rank is not None else None, s.dtype)
            for s in self.specs])

    def unbatched(self) -> Structure:
        """The structure of the rows of these elements."""
        return self.with_specs([s._unbatched_spec() if isinstance(s, TypeSpec) else
                                TensorSpec(s.shape.as_list()[1:], s.dtype) for s in self.specs])

    def rows_per_element(self, what: str) -> int | None:
        """The first dimension of every component, where known and shared (else None).

        Raises:
            ValueError: a component has no first dimension (or an unknown rank).
        """
        firsts = set()
        for spec in self.specs:
            shape = getattr(spec, "shape", None)  # an ExtensionType's spec has none
            if shape is not None and shape.rank in (None, 0):
                raise ValueError(f"{what} needs every component to have a first dimension.")
            firsts.add(None if shape is None else shape.as_list()[0])
        return firsts.pop() if len(firsts) == 1 else None

    @property
    def element_spec(self) -> Any:
        return pack_sequence_as(self.template, list(self.specs))

    def with_specs(self, specs: Sequence[Any]) -> Structure:
        return Structure(self.template, specs)

    def to_tensors(self, flat: Sequence[np.ndarray]) -> Any:
        """The element users see: a nest of eager tensors."""
        if self._devices is None:
            self._devices = [None if isinstance(s, (DatasetSpec, TypeSpec))
                             else placement_device(s.dtype) for s in self.specs]
        if self.has_objects:
            made = [a if d is None else make_eager(a if d.is_host else d.import_array(a),
                                                   s.dtype, d)
                    for a, s, d in zip(flat, self.specs, self._devices)]
        else:
            made = [make_eager(a if d.is_host else d.import_array(a), s.dtype, d)
                    for a, s, d in zip(flat, self.specs, self._devices)]
        return made[0] if self._one_tensor else pack_sequence_as(self.template, made)

    def to_numpy(self, flat: Sequence[np.ndarray]) -> Any:
        """The element as NumPy values (0-d arrays become NumPy scalars; a composite tensor
        what `Session.run` gives for it, e.g. a `SparseTensorValue`)."""
        return pack_sequence_as(self.template, [
            s._fetched_value([t.numpy() for t in s._to_components(a)])
            if isinstance(s, TypeSpec) else a[()] if a.ndim == 0 else a
            for a, s in zip(flat, self.specs)])

    def from_value(self, value: Any, what: str) -> list[Any]:
        """Flat arrays of a user value that must match this structure and its specs.

        Raises:
            InvalidArgumentError: the value's structure, dtype or shape does not match; the
                message names `what` (the element) and the expected spec.
        """
        try:
            leaves = flatten(pack_sequence_as(self.template, flatten(_leaves_as_lists(value))))
            if len(leaves) != len(self.specs) or _shape_of(value) != _shape_of(self.template):
                raise ValueError("structure")
        except (ValueError, TypeError):
            raise errors.InvalidArgumentError(
                f"{what} is {_short(value)}, which does not match the expected structure "
                f"{self.element_spec}.") from None
        flat: list[Any] = []
        for leaf, spec in zip(leaves, self.specs):
            if isinstance(spec, DatasetSpec):
                if not spec.is_compatible_with(leaf):
                    raise errors.InvalidArgumentError(
                        f"{what} is {_short(value)}, where a dataset of {spec} was expected.")
                flat.append(leaf)
                continue
            if isinstance(spec, TypeSpec):
                if not (is_composite_value(leaf) and spec.is_compatible_with(leaf)):
                    raise errors.InvalidArgumentError(
                        f"{what} is {_short(value)}, where a value of {spec} was expected.")
                flat.append(_eager_composite(leaf))
                continue
            try:
                array = host_array(leaf, spec.dtype)
            except (TypeError, ValueError) as e:
                raise errors.InvalidArgumentError(
                    f"{what} is {_short(value)}, which could not be converted to the expected "
                    f"type {spec.dtype.name}: {e}") from None
            if not spec.shape.is_compatible_with(TensorShape(array.shape)):
                raise errors.InvalidArgumentError(
                    f"{what} is {_short(value)}, of shape {array.shape}, where an element of "
                    f"shape {spec.shape} was expected.")
            flat.append(array)
        return flat


def _shape_of(value: Any) -> Any:
    """The nesting of `value` without its leaves, to compare structures."""
    if isinstance(value, dict):
        return ("dict", tuple(sorted((repr(k), _shape_of(v)) for k, v in value.items())))
    if isinstance(value, tuple):
        return ("tuple", tuple(_shape_of(v) for v in value))
    return "leaf"


def _np_dtype(array: np.ndarray) -> Any:
    return dtypes.string if array.dtype == object else array.dtype


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def element_text(flat: Sequence[Any], structure: Structure) -> str:
    """A short text of an element, for error messages."""
    return _short(pack_sequence_as(structure.template, [
        a.tolist() if hasattr(a, "tolist") else a for a in flat]))


def shape_dims(shape: Any) -> list[int | None]:
    """The dims of a shape given as a TensorShape or a list (-1 or None: unknown)."""
    if hasattr(shape, "as_list"):
        return shape.as_list()
    return [None if d is None or d == -1 else int(d) for d in shape]


def _is_shape(value: Any) -> bool:
    return isinstance(value, (list, tuple)) and all(
        d is None or isinstance(d, int) for d in value) or hasattr(value, "as_list")


def shape_leaves(shapes: Any) -> list:
    """The shapes of a nest of shapes (a shape is a list/tuple of ints or None, or a
    TensorShape)."""
    if _is_shape(shapes) and not (isinstance(shapes, tuple) and shapes and
                                  all(isinstance(s, (tuple, list)) for s in shapes)):
        return [shapes]
    if isinstance(shapes, dict):
        return [s for k in sorted(shapes) for s in shape_leaves(shapes[k])]
    return [s for part in shapes for s in shape_leaves(part)]

