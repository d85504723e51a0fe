"""Keras's numeric preprocessing layers: `Normalization` (mean and variance given, or learnt
from data by `adapt`) and `Rescaling`.

>>> import numpy as np
>>> layer = Normalization()
>>> layer.adapt(np.array([[1.0], [3.0]], np.float32))
>>> layer([[2.0], [5.0]]).numpy().ravel()
array([0., 3.], dtype=float32)
"""

from __future__ import annotations

import itertools
import math
from typing import Any, Iterable

import numpy as np

from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.data.dataset import Dataset
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.ops.array import ops as array_ops
from autograph.runtime.ops.creation import ops as creation_ops
from autograph.runtime.ops.math import ops as math_ops
from autograph.runtime.ops.math.unary import sqrt
from autograph.runtime.train.keras.base_layer import Layer
from autograph.runtime.train.keras.serialization import keras_class

__all__ = ["Normalization", "Rescaling"]

_EPSILON = 1e-7  # Keras's backend.epsilon(): the smallest standard deviation divided by


def _batch_of(element: Any) -> Any:
    """The inputs of a batch that may be `(x, y)` or `(x, y, weights)`."""
    return element[0] if isinstance(element, tuple) else element


@keras_class("keras.layers")
class Normalization(Layer):
    """`(inputs - mean) / sqrt(variance)` per position of `axis`; the mean and variance are
    given, or computed from data by `adapt`.

    Args:
        axis: the axis or axes that keep one mean and variance per position (the others are
            reduced over); None: one mean and variance for all values.
        mean, variance: the statistics (both or neither), broadcast to the kept axes.
        invert: undo the normalization instead: `inputs * sqrt(variance) + mean`.
    """

    def __init__(self, axis: Any = -1, mean: Any = None, variance: Any = None,
                 invert: bool = False, **kwargs: Any):
        super().__init__(**kwargs)
        self.axis = () if axis is None else (axis,) if isinstance(axis, int) else tuple(axis)
        if (mean is None) != (variance is None):
            raise ValueError(f"Normalization: give both mean and variance, or neither (and "
                             f"call adapt()); got mean={mean!r}, variance={variance!r}.")
        if mean is not None and np.shape(mean) != np.shape(variance):
            raise ValueError(f"Normalization: mean and variance must have the same shape, got "
                             f"{np.shape(mean)} and {np.shape(variance)}.")
        if mean is not None and np.ndim(mean) > len(self.axis):
            raise ValueError(f"Normalization: mean has {np.ndim(mean)} axes, more than the "
                             f"{len(self.axis)} kept axes (axis={self.axis}).")
        self.input_mean, self.input_variance = mean, variance
        self.invert = invert
        self.supports_masking = True

    def build(self, input_shape: Any) -> None:
        input_shape = TensorShape(input_shape)
        rank = input_shape.rank
        if rank is None or any(not -rank <= a < rank for a in self.axis):
            raise ValueError(f"Normalization layer {self.name!r}: every axis must be in "
                             f"[-ndim, ndim) of its inputs, got axis={self.axis} for inputs of "
                             f"shape {input_shape}.")
        dims = input_shape.as_list()
        self._keep = sorted(a % rank for a in self.axis)
        if any(dims[a] is None for a in self._keep):
            raise ValueError(f"Normalization layer {self.name!r}: the kept axes {self.axis} of "
                             f"its inputs must have known sizes, got shape {input_shape}.")
        self._reduce = [a for a in range(rank) if a not in self._keep]
        self._broadcast_shape = [dims[a] if a in self._keep else 1 for a in range(rank)]
        kept = [dims[a] for a in self._keep]
        if self.input_mean is None:
            self.adapt_mean = self.add_weight("mean", kept, "zeros", trainable=False)
            self.adapt_variance = self.add_weight("variance", kept, "ones", trainable=False)
            # never counted, as in Keras 3: kept so that Keras's weight files match
            self.count = self.add_weight("count", [], "zeros", trainable=False, dtype="int64")
        else:
            self._fixed = [self._given(v) for v in (self.input_mean, self.input_variance)]
        self.built = True

    def _given(self, value: Any) -> np.ndarray:
        """A given mean or variance, its axes aligned with the kept axes from the right."""
        array = np.asarray(value, self.dtype.as_numpy_dtype)
        shape = [1] * len(self._broadcast_shape)
        for i in range(1, array.ndim + 1):
            shape[self._keep[-i]] = array.shape[-i]
        return np.broadcast_to(array.reshape(shape), self._broadcast_shape)

    def adapt(self, data: Any) -> None:
        """Sets the mean and variance to those of `data` (an array, a tensor, an `ag.data`
        dataset of batches, or another iterable of batches), along the reduced axes.

        Raises:
            ValueError: no batches, or batches whose kept axes differ from the layer's.
            TypeError: batches without a shape.
        """
        if isinstance(data, Dataset):
            spec = _batch_of(data.element_spec)
            if spec.shape.rank == 1:
                data = data.batch(128)  # a dataset of single values, as Keras
        if isinstance(data, (np.ndarray, Tensor)):  # in its own precision, as Keras
            batches: Iterable[Any] = [np.asarray(data)]
        else:
            float_type = self.dtype.as_numpy_dtype
            iterator = iter(data)
            first = next(iterator, None)
            if first is None:
                raise ValueError("Normalization.adapt() got no batches: pass an array, or a "
                                 "dataset or iterable of at least one batch.")
            batches = (np.asarray(_batch_of(element), float_type)
                       for element in itertools.chain([first], iterator))
        total_mean = total_variance = None
        total_count = 0
        for batch in batches:
            self._check_adapt_shape(batch.shape)
            reduce = tuple(self._reduce)
            mean, variance = batch.mean(axis=reduce), batch.var(axis=reduce)
            if total_mean is None:
                total_mean, total_variance = mean, variance
                total_count = math.prod(batch.shape[a] for a in reduce)
                continue
            # Chan et al.'s pairwise update of a mean and variance, as Keras's adapt does
            count = math.prod(batch.shape[a] for a in reduce)
            total_count += count
            weight = float(count) / total_count
            new_mean = total_mean * (1.0 - weight) + mean * weight
            total_variance = ((total_variance + (total_mean - new_mean) ** 2) * (1.0 - weight)
                              + (variance + (mean - new_mean) ** 2) * weight)
            total_mean = new_mean
        self.adapt_mean.assign(total_mean)
        self.adapt_variance.assign(total_variance)

    def _check_adapt_shape(self, shape: tuple) -> None:
        if not self.built:
            self._maybe_build(TensorShape([None, *shape[1:]]))
        if self.input_mean is not None:
            raise ValueError(f"Normalization layer {self.name!r} was given its mean and "
                             f"variance; adapt() can only set those of a layer made without "
                             f"them.")
        expected = self._broadcast_shape
        if len(shape) != len(expected) or any(shape[a] != expected[a] for a in self._keep):
            raise ValueError(f"Normalization layer {self.name!r} was built for inputs of shape "
                             f"{self._built_input_shape}, but adapt() got a batch of shape "
                             f"{shape}.")

    def call(self, inputs: Tensor, training: bool | None = None) -> Tensor:
        if self.input_mean is None:
            mean = array_ops.reshape(self.adapt_mean, self._broadcast_shape)
            variance = array_ops.reshape(self.adapt_variance, self._broadcast_shape)
        else:
            mean, variance = (creation_ops.constant(v) for v in self._fixed)
        deviation = math_ops.maximum(sqrt(variance),
                                     creation_ops.cast(_EPSILON, inputs.dtype))
        if self.invert:
            return mean + inputs * deviation
        return (inputs - mean) / deviation

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        return TensorShape(input_shape)

    def get_config(self) -> dict:
        return {**super().get_config(), "axis": self.axis, "invert": self.invert,
                "mean": np.array(self.input_mean).tolist(),
                "variance": np.array(self.input_variance).tolist()}


def _serialize_value(value: Any) -> Any:
    """A number as it is, an array as Keras 3 writes one (`__numpy__`)."""
    if isinstance(value, np.ndarray) and value.ndim > 0:
        return {"class_name": "__numpy__",
                "config": {"value": value.tolist(), "dtype": value.dtype.name}}
    return value.item() if isinstance(value, (np.ndarray, np.generic)) else value


def _deserialize_value(value: Any) -> Any:
    if isinstance(value, dict) and value.get("class_name") == "__numpy__":
        config = value.get("config") or {}
        return np.asarray(config.get("value"), config.get("dtype"))
    return value


@keras_class("keras.layers")
class Rescaling(Layer):
    """`inputs * scale + offset` (images from `[0, 255]` to `[0, 1]`: `scale=1 / 255`).

    Args:
        scale: the factor (a number, or an array broadcast to the inputs).
        offset: added after scaling.
    """

    def __init__(self, scale: Any, offset: Any = 0.0, **kwargs: Any):
        super().__init__(**kwargs)
        self.scale = scale
        self.offset = offset
        self.supports_masking = True

    def call(self, inputs: Tensor, training: bool | None = None) -> Tensor:
        scale = creation_ops.cast(self.scale, inputs.dtype)
        return inputs * scale + creation_ops.cast(self.offset, inputs.dtype)

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        return TensorShape(input_shape)

    def get_config(self) -> dict:
        return {**super().get_config(), "scale": _serialize_value(self.scale),
                "offset": _serialize_value(self.offset)}

    @classmethod
    def from_config(cls, config: dict) -> Layer:
        """A `Rescaling` from its config; an array `scale` or `offset` comes back as one."""
        config = dict(config)
        for key in ("scale", "offset"):
            if key in config:
                config[key] = _deserialize_value(config[key])
        return super().from_config(config)
