"""`Adam` (with AMSGrad) and `AdamW` (decoupled weight decay), Keras 3's update rules.

Slots `m`, `v` (zeros; `v_hat` too with `amsgrad`). At step `t = iterations + 1`:
`alpha = lr * sqrt(1 - beta_2 ** t) / (1 - beta_1 ** t)`, `m += (g - m) * (1 - beta_1)`,
`v += (g ** 2 - v) * (1 - beta_2)`, with `amsgrad` `v_hat = max(v_hat, v)` replaces `v`, and
`w -= m * alpha / (sqrt(v) + epsilon)`: `epsilon` is the "epsilon hat" of Kingma and Ba (added
after the bias correction folded into `alpha`). `AdamW` first does `w -= w * weight_decay * lr`.

`LazyAdam` (TensorFlow Addons' `tfa.optimizers.LazyAdam`) is Adam whose step for the gradient
of an embedding lookup (an `IndexedSlices`) updates only the rows looked up, in the variable and
in `m` and `v`: rows not read keep their moments instead of decaying, which is what makes a step
over a large vocabulary cost the rows read rather than the whole table. Dense gradients get
Adam's step.
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.ops.array.gathering import gather
from autograph.runtime.ops.creation.ops import cast
from autograph.runtime.ops.math.ops import (
    add,
    divide,
    maximum,
    multiply,
    pow,
    sqrt,
    square,
    subtract,
)
from autograph.runtime.ops.sparse.indexed_slices import IndexedSlices, distinct_rows
from autograph.runtime.state.variables import Variable
from autograph.runtime.train.optimizers.base import Optimizer, squared

__all__ = ["Adam", "AdamW", "LazyAdam"]


class Adam(Optimizer):
    """Adam: adaptive estimates of the gradients' first and second moments.

    Args:
        learning_rate: default 0.001 (see `Optimizer`).
        beta_1: decay rate of the first-moment estimate (default 0.9).
        beta_2: decay rate of the second-moment estimate (default 0.999).
        epsilon: added to `sqrt(v)` for numerical stability (default 1e-7, Keras' default).
        amsgrad: use the AMSGrad variant (the running maximum of `v`).
        **kwargs: `weight_decay`, `clipnorm`, `clipvalue`, `global_clipnorm`, `name`.
    """

    def __init__(self, learning_rate: Any = 0.001, beta_1: float = 0.9, beta_2: float = 0.999,
                 epsilon: float = 1e-7, amsgrad: bool = False, **kwargs: Any):
        super().__init__(learning_rate=learning_rate, **kwargs)
        self.beta_1 = beta_1
        self.beta_2 = beta_2
        self.epsilon = epsilon
        self.amsgrad = amsgrad

    def _slot_groups(self) -> tuple[tuple[tuple[str, float], ...], ...]:
        groups: tuple[tuple[tuple[str, float], ...], ...] = (
            (("momentum", 0.0), ("velocity", 0.0)),)
        return groups + ((("velocity_hat", 0.0),),) if self.amsgrad else groups

    def _alpha(self, dtype: Any, learning_rate: Any) -> Any:
        """The step size with both bias corrections: `lr * sqrt(1 - b2^t) / (1 - b1^t)`."""
        lr = cast(learning_rate, dtype)
        local_step = cast(add(self.iterations, 1), dtype)
        beta_1_power = pow(cast(self.beta_1, dtype), local_step)
        beta_2_power = pow(cast(self.beta_2, dtype), local_step)
        return divide(multiply(lr, sqrt(subtract(1.0, beta_2_power))),
                      subtract(1.0, beta_1_power))

    def update_step(self, gradient: Any, variable: Variable, learning_rate: Any) -> None:
        alpha = self._alpha(variable.dtype, learning_rate)
        m = self.get_slot(variable, "momentum")
        v = self.get_slot(variable, "velocity")
        m.assign_add(multiply(subtract(gradient, m), 1 - self.beta_1))
        v.assign_add(multiply(subtract(squared(gradient), v), 1 - self.beta_2))
        if self.amsgrad:
            v_hat = self.get_slot(variable, "velocity_hat")
            v_hat.assign(maximum(v_hat, v))
            v = v_hat
        variable.assign_sub(divide(multiply(m, alpha), add(sqrt(v), self.epsilon)))

    def get_config(self) -> dict[str, Any]:
        return {**super().get_config(), "beta_1": self.beta_1, "beta_2": self.beta_2,
                "epsilon": self.epsilon, "amsgrad": self.amsgrad}


class AdamW(Adam):
    """Adam with decoupled weight decay (Loshchilov and Hutter): each step first does
    `w -= w * weight_decay * lr`, then Adam's update.

    Args:
        weight_decay: the decay rate (default 0.004); must be a number.
        **kwargs: as `Adam`.

    Raises:
        ValueError: `weight_decay` is None.
    """

    def __init__(self, learning_rate: Any = 0.001, weight_decay: float = 0.004,
                 beta_1: float = 0.9, beta_2: float = 0.999, epsilon: float = 1e-7,
                 amsgrad: bool = False, **kwargs: Any):
        if weight_decay is None:
            raise ValueError("Argument `weight_decay` must be a float. Received: "
                             "weight_decay=None")
        super().__init__(learning_rate=learning_rate, beta_1=beta_1, beta_2=beta_2,
                         epsilon=epsilon, amsgrad=amsgrad, weight_decay=weight_decay, **kwargs)


class LazyAdam(Adam):
    """Adam that updates only the rows a sparse gradient names (TensorFlow Addons'
    `LazyAdam`): for an embedding lookup, the rows read, in the variable and in both moments.
    Dense gradients get `Adam`'s step. Takes `Adam`'s arguments; `amsgrad` is not supported,
    as in TensorFlow Addons.

    At step `t`, for the rows `i` of the gradient (repeats summed first):
    `m[i] = beta_1 * m[i] + (1 - beta_1) * g`, `v[i] = beta_2 * v[i] + (1 - beta_2) * g ** 2`,
    `w[i] -= alpha * m[i] / (sqrt(v[i]) + epsilon)` with Adam's `alpha`.
    """

    def __init__(self, learning_rate: Any = 0.001, beta_1: float = 0.9, beta_2: float = 0.999,
                 epsilon: float = 1e-7, amsgrad: bool = False, **kwargs: Any):
        if amsgrad:
            raise ValueError("LazyAdam does not support amsgrad (as TensorFlow Addons' "
                             "LazyAdam); use Adam(amsgrad=True).")
        super().__init__(learning_rate, beta_1, beta_2, epsilon, **kwargs)

    def _updates_rows_only(self) -> bool:
        return True

    def sparse_update_step(self, gradient: Any, variable: Variable, learning_rate: Any) -> None:
        alpha = self._alpha(variable.dtype, learning_rate)
        distinct = distinct_rows(gradient)  # repeats summed, as TensorFlow Addons' LazyAdam
        rows, g = distinct.indices, distinct.values
        m = self.get_slot(variable, "momentum")
        v = self.get_slot(variable, "velocity")
        m_rows = add(multiply(gather(m, rows), self.beta_1), multiply(g, 1 - self.beta_1))
        v_rows = add(multiply(gather(v, rows), self.beta_2),
                     multiply(square(g), 1 - self.beta_2))
        m.scatter_update(IndexedSlices(m_rows, rows))
        v.scatter_update(IndexedSlices(v_rows, rows))
        step = divide(multiply(m_rows, alpha), add(sqrt(v_rows), self.epsilon))
        variable.scatter_sub(IndexedSlices(step, rows))

    def get_config(self) -> dict[str, Any]:
        config = super().get_config()
        config.pop("amsgrad")
        return config
