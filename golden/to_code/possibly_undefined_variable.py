"""A variable defined in one branch only and read after the `if`: the read becomes
`ag__.ld(y)`, which raises UnboundLocalError naming `y` when the branch did not run (f(-1))."""


def f(x):
    if x > 0:
        y = x * 2
    return y


PYTHON_ARGS = [(3,)]
