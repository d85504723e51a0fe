"""`assert` with a message: a tensor condition becomes an Assert op failing with it."""

import autograph as ag


def f(x):
    assert x > 0, "x must be positive"
    return x * 2


PYTHON_ARGS = [(3.0,), (0.5,)]
TENSOR_SPECS = [(ag.float32, [])]
