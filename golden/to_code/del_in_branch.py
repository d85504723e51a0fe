"""`del a` in a branch: `a` becomes undefined there, and reading it after the `if` raises
UnboundLocalError, as in Python, when the branch ran."""


def f(flag, x):
    a = x
    b = x + 1
    if flag:
        del a
        a = b * 2
    else:
        del b
        b = a
    return a + b


PYTHON_ARGS = [(True, 1), (False, 1)]
