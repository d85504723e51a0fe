"""`set_loop_options` in a loop body leaves the body and becomes the loop's `opts`; the
variable named in `shape_invariants` is passed by name."""

import autograph as ag


def f(n):
    x = ag.zeros([0])
    i = 0
    while i < n:
        ag.autograph.experimental.set_loop_options(
            shape_invariants=[(x, ag.TensorShape([None]))], maximum_iterations=3)
        x = ag.concat([x, [1.0]], 0)
        i += 1
    return ag.size(x)


PYTHON_ARGS = [(0,), (2,)]  # at most 3: a Python loop has no maximum_iterations
TENSOR_SPECS = [(ag.int32, [])]
