"""The gradient of `While`: the loop run again to record each iteration's inputs, then a loop
running backwards through them.

1. A forward loop, like the original, that also writes each iteration's loop variables to
   TensorArrays and counts the iterations (the forward values the backward needs).
2. A backward loop over the iterations in reverse: each recomputes its body's outputs from
   the recorded inputs (only the ops the outputs depend on) and differentiates them with a
   tape, turning the gradients of that iteration's outputs into those of its inputs.

Loop variables carried unchanged (captured tensors, variable handles) collect the gradients of
every iteration. Both loops are ordinary `while_loop`s: eagerly they run in Python, in a graph
they are `While` ops, and they nest (a loop in a loop; higher derivatives). Integer loop
variables (counters) get no gradient. A body drawing random numbers is refused, as its
recomputation would draw new ones.
"""

from __future__ import annotations

from typing import Any

from runtime.core import dtypes
from runtime.core.tensor_shape import TensorShape
from runtime.gradients.backprop import differentiable
from runtime.gradients.control_flow_grad import _check_no_random, variables_read
from runtime.gradients.list_grad import zeros_list
from runtime.gradients.registry import RegisterGradient
from runtime.gradients.replay import replay
from runtime.gradients.tape import GradientTape
from runtime.graph.graph import building_graph
from runtime.graph.tensor_conversion import into_graph
from runtime.ops.creation_ops import zeros, zeros_like
from runtime.ops.math_ops import add, greater, subtract
from runtime.ops.tensor_array import TensorArray
from runtime.ops.while_loop import while_loop


@RegisterGradient("While")
def _while_grad(op: Any, *grads: Any) -> list:
    cond, body = op.get_attr("cond"), op.get_attr("body")
    _check_no_random(body)
    inputs = list(op.inputs)
    read = variables_read([body], inputs)
    lists = _list_dtypes(body)
    carried = _carried(body)
    wanted = [i for i, t in enumerate(inputs) if (
        i in read if t.dtype is dtypes.resource else
        i in lists if t.dtype is dtypes.variant else differentiable(t.dtype))]
    if not wanted:
        return [None] * len(inputs)
    recorded = [i for i in range(len(inputs)) if i not in carried]
    shapes: list[Any] = [TensorShape(s) for s in op.get_attr("output_shapes")]
    shapes = shapes or [None] * len(inputs)
    count, history = _forward(cond, body, inputs, recorded, shapes)
    start = [_initial(grads[i], op.outputs[i], read.get(i), lists.get(i)) for i in wanted]
    zero = {i: (lambda old, i=i: zeros_list(old, lists[i]) if i in lists else zeros_like(old))
            for i in wanted}
    return _backward(body, inputs, wanted, recorded, count, history, start, zero)


def _list_dtypes(body: Any) -> dict[int, dtypes.DType]:
    """Per tensor-list loop variable, the dtype of its elements (from the ops using it)."""
    found: dict[int, dtypes.DType] = {}
    positions = {id(p): i for i, p in enumerate(body.inputs)}
    positions.update({id(o): i for i, o in enumerate(body.outputs)})
    for op in body.get_operations():
        dtype = op.attrs.get("element_dtype")
        if dtype is None:
            continue
        for t in list(op.inputs) + list(op.outputs):
            if t.dtype is dtypes.variant and id(t) in positions:
                found.setdefault(positions[id(t)], dtype)
    return found


def _carried(body: Any) -> set[int]:
    """The positions the body returns unchanged (captured tensors, handles)."""
    return {i for i, (p, o) in enumerate(zip(body.inputs, body.outputs)) if p is o}


def _initial(grad: Any, output: Any, variable: tuple | None,
             element_dtype: dtypes.DType | None) -> Any:
    if grad is not None and output.dtype is not dtypes.resource:
        return grad
    if variable is not None:
        return zeros(variable[1], variable[0])
    if element_dtype is not None:
        return zeros_list(output, element_dtype)
    return zeros_like(output)


def _forward(cond: Any, body: Any, inputs: list, recorded: list[int], shapes: list
             ) -> tuple[Any, list]:
    """The loop again, writing the loop variables at `recorded` positions per iteration."""
    arrays = [TensorArray(inputs[i].dtype, size=0, dynamic_size=True,
                          element_shape=shapes[i]) for i in recorded]

    def loop_cond(n: Any, values: list, arrays: list) -> Any:
        return _run(cond, values, cond.outputs)[0]

    def loop_body(n: Any, values: list, arrays: list) -> tuple:
        arrays = [a.write(n, values[i]) for a, i in zip(arrays, recorded)]
        return add(n, 1), _run(body, values, body.outputs), arrays
    invariants = None
    if all(s is not None for s in shapes):
        invariants = (TensorShape([]), shapes, [a.element_shape for a in arrays])
    n, _, arrays = while_loop(loop_cond, loop_body, (zeros([], dtypes.int32), inputs, arrays),
                              shape_invariants=invariants)
    return n, arrays


def _backward(body: Any, inputs: list, wanted: list[int], recorded: list[int], count: Any,
              history: list, start: list, zero: dict) -> list:
    position = {i: k for k, i in enumerate(recorded)}

    def loop_cond(n: Any, gradients: list) -> Any:
        return greater(n, 0)

    def loop_body(n: Any, gradients: list) -> tuple:
        n = subtract(n, 1)
        graph = building_graph()
        values = [history[position[i]].read(n) if i in position else
                  (into_graph(graph, t) if graph is not None else t)
                  for i, t in enumerate(inputs)]
        sources = [values[i] for i in wanted]
        with GradientTape(watch_accessed_variables=False) as tape:
            tape.watch(sources)
            computed = replay(body, values, fetches=[body.outputs[i] for i in wanted])
        targets = [computed[id(body.outputs[i])] for i in wanted]
        found = tape.gradient(targets, sources, output_gradients=list(gradients))
        return n, [g if g is not None else zero[i](old)
                   for i, g, old in zip(wanted, found, gradients)]
    _, final = while_loop(loop_cond, loop_body, (count, start))
    out: list[Any] = [None] * len(inputs)
    for i, g in zip(wanted, final):
        out[i] = g
    return out


def _run(graph: Any, values: list, fetches: list) -> list:
    computed = replay(graph, values, fetches=fetches)
    return [computed[id(t)] for t in fetches]
