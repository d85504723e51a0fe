"""`return` in both branches of an `if`: one assignment in each, one `return` at the end."""

import autograph as ag


def f(x, y):
    if x > y:
        return x - y
    else:
        return y - x


PYTHON_ARGS = [(3.0, 1.0), (1.0, 3.0)]
TENSOR_SPECS = [(ag.float32, []), (ag.float32, [])]
