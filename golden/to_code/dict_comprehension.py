"""A returned dict comprehension becomes a loop that fills a fresh dict."""


def f(names):
    return {name: len(name) for name in names}


PYTHON_ARGS = [(["ab", "c"],), ([],)]
