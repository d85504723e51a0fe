"""`Variable`: a mutable tensor, held in a resource (TensorFlow's `ResourceVariable`).

Eagerly, a variable's value lives in the process-wide eager `ResourceManager` from creation
until the variable is garbage collected; reads and updates run at once, on the device that made
the handle. `.name` is `'w:0'` as in TensorFlow 2 (two eager variables may share a name: the
value's key is made unique with a counter, `w_12`, like TensorFlow's `uid`). As in TensorFlow
2, the eager name scope prefixes the name: `w` made inside `name_scope("dense")` (or a
`variable_scope`, or a module's `name_scope`) is `dense/w:0`.

In a graph (TensorFlow 1), creating `Variable(..., name="w")` adds, under the name scope `w/`:
the handle `w = VarHandleOp` (shared name `w`), the initial value under `w/Initializer/`,
`w/IsInitialized/VarIsInitializedOp`, the initializer `w/Assign` (`.initializer`) and a read
`w/Read/ReadVariableOp`; the variable joins `GLOBAL_VARIABLES` (and `TRAINABLE_VARIABLES`). Its
value lives in each `Session` that runs the initializer: two sessions hold independent values,
and reading before initializing raises `FailedPreconditionError` naming the variable.

Reads (`.value()`, `read_value()`, conversion, operators) and updates (`assign`, `assign_add`,
`assign_sub`) build ops in the graph being built, whichever graph made the variable: an eager
variable read inside a graph reads its live eager value when the graph runs.

The module is one unit just over 500 lines: the three ways a variable is made (eagerly, in a
function, in a TensorFlow 1 graph) share its reads, updates and shape checks, which split
apart would reach back into the class's private state.

>>> v = Variable([1.0, 2.0], name="w")
>>> v.assign_add([10.0, 20.0])
<ag.Variable 'w:0' shape=(2,) dtype=float32, numpy=array([11., 22.], dtype=float32)>
>>> (v * 2).numpy(), v[0].numpy()
(array([22., 44.], dtype=float32), np.float32(11.0))
"""

from __future__ import annotations

import contextlib
import inspect
import itertools
import weakref
from typing import Any, Callable, Iterator

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.core.devices import device as device_scope
from autograph.runtime.core.tensor_shape import (
    TensorShape,
    as_raw_shape,
    format_raw,
    raw_compatible,
)
from autograph.runtime.core.traceback_utils import filter_traceback
from autograph.runtime.graph.graph import (
    Graph,
    Operation,
    SymbolicTensor,
    building_graph,
    current_eager_name_scope,
)
from autograph.runtime.graph.init_scope import FunctionTrace, init_scope, trace_building
from autograph.runtime.graph.tensor import EagerTensor, Tensor, TensorRef, _numpy_text
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.operators import OPERATORS
from autograph.runtime.ops.state import ops as state_ops
from autograph.runtime.ops.state.defs import broadcasts_onto
from autograph.runtime.registry.op_registry import op_registry
from autograph.runtime.state import creator_scope
from autograph.runtime.state.collections import GraphKeys
from autograph.runtime.state.creator_scope import VariableAggregation, VariableSynchronization

__all__ = ["Variable"]

_uids = itertools.count(1)


# Called with each variable about to be read, while set (the gradients layer sets it while a
# tape records, to watch the variables a computation reads).
access_watcher: list[Callable[[Variable], None] | None] = [None]

# Called with each variable just made, while set (the checkpoint layer sets it while restored
# values wait for variables that do not exist yet). It returns None, or a function to call with
# the variable at its first read, update or handle access: by then its owner holds it, so the
# owner's checkpoint path leads to it (TensorFlow restores at attachment instead).
creation_watcher: list[Callable[[Variable], Callable[[Variable], None] | None] | None] = [None]


# id(resource) -> the eager variable holding it: a graph's handle constant names the resource,
# and replaying that graph eagerly reads the variable itself (`variable_of`).
_BY_RESOURCE: weakref.WeakValueDictionary[int, Variable] = weakref.WeakValueDictionary()


def variable_of(resource: Any) -> Variable | None:
    """The eager variable whose resource is `resource`, if it is alive."""
    found = _BY_RESOURCE.get(id(resource))
    return found if found is not None and found._handle.numpy() is resource else None


class _CreatedThroughScopes(type):
    """`Variable(...)` goes through the creators of the open `variable_creator_scope`s
    (subclasses made directly do not)."""

    @filter_traceback
    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        if cls is not Variable or not creator_scope.creators():
            return super().__call__(*args, **kwargs)
        return creator_scope.create_through_scopes(
            lambda **arguments: type.__call__(cls, **arguments), _SIGNATURE, args, kwargs)


class Variable(metaclass=_CreatedThroughScopes):
    """A tensor-like value that `assign`, `assign_add` and `assign_sub` change.

    Args:
        initial_value: the first value: a tensor, a NumPy or Python value, or a callable
            returning one (called under the `<name>/Initializer` name scope in a graph).
        trainable: whether the variable joins `TRAINABLE_VARIABLES` (graph mode) and is
            reported by `.trainable`.
        name: the variable's name (default "Variable"); made unique in a graph.
        dtype: the dtype of the values; the initial value must convert to it losslessly.
        shape: the declared shape, which assigned values must be compatible with; default the
            initial value's shape. `ag.TensorShape(None)` or None dims let the shape change.
        collections: graph mode: the collections to join (default `[GLOBAL_VARIABLES]`).
        synchronization, aggregation: how a strategy keeps the variable's copies in step
            (`VariableSynchronization`, `VariableAggregation`, or their names); a plain
            variable only reports them.

    Raises:
        ValueError: no initial value, or one whose shape does not match `shape`; an unknown
            synchronization or aggregation.
    """

    __array_priority__ = 100  # NumPy defers to our operators: np.float32(1) + v -> tensor
    _graph: Graph | None  # the graph it belongs to (None eagerly)
    _handle: Any  # its resource handle: an eager tensor, or a symbolic one in `_graph`
    _initial_value: Any  # a tensor; None eagerly once it is no longer needed
    _graph_element: Any  # graph mode: the tensor reading it where it was made
    _on_first_use: Callable[[Variable], None] | None = None  # see `creation_watcher`

    @filter_traceback  # errors leave with the user's frames (runtime.core.traceback_utils)
    def __init__(self, initial_value: Any = None, trainable: bool = True, name: str | None = None,
                 dtype: Any = None, shape: Any = None, *, collections: Any = None,
                 synchronization: Any = VariableSynchronization.AUTO,
                 aggregation: Any = VariableAggregation.NONE):
        self._synchronization = _setting(VariableSynchronization, synchronization)
        self._aggregation = _setting(VariableAggregation, aggregation)
        if initial_value is None:
            raise ValueError("Variable needs an initial_value: a value, a tensor, or a "
                             "callable returning one.")
        dtype = None if dtype is None else dtypes.as_dtype(dtype)
        self._trainable = bool(trainable)
        self._graph_handles: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        graph = building_graph()
        trace = trace_building(graph) if graph is not None else None
        if trace is not None:
            self._init_in_function(trace, initial_value, name, dtype, shape)
        elif graph is None:
            self._init_eager(initial_value, name or "Variable", dtype, shape)
        else:
            self._init_graph(graph, initial_value, name or "Variable", dtype, shape, collections)
        watch = creation_watcher[0]
        if watch is not None:
            self._on_first_use = watch(self)

    def _init_eager(self, initial_value: Any, name: str, dtype: Any, shape: Any) -> None:
        name = current_eager_name_scope() + name  # `dense/w` inside `name_scope("dense")`
        if callable(initial_value):
            initial_value = initial_value()
        initial = convert_to_tensor(initial_value, dtype=dtype)
        self._dtype = initial.dtype
        self._shape = _declared_shape(initial, shape, name)
        self._handle = state_ops.var_handle_op(self._dtype, self._shape, debug_name=name,
                                               shared_name=f"{name}_{next(_uids)}")
        resource = self._handle.numpy()
        _BY_RESOURCE[id(resource)] = self
        self._device = resource.device
        with device_scope(self._device):
            state_ops.assign_variable_op(self._handle, initial)
        self._graph = None
        self._name = f"{name}:0"
        self._initial_value = initial
        self._initializer = self._graph_element = None
        weakref.finalize(self, resource.manager.delete, resource.key)

    def _init_in_function(self, trace: FunctionTrace, initial_value: Any, name: str | None,
                          dtype: Any, shape: Any) -> None:
        """Creation while an `ag.function` traces: lifted out of its graph (`init_scope`), so
        the variable is made and initialised once, eagerly (or in the outer TensorFlow-1
        graph), and the function's graph reads and updates it through its handle."""
        trace.check_variable_creation(name)
        if isinstance(initial_value, SymbolicTensor) and initial_value.graph.building_function:
            raise ValueError(
                f"Variable {name or 'Variable'} is created inside ag.function {trace.name!r} "
                f"with an initial value computed in the function ({initial_value.name}); it is "
                f"created once, outside the function's graph, so its initial value cannot "
                f"depend on the function's tensors. Pass a Python or NumPy value, an eager "
                f"tensor, or a callable (`lambda: ...`) that computes it.")
        with init_scope():
            graph = building_graph()
            if graph is None:
                self._init_eager(initial_value, name or "Variable", dtype, shape)
            else:
                self._init_graph(graph, initial_value, name or "Variable", dtype, shape, None)
        trace.created.append(self)

    def _init_graph(self, graph: Graph, initial_value: Any, name: str, dtype: Any, shape: Any,
                    collections: Any) -> None:
        # Like TensorFlow's init_scope: outer control dependencies do not apply to creation.
        with graph.control_dependencies(None), graph.name_scope(name) as scope:
            handle_name = scope[:-1]
            with graph.name_scope("Initializer"):
                if callable(initial_value):
                    initial_value = initial_value()
                initial = convert_to_tensor(initial_value, dtype=dtype, name="initial_value")
            self._dtype = initial.dtype
            self._shape = _declared_shape(initial, shape, handle_name)
            self._handle = state_ops.var_handle_op(self._dtype, self._shape, name=scope,
                                                   shared_name=handle_name,
                                                   debug_name=handle_name)
            self._graph = graph
            self._name = self._handle.name
            self._device = self._handle.op.device
            self._initial_value = initial
            with graph.name_scope("IsInitialized"):
                state_ops.var_is_initialized_op(self._handle)
            with graph.name_scope("Assign") as assign_scope:
                self._initializer = state_ops.assign_variable_op(self._handle, initial,
                                                                 name=assign_scope)
            with graph.name_scope("Read"):
                self._graph_element = self._read_in(graph)
        collections = [GraphKeys.GLOBAL_VARIABLES] if collections is None else list(collections)
        if self._trainable and GraphKeys.TRAINABLE_VARIABLES not in collections:
            collections.append(GraphKeys.TRAINABLE_VARIABLES)
        graph.add_to_collections(collections, self)

    # Properties ----------------------------------------------------------------------------------
    @property
    def name(self) -> str:
        return self._name

    @property
    def dtype(self) -> dtypes.DType:
        return self._dtype

    @property
    def shape(self) -> TensorShape:
        return TensorShape(self._shape)

    def get_shape(self) -> TensorShape:
        return self.shape

    @property
    def trainable(self) -> bool:
        return self._trainable

    @property
    def device(self) -> str:
        return self._device

    @property
    def synchronization(self) -> VariableSynchronization:
        return self._synchronization

    @property
    def aggregation(self) -> VariableAggregation:
        return self._aggregation

    @property
    def handle(self) -> Tensor:
        """The `resource` tensor naming the variable's value."""
        if self._on_first_use is not None:
            self._first_use()
        return self._handle

    @property
    def graph(self) -> Graph | None:
        """The graph that made the variable (None for an eager variable)."""
        return self._graph

    @property
    def op(self) -> Operation:
        if self._graph is None:
            raise AttributeError(f"Variable {self._name} is eager: it has no op.")
        return self._handle.op

    @property
    def initializer(self) -> Operation | None:
        """Graph mode: the op assigning the initial value (`<name>/Assign`); eagerly None."""
        return self._initializer

    @property
    def initial_value(self) -> Tensor:
        return self._initial_value

    # Reading ------------------------------------------------------------------------------------
    def value(self) -> Tensor:
        """The current value: eagerly a tensor; in a graph, a new `ReadVariableOp`'s output."""
        return self._read()

    def read_value(self) -> Tensor:
        """Like `value()`; in a graph the read op goes under the name scope `Read/`."""
        return self._read(scope="Read")

    def numpy(self) -> Any:
        """The value as NumPy (a NumPy scalar for a 0-d variable); eager variables only."""
        if self._graph is not None:
            raise NotImplementedError(
                f"Variable {self._name} belongs to a graph: its value lives in a Session. Use "
                f"v.eval(session=sess) or sess.run(v.value()).")
        return self._read().numpy()

    def eval(self, session: Any = None, feed_dict: dict | None = None) -> Any:
        """Graph mode: the value in `session` (default: the default session)."""
        if self._graph is None:
            return self.numpy()
        return self._graph_element.eval(feed_dict=feed_dict, session=session)

    def is_initialized(self, name: str | None = None) -> Tensor:
        """A bool tensor: whether the variable has a value (in the session running it)."""
        with self._in_graph() as graph:
            handle = self._handle if graph is None else self._handle_in(graph)
            return state_ops.var_is_initialized_op(handle, name)

    def _first_use(self) -> None:
        hook, self._on_first_use = self._on_first_use, None
        if hook is not None:
            hook(self)

    def _read(self, scope: str | None = None) -> Tensor:
        if self._on_first_use is not None:
            self._first_use()
        watch = access_watcher[0]
        if watch is not None:
            watch(self)
        with self._in_graph() as graph:
            if graph is None:
                with device_scope(self._device):
                    return state_ops.read_variable_op(self._handle, self._dtype)
            with graph.name_scope(scope) if scope else contextlib.nullcontext():
                return self._read_in(graph)

    def _read_in(self, graph: Graph) -> Tensor:
        value: Any = state_ops.read_variable_op(self._handle_in(graph), self._dtype)
        value.set_shape(self._shape)
        return value

    @contextlib.contextmanager
    def _in_graph(self) -> Iterator[Graph | None]:
        """The graph to build ops in: the one being built, else the variable's own (entered),
        else None (run eagerly)."""
        graph = building_graph()
        if graph is not None or self._graph is None:
            yield graph
            return
        with self._graph.as_default():
            yield self._graph

    def _handle_in(self, graph: Graph) -> Tensor:
        """The handle as a tensor of `graph`: an eager handle becomes a constant there."""
        if graph is self._graph or not isinstance(self._handle, EagerTensor):
            return self._handle  # another graph's handle: the graph captures it or refuses
        found = self._graph_handles.get(graph)
        if found is None and getattr(graph, "outer_graph", None) is not None:
            # A branch or loop body: the enclosing graph's handle, captured (an input of the
            # op running it), so that gradients flow to it.
            outer: Any = graph
            found = self._graph_handles[graph] = outer.capture(self._handle_in(outer.outer_graph))
        if found is None:
            value = np.empty((), dtype=object)
            value[()] = self._handle.numpy()
            with graph.control_dependencies(None), graph.name_scope(None):
                op = graph.create_op("Const", [], {"value": value, "dtype": dtypes.resource},
                                     [(dtypes.resource, ())], name=self._name[:-2] + "_handle",
                                     op_def=op_registry().lookup_op_def("Const"))
            found = self._graph_handles[graph] = op.outputs[0]
        return found

    def _feed_in(self, graph: Graph, handle: Tensor) -> None:
        """Makes `graph` (a function's graph) read and update this variable through `handle`,
        a `resource` placeholder: each call of the function feeds it the handle of the
        variable it passes, so the trace serves every variable of this one's type."""
        self._graph_handles[graph] = handle

    # Updating -----------------------------------------------------------------------------------
    @filter_traceback
    def assign(self, value: Any, use_locking: Any = None, name: str | None = None,
               read_value: bool = True) -> Any:
        """Replaces the value with `value` (its dtype, a shape compatible with `shape`).

        Returns:
            Eagerly the variable itself (None with `read_value=False`). In a graph, a tensor
            that reads the variable after the update, or with `read_value=False` the update op.

        Raises:
            ValueError / TypeError: `value` has another dtype or an incompatible shape.
        """
        return self._update(state_ops.assign_variable_op, value, name, read_value, False)

    @filter_traceback
    def assign_add(self, delta: Any, use_locking: Any = None, name: str | None = None,
                   read_value: bool = True) -> Any:
        """Adds `delta`, which may broadcast but must leave the shape unchanged (TensorFlow
        demands equal shapes: `v.assign_add(1.0)` on a vector works here and fails there)."""
        return self._update(state_ops.assign_add_variable_op, delta, name, read_value, True)

    @filter_traceback
    def assign_sub(self, delta: Any, use_locking: Any = None, name: str | None = None,
                   read_value: bool = True) -> Any:
        """Subtracts `delta`, which may broadcast but must leave the shape unchanged."""
        return self._update(state_ops.assign_sub_variable_op, delta, name, read_value, True)

    # Row updates: an IndexedSlices of rows, as TensorFlow's `scatter_*` methods take --------
    def scatter_add(self, sparse_delta: Any, use_locking: bool = False,
                    name: str | None = None) -> Any:
        """Adds `sparse_delta` (an `IndexedSlices`) to the rows it names (repeats add up)."""
        return self._scatter("ResourceScatterAdd", sparse_delta, name)

    def scatter_sub(self, sparse_delta: Any, use_locking: bool = False,
                    name: str | None = None) -> Any:
        """Subtracts `sparse_delta` (an `IndexedSlices`) from the rows it names."""
        return self._scatter("ResourceScatterSub", sparse_delta, name)

    def scatter_mul(self, sparse_delta: Any, use_locking: bool = False,
                    name: str | None = None) -> Any:
        """Multiplies the rows `sparse_delta` names by its values."""
        return self._scatter("ResourceScatterMul", sparse_delta, name)

    def scatter_div(self, sparse_delta: Any, use_locking: bool = False,
                    name: str | None = None) -> Any:
        """Divides the rows `sparse_delta` names by its values."""
        return self._scatter("ResourceScatterDiv", sparse_delta, name)

    def scatter_min(self, sparse_delta: Any, use_locking: bool = False,
                    name: str | None = None) -> Any:
        """Each row `sparse_delta` names: the least of it and its value."""
        return self._scatter("ResourceScatterMin", sparse_delta, name)

    def scatter_max(self, sparse_delta: Any, use_locking: bool = False,
                    name: str | None = None) -> Any:
        """Each row `sparse_delta` names: the greatest of it and its value."""
        return self._scatter("ResourceScatterMax", sparse_delta, name)

    def scatter_update(self, sparse_delta: Any, use_locking: bool = False,
                       name: str | None = None) -> Any:
        """Replaces the rows `sparse_delta` names by its values (of repeats, the last)."""
        return self._scatter("ResourceScatterUpdate", sparse_delta, name)

    def _scatter(self, op_type: str, sparse_delta: Any, name: str | None) -> Any:
        if not hasattr(sparse_delta, "indices") or not hasattr(sparse_delta, "values"):
            raise TypeError(f"Argument `sparse_delta` must be a `ag.IndexedSlices`. Received "
                            f"arg: {sparse_delta}")
        if self._on_first_use is not None:
            self._first_use()
        with self._in_graph() as graph:
            values = convert_to_tensor(sparse_delta.values, dtype=self._dtype)
            if graph is None:
                with device_scope(self._device):
                    state_ops.resource_scatter(op_type, self._handle, sparse_delta.indices,
                                               values)
                return self
            op = state_ops.resource_scatter(op_type, self._handle_in(graph),
                                            sparse_delta.indices, values, name=name)
            with graph.control_dependencies([op]):
                return self._read_in(graph)

    def _update(self, op_fn, value: Any, name: str | None, read_value: bool,
                update: bool) -> Any:
        if self._on_first_use is not None:
            self._first_use()
        with self._in_graph() as graph:
            try:
                value = convert_to_tensor(value, dtype=self._dtype)
            except (TypeError, ValueError) as e:
                raise type(e)(f"Cannot {'update' if update else 'assign to'} variable "
                              f"{self._name} of dtype {self._dtype.name}: {e}") from None
            self._check_shape(as_raw_shape(value.shape), update)
            if read_value and access_watcher[0] is not None:  # as TensorFlow: one that reads
                access_watcher[0](self)
            if graph is None:
                with device_scope(self._device):
                    op_fn(self._handle, value)
                return self if read_value else None
            op = op_fn(self._handle_in(graph), value, name=name)
            if not read_value:
                return op
            with graph.control_dependencies([op]):
                return self._read_in(graph)

    def _check_shape(self, shape: Any, update: bool) -> None:
        if update and not broadcasts_onto(shape, self._shape):
            raise ValueError(f"Cannot update variable {self._name} of shape "
                             f"{format_raw(self._shape)} with a value of shape "
                             f"{format_raw(shape)}: it must broadcast to the variable's shape "
                             f"without changing it.")
        if not update and not raw_compatible(shape, self._shape):
            raise ValueError(f"Cannot assign a value of shape {format_raw(shape)} to variable "
                             f"{self._name} of shape {format_raw(self._shape)}. Create the "
                             f"variable with shape=ag.TensorShape(None) to let its shape "
                             f"change.")

    # Conversion and Python protocols -----------------------------------------------------------
    def __tf_tensor__(self, dtype: dtypes.DType | None = None, name: str | None = None) -> Tensor:
        if dtype is not None and dtype is not self._dtype:
            raise ValueError(f"Variable {self._name} has dtype {self._dtype.name} and cannot "
                             f"convert to a {dtype.name} tensor; use ag.cast(v, "
                             f"ag.{dtype.name}).")
        return self._read()

    def _as_graph_element(self) -> Tensor | None:
        """What `Session.run(v)` fetches: the variable's read in its graph."""
        return self._graph_element

    def _snapshot(self) -> Tensor:
        return self._read() if self._graph is None else self._graph_element

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        return np.asarray(self.numpy(), dtype=dtype)

    def __bool__(self) -> bool:
        return bool(self._snapshot())

    def __int__(self) -> int:
        return int(self._snapshot())

    def __float__(self) -> float:
        return float(self._snapshot())

    def __index__(self) -> int:
        return self._snapshot().__index__()

    def __len__(self) -> int:
        return len(self._snapshot())

    def __iter__(self) -> Iterator[Tensor]:
        return iter(self._snapshot())

    def __format__(self, spec: str) -> str:
        return format(self._snapshot(), spec)

    def ref(self) -> TensorRef:
        """A hashable reference to this variable, for sets and dict keys."""
        return TensorRef(self)

    # TensorFlow 2 semantics eagerly (`==` elementwise, unhashable); TensorFlow 1 graph
    # variables compare by identity and hash by id, as their tensors do.
    def _by_identity(self) -> bool:
        return self._graph is not None and not self._graph.building_function

    @filter_traceback
    def __eq__(self, other: Any) -> Any:
        return self is other if self._by_identity() else OPERATORS["__eq__"](self._read(), other)

    @filter_traceback
    def __ne__(self, other: Any) -> Any:
        if self._by_identity():
            return self is not other
        return OPERATORS["__ne__"](self._read(), other)

    def __hash__(self) -> int:
        if self._by_identity():
            return id(self)
        raise TypeError(f"Variable {self._name} is unhashable (== compares values). Use "
                        f"v.ref() as a dict key or set element instead.")

    def __repr__(self) -> str:
        text = f"<ag.Variable '{self._name}' shape={self.shape} dtype={self._dtype.name}"
        if self._graph is not None:
            return text + ">"
        return f"{text}, numpy={_numpy_text(self.numpy(), is_repr=True)}>"


def _reading(fn: Any) -> Any:
    """Operator `fn` applied to the variable's value: `v * 2` reads `v` once, then multiplies
    (in the variable's graph when no other is being built)."""
    def operator(self: Variable, *args: Any) -> Any:
        with self._in_graph():
            return fn(self._read(), *args)
    operator.__name__ = operator.__qualname__ = getattr(fn, "__name__", "operator")
    return operator


# The same operator table as Tensor's (`+ - * / // % ** @`, comparisons, `~ & | ^`, indexing).
for _name, _fn in OPERATORS.items():
    if _name not in ("__eq__", "__ne__"):
        setattr(Variable, _name, filter_traceback(_reading(_fn)))


_SIGNATURE = inspect.signature(Variable.__init__).replace(
    parameters=list(inspect.signature(Variable.__init__).parameters.values())[1:])


def _setting(kind: Any, value: Any) -> Any:
    try:
        return kind(value)
    except ValueError:
        names = ", ".join(kind.__members__)
        raise ValueError(f"Invalid variable {kind.__name__[8:].lower()} {value!r}: expected "
                         f"a {kind.__name__} ({names}).") from None


def _declared_shape(initial: Tensor, shape: Any, name: str) -> Any:
    actual = as_raw_shape(initial.shape)
    if shape is None:
        return actual
    declared = as_raw_shape(shape)
    if not raw_compatible(declared, actual):
        raise ValueError(f"Variable {name}: the initial value's shape {format_raw(actual)} is "
                         f"not compatible with the explicitly supplied shape "
                         f"{format_raw(declared)}.")
    return declared
