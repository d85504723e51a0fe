"""`print` of a tensor becomes `ag__.print`: in a graph it prints each time the graph runs."""

import autograph as ag


def f(x):
    y = x * 2
    print("doubled:", y)
    return y


PYTHON_ARGS = [(1.5,)]
TENSOR_SPECS = [(ag.float32, [])]
