"""`ag.nn`'s convolutions and pooling.

Over two spatial dimensions, in floating point, they are the `Conv2D`, `MaxPool` and `AvgPool`
ops (`nn_defs`), whose kernels and gradients are their own. The other cases (1-D, 3-D, other
dtypes) are composed of slicing, `einsum` and reductions: for each offset of the window, one
strided slice of the (padded) input lines up every output position's input element at that
offset; a convolution sums `einsum`s of those slices with the filter's taps, a pooling reduces
over them. That is kernel-size many ops, fine for the small windows these layers use; there the
spatial sizes must be known when the function is called. Padding follows TensorFlow: "VALID",
"SAME" (the extra row or column after), or explicit `[[before, after], ...]` pairs per
dimension.
"""

from __future__ import annotations

import itertools
import math
from typing import Any, Callable

from autograph.runtime.core import dtypes
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array.ops import expand_dims, pad, reshape, stack, transpose
from autograph.runtime.ops.creation.ops import ones_like
from autograph.runtime.ops.graph.ops import name_scope
from autograph.runtime.ops.linalg.ops import einsum
from autograph.runtime.ops.math.ops import add_n, divide, multiply, reduce_max
from autograph.runtime.ops.nn.defs import image, window
from autograph.runtime.ops.op_args import known_dims

_conv2d, _max_pool, _avg_pool = (op_handle(n) for n in ("Conv2D", "MaxPool", "AvgPool"))
_OP_DTYPES = (dtypes.float16, dtypes.float32, dtypes.float64)  # those of the 2-D ops


def _per_dim(value: Any, rank: int, what: str, function: str,
             channels_first: bool = False) -> list[int]:
    """An int or a list of 1, `rank` or `rank + 2` ints (TensorFlow's forms: the last in the
    data format's order), per spatial dim."""
    values = [value] if isinstance(value, int) else list(value)
    if len(values) == 1:
        values = values * rank
    elif len(values) == rank + 2:
        values = values[2:] if channels_first else values[1:-1]
    if len(values) != rank or not all(isinstance(v, int) and v >= 1 for v in values):
        raise ValueError(f"{function}: {what} must be a positive int or a list of 1, {rank} or "
                         f"{rank + 2} of them, got {value!r}")
    return values


def _is_channels_first(x: Tensor, data_format: str | None, rank: int, function: str) -> bool:
    """Whether `x` (checked to have rank `rank + 2`) has its channels first."""
    if x.shape.rank != rank + 2:
        raise ValueError(f"{function} takes a tensor of rank {rank + 2} (batch, {rank} spatial "
                         f"dims, channels), got shape {x.shape}")
    if data_format is None or data_format.endswith("C"):
        return False
    if not data_format.startswith("NC"):
        raise ValueError(f"{function}: data_format must be channels-last ('NHWC') or "
                         f"channels-first ('NCHW'), got {data_format!r}")
    return True


def _channels_last(x: Tensor, data_format: str | None, rank: int,
                   function: str) -> tuple[Tensor, bool]:
    if not _is_channels_first(x, data_format, rank, function):
        return x, False
    return transpose(x, [0] + list(range(2, rank + 2)) + [1]), True


def _back(x: Tensor, channels_first: bool) -> Tensor:
    rank = len(x.shape)
    return transpose(x, [0, rank - 1] + list(range(1, rank - 1))) if channels_first else x


def _pads(sizes: list[int], spans: list[int], strides: list[int], padding: Any,
          function: str) -> list[list[int]]:
    """`[before, after]` per spatial dim, for windows spanning `spans` input elements."""
    if isinstance(padding, str) and padding.upper() == "VALID":
        return [[0, 0] for _ in sizes]
    if isinstance(padding, str) and padding.upper() == "SAME":
        pads = []
        for size, span, stride in zip(sizes, spans, strides):
            total = max((math.ceil(size / stride) - 1) * stride + span - size, 0)
            pads.append([total // 2, total - total // 2])
        return pads
    if isinstance(padding, (list, tuple)) and len(padding) in (len(sizes), len(sizes) + 2):
        pairs = [list(p) for p in padding]
        return pairs[1:-1] if len(pairs) == len(sizes) + 2 else pairs
    raise ValueError(f"{function}: padding must be 'SAME', 'VALID' or [[before, after], ...] "
                     f"per dimension, got {padding!r}")


def _windows(x: Tensor, ksize: list[int], strides: list[int], dilations: list[int],
             padding: Any, fill: float, function: str) -> list[Tensor]:
    """One strided slice of the padded `x` (channels last) per window offset: element
    `[n, o1, o2, ..., c]` of slice `k` is the input under offset `k` of output `o`'s window."""
    if not all(d is not None for d in x.shape.as_list()[1:-1]):
        raise ValueError(f"{function} needs the spatial sizes known when it is called, got "
                         f"shape {x.shape}; give the function an input_signature with them")
    sizes = known_dims(x.shape)[1:-1]
    spans = [(k - 1) * d + 1 for k, d in zip(ksize, dilations)]
    pads = _pads(sizes, spans, strides, padding, function)
    if any(p != [0, 0] for p in pads):
        x = pad(x, [[0, 0]] + pads + [[0, 0]], constant_values=fill)
    padded = [s + b + a for s, (b, a) in zip(sizes, pads)]
    outputs = [(p - span) // stride + 1 for p, span, stride in zip(padded, spans, strides)]
    if min(outputs) < 1:
        raise ValueError(f"{function}: the window ({ksize}, dilated {dilations}) is larger "
                         f"than the padded input ({padded})")
    slices = []
    for offset in itertools.product(*(range(k) for k in ksize)):
        index = [slice(None)]
        for o, d, out, stride in zip(offset, dilations, outputs, strides):
            start = o * d
            index.append(slice(start, start + (out - 1) * stride + 1, stride))
        slices.append(x[tuple(index + [slice(None)])])
    return slices


def _explicit_padding(padding: Any, data_format: str, function: str) -> tuple[str, list[int]]:
    """The `padding` and `explicit_paddings` attrs of a 2-D op for `padding` as the front ends
    take it: "SAME", "VALID" or `[[before, after], ...]` per spatial dim or per dim."""
    if isinstance(padding, str) and padding.upper() in ("SAME", "VALID"):
        return padding.upper(), []
    if isinstance(padding, (list, tuple)) and len(padding) in (2, 4):
        pairs = [[int(v) for v in p] for p in padding]
        if all(len(p) == 2 and min(p) >= 0 for p in pairs):
            if len(pairs) == 2:
                pairs = [list(p) for p in image([0, 0], pairs[0], pairs[1], [0, 0],
                                                data_format)]
            return "EXPLICIT", [v for p in pairs for v in p]
    raise ValueError(f"{function}: padding must be 'SAME', 'VALID' or [[before, after], ...] "
                     f"per dimension, got {padding!r}")


def _per_dim_attr(values: list[int], data_format: str) -> list[int]:
    """A 4-entry attr of a 2-D op: `values` on the spatial dims, 1 on the others."""
    return list(image(1, values[0], values[1], 1, data_format))


def _check_window(x: Tensor, data_format: str, ksize: list[int], strides: list[int],
                  dilations: list[int], padding: str, explicit: list[int],
                  function: str) -> None:
    """A clear error when the spatial sizes are known and the window does not fit in them."""
    sizes = x.shape.as_list()[1:3] if data_format == "NHWC" else x.shape.as_list()[2:4]
    pairs = [explicit[i:i + 2] for i in range(0, len(explicit), 2)] or [[0, 0]] * 4
    pads = pairs[1:3] if data_format == "NHWC" else pairs[2:4]
    for size, k, stride, dilation, pair in zip(sizes, ksize, strides, dilations, pads):
        before, after, out = window(size, k, stride, dilation, padding, pair)
        if out is not None and out < 1:
            raise ValueError(f"{function}: the window ({ksize}, dilated {dilations}) is larger "
                             f"than the padded input ({size} + {before} + {after})")


def _conv2d_op(x: Tensor, w: Tensor, strides: Any, padding: Any, data_format: str | None,
               dilations: Any, function: str) -> Tensor:
    fmt = "NCHW" if _is_channels_first(x, data_format, 2, function) else "NHWC"
    channels = x.shape[3] if fmt == "NHWC" else x.shape[1]
    if channels not in (None, w.shape[2]):
        raise ValueError(f"{function}: input has {channels} channels but filters expect "
                         f"{w.shape[2]}")
    steps = _per_dim(strides, 2, "strides", function, fmt == "NCHW")
    rates = _per_dim(dilations, 2, "dilations", function, fmt == "NCHW")
    mode, explicit = _explicit_padding(padding, fmt, function)
    _check_window(x, fmt, known_dims(w.shape)[:2], steps, rates, mode, explicit, function)
    attrs = {"strides": _per_dim_attr(steps, fmt), "padding": mode,
             "explicit_paddings": explicit, "data_format": fmt,
             "dilations": _per_dim_attr(rates, fmt)}
    return _conv2d.run([x, w], attrs)


def convolution(input: Any, filters: Any, strides: Any = 1,  # noqa: A002
                padding: Any = "VALID", data_format: str | None = None, dilations: Any = 1,
                name: str | None = None) -> Tensor:
    """An N-d convolution (N = 1, 2 or 3) of `input` (`[batch, *spatial, in_channels]`) with
    `filters` (`[*window, in_channels, out_channels]`): each output is the sum of the window's
    inputs times the filter taps (a cross-correlation, as in TensorFlow).

    >>> convolution([[[1.0], [2.0], [3.0]]], [[[1.0]], [[1.0]]]).numpy().ravel()
    array([3., 5.], dtype=float32)
    """
    function = "ag.nn.convolution"
    with name_scope(name, "convolution"):
        x = convert_to_tensor(input)
        w = convert_to_tensor(filters, dtype_hint=x.dtype)
        if w.shape.rank is None or w.shape.rank < 3 or not w.shape.is_fully_defined():
            raise ValueError(f"{function}: filters must have a known shape [*window, "
                             f"in_channels, out_channels], got {w.shape}")
        rank = len(w.shape) - 2
        if rank == 2 and x.dtype in _OP_DTYPES and w.dtype == x.dtype:
            return _conv2d_op(x, w, strides, padding, data_format, dilations, function)
        x, channels_first = _channels_last(x, data_format, rank, function)
        if x.shape[-1] not in (None, w.shape[-2]):
            raise ValueError(f"{function}: input has {x.shape[-1]} channels but filters expect "
                             f"{w.shape[-2]}")
        ksize = known_dims(w.shape)[:rank]
        slices = _windows(x, ksize, _per_dim(strides, rank, "strides", function, channels_first),
                          _per_dim(dilations, rank, "dilations", function, channels_first),
                          padding, 0.0, function)
        letters = "hwd"[:rank]
        equation = f"n{letters}c,co->n{letters}o"
        taps = [w[offset] for offset in itertools.product(*(range(k) for k in ksize))]
        return _back(add_n([einsum(equation, s, t) for s, t in zip(slices, taps)]),
                     channels_first)


def conv1d(input: Any, filters: Any, stride: Any, padding: Any,  # noqa: A002
           data_format: str = "NWC", dilations: Any = None, name: str | None = None) -> Tensor:
    """`convolution` over one spatial dim (`[batch, width, channels]`).

    >>> conv1d([[[1.0], [2.0], [3.0]]], [[[1.0]], [[1.0]]], 1, 'VALID').numpy().ravel()
    array([3., 5.], dtype=float32)
    """
    return convolution(input, filters, stride, padding, data_format, dilations or 1,
                       name or "conv1d")


def conv2d(input: Any, filters: Any, strides: Any, padding: Any,  # noqa: A002
           data_format: str = "NHWC", dilations: Any = None, name: str | None = None) -> Tensor:
    """`convolution` over two spatial dims (`[batch, height, width, channels]`).

    >>> conv2d([[[[1.0], [2.0]]]], [[[[3.0]]]], 1, "VALID").numpy().ravel()
    array([3., 6.], dtype=float32)
    """
    return convolution(input, filters, strides, padding, data_format, dilations or 1,
                       name or "Conv2D")


def conv3d(input: Any, filters: Any, strides: Any, padding: Any,  # noqa: A002
           data_format: str = "NDHWC", dilations: Any = None, name: str | None = None) -> Tensor:
    """`convolution` over three spatial dims.

    >>> conv3d([[[[[1.0]]]]], [[[[[2.0]]]]], 1, 'VALID').numpy().ravel()
    array([2.], dtype=float32)
    """
    return convolution(input, filters, strides, padding, data_format, dilations or 1,
                       name or "Conv3D")


def depthwise_conv2d(input: Any, filter: Any, strides: Any, padding: Any,  # noqa: A002
                     data_format: str | None = None, dilations: Any = None,
                     name: str | None = None) -> Tensor:
    """Each input channel convolved with its own filters: `filter` is `[height, width,
    in_channels, multiplier]`, and output channel `c * multiplier + m` is channel `c`
    convolved with `filter[:, :, c, m]` (TensorFlow's `tf.nn.depthwise_conv2d`).

    >>> depthwise_conv2d([[[[1.0, 2.0]]]], [[[[3.0], [4.0]]]], 1, "VALID").numpy().ravel()
    array([3., 8.], dtype=float32)
    """
    function = "depthwise_conv2d"
    with name_scope(name, "depthwise"):
        x = convert_to_tensor(input)
        w = convert_to_tensor(filter, dtype_hint=x.dtype)
        if w.shape.rank != 4 or not w.shape.is_fully_defined():
            raise ValueError(f"{function}: filter must have a known shape [height, width, "
                             f"in_channels, multiplier], got {w.shape}")
        x, channels_first = _channels_last(x, data_format, 2, function)
        channels, multiplier = known_dims(w.shape)[2:]
        if x.shape[-1] not in (None, channels):
            raise ValueError(f"{function}: input has {x.shape[-1]} channels but filter expects "
                             f"{channels}")
        ksize = known_dims(w.shape)[:2]
        slices = _windows(x, ksize, _per_dim(strides, 2, "strides", function, channels_first),
                          _per_dim(dilations or 1, 2, "dilations", function, channels_first),
                          padding, 0.0, function)
        taps = [w[offset] for offset in itertools.product(*(range(k) for k in ksize))]
        # [batch, height, width, channels, 1] * [channels, multiplier] per tap
        total = add_n([multiply(expand_dims(s, -1), t) for s, t in zip(slices, taps)])
        height, width = known_dims(slices[0].shape)[1:3]
        return _back(reshape(total, [-1, height, width, channels * multiplier]),
                     channels_first)


def _pool(x: Any, ksize: Any, strides: Any, padding: str, data_format: str | None,
          rank: int, reduce: Callable[..., Tensor] | None, fill: float,
          function: str) -> Tensor:
    x = convert_to_tensor(x)
    if not x.dtype.is_floating:
        raise TypeError(f"{function} takes a floating tensor, got {x.dtype.name}")
    channels_first = _is_channels_first(x, data_format, rank, function)
    if not isinstance(padding, str):
        raise ValueError(f"{function}: padding must be 'SAME' or 'VALID', got {padding!r}")
    windows = _per_dim(ksize, rank, "ksize", function, channels_first)
    steps = _per_dim(strides, rank, "strides", function, channels_first)
    if rank == 2 and x.dtype in _OP_DTYPES and padding.upper() in ("SAME", "VALID"):
        fmt = "NCHW" if channels_first else "NHWC"
        _check_window(x, fmt, windows, steps, [1, 1], padding.upper(), [], function)
        attrs = {"ksize": _per_dim_attr(windows, fmt),
                 "strides": _per_dim_attr(steps, fmt), "padding": padding.upper(),
                 "data_format": fmt}
        return (_max_pool if reduce is not None else _avg_pool).run([x], attrs)
    x, channels_first = _channels_last(x, data_format, rank, function)
    slices = _windows(x, windows, steps, [1] * rank, padding, fill, function)
    if reduce is None:  # average over the window's elements inside the input only
        counts = _windows(ones_like(x), windows, steps, [1] * rank, padding, 0.0, function)
        return _back(divide(add_n(slices), add_n(counts)), channels_first)
    return _back(reduce(stack(slices, 0), 0), channels_first)


def max_pool(input: Any, ksize: Any, strides: Any, padding: str,  # noqa: A002
             data_format: str | None = None, name: str | None = None) -> Tensor:
    """The largest element of each window (N-d: the rank of `input` decides).

    >>> max_pool([[[1.0], [3.0], [2.0], [0.0]]], 2, 2, 'VALID').numpy().ravel()
    array([3., 2.], dtype=float32)
    """
    with name_scope(name, "MaxPool"):
        x = convert_to_tensor(input)
        rank = (x.shape.rank or 3) - 2
        return _pool(x, ksize, strides, padding, data_format, rank, reduce_max,
                     float("-inf"), "ag.nn.max_pool")


def avg_pool(input: Any, ksize: Any, strides: Any, padding: str,  # noqa: A002
             data_format: str | None = None, name: str | None = None) -> Tensor:
    """The mean of each window; with "SAME" padding, of its elements inside the input.

    >>> avg_pool([[[1.0], [3.0], [2.0], [0.0]]], 2, 2, 'VALID').numpy().ravel()
    array([2., 1.], dtype=float32)
    """
    with name_scope(name, "AvgPool"):
        x = convert_to_tensor(input)
        rank = (x.shape.rank or 3) - 2
        return _pool(x, ksize, strides, padding, data_format, rank, None, 0.0,
                     "ag.nn.avg_pool")


def max_pool1d(input: Any, ksize: Any, strides: Any, padding: str,  # noqa: A002
               data_format: str = "NWC", name: str | None = None) -> Tensor:
    """`max_pool` over `[batch, width, channels]`.

    >>> max_pool1d([[[1.0], [3.0], [2.0]]], 2, 1, 'SAME').numpy().ravel()
    array([3., 3., 2.], dtype=float32)
    """
    with name_scope(name, "MaxPool1d"):
        return _pool(input, ksize, strides, padding, data_format, 1, reduce_max,
                     float("-inf"), "ag.nn.max_pool1d")


def max_pool2d(input: Any, ksize: Any, strides: Any, padding: str,  # noqa: A002
               data_format: str = "NHWC", name: str | None = None) -> Tensor:
    """`max_pool` over `[batch, height, width, channels]`.

    >>> max_pool2d([[[[1.0], [2.0]], [[3.0], [4.0]]]], 2, 2, 'VALID').numpy().ravel()
    array([4.], dtype=float32)
    """
    with name_scope(name, "MaxPool2d"):
        return _pool(input, ksize, strides, padding, data_format, 2, reduce_max,
                     float("-inf"), "ag.nn.max_pool2d")


def avg_pool1d(input: Any, ksize: Any, strides: Any, padding: str,  # noqa: A002
               data_format: str = "NWC", name: str | None = None) -> Tensor:
    """`avg_pool` over `[batch, width, channels]`.

    >>> avg_pool1d([[[1.0], [3.0], [2.0]]], 2, 1, 'SAME').numpy().ravel()
    array([2. , 2.5, 2. ], dtype=float32)
    """
    with name_scope(name, "AvgPool1D"):
        return _pool(input, ksize, strides, padding, data_format, 1, None, 0.0,
                     "ag.nn.avg_pool1d")


def avg_pool2d(input: Any, ksize: Any, strides: Any, padding: str,  # noqa: A002
               data_format: str = "NHWC", name: str | None = None) -> Tensor:
    """`avg_pool` over `[batch, height, width, channels]`.

    >>> avg_pool2d([[[[1.0], [2.0]], [[3.0], [4.0]]]], 2, 2, 'VALID').numpy().ravel()
    array([2.5], dtype=float32)
    """
    with name_scope(name, "AvgPool2D"):
        return _pool(input, ksize, strides, padding, data_format, 2, None, 0.0,
                     "ag.nn.avg_pool2d")
