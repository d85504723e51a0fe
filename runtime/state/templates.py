"""`make_template`: wrap a function so the variables it gets with `get_variable` are shared.

The first call enters a variable scope named `name_` (made unique: `fn`, `fn_1`, ... ; under
the scope current at that call) and creates the variables; every later call re-enters that
very scope object with `reuse=True`, wherever it is called from, so the variables are found
again rather than created (the mechanism seed 000 walks through). With `create_scope_now_` the
scope is fixed when the template is made instead. A later call that creates a trainable
variable is an error: the function probably used `Variable` where it meant `get_variable`.

Eagerly, `get_variable` keeps no variables, so a template holds its own `EagerVariableStore`
(TensorFlow's `EagerTemplate`); `.variables` lists what it made.

>>> from autograph.runtime.graph.graph import Graph
>>> from autograph.runtime.state.variable_scope import get_variable, variable_scope
>>> def scale(x):
...     return x * get_variable("w", initializer=1.5)
>>> with Graph().as_default():
...     fn = make_template("fn", scale)
...     with variable_scope("abc"):
...         y1 = fn(2.0)
...     with variable_scope("def"):
...         y2 = fn(3.0)
>>> [v.name for v in fn.variables]
['abc/fn/w:0']
"""

from __future__ import annotations

import functools
from typing import Any, Callable

from autograph.runtime.graph.graph import building_graph, get_default_graph
from autograph.runtime.state.collections import GraphKeys, get_collection
from autograph.runtime.state.variable_scope import (
    AUTO_REUSE,
    EagerVariableStore,
    PureVariableScope,
    VariableScope,
    default_variable_store,
    unique_variable_scope,
    variable_scope,
)

__all__ = ["make_template"]


def make_template(name_: str, func_: Callable, create_scope_now_: bool = False,
                  unique_name_: str | None = None, custom_getter_: Callable | None = None,
                  **kwargs: Any) -> Template:
    """Wraps `func_` so that every call shares the variables of the first.

    Args:
        name_: the name of the template's variable scope, made unique (`name_1`, ...).
        func_: the function; it must make its shared variables with `get_variable`.
        create_scope_now_: fix the scope now, rather than at the first call.
        unique_name_: a scope name used as it is (not made unique), instead of `name_`.
        custom_getter_: a custom getter for the variables made inside (see `get_variable`).
        **kwargs: keyword arguments bound to `func_`.

    Returns:
        A `Template`: call it as `func_` (without the bound `kwargs`).

    Raises:
        ValueError: `name_` is None.
    """
    if kwargs:
        func_ = functools.partial(func_, **kwargs)
    cls = Template if building_graph() is not None else EagerTemplate
    return cls(name_, func_, create_scope_now=create_scope_now_, unique_name=unique_name_,
               custom_getter=custom_getter_)


class Template:
    """A function whose first call creates variables that later calls reuse (graph mode)."""

    def __init__(self, name: str, func: Callable, create_scope_now: bool = False,
                 unique_name: str | None = None, custom_getter: Callable | None = None):
        if name is None:
            raise ValueError("make_template: name_ cannot be None.")
        self._func = func
        self._name = name
        self._unique_name = unique_name
        self._custom_getter = custom_getter
        self._variable_scope: VariableScope | None = None
        self._graph = get_default_graph()  # whose collections hold the variables
        if create_scope_now:
            with PureVariableScope(unique_name or unique_variable_scope(name),
                                   custom_getter=custom_getter) as scope:
                self._variable_scope = scope
        self._variables_created = False  # whether a call succeeded (not the same as the scope)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if not self._variables_created:
            self._graph = get_default_graph()
        if self._variable_scope is None:
            with variable_scope(self._unique_name, self._name,
                                custom_getter=self._custom_getter) as scope:
                self._variable_scope = scope
                return self._first_call(args, kwargs)
        if self._variables_created:
            with variable_scope(self._variable_scope, reuse=self._reuse_mode()):
                return self._call_again(args, kwargs)
        with variable_scope(self._variable_scope):
            return self._first_call(args, kwargs)

    def _reuse_mode(self) -> Any:
        return True

    def _first_call(self, args: tuple, kwargs: dict) -> Any:
        result = self._func(*args, **kwargs)
        self._variables_created = True
        return result

    def _call_again(self, args: tuple, kwargs: dict) -> Any:
        trainable_before = len(self._trainable_now())
        result = self._func(*args, **kwargs)
        trainable = self._trainable_now()
        if len(trainable) != trainable_before:
            new = ", ".join(v.name for v in trainable[trainable_before:])
            raise ValueError(f"Trainable variable created when calling template {self._name} "
                             f"after the first time ({new}): use get_variable, not Variable, "
                             f"for variables the calls should share.")
        return result

    def _trainable_now(self) -> list:
        return get_collection(GraphKeys.TRAINABLE_VARIABLES)

    @property
    def name(self) -> str:
        return self._name

    @property
    def func(self) -> Callable:
        return self._func

    @property
    def variable_scope(self) -> VariableScope | None:
        """The template's variable scope (None until it exists)."""
        return self._variable_scope

    @property
    def variable_scope_name(self) -> str | None:
        """The scope's name with a trailing `/` (so `fn/` does not match `fn_1/...`)."""
        if self._variable_scope is None:
            return None
        name = self._variable_scope.name
        return name if name.endswith("/") else name + "/"

    def _collection(self, key: str) -> list:
        if not self._variables_created:
            return []
        return self._graph.get_collection(key, self.variable_scope_name)

    @property
    def global_variables(self) -> list:
        """The global variables under the template's scope (after the first call), from the
        graph it was first called in (TensorFlow looks in the default graph, which may be
        another by the time you ask)."""
        return self._collection(GraphKeys.GLOBAL_VARIABLES)

    @property
    def trainable_variables(self) -> list:
        return self._collection(GraphKeys.TRAINABLE_VARIABLES)

    @property
    def non_trainable_variables(self) -> list:
        trainable = {id(v) for v in self.trainable_variables}
        return [v for v in self.global_variables if id(v) not in trainable]

    @property
    def local_variables(self) -> list:
        return self._collection(GraphKeys.LOCAL_VARIABLES)

    @property
    def variables(self) -> list:
        return self.global_variables


class EagerTemplate(Template):
    """A template for eager code: its variables live in its own `EagerVariableStore`."""

    def __init__(self, name: str, func: Callable, create_scope_now: bool = False,
                 unique_name: str | None = None, custom_getter: Callable | None = None):
        if unique_name:
            raise ValueError("make_template: unique_name_ cannot be used eagerly.")
        super().__init__(name, func, create_scope_now, unique_name, custom_getter)
        if default_variable_store()._store_eager_variables:
            raise ValueError("make_template: templates cannot be nested when executing "
                             "eagerly.")
        self._store = EagerVariableStore()

    def _reuse_mode(self) -> Any:
        return AUTO_REUSE

    def _first_call(self, args: tuple, kwargs: dict) -> Any:
        with self._store.as_default():
            return super()._first_call(args, kwargs)

    def _call_again(self, args: tuple, kwargs: dict) -> Any:
        with self._store.as_default():
            return super()._call_again(args, kwargs)

    def _trainable_now(self) -> list:
        return self._store.trainable_variables()

    @property
    def global_variables(self) -> list:
        return self._store.variables()

    @property
    def trainable_variables(self) -> list:
        return self._store.trainable_variables()

    @property
    def non_trainable_variables(self) -> list:
        return self._store.non_trainable_variables()

    @property
    def local_variables(self) -> list:
        return []
