"""The fields of an `ExtensionType`: which annotations they may have, and how a value (or, for
the type's `Spec`, a spec) is checked and converted to its field's type, with TensorFlow's
messages.

Supported annotations: `int`, `float`, `str`, `bytes`, `bool`, `None`, `ag.Tensor`,
`ag.TensorShape`, `ag.DType`, composite classes (`ag.SparseTensor`, other extension types),
`tuple[X, ...]` / `tuple[X, Y]`, `typing.Mapping[K, V]`, `typing.Union` / `typing.Optional` of
those. A mapping is stored as an `ImmutableDict`, a sequence as a tuple.

>>> import typing
>>> convert_value([1, 2], tuple[int, ...], ("sizes",))
(1, 2)
>>> convert_value({"a": 1}, typing.Mapping[str, int], ("tags",))
ImmutableDict({'a': 1})
>>> convert_value(2.5, typing.Union[int, str], ("either",))
Traceback (most recent call last):
    ...
TypeError: either: expected typing.Union[int, str], got 'float'
"""

from __future__ import annotations

import collections.abc
import enum
import types
import typing
from typing import Any, Iterator, NamedTuple

from autograph.runtime.core import dtypes
from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.graph.tensor_spec import TensorSpec
from autograph.runtime.graph.type_spec import CompositeTensor, TypeSpec

__all__ = ["Field", "ImmutableDict", "Context", "NO_DEFAULT", "RESERVED_PREFIX", "is_reserved",
           "validate_annotation", "convert_value", "convert_fields"]

RESERVED_PREFIX = "_tf_extension_type"  # TensorFlow's: its own attributes start so
_RESERVED = frozenset([
    "self", "Spec", "_type_spec", "_shape_invariant_to_type_spec", "_consumers", "value_type",
    "is_compatible_with", "most_specific_compatible_type", "_with_tensor_ranks_only",
    "_to_components", "_from_components", "_component_specs", "_to_tensor_list",
    "_from_tensor_list", "_from_compatible_tensor_list", "_flat_tensor_specs", "_serialize",
    "_deserialize", "_to_legacy_output_types", "_to_legacy_output_shapes",
    "_to_legacy_output_classes", "_keras_mask"])


class _NoDefault:
    def __repr__(self) -> str:
        return "NO_DEFAULT"


NO_DEFAULT: Any = _NoDefault()
_NoneType = type(None)
_PLAIN = (int, float, str, bytes, bool, _NoneType)


class Context(enum.Enum):
    """What is being converted: a value's field, a spec's field, or a field's default."""
    VALUE = 1
    SPEC = 2
    DEFAULT = 3


class ImmutableDict(collections.abc.Mapping):
    """A read-only dict: the stored form of a `Mapping` field."""

    def __init__(self, *args: Any, **kwargs: Any):
        self._dict = dict(*args, **kwargs)

    def __getitem__(self, key: Any) -> Any:
        return self._dict[key]

    def __iter__(self) -> Iterator:
        return iter(self._dict)

    def __len__(self) -> int:
        return len(self._dict)

    def __repr__(self) -> str:
        return f"ImmutableDict({self._dict!r})"

    def __hash__(self) -> int:
        return hash(frozenset(self._dict.items()))


class Field(NamedTuple):
    """One declared field: its name, annotation and default (`NO_DEFAULT` when it has none)."""
    name: str
    value_type: Any
    default: Any = NO_DEFAULT

    @classmethod
    def make(cls, name: str, value_type: Any, default: Any = NO_DEFAULT) -> Field:
        """A field whose annotation is checked and whose default is converted.

        Raises:
            TypeError: the annotation is not supported, or the default does not fit it.
        """
        try:
            validate_annotation(value_type, allow_forward_references=True)
        except TypeError as e:
            raise TypeError(f"In field {name!r}: {e}") from e
        if default is not NO_DEFAULT:
            default = convert_value(default, value_type, (f"default value for {name}",),
                                    Context.DEFAULT)
        return cls(name, value_type, default)


def is_reserved(name: str) -> bool:
    """Whether `name` may not be a field (a name the type or its spec uses itself)."""
    return name in _RESERVED or name.lower().startswith(RESERVED_PREFIX)


# Annotations ------------------------------------------------------------------------------------
def _is_tuple(annotation: Any) -> bool:
    return typing.get_origin(annotation) is tuple


def _is_mapping(annotation: Any) -> bool:
    return typing.get_origin(annotation) is collections.abc.Mapping


def _is_union(annotation: Any) -> bool:
    return typing.get_origin(annotation) in (typing.Union, types.UnionType)


def _is_composite_class(annotation: Any) -> bool:
    return isinstance(annotation, type) and issubclass(annotation, CompositeTensor)


def validate_annotation(annotation: Any, in_mapping_key: bool = False,
                        allow_forward_references: bool = False) -> None:
    """Raises TypeError unless `annotation` is made only of supported types."""
    if isinstance(annotation, (str, typing.ForwardRef)):
        if allow_forward_references:
            return
        raise TypeError(f"Unresolved forward reference {annotation!r}")
    if annotation in (*_PLAIN, None, dtypes.DType):
        return
    if annotation in (Tensor, TensorShape) or _is_composite_class(annotation):
        if in_mapping_key:
            raise TypeError(f"Mapping had a key {annotation.__name__!r} with type "
                            f"{type(annotation).__name__!r}")
    elif _is_tuple(annotation) or _is_union(annotation):
        args = typing.get_args(annotation)
        if _is_tuple(annotation) and len(args) == 2 and args[1] is Ellipsis:
            args = args[:1]
        for arg in args:
            validate_annotation(arg, in_mapping_key, allow_forward_references)
    elif _is_mapping(annotation):
        key_type, value_type = typing.get_args(annotation)
        validate_annotation(key_type, True, allow_forward_references)
        validate_annotation(value_type, in_mapping_key, allow_forward_references)
    elif isinstance(annotation, type):
        raise TypeError(f"Unsupported type annotation {annotation.__name__!r}")
    else:
        raise TypeError(f"Unsupported type annotation {annotation!r}")


# Conversion ------------------------------------------------------------------------------------
def convert_fields(fields: tuple[Field, ...], values: dict, context: Context) -> None:
    """Checks and converts `values` (field name -> value) in place.

    Raises:
        ValueError: a field is missing, or a name is not a field.
        TypeError: a value does not fit its field's annotation.
    """
    names = {f.name for f in fields}
    extra, missing = set(values) - names, names - set(values)
    if extra:
        raise ValueError(f"Got unexpected fields: {extra}")
    if missing:
        raise ValueError(f"Missing required fields: {missing}")
    values.update({f.name: convert_value(values[f.name], f.value_type, (f.name,), context)
                   for f in fields})


def convert_value(value: Any, expected: Any, path: tuple[str, ...],
                  context: Context = Context.VALUE) -> Any:
    """`value` checked against annotation `expected` and converted to it; `path` names the
    value in messages (`("sizes", "[1]")` reads `sizes[1]`)."""
    where = "".join(path)
    if expected is None:
        expected = _NoneType
    if expected is Tensor:
        return _convert_tensor(value, where, context)
    if _is_composite_class(expected):
        return _convert_composite(value, expected, where, context)
    if expected is TensorShape:
        try:
            return TensorShape(value)
        except (TypeError, ValueError) as e:
            raise TypeError(f"{where}: expected 'ag.TensorShape', got "
                            f"{type(value).__name__!r}") from e
    if expected is dtypes.DType:
        try:
            return dtypes.as_dtype(value)
        except (TypeError, ValueError) as e:
            raise TypeError(f"{where}: expected 'ag.DType', got {type(value).__name__!r}") from e
    if expected in _PLAIN:
        if not isinstance(value, expected):
            raise TypeError(f"{where}: expected {expected.__name__!r}, "
                            f"got {type(value).__name__!r}")
        return value
    if _is_tuple(expected):
        return _convert_tuple(value, expected, path, context)
    if _is_mapping(expected):
        return _convert_mapping(value, expected, path, context)
    if _is_union(expected):
        for option in typing.get_args(expected):
            try:
                return convert_value(value, option, path, context)
            except TypeError:
                pass
        raise TypeError(f"{where}: expected {expected!r}, got {type(value).__name__!r}")
    raise TypeError(f"{where}: Unsupported type annotation {expected!r}")


def _convert_tensor(value: Any, where: str, context: Context) -> Any:
    if context is Context.SPEC:
        if not isinstance(value, TensorSpec):
            raise TypeError(f"{where}: expected a TensorSpec, got {type(value).__name__!r}")
        return value
    if isinstance(value, Tensor) or context is Context.DEFAULT:
        return value  # a default converts when the constructor runs, under its graph
    try:
        return convert_to_tensor(value)
    except (TypeError, ValueError) as e:
        raise TypeError(f"{where}: expected a Tensor, got {type(value).__name__!r}") from e


def _convert_composite(value: Any, expected: type, where: str, context: Context) -> Any:
    if context is Context.SPEC:
        if not (isinstance(value, TypeSpec) and isinstance(value.value_type, type)
                and issubclass(value.value_type, expected)):
            raise TypeError(f"{where}: expected a TypeSpec for {expected.__name__!r}, got "
                            f"{type(value).__name__!r}")
        return value
    if not isinstance(value, expected):
        raise TypeError(f"{where}: expected {expected.__name__!r}, got {type(value).__name__!r}")
    return value


def _convert_tuple(value: Any, expected: Any, path: tuple[str, ...], context: Context) -> tuple:
    if not isinstance(value, collections.abc.Sequence):
        raise TypeError(f"{''.join(path)}: expected tuple, got {type(value).__name__!r}")
    types_ = typing.get_args(expected)
    if len(types_) == 2 and types_[1] is Ellipsis:
        return tuple(convert_value(v, types_[0], path + (f"[{i}]",), context)
                     for i, v in enumerate(value))
    if len(value) != len(types_):
        # TensorFlow's message, stray parenthesis included.
        raise TypeError(f"{''.join(path)}: expected tuple with length {len(types_)}, got "
                        f"{type(value).__name__!r})")
    return tuple(convert_value(v, t, path + (f"[{i}]",), context)
                 for i, (v, t) in enumerate(zip(value, types_)))


def _convert_mapping(value: Any, expected: Any, path: tuple[str, ...],
                     context: Context) -> ImmutableDict:
    if not isinstance(value, collections.abc.Mapping):
        raise TypeError(f"{''.join(path)}: expected mapping, got {type(value).__name__!r}")
    key_type, value_type = typing.get_args(expected)
    return ImmutableDict([
        (convert_value(k, key_type, path + ("[<key>]",), context),
         convert_value(v, value_type, path + (f"[{k!r}]",), context))
        for k, v in value.items()])
