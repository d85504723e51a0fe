"""`return` in a `finally` block, under an `if`, overrides the `try`'s own `return`: both are
lowered to `retval_` assignments, the `finally`'s last (TensorFlow's early_return_test)."""

import autograph as ag


def f(x):
    try:
        return 2
    finally:
        if x > 0:
            return 1  # noqa: B012 (the point of the case)
        else:
            return 0  # noqa: B012


PYTHON_ARGS = [(0,), (1,)]
TENSOR_SPECS = [(ag.int32, [])]
