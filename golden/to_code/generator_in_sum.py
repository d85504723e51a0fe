"""`sum` of a generator expression becomes a running total: over a tensor it is a graph loop
with one scalar loop variable."""

import numpy as np

import autograph as ag


def f(xs):
    total = sum(x * x for x in xs)
    return total


PYTHON_ARGS = [(np.array([1.0, 2.0, 3.0], np.float32),)]
TENSOR_SPECS = [(ag.float32, [None])]
