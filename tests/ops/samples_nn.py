"""Samples of the neural-network ops, run by `test_op_coverage` to check shape functions against
kernels.

Convolutions and pooling get one sample per padding mode and one in NCHW; values are distinct
(no ties for the max), so that the samples also serve numerical gradient checks.
"""

import numpy as np

from tests.op_testing import OpSample


def _data(shape, seed, dtype=np.float32):
    """Distinct values in [-1, 1], the same on every platform."""
    return np.sin(np.arange(np.prod(shape)) * 0.91 + seed).reshape(shape).astype(dtype)


def _sizes(*sizes):
    return np.array(sizes, np.int32)


X = _data((2, 5, 4, 3), 1)
W = _data((3, 2, 3, 2), 2)
SAME = {"strides": [1, 2, 1, 1], "padding": "SAME"}
VALID = {"strides": [1, 1, 2, 1], "padding": "VALID", "dilations": [1, 2, 1, 1]}
EXPLICIT = {"strides": [1, 1, 1, 1], "padding": "EXPLICIT",
            "explicit_paddings": [0, 0, 1, 0, 2, 1, 0, 0]}
NCHW = {"strides": [1, 1, 1, 2], "padding": "SAME", "data_format": "NCHW"}
X_NCHW = X.transpose(0, 3, 1, 2).copy()

SAMPLES = [
    OpSample("Conv2D", [X, W], SAME),
    OpSample("Conv2D", [X.astype(np.float64), W.astype(np.float64)], VALID),
    OpSample("Conv2D", [X, W], EXPLICIT),
    OpSample("Conv2D", [X_NCHW, W], NCHW),
    OpSample("Conv2DBackpropInput", [_sizes(2, 5, 4, 3), W, _data((2, 3, 4, 2), 3)], SAME),
    OpSample("Conv2DBackpropInput", [_sizes(2, 5, 4, 3), W, _data((2, 1, 2, 2), 3)], VALID),
    OpSample("Conv2DBackpropInput", [_sizes(2, 3, 5, 4), W, _data((2, 2, 5, 2), 3)], NCHW),
    OpSample("Conv2DBackpropFilter", [X, _sizes(3, 2, 3, 2), _data((2, 3, 4, 2), 3)], SAME),
    OpSample("Conv2DBackpropFilter", [X, _sizes(3, 2, 3, 2), _data((2, 4, 6, 2), 3)],
             EXPLICIT),
]

POOL_SAME = {"ksize": [1, 3, 2, 1], "strides": [1, 2, 2, 1], "padding": "SAME"}
POOL_VALID = {"ksize": [1, 2, 2, 1], "strides": [1, 1, 2, 1], "padding": "VALID"}
POOL_NCHW = {"ksize": [1, 1, 2, 3], "strides": [1, 1, 2, 1], "padding": "SAME",
             "data_format": "NCHW"}
MAX_SAME = _data((2, 3, 2, 3), 4)  # MaxPool of X with POOL_SAME has this shape
SAMPLES += [
    OpSample("MaxPool", [X], POOL_SAME),
    OpSample("MaxPool", [X.astype(np.float64)], POOL_VALID),
    OpSample("MaxPool", [X_NCHW], POOL_NCHW),
    OpSample("MaxPoolGrad", [X, MAX_SAME, _data((2, 3, 2, 3), 5)], POOL_SAME),
    OpSample("MaxPoolGrad", [X, _data((2, 4, 2, 3), 4), _data((2, 4, 2, 3), 5)], POOL_VALID),
    OpSample("MaxPoolGradGrad", [X, MAX_SAME, _data((2, 5, 4, 3), 5)], POOL_SAME),
    OpSample("AvgPool", [X.astype(np.float16)], POOL_SAME),
    OpSample("AvgPool", [X], POOL_VALID),
    OpSample("AvgPool", [X_NCHW], POOL_NCHW),
    OpSample("AvgPoolGrad", [_sizes(2, 5, 4, 3), _data((2, 3, 2, 3), 5)], POOL_SAME),
    OpSample("AvgPoolGrad", [_sizes(2, 3, 5, 4), _data((2, 3, 3, 4), 5)], POOL_NCHW),
]

LOGITS = _data((4, 3), 6) * 3
PROBABILITIES = np.abs(_data((4, 3), 7))
PROBABILITIES /= PROBABILITIES.sum(axis=1, keepdims=True)  # backprop assumes rows summing to 1
SAMPLES += [
    OpSample("SoftmaxCrossEntropyWithLogits", [LOGITS, PROBABILITIES]),
    OpSample("SoftmaxCrossEntropyWithLogits",
             [LOGITS.astype(np.float64), np.array([[0.25, 0.5, 0.25]])]),
    OpSample("SparseSoftmaxCrossEntropyWithLogits", [LOGITS, np.array([2, 0, 1, 1], np.int32)]),
    OpSample("SparseSoftmaxCrossEntropyWithLogits", [LOGITS, np.array([0, 0, 2, 1], np.int64)]),
    OpSample("BiasAdd", [X, _data((3,), 8)]),
    OpSample("BiasAdd", [X_NCHW, _data((3,), 8)], {"data_format": "NCHW"}),
    OpSample("BiasAdd", [np.arange(6, dtype=np.int32).reshape(2, 3),
                         np.array([1, 2, 3], np.int32)]),
    OpSample("BiasAddGrad", [X]),
    OpSample("BiasAddGrad", [X_NCHW], {"data_format": "NCHW"}),
]
