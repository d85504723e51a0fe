"""Keras's normalization layers: `BatchNormalization` and `LayerNormalization`.

`BatchNormalization` normalizes with the batch's statistics while training (and moves its
`moving_mean` / `moving_variance` towards them, by `momentum`), with the moving ones at
inference, as Keras 3 does.

>>> layer = BatchNormalization(epsilon=0.0)
>>> layer([[1.0], [3.0]], training=True).numpy().ravel()
array([-1.,  1.], dtype=float32)
>>> [round(float(v), 2) for v in layer.moving_mean.numpy()]
[0.02]
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.ops.array import ops as array_ops
from autograph.runtime.ops.creation import ops as creation_ops
from autograph.runtime.ops.math import unary as unary_ops
from autograph.runtime.ops.nn import ops as nn_ops
from autograph.runtime.ops.reduction.ops import reduce_sum
from autograph.runtime.state.variables import Variable
from autograph.runtime.train.keras.base_layer import Layer
from autograph.runtime.train.keras.serialization import (
    keras_class,
    refuse_options,
    serialize_initializer,
)

__all__ = ["BatchNormalization", "LayerNormalization"]

_EPSILON = 1e-7  # Keras's backend.epsilon(), which keeps a masked mean finite


def _axis_index(axis: int, rank: int, layer: Layer) -> int:
    """`axis` as a non-negative index into a shape of `rank` axes."""
    if not -rank <= axis < rank:
        raise ValueError(f"{type(layer).__name__} layer {layer.name!r}: axis {axis} is out of "
                         f"bounds for inputs of rank {rank}; pass an axis in [{-rank}, "
                         f"{rank}).")
    return axis % rank


def _rank(inputs: Tensor, layer: Layer) -> int:
    if inputs.shape.rank is None:
        raise ValueError(f"{type(layer).__name__} layer {layer.name!r} needs inputs of known "
                         f"rank, got shape {inputs.shape}.")
    return inputs.shape.rank


def _broadcast(value: Any, shape: list[int]) -> Any:
    return None if value is None else array_ops.reshape(value, shape)


@keras_class("keras.layers")
class BatchNormalization(Layer):
    """Normalizes each feature (along `axis`) to mean 0 and variance 1, then scales by
    `gamma` and shifts by `beta`.

    While training (`training=True` and the layer trainable) it uses the batch's mean and
    variance, and updates `moving_mean = moving_mean * momentum + mean * (1 - momentum)` (and
    `moving_variance` alike); otherwise it uses the moving statistics.

    Args:
        axis: the feature axis (an int, Keras 3 takes no list).
        momentum: the weight of the old moving statistics in each update.
        epsilon: added to the variance before its square root.
        center, scale: whether to add `beta` / multiply by `gamma`.
        beta_initializer, gamma_initializer, moving_mean_initializer,
            moving_variance_initializer: names or initializers of the four weights.
        beta_regularizer, gamma_regularizer, beta_constraint, gamma_constraint,
            renorm_clipping: Keras's options, which must be None here.
        renorm, synchronized: must be False (no batch renormalization, one replica's
            statistics).
        renorm_momentum: kept in the config only (renormalization is refused).
    """

    def __init__(self, axis: int = -1, momentum: float = 0.99, epsilon: float = 1e-3,
                 center: bool = True, scale: bool = True, beta_initializer: Any = "zeros",
                 gamma_initializer: Any = "ones", moving_mean_initializer: Any = "zeros",
                 moving_variance_initializer: Any = "ones", beta_regularizer: Any = None,
                 gamma_regularizer: Any = None, beta_constraint: Any = None,
                 gamma_constraint: Any = None, renorm: bool = False,
                 renorm_clipping: Any = None, renorm_momentum: float = 0.99,
                 synchronized: bool = False, **kwargs: Any):
        super().__init__(**kwargs)
        refuse_options("BatchNormalization", beta_regularizer=beta_regularizer,
                       gamma_regularizer=gamma_regularizer, beta_constraint=beta_constraint,
                       gamma_constraint=gamma_constraint, renorm_clipping=renorm_clipping)
        for option, value in (("renorm", renorm), ("synchronized", synchronized)):
            if value:
                raise ValueError(f"BatchNormalization: {option}=True is not supported; leave "
                                 f"it False.")
        if not isinstance(axis, int) or isinstance(axis, bool):
            raise ValueError(f"BatchNormalization: axis must be an int, got {axis!r}.")
        self.axis = axis
        self.momentum = float(momentum)
        self.epsilon = float(epsilon)
        self.center = center
        self.scale = scale
        self.beta_initializer = beta_initializer
        self.gamma_initializer = gamma_initializer
        self.moving_mean_initializer = moving_mean_initializer
        self.moving_variance_initializer = moving_variance_initializer
        self.renorm_momentum = renorm_momentum
        self.supports_masking = True
        self.gamma: Variable | None = None
        self.beta: Variable | None = None

    def build(self, input_shape: Any) -> None:
        input_shape = TensorShape(input_shape)
        if input_shape.rank is None:
            raise ValueError(f"BatchNormalization layer {self.name!r} needs inputs of known "
                             f"rank, got shape {input_shape}.")
        axis = _axis_index(self.axis, input_shape.rank, self)
        size = input_shape[axis]
        if size is None:
            raise ValueError(f"BatchNormalization layer {self.name!r} needs axis {self.axis} "
                             f"of its inputs to have a known size, got shape {input_shape}.")
        if self.scale:
            self.gamma = self.add_weight("gamma", [size], self.gamma_initializer)
        if self.center:
            self.beta = self.add_weight("beta", [size], self.beta_initializer)
        self.moving_mean = self.add_weight("moving_mean", [size], self.moving_mean_initializer,
                                           trainable=False)
        self.moving_variance = self.add_weight("moving_variance", [size],
                                               self.moving_variance_initializer,
                                               trainable=False)
        self.built = True

    def call(self, inputs: Tensor, training: bool | None = None,
             mask: Tensor | None = None) -> Tensor:
        rank = _rank(inputs, self)
        axis = _axis_index(self.axis, rank, self)
        size = self.moving_mean.shape.as_list()[0]
        if inputs.shape[axis] not in (None, size):
            raise self._incompatible(f"expected axis {self.axis} of the input shape to have "
                                     f"value {size}, but received input with shape "
                                     f"{inputs.shape}.")
        if mask is not None and mask.shape.rank != rank - 1:
            raise ValueError(f"BatchNormalization layer {self.name!r}: the mask must have one "
                             f"axis less than the inputs, got mask shape {mask.shape} for "
                             f"inputs of shape {inputs.shape}.")
        mean: Any
        variance: Any
        if training and self.trainable:
            mean, variance = self._moments(inputs, mask, [a for a in range(rank) if a != axis])
            keep = creation_ops.cast(self.momentum, inputs.dtype)
            self.moving_mean.assign(self.moving_mean * keep + mean * (1.0 - keep))
            self.moving_variance.assign(self.moving_variance * keep + variance * (1.0 - keep))
        else:
            mean, variance = self.moving_mean, self.moving_variance
        shape: list[Any] = [1] * rank
        shape[axis] = size
        return nn_ops.batch_normalization(inputs, _broadcast(mean, shape),
                                          _broadcast(variance, shape),
                                          _broadcast(self.beta, shape),
                                          _broadcast(self.gamma, shape), self.epsilon)

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        return TensorShape(input_shape)

    @staticmethod
    def _moments(inputs: Tensor, mask: Tensor | None, axes: list[int]) -> tuple[Tensor, Tensor]:
        """The batch's mean and variance along `axes`; with a mask, of the unmasked steps only
        (each value weighted by its step's mask, as Keras 3 does)."""
        if mask is None:
            return nn_ops.moments(inputs, axes)
        weights = array_ops.broadcast_to(
            array_ops.expand_dims(creation_ops.cast(mask, inputs.dtype), -1),
            array_ops.shape(inputs))
        weighted = weights * inputs
        total = reduce_sum(weights, axes, keepdims=True) + _EPSILON
        mean = reduce_sum(weighted, axes, keepdims=True) / total
        variance = reduce_sum(weights * (weighted - mean) ** 2, axes, keepdims=True) / total
        return array_ops.squeeze(mean, axes), array_ops.squeeze(variance, axes)

    def get_config(self) -> dict:
        return {**super().get_config(), "axis": self.axis, "momentum": self.momentum,
                "epsilon": self.epsilon, "center": self.center, "scale": self.scale,
                "beta_initializer": serialize_initializer(self.beta_initializer),
                "gamma_initializer": serialize_initializer(self.gamma_initializer),
                "moving_mean_initializer": serialize_initializer(self.moving_mean_initializer),
                "moving_variance_initializer":
                    serialize_initializer(self.moving_variance_initializer),
                "beta_regularizer": None, "gamma_regularizer": None, "beta_constraint": None,
                "gamma_constraint": None, "synchronized": False, "renorm": False,
                "renorm_clipping": None, "renorm_momentum": self.renorm_momentum}


@keras_class("keras.layers")
class LayerNormalization(Layer):
    """Normalizes each sample over `axis` to mean 0 and variance 1, then scales by `gamma`
    and shifts by `beta` (one value per position of `axis`).

    Args:
        axis: the axis or axes normalized over (default the last).
        epsilon: added to the variance before its square root.
        center, scale: whether to add `beta` / multiply by `gamma`.
        rms_scaling: divide by the root of the variance plus epsilon (no centering, no
            `beta`), as Keras 3 does.
        beta_initializer, gamma_initializer: names or initializers of the weights.
        beta_regularizer, gamma_regularizer, beta_constraint, gamma_constraint: Keras's
            options, which must be None here.
    """

    def __init__(self, axis: Any = -1, epsilon: float = 1e-3, center: bool = True,
                 scale: bool = True, rms_scaling: bool = False, beta_initializer: Any = "zeros",
                 gamma_initializer: Any = "ones", beta_regularizer: Any = None,
                 gamma_regularizer: Any = None, beta_constraint: Any = None,
                 gamma_constraint: Any = None, **kwargs: Any):
        super().__init__(**kwargs)
        refuse_options("LayerNormalization", beta_regularizer=beta_regularizer,
                       gamma_regularizer=gamma_regularizer, beta_constraint=beta_constraint,
                       gamma_constraint=gamma_constraint)
        if isinstance(axis, (list, tuple)):
            axis = list(axis)
        if not (isinstance(axis, int) or isinstance(axis, list) and axis
                and all(isinstance(a, int) for a in axis)):
            raise TypeError(f"LayerNormalization: axis must be an int or a list of ints, got "
                            f"{axis!r}.")
        self.axis: Any = axis
        self.epsilon = float(epsilon)
        self.center = center
        self.scale = scale
        self.rms_scaling = rms_scaling
        self.beta_initializer = beta_initializer
        self.gamma_initializer = gamma_initializer
        self.supports_masking = True
        self.gamma: Variable | None = None
        self.beta: Variable | None = None

    def build(self, input_shape: Any) -> None:
        input_shape = TensorShape(input_shape)
        if input_shape.rank is None:
            raise ValueError(f"LayerNormalization layer {self.name!r} needs inputs of known "
                             f"rank, got shape {input_shape}.")
        # Keras keeps the sorted list from here on (its config then says `[-1]`)
        self.axis = sorted(self.axis) if isinstance(self.axis, list) else [self.axis]
        shape = [input_shape[_axis_index(a, input_shape.rank, self)] for a in self.axis]
        if self.scale or self.rms_scaling:
            self.gamma = self.add_weight("gamma", shape, self.gamma_initializer)
        if self.center and not self.rms_scaling:
            self.beta = self.add_weight("beta", shape, self.beta_initializer)
        self.built = True

    def call(self, inputs: Tensor, training: bool | None = None) -> Tensor:
        rank = _rank(inputs, self)
        axes = sorted(_axis_index(a, rank, self) for a in self.axis)
        shape = [1] * rank
        for a in axes:
            shape[a] = inputs.shape[a]
        gamma, beta = _broadcast(self.gamma, shape), _broadcast(self.beta, shape)
        mean, variance = nn_ops.moments(inputs, axes, keepdims=True)
        if self.rms_scaling:
            outputs = inputs * unary_ops.rsqrt(variance + self.epsilon)
            return outputs if gamma is None else outputs * gamma
        return nn_ops.batch_normalization(inputs, mean, variance, beta, gamma, self.epsilon)

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        return TensorShape(input_shape)

    def get_config(self) -> dict:
        return {**super().get_config(), "axis": self.axis, "epsilon": self.epsilon,
                "center": self.center, "scale": self.scale, "rms_scaling": self.rms_scaling,
                "beta_initializer": serialize_initializer(self.beta_initializer),
                "gamma_initializer": serialize_initializer(self.gamma_initializer),
                "beta_regularizer": None, "gamma_regularizer": None, "beta_constraint": None,
                "gamma_constraint": None}
