"""The graph IR: `Graph`, `Operation`, `SymbolicTensor`, and the default-graph stack.

A graph owns its operations in creation order (which is a topological order: an op's inputs
exist before it), a name stack with unique-name counters, collections, and the
control-dependency and device stacks that new ops pick up. Ops are added by the dispatcher
(`runtime.dispatch`) when a graph is being built: inside `Graph.as_default()`, or anywhere
after `disable_eager_execution()`.

A graph built by tracing a function is marked with `returned_from` when the trace ends: its
tensors used anywhere else afterwards ("leaked" through a global, a list or an attribute) raise
an error naming the tensor, the function and the line that made it. A function graph that
reaches `UNROLL_WARNING_OPS` ops warns once (`UnrolledLoopWarning`), as an unrolled Python loop
usually causes that.

>>> g = Graph()
>>> op = g.create_op("Placeholder", [], {"dtype": dtypes.float32, "shape": (None, 3)},
...                  [(dtypes.float32, (None, 3))], name="x")
>>> x = op.outputs[0]
>>> x.name, x.op.type, str(x.shape)
('x:0', 'Placeholder', '(None, 3)')

At over 500 lines this module is due to be divided when the runtime becomes sub-packages
(core, registry, graph, exec, ...); until then it stays one unit.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import linecache
import os
import re
import sys
import threading
import warnings
from typing import Any, Callable, Iterator

from runtime import devices, dtypes
from runtime.default_session import get_default_session
from runtime.devices import parse_device_name
from runtime.tensor import Tensor
from runtime.tensor_shape import TensorShape, as_raw_shape, raw_merge

_VALID_OP_NAME = re.compile(r"^[A-Za-z0-9.][A-Za-z0-9_.\-/>]*$")
_VALID_SCOPE_NAME = re.compile(r"^[A-Za-z0-9_.\-/>]*$")

UNROLL_WARNING_OPS = 1000
"""A function graph reaching this many ops warns once (`UnrolledLoopWarning`)."""


class UnrolledLoopWarning(UserWarning):
    """A function graph grew large, most likely from a Python loop unrolled while tracing."""


class SymbolicValueError(AttributeError, NotImplementedError):
    """`.numpy()` of a symbolic tensor, which has no value outside its running graph.

    An `AttributeError`, as TensorFlow raises there (`'SymbolicTensor' object has no attribute
    'numpy'`), so `except AttributeError` written for TensorFlow works; and a
    `NotImplementedError`, so code catching that works too. The message says why the tensor
    has no value there and what to do instead.
    """


class SymbolicTensor(Tensor):
    """An output of an `Operation`: its value exists only when the graph runs."""

    __slots__ = ("_op", "_index", "_dtype", "_shape", "__weakref__")

    def __init__(self, op: Operation, index: int, dtype: dtypes.DType, shape: Any):
        self._op = op
        self._index = index
        self._dtype = dtype
        self._shape = shape  # raw shape

    @property
    def op(self) -> Operation:
        return self._op

    @property
    def graph(self) -> Graph:
        return self._op.graph

    @property
    def value_index(self) -> int:
        return self._index

    @property
    def name(self) -> str:
        return f"{self._op.name}:{self._index}"

    @property
    def dtype(self) -> dtypes.DType:
        return self._dtype

    @property
    def shape(self) -> TensorShape:
        return TensorShape(self._shape)

    @property
    def device(self) -> str:
        return self._op.device

    def set_shape(self, shape: Any) -> None:
        """Refines the static shape (ValueError when incompatible with what is known)."""
        self._shape = raw_merge(self._shape, as_raw_shape(shape))

    def consumers(self) -> list[Operation]:
        return [op for op in self.graph.get_operations() if self in op.inputs]

    def numpy(self):
        raise SymbolicValueError(_no_value(
            self, f"Tensor {self.name} is symbolic, so .numpy() cannot work",
            f"Run it with ag.Session(graph).run({self.name!r}), or call the function eagerly.",
            "Use ag.print(x) to see its value every time the function runs, or return it from "
            "the function and call .numpy() on the result."))

    def eval(self, feed_dict: dict | None = None, session: Any = None) -> Any:
        """The value of this tensor in `session` (default: the default session)."""
        session = session or get_default_session()
        if session is None:
            raise ValueError("Cannot evaluate tensor using `eval()`: no default session is "
                             "registered. Use `with ag.Session():` or pass session=.")
        return session.run(self, feed_dict=feed_dict)

    def __bool__(self) -> bool:
        raise TypeError(_no_value(
            self, f"Using symbolic tensor {self.name} as a Python bool is not allowed",
            "Use ag.cond(pred, true_fn, false_fn) for a branch, or write the code in an "
            "@ag.function so AutoGraph converts the `if`.",
            "Use ag.cond(pred, true_fn, false_fn), or let AutoGraph convert the `if` (it "
            "converts the function's own code unless autograph=False or ag.do_not_convert)."))

    def __iter__(self):
        shape = self._shape
        if shape is None or not shape or shape[0] is None:
            raise TypeError(_no_value(
                self, f"Cannot iterate over symbolic tensor {self.name} of shape {self.shape}",
                "The number of elements is not known: use ag.while_loop, ag.unstack, or an "
                "@ag.function loop."))
        return (self[i] for i in range(shape[0]))

    def __len__(self) -> int:
        shape = self._shape
        if shape is None or not shape or shape[0] is None:
            raise TypeError(f"len() of symbolic tensor {self.name} is not known statically "
                            f"(shape {self.shape}); use ag.shape(x)[0].")
        return shape[0]

    def __index__(self) -> int:
        raise TypeError(_no_value(
            self, f"Symbolic tensor {self.name} cannot be used as a Python index",
            "Index with a tensor through ag.gather, or use a Python int."))

    def __int__(self) -> int:
        raise TypeError(_no_value(self, f"int() of symbolic tensor {self.name} cannot work",
                                  "Use ag.cast(x, ag.int32) to convert it in the graph."))

    def __float__(self) -> float:
        raise TypeError(_no_value(self, f"float() of symbolic tensor {self.name} cannot work",
                                  "Use ag.cast(x, ag.float32) to convert it in the graph."))

    # TensorFlow 2 semantics: in a function graph `==` is elementwise and tensors unhashable;
    # in a TensorFlow-1 style graph tensors compare by identity and hash by id (feed_dict keys).
    def __eq__(self, other: Any):
        if self.graph.building_function:
            return Tensor.__eq__(self, other)  # elementwise, installed by the ops layer
        return self is other

    def __ne__(self, other: Any):
        if self.graph.building_function:
            return Tensor.__ne__(self, other)
        return self is not other

    def __hash__(self) -> int:
        if self.graph.building_function:
            return Tensor.__hash__(self)
        return id(self)

    def __repr__(self) -> str:
        return f"<ag.Tensor '{self.name}' shape={self.shape} dtype={self._dtype.name}>"

    def __str__(self) -> str:  # as TensorFlow prints a symbolic tensor
        shape = f", shape={self.shape}" if self._shape is not None else ""
        return f'Tensor("{self.name}"{shape}, dtype={self._dtype.name})'


class Operation:
    """One node of a graph: an op type, inputs, attrs and outputs."""

    def __init__(self, graph: Graph, name: str, op_type: str, inputs: list[SymbolicTensor],
                 attrs: dict[str, Any], output_types: list[tuple[dtypes.DType, Any]],
                 control_inputs: list[Operation], device: str, op_def: Any = None,
                 input_arg_lengths: tuple[int, ...] = (), output_arg_lengths: tuple = ()):
        self.graph = graph
        self.name = name
        self.type = op_type
        self.inputs = list(inputs)
        self.attrs = dict(attrs)
        self.control_inputs = list(control_inputs)
        self.device = device
        self.op_def = op_def
        # How the flat inputs/outputs group into the OpDef's args (list args hold several).
        self.input_arg_lengths = input_arg_lengths or (1,) * len(inputs)
        self.output_arg_lengths = output_arg_lengths or (1,) * len(output_types)
        self.outputs = [SymbolicTensor(self, i, dt, shape)
                        for i, (dt, shape) in enumerate(output_types)]
        self.source = _user_frame()

    @property
    def values(self) -> list[SymbolicTensor]:
        return self.outputs

    def input_groups(self) -> list[tuple[Any, list[SymbolicTensor]]]:
        """The inputs grouped by the OpDef's input args: `[(arg, tensors), ...]`."""
        return _grouped(self.op_def.input_arg, self.input_arg_lengths, self.inputs)

    def output_groups(self) -> list[tuple[Any, list[SymbolicTensor]]]:
        """The outputs grouped by the OpDef's output args: `[(arg, tensors), ...]`."""
        return _grouped(self.op_def.output_arg, self.output_arg_lengths, self.outputs)

    def get_attr(self, name: str) -> Any:
        if name not in self.attrs:
            raise ValueError(f"Operation {self.name!r} ({self.type}) has no attr named {name!r}.")
        return self.attrs[name]

    def run(self, feed_dict: dict | None = None, session: Any = None) -> None:
        (session or get_default_session()).run(self, feed_dict=feed_dict)

    @property
    def node_def(self) -> NodeDef:
        return NodeDef(
            name=self.name, op=self.type,
            input=[_input_name(t) for t in self.inputs] + [f"^{c.name}"
                                                          for c in self.control_inputs],
            attr=dict(self.attrs), device=self.device)

    def __repr__(self) -> str:
        return f"<ag.Operation '{self.name}' type={self.type}>"


def _grouped(args: Any, lengths: tuple[int, ...], items: list) -> list[tuple[Any, list]]:
    groups, start = [], 0
    for arg, n in zip(args, lengths):
        groups.append((arg, items[start:start + n]))
        start += n
    return groups


def _no_value(tensor: SymbolicTensor, problem: str, advice: str,
              tracing_advice: str | None = None) -> str:
    """`problem` explained: why `tensor` has no Python value here, and what to do instead."""
    graph = tensor.graph
    if graph.returned_from is not None:
        return f"{problem}: {out_of_scope_reason(tensor)}"
    traced = _traced_function(graph)
    if traced is not None:
        return (f"{problem}: it has no value while tracing function {traced!r} (the function's "
                f"graph is being built, not run). {tracing_advice or advice}")
    return f"{problem}: it has no value until its graph runs. {advice}"


def _traced_function(graph: Graph) -> str | None:
    """The name of the outermost function being traced that `graph` belongs to, if any."""
    name = None
    while graph is not None and graph.building_function:
        name = getattr(graph, "name", None) or name
        graph = getattr(graph, "outer_graph", None)
    return name


def out_of_scope_reason(tensor: SymbolicTensor) -> str:
    """Why a tensor of a function that has returned cannot be used, and what to do instead."""
    function = tensor.graph.returned_from
    where = f" at {tensor.op.source}" if tensor.op.source else ""
    return (f"it was made{where} while tracing function {function!r}, which has returned, so "
            f"it is out of scope here: it stands for a value inside that function's graph and "
            f"has none outside it. Return it from {function!r} and use the returned value "
            f"(keeping a tensor in a global, a list or an object attribute while tracing keeps "
            f"only the trace's symbolic tensor).")


def check_in_scope(tensor: SymbolicTensor, use: str) -> None:
    """Raises TypeError when `tensor` belongs to a function that has returned (a "leak").

    Args:
        tensor: a symbolic tensor about to be used outside its graph.
        use: what it is used for, starting the message ("Input 'x' of AddV2").
    """
    if tensor.graph.returned_from is not None:
        raise TypeError(f"{use}: {out_of_scope_reason(tensor)}")


def _input_name(t: SymbolicTensor) -> str:
    return t.op.name if t.value_index == 0 else t.name


@dataclasses.dataclass
class NodeDef:
    """The record of one op in `Graph.as_graph_def()`, with TensorFlow's field names."""

    name: str
    op: str
    input: list[str]
    attr: dict[str, Any]
    device: str = ""


@dataclasses.dataclass
class GraphDef:
    node: list[NodeDef]
    versions: dict[str, int] = dataclasses.field(default_factory=lambda: {"producer": 1})


_PACKAGE_DIRS = tuple(
    os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), name) + os.sep
    for name in ("runtime", "kernels", "autograph"))


_GENERATED_PREFIX = "<autograph: "  # file names of converted code (autograph.pyct.loader)
_source_resolver: list[Callable[[str, int], tuple[str, int] | None] | None] = [None]


def set_generated_source_resolver(
        resolver: Callable[[str, int], tuple[str, int] | None] | None) -> Any:
    """Lets op sources name the user's line inside converted code; returns the resolver it
    replaces.

    The converter (a layer above this one) gives `resolver(generated_file, line)`, which
    answers the user's `(file, line)` for a line of code it generated, or None.
    """
    previous, _source_resolver[0] = _source_resolver[0], resolver
    return previous


def user_source(filename: str, line: int) -> tuple[str, int]:
    """The user's `(file, line)` for a frame's: a line of converted code as the line it was
    generated from, where the resolver knows it; any other as it is."""
    resolver = _source_resolver[0]
    if resolver is not None and filename.startswith(_GENERATED_PREFIX):
        found = resolver(filename, line)
        if found is not None:
            return found
    return filename, line


def _user_frame() -> str:
    """`file:line` of the innermost frame outside this project's packages, for messages.

    A frame of converted code counts as the user's line it was generated from, where the
    resolver knows it.
    """
    frame = sys._getframe(1)
    resolver = _source_resolver[0]
    for _ in range(30):
        if frame is None:
            break
        filename = frame.f_code.co_filename
        if _is_user_file(filename):
            return f"{filename}:{frame.f_lineno}"
        if resolver is not None and filename.startswith(_GENERATED_PREFIX):
            found = resolver(filename, frame.f_lineno)
            if found is not None:
                return f"{found[0]}:{found[1]}"
        frame = frame.f_back
    return ""


def _warn_unrolled(graph: Graph, op: Operation) -> None:
    """Warns that function graph `graph` has reached `UNROLL_WARNING_OPS` ops with `op`."""
    filename, _, line = op.source.rpartition(":")
    text = linecache.getline(filename, int(line)).strip() if line.isdigit() else ""
    at = f" at {op.source}" + (f" (`{text}`)" if text else "") if op.source else ""
    name = _traced_function(graph) or getattr(graph, "name", "?")
    message = (
        f"Function {name!r} has {len(graph._ops)} ops, the latest added{at}. This usually "
        f"means a Python loop (over a Python range, list or other iterable) is being "
        f"unrolled: tracing runs its body once per iteration, adding a copy of its ops each "
        f"time. Loop over ag.range(n), or give the loop a tensor bound, so it becomes one "
        f"while_loop whose size does not depend on the number of iterations.")
    if line.isdigit():
        warnings.warn_explicit(message, UnrolledLoopWarning, filename, int(line))
    else:
        warnings.warn(message, UnrolledLoopWarning, stacklevel=3)


@functools.lru_cache(maxsize=1024)
def _is_user_file(filename: str) -> bool:
    # "<autograph: ...>" names converted code (autograph.pyct.loader, a layer above this one).
    if filename.startswith("<autograph: "):
        return False
    path = os.path.abspath(filename)
    return not path.startswith(_PACKAGE_DIRS) and not path.endswith("contextlib.py")


class Graph:
    """A dataflow graph (TensorFlow's `tf.Graph`).

    Attributes:
        building_function: whether the graph stands for a function (a `FuncGraph`).
        returned_from: the name of the function whose trace built this graph, set when that
            trace has returned; its tensors are then out of scope everywhere else.
    """

    building_function = False
    returned_from: str | None = None

    def __init__(self):
        self._lock = threading.RLock()
        self._ops: list[Operation] = []
        self._by_name: dict[str, Operation] = {}
        self._names_in_use: dict[str, int] = {}
        self._name_stack = ""
        self._collections: dict[str, list] = {}
        self._control_dependencies: list[list[Operation]] = []
        self._device_stack: list[str] = []
        self._finalized = False
        self.version = 0  # bumped on every change; plan caches key on it
        self.seed: int | None = None
        # The op count at which a function graph warns of an unrolled loop (0: never).
        self._warn_at_op_count = UNROLL_WARNING_OPS if self.building_function else 0

    # Default graph ---------------------------------------------------------------------------
    @contextlib.contextmanager
    def as_default(self) -> Iterator[Graph]:
        """Makes this the graph new ops go to, in this thread, inside the `with` block."""
        _state.stack.append(self)
        try:
            yield self
        finally:
            _state.stack.pop()

    # Operations ------------------------------------------------------------------------------
    def get_operations(self) -> list[Operation]:
        return list(self._ops)

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
                  output_arg_lengths: tuple = ()) -> Operation:
        """Adds an op (the dispatcher's job; users call op functions)."""
        with self._lock:
            self._check_not_finalized()
            for t in inputs:
                if t.graph is not self:
                    raise ValueError(f"Tensor {t.name} must be from the same graph as the op "
                                     f"{op_type} being created.")
            if name and name.endswith("/"):
                op_name = name[:-1]  # a scope name from name_scope(): used as it is
                if op_name in self._by_name:
                    raise ValueError(f"An op named {op_name!r} exists already in this graph.")
            else:
                op_name = self.unique_name(name or op_type)
            control = self._current_control_inputs(inputs)
            device = self._device_stack[-1] if self._device_stack else ""
            op = Operation(self, op_name, op_type, inputs, attrs, output_types, control,
                           device, op_def, input_arg_lengths, output_arg_lengths)
            self._ops.append(op)
            self._by_name[op_name] = op
            self.version += 1
            if len(self._ops) == self._warn_at_op_count:
                _warn_unrolled(self, op)
            return op

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
            base = key
            while f"{base}_{count}" in self._names_in_use:
                count += 1
            if mark_as_used:
                self._names_in_use[f"{base}_{count}"] = 1
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
    def add_to_collection(self, name: str, value: Any) -> None:
        with self._lock:
            self._check_not_finalized()
            self._collections.setdefault(name, []).append(value)

    def add_to_collections(self, names: Any, value: Any) -> None:
        for name in [names] if isinstance(names, str) else names:
            self.add_to_collection(name, value)

    def get_collection_ref(self, name: str) -> list:
        """The collection's own list (changes to it change the collection)."""
        with self._lock:
            return self._collections.setdefault(name, [])

    def get_collection(self, name: str, scope: str | None = None) -> list:
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

    def get_all_collection_keys(self) -> list[str]:
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
        from runtime.graph_printer import format_graph
        return format_graph(self)

    def lint(self) -> None:
        from runtime.graph_lint import lint
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
    if _global_default[0] is None:
        _global_default[0] = Graph()
    return _global_default[0]


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


def enable_eager_execution() -> None:
    _eager_disabled[0] = False

