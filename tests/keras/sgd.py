"""A plain SGD (`variable -= learning_rate * gradient`) with the optimizer interface `fit`
uses, for the tests: the same update as `tf.keras.optimizers.SGD` without momentum."""

from __future__ import annotations

from typing import Any

import autograph as ag


class PlainSGD:
    def __init__(self, learning_rate: float):
        self.learning_rate = learning_rate
        self.iterations = ag.Variable(0, dtype=ag.int64, trainable=False)

    def apply_gradients(self, grads_and_vars: Any) -> None:
        for gradient, variable in grads_and_vars:
            variable.assign_sub(self.learning_rate * gradient)
        self.iterations.assign_add(1)
