"""`Module`: a named container of variables and other modules (TensorFlow's `tf.Module`).

A module finds its variables by walking its attributes, in sorted attribute-name order, into
lists, tuples, dicts (by sorted key) and nested modules, reporting each object once (by
identity): its own attributes first, then those of its submodules.

>>> from autograph.runtime.state.variables import Variable
>>> class Dense(Module):
...     def __init__(self, units):
...         super().__init__()
...         self.w = Variable([[1.0] * units], name="w")
...         self.b = Variable([0.0] * units, name="b", trainable=False)
>>> class MLPModel(Module):
...     def __init__(self):
...         super().__init__()
...         self.layers = [Dense(2), Dense(3)]
>>> model = MLPModel()
>>> model.name, [m.name for m in model.submodules]
('mlp_model', ['dense', 'dense'])
>>> len(model.variables), len(model.trainable_variables), len(model.non_trainable_variables)
(4, 2, 2)
"""

from __future__ import annotations

import functools
import re
from typing import Any, Callable, Iterator, Sequence

from autograph.runtime.graph.func_graph import sorted_keys
from autograph.runtime.ops.graph.ops import name_scope as _name_scope
from autograph.runtime.state.variables import Variable

# A capital letter that starts a word: after a lower-case letter or digit ("myModel"), or
# before a lower-case letter inside a run of capitals ("MLPModel" -> "mlp_model").
_WORD_START = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def camel_to_snake(name: str) -> str:
    """`MyModule` -> `my_module`; runs of capitals stay one word (`MLPModel` -> `mlp_model`).

    >>> camel_to_snake("ResNet50Block"), camel_to_snake("HTTPServer"), camel_to_snake("Dense")
    ('res_net50_block', 'http_server', 'dense')
    """
    return _WORD_START.sub("_", name).lower()


class Module:
    """Base class of objects that own variables and other modules (TensorFlow's `tf.Module`).

    Args:
        name: the module's name: a Python identifier. Default: the class name in snake case
            (`MyDense` -> `my_dense`), as in TensorFlow; names need not be unique.

    Raises:
        ValueError: `name` is not a valid Python identifier.
    """

    def __init__(self, name: str | None = None):
        if name is None:
            name = camel_to_snake(type(self).__name__)
        elif not isinstance(name, str) or not _IDENTIFIER.match(name):
            raise ValueError(f"{name!r} is not a valid module name: module names must be valid "
                             f"Python identifiers (letters, digits and '_', not starting with a "
                             f"digit), e.g. a class name in snake case such as 'my_dense'.")
        self._name = name
        # Made unique once, where the module is made (in a graph: `dense`, `dense_1`, ...).
        with _name_scope(name) as scope_name:
            self._scope_name = scope_name

    @property
    def name(self) -> str:
        """The name given to the constructor, or the class name in snake case."""
        return self._name

    @property
    def name_scope(self) -> _ModuleNameScope:
        """A context manager entering this module's name scope (`with self.name_scope:`)."""
        return _ModuleNameScope(self._scope_name)

    @property
    def variables(self) -> Sequence[Variable]:
        """Every variable of this module and its submodules, each once."""
        return tuple(self._flatten(_is_variable))

    @property
    def trainable_variables(self) -> Sequence[Variable]:
        """The variables with `trainable=True`."""
        return tuple(self._flatten(lambda v: _is_variable(v) and v.trainable))

    @property
    def non_trainable_variables(self) -> Sequence[Variable]:
        """The variables with `trainable=False`."""
        return tuple(self._flatten(lambda v: _is_variable(v) and not v.trainable))

    @property
    def submodules(self) -> tuple[Module, ...]:
        """Every module reachable from this one's attributes (not itself), each once."""
        return tuple(self._flatten(lambda v: isinstance(v, Module)))

    def _trackable_children(self) -> dict[str, Any]:
        """The attributes that hold state, by attribute name (sorted): variables, objects with
        `_trackable_children`, and lists, tuples and dicts holding them. The checkpoint protocol
        (`runtime/train/trackable.py`) walks these to name every variable by its path.

        >>> from autograph.runtime.state.variables import Variable
        >>> class Dense(Module):
        ...     def __init__(self):
        ...         super().__init__()
        ...         self.w, self.units, self.extra = Variable(1.0), 3, [Variable(2.0), "relu"]
        >>> sorted(Dense()._trackable_children())
        ['extra', 'w']
        """
        attributes = vars(self)
        return {key: attributes[key] for key in sorted(attributes)
                if any(_holds_state(leaf) for leaf in _leaves(attributes[key]))}

    def _flatten(self, predicate: Callable[[Any], bool]) -> Iterator[Any]:
        """The objects reachable from this module's attributes for which `predicate` holds."""
        return _walk(self, predicate, seen={id(self)})

    @classmethod
    def with_name_scope(cls, method: Callable) -> Callable:
        """Decorates a method so that it runs inside its module's name scope.

        >>> class Scaler(Module):
        ...     @Module.with_name_scope
        ...     def __call__(self, x):
        ...         from autograph.runtime.graph.graph import get_default_graph
        ...         return get_default_graph().get_name_scope()
        >>> from autograph.runtime.graph.graph import Graph
        >>> with Graph().as_default():
        ...     Scaler()(1.0)
        'scaler'
        """
        @functools.wraps(method)
        def method_with_name_scope(self, *args: Any, **kwargs: Any) -> Any:
            with self.name_scope:
                return method(self, *args, **kwargs)
        return method_with_name_scope

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self._name!r}>"


class _ModuleNameScope:
    """Re-enters a module's scope, made unique when the module was made, as it is."""

    def __init__(self, scope_name: str):
        self._scope_name = scope_name
        self._entered: list[Any] = []

    def __enter__(self) -> str:
        if not self._scope_name:
            self._entered.append(None)
            return self._scope_name
        scope = _name_scope(self._scope_name)  # ends in "/": re-entered exactly
        self._entered.append(scope)
        return scope.__enter__()

    def __exit__(self, *exc_info: Any) -> Any:
        scope = self._entered.pop()
        return None if scope is None else scope.__exit__(*exc_info)


def _is_variable(value: Any) -> bool:
    return isinstance(value, Variable)


def _holds_state(value: Any) -> bool:
    return isinstance(value, Variable) or hasattr(type(value), "_trackable_children")


def _walk(module: Module, predicate: Callable[[Any], bool], seen: set[int]) -> Iterator[Any]:
    """Yields matching objects from `module`'s attributes, then from its submodules.

    `seen` holds the ids of the objects met already (the first module's included), so each
    object is reported once and a module reachable from itself is walked once.
    """
    submodules = []
    attributes = vars(module)
    for key in sorted(attributes):
        for leaf in _leaves(attributes[key]):
            if id(leaf) in seen:
                continue
            seen.add(id(leaf))
            if predicate(leaf):
                yield leaf
            if isinstance(leaf, Module):
                submodules.append(leaf)
    for submodule in submodules:
        yield from _walk(submodule, predicate, seen)


def _leaves(value: Any) -> Iterator[Any]:
    """The leaves of lists, tuples and dicts (by sorted key) in `value`; else `value`."""
    if isinstance(value, dict):
        for key in sorted_keys(value):
            yield from _leaves(value[key])
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _leaves(item)
    else:
        yield value
