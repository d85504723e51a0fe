"""`Graph.lint()`: checks a graph's invariants and reports every violation at once.

Checked: ops are in topological order (inputs and control inputs come from earlier ops of the
same graph, or are a function's captured inputs), names are unique, op types are registered,
attrs match the OpDef (every attr present and valid, none unknown), outputs match the OpDef's
count, and the same holds for every function-valued attr's graph. Passes and tests call it.
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.registry.op_def import check_attr_value
from autograph.runtime.registry.op_registry import op_registry


def lint(graph: Any) -> None:
    problems: list[str] = []
    _lint(graph, "", problems)
    if problems:
        listing = "\n".join(f"  - {p}" for p in problems)
        raise InvalidArgumentError(f"Graph lint found {len(problems)} problem(s):\n{listing}")


def _lint(graph: Any, where: str, problems: list[str]) -> None:
    seen_ops: set[int] = set()
    names: set[str] = set()
    for op in graph.get_operations():
        here = f"{where}{op.name}"
        if op.name in names:
            problems.append(f"{here}: duplicate op name")
        names.add(op.name)
        for t in op.inputs:
            if t.graph is not graph:
                problems.append(f"{here}: input {t.name} is from another graph")
            elif id(t.op) not in seen_ops:
                problems.append(f"{here}: input {t.name} is not produced by an earlier op")
        for c in op.control_inputs:
            if id(c) not in seen_ops:
                problems.append(f"{here}: control input {c.name} is not an earlier op")
        seen_ops.add(id(op))
        reg = op_registry().get(op.type)
        if reg is None:
            problems.append(f"{here}: op type {op.type!r} is not registered")
            continue
        _lint_attrs(op, reg.op_def, here, problems)
        expected = len(reg.op_def.output_arg)
        if len(op.output_arg_lengths) != expected:
            problems.append(f"{here}: {len(op.output_arg_lengths)} output args, the OpDef "
                            f"declares {expected}")
        for name, value in op.attrs.items():
            items = value if isinstance(value, (list, tuple)) else [value]
            for i, item in enumerate(items):
                if hasattr(item, "get_operations") and hasattr(item, "outputs"):
                    label = name if item is value else f"{name}[{i}]"
                    _lint(item, f"{here}/{label}:", problems)


def _lint_attrs(op: Any, op_def: Any, here: str, problems: list[str]) -> None:
    declared = {a.name: a for a in op_def.attr}
    for name in op.attrs:
        if name not in declared:
            problems.append(f"{here}: unknown attr {name!r}")
    for name, attr in declared.items():
        if name not in op.attrs:
            problems.append(f"{here}: attr {name!r} is missing")
            continue
        try:
            check_attr_value(attr, op.attrs[name], op.type)
        except (TypeError, ValueError) as e:
            problems.append(f"{here}: {e}")
