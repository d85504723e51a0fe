"""A `return` under an `if` that may not return: `do_return` guards what follows it. (On
tensors both branches of an `if` must return, so this case runs on Python values only.)"""


def f(x, y):
    if x > 0.0:
        if y > 0.0:
            return x + y
        x = x - y
    z = x * 2.0
    return z


PYTHON_ARGS = [(1.0, 2.0), (1.0, -2.0), (-1.0, 2.0)]
