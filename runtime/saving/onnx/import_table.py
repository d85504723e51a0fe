"""The import op table, and running an ONNX graph's nodes through it.

Each entry takes the `Scope` (the values made so far, by ONNX name, and the model's opset), the
node, its inputs as our tensors (None for an omitted optional input) and its attributes as
Python values (a tensor attribute as a NumPy array, a graph as a `GraphProto`); it returns the
node's outputs as our tensors. `run_graph` calls them in the file's order (ONNX lists nodes
topologically) while a function is traced, so the model becomes one of our graphs.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from autograph.runtime.core.errors import OpError
from autograph.runtime.graph.constant_value import constant_value
from autograph.runtime.saving.onnx.onnx_module import onnx

TABLE: dict[str, Callable[..., Any]] = {}


def imports(*op_types: str) -> Callable:
    """Registers the decorated function as the importer of ONNX `op_types`."""
    def register(fn: Callable[..., Any]) -> Callable[..., Any]:
        for op_type in op_types:
            TABLE[op_type] = fn
        return fn
    return register


class Scope:
    """The values of one ONNX graph by name; a subgraph's scope reads its parent's too."""

    def __init__(self, opset: int, parent: Scope | None = None):
        self.opset = opset
        self.parent = parent
        self.values: dict[str, Any] = {}

    def get(self, name: str) -> Any:
        scope: Scope | None = self
        while scope is not None:
            if name in scope.values:
                return scope.values[name]
            scope = scope.parent
        raise ValueError(f"ag.onnx.load: value {name!r} is read before any node makes it.")

    def child(self) -> Scope:
        return Scope(self.opset, self)


def describe(node: Any) -> str:
    return f"ONNX node {node.name!r} ({node.op_type})" if node.name else \
        f"an ONNX {node.op_type} node"


def attributes(node: Any) -> dict[str, Any]:
    """The node's attributes as Python values."""
    module = onnx()
    found = {}
    for attr in node.attribute:
        value = module.helper.get_attribute_value(attr)
        if isinstance(value, module.TensorProto):
            value = module.numpy_helper.to_array(value)
        elif isinstance(value, bytes):
            value = value.decode()
        elif isinstance(value, list) and value and isinstance(value[0], bytes):
            value = [v.decode() for v in value]
        found[attr.name] = value
    return found


def static(value: Any, node: Any, what: str) -> np.ndarray:
    """The value of our tensor `value`, which must be known while the model is traced."""
    found = constant_value(value)
    if found is None:
        raise ValueError(f"ag.onnx.load: {describe(node)} takes its {what} from a value "
                         f"computed at run time; autograph needs it known when the model "
                         f"is loaded.")
    return np.asarray(found)


def unsupported(node: Any, what: str) -> ValueError:
    return ValueError(f"ag.onnx.load: {describe(node)} uses {what}, which autograph does not "
                      f"run.")


def run_graph(graph: Any, scope: Scope) -> None:
    """Traces every node of `graph` into the graph being built, values kept in `scope`."""
    for node in graph.node:
        inputs = [scope.get(name) if name else None for name in node.input]
        try:
            outputs = TABLE[node.op_type](scope, node, inputs, attributes(node))
        except (ValueError, TypeError, OpError) as e:  # a shape or dtype our op refuses
            if str(e).startswith("ag.onnx.load"):
                raise
            raise type(e)(f"ag.onnx.load: {describe(node)}: {e}") from e
        if not isinstance(outputs, (list, tuple)):
            outputs = [outputs]
        for name, value in zip(node.output, outputs):
            if name:
                scope.values[name] = value


def check_ops(graph: Any, where: str = "") -> None:
    """ValueError naming the first node (in `graph` or its subgraphs) of an op type the table
    lacks."""
    module = onnx()
    for node in graph.node:
        if node.domain:  # the checker refuses "ai.onnx", the standard domain's other name
            raise ValueError(f"ag.onnx.load: {describe(node)}{where} is an op of domain "
                             f"{node.domain!r}; autograph runs the standard ONNX ops only.")
        if node.op_type not in TABLE:
            raise ValueError(f"ag.onnx.load: {describe(node)}{where} is an ONNX op autograph "
                             f"cannot run; docs/onnx.md lists the ops it can.")
        for attr in node.attribute:
            if attr.type == module.AttributeProto.GRAPH:
                check_ops(attr.g, f" (inside {describe(node)})")
