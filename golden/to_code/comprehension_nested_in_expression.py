"""A `sum` of a list comprehension inside an expression: its loop runs before the statement,
into `result_`, since nothing else in the statement is evaluated before it."""

import autograph as ag


def f(n):
    total = sum([i * i for i in ag.range(n)]) % 7
    return total


PYTHON_ARGS = [(0,), (4,)]
TENSOR_SPECS = [(ag.int32, [])]
