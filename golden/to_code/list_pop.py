"""`pop` on a local list: the list and the popped value are both assigned, so the list is
the loop's state."""


def f(digits):
    todo = list(digits)
    value = 0
    while todo:
        digit = todo.pop()
        value = value * 10 + digit
    return value


PYTHON_ARGS = [([1, 2, 3],), ([],)]
