"""`del y` in a loop body that does not bind `y` first: `y` travels through the loop, and the
deletion checks that it still has a value (`ag__.ld(y)`), so a second iteration raises
UnboundLocalError, as in Python (f(2)); f(0) and f(1) return 5.0."""


def f(n):
    y = 1.0
    for _ in range(n):
        del y
    y = 5.0
    return y


PYTHON_ARGS = [(0,), (1,)]
