"""Keras's activation layers: `Activation` (any activation by name or function), `ReLU`,
`LeakyReLU` and `Softmax`. None has weights.

>>> Activation("relu")([[-1.0, 2.0]]).numpy()
array([[0., 2.]], dtype=float32)
>>> ReLU(max_value=1.0)([[-1.0, 2.0]]).numpy()
array([[0., 1.]], dtype=float32)
"""

from __future__ import annotations

import warnings
from typing import Any

from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array import gathering
from autograph.runtime.ops.creation import ops as creation_ops
from autograph.runtime.ops.math import ops as math_ops
from autograph.runtime.ops.math.unary import exp
from autograph.runtime.ops.reduction.ops import reduce_max, reduce_sum
from autograph.runtime.train.keras import activations
from autograph.runtime.train.keras.base_layer import Layer
from autograph.runtime.train.keras.serialization import keras_class, serialize_activation

__all__ = ["Activation", "ReLU", "LeakyReLU", "Softmax"]


def _non_negative(value: Any, what: str, layer: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
        raise ValueError(f"{layer}: {what} must be a number >= 0, got {value!r}.")
    return value


@keras_class("keras.layers")
class Activation(Layer):
    """Applies `activation` to its inputs.

    Args:
        activation: a name (`"relu"`, `"softmax"`, ...) or a function.
    """

    def __init__(self, activation: Any, **kwargs: Any):
        super().__init__(**kwargs)
        self.activation = activations.get(activation)
        self.supports_masking = True

    def call(self, inputs: Tensor, training: bool | None = None) -> Tensor:
        return self.activation(inputs)

    def get_config(self) -> dict:
        return {**super().get_config(), "activation": serialize_activation(self.activation)}


@keras_class("keras.layers")
class ReLU(Layer):
    """Keras's rectified linear unit: `x` above `threshold` (else 0), capped at `max_value`,
    with slope `negative_slope` below `threshold`.

    Args:
        max_value: the largest output (None: no cap).
        negative_slope: the slope below the threshold.
        threshold: where the unit turns on.
    """

    def __init__(self, max_value: float | None = None, negative_slope: float = 0.0,
                 threshold: float = 0.0, **kwargs: Any):
        super().__init__(**kwargs)
        self.max_value = (None if max_value is None
                          else _non_negative(max_value, "max_value", "ReLU"))
        self.negative_slope = _non_negative(negative_slope, "negative_slope", "ReLU")
        self.threshold = _non_negative(threshold, "threshold", "ReLU")
        self.supports_masking = True

    def call(self, inputs: Tensor, training: bool | None = None) -> Tensor:
        return activations.relu(inputs, negative_slope=self.negative_slope,
                                max_value=self.max_value, threshold=self.threshold)

    def get_config(self) -> dict:
        return {**super().get_config(), "max_value": self.max_value,
                "negative_slope": self.negative_slope, "threshold": self.threshold}


@keras_class("keras.layers")
class LeakyReLU(Layer):
    """`x` where positive, else `negative_slope * x`.

    Args:
        negative_slope: the slope of the negative part (Keras 3's default 0.3; `alpha`, its
            old name, is taken too).
    """

    def __init__(self, negative_slope: float = 0.3, **kwargs: Any):
        if "alpha" in kwargs:  # as Keras 3: taken, with a warning
            negative_slope = kwargs.pop("alpha")
            warnings.warn("Argument `alpha` is deprecated. Use `negative_slope` instead.",
                          stacklevel=2)
        super().__init__(**kwargs)
        self.negative_slope = _non_negative(negative_slope, "negative_slope", "LeakyReLU")
        self.supports_masking = True

    def call(self, inputs: Tensor, training: bool | None = None) -> Tensor:
        return activations.leaky_relu(inputs, negative_slope=self.negative_slope)

    def get_config(self) -> dict:
        return {**super().get_config(), "negative_slope": self.negative_slope}


@keras_class("keras.layers")
class Softmax(Layer):
    """The softmax over `axis` (an int, or several axes taken together); masked positions
    (a `mask` False there) get a weight of 0.

    Args:
        axis: the axis or axes whose values sum to 1.
    """

    def __init__(self, axis: Any = -1, **kwargs: Any):
        super().__init__(**kwargs)
        self.axis = axis
        self.supports_masking = True

    def call(self, inputs: Tensor, training: bool | None = None,
             mask: Tensor | None = None) -> Tensor:
        keep = None
        if mask is not None:  # broadcast to the inputs; True (or above 0.5) where kept
            mask = convert_to_tensor(mask)
            keep = mask if mask.dtype.is_bool else math_ops.greater(
                mask, creation_ops.cast(0.5, mask.dtype))
            inputs = gathering.where(keep, inputs, creation_ops.cast(-1e9, inputs.dtype)
                                     * creation_ops.ones_like(inputs))
        axes = list(self.axis) if isinstance(self.axis, (list, tuple)) else [self.axis]
        if len(axes) > 1:
            weights = exp(inputs - reduce_max(inputs, axes, keepdims=True))
            outputs = weights / reduce_sum(weights, axes, keepdims=True)
        else:
            outputs = activations.softmax(inputs, axis=axes[0])
        if keep is not None:  # zero where masked, even where a whole axis is masked
            outputs = gathering.where(keep, outputs, creation_ops.zeros_like(outputs))
        return outputs

    def get_config(self) -> dict:
        return {**super().get_config(), "axis": self.axis}
