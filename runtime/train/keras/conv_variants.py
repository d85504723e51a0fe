"""Keras's other convolution layers: `Conv1D` (over steps, with Keras's `"causal"` padding)
and `DepthwiseConv2D` (each channel convolved with its own filters).

>>> layer = Conv1D(1, 2, kernel_initializer="ones", use_bias=False)
>>> layer([[[1.0], [2.0], [3.0]]]).numpy().ravel()
array([3., 5.], dtype=float32)
"""

from __future__ import annotations

from typing import Any, Callable

from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.ops.array.ops import pad
from autograph.runtime.ops.nn import ops as nn_ops
from autograph.runtime.ops.nn.conv import depthwise_conv2d
from autograph.runtime.train.keras import activations
from autograph.runtime.train.keras.base_layer import Layer
from autograph.runtime.train.keras.conv_layers import (
    _data_format,
    _output_size,
    check_convolution,
    convolution_config,
)
from autograph.runtime.train.keras.layer_args import check_rank, sizes
from autograph.runtime.train.keras.serialization import (
    keras_class,
    refuse_options,
    serialize_activation,
    serialize_initializer,
)

__all__ = ["Conv1D", "DepthwiseConv2D"]

# the nn ops' names of the data formats by spatial rank: (channels last, channels first)
_FORMATS = {1: ("NWC", "NCW"), 2: ("NHWC", "NCHW")}


class _Convolution(Layer):
    """What `Conv1D` and `DepthwiseConv2D` share: window arguments, bias, activation, the
    output shape rule."""

    rank: int
    kernel_size: tuple[int, ...]
    strides: tuple[int, ...]
    dilation_rate: tuple[int, ...]
    padding: str
    data_format: str
    activation: Callable[..., Tensor]

    def _set_window(self, kernel_size: Any, strides: Any, padding: str, data_format: Any,
                    dilation_rate: Any, paddings: tuple[str, ...] = ("valid", "same")) -> None:
        name = type(self).__name__
        self.kernel_size = sizes(kernel_size, self.rank, "kernel_size", name)
        self.strides = sizes(strides, self.rank, "strides", name)
        self.dilation_rate = sizes(dilation_rate, self.rank, "dilation_rate", name)
        if not isinstance(padding, str) or padding.lower() not in paddings:
            allowed = ", ".join(repr(p) for p in paddings[:-1]) + f" or {paddings[-1]!r}"
            raise ValueError(f"{name}: padding must be {allowed}, got {padding!r}.")
        self.padding = padding.lower()
        self.data_format = _data_format(data_format, name)

    @property
    def _channel_axis(self) -> int:
        return -1 if self.data_format == "channels_last" else 1

    def _channels(self, input_shape: TensorShape) -> int:
        check_rank(self, input_shape, self.rank + 2)
        channels = input_shape[self._channel_axis]
        if channels is None:
            raise ValueError(f"{type(self).__name__} layer {self.name!r} needs inputs with a "
                             f"known number of channels, got shape {input_shape}.")
        return channels

    def _finish(self, outputs: Tensor) -> Tensor:
        bias = getattr(self, "bias", None)
        if bias is not None:
            outputs = nn_ops.bias_add(outputs, bias, data_format=self._format)
        return self.activation(outputs)

    @property
    def _format(self) -> str:
        return _FORMATS[self.rank][self.data_format == "channels_first"]

    def _output_shape(self, input_shape: TensorShape, channels: int | None) -> TensorShape:
        check_rank(self, input_shape, self.rank + 2)
        dims = input_shape.as_list()
        first = 1 if self.data_format == "channels_last" else 2
        padding = "same" if self.padding == "causal" else self.padding
        spatial = [_output_size(size, k, s, padding, d) for size, k, s, d in zip(
            dims[first:first + self.rank], self.kernel_size, self.strides, self.dilation_rate)]
        if any(size is not None and size <= 0 for size in spatial):
            raise ValueError(f"Computed output size would be zero or negative for layer "
                             f"{self.name!r}: input shape {input_shape}, kernel_size "
                             f"{self.kernel_size}, strides {self.strides}, dilation_rate "
                             f"{self.dilation_rate}, padding {self.padding!r}. Use larger "
                             f"inputs, a smaller kernel or padding='same'.")
        dims[first:first + self.rank] = spatial
        dims[self._channel_axis] = channels
        return TensorShape(dims)


@keras_class("keras.layers", "Convolution1D")
class Conv1D(_Convolution):
    """A 1-D convolution over `[batch, steps, channels]` with `filters` output channels,
    plus a bias and an activation.

    Args:
        filters: the number of output channels.
        kernel_size: the window's length.
        strides: the window's step.
        padding: `"valid"`, `"same"`, or `"causal"` (zeros before the first step only, so
            that output `t` sees inputs up to `t`).
        data_format: `"channels_last"` (default) or `"channels_first"`.
        dilation_rate: the spacing of the window's taps.
        groups: must be 1 (grouped convolutions are not supported).
        activation, use_bias, kernel_initializer, bias_initializer: as for `Dense`; the kernel
            has shape `[kernel_size, in_channels, filters]`.
        kernel_regularizer, bias_regularizer, activity_regularizer, kernel_constraint,
            bias_constraint: Keras's options, which must be None here.
    """

    rank = 1

    def __init__(self, filters: int, kernel_size: Any, strides: Any = 1,
                 padding: str = "valid", data_format: str | None = None,
                 dilation_rate: Any = 1, groups: int = 1, activation: Any = None,
                 use_bias: bool = True, kernel_initializer: Any = "glorot_uniform",
                 bias_initializer: Any = "zeros", kernel_regularizer: Any = None,
                 bias_regularizer: Any = None, activity_regularizer: Any = None,
                 kernel_constraint: Any = None, bias_constraint: Any = None, **kwargs: Any):
        super().__init__(**kwargs)
        check_convolution("Conv1D", filters, groups, kernel_regularizer=kernel_regularizer,
                          bias_regularizer=bias_regularizer,
                          activity_regularizer=activity_regularizer,
                          kernel_constraint=kernel_constraint, bias_constraint=bias_constraint)
        self.filters = filters
        self._set_window(kernel_size, strides, padding, data_format, dilation_rate,
                         ("valid", "same", "causal"))
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = kernel_initializer
        self.bias_initializer = bias_initializer

    def build(self, input_shape: Any) -> None:
        channels = self._channels(TensorShape(input_shape))
        self.kernel = self.add_weight("kernel", [*self.kernel_size, channels, self.filters],
                                      self.kernel_initializer)
        self.bias = (self.add_weight("bias", [self.filters], self.bias_initializer)
                     if self.use_bias else None)
        self.built = True

    def call(self, inputs: Tensor, training: bool | None = None) -> Tensor:
        self._output_shape(inputs.shape, self.filters)
        padding = self.padding
        if padding == "causal":
            left = self.dilation_rate[0] * (self.kernel_size[0] - 1)
            pads = [[0, 0], [left, 0], [0, 0]]
            if self.data_format == "channels_first":
                pads = [[0, 0], [0, 0], [left, 0]]
            inputs, padding = pad(inputs, pads), "valid"
        outputs = nn_ops.conv1d(inputs, self.kernel, list(self.strides), padding.upper(),
                                data_format=self._format, dilations=list(self.dilation_rate))
        return self._finish(outputs)

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        return self._output_shape(TensorShape(input_shape), self.filters)

    def get_config(self) -> dict:
        return {**super().get_config(), **convolution_config(self)}


@keras_class("keras.layers")
class DepthwiseConv2D(_Convolution):
    """Convolves each input channel with `depth_multiplier` filters of its own: `C` input
    channels give `C * depth_multiplier` output channels (channel `c * depth_multiplier + m`
    from input channel `c`).

    Args:
        kernel_size: the window's height and width (an int for both).
        strides: the window's steps.
        padding: `"valid"` or `"same"`.
        depth_multiplier: the number of filters per input channel.
        data_format: `"channels_last"` (default) or `"channels_first"`.
        dilation_rate: the spacing of the window's taps.
        activation, use_bias, bias_initializer: as for `Conv2D`.
        depthwise_initializer: for the `[kh, kw, in_channels, depth_multiplier]` kernel.
        depthwise_regularizer, bias_regularizer, activity_regularizer, depthwise_constraint,
            bias_constraint: Keras's options, which must be None here.
    """

    rank = 2

    def __init__(self, kernel_size: Any, strides: Any = (1, 1), padding: str = "valid",
                 depth_multiplier: int = 1, data_format: str | None = None,
                 dilation_rate: Any = (1, 1), activation: Any = None, use_bias: bool = True,
                 depthwise_initializer: Any = "glorot_uniform", bias_initializer: Any = "zeros",
                 depthwise_regularizer: Any = None, bias_regularizer: Any = None,
                 activity_regularizer: Any = None, depthwise_constraint: Any = None,
                 bias_constraint: Any = None, **kwargs: Any):
        super().__init__(**kwargs)
        refuse_options("DepthwiseConv2D", depthwise_regularizer=depthwise_regularizer,
                       bias_regularizer=bias_regularizer,
                       activity_regularizer=activity_regularizer,
                       depthwise_constraint=depthwise_constraint,
                       bias_constraint=bias_constraint)
        if (not isinstance(depth_multiplier, int) or isinstance(depth_multiplier, bool)
                or depth_multiplier <= 0):
            raise ValueError(f"DepthwiseConv2D: depth_multiplier must be a positive int, got "
                             f"{depth_multiplier!r}.")
        self.depth_multiplier = depth_multiplier
        self._set_window(kernel_size, strides, padding, data_format, dilation_rate)
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.depthwise_initializer = depthwise_initializer
        self.bias_initializer = bias_initializer

    def build(self, input_shape: Any) -> None:
        channels = self._channels(TensorShape(input_shape))
        self.kernel = self.add_weight(
            "kernel", [*self.kernel_size, channels, self.depth_multiplier],
            self.depthwise_initializer)
        self.bias = (self.add_weight("bias", [channels * self.depth_multiplier],
                                     self.bias_initializer) if self.use_bias else None)
        self.built = True

    def call(self, inputs: Tensor, training: bool | None = None) -> Tensor:
        self._output_shape(inputs.shape, None)
        outputs = depthwise_conv2d(inputs, self.kernel, list(self.strides),
                                   self.padding.upper(), data_format=self._format,
                                   dilations=list(self.dilation_rate))
        return self._finish(outputs)

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        input_shape = TensorShape(input_shape)
        channels = input_shape[self._channel_axis] if input_shape.rank == 4 else None
        return self._output_shape(
            input_shape, None if channels is None else channels * self.depth_multiplier)

    def get_config(self) -> dict:
        return {**super().get_config(), "depth_multiplier": self.depth_multiplier,
                "kernel_size": self.kernel_size, "strides": self.strides,
                "padding": self.padding, "data_format": self.data_format,
                "dilation_rate": self.dilation_rate,
                "activation": serialize_activation(self.activation), "use_bias": self.use_bias,
                "depthwise_initializer": serialize_initializer(self.depthwise_initializer),
                "bias_initializer": serialize_initializer(self.bias_initializer),
                "depthwise_regularizer": None, "bias_regularizer": None,
                "activity_regularizer": None, "depthwise_constraint": None,
                "bias_constraint": None}
