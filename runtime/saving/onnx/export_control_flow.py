"""Export converters of control flow: `If` becomes ONNX `If`, `Case` nested `If`s, `While`
ONNX `Loop`.

Our branches and loop bodies take the tensors they use as inputs; ONNX subgraphs take none
(a `Loop` body: the iteration number, the condition and the carried values) and read outer
values by name. So a branch's inputs are bound to the outer names of the op's inputs. A
`While`'s loop variables that its body returns unchanged (the captured tensors, variable
handles among them) are read from outside rather than carried; the others are the `Loop`'s
carried values. ONNX's `Loop` tests its condition after each body run, so the condition runs
once before the loop (inline) and once at the end of each body.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.saving.onnx.export_graph import value_info, where
from autograph.runtime.saving.onnx.export_table import converts
from autograph.runtime.saving.onnx.onnx_module import onnx


def _shape(tensor: Any) -> list | None:
    return tensor.shape.as_list() if tensor.shape.rank is not None else None


def _outputs(graph: Any, names: list[str]) -> list[tuple[str, Any, Any]]:
    return [(name, t.dtype, _shape(t)) for name, t in zip(names, graph.outputs)]


def _check_no_resources(op: Any, tensors: Any) -> None:
    if any(t.dtype is dtypes.resource for t in tensors):
        raise ValueError(f"ag.onnx.export: {where(op)} returns a variable handle; ONNX values "
                         f"are tensors only.")


def _branch(g: Any, graph: Any, inputs: Any, prefix: str) -> Any:
    """Our branch function `graph` as an ONNX subgraph reading `inputs` from `g`."""
    inner = g.child(prefix)
    for placeholder, outer in zip(graph.inputs, inputs):
        inner.bind_like(placeholder, outer, g)
    inner.convert(graph)
    names = [inner.name(t) for t in graph.outputs]
    return inner.finish(graph.name, _outputs(graph, names))


@converts("If")
def _if(g: Any, op: Any) -> None:
    _check_no_resources(op, op.outputs)
    if op.inputs[0].dtype is not dtypes.bool_:  # cond, `if`, `and` and `or` make bool ones
        raise ValueError(f"ag.onnx.export: {where(op)} has a {op.inputs[0].dtype.name} "
                         f"condition; ONNX's If takes a bool one.")
    inputs = op.inputs[1:]
    then_graph = _branch(g, op.attrs["then_branch"], inputs, f"{op.name}/then/")
    else_graph = _branch(g, op.attrs["else_branch"], inputs, f"{op.name}/else/")
    g.node("If", [g.input(op, 0)], g.outputs(op), then_branch=then_graph,
           else_branch=else_graph)


@converts("Case")
def _case(g: Any, op: Any) -> None:  # index 0, 1, ... tested in turn; the last is the default
    _check_no_resources(op, op.outputs)
    branches, inputs = op.attrs["branches"], op.inputs[1:]
    index = g.input(op, 0)

    def choose(at: Any, k: int, outputs: Any) -> list[str]:
        """Writes into `at` the choice among branches k.. (reading the index from `g`)."""
        then_graph = _branch(at, branches[k], inputs, f"{op.name}/branch_{k}/")
        if k == len(branches) - 2:
            else_graph = _branch(at, branches[k + 1], inputs, f"{op.name}/branch_{k + 1}/")
        else:
            rest = at.child(f"{op.name}/after_{k}/")
            for t in inputs:
                rest.bind_like(t, t, at)
            names = choose(rest, k + 1, len(op.outputs))
            else_graph = rest.finish(f"{op.name}_after_{k}", _outputs(op, names))
        is_k = at.one("Equal", [index, at.const(np.asarray(k, np.int32))])
        return at.node("If", [is_k], outputs, then_branch=then_graph, else_branch=else_graph)

    if len(branches) == 1:
        names = g.run_inline(branches[0], inputs, f"{op.name}/branch_0/")
        for t, name in zip(op.outputs, names):
            g.bind(t, name)
        return
    choose(g, 0, g.outputs(op))


@converts("While")
def _while(g: Any, op: Any) -> None:
    cond, body = op.attrs["cond"], op.attrs["body"]
    invariant = [out is inp for inp, out in zip(body.inputs, body.outputs)]
    for i, t in enumerate(op.inputs):
        if t.dtype is dtypes.resource and not invariant[i]:
            raise ValueError(f"ag.onnx.export: {where(op)} changes a variable handle in its "
                             f"loop; ONNX values are tensors only.")
    carried = [i for i, same in enumerate(invariant) if not same]
    first = g.run_inline(cond, op.inputs, f"{op.name}/cond_init/")[0]

    inner = g.child(f"{op.name}/body/")
    helper = onnx().helper
    step = inner.fresh("iteration")
    cond_in = inner.fresh("cond_in")
    body_inputs = [helper.make_tensor_value_info(step, onnx().TensorProto.INT64, []),
                   helper.make_tensor_value_info(cond_in, onnx().TensorProto.BOOL, [])]
    for i, placeholder in enumerate(body.inputs):
        if invariant[i]:
            inner.bind_like(placeholder, op.inputs[i], g)
        else:
            name = inner.fresh(placeholder.op.name)
            inner.bind(placeholder, name)
            body_inputs.append(value_info(name, placeholder.dtype, _shape(placeholder)))
    inner.convert(body)
    next_cond = inner.run_inline(cond, body.outputs, f"{op.name}/cond/")[0]  # a bool scalar
    outputs: list[tuple[str, Any, Any]] = [(next_cond, dtypes.bool_, [])]
    outputs += [(inner.name(body.outputs[i]), body.outputs[i].dtype, _shape(body.outputs[i]))
                for i in carried]
    loop_body = inner.finish(f"{op.name.replace('/', '_')}_body", outputs, body_inputs)

    names = g.node("Loop", ["", first,
                            *(g.input(op, i) for i in carried)],
                   [g.fresh(f"{op.name}:{i}") for i in carried], body=loop_body)
    for i, t in enumerate(op.outputs):
        if invariant[i]:
            g.bind_like(t, op.inputs[i], g)
        else:
            g.bind(t, names[carried.index(i)])
