"""`SGD`: gradient descent, with momentum and Nesterov momentum (Keras 3's update rule).

Without momentum: `w -= lr * g`. With momentum, one slot `m` (zeros):
`m = momentum * m - lr * g`, then `w += m`, or with `nesterov`, `w += momentum * m - lr * g`.
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.ops.creation.ops import cast
from autograph.runtime.ops.math.ops import multiply, subtract
from autograph.runtime.ops.sparse.indexed_slices import IndexedSlices
from autograph.runtime.state.variables import Variable
from autograph.runtime.train.optimizers.base import Optimizer, _is_number

__all__ = ["SGD"]


class SGD(Optimizer):
    """Gradient descent (with momentum).

    Args:
        learning_rate: default 0.01 (see `Optimizer`).
        momentum: a number in [0, 1] (default 0.0): how much of the previous step carries on.
            Keras 3 rejects an int; here `0` and `1` are accepted.
        nesterov: whether to use Nesterov momentum.
        **kwargs: `weight_decay`, `clipnorm`, `clipvalue`, `global_clipnorm`, `name`.
    """

    def __init__(self, learning_rate: Any = 0.01, momentum: float = 0.0, nesterov: bool = False,
                 **kwargs: Any):
        if not _is_number(momentum) or not 0 <= momentum <= 1:
            raise ValueError(f"`momentum` must be a float between [0, 1]. Received: "
                             f"momentum={momentum!r}")
        super().__init__(learning_rate=learning_rate, **kwargs)
        self.momentum = float(momentum)
        self.nesterov = bool(nesterov)

    def _slot_groups(self) -> tuple[tuple[tuple[str, float], ...], ...]:
        return ((("momentum", 0.0),),) if self.momentum != 0 else ()

    def _updates_rows_only(self) -> bool:
        return self.momentum == 0

    def sparse_update_step(self, gradient: Any, variable: Variable, learning_rate: Any) -> None:
        rate = cast(learning_rate, variable.dtype)
        variable.scatter_sub(IndexedSlices(multiply(gradient.values, rate), gradient.indices))

    def update_step(self, gradient: Any, variable: Variable, learning_rate: Any) -> None:
        learning_rate = cast(learning_rate, variable.dtype)
        if self.momentum == 0:
            variable.assign_sub(multiply(gradient, learning_rate))
            return
        m = self.get_slot(variable, "momentum")
        momentum = cast(self.momentum, variable.dtype)
        m.assign(subtract(multiply(m, momentum), multiply(gradient, learning_rate)))
        if self.nesterov:
            variable.assign_add(subtract(multiply(m, momentum),
                                         multiply(gradient, learning_rate)))
        else:
            variable.assign_add(m)

    def get_config(self) -> dict[str, Any]:
        return {**super().get_config(), "momentum": self.momentum, "nesterov": self.nesterov}
