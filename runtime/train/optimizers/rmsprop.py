"""`RMSprop`, Keras 3's update rule.

Slot `velocity` (zeros), plus `momentum` when `momentum > 0` and `average_gradient` when
`centered`: `velocity = rho * velocity + (1 - rho) * g ** 2`; centered, `average_gradient =
rho * average_gradient + (1 - rho) * g` and the denominator is `velocity - average_gradient ** 2
+ epsilon`, else `velocity + epsilon`; `increment = lr * g / sqrt(denominator)`; with momentum
`momentum_slot = momentum * momentum_slot + increment` and `w -= momentum_slot`, else
`w -= increment`. (Keras adds `epsilon` inside the square root.)
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.ops.creation.ops import cast
from autograph.runtime.ops.math.ops import add, divide, multiply, sqrt, square, subtract
from autograph.runtime.state.variables import Variable
from autograph.runtime.train.optimizers.base import Optimizer, squared

__all__ = ["RMSprop"]


class RMSprop(Optimizer):
    """RMSprop: divides the gradient by a running root mean square of its recent values.

    Args:
        learning_rate: default 0.001 (see `Optimizer`).
        rho: the discount of the running average of the squared gradients (default 0.9).
        momentum: default 0.0 (no momentum slot).
        epsilon: added under the square root (default 1e-7).
        centered: normalise by the estimated variance rather than the second moment.
        **kwargs: `weight_decay`, `clipnorm`, `clipvalue`, `global_clipnorm`, `name`.
    """

    def __init__(self, learning_rate: Any = 0.001, rho: float = 0.9, momentum: float = 0.0,
                 epsilon: float = 1e-7, centered: bool = False, **kwargs: Any):
        super().__init__(learning_rate=learning_rate, **kwargs)
        self.rho = rho
        self.momentum = momentum
        self.epsilon = epsilon
        self.centered = centered

    def _slot_groups(self) -> tuple[tuple[tuple[str, float], ...], ...]:
        groups: tuple[tuple[tuple[str, float], ...], ...] = ((("velocity", 0.0),),)
        if self.momentum > 0:
            groups += ((("momentum", 0.0),),)
        if self.centered:
            groups += ((("average_gradient", 0.0),),)
        return groups

    def update_step(self, gradient: Any, variable: Variable, learning_rate: Any) -> None:
        lr = cast(learning_rate, variable.dtype)
        rho = self.rho
        velocity = self.get_slot(variable, "velocity")
        velocity.assign(add(multiply(rho, velocity), multiply(1 - rho, squared(gradient))))
        if self.centered:
            average = self.get_slot(variable, "average_gradient")
            average.assign(add(multiply(rho, average), multiply(1 - rho, gradient)))
            denominator = add(subtract(velocity, square(average)), self.epsilon)
        else:
            denominator = add(velocity, self.epsilon)
        increment = divide(multiply(lr, gradient), sqrt(denominator))
        if self.momentum > 0:
            momentum = self.get_slot(variable, "momentum")
            momentum.assign(add(multiply(self.momentum, momentum), increment))
            variable.assign_sub(momentum)
        else:
            variable.assign_sub(increment)

    def get_config(self) -> dict[str, Any]:
        return {**super().get_config(), "rho": self.rho, "momentum": self.momentum,
                "epsilon": self.epsilon, "centered": self.centered}
