"""Gradient sums in one op (module runtime/exec/optimize/gradient_sums.py, kernel
`_SumToShape` in kernels/reduction_kernels.py)."""

import numpy as np
import numpy.testing as npt
import pytest

import autograph as ag
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.exec.optimize import gradient_sums
from autograph.runtime.exec.optimize.rewrite import Rewrite
from tests.optimize.conftest import optimized


def _gradient_graph(b_shape):
    """d/dx and d/db of sum((x + b) * x) for x of shape [None, 3]."""
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [None, 3], name="x")
        b = ag.placeholder(ag.float32, b_shape, name="b")
        dx, db = ag.gradients(ag.reduce_sum((x + b) * x), [x, b])
        fetches = [ag.identity(dx), ag.identity(db)]  # a fetched op is left as it is
    return g, [x, b], fetches


def test_a_gradient_sum_over_a_batch_of_any_size_becomes_one_op(every_graph):
    text = optimized(*_gradient_graph([3]))
    assert text.count("_SumToShape") == 4  # x and b, through the add and the product
    assert "BroadcastGradientArgs" not in text


def test_the_pass_counts_the_sums_it_replaced_and_types_its_ops():
    rewrite = Rewrite(*_gradient_graph([3]))
    assert gradient_sums.run(rewrite) == 4
    fused = [op for op in rewrite.ops if op.type == "_SumToShape"]
    assert [op.attrs for op in fused] == [{"T": ag.float32, "Tshape": ag.int32}] * 4


def test_a_graph_without_gradient_sums_counts_none():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [None, 3], name="x")
        y = ag.identity(ag.reshape(x * 2.0, [-1]))
    assert gradient_sums.run(Rewrite(g, [x], [y])) == 0


def test_a_sum_over_the_other_shapes_axes_is_not_a_gradient_sum(every_graph):
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [None, 3], name="x")
        gradient = ag.placeholder(ag.float32, [None, 3], name="g")
        shape = ag.shape(x)
        _, other = op_handle("BroadcastGradientArgs").run([shape, ag.shape(gradient)])
        y = ag.reshape(ag.reduce_sum(gradient, other), shape)
        fetch = ag.identity(y)
    assert "_SumToShape" not in optimized(g, [x, gradient], [fetch])


def test_with_remapping_off_the_five_ops_stay(every_graph):
    ag.config.optimizer.set_experimental_options({"remapping": False})
    text = optimized(*_gradient_graph([3]))
    assert "_SumToShape" not in text and "BroadcastGradientArgs" in text


def test_a_fetched_shape_keeps_its_sum_unfused(every_graph):
    g, feeds, (dx, db) = _gradient_graph([3])
    shapes = [op.outputs[0] for op in g.get_operations() if op.type == "Shape"]
    text = optimized(g, feeds, [dx, db, *shapes])
    assert "_SumToShape" not in text


@pytest.mark.parametrize("b_shape", [[3], [1, 3], [], [None, 3], [None, 1]])
def test_results_are_the_same_bits_with_the_pass_on_and_off(b_shape):
    rng = np.random.default_rng(0)
    x = rng.normal(size=(5, 3)).astype(np.float32)
    x[0, :2] = [-0.0, np.nan]
    concrete = [5 if d is None else d for d in b_shape]
    b = rng.normal(size=concrete).astype(np.float32)
    results = []
    for remapping in (True, False):
        ag.config.optimizer.set_experimental_options({"remapping": remapping})
        g, (px, pb), fetches = _gradient_graph(b_shape)
        results.append([v.tobytes() for v in ag.Session(graph=g).run(fetches, {px: x, pb: b})])
    assert results[0] == results[1]


def test_the_kernel_returns_a_gradient_already_of_the_shape_as_it_is():
    gradient = ag.constant(np.arange(6.0, dtype=np.float32).reshape(2, 3))
    out = op_handle("_SumToShape").run([gradient, np.array([2, 3], np.int32)])
    npt.assert_array_equal(out.numpy(), gradient.numpy())


@pytest.mark.parametrize("shape, expected", [
    ([3], [3.0, 5.0, 7.0]), ([1, 3], [[3.0, 5.0, 7.0]]), ([2, 1], [[3.0], [12.0]]), ([], 15.0)])
def test_the_kernel_sums_over_the_axes_that_were_broadcast(shape, expected):
    gradient = ag.constant(np.arange(6.0).reshape(2, 3))  # [[0, 1, 2], [3, 4, 5]]
    out = op_handle("_SumToShape").run([gradient, np.array(shape, np.int32)])
    assert out.shape == shape
    npt.assert_array_equal(out.numpy(), expected)


def test_the_kernel_refuses_shapes_that_do_not_broadcast_in_tensorflows_words():
    with pytest.raises(InvalidArgumentError, match=r"Incompatible shapes: \[4, 3\] vs. \[2, 3\]"):
        op_handle("_SumToShape").run([ag.zeros([2, 3]), np.array([4, 3], np.int32)])
