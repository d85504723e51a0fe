"""Nested `if`/`elif`/`else` chains that return: each `return` becomes an assignment, and
every path assigns, so no flag is needed."""

import autograph as ag


def f(x, y):
    if x > 0:
        if y > 0:
            return 1
        elif y < 0:
            return 4
        else:
            return 0
    elif x < 0:
        if y > 0:
            return 2
        return 3
    return 0


PYTHON_ARGS = [(1, 1), (-1, 1), (-1, -1), (1, -1), (0, 5), (1, 0)]
TENSOR_SPECS = [(ag.int32, []), (ag.int32, [])]
