"""A conditional expression: lazy branches, only the chosen one is evaluated."""

import autograph as ag


def f(x, y):
    return x if x > y else y


PYTHON_ARGS = [(3, 2), (1, 2), (2.5, 2.5)]
TENSOR_SPECS = [(ag.float32, []), (ag.float32, [])]
