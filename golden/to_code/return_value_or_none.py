"""A bare `return`, and falling off the end, return None; `return total` returns a value."""


def f(xs, stop):
    total = 0
    for x in xs:
        if x is None:
            return
        total += x
        if total > stop:
            return total


PYTHON_ARGS = [([1, 2, 3], 4), ([1, None, 3], 10), ([1, 2], 10)]
