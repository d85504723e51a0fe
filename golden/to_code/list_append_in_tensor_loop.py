"""`append` in a loop over a tensor: in a graph the list becomes a TensorArray loop variable
(after the loop it stays one: `doubled.stack()` gives a tensor, `len(doubled)` its size)."""

import numpy as np

import autograph as ag


def f(xs):
    doubled = []
    for x in xs:
        doubled.append(x * 2.0)
    return len(doubled)


PYTHON_ARGS = [(np.array([1.0, 2.0, 3.0], np.float32),), (np.array([], np.float32),)]
TENSOR_SPECS = [(ag.float32, [None])]
