"""A `raise` that an inner `try` handles never reaches the outer `try`'s handler: the outer
lowering leaves the inner `try`'s body to it."""

import autograph as ag


def f(a, c):
    s = a
    try:
        if c > 0:
            s += 1
        else:
            try:
                raise ValueError()
            except ValueError:
                s += 10
    except ValueError:
        s += 100
    return s


PYTHON_ARGS = [(1, 0), (1, 1)]
TENSOR_SPECS = [(ag.int32, []), (ag.int32, [])]
