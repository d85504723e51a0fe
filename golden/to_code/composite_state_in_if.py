"""Dict items and attributes assigned in both branches travel through `get_state` and
`set_state`, which a graph `if` calls; on Python values the branches change them in place."""

import autograph as ag


class Box:
    pass


def f(x):
    d = {"a": x * 0}
    box = Box()
    box.sign = x * 0
    if x > 0:
        d["a"] = x * 2
        box.sign = x * 0 + 1
    else:
        d["a"] = -x
        box.sign = x * 0 - 1
    return d["a"] + box.sign


PYTHON_ARGS = [(3,), (-3,)]
TENSOR_SPECS = [(ag.int32, [])]
