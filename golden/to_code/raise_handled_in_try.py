"""A `raise` under a tensor `if` inside a `try` that handles it: the number of the clause
that runs, carried by the `If` op, picks it in the `try`'s `else`."""

import autograph as ag


def f(x, limit):
    try:
        if x > limit:
            raise ValueError("too big")
        y = x * 2
    except ValueError:
        y = limit
    return y


PYTHON_ARGS = [(1, 3), (5, 3)]
TENSOR_SPECS = [(ag.int32, []), (ag.int32, [])]
