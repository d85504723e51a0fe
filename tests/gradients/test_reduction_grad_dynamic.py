"""Gradients of reductions whose input rank or axes are known only when the graph runs (a
`placeholder` or `TensorSpec` of unknown shape, axes passed as a tensor). Expected values are
TensorFlow 2.21's answers to the same program."""

import numpy as np
import numpy.testing as npt
import pytest

import autograph as ag

X = np.array([[1.0, 5.0, 2.0], [7.0, 3.0, 7.0]], np.float32)


@ag.function(input_signature=[ag.TensorSpec(None), ag.TensorSpec([None], ag.int32)])
def _gradients(x, axes):
    with ag.GradientTape(persistent=True) as tape:
        tape.watch(x)
        results = {"sum_all": ag.reduce_sum(x * x), "max": ag.reduce_max(x, axis=axes),
                   "mean": ag.reduce_mean(x, axis=axes), "sum_last": ag.reduce_sum(x, axis=-1)}
    return {name: tape.gradient(t, x) for name, t in results.items()}


@pytest.mark.parametrize("axes, name, expected", [
    ([-1], "sum_all", [[2.0, 10.0, 4.0], [14.0, 6.0, 14.0]]),
    ([-1], "max", [[0.0, 1.0, 0.0], [0.5, 0.0, 0.5]]),
    ([-1], "mean", np.full((2, 3), 1 / 3)),
    ([-1], "sum_last", np.ones((2, 3))),
    ([0, 1], "max", [[0.0, 0.0, 0.0], [0.5, 0.0, 0.5]]),
    ([0, 1], "mean", np.full((2, 3), 1 / 6)),
])
def test_the_gradient_of_a_reduction_over_an_input_of_unknown_rank(axes, name, expected):
    found = _gradients(ag.constant(X), ag.constant(axes, ag.int32))[name]
    npt.assert_allclose(found.numpy(), expected, rtol=1e-6)


def test_a_broadcast_gradient_keeps_the_input_static_shape_when_the_batch_is_unknown():
    # summed back to x's shape through shapes known only at run time: the result still has
    # x's static shape, which a loop's gradient needs to keep its loop variables' shapes
    @ag.function(input_signature=[ag.TensorSpec([None, 3], ag.float32),
                                  ag.TensorSpec([None, 1], ag.bool)])
    def gradient(x, keep):
        with ag.GradientTape() as tape:
            tape.watch(x)
            total = ag.reduce_sum(ag.where(keep, x, 2.0 * x))
        return tape.gradient(total, x)
    assert gradient.get_concrete_function().graph.outputs[0].shape.as_list() == [None, 3]
