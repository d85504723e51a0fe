"""`return` inside a loop: the loop stops once `do_return` is set. Over a tensor, the graph
loop starts `retval_` as zeros of the dtype and shape the body returns."""

import numpy as np

import autograph as ag


def f(xs, threshold):
    for x in xs:
        if x > threshold:
            return x
    return -1.0


PYTHON_ARGS = [(np.array([1.0, 5.0, 7.0], np.float32), 4.0),
               (np.array([1.0, 2.0], np.float32), 4.0)]
TENSOR_SPECS = [(ag.float32, [None]), (ag.float32, [])]
