"""A function calling itself: the recursive call goes through `converted_call` (Python
values only: with a tensor `n` the recursion would not end while tracing)."""


def f(n):
    result = 1
    if n > 1:
        result = n * f(n - 1)
    return result


PYTHON_ARGS = [(1,), (5,)]
