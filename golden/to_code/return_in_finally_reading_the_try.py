"""A `finally` that returns what the `try` assigned: it starts by taking back the values a
raising body took away (`finally_entered`, `recovered`), once, and its `return` discards the
exception, as Python's does."""

import autograph as ag


def f(x):
    y = 0
    try:
        y = x + 1
        if y > 2:
            y = y * 2
        raise ValueError("discarded")
    finally:
        return y * 10  # noqa: B012 (the point of the case)


PYTHON_ARGS = [(0,), (5,)]
TENSOR_SPECS = [(ag.int32, [])]
