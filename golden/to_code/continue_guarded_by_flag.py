"""A `continue` under an `if` that may not continue: a flag, reset at the top of each
iteration, guards what follows that `if`."""

import autograph as ag


def f(n):
    total = 0
    for i in ag.range(n):
        if i % 3 == 0:
            if i % 2 == 0:
                continue
            total += 100
        total += i
    return total


PYTHON_ARGS = [(10,), (1,)]
TENSOR_SPECS = [(ag.int32, [])]
