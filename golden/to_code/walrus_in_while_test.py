"""A `while` whose test binds `j`: the test moves into the body, under `if not ...: break`,
so the body, a function once converted, reads the `j` of its own iteration."""


def f(n):
    i = 0
    s = 0
    while (j := i * 2) < n:
        s += j
        i += 1
    return s


PYTHON_ARGS = [(0,), (7,)]
# Python values only: with a tensor `n`, the test runs in the body and the `break` it
# becomes depends on a tensor in a Python loop, which is refused (NotImplementedError).
