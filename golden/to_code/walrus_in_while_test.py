"""A `while` whose test binds `j`: the test's value goes in `test_`, assigned before the loop
and at the end of the body, so the body, a function once converted, reads the `j` of its own
iteration, and a tensor `n` makes one graph loop."""

import autograph as ag


def f(n):
    i = 0
    s = 0
    while (j := i * 2) < n:
        s += j
        i += 1
    return s


PYTHON_ARGS = [(0,), (7,)]
TENSOR_SPECS = [(ag.int32, [])]
