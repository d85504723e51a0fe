"""`ExtensionType`: user classes of tensors and Python values that functions, loops and conds
take and give as a unit, as `tf.experimental.ExtensionType`.

A subclass declares its fields with annotations (see `fields.py`); the class is given a
constructor that converts and checks them, then calls `__validate__`; a `__repr__`; an `__eq__`
(a scalar bool tensor when both sides have the same spec, else False); immutability; and a
nested `Spec` class, an `ExtensionTypeSpec` holding each tensor field's `TensorSpec`, each
composite field's spec and each Python field's value. The spec is a `TypeSpec`
(`runtime.graph.type_spec`), so an `ag.function` traces by it and a loop or cond carries the
value as its component tensors.

>>> from autograph.runtime.graph.tensor import Tensor
>>> class MaskedTensor(ExtensionType):
...     values: Tensor
...     mask: Tensor
>>> mt = MaskedTensor([1, 2], [True, False])
>>> mt.values.numpy(), mt._type_spec.mask
(array([1, 2], dtype=int32), TensorSpec(shape=(2,), dtype=ag.bool, name=None))
"""

from __future__ import annotations

import abc
import collections.abc
import inspect
import typing
from typing import Any, Callable, Iterator, Sequence

from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.graph.func_graph import sorted_keys
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.graph.tensor_spec import TensorSpec
from autograph.runtime.graph.type_spec import CompositeTensor, TypeSpec
from autograph.runtime.ops.array.ops import shape, stack
from autograph.runtime.ops.extension_type.fields import (
    NO_DEFAULT,
    RESERVED_PREFIX,
    Context,
    Field,
    ImmutableDict,
    convert_fields,
    is_reserved,
)
from autograph.runtime.ops.math.ops import logical_not
from autograph.runtime.ops.reduction.ops import reduce_all

__all__ = ["ExtensionType", "ExtensionTypeSpec"]

_IN_CONSTRUCTOR = RESERVED_PREFIX + "_in_constructor"
_CACHED_SPEC = RESERVED_PREFIX + "_cached_type_spec"
_CACHED_FIELDS = RESERVED_PREFIX + "_cached_fields"
_BASE_CLASS = RESERVED_PREFIX + "_do_not_transform_this_class"
_equal = op_handle("Equal")


class ExtensionTypeMetaclass(abc.ABCMeta):
    """Gives each `ExtensionType` subclass its constructor and its `Spec` class."""

    def __init__(cls, name: str, bases: tuple, namespace: dict):
        if not namespace.get(_BASE_CLASS, False):
            _check_field_annotations(cls)
            _add_constructor(cls, Context.VALUE)
            _add_type_spec(cls)
        super().__init__(name, bases, namespace)


class ExtensionType(CompositeTensor, metaclass=ExtensionTypeMetaclass):
    """Base class of user-defined types made of tensors and Python values.

    Declare each field with a type annotation, optionally with a default:

        class MaskedTensor(ag.experimental.ExtensionType):
            values: ag.Tensor
            mask: ag.Tensor
            name: str = "masked"

    The generated constructor takes the fields in order (a field without a default after one
    with it is keyword-only), converts tensor fields with `convert_to_tensor` and checks every
    field against its annotation (TypeError naming the field). A class may define its own
    `__init__` (which must set every field), `__validate__` (run after construction), methods,
    properties and a nested `Spec` class whose members are added to the generated one.
    Values are immutable: assigning or deleting an attribute outside the constructor raises
    AttributeError.
    """

    _tf_extension_type_do_not_transform_this_class = True  # the base itself has no fields

    def __init__(self, *args: Any, **kwargs: Any):
        if type(self) is ExtensionType:
            raise AssertionError("Cannot create an instance of ExtensionType because "
                                 "ExtensionType is an abstract base class.")

    # Fields --------------------------------------------------------------------------------
    @classmethod
    def _tf_extension_type_fields(cls) -> tuple[Field, ...]:
        """The fields, in declaration order (a subclass's after its base's). Forward
        references resolve once the names they refer to exist."""
        if _CACHED_FIELDS in cls.__dict__:
            return cls.__dict__[_CACHED_FIELDS]
        try:
            hints = typing.get_type_hints(cls)
            resolved = True
        except (NameError, AttributeError):
            hints = {}
            for base in reversed(cls.__mro__):
                hints.update(base.__dict__.get("__annotations__", {}))
            resolved = False
        fields = tuple(Field.make(name, annotation, getattr(cls, name, NO_DEFAULT))
                       for name, annotation in hints.items())
        if resolved:
            setattr(cls, _CACHED_FIELDS, fields)
        return fields

    @classmethod
    def _tf_extension_type_has_field(cls, name: str) -> bool:
        return any(name == f.name for f in cls._tf_extension_type_fields())

    def _tf_extension_type_convert_fields(self) -> None:
        convert_fields(self._tf_extension_type_fields(), self.__dict__, Context.VALUE)

    def __validate__(self) -> None:
        """Checks the fields after construction; subclasses override it."""

    # Python protocol -----------------------------------------------------------------------
    def __repr__(self) -> str:
        fields = ", ".join(f"{f.name}={getattr(self, f.name)!r}"
                           for f in self._tf_extension_type_fields())
        return f"{type(self).__qualname__}({fields})"

    def __setattr__(self, name: str, value: Any) -> None:
        if hasattr(self, _IN_CONSTRUCTOR) and self._tf_extension_type_has_field(name):
            self.__dict__[name] = value
        else:
            raise AttributeError(f"Cannot mutate attribute `{name}` outside the custom "
                                 f"constructor of ExtensionType.")

    def __delattr__(self, name: str) -> None:
        if hasattr(self, _IN_CONSTRUCTOR) and self._tf_extension_type_has_field(name):
            del self.__dict__[name]
        else:
            raise AttributeError(f"Cannot mutate attribute `{name}` outside the custom "
                                 f"constructor of ExtensionType.")

    def __eq__(self, other: Any) -> Any:  # type: ignore[override]
        """False for another type or spec; else a scalar bool tensor: every component
        tensor has the same shape and values."""
        if type(self) is not type(other) or self._type_spec != other._type_spec:
            return False
        mine, theirs = self._components(), other._components()
        conditions = []
        for a, b in zip(mine, theirs):
            conditions.append(reduce_all(_equal.run(
                [shape(a), shape(b)], {"incompatible_shape_error": False})))
            # Shapes count: values that broadcast to the same values are not equal.
            conditions.append(reduce_all(_equal.run([a, b], {"incompatible_shape_error": False})))
        return reduce_all(stack(conditions)) if conditions else convert_to_tensor(True)

    def __ne__(self, other: Any) -> Any:  # type: ignore[override]
        equal = self.__eq__(other)
        return logical_not(equal) if isinstance(equal, Tensor) else not equal

    # Composite protocol ----------------------------------------------------------------------
    @property
    def _type_spec(self) -> ExtensionTypeSpec:
        spec = self.__dict__.get(_CACHED_SPEC)
        if spec is None:
            spec = self.Spec.from_value(self)  # type: ignore[attr-defined]
            self.__dict__[_CACHED_SPEC] = spec
        return spec


class ExtensionTypeSpec(TypeSpec):
    """The spec of an `ExtensionType`: `TensorSpec`s for its tensor fields, specs for its
    composite fields, the values of its Python fields. `MyType.Spec(field=..., ...)` takes
    one argument per field; `MyType.Spec.from_value(x)` (or `ag.type_spec_from_value(x)`)
    gives a value's spec."""

    value_type: Any = None

    @classmethod
    def _tf_extension_type_fields(cls) -> tuple[Field, ...]:
        return cls.value_type._tf_extension_type_fields()

    @classmethod
    def _tf_extension_type_has_field(cls, name: str) -> bool:
        return any(name == f.name for f in cls._tf_extension_type_fields())

    def _tf_extension_type_convert_fields(self) -> None:
        convert_fields(self._tf_extension_type_fields(), self.__dict__, Context.SPEC)

    def __validate__(self) -> None:
        """Checks the fields after construction; a class's `Spec` may override it."""

    @classmethod
    def from_value(cls, value: Any) -> ExtensionTypeSpec:
        cached = value.__dict__.get(_CACHED_SPEC)
        if cached is not None:
            return cached
        return _make(cls, {f.name: _map_leaves(_spec_of, value.__dict__[f.name])
                           for f in cls._tf_extension_type_fields()})

    def __setattr__(self, name: str, value: Any) -> None:
        if hasattr(self, _IN_CONSTRUCTOR) and self._tf_extension_type_has_field(name):
            self.__dict__[name] = value
        else:
            raise AttributeError(f"Cannot mutate attribute `{name}` outside the custom "
                                 f"constructor of ExtensionTypeSpec.")

    def __delattr__(self, name: str) -> None:
        if hasattr(self, _IN_CONSTRUCTOR) and self._tf_extension_type_has_field(name):
            del self.__dict__[name]
        else:
            raise AttributeError(f"Cannot mutate attribute `{name}` outside the custom "
                                 f"constructor of ExtensionTypeSpec.")

    # TypeSpec ------------------------------------------------------------------------------
    def _serialize(self) -> tuple:
        return tuple((f.name, self.__dict__[f.name]) for f in self._tf_extension_type_fields())

    @classmethod
    def _deserialize(cls, fields: tuple) -> ExtensionTypeSpec:
        return _make(cls, dict(fields))

    @property
    def _component_specs(self) -> list[TensorSpec]:
        specs: list[TensorSpec] = []
        for leaf in _leaves(self._field_tuple()):
            if isinstance(leaf, TensorSpec):
                specs.append(leaf)
            elif isinstance(leaf, TypeSpec):
                specs.extend(leaf._component_specs)
        return specs

    def _to_components(self, value: Any) -> list:
        components: list = []
        for leaf in _leaves(tuple(value.__dict__[f.name]
                                  for f in self._tf_extension_type_fields())):
            if isinstance(leaf, Tensor):
                components.append(leaf)
            elif isinstance(getattr(leaf, "_type_spec", None), TypeSpec):
                components.extend(leaf._type_spec._to_components(leaf))
        return components

    def _from_components(self, components: Sequence[Any]) -> Any:
        items = iter(components)

        def rebuild(leaf: Any) -> Any:
            if isinstance(leaf, TensorSpec):
                return next(items)
            if isinstance(leaf, TypeSpec):
                return leaf._from_components([next(items) for _ in leaf._component_specs])
            return leaf

        values = _map_leaves(rebuild, self._field_tuple())
        if next(items, None) is not None:
            raise ValueError("Cannot build an ExtensionType instance from components because "
                             "more components are provided than the number expected by the "
                             "type spec.")
        names = [f.name for f in self._tf_extension_type_fields()]
        value = object.__new__(self.value_type)
        value.__dict__.update(zip(names, values))
        return value

    def _field_tuple(self) -> tuple:
        return tuple(self.__dict__[f.name] for f in self._tf_extension_type_fields())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={_as_dicts(value)!r}" for name, value in self._serialize())
        return f"{type(self).__qualname__}({fields})"


# Nested field values ---------------------------------------------------------------------------
def _leaves(structure: Any) -> Iterator[Any]:
    """The leaves of tuples and mappings (by sorted key) of field values, in order."""
    if isinstance(structure, tuple):
        for item in structure:
            yield from _leaves(item)
    elif isinstance(structure, collections.abc.Mapping):
        for key in sorted_keys(dict(structure)):
            yield from _leaves(structure[key])
    else:
        yield structure


def _map_leaves(fn: Callable[[Any], Any], structure: Any) -> Any:
    """`structure` with `fn` applied to each leaf, in the order of `_leaves`."""
    if isinstance(structure, tuple):
        return tuple(_map_leaves(fn, item) for item in structure)
    if isinstance(structure, collections.abc.Mapping):
        mapped = {key: _map_leaves(fn, structure[key]) for key in sorted_keys(dict(structure))}
        return ImmutableDict((key, mapped[key]) for key in structure)
    return fn(structure)


def _spec_of(leaf: Any) -> Any:
    if isinstance(leaf, Tensor):
        return TensorSpec(leaf.shape, leaf.dtype)
    spec = getattr(leaf, "_type_spec", None)
    return spec if isinstance(spec, TypeSpec) else leaf


def _as_dicts(value: Any) -> Any:
    """`value` with its mappings as dicts (how a spec prints them, as TensorFlow's)."""
    if isinstance(value, collections.abc.Mapping):
        return {k: _as_dicts(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return tuple(_as_dicts(v) for v in value)
    return value


def _make(cls: type, fields: dict) -> Any:
    """An instance of `cls` holding `fields`, made without its constructor."""
    obj: Any = object.__new__(cls)
    obj.__dict__.update(fields)
    return obj


# Class construction ----------------------------------------------------------------------------
def _check_field_annotations(cls: type) -> None:
    annotations = cls.__dict__.get("__annotations__", {})
    for name, value in cls.__dict__.items():
        if name == "Spec":
            if not isinstance(value, type):
                raise ValueError(f"{cls.__qualname__}.Spec must be a nested class; got {value}.")
            if value.__bases__ not in ((TypeSpec,), (object,)):
                raise ValueError(f"{cls.__qualname__}.Spec must be directly subclassed from "
                                 f"ag.TypeSpec.")
        elif is_reserved(name):
            raise ValueError(f"The field annotations for {cls.__name__} are invalid. Field "
                             f"{name!r} is reserved.")
    for name in annotations:
        if is_reserved(name):
            raise ValueError(f"The field annotations for {cls.__name__} are invalid. Field "
                             f"{name!r} is reserved.")
    for name, value in cls.__dict__.items():
        if not (name in annotations or callable(value) or name.startswith("_abc_")
                or name.startswith("__") and name.endswith("__")
                or isinstance(value, (property, classmethod, staticmethod))):
            raise ValueError(f"The field annotations for {cls.__name__} are invalid. Field "
                             f"{name} is missing a type annotation.")


def _add_constructor(cls: Any, context: Context) -> None:
    """Wraps the class's own `__init__`, or makes one from its fields."""
    if "__init__" in cls.__dict__:
        user_init = cls.__init__

        def wrapped_init(self: Any, *args: Any, **kwargs: Any) -> None:
            self.__dict__[_IN_CONSTRUCTOR] = True
            try:
                user_init(self, *args, **kwargs)
            finally:
                del self.__dict__[_IN_CONSTRUCTOR]
            self._tf_extension_type_convert_fields()
            self.__validate__()

        wrapped_init.__wrapped__ = user_init  # type: ignore[attr-defined]
        wrapped_init.__doc__ = user_init.__doc__
        cls.__init__ = wrapped_init
        return
    params = _parameters(cls._tf_extension_type_fields(), context)
    signature = inspect.Signature(params)

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        self.__dict__.update(bound.arguments)
        self._tf_extension_type_convert_fields()
        self.__validate__()

    __init__.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD), *params],
        return_annotation=cls)
    cls.__init__ = __init__


def _parameters(fields: tuple[Field, ...], context: Context) -> list[inspect.Parameter]:
    """The constructor's parameters: a spec's all required; a value's with the fields'
    defaults, keyword-only from the first field without a default after one with it."""
    params, seen_default, keyword_only = [], False, False
    for field in fields:
        has_default = context is Context.VALUE and field.default is not NO_DEFAULT
        keyword_only = keyword_only or (seen_default and not has_default)
        seen_default = seen_default or has_default
        params.append(inspect.Parameter(
            field.name,
            inspect.Parameter.KEYWORD_ONLY if keyword_only
            else inspect.Parameter.POSITIONAL_OR_KEYWORD,
            default=field.default if has_default else inspect.Parameter.empty,
            annotation=field.value_type))
    return params


def _add_type_spec(cls: Any) -> None:
    """Makes `cls.Spec`: an `ExtensionTypeSpec` with the members of the class's own `Spec`."""
    qualname = cls.__qualname__ + ".Spec"
    namespace: dict[str, Any] = {"value_type": cls, "__module__": cls.__module__}
    user_spec = cls.__dict__.get("Spec")
    if user_spec is not None:
        for name, value in user_spec.__dict__.items():
            if is_reserved(name):
                raise ValueError(f"TypeSpec {qualname} uses reserved name {name!r}.")
            if cls._tf_extension_type_has_field(name):
                raise ValueError(f"TypeSpec {qualname} defines a variable {name!r} which "
                                 f"shadows a field in {cls.__qualname__}")
            if name not in ("__module__", "__dict__", "__weakref__"):
                namespace[name] = value
    base = getattr(cls, RESERVED_PREFIX + "_spec_base", ExtensionTypeSpec)
    spec = type(cls.__name__ + ".Spec", (base,), namespace)
    spec.__qualname__ = qualname
    cls.Spec = spec
    _add_constructor(spec, Context.SPEC)
