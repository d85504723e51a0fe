"""A graph as a Graphviz DOT digraph, for `autograph graph --format dot|svg|png`.

Each op is a box labelled `name\\nType`; a function's inputs are ellipses labelled with their
types, and a `return` node collects what it returns. Edges run from producer to consumer (an
output other than the first is labelled `:i`); control edges are dashed. The graphs of a
cond's branches or a loop's cond and body are `subgraph cluster_...` blocks beside their op,
joined to it by a dotted edge. Node ids are paths (`while/body/add`), unique across sub-graphs.

>>> import autograph as ag
>>> f = ag.function(lambda x: x * 2.0)
>>> print(to_dot(f.get_concrete_function(ag.TensorSpec([], ag.float32, "x")).graph))
digraph "G" {
  compound=true;
  rankdir=TB;
  node [shape=box, fontname="Helvetica", fontsize=10];
  edge [fontname="Helvetica", fontsize=9];
  "x" [label="x\\nfloat32[]", shape=ellipse];
  "Const" [label="Const\\nConst"];
  "mul" [label="mul\\nMul"];
  "Identity" [label="Identity\\nIdentity"];
  "return" [label="return", shape=plaintext];
  "x" -> "mul";
  "Const" -> "mul";
  "mul" -> "Identity";
  "Identity" -> "return";
}
"""

from __future__ import annotations

from typing import Any

from autograph.cli.common import function_attrs, shown_operations
from autograph.runtime.graph.graph_printer import format_type


def to_dot(graph: Any, name: str = "G") -> str:
    """The DOT text of `graph` and, nested as clusters, the graphs in its ops' attrs."""
    lines = [f"digraph {_quote(name)} {{", "  compound=true;", "  rankdir=TB;",
             '  node [shape=box, fontname="Helvetica", fontsize=10];',
             '  edge [fontname="Helvetica", fontsize=9];']
    _DotWriter(lines).graph(graph, "", "  ")
    lines.append("}")
    return "\n".join(lines)


class _DotWriter:
    def __init__(self, lines: list[str]):
        self.lines = lines
        self.ids: dict[Any, str] = {}  # op -> node id
        self.clusters = 0

    def graph(self, graph: Any, prefix: str, indent: str) -> str:
        """Writes `graph`'s nodes and edges; returns the id of its `return` node."""
        inputs = [t.op for t in getattr(graph, "inputs", [])]
        ops = shown_operations(graph)
        for op in inputs:
            self.ids[op] = prefix + op.name
            label = f"{op.name}\\n{format_type(op.outputs[0].dtype, op.outputs[0]._shape)}"
            self._node(indent, self.ids[op], label, "shape=ellipse")
        for op in ops:
            self.ids[op] = prefix + op.name
            self._node(indent, self.ids[op], f"{op.name}\\n{op.type}",
                       f'tooltip="{op.device}"' if op.device else "")
        return_id = prefix + "return"
        self._node(indent, return_id, "return", "shape=plaintext")
        for op in ops:
            for t in op.inputs:
                self._edge(indent, t, self.ids[op])
            for c in op.control_inputs:
                if c in self.ids:
                    self._line(indent, f"{_quote(self.ids[c])} -> {_quote(self.ids[op])} "
                                       f"[style=dashed]")
        for t in getattr(graph, "outputs", []):
            self._edge(indent, t, return_id)
        for op in ops:
            for label, fn in function_attrs(op):
                self._cluster(op, label, fn, indent)
        return return_id

    def _cluster(self, op: Any, label: str, fn: Any, indent: str) -> None:
        prefix = f"{self.ids[op]}/{label}/"
        self.clusters += 1
        cluster = f"cluster_{self.clusters}_" + "".join(c if c.isalnum() else "_"
                                                      for c in prefix.rstrip("/"))
        self._line(indent, f"subgraph {_quote(cluster)} {{")
        inner = indent + "  "
        self._line(inner, f"label={_quote(f'{op.name}: {label} = {fn.name}')}")
        self._line(inner, "style=rounded")
        return_id = self.graph(fn, prefix, inner)
        self.lines.append(f"{indent}}}")
        self._line(indent, f"{_quote(self.ids[op])} -> {_quote(return_id)} "
                           f"[lhead={_quote(cluster)}, style=dotted, arrowhead=none]")

    def _node(self, indent: str, node_id: str, label: str, extra: str) -> None:
        attrs = f"label={_quote(label)}" + (f", {extra}" if extra else "")
        self._line(indent, f"{_quote(node_id)} [{attrs}]")

    def _edge(self, indent: str, tensor: Any, target: str) -> None:
        source = self.ids.get(tensor.op)
        if source is None:  # a tensor of an enclosing graph used directly
            return
        label = f' [label=":{tensor.value_index}"]' if tensor.value_index else ""
        self._line(indent, f"{_quote(source)} -> {_quote(target)}{label}")

    def _line(self, indent: str, text: str) -> None:
        self.lines.append(f"{indent}{text}" if text.endswith("{") else f"{indent}{text};")


def _quote(text: str) -> str:
    """A DOT double-quoted string (backslash sequences such as `\\n` are kept for labels)."""
    return '"' + text.replace('"', '\\"') + '"'
