"""Gradients of `If` and `Case`: a conditional choosing the gradient of the branch taken.

The gradient is an `If` (or `Case`) on the same condition; each of its branches recomputes the
forward branch's values from the same inputs (only the ops the outputs depend on: no side
effect runs twice) and differentiates them with a tape, so it works eagerly and in graphs, and
nests for higher derivatives. Recomputing costs one more forward pass of the branch taken; a
branch drawing random numbers would draw new ones, so its gradient is refused with an error.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from autograph.runtime.core import dtypes
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.gradients.backprop import differentiable
from autograph.runtime.gradients.registry import RegisterGradient
from autograph.runtime.gradients.replay import ancestors, replay
from autograph.runtime.gradients.tape import GradientTape
from autograph.runtime.graph.graph import building_graph
from autograph.runtime.graph.tensor_conversion import into_graph
from autograph.runtime.ops.control_flow.ops import cond, switch_case
from autograph.runtime.ops.creation.ops import zeros, zeros_like
from autograph.runtime.ops.state.defs import SCATTER_OPS

_read_variable = op_handle("ReadVariableOp")
_RANDOM = frozenset({"RandomStandardNormal", "RandomUniform", "RandomUniformInt",
                     "TruncatedNormal"})


def branch_gradients(branch: Any, inputs: Sequence[Any], grads: Sequence[Any],
                     wanted: Sequence[int], read: dict[int, tuple]) -> list[Any]:
    """Inside a branch being built (or eagerly): the gradients of `branch`'s inputs at
    positions `wanted`, given its output gradients `grads` (None: no gradient). A variable
    handle's gradient is that of the variable's reads: zeros of `read[i]` (dtype, shape) where
    this branch reads nothing."""
    _check_no_random(branch)
    graph = building_graph()
    local = [into_graph(graph, t) if graph is not None else t for t in inputs]
    sources = [local[i] for i in wanted]
    with GradientTape(watch_accessed_variables=False) as tape:
        tape.watch(sources)
        values = replay(branch, local, fetches=[o for o, g in zip(branch.outputs, grads)
                                                if g is not None])
    targets = [values[id(o)] for o, g in zip(branch.outputs, grads) if g is not None]
    given = [g for g in grads if g is not None]
    found = tape.gradient(targets, sources, output_gradients=given)
    return [g if g is not None else
            zeros_for_variable(s, read[i]) if i in read else zeros_like(s)
            for i, s, g in zip(wanted, sources, found)]


def zeros_for_variable(handle: Any, spec: tuple) -> Any:
    """Zeros for the variable `handle` holds, of `spec` (dtype, shape); a shape of None is
    known when the graph runs, from the variable's value."""
    dtype, shape = spec
    if shape is None:
        return zeros_like(_read_variable.run([handle], {"dtype": dtype}))
    return zeros(shape, dtype)


def variables_read(graphs: Sequence[Any], loop: bool = False) -> dict[int, tuple]:
    """Per resource input of `graphs` that gets a gradient: the (dtype, shape) of the variable
    it holds. As in TensorFlow, a branch's (`loop` False) is one whose reads its outputs depend
    on, also through a nested conditional or loop: a variable only written, or read for
    nothing the outputs use, gets None; a loop body's (`loop` True) is one it reads or writes
    at all, and gets zeros where no output depends on it."""
    read: dict[int, tuple] = {}
    for graph in graphs:
        read.update(_reads(graph, loop))
    return read


_NESTED = {"If": (1, ("then_branch", "else_branch"), False), "Case": (1, ("branches",), False),
           "While": (0, ("body",), True)}  # op type: (first input its graphs take, attrs, loop)
_WRITES = frozenset({"AssignVariableOp", "AssignAddVariableOp", "AssignSubVariableOp",
                     *SCATTER_OPS})


def _reads(graph: Any, loop: bool) -> dict[int, tuple]:
    positions = {id(p): i for i, p in enumerate(graph.inputs)}
    ops = graph.get_operations()
    found: dict[int, tuple] = {}
    for op in ops if loop else ancestors(ops, graph.outputs, positions):
        if op.type == "ReadVariableOp" or loop and op.type in _WRITES:
            value = op.outputs[0] if op.type == "ReadVariableOp" else op.inputs[1]
            if id(op.inputs[0]) in positions:
                shape = value.shape.as_list() if value.shape.is_fully_defined() else None
                found[positions[id(op.inputs[0])]] = (value.dtype, shape)
        elif op.type in _NESTED:
            first, attrs, nested_loop = _NESTED[op.type]
            nested = [g for name in attrs for g in _graphs(op.get_attr(name))]
            for j, spec in variables_read(nested, loop or nested_loop).items():
                outer = op.inputs[first + j]
                if id(outer) in positions:
                    found[positions[id(outer)]] = spec
    return found


def _graphs(attr: Any) -> list:
    return list(attr) if isinstance(attr, (list, tuple)) else [attr]


def _check_no_random(branch: Any) -> None:
    for op in branch.get_operations():
        if op.type in _RANDOM:
            raise NotImplementedError(
                f"The gradient of a conditional whose branch draws random numbers ({op.type} "
                f"{op.name!r}) is not supported: its gradient would draw new ones. Draw them "
                f"before the conditional and pass them in.")


def _conditional_grad(op: Any, grads: Sequence[Any], branches: list[Any],
                      choose: Callable[[list[Callable]], Any]) -> list:
    inputs = op.inputs[1:]
    read = variables_read(branches)
    wanted = [i for i, t in enumerate(inputs) if differentiable(t.dtype)
              and (t.dtype is not dtypes.resource or i in read)]
    if not wanted:
        return [None] * len(op.inputs)

    def branch_fn(branch: Any) -> Callable:
        return lambda: branch_gradients(branch, inputs, grads, wanted, read)
    results = choose([branch_fn(b) for b in branches])
    results = list(results) if isinstance(results, (list, tuple)) else [results]
    out: list[Any] = [None] * len(op.inputs)
    for i, g in zip(wanted, results):
        out[1 + i] = g
    return out


@RegisterGradient("If")
def _if_grad(op: Any, *grads: Any) -> list:
    pred = op.inputs[0]
    branches = [op.get_attr("then_branch"), op.get_attr("else_branch")]
    return _conditional_grad(op, grads, branches,
                             lambda fns: cond(pred, fns[0], fns[1], name=_grad_name(op)))


@RegisterGradient("Case")
def _case_grad(op: Any, *grads: Any) -> list:
    index = op.inputs[0]
    return _conditional_grad(op, grads, list(op.get_attr("branches")),
                             lambda fns: switch_case(index, fns, name=_grad_name(op)))


def _grad_name(op: Any) -> str:
    """The name of a conditional's gradient op: the op's, then `_grad`, as TensorFlow's scope
    for it (`gradients/cond_grad`)."""
    return f"{op.name}_grad"
