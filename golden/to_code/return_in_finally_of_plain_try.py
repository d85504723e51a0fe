"""A `return` in the `finally` of a `try` left as Python goes through `ag__.finally_return`,
which discards what the program raised, as Python does, but not an error of the trace; the
`try` calls a function, which may trace a tensor `if` of its own, so the rest of it runs under
`ag__.handling(BaseException)`: a `raise` there that only the graph would run is refused while
tracing rather than discarded (tests/autograph/test_python_meaning.py runs it on tensors)."""


def halved(x):
    if x % 2:
        raise ValueError("odd")
    return x // 2


def f(x):
    y = -1
    try:
        y = halved(x)
    finally:
        return y  # noqa: B012 (the point of the case)


PYTHON_ARGS = [(4,), (3,)]
