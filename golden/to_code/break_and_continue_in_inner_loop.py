"""`break` and `continue` in a loop nested in another: they leave the inner loop only."""

import autograph as ag


def f(n):
    count = 0
    for i in ag.range(n):
        j = 0
        while j < i:
            j += 1
            if j % 2 == 0:
                continue
            if j > 5:
                break
            count += j
    return count


PYTHON_ARGS = [(10,), (3,)]
TENSOR_SPECS = [(ag.int32, [])]
