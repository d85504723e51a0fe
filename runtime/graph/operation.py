"""Operations and their outputs: `Operation`, `SymbolicTensor`, and their records (`NodeDef`).

A `SymbolicTensor` is an output of an `Operation` of a `Graph`; its value exists only when the
graph runs, so asking for it (`.numpy()`, `bool(t)`, `int(t)`) is an error that says why and
what to do instead. A tensor of a function that has returned is out of scope (`check_in_scope`).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from autograph.runtime.core import dtypes
from autograph.runtime.core.tensor_shape import TensorShape, as_raw_shape, raw_merge
from autograph.runtime.graph.default_session import get_default_session
from autograph.runtime.graph.source_lines import user_frame
from autograph.runtime.graph.tensor import Tensor

if TYPE_CHECKING:  # annotations only: graphs import this module
    from autograph.runtime.graph.graph import Graph


class SymbolicTensorTypeError(TypeError):
    """A symbolic tensor used where Python needs its value (`bool`, `iter`, `int`, `float`,
    an index, `len` of an unknown dimension): a TypeError, as TensorFlow's
    OperatorNotAllowedInGraphError is. Plain Python on values never raises it."""


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
        raise SymbolicTensorTypeError(_no_value(
            self, f"Using symbolic tensor {self.name} as a Python bool is not allowed",
            "Use ag.cond(pred, true_fn, false_fn) for a branch, or write the code in an "
            "@ag.function so AutoGraph converts the `if`.",
            "Use ag.cond(pred, true_fn, false_fn), or let AutoGraph convert the `if` (it "
            "converts the function's own code unless autograph=False or ag.do_not_convert)."))

    def __iter__(self):
        shape = self._shape
        if shape is None or not shape or shape[0] is None:
            raise SymbolicTensorTypeError(_no_value(
                self, f"Cannot iterate over symbolic tensor {self.name} of shape {self.shape}",
                "The number of elements is not known: use ag.while_loop, ag.unstack, or an "
                "@ag.function loop."))
        return (self[i] for i in range(shape[0]))

    def __len__(self) -> int:
        shape = self._shape
        if shape is None or not shape or shape[0] is None:
            raise SymbolicTensorTypeError(
                f"len() of symbolic tensor {self.name} is not known statically (shape "
                f"{self.shape}); use ag.shape(x)[0].")
        return shape[0]

    def __index__(self) -> int:
        raise SymbolicTensorTypeError(_no_value(
            self, f"Symbolic tensor {self.name} cannot be used as a Python index",
            "Index with a tensor through ag.gather, or use a Python int."))

    def __int__(self) -> int:
        raise SymbolicTensorTypeError(_no_value(
            self, f"int() of symbolic tensor {self.name} cannot work",
            "Use ag.cast(x, ag.int32) to convert it in the graph."))

    def __float__(self) -> float:
        raise SymbolicTensorTypeError(_no_value(
            self, f"float() of symbolic tensor {self.name} cannot work",
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
                 input_arg_lengths: tuple[int, ...] = (), output_arg_lengths: tuple = (),
                 source: str | None = None):
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
        if len(output_types) == 1:  # most ops: no comprehension to run
            ((dt, shape),) = output_types
            self.outputs = [SymbolicTensor(self, 0, dt, shape)]
        else:
            self.outputs = [SymbolicTensor(self, i, dt, shape)
                            for i, (dt, shape) in enumerate(output_types)]
        # Where the user made it (`file:line`), looked up on the stack unless given.
        self.source = user_frame() if source is None else source

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


# What a symbolic tensor raises where Python needs its value.
NO_VALUE_ERRORS = (SymbolicTensorTypeError, SymbolicValueError)


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
    current: Graph | None = graph
    while current is not None and current.building_function:
        name = getattr(current, "name", None) or name
        current = getattr(current, "outer_graph", None)
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
