"""Trace types: the cache key that decides whether a traced function can be reused for a call.

`from_value` gives each argument a `TraceType` (TensorFlow's `tf.types.experimental.TraceType`):
a tensor its `TensorSpec` (dtype + shape), a variable its dtype, shape and trainability (and
which of the call's variables it is, so `f(v, v)` and `f(v, w)` trace apart), a Python literal
its value, a container the types of its elements, an object with `__tf_tracing_type__(context)`
what that returns, any other object a weakly held identity. Types are ordered by subtyping: a
call may reuse a trace whose type is a supertype of the call's (a `(2, 3)` tensor fits a trace
made for `(None, 3)`), and the most specific such trace wins. A whole call has a `FunctionType`
(one type per parameter, made by an `ArgumentBinder`; `runtime.function.function_type`), and a
`TraceCache` (`runtime.function.trace_cache`) finds the most specific trace for it.

>>> from_value({1: 2, 3: 4}) == from_value({3: 4, 1: 2})
True
>>> from_value([1, 2]) == from_value([2, 1]), from_value(1) == from_value(1.0)
(False, False)
>>> import numpy as np
>>> from_value(np.zeros((2, 3), np.float32)).is_subtype_of(TensorSpec([None, 3]))
True

The module stays one unit above 500 lines: `TraceType.cast` needs `from_value`, which needs
every kind of type (literals, containers, held objects), and the containers cast through
`from_value` again, so any division would be an import circle.
"""

from __future__ import annotations

import abc
import weakref
from collections.abc import Mapping
from typing import Any, Callable, Sequence

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.operation import SymbolicTensor
from autograph.runtime.graph.tensor import EagerTensor, Tensor
from autograph.runtime.graph.tensor_spec import TensorSpec
from autograph.runtime.graph.type_spec import TypeSpec
from autograph.runtime.state.variables import Variable


class TraceType(abc.ABC):
    """The type of a traced function's argument (TensorFlow's `TraceType` protocol).

    Subclass it to control how a class of your own is matched: return an instance from the
    class's `__tf_tracing_type__(self, context)`. Instances must be immutable and hashable.
    """

    __slots__ = ()  # so that the slots of the types below take effect (many are made per call)

    @abc.abstractmethod
    def is_subtype_of(self, other: TraceType) -> bool:
        """Whether a trace made for `other` can be used for a value of this type."""

    @abc.abstractmethod
    def most_specific_common_supertype(self, others: Sequence[TraceType]) -> TraceType | None:
        """The most specific type that this one and all `others` are subtypes of, or None."""

    @abc.abstractmethod
    def placeholder_value(self, placeholder_context: Any = None) -> Any:
        """The value the Python function receives for this argument while tracing."""

    @abc.abstractmethod
    def __eq__(self, other: Any) -> bool: ...

    @abc.abstractmethod
    def __hash__(self) -> int: ...

    def to_tensors(self, value: Any) -> list:
        """The tensors a call's `value` of this type feeds, in the order `placeholder_value`
        made placeholders. The default, for types without tensors, is none."""
        return []

    def describe(self) -> str:
        """A short text for signatures and messages."""
        return repr(self)

    def cast(self, value: Any) -> Any:
        """`value`, checked to be of this type (its own type a subtype of this one); containers
        are rebuilt with their elements cast, tensors per `TensorSpec.cast`.

        Raises:
            TypeError: saying where the value does not fit.
        """
        return _cast_at(self, value, "")


TraceType.register(TensorSpec)
TraceType.register(TypeSpec)  # type: ignore[type-abstract]


class TracingContext:
    """What `from_value` and `__tf_tracing_type__(context)` receive: one per call, it numbers
    the call's distinct variables in the order it meets them (`VariableType.alias_id`)."""

    __slots__ = ("_variables",)

    def __init__(self) -> None:
        self._variables: dict[int, tuple[int, Any]] | None = None

    def alias_id(self, variable: Any) -> tuple[int, bool]:
        """`variable`'s number in this call, and whether this is the first time it is met."""
        if self._variables is None:
            self._variables = {}
        found = self._variables.get(id(variable))
        if found is not None:
            return found[0], False
        alias_id = len(self._variables)
        self._variables[id(variable)] = (alias_id, variable)
        return alias_id, True

    @property
    def variables(self) -> dict[int, Any]:
        """Alias id -> the variable met with it."""
        return {alias_id: v for alias_id, v in (self._variables or {}).values()}


class PlaceholderContext:
    """Where placeholders go while tracing: `graph` (a `FuncGraph`) and the `name` of the
    argument being made, which nested values extend (`x` -> `x_0`, `x_key`); `variables` maps
    the alias ids of the traced call's variables to the variables themselves."""

    __slots__ = ("graph", "name", "variables")

    def __init__(self, graph: Any, name: str = "arg", variables: dict | None = None):
        self.graph = graph
        self.name = name
        self.variables = {} if variables is None else variables

    def child(self, suffix: Any) -> PlaceholderContext:
        text = "".join(ch if ch.isalnum() else "_" for ch in str(suffix)).strip("_")
        return PlaceholderContext(self.graph, f"{self.name}_{text}" if text else self.name,
                                  self.variables)


_DEFAULT_CONTEXT = TracingContext()


# Literals -----------------------------------------------------------------------------------
class LiteralType(TraceType):
    """A Python value by its value *and* its type: `1`, `1.0` and `True` differ, and so do
    `0.0` and `-0.0` (a trace bakes the value in, and `x * -0.0` is `-0.0` for positive `x`)."""

    __slots__ = ("value", "_key", "_hash")

    def __init__(self, value: Any):
        self.value = value
        key = value
        if value != value:  # NaN: make it equal to itself, so calls with NaN reuse a trace
            key = ("nan", repr(value))
        elif type(value) in _SIGNED_ZEROS and value == 0:
            key = ("zero", repr(value))
        self._key = (type(value), key)
        self._hash = hash(self._key)

    def is_subtype_of(self, other: Any) -> bool:
        return self == other

    def most_specific_common_supertype(self, others: Sequence[Any]) -> TraceType | None:
        return self if all(self == other for other in others) else None

    def placeholder_value(self, placeholder_context: Any = None) -> Any:
        return self.value

    def describe(self) -> str:
        return repr(self.value)

    def __eq__(self, other: Any) -> bool:
        return self is other or (type(other) is LiteralType and self._key == other._key)

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"LiteralType({self.value!r})"


# Containers ---------------------------------------------------------------------------------
class SequenceType(TraceType):
    """A list, tuple or namedtuple by the types of its elements, in order."""

    __slots__ = ("container", "components", "_hash")

    def __init__(self, container: type, components: tuple):
        self.container: Any = container  # list, tuple or a namedtuple class
        self.components = components
        self._hash = hash((container, components))

    def _build(self, items: list) -> Any:
        return self.container(items)

    def is_subtype_of(self, other: Any) -> bool:
        if type(other) is not type(self) or other.container is not self.container:
            return False
        if len(other.components) != len(self.components):
            return False
        return all(a.is_subtype_of(b) for a, b in zip(self.components, other.components))

    def most_specific_common_supertype(self, others: Sequence[Any]) -> TraceType | None:
        n = len(self.components)
        for other in others:
            if (type(other) is not type(self) or other.container is not self.container
                    or len(other.components) != n):
                return None
        supers = []
        for i, component in enumerate(self.components):
            found = component.most_specific_common_supertype([o.components[i] for o in others])
            if found is None:
                return None
            supers.append(found)
        return type(self)(self.container, tuple(supers))

    def placeholder_value(self, placeholder_context: Any = None) -> Any:
        return self._build([c.placeholder_value(_child(placeholder_context, i))
                            for i, c in enumerate(self.components)])

    def to_tensors(self, value: Any) -> list:
        flat: list = []
        for component, item in zip(self.components, value):
            flat += component.to_tensors(item)
        return flat

    def describe(self) -> str:
        inner = ", ".join(c.describe() for c in self.components)
        if self.container is list or issubclass(self.container, list):
            return f"[{inner}]"
        return f"({inner},)" if len(self.components) == 1 else f"({inner})"

    def __eq__(self, other: Any) -> bool:
        return self is other or (type(other) is type(self) and other.container is self.container
                                 and other.components == self.components)

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.container.__name__}, {list(self.components)})"


class ListType(SequenceType):
    """A list (or list subclass) by its elements' types."""

    __slots__ = ()


class TupleType(SequenceType):
    """A tuple by its elements' types (a tuple is not a list: their types never match)."""

    __slots__ = ()


class NamedTupleType(SequenceType):
    """A namedtuple by its class and its fields' types."""

    __slots__ = ()

    def _build(self, items: list) -> Any:
        return self.container(*items)

    def describe(self) -> str:
        fields = ", ".join(f"{name}={c.describe()}"
                           for name, c in zip(self.container._fields, self.components))
        return f"{self.container.__name__}({fields})"


class MappingType(TraceType):
    """A dict (or other mapping) by its keys and its values' types; key order does not count."""

    __slots__ = ("container", "mapping", "_hash")

    def __init__(self, container: type, mapping: dict):
        self.container = container
        self.mapping = mapping
        self._hash = hash((container, frozenset(mapping.items())))

    def is_subtype_of(self, other: Any) -> bool:
        if (type(other) is not MappingType or other.container is not self.container
                or other.mapping.keys() != self.mapping.keys()):
            return False
        return all(t.is_subtype_of(other.mapping[k]) for k, t in self.mapping.items())

    def most_specific_common_supertype(self, others: Sequence[Any]) -> TraceType | None:
        keys = self.mapping.keys()
        for other in others:
            if (type(other) is not MappingType or other.container is not self.container
                    or other.mapping.keys() != keys):
                return None
        supers = {}
        for key, t in self.mapping.items():
            found = t.most_specific_common_supertype([o.mapping[key] for o in others])
            if found is None:
                return None
            supers[key] = found
        return MappingType(self.container, supers)

    def placeholder_value(self, placeholder_context: Any = None) -> Any:
        built = {k: t.placeholder_value(_child(placeholder_context, k))
                 for k, t in self.mapping.items()}
        return built if self.container is dict else self.container(built)

    def to_tensors(self, value: Any) -> list:
        flat: list = []
        for key, t in self.mapping.items():
            flat += t.to_tensors(value[key])
        return flat

    def describe(self) -> str:
        return "{" + ", ".join(f"{k!r}: {t.describe()}" for k, t in self.mapping.items()) + "}"

    def __eq__(self, other: Any) -> bool:
        return self is other or (type(other) is MappingType and other.container is self.container
                                 and other.mapping == self.mapping)

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"MappingType({self.container.__name__}, {self.mapping!r})"


def _child(context: Any, suffix: Any) -> Any:
    return context.child(suffix) if isinstance(context, PlaceholderContext) else context


# Objects matched by identity ----------------------------------------------------------------
def _strong(value: Any) -> Callable[[], Any]:
    return lambda: value


class _HeldType(TraceType):
    """A type standing for one object held weakly: it matches only types equal to it, and
    tracing passes the object itself."""

    __slots__ = ()
    _GONE = "The object this trace type stood for has been garbage collected."
    _ref: Callable[[], Any]  # gives the object back (None once it is gone); set by subclasses

    def is_expired(self) -> bool:
        return self._ref() is None

    def is_subtype_of(self, other: Any) -> bool:
        return self == other

    def most_specific_common_supertype(self, others: Sequence[Any]) -> TraceType | None:
        return self if all(self == other for other in others) else None

    def placeholder_value(self, placeholder_context: Any = None) -> Any:
        value = self._ref()
        if value is None:
            raise ValueError(self._GONE)
        return value


class WeakrefType(_HeldType):
    """Any other object: the same object matches, then (for hashable objects) an equal one.

    The object is held weakly, so a trace never keeps it alive; once it is gone the type
    matches nothing (not even an equal object). Objects that cannot be weakly referenced are
    held strongly (the cache then keeps them alive).
    """

    __slots__ = ("_ref", "_hashable", "_hash")

    def __init__(self, value: Any):
        try:
            self._hash = hash(value)
            self._hashable = True
        except TypeError:
            self._hash = id(value)
            self._hashable = False
        try:
            self._ref = weakref.ref(value)
        except TypeError:
            self._ref = _strong(value)

    @property
    def value(self) -> Any:
        """The object, or None once it has been garbage collected."""
        return self._ref()

    def describe(self) -> str:
        value = self._ref()
        if value is None:
            return "<object garbage collected>"
        text = repr(value)
        return text if len(text) <= 60 else text[:57] + "..."

    def __eq__(self, other: Any) -> bool:
        if self is other:
            return True
        if type(other) is not WeakrefType:
            return False
        mine, theirs = self._ref(), other._ref()
        if mine is None or theirs is None:
            return False
        if mine is theirs:
            return True
        if not (self._hashable and other._hashable) or self._hash != other._hash:
            return False
        try:
            return bool(mine == theirs)
        except Exception:  # an == that returns arrays or raises: not equal
            return False

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"WeakrefType({self.describe()})"


class VariableType(TraceType):
    """A variable by its dtype, shape and trainability, and its place among the call's
    variables (TensorFlow's `VariableSpec` with its `alias_id`): `f(v)` and `f(w)` share a trace
    when `v` and `w` have the same dtype, shape and trainability; `f(v, v)` and `f(v, w)` do not.

    As in TensorFlow, the function is traced with the call's variable itself, whose reads and
    updates in the function's graph go through a `resource` placeholder (one per variable,
    however often it is passed); each call feeds its own variables' handles. So the traced
    function keeps the variable's identity (optimizers find its slots), and a read of that
    variable through a closure is a read of the argument too: on a later call it reads the
    variable passed, where Python would read the closure's (TensorFlow 2.21 does the same).
    Unlike TensorFlow, `reduce_retracing` does not relax a variable's shape: a trace made with a
    variable of shape (3,) and run with one of shape (4,) would still see `v.shape` as (3,).
    """

    __slots__ = ("spec", "trainable", "alias_id", "repeated", "_hash")

    def __init__(self, spec: TensorSpec, trainable: bool, alias_id: int, repeated: bool):
        self.spec = spec
        self.trainable = trainable
        self.alias_id = alias_id
        self.repeated = repeated  # an occurrence after the first of the same variable
        self._hash = hash((spec, trainable, alias_id, repeated))

    def _same_kind(self, other: Any) -> bool:
        return (type(other) is VariableType and other.trainable == self.trainable
                and other.alias_id == self.alias_id and other.repeated == self.repeated)

    def is_subtype_of(self, other: Any) -> bool:
        return self._same_kind(other) and self.spec.is_subtype_of(other.spec)

    def most_specific_common_supertype(self, others: Sequence[Any]) -> TraceType | None:
        # No relaxed shapes: the function sees the variable itself, and may read its shape.
        return self if all(self == other for other in others) else None

    def placeholder_value(self, placeholder_context: Any = None) -> Any:
        variable = getattr(placeholder_context, "variables", {}).get(self.alias_id)
        graph = getattr(placeholder_context, "graph", None)
        if variable is None or graph is None:
            raise ValueError(f"{self!r}.placeholder_value needs a PlaceholderContext with the "
                             f"graph being traced and the call's variables.")
        if not self.repeated:
            variable._feed_in(graph, graph.add_input(dtypes.resource, (),
                                                     placeholder_context.name))
        return variable

    def to_tensors(self, value: Any) -> list:
        """The variable's handle (once per variable: none for a repeated occurrence)."""
        return [] if self.repeated else [value.handle]

    def describe(self) -> str:
        trainable = "" if self.trainable else ", not trainable"
        repeated = f", the same as variable #{self.alias_id}" if self.repeated else ""
        return (f"Variable {self.spec.dtype.name}, shape={TensorShape(self.spec._shape)}"
                f"{trainable}{repeated}")

    def __eq__(self, other: Any) -> bool:
        return self is other or (self._same_kind(other) and other.spec == self.spec)

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return (f"VariableType({self.spec!r}, trainable={self.trainable}, "
                f"alias_id={self.alias_id}{', repeated' if self.repeated else ''})")


def variables_of(values: Sequence[Any]) -> dict[int, Any]:
    """The variables in a call's bound `values`, by the alias ids their trace types have."""
    context = TracingContext()
    for value in values:
        from_value(value, context)
    return context.variables


def is_expired(trace_type: Any) -> bool:
    """Whether `trace_type` (or a type nested in it) stands for an object that is gone."""
    check = getattr(trace_type, "is_expired", None)
    if check is not None:
        return check()
    if isinstance(trace_type, SequenceType):
        return any(is_expired(c) for c in trace_type.components)
    if isinstance(trace_type, MappingType):
        return any(is_expired(t) for t in trace_type.mapping.values())
    return False


def may_expire(trace_type: Any) -> bool:
    """Whether `trace_type` (or a type nested in it) can ever expire: it stands for an object
    held weakly (or is a type of its own with an `is_expired`). Caches check only these."""
    if isinstance(trace_type, SequenceType):
        return any(may_expire(c) for c in trace_type.components)
    if isinstance(trace_type, MappingType):
        return any(may_expire(t) for t in trace_type.mapping.values())
    return hasattr(trace_type, "is_expired")


# from_value ---------------------------------------------------------------------------------
_SPECS: dict = {}  # (raw shape, dtype) -> TensorSpec: one shared spec per kind of tensor
_SPECS_LIMIT = 4096


def _spec(raw_shape: Any, dtype: dtypes.DType) -> TraceType:
    key = (raw_shape, dtype)
    spec: Any = _SPECS.get(key)  # a TensorSpec: a TraceType by registration
    if spec is None:
        if len(_SPECS) >= _SPECS_LIMIT:
            _SPECS.clear()
        spec = _SPECS[key] = TensorSpec._make(raw_shape, dtype)
    return spec


def _eager(value: EagerTensor, context: Any) -> TraceType:
    return _spec(value._value.shape, value._dtype)


def _symbolic(value: SymbolicTensor, context: Any) -> TraceType:
    return _spec(value._shape, value._dtype)


def _array(value: Any, context: Any) -> TraceType:
    try:
        dtype = dtypes.as_dtype(value.dtype)
    except TypeError:  # object arrays and the like: not tensors, so matched as objects
        return WeakrefType(value)
    return _spec(tuple(value.shape), dtype)


def _literal(value: Any, context: Any) -> TraceType:
    return LiteralType(value)


def _list(value: list, context: Any) -> TraceType:
    return ListType(list, tuple([from_value(v, context) for v in value]))


def _tuple(value: tuple, context: Any) -> TraceType:
    return TupleType(tuple, tuple([from_value(v, context) for v in value]))


def _dict(value: Mapping, context: Any) -> TraceType:
    return MappingType(type(value), {k: from_value(v, context) for k, v in value.items()})


def _itself(value: Any, context: Any) -> TraceType:
    return value


def _variable(value: Variable, context: Any) -> TraceType:
    if context is None:
        context = TracingContext()
    alias_id, first = context.alias_id(value)
    spec: Any = _spec(value._shape, value.dtype)  # a TensorSpec
    return VariableType(spec, value.trainable, alias_id, not first)


_SIGNED_ZEROS = (float, complex)
_LITERALS = (bool, int, float, complex, str, bytes, type(None), type(Ellipsis), type)
_BY_TYPE: dict[type, Callable[[Any, Any], TraceType]] = {
    EagerTensor: _eager, SymbolicTensor: _symbolic, np.ndarray: _array,
    list: _list, tuple: _tuple, dict: _dict, TensorSpec: _itself, Variable: _variable,
    **{t: _literal for t in _LITERALS},
}


def from_value(value: Any, context: TracingContext | None = None) -> TraceType:
    """The trace type of one argument.

    Args:
        value: the argument: a tensor, variable, NumPy array, Python literal, container,
            `TraceType` (stands for itself, as a `TensorSpec` given to
            `get_concrete_function`), object with `__tf_tracing_type__`, or any object.
        context: passed on to `__tf_tracing_type__`.

    Returns:
        The value's `TraceType`.

    Raises:
        TypeError: `__tf_tracing_type__` returned something that is not a `TraceType`.

    >>> from_value((1, "a"))
    TupleType(tuple, [LiteralType(1), LiteralType('a')])
    """
    make = _BY_TYPE.get(type(value))
    if make is not None:
        return make(value, context)
    return _from_other(value, context)


def _from_other(value: Any, context: Any) -> TraceType:
    if isinstance(value, TraceType):
        return value
    protocol = getattr(type(value), "__tf_tracing_type__", None)
    if protocol is not None:
        made = value.__tf_tracing_type__(context if context is not None else _DEFAULT_CONTEXT)
        if not isinstance(made, TraceType):
            raise TypeError(f"{type(value).__name__}.__tf_tracing_type__ returned "
                            f"{type(made).__name__} {made!r}; it must return a TraceType.")
        try:
            hash(made)
        except TypeError:
            raise TypeError(f"{type(made).__name__} (from {type(value).__name__}."
                            f"__tf_tracing_type__) must be hashable: define __hash__ along "
                            f"with __eq__.") from None
        return made
    if isinstance(value, Variable):
        return _variable(value, context)
    if isinstance(value, Tensor):
        return _spec(value.shape._dims, value.dtype)
    if isinstance(value, (np.ndarray, np.generic)):
        return _array(value, context)
    if isinstance(value, tuple):
        components = tuple([from_value(v, context) for v in value])
        if hasattr(type(value), "_fields"):
            return NamedTupleType(type(value), components)
        return TupleType(type(value), components)
    if isinstance(value, list):
        return ListType(type(value), tuple([from_value(v, context) for v in value]))
    if isinstance(value, Mapping):
        return _dict(value, context)
    if isinstance(value, _LITERALS):
        return LiteralType(value)
    return WeakrefType(value)


# Casting ----------------------------------------------------------------------------------
def _cast_at(t: Any, value: Any, path: str) -> Any:
    """`value` cast to type `t`; errors name `path`, the argument (and position) being cast."""
    where = f"argument `{path}`: " if path else ""
    if isinstance(t, SequenceType):
        if not isinstance(value, t.container) or len(value) != len(t.components):
            raise TypeError(f"{where}expected {t.describe()}, got {_short(value)}")
        return t._build([_cast_at(c, v, f"{path}[{i}]")
                         for i, (c, v) in enumerate(zip(t.components, value))])
    if type(t) is MappingType:
        if not isinstance(value, Mapping) or value.keys() != t.mapping.keys():
            raise TypeError(f"{where}expected {t.describe()}, got {_short(value)}")
        cast = {k: _cast_at(c, value[k], f"{path}[{k!r}]") for k, c in t.mapping.items()}
        return cast if t.container is dict else t.container(cast)
    if type(t) is TensorSpec:
        try:
            return t.cast(value)
        except TypeError as e:
            raise TypeError(f"{where}{e}") from None
    if from_value(value).is_subtype_of(t):
        return value
    raise TypeError(f"{where}expected {t.describe()}, got {_short(value)}")


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


__all__ = ["TraceType", "TracingContext", "PlaceholderContext", "LiteralType", "SequenceType",
           "ListType", "TupleType", "NamedTupleType", "MappingType", "WeakrefType",
           "VariableType", "from_value", "is_expired", "variables_of"]
