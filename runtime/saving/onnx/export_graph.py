"""Our graphs as ONNX graphs.

`ModelExport` holds what the whole model shares: the opset, the initializers that hold the
variables' values, and the value names, unique across the model and its subgraphs (ONNX
subgraphs see the names of the graphs around them). `GraphExport` writes the nodes of one of
our graphs (the function's, a branch's, a loop body's) through the op table, keeping which
ONNX name each of our tensors has. Resource tensors (variable handles) have no ONNX value:
`GraphExport` keeps the handle they hold, and reading the variable names its initializer.
"""

from __future__ import annotations

import linecache
from typing import Any, Sequence

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.graph.constant_value import constant_value
from autograph.runtime.saving.onnx.export_table import TABLE
from autograph.runtime.saving.onnx.onnx_module import onnx, onnx_type

# Why some ops have no ONNX form, for the message naming them.
_WHY = {
    "AssignVariableOp": "an ONNX model cannot change variables",
    "AssignAddVariableOp": "an ONNX model cannot change variables",
    "AssignSubVariableOp": "an ONNX model cannot change variables",
    **{op: "an ONNX model cannot change variables" for op in (
        "ResourceScatterAdd", "ResourceScatterSub", "ResourceScatterMul", "ResourceScatterDiv",
        "ResourceScatterMin", "ResourceScatterMax", "ResourceScatterUpdate")},
    "PrintV2": "an ONNX model has no side effects such as printing",
    "StringFormat": "ONNX has no string formatting, which ag.print and ag.strings.format make",
    "Assert": "an ONNX model has no asserts",
    "PyFunc": "Python code cannot run inside an ONNX model",
    "EagerPyFunc": "Python code cannot run inside an ONNX model",
    "PyFuncStateless": "Python code cannot run inside an ONNX model",
}


def where(op: Any) -> str:
    """`op` for messages: its type, name and the user's line that made it."""
    text = f"{op.type} op {op.name!r}"
    source = getattr(op, "source", None)
    if source:
        filename, _, line = source.rpartition(":")
        code = linecache.getline(filename, int(line)).strip() if line.isdigit() else ""
        text += f" (made at {source}" + (f": `{code}`)" if code else ")")
    return text


def unmapped(op: Any) -> ValueError:
    why = _WHY.get(op.type)
    return ValueError(
        f"ag.onnx.export: {where(op)} has no ONNX mapping"
        + (f" ({why})" if why else "") + ". docs/onnx.md lists the ops that export; compute "
        "this with those, or keep it out of the exported function.")


class ModelExport:
    """What the model's graphs share: opset, initializers, unique names."""

    def __init__(self, opset: int):
        self.opset = opset
        self.initializers: list[Any] = []
        self._variables: dict[int, str] = {}
        self._used: set[str] = set()

    def unique(self, base: str) -> str:
        """`base`, or `base_1`, `base_2`, ...: a name no value of the model has yet."""
        name, n = base, 0
        while name in self._used:
            n += 1
            name = f"{base}_{n}"
        self._used.add(name)
        return name

    def variable(self, handle: Any) -> str:
        """The initializer holding the current value of the variable behind `handle`."""
        found = self._variables.get(id(handle))
        if found is None:
            if not handle.manager.contains(handle.key):
                raise ValueError(f"ag.onnx.export: variable {handle.name!r} has no value yet; "
                                 f"initialize it before exporting.")
            value = handle.manager.lookup(handle.key)
            if not isinstance(value, np.ndarray) and hasattr(value, "get"):
                value = value.get()  # a CuPy array
            found = self._variables[id(handle)] = self.unique(handle.name)
            self.initializers.append(tensor_proto(np.asarray(value), found))
        return found


def tensor_proto(value: np.ndarray, name: str) -> Any:
    """`value` as an ONNX `TensorProto` (strings as bytes)."""
    helper = onnx().helper
    if value.dtype == object or value.dtype.kind in "SU":
        items = [v if isinstance(v, bytes) else str(v).encode() for v in value.ravel()]
        return helper.make_tensor(name, onnx().TensorProto.STRING, value.shape, items)
    return onnx().numpy_helper.from_array(value, name)


def value_info(name: str, dtype: dtypes.DType, shape: Any, symbolic: bool = False) -> Any:
    """A typed ONNX value: unknown dims named `<name>_dim_<i>` when `symbolic`, else left
    blank; an unknown rank (shape None) leaves the shape out."""
    dims = None
    if shape is not None:
        dims = [f"{name}_dim_{i}" if d is None and symbolic else d for i, d in enumerate(shape)]
    return onnx().helper.make_tensor_value_info(name, onnx_type(dtype), dims)


class GraphExport:
    """The ONNX nodes of one of our graphs, written into `nodes` (a parent's list when the
    graph is inlined, as a loop's condition is)."""

    def __init__(self, model: ModelExport, prefix: str, nodes: list | None = None):
        self.model = model
        self.prefix = prefix
        self.nodes: list[Any] = [] if nodes is None else nodes
        self._names: dict[int, str] = {}
        self._resources: dict[int, Any] = {}
        self._preferred: dict[int, str] = {}
        self._tensors: list[Any] = []  # keeps the tensors keyed by id alive

    @property
    def opset(self) -> int:
        return self.model.opset

    # Names ----------------------------------------------------------------------------------
    def bind(self, tensor: Any, name: str) -> None:
        """Gives our `tensor` the ONNX value `name`."""
        self._tensors.append(tensor)
        self._names[id(tensor)] = name

    def prefer(self, tensor: Any, name: str) -> None:
        """Names `tensor` `name` (reserved already) when its op is written: an output."""
        self._tensors.append(tensor)
        self._preferred[id(tensor)] = name

    def bind_resource(self, tensor: Any, handle: Any) -> None:
        self._tensors.append(tensor)
        self._resources[id(tensor)] = handle

    def bind_like(self, tensor: Any, source: Any, other: GraphExport) -> None:
        """Gives `tensor` what `source` has in `other`: its ONNX name, or its handle."""
        if source.dtype is dtypes.resource:
            self.bind_resource(tensor, other.resource(source))
        else:
            self.bind(tensor, other.name(source))

    def name(self, tensor: Any) -> str:
        """The ONNX name of our `tensor`."""
        found = self._names.get(id(tensor))
        if found is None:
            raise ValueError(f"ag.onnx.export: {tensor.name} is used before it is made "
                             f"(in {self.prefix or 'the function'}).")
        return found

    def resource(self, tensor: Any) -> Any:
        """The variable handle a resource tensor holds."""
        found = self._resources.get(id(tensor))
        if found is None:
            raise ValueError(f"ag.onnx.export: {where(tensor.op)} gives a variable handle "
                             f"that is not known when the graph is written.")
        return found

    def input(self, op: Any, index: int) -> str:
        return self.name(op.inputs[index])

    def fresh(self, base: str) -> str:
        return self.model.unique(self.prefix + base)

    def outputs(self, op: Any) -> list[str]:
        """Fresh ONNX names for `op`'s outputs, bound to them."""
        names = []
        for i, t in enumerate(op.outputs):
            name = self._preferred.get(id(t)) or self.fresh(
                op.name if i == 0 else f"{op.name}:{i}")
            self.bind(t, name)
            names.append(name)
        return names

    def constant_value(self, tensor: Any) -> np.ndarray | None:
        return constant_value(tensor)

    # Nodes ----------------------------------------------------------------------------------
    def node(self, op_type: str, inputs: Sequence[str], outputs: Sequence[str] | int,
             **attrs: Any) -> list[str]:
        """Appends an ONNX node; `outputs` is its output names or how many fresh ones."""
        if isinstance(outputs, int):
            outputs = [self.fresh(op_type) for _ in range(outputs)]
        outputs = list(outputs)
        self.nodes.append(onnx().helper.make_node(op_type, list(inputs), outputs,
                                                  name=outputs[0] if outputs else None,
                                                  **attrs))
        return outputs

    def one(self, op_type: str, inputs: Sequence[str], **attrs: Any) -> str:
        """Appends a node of one output and returns that output's name."""
        return self.node(op_type, inputs, 1, **attrs)[0]

    def const(self, value: Any, dtype: Any = None) -> str:
        """A `Constant` node holding `value` (a NumPy array, or a value of `dtype`)."""
        array = np.asarray(value, dtype=dtype)
        name = self.fresh("Const")
        self.node("Constant", [], [name], value=tensor_proto(array, name + "_value"))
        return name

    def int64(self, tensor: Any) -> str:
        """The ONNX name of our integer `tensor` as int64 (the type of ONNX shapes and axes):
        a constant when its value is known."""
        value = constant_value(tensor)
        if value is not None:
            return self.const(np.asarray(value, np.int64))
        name = self.name(tensor)
        if tensor.dtype is dtypes.int64:
            return name
        return self.one("Cast", [name], to=onnx().TensorProto.INT64)

    # Graphs -----------------------------------------------------------------------------------
    def convert(self, graph: Any) -> None:
        """Writes the nodes of every op of `graph` (its placeholders already bound)."""
        for op in graph.get_operations():
            if op.type == "Placeholder":
                if not all(id(t) in self._names or id(t) in self._resources
                           for t in op.outputs):
                    raise ValueError(f"ag.onnx.export: placeholder {op.name!r} of "
                                     f"{getattr(graph, 'name', 'the graph')} is not an input.")
                continue
            converter = TABLE.get(op.type)
            if converter is None:
                raise unmapped(op)
            if self.opset < converter.opset:
                raise ValueError(
                    f"ag.onnx.export: {where(op)} needs ONNX opset {converter.opset} or later, "
                    f"and the export asked for opset {self.opset}; pass "
                    f"opset={converter.opset} (or higher).")
            converter.fn(self, op)

    def child(self, prefix: str) -> GraphExport:
        """An empty subgraph's export, its names under `prefix`."""
        return GraphExport(self.model, prefix)

    def run_inline(self, graph: Any, inputs: Sequence[Any], prefix: str) -> list[str]:
        """Writes `graph`'s nodes into this graph's, its inputs bound as our tensors `inputs`
        are here; returns the ONNX names of its outputs."""
        inner = GraphExport(self.model, prefix, self.nodes)
        for placeholder, outer in zip(graph.inputs, inputs):
            inner.bind_like(placeholder, outer, self)
        inner.convert(graph)
        return [inner.name(t) for t in graph.outputs]

    def finish(self, name: str, outputs: Sequence[tuple[str, Any, Any]],
               inputs: Sequence[Any] = ()) -> Any:
        """This graph as an ONNX `GraphProto` returning `outputs` (name, dtype, shape) each
        through an `Identity` of its own, as ONNX subgraph outputs must be made inside."""
        infos = []
        for value, dtype, shape in outputs:
            out = self.fresh(f"{name}_output")
            self.node("Identity", [value], [out])
            infos.append(value_info(out, dtype, shape))
        return onnx().helper.make_graph(self.nodes, name, list(inputs), infos)


def prune(graph: Any) -> None:
    """Removes the nodes of `graph` and its subgraphs whose outputs nothing reads (constants
    that an attribute took the value of, say), until none is left."""
    while True:
        used: set[str] = set()
        _reads(graph, used)
        if not _drop_unread(graph, used):
            return


def _subgraphs(node: Any) -> list[Any]:
    graphs = []
    for attr in node.attribute:
        if attr.HasField("g"):
            graphs.append(attr.g)
        graphs.extend(attr.graphs)
    return graphs


def _reads(graph: Any, used: set[str]) -> None:
    used.update(out.name for out in graph.output)
    for node in graph.node:
        used.update(node.input)
        for sub in _subgraphs(node):
            _reads(sub, used)


def _drop_unread(graph: Any, used: set[str]) -> bool:
    dropped = False
    kept = []
    for node in graph.node:
        if node.output and not any(name in used for name in node.output):
            dropped = True
            continue
        for sub in _subgraphs(node):
            dropped = _drop_unread(sub, used) or dropped
        kept.append(node)
    if dropped:
        del graph.node[:]
        graph.node.extend(kept)
    return dropped
