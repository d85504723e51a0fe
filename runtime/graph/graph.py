"""The graph IR: `Graph` and the default-graph stack (operations and their outputs are in
`operation`).

A graph owns its operations in creation order (which is a topological order: an op's inputs
exist before it), a name stack with unique-name counters, collections, and the
control-dependency and device stacks that new ops pick up. Ops are added by the dispatcher
(`runtime.eager.dispatch`) when a graph is being built: inside `Graph.as_default()`, or anywhere
after `disable_eager_execution()`.

A graph built by tracing a function is marked with `returned_from` when the trace ends: its
tensors used anywhere else afterwards ("leaked" through a global, a list or an attribute) raise
an error naming the tensor, the function and the line that made it. A function graph that
reaches `UNROLL_WARNING_OPS` ops, a tenth of them made by one line of the user's code, warns
once (`UnrolledLoopWarning`): that line ran many times, in a Python loop unrolled while tracing.
Straight-line code, however long, makes a few ops per line and does not warn. Ops made by
library code with no line of the user's inside the function (`fit`'s train step, or
`ag.function(model)`) are named after the line that called it, which runs once per trace: a
`FuncGraph` keeps that line (`caller_source`) and does not count them. (Ops that one line of
the function makes in a single run through library code, a large model's call or its
gradient, count as that line's: such a graph may still warn.)

>>> g = Graph()
>>> op = g.create_op("Placeholder", [], {"dtype": dtypes.float32, "shape": (None, 3)},
...                  [(dtypes.float32, (None, 3))], name="x")
>>> x = op.outputs[0]
>>> x.name, x.op.type, str(x.shape)
('x:0', 'Placeholder', '(None, 3)')
"""

from __future__ import annotations

import contextlib
import linecache
import re
import threading
import warnings
from typing import Any, Hashable, Iterator

from autograph.runtime.core import devices, dtypes
from autograph.runtime.core.devices import parse_device_name
from autograph.runtime.core.eager_context import context_changed
from autograph.runtime.graph.graph_lint import lint
from autograph.runtime.graph.graph_printer import format_graph
from autograph.runtime.graph.operation import (
    GraphDef,
    Operation,
    SymbolicTensor,
    _traced_function,
    check_in_scope,
    out_of_scope_reason,
)
from autograph.runtime.graph.recording import recorder

_VALID_OP_NAME = re.compile(r"^[A-Za-z0-9.][A-Za-z0-9_.\-/>]*$")
_VALID_SCOPE_NAME = re.compile(r"^[A-Za-z0-9_.\-/>]*$")

UNROLL_WARNING_OPS = 1000
"""A function graph reaching this many ops, a tenth of them from one line, warns once
(`UnrolledLoopWarning`)."""


class UnrolledLoopWarning(UserWarning):
    """A function graph grew large, most likely from a Python loop unrolled while tracing."""


def _warn_unrolled(graph: Graph, source: str, count: int) -> None:
    """Warns that function graph `graph` has many ops, `count` of them made at `source`."""
    filename, _, line = source.rpartition(":")
    text = linecache.getline(filename, int(line)).strip() if line.isdigit() else ""
    at = f"{source}" + (f" (`{text}`)" if text else "")
    name = _traced_function(graph) or getattr(graph, "name", "?")
    message = (
        f"Function {name!r} has {len(graph._ops)} ops, {count} of them made by {at}. This "
        f"usually means a Python loop (over a Python range, list or other iterable) is being "
        f"unrolled: tracing runs its body once per iteration, adding a copy of its ops each "
        f"time. Loop over ag.range(n), or give the loop a tensor bound, so it becomes one "
        f"while_loop whose size does not depend on the number of iterations.")
    if line.isdigit():
        warnings.warn_explicit(message, UnrolledLoopWarning, filename, int(line))
    else:
        warnings.warn(message, UnrolledLoopWarning, stacklevel=3)


class Graph:
    """A dataflow graph (TensorFlow's `tf.Graph`).

    Attributes:
        building_function: whether the graph stands for a function (a `FuncGraph`).
        returned_from: the name of the function whose trace built this graph, set when that
            trace has returned; its tensors are then out of scope everywhere else.
    """

    building_function = False
    returned_from: str | None = None
    caller_source = ""  # a FuncGraph's: the user's line that called the function traced

    def __init__(self):
        self._lock = threading.RLock()
        self._ops: list[Operation] = []
        self._by_name: dict[str, Operation] = {}
        self._names_in_use: dict[str, int] = {}
        self._name_stack = ""
        self._collections: dict[Hashable, list] = {}
        self._control_dependencies: list[list[Operation]] = []
        self._device_stack: list[str] = []
        self._finalized = False
        self.version = 0  # bumped on every change; plan caches key on it
        self.seed: int | None = None
        # The op count at which a function graph warns of an unrolled loop (0: never), and
        # the ops made per source line, the most repeated line first seen.
        self._warn_at_op_count = UNROLL_WARNING_OPS if self.building_function else 0
        self._ops_by_source: dict[str, int] = {}
        self._most_repeated = ("", 0)

    # Default graph ---------------------------------------------------------------------------
    @contextlib.contextmanager
    def as_default(self) -> Iterator[Graph]:
        """Makes this the graph new ops go to, in this thread, inside the `with` block."""
        stack = _state.stack
        stack.append(self)
        if len(stack) == 1:  # ops built a graph already: the eager context is the same
            context_changed()
        try:
            yield self
        finally:
            stack = _state.stack
            stack.pop()
            if not stack:
                context_changed()

    # Operations ------------------------------------------------------------------------------
    def get_operations(self) -> list[Operation]:
        return list(self._ops)

    def move_before(self, ops: list[Operation], anchor: Operation) -> None:
        """Moves `ops` (made after `anchor`, from inputs made earlier) before `anchor` in
        creation order, which is an order in which every op follows its inputs: for inputs
        added to an existing op."""
        with self._lock:
            moved = set(map(id, ops))
            kept = [op for op in self._ops if id(op) not in moved]
            at = kept.index(anchor)
            self._ops = kept[:at] + list(ops) + kept[at:]
            self.version += 1

    def get_operation_by_name(self, name: str) -> Operation:
        if not isinstance(name, str):
            raise TypeError(f"Operation names are strings, got {name!r}.")
        op = self._by_name.get(name)
        if op is None:
            raise KeyError(f"The name {name!r} refers to an Operation not in the graph."
                           + _near(name, self._by_name))
        return op

    def get_tensor_by_name(self, name: str) -> SymbolicTensor:
        if not isinstance(name, str) or ":" not in name:
            raise ValueError(f"The name {name!r} looks like an Operation name, not a Tensor "
                             f"name: Tensor names look like '<op_name>:<output_index>'.")
        op_name, _, index = name.rpartition(":")
        op = self._by_name.get(op_name)
        if op is None:
            raise KeyError(f"The name {name!r} refers to a Tensor which does not exist. The "
                           f"operation {op_name!r} does not exist in this graph."
                           + _near(op_name, self._by_name))
        if not index.isdigit() or int(index) >= len(op.outputs):
            raise KeyError(f"The name {name!r} refers to a Tensor which does not exist: "
                           f"operation {op_name!r} has {len(op.outputs)} outputs.")
        return op.outputs[int(index)]

    def as_graph_element(self, obj: Any) -> SymbolicTensor | Operation:
        """A tensor or op of this graph from itself, its name ('x:0' or 'x'), or an object that
        stands for one (`obj._as_graph_element()`, as variables define)."""
        convert = getattr(obj, "_as_graph_element", None)
        if convert is not None and not isinstance(obj, (SymbolicTensor, Operation)):
            obj = convert()
        if isinstance(obj, str):
            return self.get_tensor_by_name(obj) if ":" in obj else (
                self.get_operation_by_name(obj))
        if isinstance(obj, (SymbolicTensor, Operation)):
            if obj.graph is not self:
                if isinstance(obj, SymbolicTensor) and obj.graph.returned_from is not None:
                    raise ValueError(f"{obj!r} is not an element of this graph: "
                                     f"{out_of_scope_reason(obj)}")
                raise ValueError(f"{obj!r} is not an element of this graph.")
            return obj
        raise TypeError(f"Can not convert a {type(obj).__name__} into a Tensor or Operation.")

    def create_op(self, op_type: str, inputs: list[SymbolicTensor], attrs: dict[str, Any],
                  output_types: list[tuple[dtypes.DType, Any]], name: str | None = None,
                  op_def: Any = None, input_arg_lengths: tuple = (),
                  output_arg_lengths: tuple = (), source: str | None = None) -> Operation:
        """Adds an op (the dispatcher's job; users call op functions); made at `source`
        (`file:line`), else at the innermost user frame on the stack."""
        with self._lock:
            if self._finalized:
                self._check_not_finalized()  # raises
            for t in inputs:
                if t._op.graph is not self:
                    raise ValueError(f"Tensor {t.name} must be from the same graph as the op "
                                     f"{op_type} being created.")
            if name and name.endswith("/"):
                op_name = name[:-1]  # a scope name from name_scope(): used as it is
                if op_name in self._by_name:
                    raise ValueError(f"An op named {op_name!r} exists already in this graph.")
            else:
                op_name = self.unique_name(name or op_type)
            control = self._current_control_inputs(inputs) if self._control_dependencies else []
            device = self._device_stack[-1] if self._device_stack else ""
            op = Operation(self, op_name, op_type, inputs, attrs, output_types, control,
                           device, op_def, input_arg_lengths, output_arg_lengths, source)
            self._ops.append(op)
            self._by_name[op_name] = op
            self.version += 1
            if self._warn_at_op_count and op.source and op.source != self.caller_source:
                self._count_source(op.source)
        record = recorder[0]
        if record is not None:
            record(op_type, op.inputs, op.outputs, op.attrs, op)
        return op

    def _count_source(self, source: str) -> None:
        """Counts an op made at `source`; warns once when the graph is large and one line made
        a tenth of the ops (`UNROLL_WARNING_OPS`)."""
        count = self._ops_by_source.get(source, 0) + 1
        self._ops_by_source[source] = count
        if count > self._most_repeated[1]:
            self._most_repeated = (source, count)
        limit = self._warn_at_op_count
        if len(self._ops) >= limit and self._most_repeated[1] * 10 >= limit:
            self._warn_at_op_count = 0
            self._ops_by_source.clear()
            _warn_unrolled(self, *self._most_repeated)

    def capture(self, tensor: SymbolicTensor) -> SymbolicTensor:
        """A tensor of another graph used here: an error (function graphs capture it instead)."""
        check_in_scope(tensor, f"Tensor {tensor.name} cannot be used in this graph")
        where = f" (created at {tensor.op.source})" if tensor.op.source else ""
        raise ValueError(f"Tensor {tensor.name}{where} must be from the same graph as the ops it "
                         f"is used with; it belongs to another graph. Build everything inside "
                         f"one `with graph.as_default():` block, or return the tensor from the "
                         f"function that made it.")

    def finalize(self) -> None:
        """Makes the graph read-only: adding an op afterwards raises RuntimeError."""
        self._finalized = True

    @property
    def finalized(self) -> bool:
        return self._finalized

    def _check_not_finalized(self) -> None:
        if self._finalized:
            raise RuntimeError("Graph is finalized and cannot be modified.")

    # Names -----------------------------------------------------------------------------------
    def unique_name(self, name: str, mark_as_used: bool = True) -> str:
        """`name` prefixed by the name scope, with `_1`, `_2`, ... when already taken."""
        if self._name_stack:
            name = f"{self._name_stack}/{name}"
        key = name.lower()  # TensorFlow treats names case-insensitively here
        count = self._names_in_use.get(key, 0)
        if mark_as_used:
            self._names_in_use[key] = count + 1
        if count > 0:
            taken = f"{key}_{count}"
            while taken in self._names_in_use:
                count += 1
                taken = f"{key}_{count}"
            if mark_as_used:
                self._names_in_use[taken] = 1
            name = f"{name}_{count}"
        return name

    def get_name_scope(self) -> str:
        return self._name_stack

    @contextlib.contextmanager
    def name_scope(self, name: str | None) -> Iterator[str]:
        """Scopes op names under `name/` (seed 002's rules).

        A name ending in `/` re-enters that exact scope; `None` or `""` resets to the root;
        any other name is made unique (`a`, `a_1`, ...). Invalid names raise ValueError.
        """
        if name:
            pattern = _VALID_SCOPE_NAME if self._name_stack else _VALID_OP_NAME
            if not pattern.match(name):
                raise ValueError(f"'{name}' is not a valid scope name: use letters, digits "
                                 f"and '._-/>' (not starting with '_' or '-' at the root).")
        old = self._name_stack
        if not name:
            new = ""
        elif name.endswith("/"):
            new = name[:-1]
        else:
            new = self.unique_name(name)
        self._name_stack = new
        try:
            yield f"{new}/" if new else ""
        finally:
            self._name_stack = old

    # Collections -----------------------------------------------------------------------------
    def add_to_collection(self, name: Hashable, value: Any) -> None:
        with self._lock:
            self._check_not_finalized()
            self._collections.setdefault(name, []).append(value)

    def add_to_collections(self, names: Any, value: Any) -> None:
        for name in [names] if isinstance(names, str) else names:
            self.add_to_collection(name, value)

    def get_collection_ref(self, name: Hashable) -> list:
        """The collection's own list (changes to it change the collection)."""
        with self._lock:
            return self._collections.setdefault(name, [])

    def get_collection(self, name: Hashable, scope: str | None = None) -> list:
        """A copy of the collection, keeping items whose `name` matches `scope` from the start."""
        with self._lock:
            items = list(self._collections.get(name, []))
        if scope is None:
            return items
        pattern = re.compile(scope)
        return [item for item in items
                if isinstance(getattr(item, "name", None), str) and pattern.match(item.name)]

    def collection_singleton(self, name: Any, factory: Any) -> Any:
        """The one object kept in collection `name`, made by `factory()` on first use (the
        variable-scope and variable stores live in the graph this way, as in TensorFlow)."""
        with self._lock:
            found = self._collections.get(name)
            if not found:
                found = self._collections[name] = [factory()]
            return found[0]

    def get_all_collection_keys(self) -> list[Hashable]:
        return [k for k, v in self._collections.items() if v]

    def clear_collection(self, name: str) -> None:
        with self._lock:
            self._collections.pop(name, None)

    # Control dependencies and devices ----------------------------------------------------------
    @contextlib.contextmanager
    def control_dependencies(self, control_inputs: Any) -> Iterator[None]:
        """New ops in the block run only after `control_inputs` (ops or tensors); None clears."""
        if control_inputs is None:
            saved, self._control_dependencies = self._control_dependencies, []
            try:
                yield
            finally:
                self._control_dependencies = saved
            return
        ops = []
        for c in control_inputs:
            c = self.as_graph_element(c)
            ops.append(c.op if isinstance(c, SymbolicTensor) else c)
        self._control_dependencies.append(ops)
        try:
            yield
        finally:
            self._control_dependencies.pop()

    def _current_control_inputs(self, inputs: list[SymbolicTensor]) -> list[Operation]:
        if not self._control_dependencies:
            return []
        found: list[Operation] = []
        input_ops = {t.op for t in inputs}
        for frame in self._control_dependencies:
            for op in frame:
                if op not in found and op not in input_ops:
                    found.append(op)
        return found

    @contextlib.contextmanager
    def device(self, name: str | None) -> Iterator[None]:
        if name:
            device_type, index = parse_device_name(name)
            name = f"/device:{device_type}:{index}"
        self._device_stack.append(name or "")
        try:
            yield
        finally:
            self._device_stack.pop()

    # Text forms ------------------------------------------------------------------------------
    def as_graph_def(self) -> GraphDef:
        return GraphDef(node=[op.node_def for op in self._ops])

    def __str__(self) -> str:
        return format_graph(self)

    def lint(self) -> None:
        lint(self)


def _near(name: str, names: dict) -> str:
    import difflib
    close = difflib.get_close_matches(name, list(names), n=3)
    return f" Did you mean {', '.join(repr(c) for c in close)}?" if close else ""


# The default graph stack (per thread) and the process-wide default graph ------------------------
class _GraphState(threading.local):
    def __init__(self):
        self.stack: list[Graph] = []
        self.eager_scope = ""  # the eager name scope, "" or ending in "/"
        # The replica this thread runs for a strategy of several, as a key: a function called
        # here keeps traces of its own (they hold this replica's copies of variables).
        self.replica: Any = None


@contextlib.contextmanager
def eager_name_scope(name: str | None) -> Iterator[str]:
    """Enters a name scope while executing eagerly, where it names variables only (ops have
    no names), as in TensorFlow 2: nested scopes join with `/`, a name ending in `/` is
    entered as it is, and None or "" is the root. Eager scopes are not made unique."""
    old = _state.eager_scope
    if not name:
        new = ""
    elif name.endswith("/"):
        new = name
    else:
        new = f"{old}{name}/"
    _state.eager_scope = new
    try:
        yield new
    finally:
        _state.eager_scope = old


def current_eager_name_scope() -> str:
    """The eager name scope: "" at the root, else ending in `/`."""
    return _state.eager_scope


_state = _GraphState()
_global_default: list[Graph | None] = [None]
_eager_disabled = [False]


def get_default_graph() -> Graph:
    """The innermost graph of `as_default()` in this thread, else the global default graph."""
    if _state.stack:
        return _state.stack[-1]
    graph = _global_default[0]
    if graph is None:
        graph = _global_default[0] = Graph()
    return graph


def reset_default_graph() -> None:
    """Replaces the global default graph with a new one (not allowed inside `as_default()`)."""
    if _state.stack:
        raise AssertionError("Do not use reset_default_graph() to clear nested graphs: it "
                             "cannot be called inside a `with graph.as_default():` block.")
    _global_default[0] = Graph()


def building_graph() -> Graph | None:
    """The graph ops are being added to, or None when executing eagerly."""
    if _state.stack:
        return _state.stack[-1]
    if _eager_disabled[0]:
        return get_default_graph()
    return None


@contextlib.contextmanager
def device(name: str | None) -> Iterator[None]:
    """Places the ops created inside on device `name` (`'/CPU:0'`, `'/GPU:0'`, `'GPU'`, ...),
    as `tf.device`: eager ops, and the ops added to the graph being built (a traced function's
    or one made default with `as_default()`). `device(None)` clears an enclosing placement."""
    graph = building_graph()
    with contextlib.ExitStack() as stack:
        stack.enter_context(devices.device(name))
        if graph is not None:
            stack.enter_context(graph.device(name))
        yield


def executing_eagerly() -> bool:
    return building_graph() is None


def disable_eager_execution() -> None:
    """TensorFlow-1 mode: outside `as_default()` blocks, ops go to the default graph."""
    _eager_disabled[0] = True
    context_changed()


def enable_eager_execution() -> None:
    _eager_disabled[0] = False
    context_changed()

