"""A nested dict item and a list item updated in a loop are its state; the dict itself is
not, since the loop never rebinds `d`."""

import autograph as ag


def f(n):
    d = {"inner": {"k": n * 0}, "xs": [n * 0 + 1, 2]}
    for i in ag.range(n):
        d["inner"]["k"] = d["inner"]["k"] + i
        d["xs"][0] = d["xs"][0] * 2
    return d["inner"]["k"] + d["xs"][0]


PYTHON_ARGS = [(0,), (3,)]
TENSOR_SPECS = [(ag.int32, [])]
