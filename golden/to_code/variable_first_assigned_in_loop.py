"""`last` is first assigned in the loop: it starts as `Undefined`, and a graph loop takes its
dtype and shape from the body (reading it after a loop that never ran is an error)."""

import autograph as ag


def f(n):
    for i in ag.range(n):
        last = i * 2
    return last


PYTHON_ARGS = [(4,)]
TENSOR_SPECS = [(ag.int32, [])]
