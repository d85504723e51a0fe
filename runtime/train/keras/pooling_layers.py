"""Keras's pooling layers beyond `MaxPooling2D`: `MaxPooling1D`, `AveragePooling1D`,
`AveragePooling2D`, and the global ones (`GlobalAveragePooling1D`/`2D`,
`GlobalMaxPooling1D`/`2D`), in either data format.

>>> AveragePooling1D(2)([[[1.0], [3.0], [2.0], [6.0]]]).numpy().ravel()
array([2., 4.], dtype=float32)
>>> GlobalMaxPooling1D(keepdims=True)([[[1.0], [3.0], [2.0]]]).numpy()
array([[[3.]]], dtype=float32)
"""

from __future__ import annotations

from typing import Any, Callable

from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.ops.array import ops as array_ops
from autograph.runtime.ops.creation import ops as creation_ops
from autograph.runtime.ops.nn import ops as nn_ops
from autograph.runtime.ops.reduction.ops import reduce_max, reduce_mean, reduce_sum
from autograph.runtime.train.keras.base_layer import Layer
from autograph.runtime.train.keras.conv_layers import _data_format, _output_size, _padding
from autograph.runtime.train.keras.layer_args import check_rank, sizes
from autograph.runtime.train.keras.serialization import keras_class

__all__ = ["MaxPooling1D", "AveragePooling1D", "AveragePooling2D", "GlobalAveragePooling1D",
           "GlobalAveragePooling2D", "GlobalMaxPooling1D", "GlobalMaxPooling2D"]

# the nn ops' names of the data formats by spatial rank: (channels last, channels first)
_FORMATS = {1: ("NWC", "NCW"), 2: ("NHWC", "NCHW")}


class _Pooling(Layer):
    """A window of `pool_size` sliding over the spatial axes, reduced by `_pool`."""

    rank: int
    _pool: Callable[..., Tensor]

    def __init__(self, pool_size: Any, strides: Any = None, padding: str = "valid",
                 data_format: str | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        name = type(self).__name__
        self.pool_size = sizes(pool_size, self.rank, "pool_size", name)
        self.strides = (self.pool_size if strides is None
                        else sizes(strides, self.rank, "strides", name))
        self.padding = _padding(padding, name)
        self.data_format = _data_format(data_format, name)

    @property
    def _format(self) -> str:
        return _FORMATS[self.rank][self.data_format == "channels_first"]

    def call(self, inputs: Tensor, training: bool | None = None) -> Tensor:
        self.compute_output_shape(inputs.shape)
        return type(self)._pool(inputs, list(self.pool_size), list(self.strides),
                                self.padding.upper(), data_format=self._format)

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        input_shape = TensorShape(input_shape)
        check_rank(self, input_shape, self.rank + 2)
        dims = input_shape.as_list()
        first = 1 if self.data_format == "channels_last" else 2
        spatial = [_output_size(size, window, stride, self.padding, 1) for size, window, stride
                   in zip(dims[first:first + self.rank], self.pool_size, self.strides)]
        if any(size is not None and size <= 0 for size in spatial):
            raise ValueError(f"Computed output size would be zero or negative for layer "
                             f"{self.name!r}: input shape {input_shape}, pool_size "
                             f"{self.pool_size}, strides {self.strides}, padding "
                             f"{self.padding!r}. Use larger inputs, a smaller pool_size or "
                             f"padding='same'.")
        dims[first:first + self.rank] = spatial
        return TensorShape(dims)

    def get_config(self) -> dict:
        return {**super().get_config(), "pool_size": self.pool_size, "padding": self.padding,
                "strides": self.strides, "data_format": self.data_format}


@keras_class("keras.layers", "MaxPool1D")
class MaxPooling1D(_Pooling):
    """The largest value in each window of `pool_size` steps of `[batch, steps, channels]`.

    Args:
        pool_size: the window's length (default 2).
        strides: the window's step; None: `pool_size`.
        padding: `"valid"` or `"same"`.
        data_format: `"channels_last"` (default) or `"channels_first"`.
    """

    rank = 1
    _pool = staticmethod(nn_ops.max_pool1d)

    def __init__(self, pool_size: Any = 2, strides: Any = None, padding: str = "valid",
                 data_format: str | None = None, **kwargs: Any):
        super().__init__(pool_size, strides, padding, data_format, **kwargs)


@keras_class("keras.layers", "AvgPool1D")
class AveragePooling1D(_Pooling):
    """The mean of each window of `pool_size` steps (with `"same"` padding, of the window's
    values inside the input). Arguments as `MaxPooling1D`'s; `pool_size` has no default, as
    in Keras 3."""

    rank = 1
    _pool = staticmethod(nn_ops.avg_pool1d)


@keras_class("keras.layers", "AvgPool2D")
class AveragePooling2D(_Pooling):
    """The mean of each `pool_size` window of `[batch, height, width, channels]`. Arguments
    as `MaxPooling2D`'s; `pool_size` has no default, as in Keras 3."""

    rank = 2
    _pool = staticmethod(nn_ops.avg_pool2d)


class _GlobalPooling(Layer):
    """The mean or maximum over all the spatial axes: `[batch, *spatial, channels]` ->
    `[batch, channels]` (or `[batch, 1, ..., 1, channels]` with `keepdims`)."""

    rank: int

    def __init__(self, data_format: str | None = None, keepdims: bool = False,
                 **kwargs: Any):
        super().__init__(**kwargs)
        self.data_format = _data_format(data_format, type(self).__name__)
        self.keepdims = keepdims

    def _axes(self) -> list[int]:
        first = 1 if self.data_format == "channels_last" else 2
        return list(range(first, first + self.rank))

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        input_shape = TensorShape(input_shape)
        check_rank(self, input_shape, self.rank + 2)
        dims = input_shape.as_list()
        axes = self._axes()
        if self.keepdims:
            return TensorShape([1 if i in axes else d for i, d in enumerate(dims)])
        return TensorShape([d for i, d in enumerate(dims) if i not in axes])

    def get_config(self) -> dict:
        return {**super().get_config(), "data_format": self.data_format,
                "keepdims": self.keepdims}


class _GlobalAverage(_GlobalPooling):
    def call(self, inputs: Tensor, training: bool | None = None,
             mask: Tensor | None = None) -> Tensor:
        self.compute_output_shape(inputs.shape)
        if mask is None:
            return reduce_mean(inputs, self._axes(), keepdims=self.keepdims)
        # a mask of the steps ([batch, steps]): the mean of the unmasked steps, as Keras 3
        weights = array_ops.expand_dims(creation_ops.cast(mask, inputs.dtype),
                                        2 if self.data_format == "channels_last" else 1)
        return (reduce_sum(inputs * weights, self._axes(), keepdims=self.keepdims)
                / reduce_sum(weights, self._axes(), keepdims=self.keepdims))


class _GlobalMax(_GlobalPooling):
    def call(self, inputs: Tensor, training: bool | None = None) -> Tensor:
        self.compute_output_shape(inputs.shape)
        return reduce_max(inputs, self._axes(), keepdims=self.keepdims)


@keras_class("keras.layers", "GlobalAvgPool1D")
class GlobalAveragePooling1D(_GlobalAverage):
    """The mean over the steps of `[batch, steps, channels]`; with a mask of the steps, over
    the unmasked ones.

    Args:
        data_format: `"channels_last"` (default) or `"channels_first"`.
        keepdims: keep the reduced axis (of size 1).
    """

    rank = 1

    def __init__(self, data_format: str | None = None, keepdims: bool = False,
                 **kwargs: Any):
        super().__init__(data_format, keepdims, **kwargs)
        self.supports_masking = True  # it takes the mask, and passes none on (Keras 3)

    def compute_mask(self, inputs: Any, mask: Any = None) -> None:
        return None


@keras_class("keras.layers", "GlobalAvgPool2D")
class GlobalAveragePooling2D(_GlobalAverage):
    """The mean over the height and width of `[batch, height, width, channels]`. Arguments
    as `GlobalAveragePooling1D`'s."""

    rank = 2


@keras_class("keras.layers", "GlobalMaxPool1D")
class GlobalMaxPooling1D(_GlobalMax):
    """The maximum over the steps of `[batch, steps, channels]`. Arguments as
    `GlobalAveragePooling1D`'s."""

    rank = 1


@keras_class("keras.layers", "GlobalMaxPool2D")
class GlobalMaxPooling2D(_GlobalMax):
    """The maximum over the height and width of `[batch, height, width, channels]`.
    Arguments as `GlobalAveragePooling1D`'s."""

    rank = 2
