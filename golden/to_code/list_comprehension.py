"""A list comprehension assigned to a name becomes a loop that appends to that name."""


def f(xs):
    squares = [x * x for x in xs if x > 0]
    return squares


PYTHON_ARGS = [([1, -2, 3],), ([],)]
