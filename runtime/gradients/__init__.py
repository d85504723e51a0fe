"""Automatic differentiation: the gradient registry, each op's gradient function, gradient
tapes, and gradients of graphs.

Imports every layer below it (`core` to `function`). Gradient functions are graph-building
Python over the ops layer, so one definition serves eager tapes, tapes inside functions and
`gradients` over a v1 graph.
"""

from autograph.runtime.function import concrete_function as _concrete_function
from autograph.runtime.gradients.backprop import UnconnectedGradients
from autograph.runtime.gradients.custom_gradient import custom_gradient, recompute_grad
from autograph.runtime.gradients.function_grad import call_recorded as _call_recorded
from autograph.runtime.gradients.graph_gradients import gradients
from autograph.runtime.gradients.registry import (
    RegisterGradient,
    gradient_function,
    has_gradient,
    no_gradient,
    registered_gradients,
)
from autograph.runtime.gradients.tape import GradientTape

_concrete_function.recorded_call[:] = [_call_recorded]

__all__ = ["GradientTape", "RegisterGradient", "UnconnectedGradients",
           "custom_gradient", "gradient_function", "gradients", "has_gradient", "no_gradient",
           "recompute_grad", "registered_gradients"]
