"""An early `return` in a branch: what follows the `if` becomes its `else` branch."""

import autograph as ag


def f(x):
    if x < 0.0:
        return 0.0
    y = x * x
    return y + 1.0


PYTHON_ARGS = [(-2.0,), (3.0,)]
TENSOR_SPECS = [(ag.float32, [])]
