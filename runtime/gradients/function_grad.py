"""A function called eagerly under a tape: one recorded op whose backward is a traced graph.

The first such call of a concrete function builds, once, its backward graph: the gradients of
its outputs with respect to its inputs and the variables it reads, as a graph whose inputs are
the output gradients and the forward values the gradients use. It also plans the forward again
to fetch those values along with the outputs. Each call then runs that forward plan and records
one op on the tapes; its gradient runs the backward plan. Under nested tapes (higher
derivatives) the function runs op by op instead (`replay`), so that every tape sees every op.

>>> import autograph as ag
>>> @ag.function(autograph=False)
... def cube(x):
...     return x * x * x
>>> x = ag.constant(2.0)
>>> with ag.GradientTape() as tape:
...     tape.watch(x)
...     y = cube(x)
>>> float(tape.gradient(y, x))
12.0
"""

from __future__ import annotations

import weakref
from typing import Any

from autograph.runtime.core import dtypes
from autograph.runtime.core.devices import CPU
from autograph.runtime.exec.executor import Plan
from autograph.runtime.gradients.backprop import Record, backward
from autograph.runtime.gradients.registry import RegisterGradient
from autograph.runtime.gradients.replay import replay
from autograph.runtime.gradients.tape import record_on_tapes, recording_tapes
from autograph.runtime.graph.func_graph import FuncGraph
from autograph.runtime.graph.recording import tape_recorder
from autograph.runtime.graph.tensor import make_eager
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.creation.ops import zeros_like
from autograph.runtime.state import variables as variables_module

CALL = "FunctionCall"  # the op type of the records standing for a call


class _Gradient:
    """A concrete function's forward plan fetching what its backward needs, and the backward."""

    def __init__(self, concrete: Any):
        graph = concrete.graph
        self.handles: list[Any] = []
        self.variables: list[Any] = []  # the eager variables the function reads
        for op in graph.get_operations():
            if op.type == "Const" and op.attrs.get("dtype") is dtypes.resource:
                variable = variables_module.variable_of(op.attrs["value"][()])
                if variable is not None:
                    self.handles.append(op.outputs[0])
                    self.variables.append(variable)
        outputs = list(concrete.outputs)
        self.differentiable = [i for i, t in enumerate(outputs)
                               if t.dtype.is_floating or t.dtype.is_complex]
        sources = list(graph.inputs) + self.handles
        backward_graph = FuncGraph(f"{concrete.name}_backward", graph)
        with backward_graph.as_default():
            seeds = [backward_graph.add_input(outputs[i].dtype, outputs[i]._shape, f"grad_{i}")
                     for i in self.differentiable]
            records = [Record(op.type, op.inputs, op.outputs, op.attrs, op)
                       for op in graph.get_operations()]
            grads = backward(records, [outputs[i] for i in self.differentiable], sources, seeds)
        self.saved = list(backward_graph.external_captures)  # forward values the grads use
        self.present = [i for i, g in enumerate(grads) if g is not None]
        backward_graph.outputs = [grads[i] for i in self.present]
        self.backward_graph = backward_graph
        self.n_sources = len(sources)
        self.forward = Plan(graph, graph.inputs, concrete._fetches + self.saved)
        self.backward = Plan(backward_graph, backward_graph.inputs, backward_graph.outputs)
        self.output_dtypes = [t.dtype for t in outputs]
        self.output_tensors = outputs

    def run_backward(self, grads: list, outputs: list, saved: list) -> list:
        seeds = [grads[i] if grads[i] is not None else zeros_like(outputs[i])
                 for i in self.differentiable]
        result: list[Any] = [None] * self.n_sources
        if tape_recorder[0] is not None:  # a tape records the gradient: run it op by op
            values = replay(self.backward_graph, seeds + saved)
            found = [values[id(t)] for t in self.backward_graph.outputs]
        else:
            arrays = self.backward.run([_host(t) for t in seeds + saved])
            found = [make_eager(a, t.dtype, CPU)
                     for a, t in zip(arrays, self.backward_graph.outputs)]
        for i, g in zip(self.present, found):
            result[i] = g
        return result


_GRADIENTS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def call_recorded(concrete: Any, tensors: list) -> Any:
    """An eager call of a concrete function while a tape records: planned, and recorded.

    Under nested tapes (a higher derivative to come) the function's ops run one by one
    instead, so that each tape sees how the values the backward uses depend on the inputs."""
    concrete.check_no_captures()
    _watch_variable_arguments(tensors)
    if recording_tapes() > 1:
        return concrete.structured(replay(concrete.graph, tensors))
    gradient = _GRADIENTS.get(concrete)
    if gradient is None:
        gradient = _GRADIENTS[concrete] = _Gradient(concrete)
    watch = variables_module.access_watcher[0]
    if watch is not None:
        for variable in gradient.variables:
            watch(variable)
    inputs = [convert_to_tensor(t) for t in tensors]
    results = gradient.forward.run([_host(t) for t in inputs])
    outputs = [make_eager(a, dtype, CPU) for a, dtype in zip(results, gradient.output_dtypes)]
    saved_arrays = results[len(concrete._fetches):]
    saved = [make_eager(a, t.dtype, CPU) for a, t in zip(saved_arrays, gradient.saved)]
    handles = [v._handle for v in gradient.variables]
    record_on_tapes(Record(CALL, inputs + handles, outputs,
                           {"gradient": gradient, "saved": saved}, None))
    return concrete.structured({id(t): out for t, out in zip(gradient.output_tensors, outputs)})


def _watch_variable_arguments(tensors: list) -> None:
    """Variables passed as arguments count as read, as those the function captures do: the
    function reads them through the handles fed to its `resource` placeholders."""
    watch = variables_module.access_watcher[0]
    if watch is None:
        return
    for t in tensors:
        if t.dtype is dtypes.resource:
            variable = variables_module.variable_of(t.numpy())
            if variable is not None:
                watch(variable)


@RegisterGradient(CALL)
def _call_grad(op: Any, *grads: Any) -> list:
    return op.get_attr("gradient").run_backward(list(grads), op.outputs, op.get_attr("saved"))


def _host(t: Any) -> Any:
    return t._value if t._device is CPU else t._device.to_host(t._value)
