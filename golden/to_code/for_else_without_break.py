"""`for ... else` without a `break`: the `else` block always runs, after the loop."""

import autograph as ag


def f(n):
    total = 0
    for i in ag.range(n):
        total += i
    else:
        total = total * 10
    return total


PYTHON_ARGS = [(4,), (0,)]
TENSOR_SPECS = [(ag.int32, [])]
