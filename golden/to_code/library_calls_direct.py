"""NumPy and `ag.*` functions are called as written: they are never converted."""

import numpy as np

import autograph as ag


def f(x):
    scale = np.float32(np.pi)
    return ag.reduce_sum(ag.square(x)) * scale


PYTHON_ARGS = [(np.array([1.0, 2.0], np.float32),)]
TENSOR_SPECS = [(ag.float32, [2])]
