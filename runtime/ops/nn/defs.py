"""Declarations of the neural-network ops: 2-D convolution and its two backprops, max and average
pooling and their gradients, the softmax cross-entropies and `BiasAdd`.

Images are 4-D, `NHWC` (or `NCHW` by the `data_format` attr); `strides`, `ksize`, `dilations`
and `explicit_paddings` are given per dimension in that order, as in TensorFlow, and must be 1
(0 for paddings) on the batch and channel dimensions. `window` is the geometry the shape
functions and the kernels share: for one spatial dimension, the padding before and after and
the output size.

>>> window(5, 3, 2, 1, "SAME")
(1, 1, 3)
"""

from __future__ import annotations

import math
from typing import Any, Sequence

from autograph.runtime.core.tensor_shape import format_raw
from autograph.runtime.registry import shape_inference as si
from autograph.runtime.registry.op_registry import register_op

_FLOATS = "T: {half, float, double}"
_FORMAT = "data_format: {'NHWC', 'NCHW'} = 'NHWC'"


def window(size: int | None, ksize: int, stride: int, dilation: int, padding: str,
           explicit: Sequence[int] = (0, 0)) -> tuple[int | None, int | None, int | None]:
    """`(before, after, output size)` of a window sliding over `size` elements (None: unknown).

    The window spans `(ksize - 1) * dilation + 1` elements. "VALID" pads nothing, "SAME" pads
    so that the output has `ceil(size / stride)` elements (the odd element after), "EXPLICIT"
    pads `explicit`. The output size may be below 1; callers reject that.
    """
    span = (ksize - 1) * dilation + 1
    if padding == "EXPLICIT":
        before, after = explicit
    elif padding == "VALID":
        before, after = 0, 0
    elif size is None:
        return None, None, None
    else:
        total = max((math.ceil(size / stride) - 1) * stride + span - size, 0)
        before, after = total // 2, total - total // 2
    if size is None:
        return before, after, None
    return before, after, (size + before + after - span) // stride + 1


def spatial(values: Sequence[Any], data_format: str) -> list[Any]:
    """The height and width entries of a per-dimension list (or shape) in `data_format`."""
    return list(values[1:3]) if data_format == "NHWC" else list(values[2:4])


def image(batch: Any, rows: Any, cols: Any, channels: Any, data_format: str) -> tuple:
    """A 4-D shape in `data_format` order."""
    if data_format == "NHWC":
        return (batch, rows, cols, channels)
    return (batch, channels, rows, cols)


def _per_dim(c: si.InferenceContext, name: str, spatial_min: int = 1) -> list[int]:
    """Attr `name` (4 ints), checked to be 1 on the batch and channel dims; its spatial part."""
    values, data_format = list(c.attr(name)), c.attr("data_format")
    if len(values) != 4:
        raise c.error(f"{name} must have 4 entries (one per dimension of {data_format}), got "
                      f"{values}.")
    outer = [values[0], values[3] if data_format == "NHWC" else values[1]]
    if outer != [1, 1]:
        raise c.error(f"{name} {values} must be 1 on the batch and channel dimensions of "
                      f"{data_format}; only the spatial dimensions may differ.")
    inner = spatial(values, data_format)
    if min(inner) < spatial_min:
        raise c.error(f"{name} {values} must be at least {spatial_min} on every dimension.")
    return inner


def _explicit(c: si.InferenceContext) -> list[tuple[int, int]]:
    """The (before, after) padding of each spatial dim; zeros unless padding is EXPLICIT."""
    pads = list(c.attr("explicit_paddings")) if "explicit_paddings" in c.attrs else []
    if c.attr("padding") != "EXPLICIT":
        if pads:
            raise c.error(f"explicit_paddings {pads} are given but padding is "
                          f"{c.attr('padding')!r}; use padding 'EXPLICIT'.")
        return [(0, 0), (0, 0)]
    pairs = [(pads[i], pads[i + 1]) for i in range(0, len(pads) - 1, 2)]
    data_format = c.attr("data_format")
    if len(pads) != 8 or min(pads) < 0:
        raise c.error(f"explicit_paddings must be 8 non-negative ints (before and after for "
                      f"each dimension of {data_format}), got {pads}.")
    outer = [pairs[0], pairs[3] if data_format == "NHWC" else pairs[1]]
    if outer != [(0, 0), (0, 0)]:
        raise c.error(f"explicit_paddings {pads} must be 0 on the batch and channel dimensions "
                      f"of {data_format}.")
    return spatial(pairs, data_format)


def output_sizes(c: si.InferenceContext, sizes: Sequence[int | None], ksize: Sequence[int],
                 dilations: Sequence[int], what: str) -> list[int | None]:
    """The output height and width of a window of `ksize` (dilated) over `sizes`."""
    strides, padding = _per_dim(c, "strides"), c.attr("padding")
    outputs = []
    for size, k, stride, dilation, pads in zip(sizes, ksize, strides, dilations, _explicit(c)):
        before, after, out = window(size, k, stride, dilation, padding, pads)
        if out is not None and out < 1:
            raise c.error(f"{what}: the window of {k} (dilation {dilation}) is larger than the "
                          f"padded input ({size} + {before} + {after}); pad more or use a "
                          f"smaller window.")
        outputs.append(out)
    return outputs


# Convolution ---------------------------------------------------------------------------------
def _conv_output(c: si.InferenceContext, x: Any, w: Any) -> tuple:
    data_format = c.attr("data_format")
    dilations = _per_dim(c, "dilations")
    batch, rows, cols, channels = x[0], *spatial(x, data_format), \
        x[3] if data_format == "NHWC" else x[1]
    si.merge_dim(c, channels, w[2], f"input channels ({data_format} input {format_raw(x)}, "
                                    f"filter {format_raw(w)})")
    ksize = [k if k is not None else 1 for k in w[:2]]
    out = output_sizes(c, [rows, cols], ksize, dilations, "Conv2D")
    if w[0] is None:
        out[0] = None
    if w[1] is None:
        out[1] = None
    return image(batch, out[0], out[1], w[3], data_format)


def _conv2d_shape(c: si.InferenceContext) -> list:
    x = si.with_rank(c, c.shape(0), 4, "input")
    w = si.with_rank(c, c.shape(1), 4, "filter")
    return [_conv_output(c, x, w)]


def _sizes(c: si.InferenceContext, i: int, what: str) -> tuple | None:
    """The value of a 4-element int32 sizes input, or None when unknown."""
    si.with_rank(c, c.shape(i), 1, what)
    value = c.value(i)
    if value is None:
        return None
    sizes = tuple(int(v) for v in value.reshape(-1))
    if len(sizes) != 4 or min(sizes) < 0:
        raise c.error(f"{what} must be 4 non-negative sizes, got {list(sizes)}.")
    return sizes


def _check_backprop(c: si.InferenceContext, x: Any, w: Any, dy: Any) -> None:
    """`dy` has the shape Conv2D gives for `x` and `w`."""
    expected = _conv_output(c, x, w)
    for e, d in zip(expected, dy):
        if e is not None and d is not None and e != d:
            raise c.error(f"out_backprop has shape {format_raw(dy)} but Conv2D of an input of "
                          f"shape {format_raw(x)} by a filter of shape {format_raw(w)} gives "
                          f"{format_raw(expected)}.")


def _conv2d_backprop_input_shape(c: si.InferenceContext) -> list:
    data_format = c.attr("data_format")
    w = si.with_rank(c, c.shape(1), 4, "filter")
    dy = si.with_rank(c, c.shape(2), 4, "out_backprop")
    x = _sizes(c, 0, "input_sizes")
    if x is None:
        return [image(dy[0], None, None, w[2], data_format)]
    _check_backprop(c, x, w, dy)
    return [x]


def _conv2d_backprop_filter_shape(c: si.InferenceContext) -> list:
    x = si.with_rank(c, c.shape(0), 4, "input")
    dy = si.with_rank(c, c.shape(2), 4, "out_backprop")
    data_format = c.attr("data_format")
    w = _sizes(c, 1, "filter_sizes")
    if w is None:
        channels = x[3] if data_format == "NHWC" else x[1]
        return [(None, None, channels, dy[3] if data_format == "NHWC" else dy[1])]
    _check_backprop(c, x, w, dy)
    return [w]


_CONV_ATTRS = ("strides: list(int)", "padding: {'SAME', 'VALID', 'EXPLICIT'}",
               "explicit_paddings: list(int) = []", _FORMAT,
               "dilations: list(int) = [1, 1, 1, 1]")
_CONV_DOC = (
    "strides: the step of the window per dimension (1 on batch and channels).\n"
    "padding: 'VALID' (none), 'SAME' (output size ceil(size / stride)) or 'EXPLICIT'.\n"
    "explicit_paddings: with 'EXPLICIT', before and after for each of the 4 dimensions.\n"
    "data_format: 'NHWC' (channels last) or 'NCHW'.\n"
    "dilations: the spacing of the filter taps per dimension (1 on batch and channels).")


def _with_conv_attrs(builder: Any) -> Any:
    for spec in _CONV_ATTRS:
        builder = builder.attr(spec)
    return builder


_with_conv_attrs(register_op("Conv2D").input("input: T").input("filter: T").output("output: T")
                 .attr(_FLOATS)).set_shape_fn(_conv2d_shape).doc(
    "Computes a 2-D convolution (a cross-correlation) of a 4-D input with a 4-D filter.\n\n"
    "input: [batch, height, width, in_channels] (in data_format order).\n"
    "filter: [filter_height, filter_width, in_channels, out_channels].\n" + _CONV_DOC)

_with_conv_attrs(register_op("Conv2DBackpropInput").input("input_sizes: int32")
                 .input("filter: T").input("out_backprop: T").output("output: T")
                 .attr(_FLOATS)).set_shape_fn(_conv2d_backprop_input_shape).doc(
    "Computes the gradient of Conv2D with respect to its input.\n\n"
    "input_sizes: the shape of Conv2D's input (4 ints).\n"
    "filter: Conv2D's filter.\n"
    "out_backprop: the gradient of Conv2D's output.\n" + _CONV_DOC)

_with_conv_attrs(register_op("Conv2DBackpropFilter").input("input: T")
                 .input("filter_sizes: int32").input("out_backprop: T").output("output: T")
                 .attr(_FLOATS)).set_shape_fn(_conv2d_backprop_filter_shape).doc(
    "Computes the gradient of Conv2D with respect to its filter.\n\n"
    "input: Conv2D's input.\n"
    "filter_sizes: the shape of Conv2D's filter (4 ints).\n"
    "out_backprop: the gradient of Conv2D's output.\n" + _CONV_DOC)


# Pooling -------------------------------------------------------------------------------------
def _pool_output(c: si.InferenceContext, x: Any) -> tuple:
    data_format = c.attr("data_format")
    x = si.with_rank(c, x, 4, "input")
    channels = x[3] if data_format == "NHWC" else x[1]
    out = output_sizes(c, spatial(x, data_format), _per_dim(c, "ksize"), [1, 1], c.op_name)
    return image(x[0], out[0], out[1], channels, data_format)


def _pool_shape(c: si.InferenceContext) -> list:
    return [_pool_output(c, c.shape(0))]


def _check_grad(c: si.InferenceContext, shape: Any, expected: Any, what: str,
                name: str = "grad") -> None:
    if shape is not None and expected is not None and not all(
            g is None or e is None or g == e for g, e in zip(shape, expected)):
        raise c.error(f"{name} has shape {format_raw(shape)} but must have the shape of {what}, "
                      f"{format_raw(expected)}.")


def _max_pool_grad_shape(c: si.InferenceContext) -> list:
    x, y = si.with_rank(c, c.shape(0), 4, "orig_input"), c.shape(1)
    y = si.with_rank(c, y, 4, "orig_output")
    _check_grad(c, y, _pool_output(c, x), "MaxPool's output", "orig_output")
    _check_grad(c, si.with_rank(c, c.shape(2), 4, "grad"), y, "orig_output")
    return [x]


def _max_pool_grad_grad_shape(c: si.InferenceContext) -> list:
    x, y = si.with_rank(c, c.shape(0), 4, "orig_input"), c.shape(1)
    y = si.with_rank(c, y, 4, "orig_output")
    _check_grad(c, y, _pool_output(c, x), "MaxPool's output", "orig_output")
    _check_grad(c, si.with_rank(c, c.shape(2), 4, "grad"), x, "orig_input")
    return [y]


def _avg_pool_grad_shape(c: si.InferenceContext) -> list:
    grad = si.with_rank(c, c.shape(1), 4, "grad")
    data_format = c.attr("data_format")
    x = _sizes(c, 0, "orig_input_shape")
    if x is None:
        return [image(grad[0], None, None, grad[3] if data_format == "NHWC" else grad[1],
                      data_format)]
    _check_grad(c, grad, _pool_output(c, x), "AvgPool's output")
    return [x]


_POOL_DOC = (
    "ksize: the size of the window per dimension (1 on batch and channels).\n"
    "strides: the step of the window per dimension (1 on batch and channels).\n"
    "padding: 'VALID' (none) or 'SAME' (output size ceil(size / stride)).\n"
    "data_format: 'NHWC' (channels last) or 'NCHW'.")


def _with_pool_attrs(builder: Any) -> Any:
    return builder.attr(_FLOATS).attr("ksize: list(int) >= 4").attr("strides: list(int) >= 4") \
        .attr("padding: {'SAME', 'VALID'}").attr(_FORMAT)


_with_pool_attrs(register_op("MaxPool").input("input: T").output("output: T")) \
    .set_shape_fn(_pool_shape).doc(
        "The largest element of each window of a 4-D input (padding never wins).\n\n"
        "input: [batch, height, width, channels] (in data_format order).\n" + _POOL_DOC)

_with_pool_attrs(register_op("MaxPoolGrad").input("orig_input: T").input("orig_output: T")
                 .input("grad: T").output("output: T")) \
    .set_shape_fn(_max_pool_grad_shape).doc(
        "The gradient of MaxPool: each window's gradient goes to the position of its largest "
        "input (the first, on ties).\n\n"
        "orig_input: MaxPool's input.\n"
        "orig_output: MaxPool's output.\n"
        "grad: the gradient of MaxPool's output.\n" + _POOL_DOC)

_with_pool_attrs(register_op("MaxPoolGradGrad").input("orig_input: T")
                 .input("orig_output: T").input("grad: T").output("output: T")) \
    .set_shape_fn(_max_pool_grad_grad_shape).doc(
        "The gradient of MaxPoolGrad with respect to its grad: for each window, the element of "
        "grad at the position of the window's largest input.\n\n"
        "orig_input: MaxPool's input.\n"
        "orig_output: MaxPool's output.\n"
        "grad: a tensor of orig_input's shape.\n" + _POOL_DOC)

_with_pool_attrs(register_op("AvgPool").input("value: T").output("output: T")) \
    .set_shape_fn(_pool_shape).doc(
        "The mean of each window of a 4-D input, counting only the elements inside the input."
        "\n\nvalue: [batch, height, width, channels] (in data_format order).\n" + _POOL_DOC)

_with_pool_attrs(register_op("AvgPoolGrad").input("orig_input_shape: int32").input("grad: T")
                 .output("output: T")).set_shape_fn(_avg_pool_grad_shape).doc(
    "The gradient of AvgPool: each window's gradient shared equally by its elements.\n\n"
    "orig_input_shape: the shape of AvgPool's input (4 ints).\n"
    "grad: the gradient of AvgPool's output.\n" + _POOL_DOC)


# Losses and bias -----------------------------------------------------------------------------
def _softmax_cross_entropy_shape(c: si.InferenceContext) -> list:
    features = si.with_rank(c, c.shape(0), 2, "features")
    labels = si.with_rank(c, c.shape(1), 2, "labels")
    both = si.broadcast_shapes(c, features, labels)
    return [both[:1], both]


def _sparse_softmax_cross_entropy_shape(c: si.InferenceContext) -> list:
    features = si.with_rank(c, c.shape(0), 2, "features")
    labels = si.with_rank(c, c.shape(1), 1, "labels")
    if features[1] == 0:
        raise c.error(f"Must have at least one class, but got logits shape "
                      f"{format_raw(features)}.")
    batch = si.merge_dim(c, features[0], labels[0], "the batch sizes of features and labels")
    return [(batch,), (batch, features[1])]


_LOSS_DOC = (
    "loss: the cross-entropy of each row.\n"
    "backprop: its gradient with respect to features, softmax(features) - labels (exact when "
    "each row of labels sums to 1).")

register_op("SoftmaxCrossEntropyWithLogits").input("features: T").input("labels: T") \
    .output("loss: T").output("backprop: T").attr(_FLOATS) \
    .set_shape_fn(_softmax_cross_entropy_shape).doc(
        "The cross-entropy of softmax(features) against a probability distribution, per row."
        "\n\nfeatures: logits, [batch, classes].\n"
        "labels: probabilities, broadcastable to features' shape.\n" + _LOSS_DOC)

register_op("SparseSoftmaxCrossEntropyWithLogits").input("features: T") \
    .input("labels: Tlabels").output("loss: T").output("backprop: T").attr(_FLOATS) \
    .attr("Tlabels: {int32, int64} = DT_INT64") \
    .set_shape_fn(_sparse_softmax_cross_entropy_shape).doc(
        "The cross-entropy of softmax(features) against one class index per row.\n\n"
        "features: logits, [batch, classes].\n"
        "labels: class indices in [0, classes), [batch].\n" + _LOSS_DOC)


def _channel_axis(c: si.InferenceContext, rank: int) -> int:
    return 1 if c.attr("data_format") == "NCHW" else rank - 1


def _bias_add_shape(c: si.InferenceContext) -> list:
    value = c.shape(0)
    bias = si.with_rank(c, c.shape(1), 1, "bias")
    if value is None:
        return [None]
    if len(value) < 2:
        raise c.error(f"value must have rank >= 2, but its shape is {format_raw(value)}.")
    axis = _channel_axis(c, len(value))
    si.merge_dim(c, value[axis], bias[0], f"bias (shape {format_raw(bias)}) and the channel "
                                         f"dimension of value (shape {format_raw(value)})")
    return [value[:axis] + (value[axis] if value[axis] is not None else bias[0],)
            + value[axis + 1:]]


def _bias_add_grad_shape(c: si.InferenceContext) -> list:
    grad = c.shape(0)
    if grad is None:
        return [(None,)]
    if len(grad) < 2:
        raise c.error(f"out_backprop must have rank >= 2, but its shape is {format_raw(grad)}.")
    return [(grad[_channel_axis(c, len(grad))],)]


register_op("BiasAdd").input("value: T").input("bias: T").output("output: T") \
    .attr("T: numbertype").attr(_FORMAT).set_shape_fn(_bias_add_shape).doc(
        "Adds a 1-D bias along the channel dimension of value: the last one ('NHWC') or "
        "dimension 1 ('NCHW').\n\n"
        "value: a tensor of rank >= 2.\n"
        "bias: one value per channel.")

register_op("BiasAddGrad").input("out_backprop: T").output("output: T") \
    .attr("T: numbertype").attr(_FORMAT).set_shape_fn(_bias_add_grad_shape).doc(
        "The gradient of BiasAdd with respect to its bias: out_backprop summed over every "
        "dimension but the channels.\n\n"
        "out_backprop: the gradient of BiasAdd's output.")
