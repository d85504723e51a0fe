"""A lambda defined before a `while` loop reads a variable the loop changes, inside a tensor
`if` in the loop and after it: every read sees the current value."""

import autograph as ag


def f(n):
    i = 0
    g = lambda: i * 3  # noqa: E731 (the point of the case)
    s = 0
    while i < n:
        i += 1
        if i % 2 == 0:
            s += g()
    return s, g()


PYTHON_ARGS = [(0,), (5,)]
TENSOR_SPECS = [(ag.int32, [])]
