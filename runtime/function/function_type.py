"""The type of a whole call: `FunctionType`, made by an `ArgumentBinder`.

A call's `FunctionType` holds one trace type (see `runtime.function.trace_type`) per parameter of
the Python function, in order, after binding the call as Python would (defaults applied, `*args`
one tuple, `**kwargs` one mapping). It makes a trace's placeholders, flattens a call's
tensors for feeding, casts calls to an `input_signature`, and says what changed between two
calls (for the retracing warning).

>>> binder = ArgumentBinder(lambda x, n=2: x)
>>> ftype, values = binder.bind(([1, 2],), {})
>>> ftype
FunctionType(x=ListType(list, [LiteralType(1), LiteralType(2)]), n=LiteralType(2))
>>> ftype.differences(binder.bind(([1, 5],), {"n": 3})[0])
['argument `x[1]` changed from 2 to 5', 'argument `n` changed from 2 to 3']
"""

from __future__ import annotations

import inspect
from typing import Any, Callable, Sequence

from autograph.runtime.function.trace_type import (
    MappingType,
    PlaceholderContext,
    SequenceType,
    TraceType,
    TracingContext,
    _cast_at,
    from_value,
    is_expired,
    may_expire,
)
from autograph.runtime.graph.tensor_spec import TensorSpec

__all__ = ["FunctionType", "ArgumentBinder", "signature_of"]

_POSITIONAL = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)


class FunctionType(TraceType):
    """The type of one call: one trace type per parameter of the Python function, in order
    (`*args` is one `TupleType`, `**kwargs` one `MappingType`; defaults applied).

    >>> def f(x, n=2):
    ...     return x
    >>> signature_of(f, (1.0,), {})
    FunctionType(x=LiteralType(1.0), n=LiteralType(2))
    """

    __slots__ = ("names", "kinds", "types", "_hash")

    def __init__(self, names: tuple, kinds: tuple, types: tuple):
        self.names = names
        self.kinds = kinds
        self.types = types
        self._hash = hash(types)

    def is_subtype_of(self, other: Any) -> bool:
        if self is other:
            return True
        if type(other) is not FunctionType or other.names != self.names:
            return False
        for mine, theirs in zip(self.types, other.types):
            if not (mine is theirs or mine.is_subtype_of(theirs)):
                return False
        return True

    def most_specific_common_supertype(self, others: Sequence[Any]) -> FunctionType | None:
        for other in others:
            if type(other) is not FunctionType or other.names != self.names:
                return None
        supers = []
        for i, t in enumerate(self.types):
            found = t.most_specific_common_supertype([o.types[i] for o in others])
            if found is None:
                return None
            supers.append(found)
        return FunctionType(self.names, self.kinds, tuple(supers))

    def placeholder_value(self, placeholder_context: Any = None) -> Any:
        return self.placeholder_arguments(getattr(placeholder_context, "graph", None),
                                          getattr(placeholder_context, "variables", None))

    def placeholder_arguments(self, graph: Any, variables: dict[int, Any] | None = None
                              ) -> tuple[tuple, dict]:
        """The `(args, kwargs)` to call the Python function with while tracing into `graph`:
        tensors become placeholders named after their parameters, variables are the traced
        call's `variables` (by alias id, see `trace_type.variables_of`), other values stay."""
        args: list = []
        kwargs: dict = {}
        variables = {} if variables is None else variables
        for name, kind, t in zip(self.names, self.kinds, self.types):
            value = t.placeholder_value(PlaceholderContext(graph, name, variables))
            if kind in _POSITIONAL:
                args.append(value)
            elif kind is inspect.Parameter.VAR_POSITIONAL:
                args.extend(value)
            elif kind is inspect.Parameter.KEYWORD_ONLY:
                kwargs[name] = value
            else:
                kwargs.update(value)
        return tuple(args), kwargs

    def to_tensors(self, values: Sequence[Any]) -> list:
        """The flat tensors of a call's bound `values` (from `ArgumentBinder.bind`) in the
        order `placeholder_arguments` made the placeholders."""
        flat: list = []
        for t, value in zip(self.types, values):
            if type(t) is TensorSpec:
                flat.append(value)
            else:
                flat += t.to_tensors(value)
        return flat

    def cast(self, values: Sequence[Any]) -> tuple:
        """A call's bound `values` checked against (and converted to) this type: how a call
        is matched with an `input_signature` or with a concrete function's fixed Python
        arguments.

        Raises:
            TypeError: naming the first argument that does not fit and why.

        >>> def f(x, n):
        ...     return x
        >>> sig = signature_of(f, (TensorSpec([None], "int32"), 2), {})
        >>> sig.cast(([1, 2], 2))[0].shape
        TensorShape([2])
        >>> sig.cast(([1, 2], 3))
        Traceback (most recent call last):
        TypeError: argument `n`: expected 2, got 3
        """
        return tuple(_cast_at(t, value, name)
                     for name, t, value in zip(self.names, self.types, values))

    def is_expired(self) -> bool:
        """Whether an object this type holds weakly has been garbage collected."""
        return any(is_expired(t) for t in self.types)

    def may_expire(self) -> bool:
        """Whether this type holds an object weakly, which may be garbage collected."""
        return any(may_expire(t) for t in self.types)

    def differences(self, other: FunctionType) -> list[str]:
        """What changed from this call type to `other`, one line per changed (nested) argument.

        >>> def f(x, n):
        ...     return x
        >>> signature_of(f, ([1, 2], 3), {}).differences(signature_of(f, ([1, 5], 4), {}))
        ['argument `x[1]` changed from 2 to 5', 'argument `n` changed from 3 to 4']
        """
        found: list[str] = []
        for name, old, new in zip(self.names, self.types, other.types):
            _differences(name, old, new, found)
        return found

    def describe(self) -> str:
        return ", ".join(_describe_parameter(n, k, t)
                         for n, k, t in zip(self.names, self.kinds, self.types))

    def __eq__(self, other: Any) -> bool:
        return self is other or (type(other) is FunctionType and self.types == other.types
                                 and self.names == other.names)

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        inner = ", ".join(f"{n}={t!r}" for n, t in zip(self.names, self.types))
        return f"FunctionType({inner})"


def _describe_parameter(name: str, kind: Any, t: Any) -> str:
    prefix = {inspect.Parameter.VAR_POSITIONAL: "*",
              inspect.Parameter.VAR_KEYWORD: "**"}.get(kind, "")
    return f"{prefix}{name}: {t.describe()}"


def _differences(path: str, old: Any, new: Any, found: list) -> None:
    if old == new:
        return
    if (isinstance(old, SequenceType) and type(new) is type(old)
            and new.container is old.container and len(new.components) == len(old.components)):
        for i, (a, b) in enumerate(zip(old.components, new.components)):
            _differences(f"{path}[{i}]", a, b, found)
    elif (type(old) is MappingType and type(new) is MappingType
            and old.mapping.keys() == new.mapping.keys()):
        for key, a in old.mapping.items():
            _differences(f"{path}[{key!r}]", a, new.mapping[key], found)
    else:
        found.append(f"argument `{path}` changed from {old.describe()} to {new.describe()}")


class ArgumentBinder:
    """Binds a Python function's calls to its parameters and types them, fast.

    Make one per function: `inspect.signature` runs once, and a call of positional arguments
    for plain parameters (the common case) skips `Signature.bind` altogether.

    Args:
        python_function: the function whose calls are bound (for a method, the plain function:
            pass the instance as the first argument).

    Raises:
        TypeError: (from `bind`) a call the function would reject, as Python words it.

    >>> binder = ArgumentBinder(lambda x, *rest, scale=1.0, **options: x)
    >>> ftype, values = binder.bind((1, 2, 3), {"mode": "fast"})
    >>> values
    (1, (2, 3), 1.0, {'mode': 'fast'})
    >>> ftype.names
    ('x', 'rest', 'scale', 'options')
    """

    __slots__ = ("python_function", "signature", "names", "kinds", "_n", "_plain", "_tails",
                 "_min", "_defaults", "_keywords")

    def __init__(self, python_function: Callable):
        self.python_function = python_function
        try:
            self.signature = inspect.signature(python_function)
        except (TypeError, ValueError) as e:
            raise TypeError(f"Cannot read the parameters of {python_function!r}: {e}") from None
        params = list(self.signature.parameters.values())
        self.names = tuple(p.name for p in params)
        self.kinds = tuple(p.kind for p in params)
        self._n = len(params)
        self._plain = all(kind in _POSITIONAL for kind in self.kinds)
        # _tails[k]: the defaults of the parameters after the first k (for calls with k args).
        self._min = self._n
        while self._min > 0 and params[self._min - 1].default is not inspect.Parameter.empty:
            self._min -= 1
        self._tails = {k: tuple(p.default for p in params[k:]) for k in range(self._min, self._n)}
        self._defaults = tuple(p.default for p in params)
        self._keywords = tuple(p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD for p in params)

    def bind_values(self, args: tuple, kwargs: dict) -> tuple:
        """The value of every parameter, in order, for the call `f(*args, **kwargs)`."""
        if self._plain:
            n = len(args)
            if not kwargs:
                if n == self._n:
                    return args
                tail = self._tails.get(n)
                if tail is not None:
                    return tuple(args) + tail
            elif n < self._n:
                values = self._by_keyword(args, kwargs)
                if values is not None:
                    return values
        try:
            bound = self.signature.bind(*args, **kwargs)
        except TypeError as e:
            name = getattr(self.python_function, "__name__", "function")
            raise TypeError(f"Cannot call {name}(): {e}") from None
        bound.apply_defaults()
        arguments = bound.arguments
        return tuple(arguments[name] for name in self.names)

    def _by_keyword(self, args: tuple, kwargs: dict) -> tuple | None:
        # Plain parameters given by keyword; None sends odd calls to Signature.bind.
        rest, used = [], 0
        empty = inspect.Parameter.empty
        for i in range(len(args), self._n):
            name = self.names[i]
            if name in kwargs and self._keywords[i]:
                rest.append(kwargs[name])
                used += 1
            elif self._defaults[i] is not empty:
                rest.append(self._defaults[i])
            else:
                return None
        return tuple(args) + tuple(rest) if used == len(kwargs) else None

    def bind(self, args: tuple, kwargs: dict) -> tuple[FunctionType, tuple]:
        """The call's `FunctionType` and the value of every parameter, in order."""
        values = self.bind_values(args, kwargs)
        context = TracingContext()  # one per call: it numbers the call's variables
        types = tuple([from_value(value, context) for value in values])
        return FunctionType(self.names, self.kinds, types), values


def signature_of(python_function: Callable, args: tuple, kwargs: dict) -> FunctionType:
    """The `FunctionType` of the call `python_function(*args, **kwargs)` (to bind many calls,
    make an `ArgumentBinder` once)."""
    return ArgumentBinder(python_function).bind(tuple(args), dict(kwargs))[0]
