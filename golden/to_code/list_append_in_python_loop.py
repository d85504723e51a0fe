"""A list built by `append` in a `for` over a Python list: the list becomes loop state."""


def f(words):
    lengths = []
    for word in words:
        lengths.append(len(word))
    return lengths


PYTHON_ARGS = [(["a", "bcd", ""],), ([],)]
