"""`while ... else` with a `break`: the smallest divisor of `n` greater than 1."""

import autograph as ag


def f(n):
    d = 2
    while d * d <= n:
        if n % d == 0:
            break
        d += 1
    else:
        d = n
    return d


PYTHON_ARGS = [(9,), (7,), (2,), (91,)]
TENSOR_SPECS = [(ag.int32, [])]
