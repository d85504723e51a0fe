"""Automatic differentiation: the gradient registry, each op's gradient function, gradient
tapes, and gradients of graphs.

Imports every layer below it (`core` to `function`). Gradient functions are graph-building
Python over the ops layer, so one definition serves eager tapes, tapes inside functions and
`gradients` over a v1 graph.
"""

from runtime.gradients import (  # noqa: F401  (register the gradients)
    math_grad,
    nn_grad,
    non_differentiable,
    state_grad,
)
from runtime.gradients.backprop import UnconnectedGradients
from runtime.gradients.custom_gradient import custom_gradient
from runtime.gradients.graph_gradients import gradients
from runtime.gradients.registry import (
    NotDifferentiable,
    RegisterGradient,
    gradient_function,
    has_gradient,
    no_gradient,
    registered_gradients,
)
from runtime.gradients.tape import GradientTape

__all__ = ["GradientTape", "NotDifferentiable", "RegisterGradient", "UnconnectedGradients",
           "custom_gradient", "gradient_function", "gradients", "has_gradient", "no_gradient",
           "registered_gradients"]
