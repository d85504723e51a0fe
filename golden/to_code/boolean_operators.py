"""`and`, `or` and `not`, with their short-circuit semantics kept."""

import autograph as ag


def f(a, b, c):
    if_all = a > 0 and b > 0
    any_neg = a < 0 or not c
    return if_all or any_neg


PYTHON_ARGS = [(1, 2, True), (-1, 2, True), (1, -2, False)]
TENSOR_SPECS = [(ag.float32, []), (ag.float32, []), (ag.bool, [])]
