"""The one canonical text form of a graph, used by `str(graph)`, the command line and goldens.

Format version 1, one op per line, sub-graphs nested under the op that owns them:

    graph {
      x = Placeholder() {dtype=float32, shape=[?, 3]} : float32[?, 3]
      Const = Const() {dtype=float32, value=2.0} : float32[]
      mul = Mul(x, Const) : float32[?, 3]
      split = Split(split/axis, mul) {num_split=2} : float32[?, 1], float32[?, 1]
      init = NoOp() ^mul
    }

A tensor is written as its op's name (output 0) or `op:i`; `^op` is a control input. Types are
`dtype[dims]` with `?` for an unknown dimension and `[*]` for an unknown rank. Attrs that the
inputs determine (`T`, `N`) are left out. A function-valued attr prints its graph indented below
the op: `then_branch: cond_true(x: float32[]) { ... return mul }`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.registry.op_def import inferred_attr_names

FORMAT_VERSION = 1


def format_graph(graph: Any) -> str:
    lines = ["graph {"]
    _format_ops(graph, graph.get_operations(), "  ", lines)
    lines.append("}")
    return "\n".join(lines)


def format_type(dtype: dtypes.DType, shape: Any) -> str:
    """`float32[?, 3]`, `int32[]`, `float32[*]`."""
    if shape is None:
        return f"{dtype.name}[*]"
    return f"{dtype.name}[{', '.join('?' if d is None else str(d) for d in shape)}]"


def tensor_ref(t: Any) -> str:
    return t.op.name if t.value_index == 0 else t.name


def _format_ops(graph: Any, ops: list, indent: str, lines: list[str]) -> None:
    hidden = {t.op for t in getattr(graph, "inputs", [])}  # a function's inputs: its signature
    for op in ops:
        if op in hidden:
            continue
        lines.append(indent + _format_op(op))
        for attr_name, value in op.attrs.items():
            if _is_function(value):
                _format_function(attr_name, value, indent + "  ", lines)
            elif isinstance(value, (list, tuple)):
                for i, item in enumerate(value):
                    if _is_function(item):
                        _format_function(f"{attr_name}[{i}]", item, indent + "  ", lines)


def _format_op(op: Any) -> str:
    args = ", ".join(tensor_ref(t) for t in op.inputs)
    text = f"{', '.join(_output_names(op)) or op.name} = {op.type}({args})"
    attrs = _format_attrs(op)
    if attrs:
        text += f" {{{attrs}}}"
    if op.control_inputs:
        text += " " + " ".join(f"^{c.name}" for c in op.control_inputs)
    if op.outputs:
        text += " : " + ", ".join(format_type(t.dtype, t._shape) for t in op.outputs)
    if op.device:
        text += f" @{op.device}"
    return text


def _output_names(op: Any) -> list[str]:
    if len(op.outputs) <= 1:
        return [op.name]
    return [op.name] + [f"{op.name}:{i}" for i in range(1, len(op.outputs))]


def _format_attrs(op: Any) -> str:
    skip = inferred_attr_names(op.op_def) if op.op_def is not None else set()
    return ", ".join(f"{k}={format_attr(v)}" for k, v in op.attrs.items() if k not in skip)


def format_attr(value: Any) -> str:
    if isinstance(value, dtypes.DType):
        return value.name
    if _is_function(value):
        return value.name
    if isinstance(value, np.ndarray):
        return _format_array(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        if value and all(v is None or isinstance(v, int) for v in value) and None in value:
            return "[" + ", ".join("?" if v is None else str(v) for v in value) + "]"
        return "[" + ", ".join(format_attr(v) for v in value) + "]"
    if isinstance(value, str):
        return repr(value)
    return repr(value) if value is not None else "*"


def _format_array(value: np.ndarray) -> str:
    if value.size > 8:
        return f"<{format_type(dtypes.as_dtype(value.dtype), value.shape)}>"
    return repr(value.tolist())


def _is_function(value: Any) -> bool:
    return hasattr(value, "get_operations") and hasattr(value, "outputs")


def _format_function(attr_name: str, fn: Any, indent: str, lines: list[str]) -> None:
    params = ", ".join(f"{tensor_ref(t)}: {format_type(t.dtype, t._shape)}" for t in fn.inputs)
    lines.append(f"{indent}{attr_name}: {fn.name}({params}) {{")
    _format_ops(fn, fn.get_operations(), indent + "  ", lines)
    returns = ", ".join(tensor_ref(t) for t in fn.outputs)
    lines.append(f"{indent}  return {returns}" if returns else f"{indent}  return")
    lines.append(f"{indent}}}")
