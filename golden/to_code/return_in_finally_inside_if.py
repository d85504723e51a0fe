"""A `finally` that always returns, inside an `if`: its lowered `return` sets `retval_`, then
`ag__.finally_return(retval_)` (which lets an error of the trace go on) and the branch's
function returns its state there, discarding what the `try` raised, as Python's `return`
does. tests/autograph/test_python_meaning.py runs it on tensors, where a division by zero is an
error of the graph when it runs, which no `finally` of the trace can discard."""


def f(x):
    y = -1
    if x > 0:
        try:
            y = 10 // (x % 3)
        finally:
            return y + 100  # noqa: B012 (the point of the case)
    return y


PYTHON_ARGS = [(0,), (2,), (3,)]
