"""Kernels of the neural-network ops, written once against `ctx.xp`.

Convolution is im2col: `sliding_window_view` gives every output position's window of the padded
input as a view, one copy lays the windows out as rows, and one matmul with the filter does the
rest. The backprops are the transposes: the filter's gradient is one matmul of the same rows
with the output gradient; the input's gradient is one (batched) matmul giving each tap's share
of every window, which `fold` adds back into place with one strided add per filter tap (a loop
over the few taps, never over pixels). Pooling reduces the same windows; its gradients fold the
same way. Max pooling over windows of a few taps works a tap at a time, one whole-array
operation per tap (`MAX_TAPS_ONE_AT_A_TIME`). Images are worked on as NHWC; an NCHW op
transposes in and out.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from autograph.kernels.common import BOTH, dims, last_axis_extremum, quiet
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.ops.nn.defs import spatial, window
from autograph.runtime.registry.kernel_registry import register_kernel

_TO_NHWC, _TO_NCHW = (0, 2, 3, 1), (0, 3, 1, 2)


def _nhwc(x: Any, data_format: str) -> Any:
    return x if data_format == "NHWC" else x.transpose(_TO_NHWC)


def _back(x: Any, data_format: str) -> Any:
    return x if data_format == "NHWC" else x.transpose(_TO_NCHW)


def _nhwc_sizes(sizes: Any, data_format: str) -> tuple[int, ...]:
    n, a, b, c = dims(sizes)
    return (n, a, b, c) if data_format == "NHWC" else (n, b, c, a)


class _Geometry:
    """Where the windows of an op lie on an NHWC input of `shape`."""

    def __init__(self, shape: tuple[int, ...], ksize: list[int], strides: Any, padding: str,
                 data_format: str, dilations: Any = (1, 1, 1, 1),
                 explicit_paddings: Any = ()):
        self.ksize = ksize
        self.strides = spatial(strides, data_format)
        self.dilations = spatial(dilations, data_format)
        pairs = [tuple(explicit_paddings[i:i + 2]) for i in range(0, len(explicit_paddings), 2)]
        explicit = spatial(pairs, data_format) if pairs else [(0, 0), (0, 0)]
        self.pads: list[tuple[int, int]] = []
        self.outputs: list[int] = []
        for size, k, s, d, pair in zip(shape[1:3], ksize, self.strides, self.dilations,
                                       explicit):
            before, after, out = window(size, k, s, d, padding, pair)
            if before is None or after is None or out is None or out < 1:
                raise InvalidArgumentError(
                    f"The window of {k} (dilation {d}) is larger than the padded input "
                    f"({size} + {before} + {after}); pad more or use a smaller window.")
            self.pads.append((before, after))
            self.outputs.append(out)
        self.shape = shape
        self.padded = tuple(size + b + a for size, (b, a) in zip(shape[1:3], self.pads))

    def windows(self, xp: Any, x: Any, fill: float = 0.0) -> Any:
        """The view `[N, OH, OW, C, KH, KW]` of every output position's window of `x`."""
        if any(self.pads[0] + self.pads[1]):
            x = xp.pad(x, ((0, 0), self.pads[0], self.pads[1], (0, 0)), constant_values=fill)
        spans = [(k - 1) * d + 1 for k, d in zip(self.ksize, self.dilations)]
        view = xp.lib.stride_tricks.sliding_window_view(x, spans, axis=(1, 2))
        (sh, sw), (dh, dw) = self.strides, self.dilations
        return view[:, ::sh, ::sw, :, ::dh, ::dw]

    def rows(self, xp: Any, x: Any) -> Any:
        """The windows as rows `[N * OH * OW, KH * KW * C]` (one copy), taps outermost."""
        patches = self.windows(xp, x).transpose(0, 1, 2, 4, 5, 3)
        n, c = self.shape[0], self.shape[3]
        return patches.reshape(n * self.outputs[0] * self.outputs[1],
                               self.ksize[0] * self.ksize[1] * c)

    def fold(self, xp: Any, taps: Any, dtype: Any) -> Any:
        """The input-shaped sum of window contributions `taps` (`[KH, KW, N, OH, OW, C]`, or a
        function of (i, j) giving tap (i, j)'s `[N, OH, OW, C]`), added tap by tap."""
        n, _, _, c = self.shape
        out = xp.zeros((n, *self.padded, c), dtype)
        (sh, sw), (dh, dw), (oh, ow) = self.strides, self.dilations, self.outputs
        tap = taps if callable(taps) else (lambda i, j: taps[i, j])
        for i in range(self.ksize[0]):
            rows = slice(i * dh, i * dh + (oh - 1) * sh + 1, sh)
            for j in range(self.ksize[1]):
                out[:, rows, j * dw:j * dw + (ow - 1) * sw + 1:sw, :] += tap(i, j)
        (top, _), (left, _) = self.pads
        return out[:, top:top + self.shape[1], left:left + self.shape[2], :]


def _conv_geometry(shape: tuple[int, ...], filter_shape: tuple[int, ...], strides: Any,
                   padding: str, explicit_paddings: Any, data_format: str,
                   dilations: Any) -> _Geometry:
    return _Geometry(shape, list(filter_shape[:2]), strides, padding, data_format, dilations,
                     explicit_paddings)


# Convolution ---------------------------------------------------------------------------------
@register_kernel("Conv2D", device=BOTH)
def conv2d(ctx, x, w, strides, padding, explicit_paddings, data_format, dilations):
    xp = ctx.xp
    x = _nhwc(x, data_format)
    g = _conv_geometry(x.shape, w.shape, strides, padding, explicit_paddings, data_format,
                       dilations)
    out = g.rows(xp, x) @ w.reshape(-1, w.shape[3])
    return _back(out.reshape(x.shape[0], *g.outputs, w.shape[3]), data_format)


@register_kernel("Conv2DBackpropInput", device=BOTH, host_memory=("input_sizes",))
def conv2d_backprop_input(ctx, input_sizes, w, dy, strides, padding, explicit_paddings,
                          data_format, dilations):
    xp = ctx.xp
    shape = _nhwc_sizes(input_sizes, data_format)
    dy = _nhwc(dy, data_format)
    g = _conv_geometry(shape, w.shape, strides, padding, explicit_paddings, data_format,
                       dilations)
    kh, kw, c, o = w.shape
    # one batched matmul: each tap's share of every window, contiguous per tap for the fold
    shares = xp.matmul(dy.reshape(-1, o), w.reshape(kh * kw, c, o).transpose(0, 2, 1))
    return _back(g.fold(xp, shares.reshape(kh, kw, *dy.shape[:3], c), dy.dtype), data_format)


@register_kernel("Conv2DBackpropFilter", device=BOTH, host_memory=("filter_sizes",))
def conv2d_backprop_filter(ctx, x, filter_sizes, dy, strides, padding, explicit_paddings,
                           data_format, dilations):
    xp = ctx.xp
    x, dy = _nhwc(x, data_format), _nhwc(dy, data_format)
    sizes = dims(filter_sizes)
    g = _conv_geometry(x.shape, sizes, strides, padding, explicit_paddings, data_format,
                       dilations)
    return (g.rows(xp, x).T @ dy.reshape(-1, sizes[3])).reshape(sizes)


# Pooling -------------------------------------------------------------------------------------
def _pool_geometry(shape: tuple[int, ...], ksize: Any, strides: Any, padding: str,
                   data_format: str) -> _Geometry:
    return _Geometry(shape, spatial(ksize, data_format), strides, padding, data_format)


MAX_TAPS_ONE_AT_A_TIME = 16
"""The most taps a max-pooling window may have for its kernels to work a tap at a time, one
whole-array operation per tap; larger windows (global pooling) are reduced as a whole. NumPy
reduces a window's few taps in an inner-loop call of their own. Float32 NHWC on x86_64, whole
windows against a tap at a time:

    input, window/stride    MaxPool           MaxPoolGrad
    64x28x28x32, 2x2/2      2.18 -> 0.99 ms   18.9 -> 5.2 ms
    64x28x28x32, 3x3/2      3.64 -> 1.87 ms   25.3 -> 9.8 ms
    64x28x28x32, 3x3/1      13.7 -> 4.8 ms    111 -> 29 ms
    32x16x16x64, 4x4/4      0.33 -> 0.22 ms   3.5 -> 1.3 ms
    32x8x8x32, 2x2/2        0.10 -> 0.05 ms   0.76 -> 0.21 ms
"""


def one_tap_at_a_time(ksize: Any) -> bool:
    """Whether max pooling's kernels work a window of `ksize` (rows, columns) a tap at a time."""
    return ksize[0] * ksize[1] <= MAX_TAPS_ONE_AT_A_TIME


def _argmax(xp: Any, g: _Geometry, x: Any) -> Any:
    """The index (in `KH * KW`, row-major) of each window's largest element: the first on ties,
    and the first NaN where there is one, as `argmax` over the window."""
    windows = g.windows(xp, x, float("-inf"))
    kh, kw = g.ksize
    if not one_tap_at_a_time(g.ksize):
        return windows.reshape(*windows.shape[:4], kh * kw).argmax(-1)
    return _first_largest(xp, windows, kh, kw,
                          nans=x.dtype.kind == "f" and bool(xp.isnan(x).any()))


def _first_largest(xp: Any, windows: Any, kh: int, kw: int, nans: bool) -> Any:
    """`_argmax` a tap at a time, as uint8 indices. Masked writes (`where`, `copyto`) cost 2 ms
    on 401 408 elements of random masks, so the index of a tap that is larger than every earlier
    one is its number times the mask, which it takes by `maximum` (later taps have larger
    numbers)."""
    best = windows[..., 0, 0].copy()
    index = xp.zeros(best.shape, xp.uint8)
    for t in range(1, kh * kw):
        tap = windows[..., t // kw, t % kw]
        larger = tap > best  # strictly: a tie keeps the earlier tap
        if nans:  # a NaN is larger than every number, and the first NaN stays
            larger |= xp.isnan(tap) & ~xp.isnan(best)
        xp.maximum(index, xp.multiply(larger, xp.uint8(t)), out=index)
        xp.maximum(best, tap, out=best)  # a NaN, once there, stays
    return index


@register_kernel("MaxPool", device=BOTH)
def max_pool(ctx, x, ksize, strides, padding, data_format):
    xp = ctx.xp
    x = _nhwc(x, data_format)
    g = _pool_geometry(x.shape, ksize, strides, padding, data_format)
    windows = g.windows(xp, x, float("-inf"))
    kh, kw = g.ksize
    if not one_tap_at_a_time(g.ksize):
        return _back(windows.max(axis=(4, 5)), data_format)
    largest = windows[..., 0, 0].copy()
    for t in range(1, kh * kw):
        xp.maximum(largest, windows[..., t // kw, t % kw], out=largest)
    return _back(largest, data_format)


@register_kernel("MaxPoolGrad", device=BOTH)
def max_pool_grad(ctx, x, y, grad, ksize, strides, padding, data_format):
    xp = ctx.xp
    x, grad = _nhwc(x, data_format), _nhwc(grad, data_format)
    g = _pool_geometry(x.shape, ksize, strides, padding, data_format)
    index, kw = _argmax(xp, g, x), g.ksize[1]
    if grad.dtype.kind in "fc" and not bool(xp.isfinite(grad).all()):
        zero = xp.zeros((), grad.dtype)  # inf * 0 is NaN: the others get 0 from a mask
        return _back(g.fold(xp, lambda i, j: xp.where(index == i * kw + j, grad, zero),
                            grad.dtype), data_format)
    # Finite gradients: times a 0/1 mask, a quarter of the time of `where` with a random mask.
    return _back(g.fold(xp, lambda i, j: grad * (index == i * kw + j), grad.dtype), data_format)


@register_kernel("MaxPoolGradGrad", device=BOTH)
def max_pool_grad_grad(ctx, x, y, grad, ksize, strides, padding, data_format):
    xp = ctx.xp
    x, grad = _nhwc(x, data_format), _nhwc(grad, data_format)
    g = _pool_geometry(x.shape, ksize, strides, padding, data_format)
    windows = g.windows(xp, grad)
    flat = windows.reshape(*windows.shape[:4], g.ksize[0] * g.ksize[1])
    picked = xp.take_along_axis(flat, _argmax(xp, g, x)[..., None], axis=-1)
    return _back(picked[..., 0], data_format)


def _counts(xp: Any, g: _Geometry, dtype: Any) -> Any:
    """`[1, OH, OW, 1]`: how many elements of each window lie inside the input."""
    per_dim = []
    for size, k, s, (before, _), out in zip(g.shape[1:3], g.ksize, g.strides, g.pads,
                                            g.outputs):
        start = np.arange(out) * s - before
        per_dim.append(np.minimum(start + k, size) - np.maximum(start, 0))
    counts = np.multiply.outer(per_dim[0], per_dim[1]).astype(dtype)
    return xp.asarray(counts[None, :, :, None])


@register_kernel("AvgPool", device=BOTH)
@quiet
def avg_pool(ctx, x, ksize, strides, padding, data_format):
    xp = ctx.xp
    x = _nhwc(x, data_format)
    g = _pool_geometry(x.shape, ksize, strides, padding, data_format)
    sums = g.windows(xp, x).sum(axis=(4, 5), dtype=x.dtype)
    return _back(sums / _counts(xp, g, x.dtype), data_format)


@register_kernel("AvgPoolGrad", device=BOTH, host_memory=("orig_input_shape",))
@quiet
def avg_pool_grad(ctx, orig_input_shape, grad, ksize, strides, padding, data_format):
    xp = ctx.xp
    grad = _nhwc(grad, data_format)
    shape = _nhwc_sizes(orig_input_shape, data_format)
    g = _pool_geometry(shape, ksize, strides, padding, data_format)
    shares = grad / _counts(xp, g, grad.dtype)
    taps = xp.broadcast_to(shares, (*g.ksize, *shares.shape))
    return _back(g.fold(xp, taps, grad.dtype), data_format)


# Losses and bias -----------------------------------------------------------------------------
def _softmax_parts(xp: Any, x: Any) -> tuple[Any, Any, Any]:
    """(x less its row maxima, their exponentials, the rows' sums of those, kept as a column):
    the loss is `log(sums) - shifted` at the labels and the gradient `exps / sums - labels`, as
    TensorFlow's kernels compute them (`exp(log_softmax)` rounds differently)."""
    shifted = x - last_axis_extremum(xp, "amax", x, True)
    exps = xp.exp(shifted)
    return shifted, exps, exps.sum(axis=-1, keepdims=True)


@register_kernel("SoftmaxCrossEntropyWithLogits", device=BOTH)
@quiet
def softmax_cross_entropy(ctx, features, labels):
    xp = ctx.xp
    features, labels = xp.broadcast_arrays(features, labels)
    if features.shape[-1] == 0:
        return xp.zeros(features.shape[:1], features.dtype), xp.zeros_like(features)
    shifted, exps, sums = _softmax_parts(xp, features)
    loss = (labels * (xp.log(sums) - shifted)).sum(axis=-1)
    return loss, xp.divide(exps, sums, out=exps) - labels


@register_kernel("SparseSoftmaxCrossEntropyWithLogits", device=BOTH)
@quiet
def sparse_softmax_cross_entropy(ctx, features, labels):
    xp = ctx.xp
    classes = features.shape[1]
    if labels.size and (int(labels.min()) < 0 or int(labels.max()) >= classes):
        host = ctx.to_host(labels)
        first = host[int(np.argmax((host < 0) | (host >= classes)))]
        raise InvalidArgumentError(
            f"Received a label value of {first} which is outside the valid range of "
            f"[0, {classes}).  Label values: {' '.join(map(str, host.tolist()))}")
    shifted, exps, sums = _softmax_parts(xp, features)
    rows = xp.arange(labels.shape[0])
    loss = xp.log(sums[:, 0]) - shifted[rows, labels]
    backprop = xp.divide(exps, sums, out=exps)
    backprop[rows, labels] -= 1
    return loss, backprop


def _bias_shape(rank: int, data_format: str) -> tuple[int, ...]:
    return (-1,) + (1,) * (rank - 2) if data_format == "NCHW" else (-1,)


@register_kernel("BiasAdd", device=BOTH)
def bias_add(ctx, value, bias, data_format):
    return value + bias.reshape(_bias_shape(value.ndim, data_format))


@register_kernel("BiasAddGrad", device=BOTH)
def bias_add_grad(ctx, grad, data_format):
    axis = 1 if data_format == "NCHW" else grad.ndim - 1
    return grad.sum(axis=tuple(a for a in range(grad.ndim) if a != axis), dtype=grad.dtype)
