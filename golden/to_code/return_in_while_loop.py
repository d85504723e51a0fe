"""`return` inside a `while` loop: the smallest `i` whose square reaches `n`. (Python values
only for now, as in return_in_for_loop.)"""


def f(n):
    i = 1
    while i < n:
        if i * i >= n:
            return i
        i += 1
    return n


PYTHON_ARGS = [(10,), (1,), (16,)]
