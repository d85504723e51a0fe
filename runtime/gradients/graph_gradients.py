"""`gradients(ys, xs)`: symbolic gradients of a graph, added to that graph (TensorFlow 1's
`tf.gradients`), for graph mode with `Session.run` and inside functions.

The graph's operations, in the order they were created, are the records `backprop.backward`
walks; an output made by `custom_gradient` stands for its own gradient function.

>>> import autograph as ag
>>> with ag.Graph().as_default() as g:
...     x = ag.placeholder(ag.float32, [])
...     (dx,) = gradients(x * x, [x])
>>> float(ag.Session(graph=g).run(dx, {x: 3.0}))
6.0
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.gradients.backprop import Record, UnconnectedGradients, backward
from autograph.runtime.gradients.custom_gradient import custom_record
from autograph.runtime.graph.func_graph import flatten
from autograph.runtime.graph.graph import Graph, building_graph
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.state.variables import Variable


def gradients(ys: Any, xs: Any, grad_ys: Any = None, name: str = "gradients",
              gate_gradients: bool = False, aggregation_method: Any = None,
              stop_gradients: Any = None,
              unconnected_gradients: Any = UnconnectedGradients.NONE) -> list[Any]:
    """The gradients of the sum of `ys` with respect to each of `xs`, as tensors of the graph
    being built (a list, one per `xs`; None where `ys` does not depend on it).

    Args:
        ys: a tensor or list of tensors to differentiate.
        xs: a tensor or variable, or a list of them.
        grad_ys: per `ys`, its gradient (None: ones of its shape).
        name: the name scope of the gradient ops.
        gate_gradients, aggregation_method: accepted for TensorFlow compatibility; they do not
            change the result.
        stop_gradients: tensors held constant: no gradient flows through them.
        unconnected_gradients: `UnconnectedGradients.NONE` or `ZERO` for an `xs` that `ys`
            does not depend on.

    Raises:
        RuntimeError: called eagerly (use `GradientTape`).
    """
    graph = building_graph()
    if graph is None:
        raise RuntimeError("ag.gradients is not supported when eager execution is enabled. "
                           "Use ag.GradientTape instead.")
    unconnected = UnconnectedGradients(unconnected_gradients)
    y_list = [_in_graph(graph, y, "ys") for y in flatten(ys)]
    x_list = [_in_graph(graph, x, "xs") for x in flatten(xs)]
    given = None
    if grad_ys is not None:
        given = list(grad_ys) if isinstance(grad_ys, (list, tuple)) else [grad_ys]
        if len(given) != len(y_list):
            raise ValueError(f"grad_ys has {len(given)} tensors for {len(y_list)} ys; give one "
                             f"per ys (or None).")
        given = [None if g is None else convert_to_tensor(g, dtype=y.dtype)
                 for g, y in zip(given, y_list)]
    stop = [_in_graph(graph, s, "stop_gradients") for s in flatten(stop_gradients or [])]
    records = [custom_record(op) or Record(op.type, op.inputs, op.outputs, op.attrs, op)
               for op in graph.get_operations()]
    with graph.name_scope(name):
        return backward(records, y_list, x_list, given, unconnected, stop, keep_sparse=True)


def _in_graph(graph: Graph, value: Any, what: str) -> Tensor:
    if isinstance(value, Variable):
        return value._handle_in(graph)
    if not isinstance(value, Tensor):
        raise TypeError(f"ag.gradients: {what} must be tensors or variables of the graph being "
                        f"built, got {type(value).__name__} {value!r}.")
    return value
