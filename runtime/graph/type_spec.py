"""Composite tensors: values made of component tensors plus a `TypeSpec` (TensorFlow's
`tf.TypeSpec` and `CompositeTensor`).

A composite (a `SparseTensor`, an `IndexedSlices`, a user's `ExtensionType`) says what it is
made of through its spec: `_component_specs` (one `TensorSpec` per component tensor),
`_to_components(value)` and `_from_components(tensors)`. With that, the rest of the runtime
treats it as a unit: a function argument traces by its spec (one placeholder per component,
the value rebuilt inside), a function result, a loop variable or a branch result travels as its
components (`func_graph.flatten(..., expand_composites=True)`) and is rebuilt on the way out.
Loop variables take the spec's component shapes, so a sparse tensor may change its number of
entries from one iteration to the next, as in TensorFlow.

Specs compare by `_serialize()`: equal fields, equal specs; a spec is a subtype of another of
its class when every field is (shapes by `TensorShape` subtyping, so `[2, 3]` fits `[None, 3]`;
`TensorSpec`s, nested specs, tuples and mappings field by field).

>>> from autograph.runtime.core import dtypes
>>> class PairSpec(TypeSpec):
...     def __init__(self, dtype):
...         self.dtype = dtype
...     value_type = tuple
...     def _serialize(self):
...         return (self.dtype,)
...     @property
...     def _component_specs(self):
...         return [TensorSpec([], self.dtype), TensorSpec([], self.dtype)]
...     def _to_components(self, value):
...         return list(value)
...     def _from_components(self, components):
...         return tuple(components)
>>> PairSpec(dtypes.int32) == PairSpec(dtypes.int32), PairSpec(dtypes.int32)
(True, PairSpec(ag.int32))
"""

from __future__ import annotations

import abc
from collections.abc import Mapping
from typing import Any, Sequence

from autograph.runtime.core import dtypes
from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.graph.tensor_spec import TensorSpec

__all__ = ["TypeSpec", "CompositeTensor", "component_shapes", "type_spec_from_value",
           "compatible_composites", "describe_composite"]


class TypeSpec(abc.ABC):
    """The type of a composite value: what `ag.function` traces it by and how it is taken
    apart into tensors and put back together. Subclasses define `value_type`, `_serialize`,
    `_component_specs`, `_to_components` and `_from_components`; `_deserialize` defaults to
    calling the class with the serialized fields."""

    value_type: Any  # the class of the values this spec describes

    @abc.abstractmethod
    def _serialize(self) -> tuple:
        """The fields that define this spec (dtypes, `TensorShape`s, nested specs, Python
        values): equal fields, equal specs."""

    @classmethod
    def _deserialize(cls, fields: tuple) -> TypeSpec:
        return cls(*fields)

    @property
    @abc.abstractmethod
    def _component_specs(self) -> list[TensorSpec]:
        """One `TensorSpec` per component tensor, in the order of `_to_components`."""

    @abc.abstractmethod
    def _to_components(self, value: Any) -> list:
        """The component tensors of `value`."""

    @abc.abstractmethod
    def _from_components(self, components: Sequence[Any]) -> Any:
        """The value made of `components` (tensors in the order of `_component_specs`)."""

    # Subtyping -----------------------------------------------------------------------------
    def is_subtype_of(self, other: Any) -> bool:
        """Whether a trace made for `other` serves values of this spec."""
        return type(other) is type(self) and _fields_subtype(self._serialize(),
                                                             other._serialize())

    def most_specific_common_supertype(self, others: Sequence[Any]) -> TypeSpec | None:
        """The most specific spec of this class that this one and all `others` are subtypes
        of, or None when a field other than a shape differs."""
        fields: Any = self._serialize()
        for other in others:
            if type(other) is not type(self):
                return None
            fields = _fields_supertype(fields, other._serialize())
            if fields is _NONE:
                return None
        return type(self)._deserialize(fields)

    def is_compatible_with(self, spec_or_value: Any) -> bool:
        """Whether `spec_or_value` (a spec or a composite value) and this spec could describe
        the same value: same class and fields, shapes compatible."""
        other = spec_or_value if isinstance(spec_or_value, TypeSpec) else getattr(
            spec_or_value, "_type_spec", None)
        return (type(other) is type(self)
                and _fields_compatible(self._serialize(), other._serialize()))

    # Batching in datasets: specs whose values batch along a new first dimension override
    # these four and set `_batchable`.
    _batchable = False

    def _batched_spec(self, batch_size: int | None) -> TypeSpec:
        raise NotImplementedError(f"{type(self).__name__} values cannot be batched.")

    def _unbatched_spec(self) -> TypeSpec:
        raise NotImplementedError(f"{type(self).__name__} values cannot be unbatched.")

    def _batch(self, values: Sequence[Any]) -> Any:
        """One value of `values` (eager values of this spec) along a new first dimension."""
        raise NotImplementedError(f"{type(self).__name__} values cannot be batched.")

    def _unbatch(self, value: Any) -> list:
        """The values along the first dimension of `value`."""
        raise NotImplementedError(f"{type(self).__name__} values cannot be unbatched.")

    # Tracing -------------------------------------------------------------------------------
    def placeholder_value(self, placeholder_context: Any = None) -> Any:
        """The value a traced function receives: one placeholder per component."""
        specs = self._component_specs
        return self._from_components([
            spec.placeholder_value(placeholder_context.child(i) if len(specs) > 1
                                   else placeholder_context)
            for i, spec in enumerate(specs)])

    def to_tensors(self, value: Any) -> list:
        """The tensors a call's `value` feeds, in placeholder order."""
        return list(self._to_components(value))

    def cast(self, value: Any) -> Any:
        """`value`, checked to be described by this spec."""
        spec = getattr(value, "_type_spec", None)
        if spec is None or not spec.is_subtype_of(self):
            raise TypeError(f"{_short(value)} does not match {self!r}.")
        return value

    def describe(self) -> str:
        return repr(self)

    def _fetched_value(self, arrays: list) -> Any:
        """What `Session.run` gives for a fetched value of this spec, from its components'
        arrays: a tuple of them unless the spec says otherwise."""
        return tuple(arrays)

    # Python protocol -----------------------------------------------------------------------
    def __eq__(self, other: Any) -> bool:
        return type(other) is type(self) and self._serialize() == other._serialize()

    def __ne__(self, other: Any) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash((type(self), _hashable(self._serialize())))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(_field_repr(f) for f in self._serialize())})"


class CompositeTensor(abc.ABC):
    """A value made of tensors, described by a `TypeSpec` (its `_type_spec`)."""

    @property
    @abc.abstractmethod
    def _type_spec(self) -> TypeSpec:
        """The spec of this value."""

    def _components(self) -> list:
        return self._type_spec._to_components(self)

    def _from_components(self, components: Sequence[Any]) -> Any:
        return self._type_spec._from_components(components)

    def __tf_tracing_type__(self, context: Any) -> TypeSpec:
        return self._type_spec


def component_shapes(value: Any) -> list | None:
    """The raw shapes a loop variable holding composite `value` keeps across iterations (its
    spec's component shapes), or None for composites without a spec (a TensorArray)."""
    spec = getattr(value, "_type_spec", None)
    if not isinstance(spec, TypeSpec):
        return None
    return [s._shape for s in spec._component_specs]


def compatible_composites(a: Any, b: Any) -> bool:
    """Whether composite `b` may stand where composite `a` was (a loop variable's next value,
    the other branch of a cond): the same class, and specs with a common supertype (shapes may
    differ, other fields not); composites without a spec (a TensorArray) the same dtype."""
    if type(a) is not type(b):
        return False
    spec = getattr(a, "_type_spec", None)
    if isinstance(spec, TypeSpec):
        return spec.most_specific_common_supertype([b._type_spec]) is not None
    return a.dtype is b.dtype


def describe_composite(value: Any, with_spec: bool = True) -> str:
    """`a SparseTensor of float32`; a composite without a dtype (an extension type) by its
    spec, `a MaskedTensor (MaskedTensor.Spec(...))`, or by its class alone."""
    dtype = getattr(value, "dtype", None)
    if isinstance(dtype, dtypes.DType):
        return f"a {type(value).__name__} of {dtype.name}"
    spec = getattr(value, "_type_spec", None)
    if with_spec and isinstance(spec, TypeSpec):
        return f"a {type(value).__name__} ({spec!r})"
    return f"a {type(value).__name__}"


def type_spec_from_value(value: Any) -> Any:
    """The spec of `value`, as `tf.type_spec_from_value`: a composite's `_type_spec`, else the
    `TensorSpec` of the tensor `value` is or converts to.

    >>> type_spec_from_value([1, 2])
    TensorSpec(shape=(2,), dtype=ag.int32, name=None)

    Raises:
        TypeError: `value` is neither a composite nor convertible to a tensor.
    """
    spec = getattr(value, "_type_spec", None)
    if isinstance(spec, TypeSpec):
        return spec
    if not isinstance(value, Tensor):
        try:
            value = convert_to_tensor(value)
        except (TypeError, ValueError):
            raise TypeError(f"Could not build a TypeSpec for {value!r} of unsupported type "
                            f"{type(value)}.") from None
    return TensorSpec(value.shape, value.dtype)


# Fields ---------------------------------------------------------------------------------------
_NONE = object()  # no common supertype


def _fields_subtype(mine: Any, theirs: Any) -> bool:
    if isinstance(mine, TensorShape) and isinstance(theirs, TensorShape):
        return mine.is_subtype_of(theirs)
    if isinstance(mine, (TypeSpec, TensorSpec)):
        return mine.is_subtype_of(theirs)
    if isinstance(mine, Mapping) and isinstance(theirs, Mapping):
        return mine.keys() == theirs.keys() and all(
            _fields_subtype(mine[k], theirs[k]) for k in mine)
    if isinstance(mine, tuple) and isinstance(theirs, tuple):
        return len(mine) == len(theirs) and all(map(_fields_subtype, mine, theirs))
    return _same(mine, theirs)


def _fields_supertype(mine: Any, theirs: Any) -> Any:
    if isinstance(mine, TensorShape) and isinstance(theirs, TensorShape):
        return mine.most_specific_compatible_shape(theirs)
    if isinstance(mine, (TypeSpec, TensorSpec)):
        found = mine.most_specific_common_supertype([theirs])
        return _NONE if found is None else found
    if isinstance(mine, Mapping) and isinstance(theirs, Mapping):
        if mine.keys() != theirs.keys():
            return _NONE
        values = {k: _fields_supertype(mine[k], theirs[k]) for k in mine}
        if any(v is _NONE for v in values.values()):
            return _NONE
        return type(mine)(values)  # type: ignore[call-arg]
    if isinstance(mine, tuple) and isinstance(theirs, tuple):
        if len(mine) != len(theirs):
            return _NONE
        fields = tuple(map(_fields_supertype, mine, theirs))
        return _NONE if any(f is _NONE for f in fields) else fields
    return mine if _same(mine, theirs) else _NONE


def _fields_compatible(mine: Any, theirs: Any) -> bool:
    if isinstance(mine, TensorShape) and isinstance(theirs, TensorShape):
        return mine.is_compatible_with(theirs)
    if isinstance(mine, (TypeSpec, TensorSpec)):
        return mine.is_compatible_with(theirs)
    if isinstance(mine, Mapping) and isinstance(theirs, Mapping):
        return mine.keys() == theirs.keys() and all(
            _fields_compatible(mine[k], theirs[k]) for k in mine)
    if isinstance(mine, tuple) and isinstance(theirs, tuple):
        return len(mine) == len(theirs) and all(map(_fields_compatible, mine, theirs))
    return _same(mine, theirs)


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, dtypes.DType) or isinstance(b, dtypes.DType):
        return a is b
    return type(a) is type(b) and a == b


def _hashable(field: Any) -> Any:
    if isinstance(field, TensorShape):
        return ("shape", field._dims)
    if isinstance(field, tuple):
        return tuple(_hashable(f) for f in field)
    if isinstance(field, Mapping):
        return ("mapping", frozenset((k, _hashable(v)) for k, v in field.items()))
    return field


def _field_repr(field: Any) -> str:
    if isinstance(field, dtypes.DType):
        return f"ag.{field.name}"
    return repr(field)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
