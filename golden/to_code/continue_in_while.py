"""`continue` in a `while` loop: the rest of the body moves into the `else` of its `if`."""

import autograph as ag


def f(n):
    i = 0
    odd_sum = 0
    while i < n:
        i += 1
        if i % 2 == 0:
            continue
        odd_sum += i
    return odd_sum


PYTHON_ARGS = [(7,), (0,)]
TENSOR_SPECS = [(ag.int32, [])]
