"""`for ... else` with a `break`: the `else` block runs after the loop unless it broke."""

import numpy as np

import autograph as ag


def f(xs, target):
    index = 0
    for x in xs:
        if x == target:
            break
        index += 1
    else:
        index = -1
    return index


PYTHON_ARGS = [(np.array([1.0, 2.0, 3.0], np.float32), 2.0),
               (np.array([1.0, 2.0, 3.0], np.float32), 5.0)]
TENSOR_SPECS = [(ag.float32, [None]), (ag.float32, [])]
