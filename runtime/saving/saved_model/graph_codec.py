"""Function graphs and attr values to JSON and back, losslessly.

A graph is written as its ops in creation order, each with its inputs (`"op:index"`),
control inputs, attrs, output dtypes and shapes, device and the user's line that made it; a
branch or loop body (an attr of `If`, `While`, `Case`) is written in place, in the same form.
Reading makes every op again with `Graph.create_op`, under its saved name, so the graph is the
one that was traced: no Python function runs.

Values are JSON where JSON has the type (numbers, strings, booleans, None, lists); every other
type is a one-key object naming it:

    {"tuple": [...]}          {"dtype": "float32"}       {"bytes": "<base64>"}
    {"dict": [[key, value], ...]}   {"float": "nan"}     {"function": {graph}}
    {"tensor": {"dtype", "shape", "value": [...]}}      small numeric arrays, inline
    {"tensor": {"dtype", "shape", "array": "c3"}}       larger ones, in the constants file
    {"tensor": {"dtype": "string", "shape", "value": ["<base64>", ...]}}
    {"variable": 2}           a variable's handle: the export's variable number 2

>>> codec = Encoder(variable_index={})
>>> codec.encode((1, None), "attr")
{'tuple': [1, None]}
>>> codec.encode(np.array([1.5, 2.0], np.float32), "attr")
{'tensor': {'dtype': 'float32', 'shape': [2], 'value': [1.5, 2.0]}}
"""

from __future__ import annotations

import base64
import math
from typing import Any, Callable

import numpy as np

from autograph.runtime.core import dtypes, errors
from autograph.runtime.graph.func_graph import FuncGraph
from autograph.runtime.graph.graph import Graph, Operation
from autograph.runtime.registry.op_registry import op_registry

# Ops whose attrs refer to objects of the saving process (Python functions, held datasets):
# an export cannot carry them, and a load never makes them.
UNSAVABLE_OPS = {
    "EagerPyFunc": "ag.py_function runs a Python function, which an export cannot carry",
    "PyFunc": "ag.numpy_function runs a Python function, which an export cannot carry",
    "PyFuncStateless": "ag.numpy_function runs a Python function, which an export cannot carry",
    "MakeIteratorFromHeld": "it iterates a dataset object of the saving process",
}
INLINE_LIMIT = 16  # numeric arrays up to this many values are written in the JSON itself


class SaveError(ValueError):
    """A function or object that an export cannot hold."""


class Encoder:
    """Writes values and graphs as JSON; large arrays go to `arrays` (the constants file)."""

    def __init__(self, variable_index: dict[int, int],
                 describe_variable: Callable[[Any], str] | None = None):
        self.variable_index = variable_index  # id(resource handle) -> variable number
        self.arrays: dict[str, np.ndarray] = {}
        self._describe_variable = describe_variable or repr
        self._function = ""

    def encode_graph(self, graph: Any, function: str) -> dict[str, Any]:
        """`graph` (a FuncGraph) as JSON; `function` names it in errors."""
        self._function = function
        return self._graph(graph)

    def _graph(self, graph: Any) -> dict[str, Any]:
        return {
            "name": graph.name,
            "control_flow": bool(graph.control_flow),
            "inputs": [t.name for t in graph.inputs],
            "outputs": [t.name for t in graph.outputs],
            "nodes": [self._node(op) for op in graph.get_operations()],
        }

    def _node(self, op: Operation) -> dict[str, Any]:
        if op.type in UNSAVABLE_OPS:
            raise SaveError(f"ag.function {self._function!r} cannot be saved: its op "
                            f"{op.name!r} ({op.type}){_at(op)} cannot be exported: "
                            f"{UNSAVABLE_OPS[op.type]}.")
        node: dict[str, Any] = {
            "name": op.name, "op": op.type, "inputs": [t.name for t in op.inputs],
            "attrs": {key: self.encode(value, f"attr {key!r} of op {op.name!r}{_at(op)}")
                      for key, value in op.attrs.items()},
            "outputs": [[t.dtype.name, _shape(t._shape)] for t in op.outputs],
        }
        if op.control_inputs:
            node["control_inputs"] = [c.name for c in op.control_inputs]
        if op.device:
            node["device"] = op.device
        # Written only where list args group them otherwise than one tensor per arg.
        if tuple(op.input_arg_lengths) != (1,) * len(op.inputs):
            node["input_arg_lengths"] = list(op.input_arg_lengths)
        if tuple(op.output_arg_lengths) != (1,) * len(op.outputs):
            node["output_arg_lengths"] = list(op.output_arg_lengths)
        if op.source:
            node["source"] = op.source
        return node

    def encode(self, value: Any, where: str) -> Any:
        """`value` as JSON (see the module docstring); `where` names it in errors."""
        if value is None or isinstance(value, (bool, str)):
            return value
        if isinstance(value, int):
            return value
        if isinstance(value, float):
            return value if math.isfinite(value) else {"float": repr(value)}
        if isinstance(value, dtypes.DType):
            return {"dtype": value.name}
        if isinstance(value, bytes):
            return {"bytes": base64.b64encode(value).decode("ascii")}
        if isinstance(value, list):
            return [self.encode(v, where) for v in value]
        if isinstance(value, tuple) and not hasattr(value, "_fields"):
            return {"tuple": [self.encode(v, where) for v in value]}
        if isinstance(value, dict):
            return {"dict": [[self.encode(k, where), self.encode(v, where)]
                             for k, v in value.items()]}
        if isinstance(value, np.ndarray):
            return {"tensor": self._tensor(value, where)}
        if isinstance(value, np.generic):
            return {"tensor": self._tensor(np.asarray(value), where)}
        if isinstance(value, FuncGraph):
            return {"function": self._graph(value)}
        raise SaveError(f"ag.function {self._function!r} cannot be saved: {where} holds a "
                        f"{type(value).__name__} ({_short(value)}), which an export cannot "
                        f"carry.")

    def _tensor(self, array: np.ndarray, where: str) -> dict[str, Any]:
        shape = list(array.shape)
        if array.dtype == object:
            flat = array.ravel()
            if flat.size == 1 and _is_resource(flat[0]):
                return {"dtype": "resource", "shape": shape,
                        "variable": self._variable(flat[0], where)}
            if all(isinstance(v, (bytes, str)) for v in flat):
                return {"dtype": "string", "shape": shape,
                        "value": [base64.b64encode(v if isinstance(v, bytes) else
                                                   v.encode("utf-8")).decode("ascii")
                                  for v in flat]}
            raise SaveError(f"ag.function {self._function!r} cannot be saved: {where} is a "
                            f"tensor of Python objects ({_short(flat[0])}), which an export "
                            f"cannot carry.")  # (not empty: an empty one is a string tensor)
        dtype = dtypes.as_dtype(array.dtype).name
        if (array.size <= INLINE_LIMIT and array.dtype.kind in "biuf"
                and (array.dtype.kind != "f" or bool(np.isfinite(array).all()))):
            return {"dtype": dtype, "shape": shape, "value": array.ravel().tolist()}
        key = f"c{len(self.arrays)}"
        self.arrays[key] = np.ascontiguousarray(array)
        return {"dtype": dtype, "shape": shape, "array": key}

    def _variable(self, handle: Any, where: str) -> int:
        index = self.variable_index.get(id(handle))
        if index is None:
            raise SaveError(
                f"ag.function {self._function!r} cannot be saved: it reads the variable "
                f"{self._describe_variable(handle)} ({where}), which the saved object does not "
                f"hold. Assign the variable to an attribute of the object saved (or of one of "
                f"its modules), so that the export holds it too.")
        return index


def _is_resource(value: Any) -> bool:
    return type(value).__name__ == "ResourceHandle"


def _at(op: Operation) -> str:
    return f" (made at {op.source})" if op.source else ""


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _shape(shape: Any) -> Any:
    return None if shape is None else list(shape)


class Decoder:
    """Reads what `Encoder` wrote. Everything read is checked, so a malformed document is a
    `DataLossError` naming where, never a crash; only registered ops are made."""

    def __init__(self, arrays: dict[str, np.ndarray], variables: list[Any], where: str):
        self.arrays = arrays
        self.variables = variables  # the export's variables, by number
        self.where = where  # the export, for messages

    def fail(self, why: str) -> errors.DataLossError:
        return errors.DataLossError(f"The saved model at {self.where!r} cannot be loaded: {why}.")

    def decode_graph(self, doc: Any, outer_graph: Graph | None = None) -> FuncGraph:
        """A new FuncGraph made from `doc`, nested in `outer_graph` (None: a function)."""
        if not isinstance(doc, dict):
            raise self.fail("a function is not a JSON object")
        graph = FuncGraph(_text(self, doc.get("name"), "a function's name"), outer_graph,
                          bool(doc.get("control_flow", False)))
        nodes = doc.get("nodes")
        if not isinstance(nodes, list):
            raise self.fail(f"function {graph.name!r} has no node list")
        with graph.as_default():
            for node in nodes:
                self._make_op(graph, node)
        graph._args = [self._tensor_named(graph, n) for n in _list(self, doc.get("inputs"))]
        graph.outputs = [self._tensor_named(graph, n) for n in _list(self, doc.get("outputs"))]
        graph.structured_outputs = list(graph.outputs)
        graph.returned_from = graph.name
        return graph

    def _make_op(self, graph: FuncGraph, node: Any) -> None:
        if not isinstance(node, dict):
            raise self.fail(f"a node of function {graph.name!r} is not a JSON object")
        name = _text(self, node.get("name"), "a node's name")
        op_type = _text(self, node.get("op"), f"node {name!r}'s op")
        if op_type in UNSAVABLE_OPS:
            raise self.fail(f"node {name!r} is a {op_type} op, which is never loaded: "
                            f"{UNSAVABLE_OPS[op_type]}")
        try:
            op_def = op_registry().lookup_op_def(op_type)
        except errors.NotFoundError:
            raise self.fail(f"node {name!r} uses the op {op_type!r}, which this autograph does "
                            f"not have. Import the module that registers it before loading, "
                            f"or load with the autograph version that saved it") from None
        inputs = [self._tensor_named(graph, n) for n in _list(self, node.get("inputs"))]
        attrs_doc = node.get("attrs", {})
        if not isinstance(attrs_doc, dict):
            raise self.fail(f"node {name!r}'s attrs are not a JSON object")
        attrs = {key: self.decode(value, graph) for key, value in attrs_doc.items()}
        output_types = []
        for item in _list(self, node.get("outputs")):
            if not (isinstance(item, list) and len(item) == 2):
                raise self.fail(f"node {name!r} has a malformed output type")
            output_types.append((self._dtype(item[0]), self._shape(item[1])))
        op = graph.create_op(op_type, inputs, attrs, output_types, name=name, op_def=op_def,
                             input_arg_lengths=tuple(self._ints(node, "input_arg_lengths")),
                             output_arg_lengths=tuple(self._ints(node, "output_arg_lengths")))
        if op.name != name:
            raise self.fail(f"two nodes of function {graph.name!r} are named {name!r}")
        controls = []
        for control in _list(self, node.get("control_inputs", [])):
            found = graph._by_name.get(_text(self, control, "a control input"))
            if found is None:
                raise self.fail(f"function {graph.name!r} refers to the op {control!r}, which "
                                f"is not made before it")
            controls.append(found)
        op.control_inputs = controls
        device = node.get("device", "")
        op.device = device if isinstance(device, str) else ""
        source = node.get("source", "")
        op.source = source if isinstance(source, str) else ""

    def _ints(self, node: dict, key: str) -> list[int]:
        values = _list(self, node.get(key, []))
        if not all(type(v) is int and v >= 0 for v in values):
            raise self.fail(f"node {node.get('name')!r} has a malformed {key}")
        return values

    def _tensor_named(self, graph: FuncGraph, name: Any) -> Any:
        text = _text(self, name, "a tensor's name")
        op_name, _, index = text.rpartition(":")
        op = graph._by_name.get(op_name)
        if op is None or not index.isdigit() or int(index) >= len(op.outputs):
            raise self.fail(f"function {graph.name!r} refers to the tensor {text!r}, which is "
                            f"not made before it")
        return op.outputs[int(index)]

    def _dtype(self, name: Any) -> dtypes.DType:
        try:
            return dtypes.as_dtype(_text(self, name, "a dtype"))
        except (TypeError, ValueError):
            raise self.fail(f"{name!r} is not a dtype") from None

    def _shape(self, doc: Any) -> Any:
        if doc is None:
            return None
        if not isinstance(doc, list) or not all(
                d is None or (type(d) is int and d >= 0) for d in doc):
            raise self.fail(f"{doc!r} is not a shape")
        return tuple(doc)

    def decode(self, doc: Any, graph: Graph | None = None) -> Any:
        """The value `doc` stands for; function attrs are made nested in `graph`."""
        if doc is None or isinstance(doc, (bool, int, float, str)):
            return doc
        if isinstance(doc, list):
            return [self.decode(v, graph) for v in doc]
        if not (isinstance(doc, dict) and len(doc) == 1):
            raise self.fail(f"{_short(doc)} is not a value this format writes")
        (tag, body), = doc.items()
        if tag == "tuple":
            return tuple(self.decode(v, graph) for v in _list(self, body))
        if tag == "dict":
            pairs = _list(self, body)
            if not all(isinstance(p, list) and len(p) == 2 for p in pairs):
                raise self.fail("a dict value is malformed")
            return {self.decode(k, graph): self.decode(v, graph) for k, v in pairs}
        if tag == "dtype":
            return self._dtype(body)
        if tag == "float":
            if body not in ("nan", "inf", "-inf"):
                raise self.fail(f"{body!r} is not a float this format writes")
            return float(body)
        if tag == "bytes":
            return self._b64(body)
        if tag == "tensor":
            return self._array(body)
        if tag == "function":
            return self.decode_graph(body, graph)
        raise self.fail(f"{tag!r} is not a kind of value this format writes")

    def _b64(self, text: Any) -> bytes:
        try:
            return base64.b64decode(_text(self, text, "bytes"), validate=True)
        except ValueError:
            raise self.fail("a bytes value is not base64") from None

    def _array(self, doc: Any) -> np.ndarray:
        if not isinstance(doc, dict):
            raise self.fail("a tensor value is malformed")
        shape = self._shape(doc.get("shape"))
        if shape is None or any(d is None for d in shape):
            raise self.fail("a tensor value has no full shape")
        name = doc.get("dtype")
        count = math.prod(shape)
        if name == "resource":
            index = doc.get("variable")
            if type(index) is not int or not 0 <= index < len(self.variables) or count != 1:
                raise self.fail(f"a variable handle refers to variable {index!r}, which the "
                                f"export does not hold")
            value = np.empty((), dtype=object)
            value[()] = self.variables[index].handle.numpy()
            return value.reshape(shape)
        if name == "string":
            items = [self._b64(v) for v in _list(self, doc.get("value"))]
            if len(items) != count:
                raise self.fail("a string tensor has the wrong number of values")
            array = np.empty(count, dtype=object)
            array[:] = items
            return array.reshape(shape)
        dtype = self._dtype(name)
        if dtype.as_numpy_dtype is np.object_:
            raise self.fail(f"a tensor value has dtype {name!r}, which this format never writes")
        if "array" in doc:
            stored = self.arrays.get(_text(self, doc["array"], "an array key"))
            if stored is None or stored.dtype != dtype.as_numpy_dtype or stored.shape != shape:
                raise self.fail(f"the constant {doc['array']!r} is missing or has another "
                                f"dtype or shape than the graph says")
            return stored
        values = _list(self, doc.get("value"))
        if len(values) != count or not all(isinstance(v, (bool, int, float)) for v in values):
            raise self.fail("an inline tensor value is malformed")
        try:
            return np.array(values, dtype=dtype.as_numpy_dtype).reshape(shape)
        except (OverflowError, ValueError):
            raise self.fail("an inline tensor value does not fit its dtype") from None


def _text(decoder: Decoder, value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise decoder.fail(f"{what} is not a string")
    return value


def _list(decoder: Decoder, value: Any) -> list:
    if not isinstance(value, list):
        raise decoder.fail(f"{_short(value)} is not a list")
    return value
