"""`depthwise_conv2d` (composed of window slices, behind `DepthwiseConv2D`): its values against
a loop over NumPy, its gradients against central differences, and channels first."""

import numpy as np

import autograph as ag
from autograph.runtime.ops.nn.conv import depthwise_conv2d

RNG = np.random.default_rng(5)
X = RNG.normal(size=(2, 4, 5, 3))
W = RNG.normal(size=(2, 3, 3, 2))


def _loop(x, w, stride):
    """Output channel c * multiplier + m: channel c convolved with w[:, :, c, m] (VALID)."""
    kh, kw, channels, multiplier = w.shape
    rows = (x.shape[1] - kh) // stride + 1
    cols = (x.shape[2] - kw) // stride + 1
    out = np.zeros((x.shape[0], rows, cols, channels * multiplier))
    for i in range(rows):
        for j in range(cols):
            window = x[:, i * stride:i * stride + kh, j * stride:j * stride + kw, :]
            out[:, i, j, :] = np.einsum("nhwc,hwcm->ncm", window, w).reshape(x.shape[0], -1)
    return out


def test_depthwise_conv2d_matches_a_loop_over_windows():
    np.testing.assert_allclose(depthwise_conv2d(X, W, 1, "VALID").numpy(), _loop(X, W, 1),
                               rtol=1e-12)


def test_depthwise_conv2d_with_strides_matches_a_loop_over_windows():
    np.testing.assert_allclose(depthwise_conv2d(X, W, [1, 2, 2, 1], "VALID").numpy(),
                               _loop(X, W, 2), rtol=1e-12)


def test_depthwise_conv2d_channels_first_is_the_transposed_answer():
    found = depthwise_conv2d(X.transpose(0, 3, 1, 2), W, 1, "SAME", data_format="NCHW")
    np.testing.assert_allclose(found.numpy().transpose(0, 2, 3, 1),
                               depthwise_conv2d(X, W, 1, "SAME").numpy(), rtol=1e-12)


def test_depthwise_conv2d_gradients_match_central_differences():
    theoretical, numerical = ag.test.compute_gradient(
        lambda x, w: depthwise_conv2d(x, w, 1, "SAME", dilations=[1, 2]), [X[:1], W])
    for ours, differences in zip(theoretical, numerical):
        np.testing.assert_allclose(ours, differences, atol=1e-6)
