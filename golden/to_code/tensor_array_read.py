"""`squares[i]` on a TensorArray reads element `i` (`ag__.get_item`); `xs[i]`, on a name never
assigned a TensorArray, stays as it is. Text only: unconverted, `squares[i]` is a TypeError
(a TensorArray has no `[]`): `ORACLE`, the sum of squares in plain Python, gives the answers
(tests/autograph/converters/test_slices.py runs it too)."""

import autograph as ag


def f(xs):
    squares = ag.TensorArray(ag.float32, size=ag.size(xs))
    for i in ag.range(ag.size(xs)):
        squares = squares.write(i, xs[i] * xs[i])
    total = 0.0
    for i in ag.range(ag.size(xs)):
        total += squares[i]
    return total



def ORACLE(xs):  # noqa: N802 (the golden test's name for it)
    return sum(float(x) * float(x) for x in xs)


PYTHON_ARGS = [([1.0, 2.0, 3.0],), ([],)]
TENSOR_SPECS = [(ag.float32, [None])]
