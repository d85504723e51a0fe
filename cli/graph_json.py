"""A graph as JSON, for `autograph graph --format json`.

The document follows `Graph.as_graph_def()`: a `node` list with each op's `name`, `op`,
`input` (`name`, `name:i`, `^control`), `attr` and `device`, plus its `output` types. Attr
values take JSON forms: a dtype is its name (`"float32"`), a shape a list with `null` for an
unknown dimension (`null` for an unknown rank), a tensor value `{"dtype", "shape", "value"}`,
bytes a string; a function-valued attr (a cond's branch, a loop's body) is the whole function
nested in place: `{"function": {"name", "input", "node", "output"}}`.

>>> import autograph as ag
>>> f = ag.function(lambda x: x + 1.0)
>>> doc = graph_to_json(f.get_concrete_function(ag.TensorSpec([2], ag.float32, "x")).graph)
>>> [(n["name"], n["op"], n["input"]) for n in doc["node"]]
[('x', 'Placeholder', []), ('Const', 'Const', []), ('add', 'AddV2', ['x', 'Const']), \
('Identity', 'Identity', ['add'])]
>>> doc["node"][1]["attr"]
{'value': {'dtype': 'float32', 'shape': [], 'value': 1.0}, 'dtype': 'float32'}
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from autograph.runtime.core import dtypes

FORMAT_VERSION = 1


def graph_to_json(graph: Any) -> dict[str, Any]:
    """`graph` as a JSON-able dict (`json.dumps` takes it as it is)."""
    doc: dict[str, Any] = {"format_version": FORMAT_VERSION}
    doc.update(_function(graph))
    return doc


def _function(graph: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {}
    if getattr(graph, "name", None):
        doc["name"] = graph.name
    if hasattr(graph, "inputs"):
        doc["input"] = [_ref(t) for t in graph.inputs]
    doc["node"] = [_node(op) for op in graph.get_operations()]
    if hasattr(graph, "outputs"):
        doc["output"] = [_ref(t) for t in graph.outputs]
    return doc


def _node(op: Any) -> dict[str, Any]:
    node_def = op.node_def
    return {
        "name": node_def.name,
        "op": node_def.op,
        "input": list(node_def.input),
        "attr": {name: attr_to_json(value) for name, value in node_def.attr.items()},
        "device": node_def.device,
        "output": [{"dtype": t.dtype.name, "shape": _shape(t._shape)} for t in op.outputs],
    }


def attr_to_json(value: Any) -> Any:
    """The JSON form of one attr value."""
    if isinstance(value, dtypes.DType):
        return value.name
    if hasattr(value, "get_operations") and hasattr(value, "outputs"):
        return {"function": _function(value)}
    if isinstance(value, np.ndarray):
        return {"dtype": dtypes.as_dtype(value.dtype).name, "shape": list(value.shape),
                "value": _plain(value.tolist())}
    if isinstance(value, np.generic):
        return _plain(value.item())
    if isinstance(value, (list, tuple)):
        return [attr_to_json(v) for v in value]
    if isinstance(value, dict):
        return {str(k): attr_to_json(v) for k, v in value.items()}
    if isinstance(value, (bytes, str, bool, int, float)) or value is None:
        return _plain(value)
    return repr(value)


def _plain(value: Any) -> Any:
    """Bytes as text and non-finite floats as "nan", "inf", "-inf", recursively (strict JSON
    has neither)."""
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, bytes):
        return value.decode("utf-8", errors="backslashreplace")
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _ref(tensor: Any) -> str:
    return tensor.op.name if tensor.value_index == 0 else tensor.name


def _shape(shape: Any) -> Any:
    return None if shape is None else list(shape)
