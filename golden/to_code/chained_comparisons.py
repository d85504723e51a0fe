"""Chained comparisons: `a < b < c` is Python's `a < b and b < c`, with `b` read once."""

import autograph as ag


def f(a, b, c):
    ordered = 0 <= a < b < c
    same = a == b == c
    return ordered or same


PYTHON_ARGS = [(1, 2, 3), (1, 3, 2), (-1, 2, 3), (2, 2, 2)]
TENSOR_SPECS = [(ag.float32, []), (ag.float32, []), (ag.float32, [])]
