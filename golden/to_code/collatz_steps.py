"""The number of Collatz steps from `n` to 1."""

import autograph as ag


def f(n):
    steps = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return steps


PYTHON_ARGS = [(6,), (1,), (27,)]
TENSOR_SPECS = [(ag.int32, [])]
