"""A `raise` in a loop inside a `try` that handles it stops the loop as a `return` would; the
clause's copy gets the exception it names."""


def f(xs):
    total = 0
    try:
        for x in xs:
            if x < 0:
                raise ValueError("negative")
            total += x
    except ValueError as error:
        print(error)
        total = -1
    finally:
        print("done")
    return total


PYTHON_ARGS = [([1, 2, 3],), ([1, -2, 3],)]
