"""`while ... else` without a `break`: the `else` block always runs, after the loop."""

import autograph as ag


def f(x):
    steps = 0
    while x > 1.0:
        x = x / 2.0
        steps += 1
    else:
        steps = steps * 10
    return steps


PYTHON_ARGS = [(8.0,), (0.5,)]
TENSOR_SPECS = [(ag.float32, [])]
