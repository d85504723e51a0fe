"""The variable store: the variables `get_variable` made, by full name, and how it gets them.

`_VariableStore.get_variable` creates the variable `name`, returns the existing one, or refuses,
as `reuse` says (True, False or `AUTO_REUSE`); it checks an existing variable's shape and dtype,
picks the default initializer, and adds regularization losses. The default graph's store is the
one item of its collection `("__variable_store",)`. Eagerly a store keeps no variables, unless
it belongs to an `EagerVariableStore`, which makes every lookup AUTO_REUSE.
"""

from __future__ import annotations

import contextlib
import enum
import functools
import inspect
from typing import Any, Callable, Iterator

from autograph.runtime.core import dtypes
from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.graph import building_graph, get_default_graph
from autograph.runtime.state import initializers
from autograph.runtime.state.collections import GraphKeys
from autograph.runtime.state.variables import Variable

VARSTORE_KEY = ("__variable_store",)


class _ReuseMode(enum.Enum):
    """The reuse mode that creates a variable when it does not exist and returns it when it
    does."""

    AUTO_REUSE = 1


AUTO_REUSE = _ReuseMode.AUTO_REUSE


def _executing_eagerly() -> bool:
    return building_graph() is None


class _VariableStore:
    """The variables made by `get_variable`, by full name."""

    def __init__(self):
        self._vars: dict[str, Variable] = {}
        self._store_eager_variables = False

    def get_variable(self, name: str, shape: Any = None, dtype: Any = dtypes.float32,
                     initializer: Any = None, regularizer: Any = None, reuse: Any = None,
                     trainable: Any = None, collections: Any = None,
                     custom_getter: Any = None) -> Variable:
        """The variable `name`: created, or found, as `reuse` allows (see `get_variable`)."""
        if custom_getter is not None and not callable(custom_getter):
            raise ValueError(f"Passed a custom_getter which is not callable: {custom_getter!r}")
        if _executing_eagerly():
            if not self._store_eager_variables and reuse:
                raise RuntimeError("When executing eagerly, variable reuse needs an active "
                                   "EagerVariableStore (`with store.as_default():`) or a "
                                   "template made by make_template.")
            if self._store_eager_variables:
                reuse = AUTO_REUSE
        trainable = True if trainable is None else trainable
        if custom_getter is not None:
            return custom_getter(
                getter=self._true_getter, name=name, shape=shape, dtype=dtype,
                initializer=initializer, regularizer=regularizer, reuse=reuse,
                trainable=trainable, collections=collections)
        return self._true_getter(name, shape=shape, dtype=dtype, initializer=initializer,
                                 regularizer=regularizer, reuse=reuse, trainable=trainable,
                                 collections=collections)

    def _true_getter(self, name: str, shape: Any = None, dtype: Any = dtypes.float32,
                     initializer: Any = None, regularizer: Any = None, reuse: Any = None,
                     trainable: Any = None, collections: Any = None) -> Variable:
        from_value = initializer is not None and not callable(initializer)
        if shape is not None and from_value:
            raise ValueError(f"Variable {name}: if initializer is a constant, do not specify "
                             f"shape (the value's shape is the variable's).")
        dtype = dtypes.as_dtype(dtype)
        shape = TensorShape(shape)
        if name in self._vars:
            return self._existing(name, shape, dtype, reuse)
        if reuse is True:
            raise ValueError(f"Variable {name} does not exist, or was not created with "
                             f"get_variable(). Did you mean to set reuse=tf.AUTO_REUSE in "
                             f"VarScope?")
        if initializer is None:
            initializer = _default_initializer(name, dtype)
        if from_value:
            initial_value, variable_dtype = initializer, None
        else:
            if inspect.isclass(initializer):
                initializer = initializer()
            if shape.is_fully_defined():
                dims = shape.as_list()
                initial_value = functools.partial(initializer, dims, dtype=dtype)
                variable_dtype = dtype
            elif _takes_no_arguments(initializer):
                initial_value, variable_dtype = initializer, None
            else:
                raise ValueError(f"Shape of a new variable ({name}) must be fully defined, but "
                                 f"instead was {shape}. Pass shape=, or an initializer that is "
                                 f"a value (or takes no arguments).")
        trainable = True if trainable is None else trainable
        v = Variable(initial_value, trainable=trainable, name=name, dtype=variable_dtype,
                     collections=collections)
        eager = _executing_eagerly()
        if eager and self._store_eager_variables:
            graph = get_default_graph()
            graph.add_to_collections(collections or [GraphKeys.GLOBAL_VARIABLES], v)
            if trainable:
                graph.add_to_collection(GraphKeys.TRAINABLE_VARIABLES, v)
        if not eager or self._store_eager_variables:
            self._vars[name] = v  # eagerly, keeping every variable would never free them
        if regularizer:
            building = building_graph()
            with building.name_scope(name + "/Regularizer/") if building else (
                    contextlib.nullcontext()):
                loss = regularizer(v)
            if loss is not None:
                get_default_graph().add_to_collection(GraphKeys.REGULARIZATION_LOSSES, loss)
        return v

    def _existing(self, name: str, shape: TensorShape, dtype: dtypes.DType,
                  reuse: Any) -> Variable:
        found = self._vars[name]
        if reuse is False:
            where = found.op.source if found.graph is not None else ""
            raise ValueError(f"Variable {name} already exists, disallowed. Did you mean to set "
                             f"reuse=True or reuse=tf.AUTO_REUSE in VarScope?"
                             + (f" Originally defined at {where}." if where else ""))
        if not shape.is_compatible_with(found.shape):
            raise ValueError(f"Trying to share variable {name}, but specified shape {shape} "
                             f"and found shape {found.shape}.")
        if dtype is not found.dtype:
            raise ValueError(f"Trying to share variable {name}, but specified dtype "
                             f"{dtype.name} and found dtype {found.dtype.name}.")
        return found


def _default_initializer(name: str, dtype: dtypes.DType) -> Any:
    """Glorot uniform for floats; zeros for integers, bools and strings (TensorFlow's choice)."""
    if dtype.is_floating:
        return initializers.GlorotUniform()
    if dtype.is_integer or dtype.is_bool or dtype.is_string:
        return initializers.Zeros()
    raise ValueError(f"An initializer for variable {name} of {dtype.name} is required.")


def _takes_no_arguments(fn: Callable) -> bool:
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return False
    return all(p.default is not p.empty or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
               for p in params)


def default_variable_store() -> _VariableStore:
    """The default graph's variable store (made on first use), or the active eager store."""
    return get_default_graph().collection_singleton(VARSTORE_KEY, _VariableStore)


@contextlib.contextmanager
def with_variable_store(store: _VariableStore) -> Iterator[None]:
    """Makes `store` the default graph's variable store inside the block."""
    collection = get_default_graph().get_collection_ref(VARSTORE_KEY)
    old = list(collection)
    collection[:] = [store]
    try:
        yield
    finally:
        collection[:] = old


class EagerVariableStore:
    """Keeps the variables `get_variable` makes eagerly, so that scopes can reuse them.

    >>> from autograph.runtime.state.variable_scope import get_variable
    >>> store = EagerVariableStore()
    >>> with store.as_default():
    ...     a = get_variable("v", shape=[2])
    ...     b = get_variable("v", shape=[2])
    >>> a is b, [v.name for v in store.variables()]
    (True, ['v:0'])
    """

    def __init__(self, store: _VariableStore | None = None):
        if store is not None and not store._store_eager_variables:
            raise ValueError("Cannot make an EagerVariableStore from a variable store that "
                             "does not hold eager variables.")
        self._store = store if store is not None else _VariableStore()
        self._store._store_eager_variables = True

    def as_default(self) -> contextlib.AbstractContextManager:
        return with_variable_store(self._store)

    def variables(self) -> list[Variable]:
        return sorted(self._store._vars.values(), key=lambda v: v.name)

    def trainable_variables(self) -> list[Variable]:
        return [v for v in self.variables() if v.trainable]

    def non_trainable_variables(self) -> list[Variable]:
        return [v for v in self.variables() if not v.trainable]
