"""A function defined inside the converted one is converted with it, and called through
`converted_call` like any local callable."""

import autograph as ag


def f(x, limit):
    def clip(v):
        if v > limit:
            v = limit
        return v
    return clip(x) * 2


PYTHON_ARGS = [(3.0, 2.0), (1.0, 2.0)]
TENSOR_SPECS = [(ag.float32, []), (ag.float32, [])]
