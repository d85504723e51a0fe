"""`Adagrad`, Keras 3's update rule.

Slot `accumulator`, starting at `initial_accumulator_value`: `accumulator += g ** 2`, then
`w -= lr * g / sqrt(accumulator + epsilon)`.
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.ops.array.gathering import gather
from autograph.runtime.ops.creation.ops import cast
from autograph.runtime.ops.math.ops import add, divide, multiply, sqrt, square
from autograph.runtime.ops.sparse.indexed_slices import IndexedSlices, distinct_rows
from autograph.runtime.state.variables import Variable
from autograph.runtime.train.optimizers.base import Optimizer, squared

__all__ = ["Adagrad"]


class Adagrad(Optimizer):
    """Adagrad: per-parameter learning rates scaled by the gradients' accumulated squares.

    Args:
        learning_rate: default 0.001 (see `Optimizer`).
        initial_accumulator_value: the accumulators' starting value (default 0.1).
        epsilon: added under the square root (default 1e-7).
        **kwargs: `weight_decay`, `clipnorm`, `clipvalue`, `global_clipnorm`, `name`.
    """

    def __init__(self, learning_rate: Any = 0.001, initial_accumulator_value: float = 0.1,
                 epsilon: float = 1e-7, **kwargs: Any):
        super().__init__(learning_rate=learning_rate, **kwargs)
        self.initial_accumulator_value = initial_accumulator_value
        self.epsilon = epsilon

    def _slot_groups(self) -> tuple[tuple[tuple[str, float], ...], ...]:
        return ((("accumulator", float(self.initial_accumulator_value)),),)

    def _updates_rows_only(self) -> bool:
        return True  # rows without a gradient add nothing to their accumulator nor move

    def sparse_update_step(self, gradient: Any, variable: Variable, learning_rate: Any) -> None:
        lr = cast(learning_rate, variable.dtype)
        accumulator = self.get_slot(variable, "accumulator")
        # Keras adds each row's square (repeats apart), then steps by the summed gradient.
        accumulator.scatter_add(IndexedSlices(square(gradient.values), gradient.indices))
        rows = distinct_rows(gradient)
        step = divide(multiply(lr, rows.values),
                      sqrt(add(gather(accumulator, rows.indices), self.epsilon)))
        variable.scatter_sub(IndexedSlices(step, rows.indices))

    def update_step(self, gradient: Any, variable: Variable, learning_rate: Any) -> None:
        lr = cast(learning_rate, variable.dtype)
        accumulator = self.get_slot(variable, "accumulator")
        accumulator.assign_add(squared(gradient))
        variable.assign_sub(divide(multiply(lr, gradient),
                                   sqrt(add(accumulator, self.epsilon))))

    def get_config(self) -> dict[str, Any]:
        return {**super().get_config(),
                "initial_accumulator_value": self.initial_accumulator_value,
                "epsilon": self.epsilon}
