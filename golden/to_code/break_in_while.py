"""`break` in a `while` loop: a flag set where the `break` was, tested with the condition
(first, so that the condition is not evaluated again after the `break`)."""


def f(x, limit):
    total = 0.0
    i = 0
    while i < 10:
        total += x
        if total > limit:
            break
        i += 1
    return total


PYTHON_ARGS = [(1.5, 4.0), (1.0, 100.0), (5.0, 0.0)]
# Python values only: with tensors, the `break` depends on a tensor in a loop whose test
# starts as a Python value, which TensorFlow 2.21 and autograph refuse (NotImplementedError).
