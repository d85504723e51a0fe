"""A variable assigned in a loop body only, read after the loop: undefined if the loop did
not run, so the read is `ag__.ld(last)`."""


def f(xs):
    for x in xs:
        last = x
    return last


PYTHON_ARGS = [([4, 5, 6],)]
