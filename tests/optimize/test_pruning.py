"""Model pruning (module runtime/exec/optimize/pruning.py)."""

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.exec.optimize import pruning
from autograph.runtime.exec.optimize.rewrite import Rewrite
from tests.optimize.conftest import body, optimized


@pytest.mark.usefixtures("every_graph")
def test_stop_gradient_is_bypassed_in_plans():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [2], name="x")
        y = ag.negative(ag.stop_gradient(x), name="y")
    assert body(optimized(g, [x], [y])) == ["y = Neg(x) : float32[2]"]


def test_the_pass_counts_the_ops_it_drops():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [2], name="x")
        y = ag.negative(ag.stop_gradient(ag.stop_gradient(x)), name="y")
    assert pruning.run(Rewrite(g, [x], [y])) == 2  # both bypassed, then dropped


def test_ops_left_dead_by_other_passes_leave_the_graph():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [2], name="x")
        y = ag.negative(x * ag.constant(1.0, name="one"), name="y")
    assert "one" not in optimized(g, [x], [y])


def test_pruning_off_keeps_stop_gradient_and_dead_ops():
    ag.config.optimizer.set_experimental_options({"disable_model_pruning": True})
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [2], name="x")
        y = ag.negative(ag.stop_gradient(x) * ag.constant(1.0, name="one"), name="y")
    text = optimized(g, [x], [y])
    assert "StopGradient(x)" in text and "one = Const()" in text


def test_gradients_still_stop_at_stop_gradient():
    @ag.function
    def f(x):
        with ag.GradientTape() as tape:
            tape.watch(x)
            y = x * x + ag.stop_gradient(x * x)
        return tape.gradient(y, x)

    np.testing.assert_array_equal(f(ag.constant([3.0])).numpy(), [6.0])


def test_only_stop_gradient_is_bypassed_beside_other_ops():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [2], name="x")
        y = ag.negative(ag.stop_gradient(x) * 2.0 + 1.0, name="y")
    ops = body(optimized(g, [x], [y]))
    assert [line.split(" = ")[1].split("(")[0] for line in ops] == [
        "Const", "Mul", "Const", "AddV2", "Neg"]
    assert "Mul(x, " in ops[1] and "StopGradient" not in "".join(ops)
