"""Core Keras layers: `Dense`, `Flatten`, `Dropout`.

>>> layer = Dense(2, kernel_initializer="ones", activation="relu", name="hidden")
>>> layer([[1.0, -3.0]]).numpy()
array([[0., 0.]], dtype=float32)
>>> [w.name for w in layer.weights]
['hidden/kernel:0', 'hidden/bias:0']
"""

from __future__ import annotations

import math
from typing import Any

from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.ops.array import ops as array_ops
from autograph.runtime.ops.linalg.ops import matmul, tensordot
from autograph.runtime.ops.nn import ops as nn_ops
from autograph.runtime.train.keras import activations, regularizers
from autograph.runtime.train.keras.base_layer import Layer
from autograph.runtime.train.keras.serialization import (
    keras_class,
    refuse_options,
    serialize_activation,
    serialize_initializer,
)

__all__ = ["Dense", "Flatten", "Dropout"]


@keras_class("keras.layers")
class Dense(Layer):
    """`activation(inputs @ kernel + bias)` over the last axis of the inputs.

    Args:
        units: the size of the output's last axis.
        activation: a name (`"relu"`, `"softmax"`, ...) or a function; None: linear.
        use_bias: whether to add a bias.
        kernel_initializer: a name or initializer for the `[input_dim, units]` kernel.
        bias_initializer: a name or initializer for the `[units]` bias.
        kernel_regularizer, bias_regularizer: penalties of the weights (`ag.keras.regularizers`
            or their names), added to the layer's `losses`.
        activity_regularizer, kernel_constraint, bias_constraint, quantization_config:
            Keras's options, which must be None here (not supported yet).
        **kwargs: `Layer`'s arguments (`name`, `trainable`, `dtype`, `input_shape`).
    """

    _min_ndim = 2

    def __init__(self, units: int, activation: Any = None, use_bias: bool = True,
                 kernel_initializer: Any = "glorot_uniform", bias_initializer: Any = "zeros",
                 kernel_regularizer: Any = None, bias_regularizer: Any = None,
                 activity_regularizer: Any = None, kernel_constraint: Any = None,
                 bias_constraint: Any = None, quantization_config: Any = None, **kwargs: Any):
        super().__init__(**kwargs)
        self.supports_masking = True  # a mask passes through, as in Keras 3
        refuse_options("Dense", activity_regularizer=activity_regularizer,
                       kernel_constraint=kernel_constraint, bias_constraint=bias_constraint,
                       quantization_config=quantization_config)
        if not isinstance(units, int) or isinstance(units, bool) or units <= 0:
            raise ValueError(f"Dense: units must be a positive int, got {units!r}.")
        self.units = units
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = kernel_initializer
        self.bias_initializer = bias_initializer
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)

    def build(self, input_shape: Any) -> None:
        input_shape = TensorShape(input_shape)
        if input_shape.rank is None or input_shape.rank < 1 or input_shape[-1] is None:
            raise ValueError(f"Dense layer {self.name!r} needs inputs whose last axis has a "
                             f"known size, got shape {input_shape}.")
        self.kernel = self.add_weight("kernel", [input_shape[-1], self.units],
                                      self.kernel_initializer,
                                      regularizer=self.kernel_regularizer)
        self.bias = (self.add_weight("bias", [self.units], self.bias_initializer,
                                     regularizer=self.bias_regularizer)
                     if self.use_bias else None)
        self.built = True

    def call(self, inputs: Tensor, training: bool | None = None) -> Tensor:
        rank, last = inputs.shape.rank, self.kernel.shape[0]
        if rank is not None and inputs.shape[-1] not in (None, last):
            raise self._incompatible(f"expected axis -1 of the input shape to have value {last}"
                                     f", but received input with shape {inputs.shape}.")
        if rank == 2:
            outputs = matmul(inputs, self.kernel)
        else:
            outputs = tensordot(inputs, self.kernel, [[-1], [0]])
        if self.bias is not None:
            outputs = outputs + self.bias
        return self.activation(outputs)

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        return TensorShape([*TensorShape(input_shape).as_list()[:-1], self.units])

    def get_config(self) -> dict:
        return {**super().get_config(), "units": self.units,
                "activation": serialize_activation(self.activation), "use_bias": self.use_bias,
                "kernel_initializer": serialize_initializer(self.kernel_initializer),
                "bias_initializer": serialize_initializer(self.bias_initializer),
                "kernel_regularizer": regularizers.serialize(self.kernel_regularizer),
                "bias_regularizer": regularizers.serialize(self.bias_regularizer),
                "kernel_constraint": None, "bias_constraint": None,
                "quantization_config": None}


@keras_class("keras.layers")
class Flatten(Layer):
    """Reshapes each sample to one axis: `[batch, d1, d2, ...]` -> `[batch, d1 * d2 * ...]`.

    Args:
        data_format: `"channels_last"` (default) or `"channels_first"`: with the latter, the
            channel axis (1) is moved last before flattening, as Keras does, so that the
            order of the values matches a channels-last model's.
    """

    def __init__(self, data_format: str | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        self.data_format = data_format or "channels_last"
        if self.data_format not in ("channels_last", "channels_first"):
            raise ValueError(f"Flatten: data_format must be 'channels_last' or "
                             f"'channels_first', got {data_format!r}.")

    def call(self, inputs: Tensor, training: bool | None = None) -> Tensor:
        rank = inputs.shape.rank
        if self.data_format == "channels_first" and rank is not None and rank > 2:
            inputs = array_ops.transpose(inputs, [0, *range(2, rank), 1])
        dims = inputs.shape.as_list() if inputs.shape.rank is not None else None
        if dims is not None and all(d is not None for d in dims[1:]):
            return array_ops.reshape(inputs, [-1, math.prod(dims[1:])])
        return array_ops.reshape(inputs, array_ops.stack([array_ops.shape(inputs)[0], -1]))

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        dims = TensorShape(input_shape)
        return TensorShape([dims[0], dims[1:].num_elements()])

    def get_config(self) -> dict:
        return {**super().get_config(), "data_format": self.data_format}


@keras_class("keras.layers")
class Dropout(Layer):
    """While training, zeroes each input with probability `rate` and scales the others by
    `1 / (1 - rate)`; at inference (`training` False or None) passes the inputs through.

    Args:
        rate: the fraction of inputs to drop, in `[0, 1)`.
        noise_shape: the shape of the mask, broadcast to the inputs' (size-1 axes share a
            draw).
        seed: the op seed: a seeded layer repeats its sequence of masks (they differ from
            TensorFlow's: the draws are the runtime's).
    """

    def __init__(self, rate: float, noise_shape: Any = None, seed: int | None = None,
                 **kwargs: Any):
        super().__init__(**kwargs)
        self.supports_masking = True  # a mask passes through, as in Keras 3
        if not isinstance(rate, (int, float)) or not 0 <= rate < 1:
            raise ValueError(f"Dropout: rate must be a number in [0, 1), got {rate!r}.")
        self.rate = float(rate)
        self.noise_shape = noise_shape
        self.seed = seed

    def call(self, inputs: Tensor, training: bool | None = None) -> Tensor:
        if not training or self.rate == 0:
            return inputs
        return nn_ops.dropout(inputs, self.rate, noise_shape=self._noise_shape(inputs),
                              seed=self.seed)

    def _noise_shape(self, inputs: Tensor) -> Any:
        """`noise_shape` with its None entries taken from the inputs' shape, as Keras does."""
        if self.noise_shape is None or None not in self.noise_shape:
            return self.noise_shape
        shape = array_ops.shape(inputs)
        return array_ops.stack([shape[i] if d is None else d
                                for i, d in enumerate(self.noise_shape)])

    def get_config(self) -> dict:
        return {**super().get_config(), "rate": self.rate, "seed": self.seed,
                "noise_shape": self.noise_shape}
