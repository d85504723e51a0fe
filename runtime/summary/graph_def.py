"""A graph as TensorBoard's graph dashboard reads it: a `GraphDef` protocol buffer.

Each op is a `NodeDef` with its name (the `/` of name scopes groups nodes in the dashboard),
type, inputs (`name`, `name:1`, `^control`), device and attrs, plus `_output_shapes`, which
the dashboard shows on the edges. Nested functions (a `cond`'s branches, a `while_loop`'s
condition and body) are laid out in place, under `<op>/<attr>/`: their argument nodes take the
op's inputs, so that the dashboard draws the values flowing into a branch or loop body. (The
GraphDef of tensorboardX's protocol buffers, which this writes, has no function library.) A
constant's value is kept up to `MAX_CONSTANT_VALUES` entries; a larger one keeps its dtype and
shape only.

>>> from autograph.runtime.function.function import function
>>> from autograph.runtime.graph.tensor_spec import TensorSpec
>>> from autograph.runtime.core import dtypes
>>> f = function(lambda x: x * 2.0, autograph=False)
>>> g = graph_def(f.get_concrete_function(TensorSpec([3], dtypes.float32, "x")).graph)
>>> [(n.op, len(n.input)) for n in g.node]
[('Placeholder', 0), ('Const', 0), ('Mul', 2), ('Identity', 1)]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from autograph.runtime.core import dtypes

MAX_CONSTANT_VALUES = 1000


def graph_def(graph: Any, prefix: str = "") -> Any:
    """The `GraphDef` of `graph` (a `Graph` or a function graph), node names after `prefix`."""
    from tensorboardX.proto import graph_pb2, versions_pb2

    nodes: list[Any] = []
    _add_ops(graph, prefix, {}, nodes)
    return graph_pb2.GraphDef(node=nodes, versions=versions_pb2.VersionDef(producer=22))


def _add_ops(graph: Any, prefix: str, fed: dict[int, str], nodes: list) -> None:
    """Adds `graph`'s ops; `fed` maps a placeholder op (by id) to the outer value it takes."""
    for op in graph.get_operations():
        node_def = op.node_def
        inputs = [_name(prefix, t) for t in op.inputs]
        inputs += [f"^{prefix}{c.name}" for c in op.control_inputs]
        if id(op) in fed:
            inputs = [fed[id(op)]]
        node = _node(prefix + node_def.name, node_def.op, inputs, node_def.device)
        for name, value in node_def.attr.items():
            nested = _is_function(value) or (isinstance(value, (list, tuple)) and value
                                            and all(_is_function(v) for v in value))
            if nested:
                functions = value if isinstance(value, (list, tuple)) else [value]
                for i, fn in enumerate(functions):
                    inner = f"{prefix}{op.name}/{name}" + (f"_{i}" if len(functions) > 1 else "")
                    _add_function(fn, inner + "/", op, prefix, nodes)
                node.attr[name].CopyFrom(_attr_value(
                    [f"{prefix}{op.name}/{name}"] if not isinstance(value, (list, tuple))
                    else [f"{prefix}{op.name}/{name}_{i}" for i in range(len(functions))],
                    kind="func"))
                continue
            converted = _attr_value(value, _attr_type(op, name))
            if converted is not None:
                node.attr[name].CopyFrom(converted)
        shapes = [_shape_proto(t._shape) for t in op.outputs]
        if shapes:
            node.attr["_output_shapes"].list.shape.extend(shapes)
        nodes.append(node)


def _add_function(fn: Any, prefix: str, op: Any, outer_prefix: str, nodes: list) -> None:
    """Lays out function graph `fn`, called by `op`: its arguments take the op's last inputs
    (a cond's predicate or a case's index comes first and is not an argument)."""
    arguments = list(fn.inputs)
    values = list(op.inputs)[len(op.inputs) - len(arguments):] if arguments else []
    fed = {id(t.op): _name(outer_prefix, v) for t, v in zip(arguments, values)}
    _add_ops(fn, prefix, fed, nodes)


def _node(name: str, op_type: str, inputs: list[str], device: str) -> Any:
    from tensorboardX.proto import node_def_pb2

    return node_def_pb2.NodeDef(name=name, op=op_type, input=inputs, device=device or "")


def _name(prefix: str, tensor: Any) -> str:
    base = prefix + tensor.op.name
    return base if tensor.value_index == 0 else f"{base}:{tensor.value_index}"


def _is_function(value: Any) -> bool:
    return hasattr(value, "get_operations") and hasattr(value, "outputs")


def _attr_type(op: Any, name: str) -> str | None:
    op_def = getattr(op, "op_def", None)
    if op_def is None:
        return None
    for attr in op_def.attr:
        if attr.name == name:
            return attr.type
    return None


def _attr_value(value: Any, kind: str | None) -> Any:
    """An `AttrValue` for one attr (None: a value with no form in the protocol, left out)."""
    from tensorboardX.proto import attr_value_pb2

    attr = attr_value_pb2.AttrValue()
    if kind == "func":
        if len(value) == 1:
            attr.func.name = value[0]
        else:
            attr.list.func.extend(attr_value_pb2.NameAttrList(name=v) for v in value)
    elif isinstance(value, dtypes.DType):
        attr.type = value.enum
    elif kind == "shape" or (kind is None and value is None):
        attr.shape.CopyFrom(_shape_proto(value))
    elif isinstance(value, np.ndarray):
        attr.tensor.CopyFrom(_tensor_proto(value))
    elif isinstance(value, (bool, np.bool_)):
        attr.b = bool(value)
    elif isinstance(value, (int, np.integer)):
        attr.i = int(value)
    elif isinstance(value, (float, np.floating)):
        attr.f = float(value)
    elif isinstance(value, (str, bytes)):
        attr.s = value if isinstance(value, bytes) else value.encode("utf-8")
    elif isinstance(value, (list, tuple)):
        return _list_value(value, kind)
    else:
        return None
    return attr


def _list_value(values: Any, kind: str | None) -> Any:
    from tensorboardX.proto import attr_value_pb2

    attr = attr_value_pb2.AttrValue()
    items = attr.list
    if kind == "list(shape)":
        items.shape.extend(_shape_proto(v) for v in values)
    elif all(isinstance(v, dtypes.DType) for v in values):
        items.type.extend(v.enum for v in values)
    elif all(isinstance(v, (bool, np.bool_)) for v in values):
        items.b.extend(bool(v) for v in values)
    elif all(isinstance(v, (int, np.integer)) for v in values):
        items.i.extend(int(v) for v in values)
    elif all(isinstance(v, (int, float, np.number)) for v in values):
        items.f.extend(float(v) for v in values)
    elif all(isinstance(v, (str, bytes)) for v in values):
        items.s.extend(v if isinstance(v, bytes) else v.encode("utf-8") for v in values)
    else:
        return None
    return attr


def _shape_proto(shape: Any) -> Any:
    from tensorboardX.proto import tensor_shape_pb2

    if shape is None:
        return tensor_shape_pb2.TensorShapeProto(unknown_rank=True)
    return tensor_shape_pb2.TensorShapeProto(dim=[
        tensor_shape_pb2.TensorShapeProto.Dim(size=-1 if d is None else int(d)) for d in shape])


def _tensor_proto(value: np.ndarray) -> Any:
    from tensorboardX.proto import tensor_pb2

    try:
        dtype = dtypes.as_dtype(value.dtype)
    except TypeError:
        return tensor_pb2.TensorProto()
    proto = tensor_pb2.TensorProto(dtype=dtype.enum, tensor_shape=_shape_proto(value.shape))
    if value.size > MAX_CONSTANT_VALUES:
        return proto
    if dtype == dtypes.string:
        proto.string_val.extend(v if isinstance(v, bytes) else str(v).encode("utf-8")
                                for v in value.reshape(-1))
    elif value.dtype != object:
        proto.tensor_content = np.asarray(value, order="C").astype(
            value.dtype.newbyteorder("<")).tobytes()
    return proto
