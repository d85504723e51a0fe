"""A method calling another method of its object: `self.scaled` goes through
`converted_call`, which converts it bound to the same object."""

import autograph as ag


class Scaler:
    def __init__(self, factor):
        self.factor = factor

    def scaled(self, x):
        return x * self.factor

    def apply(self, x):
        return self.scaled(x) + self.scaled(1.0)


f = Scaler(3.0).apply

PYTHON_ARGS = [(2.0,), (-1.0,)]
TENSOR_SPECS = [(ag.float32, [])]
