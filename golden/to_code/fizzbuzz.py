"""FizzBuzz (seed 004) with `ag.print`, which prints each time the graph runs; returns how
many plain numbers were printed."""

import autograph as ag


def f(n):
    count = 0
    for i in ag.range(1, n + 1):
        if i % 15 == 0:
            ag.print("fizzbuzz")
        elif i % 3 == 0:
            ag.print("fizz")
        elif i % 5 == 0:
            ag.print("buzz")
        else:
            ag.print(i)
            count += 1
    return count


PYTHON_ARGS = [(15,), (5,)]
TENSOR_SPECS = [(ag.int32, [])]
