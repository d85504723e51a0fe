"""Variable scopes (TensorFlow 1): `variable_scope`, `get_variable`, `AUTO_REUSE`, `VariableScope`.

`get_variable("w")` names its variable after the current variable scope (`abc/fn/w`) and looks
it up in the default graph's variable store: it creates the variable, returns the existing
one, or refuses, as the scope's `reuse` says. The current scope and the per-scope counters for
`default_name` live in a `_VariableScopeStore`, itself the one item of the default graph's
collection `("__varscope",)` (thread-local, as TensorFlow keeps it); the variable store
(`runtime/state/variable_store.py`) is the collection `("__variable_store",)`.

Entering `variable_scope("abc")` also enters the name scope `abc` (made unique: `abc_1` the
second time), so ops are named `abc/...` while variables keep `abc/...` whatever the name
scope; a `VariableScope` object re-enters its own variable scope (no parent prefix) under a new
name scope named after its last component, and keeps its `original_name_scope`. `reuse=True`
forbids creation in the scope and its sub-scopes, `AUTO_REUSE` creates once then returns,
None (or False) inherits. Every scope is restored on exit, also when the block raises.

Eagerly this follows `tf.compat.v1` too: scopes still prefix names, but `get_variable` creates
a new variable on every call and keeps none (reuse does not apply), unless an
`EagerVariableStore` is active (`with store.as_default():`), which makes every scope
AUTO_REUSE and keeps its variables; `make_template` uses one so templates share eagerly.

>>> from autograph.runtime.graph.graph import Graph
>>> with Graph().as_default():
...     with variable_scope("abc"):
...         with variable_scope("fn"):
...             w = get_variable("w", shape=[2])
...     with variable_scope("abc", reuse=True):
...         same = get_variable("fn/w", shape=[2])
>>> w.name, same is w
('abc/fn/w:0', True)
"""

from __future__ import annotations

import contextlib
import copy
import functools
import threading
from typing import Any, Callable

from autograph.runtime.core import dtypes
from autograph.runtime.graph.graph import (
    _VALID_OP_NAME,
    _VALID_SCOPE_NAME,
    building_graph,
    eager_name_scope,
    get_default_graph,
)
from autograph.runtime.graph.tensor_conversion import to_array
from autograph.runtime.state.collections import GraphKeys
from autograph.runtime.state.variable_store import (  # noqa: F401  (re-exported)
    AUTO_REUSE,
    VARSTORE_KEY,
    EagerVariableStore,
    _executing_eagerly,
    _VariableStore,
    default_variable_store,
    with_variable_store,
)
from autograph.runtime.state.variables import Variable

__all__ = ["AUTO_REUSE", "VariableScope", "variable_scope", "get_variable_scope",
           "get_variable", "get_local_variable", "no_regularizer", "EagerVariableStore"]

VARSCOPESTORE_KEY = ("__varscope",)


def no_regularizer(_: Any) -> None:
    """A regularizer that turns off an inherited one: `regularizer=no_regularizer`."""
    return None


class VariableScope:
    """What `get_variable` takes its defaults from: the name prefix, reuse mode, initializer,
    regularizer, dtype and custom getter. `variable_scope(...)` yields one; passing it back to
    `variable_scope` re-enters it."""

    def __init__(self, reuse: Any, name: str = "", initializer: Any = None,
                 regularizer: Any = None, custom_getter: Any = None, name_scope: str = "",
                 dtype: Any = dtypes.float32):
        self._name = name
        self._initializer = initializer
        self._regularizer = regularizer
        self._reuse = AUTO_REUSE if _executing_eagerly() else reuse
        self._custom_getter = custom_getter
        self._name_scope = name_scope
        self._dtype = dtypes.as_dtype(dtype)

    @property
    def name(self) -> str:
        return self._name

    @property
    def original_name_scope(self) -> str:
        """The name scope (with a trailing `/`) entered when the scope was first opened."""
        return self._name_scope

    @property
    def reuse(self) -> Any:
        return self._reuse

    @property
    def initializer(self) -> Any:
        return self._initializer

    @property
    def regularizer(self) -> Any:
        return self._regularizer

    @property
    def dtype(self) -> dtypes.DType:
        return self._dtype

    @property
    def custom_getter(self) -> Any:
        return self._custom_getter

    def reuse_variables(self) -> None:
        """From now on, `get_variable` in this scope returns existing variables only."""
        self._reuse = True

    def set_initializer(self, initializer: Any) -> None:
        self._initializer = initializer

    def set_regularizer(self, regularizer: Any) -> None:
        self._regularizer = regularizer

    def set_dtype(self, dtype: Any) -> None:
        self._dtype = dtypes.as_dtype(dtype)

    def set_custom_getter(self, custom_getter: Any) -> None:
        self._custom_getter = custom_getter

    def get_collection(self, name: Any) -> list:
        """The items of the default graph's collection `name` under this scope's name."""
        return get_default_graph().get_collection(name, self._name + "/" if self._name else "")

    def global_variables(self) -> list:
        return self.get_collection(GraphKeys.GLOBAL_VARIABLES)

    def trainable_variables(self) -> list:
        return self.get_collection(GraphKeys.TRAINABLE_VARIABLES)

    def local_variables(self) -> list:
        return self.get_collection(GraphKeys.LOCAL_VARIABLES)

    def get_variable(self, var_store: _VariableStore, name: str, shape: Any = None,
                     dtype: Any = None, initializer: Any = None, regularizer: Any = None,
                     reuse: Any = None, trainable: Any = None, collections: Any = None,
                     custom_getter: Any = None) -> Variable:
        """`var_store.get_variable` with this scope's prefix and defaults filled in."""
        if regularizer is None:
            regularizer = self._regularizer
        if custom_getter is None:
            custom_getter = self._custom_getter
        if _executing_eagerly():
            reuse = False
        elif reuse is None:
            reuse = self._reuse
        full_name = f"{self._name}/{name}" if self._name else name
        graph = building_graph()
        # Variable names depend on the variable scope only, so ops are made at the root scope.
        with graph.name_scope(None) if graph is not None else eager_name_scope(None):
            if dtype is not None and initializer is not None and not callable(initializer):
                init_dtype = getattr(initializer, "dtype", None) or dtypes.as_dtype(
                    to_array(initializer, None).dtype)
                if init_dtype is not dtypes.as_dtype(dtype):
                    raise ValueError(f"Variable {full_name}: initializer type "
                                     f"'{init_dtype.name}' and explicit dtype "
                                     f"'{dtypes.as_dtype(dtype).name}' don't match.")
            if initializer is None:
                initializer = self._initializer
            if dtype is None:
                dtype = self._dtype
            return var_store.get_variable(
                full_name, shape=shape, dtype=dtype, initializer=initializer,
                regularizer=regularizer, reuse=reuse, trainable=trainable,
                collections=collections, custom_getter=custom_getter)


class _VariableScopeStore(threading.local):
    """The current variable scope and how often each scope name was opened, per thread."""

    def __init__(self):
        super().__init__()
        self.current_scope = VariableScope(False)
        self.variable_scopes_count: dict[str, int] = {}

    def open_variable_scope(self, scope_name: str) -> None:
        self.variable_scopes_count[scope_name] = self.variable_scopes_count.get(scope_name,
                                                                                0) + 1

    def close_variable_subscopes(self, scope_name: str) -> None:
        """Restarts the `default_name` counters of every scope inside `scope_name`."""
        for key in self.variable_scopes_count:
            if key.startswith(scope_name + "/"):
                self.variable_scopes_count[key] = 0

    def variable_scope_count(self, scope_name: str) -> int:
        return self.variable_scopes_count.get(scope_name, 0)


def get_variable_scope_store() -> _VariableScopeStore:
    """The default graph's scope store (made on first use)."""
    return get_default_graph().collection_singleton(VARSCOPESTORE_KEY, _VariableScopeStore)


def get_variable_scope() -> VariableScope:
    """The current variable scope.

    >>> from autograph.runtime.graph.graph import Graph
    >>> with Graph().as_default():
    ...     with variable_scope("outer"):
    ...         get_variable_scope().name
    'outer'
    """
    return get_variable_scope_store().current_scope


def get_variable(name: str, shape: Any = None, dtype: Any = None, initializer: Any = None,
                 regularizer: Any = None, trainable: bool = True, collections: Any = None,
                 custom_getter: Any = None) -> Variable:
    """Gets the variable `<scope>/name`, creating it if the current scope's `reuse` allows.

    Args:
        name: the name, prefixed with the current variable scope's.
        shape: the shape of a new variable (must be fully defined unless `initializer` is a
            value); checked against an existing one's.
        dtype: default the scope's (float32).
        initializer: an initializer (`ag.zeros_initializer()`, ...), a value or tensor (then
            `shape` must be None), or a callable without arguments. Default the scope's, else
            Glorot uniform for floats and zeros for the other dtypes.
        regularizer: a function of the variable returning a loss tensor (or None), added to
            `REGULARIZATION_LOSSES`; default the scope's.
        trainable: whether the variable joins `TRAINABLE_VARIABLES`.
        collections: the collections to join (default `[GLOBAL_VARIABLES]`).
        custom_getter: `fn(getter, name, *args, **kwargs)` called instead of creating the
            variable directly; it may call `getter` (default the scope's).

    Raises:
        ValueError: the variable exists and the scope does not reuse ("Variable abc/w already
            exists, disallowed. ..."), does not exist under `reuse=True`, or exists with
            another shape or dtype; or a new variable's shape is not fully defined.

    >>> from autograph.runtime.state import initializers
    >>> from autograph.runtime.graph.graph import Graph
    >>> with Graph().as_default():
    ...     with variable_scope("layer", reuse=AUTO_REUSE):
    ...         a = get_variable("b", shape=[3], initializer=initializers.zeros_initializer())
    ...         b = get_variable("b", shape=[3])
    >>> a is b, a.name
    (True, 'layer/b:0')
    """
    return get_variable_scope().get_variable(
        default_variable_store(), name, shape=shape, dtype=dtype, initializer=initializer,
        regularizer=regularizer, trainable=trainable, collections=collections,
        custom_getter=custom_getter)


def get_local_variable(name: str, shape: Any = None, dtype: Any = None, initializer: Any = None,
                       regularizer: Any = None, trainable: bool = False, collections: Any = None,
                       custom_getter: Any = None) -> Variable:
    """`get_variable` for a variable in `LOCAL_VARIABLES` (never trainable)."""
    collections = list(collections or []) + [GraphKeys.LOCAL_VARIABLES]
    return get_variable(name, shape, dtype, initializer, regularizer, False, collections,
                        custom_getter)


def _wrap_custom_getter(custom_getter: Callable, old_getter: Callable | None) -> Callable:
    """A getter calling `custom_getter` with a getter that goes through `old_getter`."""
    if old_getter is None:
        return custom_getter

    def wrapped(getter: Callable, *args: Any, **kwargs: Any) -> Any:
        return custom_getter(functools.partial(old_getter, getter), *args, **kwargs)
    return wrapped


class PureVariableScope:
    """Enters a variable scope without any name scope (what `variable_scope` builds on)."""

    def __init__(self, name_or_scope: Any, reuse: Any = None, initializer: Any = None,
                 regularizer: Any = None, custom_getter: Any = None, old_name_scope: Any = None,
                 dtype: Any = None):
        self._name_or_scope = name_or_scope
        self._reuse = reuse
        self._initializer = initializer
        self._regularizer = regularizer
        self._custom_getter = custom_getter
        self._old_name_scope = old_name_scope
        self._dtype = dtype
        self._store = get_variable_scope_store()
        self._entered: VariableScope | None = None

    def __enter__(self) -> VariableScope:
        store = self._store
        self._old = store.current_scope
        given = self._name_or_scope
        if isinstance(given, VariableScope):
            # Jumping to a captured scope: its own name and settings, not the current ones.
            self._new_name = given.name
            scope = VariableScope(self._reuse or given.reuse, name=given.name,
                                  initializer=given.initializer, regularizer=given.regularizer,
                                  custom_getter=given.custom_getter,
                                  name_scope=given.original_name_scope, dtype=given.dtype)
            store.open_variable_scope(self._new_name)
            self._old_counts = copy.copy(store.variable_scopes_count)
            old_getter = given.custom_getter
        else:
            self._new_name = f"{self._old.name}/{given}" if self._old.name else given
            scope = VariableScope(self._reuse or self._old.reuse,  # reuse is inherited
                                  name=self._new_name, initializer=self._old.initializer,
                                  regularizer=self._old.regularizer,
                                  custom_getter=self._old.custom_getter,
                                  name_scope=(given if self._old_name_scope is None
                                              else self._old_name_scope),
                                  dtype=self._old.dtype)
            store.open_variable_scope(self._new_name)
            old_getter = self._old.custom_getter
        if self._initializer is not None:
            scope.set_initializer(self._initializer)
        if self._regularizer is not None:
            scope.set_regularizer(self._regularizer)
        if self._custom_getter is not None:
            scope.set_custom_getter(_wrap_custom_getter(self._custom_getter, old_getter))
        if self._dtype is not None:
            scope.set_dtype(self._dtype)
        store.current_scope = self._entered = scope
        return scope

    def __exit__(self, *exc: Any) -> None:
        store = self._store
        if store.current_scope is not self._entered:
            raise RuntimeError("Improper nesting of variable_scope: scopes must be exited in "
                               "the reverse order of entering.")
        if isinstance(self._name_or_scope, VariableScope):
            store.variable_scopes_count = self._old_counts
        else:
            store.close_variable_subscopes(self._new_name)
        store.current_scope = self._old


def unique_variable_scope(prefix: str) -> str:
    """`prefix`, or `prefix_1`, `prefix_2`, ... : a scope name not yet opened in the current
    variable scope."""
    store = get_variable_scope_store()
    current = store.current_scope.name
    name = f"{current}/{prefix}" if current else prefix
    if store.variable_scope_count(name) == 0:
        return prefix
    index = 1
    while store.variable_scope_count(f"{name}_{index}") > 0:
        index += 1
    return f"{prefix}_{index}"


def _name_scope(name: str) -> contextlib.AbstractContextManager:
    """The graph's name scope `name`; eagerly, the eager name scope, which names variables."""
    graph = building_graph()
    if graph is not None:
        return graph.name_scope(name)
    return eager_name_scope(name)


def _check_scope_name(name: str) -> None:
    """The graph's rules for scope names (stricter at the root), also applied eagerly."""
    graph = building_graph()
    at_root = not (graph.get_name_scope() if graph is not None else get_variable_scope().name)
    pattern = _VALID_OP_NAME if at_root else _VALID_SCOPE_NAME
    if name and not pattern.match(name):
        raise ValueError(f"'{name}' is not a valid scope name: use letters, digits and "
                         f"'._-/>' (not starting with '_' or '-' at the root).")


def _graph_of(values: Any) -> Any:
    """The graph of the graph elements among `values` (all must share it), else the default."""
    found = None
    for value in values:
        graph = getattr(value, "graph", None)
        if graph is None:
            continue
        if found is None:
            found = graph
        elif graph is not found:
            raise ValueError(f"{value!r} must be from the same graph as the other values "
                             f"passed to variable_scope.")
    return found if found is not None else get_default_graph()


class variable_scope:  # noqa: N801  (TensorFlow's name for a context manager)
    """Opens a variable scope (and a name scope) for `get_variable` (TensorFlow 1).

    Args:
        name_or_scope: a scope name (joined to the current scope's with `/`), or a
            `VariableScope` to re-enter (its own name, without the current prefix).
        default_name: used when `name_or_scope` is None, made unique in the current scope
            (`bar`, `bar_1`, ...; counters restart when the enclosing scope is left).
        values: tensors the ops in the scope use; their graph becomes the default.
        initializer: the default initializer of `get_variable` inside (inherited).
        regularizer: the default regularizer inside (inherited).
        reuse: True (only existing variables, here and in sub-scopes), `AUTO_REUSE` (create
            if missing), or None/False (inherit the enclosing scope's).
        dtype: the default dtype inside (inherited).
        custom_getter: a getter wrapping variable creation inside; it wraps an inherited one.
        auxiliary_name_scope: False re-enters the current name scope instead of opening one.

    Raises:
        ValueError: an invalid scope name or `reuse` value, or `reuse=True` with no name.
        TypeError: neither `name_or_scope` nor `default_name`, or `name_or_scope` of the
            wrong type.

    >>> from autograph.runtime.graph.graph import Graph
    >>> with Graph().as_default():
    ...     with variable_scope("foo") as vs:
    ...         pass
    ...     with variable_scope("other"):
    ...         with variable_scope(vs) as again:
    ...             again.name, again.original_name_scope
    ('foo', 'foo/')
    """

    def __init__(self, name_or_scope: Any, default_name: str | None = None, values: Any = None,
                 initializer: Any = None, regularizer: Any = None, reuse: Any = None,
                 dtype: Any = None, custom_getter: Any = None, auxiliary_name_scope: bool = True):
        if default_name is None and name_or_scope is None:
            raise TypeError("If default_name is None then name_or_scope is required.")
        if reuse is False:
            reuse = None  # False inherits, exactly as None does (TensorFlow >= 1.1)
        if not (reuse is True or reuse is None or reuse is AUTO_REUSE):
            raise ValueError(f"The reuse parameter must be True, False, None or AUTO_REUSE, "
                             f"got {reuse!r}.")
        if not isinstance(auxiliary_name_scope, bool):
            raise TypeError(f"auxiliary_name_scope must be True or False, got "
                            f"{auxiliary_name_scope!r}.")
        self._name_or_scope = name_or_scope
        self._default_name = default_name
        self._initializer = initializer
        self._regularizer = regularizer
        self._reuse = reuse
        self._dtype = dtype
        self._custom_getter = custom_getter
        self._auxiliary_name_scope = auxiliary_name_scope
        self._graph = None if _executing_eagerly() else _graph_of(values or [])
        self._stacks: list[contextlib.ExitStack] = []

    def __enter__(self) -> VariableScope:
        stack = contextlib.ExitStack()
        try:
            if self._graph is not None and not get_default_graph().building_function:
                stack.enter_context(self._graph.as_default())
            scope = self._enter(stack)
        except BaseException:
            stack.close()
            raise
        self._stacks.append(stack)
        return scope

    def __exit__(self, *exc: Any) -> None:
        self._stacks.pop().__exit__(*exc)

    def _enter(self, stack: contextlib.ExitStack) -> VariableScope:
        current = None
        if not self._auxiliary_name_scope:
            graph = building_graph()
            name = graph.get_name_scope() if graph is not None else ""
            current = _name_scope(name + "/" if name else "")  # re-enter the current one
        given = self._name_or_scope
        settings = dict(initializer=self._initializer, regularizer=self._regularizer,
                        custom_getter=self._custom_getter, dtype=self._dtype)
        if given is not None:
            if not isinstance(given, (VariableScope, str)):
                raise TypeError(f"VariableScope: name_or_scope must be a string or "
                                f"VariableScope, got {type(given).__name__}.")
            if isinstance(given, str):
                _check_scope_name(given)
                name_scope = given
            else:
                name_scope = given.name.split("/")[-1]
            if not (name_scope or current):  # entering the root scope
                return stack.enter_context(PureVariableScope(given, reuse=self._reuse,
                                                             **settings))
            entered = stack.enter_context(current or _name_scope(name_scope))
            old_name_scope = entered if isinstance(given, str) else given.original_name_scope
            return stack.enter_context(PureVariableScope(
                given, reuse=self._reuse, old_name_scope=old_name_scope, **settings))
        if self._reuse:
            raise ValueError("reuse=True cannot be used without a name_or_scope.")
        default_name = self._default_name
        assert default_name is not None  # the constructor requires one without a name
        _check_scope_name(default_name)
        entered = stack.enter_context(current or _name_scope(default_name))
        unique = unique_variable_scope(default_name)
        return stack.enter_context(PureVariableScope(unique, old_name_scope=entered,
                                                     **settings))
