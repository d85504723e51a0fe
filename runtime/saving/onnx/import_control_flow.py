"""Importers of ONNX's control flow: `If` becomes our `cond`, `Loop` our `while_loop`.

An ONNX subgraph reads the values of the graphs around it by name; its nodes are traced in a
child `Scope`, inside the branch or body function our op traces, so those reads become the
captured inputs of our branch or body. A `Loop`'s scan outputs (values stacked over the
iterations) are `TensorArray`s the body writes.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.ops.array import ops as array_ops
from autograph.runtime.ops.control_flow.ops import cond
from autograph.runtime.ops.control_flow.while_loop import while_loop
from autograph.runtime.ops.creation import ops as creation_ops
from autograph.runtime.ops.list.tensor_array import TensorArray
from autograph.runtime.ops.math import ops as math_ops
from autograph.runtime.saving.onnx.import_table import imports, run_graph
from autograph.runtime.saving.onnx.onnx_module import our_dtype


def _scalar(condition: Any) -> Any:
    """An ONNX condition (a bool tensor of one element) as our cond's bool scalar."""
    return array_ops.reshape(condition, [])


def _run_branch(scope: Any, graph: Any) -> Any:
    def branch() -> list:
        inner = scope.child()
        run_graph(graph, inner)
        return [inner.get(out.name) for out in graph.output]
    return branch


@imports("If")
def _if(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    return cond(_scalar(inputs[0]), _run_branch(scope, attrs["then_branch"]),
                _run_branch(scope, attrs["else_branch"]))


@imports("Loop")
def _loop(scope: Any, node: Any, inputs: list, attrs: dict) -> Any:
    body = attrs["body"]
    limit, keep_going = inputs[0], inputs[1]  # the checker sees to both (None: omitted)
    if keep_going is None:
        keep_going = creation_ops.constant(True)
    carried = list(inputs[2:])
    scans = [TensorArray(our_dtype(out.type.tensor_type.elem_type), size=0, dynamic_size=True)
             for out in body.output[1 + len(carried):]]

    def go_on(i: Any, flag: Any, *rest: Any) -> Any:
        if limit is None:
            return flag
        return math_ops.logical_and(flag, math_ops.less(i, creation_ops.cast(limit,
                                                                            dtypes.int64)))

    def step(i: Any, flag: Any, *rest: Any) -> list:
        inner = scope.child()
        names = [value.name for value in body.input]
        inner.values[names[0]] = i
        inner.values[names[1]] = flag
        for name, value in zip(names[2:], rest[:len(carried)]):
            inner.values[name] = value
        run_graph(body, inner)
        results = [inner.get(out.name) for out in body.output]
        arrays = [array.write(creation_ops.cast(i, dtypes.int32), value)
                  for array, value in zip(rest[len(carried):], results[1 + len(carried):])]
        return [math_ops.add(i, creation_ops.constant(1, dtypes.int64)),
                _scalar(results[0]), *results[1:1 + len(carried)], *arrays]

    start = [creation_ops.constant(np.int64(0)), _scalar(keep_going), *carried, *scans]
    final = while_loop(go_on, step, start)
    return [*final[2:2 + len(carried)], *(array.stack() for array in final[2 + len(carried):])]
