"""A `try` around an `if`: its body runs under `ag__.handling`, so a division by zero in a
tensor branch (raised when the graph runs) is refused while tracing, and its handler first
re-raises what a graph branch raised while being traced (`ag__.reraise_traced`), which on
Python values is the program's own exception."""


def f(x, k):
    try:
        if x > 0:
            y = 10 // k
        else:
            y = 0
    except ZeroDivisionError:
        y = -1
    return y


PYTHON_ARGS = [(1, 2), (1, 0), (-1, 0)]
