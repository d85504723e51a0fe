"""Calls: user functions convert recursively, builtins get tensor-aware versions, library
functions are called as written."""

import numpy as np

import autograph as ag


def scale(v):
    return v * 2 if v > 0 else v


def f(x):
    y = scale(x) + ag.abs(x)
    return np.float32(1) * y + abs(x)


PYTHON_ARGS = [(3.0,), (-2.0,)]
TENSOR_SPECS = [(ag.float32, [])]
