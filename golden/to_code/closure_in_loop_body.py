"""A lambda in a loop body reads the loop variable of its own iteration: `i` is a parameter of
the body function, so it need not travel as the loop's state."""

import autograph as ag


def f(n):
    s = n * 0
    for i in ag.range(n):
        double = lambda: i * 2  # noqa: E731, B023 (the point of the case)
        s += double()
    return s


PYTHON_ARGS = [(0,), (4,)]
TENSOR_SPECS = [(ag.int32, [])]
