"""A function defined before a loop reads the loop variable: it sees the current value, as
Python's closure cell does, so the loop keeps `i` in that cell (`nonlocal`) and passes it as
state through `get_state`/`set_state` rather than as a parameter."""

import autograph as ag


def f(xs):
    i = 0

    def at():
        return i + 2
    s = 0
    for i in xs:  # noqa: B007 (a closure reads it)
        s = s * 10 + at()
    return s + at() * 100


PYTHON_ARGS = [([1, 2],), ([],), ([5, 0, 3],)]
TENSOR_SPECS = [(ag.int32, [None])]
