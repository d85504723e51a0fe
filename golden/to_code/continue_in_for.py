"""`continue` in a `for` loop: `if c: continue` followed by the rest reads `if not c: rest`."""

import numpy as np

import autograph as ag


def f(xs):
    positive_sum = 0.0
    for x in xs:
        if x <= 0.0:
            continue
        positive_sum += x
    return positive_sum


PYTHON_ARGS = [(np.array([1.0, -2.0, 3.0], np.float32),), (np.array([], np.float32),)]
TENSOR_SPECS = [(ag.float32, [None])]
