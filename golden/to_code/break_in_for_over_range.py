"""`break` in a `for` loop over `ag.range`: the flag becomes the loop's extra test."""

import autograph as ag


def f(limit, n):
    s = 0
    for i in ag.range(n):
        if s + i > limit:
            break
        s += i
    return s


PYTHON_ARGS = [(10, 8), (100, 5), (0, 3)]
TENSOR_SPECS = [(ag.int32, []), (ag.int32, [])]
