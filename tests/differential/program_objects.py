"""The objects generated programs use besides `ag`: `Box` (`o.total`) and `Counter` (`with CM:`).

Plain Python, importable without autograph (`tensorflow_side` runs the programs under
TensorFlow with them).
"""


class Box:
    """A small object whose attribute holds state in generated programs (`o.total`)."""

    def __init__(self):
        self.total = 0


class Counter:
    """A context manager counting its entries and exits (`with CM:` in generated programs)."""

    def __init__(self):
        self.entered = 0
        self.exited = 0

    def __enter__(self):
        self.entered += 1
        return self

    def __exit__(self, *exc_info):
        self.exited += 1
        return False
