"""Learning-rate schedules (`ag.optimizers.schedules`), as Keras 3 computes them.

A schedule is called with the step (an optimizer passes its `iterations`) and returns the
learning rate as a tensor, built from ops, so it works eagerly and inside `ag.function`.

>>> ExponentialDecay(0.1, decay_steps=10, decay_rate=0.5)(20).numpy()
np.float32(0.025)
>>> float(PiecewiseConstantDecay([5], [1.0, 0.5])(6))
0.5
"""

from __future__ import annotations

import math
from typing import Any

from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.control_flow.ops import cond
from autograph.runtime.ops.creation.ops import cast, constant
from autograph.runtime.ops.graph.ops import name_scope
from autograph.runtime.ops.math.ops import (
    add,
    cos,
    divide,
    floor,
    greater,
    less,
    less_equal,
    logical_and,
    minimum,
    multiply,
    pow,
    subtract,
)

__all__ = ["LearningRateSchedule", "ExponentialDecay", "PiecewiseConstantDecay", "CosineDecay"]


class LearningRateSchedule:
    """Base class: a subclass defines `__call__(step)` and `get_config()`."""

    def __call__(self, step: Any) -> Tensor:
        raise NotImplementedError(f"Learning rate schedule {type(self).__name__!r} must "
                                  f"override `__call__(self, step)`.")

    def get_config(self) -> dict[str, Any]:
        raise NotImplementedError(f"Learning rate schedule {type(self).__name__!r} must "
                                  f"override `get_config()` to be serializable.")

    @classmethod
    def from_config(cls, config: dict[str, Any]) -> LearningRateSchedule:
        """A new schedule from `get_config()`'s dictionary."""
        return cls(**config)


def _check_decay_steps(decay_steps: Any) -> None:
    if decay_steps <= 0:
        raise ValueError(f"Argument `decay_steps` must be > 0. Received: "
                         f"decay_steps={decay_steps}")


class ExponentialDecay(LearningRateSchedule):
    """`initial_learning_rate * decay_rate ** (step / decay_steps)`; with `staircase`, the
    exponent is rounded down (the rate drops every `decay_steps` steps).

    Raises:
        ValueError: `decay_steps` is not positive.
    """

    def __init__(self, initial_learning_rate: Any, decay_steps: Any, decay_rate: Any,
                 staircase: bool = False, name: str = "ExponentialDecay"):
        _check_decay_steps(decay_steps)
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.decay_rate = decay_rate
        self.staircase = staircase
        self.name = name

    def __call__(self, step: Any) -> Tensor:
        with name_scope(self.name):
            initial = convert_to_tensor(self.initial_learning_rate)
            dtype = initial.dtype
            p = divide(cast(step, dtype), cast(self.decay_steps, dtype))
            if self.staircase:
                p = floor(p)
            return multiply(initial, pow(cast(self.decay_rate, dtype), p))

    def get_config(self) -> dict[str, Any]:
        return {"initial_learning_rate": self.initial_learning_rate,
                "decay_steps": self.decay_steps, "decay_rate": self.decay_rate,
                "staircase": self.staircase, "name": self.name}


class PiecewiseConstantDecay(LearningRateSchedule):
    """`values[0]` while `step <= boundaries[0]`, `values[i]` while
    `boundaries[i-1] < step <= boundaries[i]`, and `values[-1]` after the last boundary.

    Raises:
        ValueError: `values` is not one longer than `boundaries`.
    """

    def __init__(self, boundaries: list[Any], values: list[Any],
                 name: str = "PiecewiseConstant"):
        if len(boundaries) != len(values) - 1:
            raise ValueError(
                f"The length of boundaries should be 1 less than the length of values. "
                f"Received: boundaries={boundaries} of length {len(boundaries)}, and "
                f"values={values} of length {len(values)}.")
        self.boundaries = boundaries
        self.values = values
        self.name = name

    def __call__(self, step: Any) -> Tensor:
        with name_scope(self.name):
            step = convert_to_tensor(step)
            bounds = [cast(b, step.dtype) for b in self.boundaries]
            values = [convert_to_tensor(v) for v in self.values]
            dtype = values[0].dtype
            # A sum of each range's indicator times its value, as Keras computes it.
            result = constant(0, dtype=dtype)
            result = add(result, multiply(cast(less_equal(step, bounds[0]), dtype), values[0]))
            result = add(result, multiply(cast(greater(step, bounds[-1]), dtype), values[-1]))
            for low, high, value in zip(bounds[:-1], bounds[1:], values[1:-1]):
                inside = logical_and(greater(step, low), less_equal(step, high))
                result = add(result, multiply(cast(inside, dtype), value))
            return result

    def get_config(self) -> dict[str, Any]:
        return {"boundaries": self.boundaries, "values": self.values, "name": self.name}


class CosineDecay(LearningRateSchedule):
    """Cosine decay from `initial_learning_rate` to `alpha * initial_learning_rate` over
    `decay_steps` steps, then constant; with `warmup_target`, first a linear warm-up from
    `initial_learning_rate` to `warmup_target` over `warmup_steps` steps, then the decay from
    `warmup_target`.

    Raises:
        ValueError: `decay_steps` is not positive.
    """

    def __init__(self, initial_learning_rate: Any, decay_steps: Any, alpha: float = 0.0,
                 name: str = "CosineDecay", warmup_target: Any = None, warmup_steps: Any = 0):
        _check_decay_steps(decay_steps)
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.alpha = alpha
        self.name = name
        self.warmup_target = warmup_target
        self.warmup_steps = warmup_steps

    def _decay(self, step: Tensor, decay_steps: Tensor, decay_from: Any, dtype: Any) -> Tensor:
        fraction = divide(step, decay_steps)
        pi = constant(math.pi, dtype=dtype)
        cosine = multiply(0.5, add(1.0, cos(multiply(pi, fraction))))
        decayed = add(multiply(1 - self.alpha, cosine), self.alpha)
        return multiply(decay_from, decayed)

    def __call__(self, step: Any) -> Tensor:
        with name_scope(self.name):
            initial = convert_to_tensor(self.initial_learning_rate)
            dtype = initial.dtype
            decay_steps = cast(self.decay_steps, dtype)
            step = cast(step, dtype)
            if self.warmup_target is None:
                return self._decay(minimum(step, decay_steps), decay_steps, initial, dtype)
            target = cast(self.warmup_target, dtype)
            warmup_steps = cast(self.warmup_steps, dtype)
            step = minimum(step, add(decay_steps, warmup_steps))

            def warm_up() -> Tensor:
                return add(multiply(subtract(target, initial), divide(step, warmup_steps)),
                           initial)

            def decay() -> Tensor:
                return self._decay(subtract(step, warmup_steps), decay_steps, target, dtype)

            return cond(less(step, warmup_steps), warm_up, decay)

    def get_config(self) -> dict[str, Any]:
        return {"initial_learning_rate": self.initial_learning_rate,
                "decay_steps": self.decay_steps, "alpha": self.alpha, "name": self.name,
                "warmup_target": self.warmup_target, "warmup_steps": self.warmup_steps}


_SCHEDULES = {cls.__name__: cls for cls in
              (ExponentialDecay, PiecewiseConstantDecay, CosineDecay)}


def serialize(schedule: LearningRateSchedule) -> dict[str, Any]:
    """`{"class_name": ..., "config": ...}`, as an optimizer's `get_config` stores a schedule."""
    return {"class_name": type(schedule).__name__, "config": schedule.get_config()}


def deserialize(config: dict[str, Any]) -> LearningRateSchedule:
    """The schedule `serialize` described (Keras' `module`/`registered_name` keys ignored)."""
    name = config.get("class_name")
    if name not in _SCHEDULES:
        raise ValueError(f"Unknown learning-rate schedule {name!r}: expected one of "
                         f"{sorted(_SCHEDULES)}.")
    return _SCHEDULES[name].from_config(config["config"])
