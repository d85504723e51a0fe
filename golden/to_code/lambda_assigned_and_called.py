"""A lambda assigned to a name and called: the call goes through `converted_call`."""

import autograph as ag


def f(x):
    square = lambda v: v * v  # noqa: E731
    return square(x) + 1


PYTHON_ARGS = [(3.0,), (-0.5,)]
TENSOR_SPECS = [(ag.float32, [])]
