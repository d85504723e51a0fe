"""A `return` inside a `with` block: the rest of the function runs under `if not do_return`,
outside the block, and the context covers the converted `if` as written."""

import autograph as ag


def f(x):
    with ag.name_scope("s"):
        if x > 0:
            return x
    return -x


PYTHON_ARGS = [(3,), (-3,)]
TENSOR_SPECS = [(ag.int32, [])]
