"""Replaying a graph's ops: eagerly (each op runs now, so tapes record it) or into the graph
being built (as new ops), with the graph's inputs replaced by given tensors.

Gradients use it twice. A function called eagerly under a tape runs its graph op by op, so
the tape records each op, including the function's `If` and `While` ops. And the gradient of
a branch or loop body recomputes the forward values it needs inside the gradient's own branch
or loop (`fetches`: only the ops those values depend on, so no side effect runs twice).

A constant naming an eager variable's resource becomes that variable's own handle, and the
variable counts as read (tapes watch it), as when the function read it while traced.
"""

from __future__ import annotations

from typing import Any, Container, Sequence

from autograph.runtime.core import dtypes
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.gradients.tape import variable_handle
from autograph.runtime.graph.graph import Operation, building_graph
from autograph.runtime.state import variables as variables_module

_SKIPPED = frozenset({"NoOp"})


def replay(graph: Any, inputs: Sequence[Any], fetches: Sequence[Any] | None = None
           ) -> dict[int, Any]:
    """Runs or rebuilds `graph`'s ops on `inputs` (one per `graph.inputs`).

    Args:
        graph: a `FuncGraph`.
        inputs: tensors standing for the graph's inputs, in order.
        fetches: tensors of `graph`; when given, only the ops they depend on are replayed.

    Returns:
        id(tensor of `graph`) -> the tensor standing for it.
    """
    values: dict[int, Any] = {id(p): v for p, v in zip(graph.inputs, inputs)}
    ops = graph.get_operations()
    if fetches is not None:
        ops = ancestors(ops, fetches, values)
    building = building_graph()
    replayed: dict[int, Operation] = {}
    for op in ops:
        if op.type == "Placeholder" and id(op.outputs[0]) in values:
            continue
        if op.type in _SKIPPED:
            continue
        if op.type == "Const" and op.attrs.get("dtype") is dtypes.resource:
            handle = _variable_handle(op)
            if handle is not None:
                values[id(op.outputs[0])] = handle
                continue
        inputs_now = [values[id(t)] for t in op.inputs]
        if building is not None:
            control = [replayed[id(c)] for c in op.control_inputs if id(c) in replayed]
            with building.control_dependencies(control):
                result = op_handle(op.type).run(_grouped(op, inputs_now), op.attrs)
            if isinstance(result, Operation):
                replayed[id(op)] = result
        else:
            result = op_handle(op.type).run(_grouped(op, inputs_now), op.attrs)
        for t, new in zip(op.outputs, _flat_outputs(op, result)):
            values[id(t)] = new
            if building is not None and t._shape is not None and new.dtype is t.dtype:
                new.set_shape(t._shape)  # what the forward knew (e.g. a variable read's)
        if building is not None and op.outputs:
            first = values[id(op.outputs[0])]
            replayed[id(op)] = first.op
    return values


def _variable_handle(op: Operation) -> Any:
    """The handle of the eager variable a resource constant names (read through it)."""
    variable = variables_module.variable_of(op.attrs["value"][()])
    if variable is None:
        return None
    watch = variables_module.access_watcher[0]
    if watch is not None:
        watch(variable)
    return variable_handle(variable)


def ancestors(ops: list, fetches: Sequence[Any], known: Container[int]) -> list:
    """The ops (in order) that `fetches` depend on, stopping at the known tensors."""
    wanted = {id(t) for t in fetches if id(t) not in known}
    kept = []
    for op in reversed(ops):
        if any(id(t) in wanted for t in op.outputs):
            kept.append(op)
            wanted.update(id(t) for t in op.inputs if id(t) not in known)
    kept.reverse()
    return kept


def _grouped(op: Operation, flat: list) -> list:
    """Flat inputs grouped by the op's input args (a list for a list arg)."""
    grouped: list[Any] = []
    i = 0
    for arg, n in zip(op.op_def.input_arg, op.input_arg_lengths):
        grouped.append(flat[i:i + n] if arg.is_list else flat[i])
        i += n
    return grouped


def _flat_outputs(op: Operation, result: Any) -> list:
    args = op.op_def.output_arg
    if not args:
        return []
    groups = [result] if len(args) == 1 else list(result)
    return [t for arg, g in zip(args, groups) for t in (list(g) if arg.is_list else [g])]


