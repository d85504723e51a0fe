"""`return g()` inside a `try` whose `g` raises has not returned: the lowering sets the
`do_return` flag only after the value is computed, so the handler and what follows run."""



def g(x):
    if x > 2:
        raise ValueError("too big")
    return x * 10


def f(x, c):
    if c > 0:
        try:
            return g(x)
        except ValueError:
            pass
    return 1


PYTHON_ARGS = [(1, 1), (5, 1), (5, 0)]
