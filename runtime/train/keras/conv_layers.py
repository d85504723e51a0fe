"""Keras's 2-D convolution and pooling layers: `Conv2D`, `MaxPooling2D` (NHWC, as
`data_format="channels_last"`, Keras's default; `"channels_first"` runs NCHW)."""

from __future__ import annotations

from typing import Any

from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.ops.nn import ops as nn_ops
from autograph.runtime.train.keras import activations
from autograph.runtime.train.keras.base_layer import Layer
from autograph.runtime.train.keras.serialization import (
    keras_class,
    refuse_options,
    serialize_activation,
    serialize_initializer,
)

__all__ = ["Conv2D", "MaxPooling2D"]


def _pair(value: Any, what: str, layer: str) -> tuple[int, int]:
    pair = (value, value) if isinstance(value, int) else tuple(value)
    if len(pair) != 2 or not all(isinstance(v, int) and v > 0 for v in pair):
        raise ValueError(f"{layer}: {what} must be a positive int or a pair of them, got "
                         f"{value!r}.")
    return pair[0], pair[1]


def _padding(padding: str, layer: str) -> str:
    if not isinstance(padding, str) or padding.lower() not in ("valid", "same"):
        raise ValueError(f"{layer}: padding must be 'valid' or 'same', got {padding!r}.")
    return padding.lower()


def _data_format(data_format: str | None, layer: str) -> str:
    data_format = data_format or "channels_last"
    if data_format not in ("channels_last", "channels_first"):
        raise ValueError(f"{layer}: data_format must be 'channels_last' or 'channels_first', "
                         f"got {data_format!r}.")
    return data_format


def _output_size(size: int | None, window: int, stride: int, padding: str,
                 dilation: int) -> int | None:
    if size is None:
        return None
    if padding == "same":
        return -(-size // stride)
    return (size - (window - 1) * dilation - 1) // stride + 1


class _Windowed(Layer):
    """A layer sliding a 2-D window: the shape rule shared by convolution and pooling."""

    data_format: str
    padding: str
    strides: tuple[int, int]
    window: tuple[int, int]
    dilation_rate: tuple[int, int] = (1, 1)

    def _spatial(self, shape: TensorShape) -> tuple[list, int]:
        """The output's height and width for inputs of `shape`, and the channel axis."""
        dims = shape.as_list()
        if len(dims) != 4:
            raise self._incompatible(f"expected a 4-D input (batch, height, width, channels "
                                     f"for channels_last), received shape {shape}.")
        spatial, axis = (dims[1:3], 3) if self.data_format == "channels_last" else (dims[2:4], 1)
        sizes = [_output_size(size, w, s, self.padding, d) for size, w, s, d in
                 zip(spatial, self.window, self.strides, self.dilation_rate, strict=True)]
        if any(size is not None and size <= 0 for size in sizes):
            raise ValueError(f"Computed output size would be zero or negative for layer "
                             f"{self.name!r}: input shape {shape}, window {self.window}, "
                             f"strides {self.strides}, dilation_rate {self.dilation_rate}, "
                             f"padding {self.padding!r}. Use larger inputs, a smaller window "
                             f"or padding='same'.")
        return sizes, axis

    def _output_dims(self, input_shape: TensorShape, channels: int | None) -> TensorShape:
        sizes, _ = self._spatial(input_shape)
        batch = input_shape.as_list()[0]
        if self.data_format == "channels_last":
            return TensorShape([batch, *sizes, channels])
        return TensorShape([batch, channels, *sizes])

    @property
    def _nhwc(self) -> str:
        return "NHWC" if self.data_format == "channels_last" else "NCHW"


@keras_class("keras.layers", "Convolution2D")
class Conv2D(_Windowed):
    """A 2-D convolution (`ag.nn.conv2d`) with `filters` output channels, plus a bias and an
    activation.

    Args:
        filters: the number of output channels.
        kernel_size: the window's height and width (an int for both).
        strides: the steps of the window (an int for both).
        padding: `"valid"` (no padding) or `"same"` (output size `ceil(input / stride)`).
        data_format: `"channels_last"` (default, NHWC) or `"channels_first"` (NCHW).
        dilation_rate: the spacing of the window's taps.
        activation, use_bias, kernel_initializer, bias_initializer: as for `Dense`; the kernel
            has shape `[kernel_h, kernel_w, in_channels, filters]`.
        groups: must be 1 (grouped convolutions are not supported).
        kernel_regularizer, bias_regularizer, activity_regularizer, kernel_constraint,
            bias_constraint: Keras's options, which must be None here.
    """

    def __init__(self, filters: int, kernel_size: Any, strides: Any = (1, 1),
                 padding: str = "valid", data_format: str | None = None,
                 dilation_rate: Any = (1, 1), groups: int = 1, activation: Any = None,
                 use_bias: bool = True, kernel_initializer: Any = "glorot_uniform",
                 bias_initializer: Any = "zeros", kernel_regularizer: Any = None,
                 bias_regularizer: Any = None, activity_regularizer: Any = None,
                 kernel_constraint: Any = None, bias_constraint: Any = None, **kwargs: Any):
        super().__init__(**kwargs)
        check_convolution("Conv2D", filters, groups, kernel_regularizer=kernel_regularizer,
                          bias_regularizer=bias_regularizer,
                          activity_regularizer=activity_regularizer,
                          kernel_constraint=kernel_constraint, bias_constraint=bias_constraint)
        self.filters = filters
        self.window = self.kernel_size = _pair(kernel_size, "kernel_size", "Conv2D")
        self.strides = _pair(strides, "strides", "Conv2D")
        self.padding = _padding(padding, "Conv2D")
        self.data_format = _data_format(data_format, "Conv2D")
        self.dilation_rate = _pair(dilation_rate, "dilation_rate", "Conv2D")
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = kernel_initializer
        self.bias_initializer = bias_initializer

    def build(self, input_shape: Any) -> None:
        input_shape = TensorShape(input_shape)
        _, axis = self._spatial(input_shape)
        channels = input_shape[axis]
        if channels is None:
            raise ValueError(f"Conv2D layer {self.name!r} needs inputs with a known number of "
                             f"channels, got shape {input_shape}.")
        self.kernel = self.add_weight("kernel", [*self.kernel_size, channels, self.filters],
                                      self.kernel_initializer)
        self.bias = (self.add_weight("bias", [self.filters], self.bias_initializer)
                     if self.use_bias else None)
        self.built = True

    def call(self, inputs: Tensor, training: bool | None = None) -> Tensor:
        _, axis = self._spatial(inputs.shape)
        expected = self.kernel.shape[2]
        if inputs.shape[axis] not in (None, expected):
            raise self._incompatible(f"expected axis {axis} of the input shape to have value "
                                     f"{expected}, but received input with shape "
                                     f"{inputs.shape}.")
        outputs = nn_ops.conv2d(inputs, self.kernel, list(self.strides), self.padding.upper(),
                                data_format=self._nhwc, dilations=list(self.dilation_rate))
        if self.bias is not None:
            outputs = nn_ops.bias_add(outputs, self.bias, data_format=self._nhwc)
        return self.activation(outputs)

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        return self._output_dims(TensorShape(input_shape), self.filters)

    def get_config(self) -> dict:
        return {**super().get_config(), **convolution_config(self)}


@keras_class("keras.layers", "MaxPool2D")
class MaxPooling2D(_Windowed):
    """The largest value in each `pool_size` window (`ag.nn.max_pool2d`).

    Args:
        pool_size: the window's height and width (an int for both); default 2 x 2.
        strides: the steps of the window; None: `pool_size`.
        padding: `"valid"` or `"same"`.
        data_format: `"channels_last"` (default) or `"channels_first"`.
    """

    def __init__(self, pool_size: Any = (2, 2), strides: Any = None, padding: str = "valid",
                 data_format: str | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        self.window = self.pool_size = _pair(pool_size, "pool_size", "MaxPooling2D")
        self.strides = self.pool_size if strides is None else _pair(strides, "strides",
                                                                    "MaxPooling2D")
        self.padding = _padding(padding, "MaxPooling2D")
        self.data_format = _data_format(data_format, "MaxPooling2D")

    def call(self, inputs: Tensor, training: bool | None = None) -> Tensor:
        self._spatial(inputs.shape)
        return nn_ops.max_pool2d(inputs, list(self.pool_size), list(self.strides),
                                 self.padding.upper(), data_format=self._nhwc)

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        input_shape = TensorShape(input_shape)
        _, axis = self._spatial(input_shape)
        return self._output_dims(input_shape, input_shape.as_list()[axis])

    def get_config(self) -> dict:
        return {**super().get_config(), "pool_size": self.pool_size, "padding": self.padding,
                "strides": self.strides, "data_format": self.data_format}


def convolution_config(layer: Any) -> dict:
    """The config entries of Keras 3's convolutions (`Conv1D`, `Conv2D`) after the base
    layer's: the window, the activation, the initializers, and the options we refuse (None)."""
    return {"filters": layer.filters, "kernel_size": layer.kernel_size,
            "strides": layer.strides, "padding": layer.padding,
            "data_format": layer.data_format, "dilation_rate": layer.dilation_rate,
            "groups": 1, "activation": serialize_activation(layer.activation),
            "use_bias": layer.use_bias,
            "kernel_initializer": serialize_initializer(layer.kernel_initializer),
            "bias_initializer": serialize_initializer(layer.bias_initializer),
            "kernel_regularizer": None, "bias_regularizer": None,
            "activity_regularizer": None, "kernel_constraint": None, "bias_constraint": None}


def check_convolution(layer: str, filters: Any, groups: Any, **options: Any) -> None:
    """A convolution's arguments we check alike: a positive int of filters, groups of 1,
    and Keras's options we do not have left None.

    Raises:
        ValueError: naming the layer and the argument.
    """
    if groups != 1:
        raise ValueError(f"{layer}: groups={groups!r} is not supported; only groups=1.")
    refuse_options(layer, **options)
    if not isinstance(filters, int) or isinstance(filters, bool) or filters <= 0:
        raise ValueError(f"{layer}: filters must be a positive int, got {filters!r}.")
