"""`return` inside a `while` loop: the smallest `i` whose square reaches `n`. With a tensor `n`
the graph loop starts `retval_` as an int32 zero, as in return_in_for_loop."""

import autograph as ag


def f(n):
    i = 1
    while i < n:
        if i * i >= n:
            return i
        i += 1
    return n


PYTHON_ARGS = [(10,), (1,), (16,)]
TENSOR_SPECS = [(ag.int32, [])]
