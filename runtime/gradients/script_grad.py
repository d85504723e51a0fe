"""Gradients of the ops that call Python: `EagerPyFunc` is differentiable, `PyFunc` is not.

The gradient of an `EagerPyFunc` is another `EagerPyFunc`, given the op's inputs and the
gradients of its outputs: it runs the forward function again, eagerly, under a tape watching
the inputs, and asks the tape for the inputs' gradients. So the function's own ops are
differentiated, as in TensorFlow (which keeps the forward run's tape instead of running the
function again; here a function with side effects sees them twice when differentiated in a
graph). Eagerly no op is recorded: `py_function` calls the function and the tapes record its
ops directly.
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.core.held_objects import held
from autograph.runtime.gradients.backprop import UnconnectedGradients, differentiable
from autograph.runtime.gradients.registry import RegisterGradient, no_gradient
from autograph.runtime.gradients.tape import GradientTape
from autograph.runtime.graph.graph import building_graph
from autograph.runtime.ops.script.ops import ScriptFunction, py_function

no_gradient("PyFunc")
no_gradient("PyFuncStateless")


def _backward_function(forward: ScriptFunction, given: list[int], wrt: list[int]) -> Any:
    """The Python function of the gradient op: (inputs..., gradients given...) -> gradients of
    the inputs `wrt`."""
    def backward(*args: Any) -> list:
        inputs, upstream = list(args[:len(forward.tin)]), list(args[len(forward.tin):])
        with GradientTape() as tape:
            for x in inputs:
                tape.watch(x)
            outputs = forward.call(inputs)
        return tape.gradient([outputs[i] for i in given], [inputs[i] for i in wrt],
                             output_gradients=upstream,
                             unconnected_gradients=UnconnectedGradients.ZERO)
    return backward


@RegisterGradient("EagerPyFunc")
def _eager_py_func_grad(op: Any, *grads: Any) -> list:
    forward = held(op.get_attr("token"))
    if not isinstance(forward, ScriptFunction):
        raise TypeError(f"{op.name} holds {forward!r}, not a py_function: an EagerPyFunc made "
                        f"by hand has no gradient.")
    inputs = list(op.inputs)
    wrt = [i for i, x in enumerate(inputs) if differentiable(x.dtype)]
    given = [i for i, g in enumerate(grads) if g is not None]
    result: list[Any] = [None] * len(inputs)
    if not wrt:  # (`backward` calls this only with a gradient given for some output)
        return result
    backward = _backward_function(forward, given, wrt)
    computed = py_function(backward, inputs + [grads[i] for i in given],
                           [inputs[i].dtype for i in wrt])
    for i, g in zip(wrt, computed):
        if building_graph() is not None:
            g.set_shape(inputs[i].shape)  # as TensorFlow: a gradient has its input's shape
        result[i] = g
    return result
