"""The driver: plans are made from an optimised private copy; what users see is unchanged
(module runtime/exec/optimize/driver.py)."""

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.exec.optimize.driver import optimize


def _program(x):
    c = ag.constant([2.0, 3.0]) * ag.constant(0.5)
    a = ag.identity(x * 1.0) * c
    b = x * c
    return ag.reduce_sum(a + b) + ag.cast(ag.size(x), ag.float32)


def test_the_users_graph_is_not_changed():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [2], name="x")
        y = _program(x)
    ops, text = g.get_operations(), str(g)
    with ag.Session(graph=g) as sess:
        sess.run(y, {x: [1.0, 2.0]})
    assert g.get_operations() == ops and str(g) == text
    assert all(op.graph is g for op in ops) and all(t.graph is g for t in y.op.inputs)


def test_a_functions_graph_is_not_changed_by_calling_it():
    f = ag.function(_program)
    concrete = f.get_concrete_function(ag.TensorSpec([2], ag.float32))
    text = str(concrete.graph)
    f(ag.constant([1.0, 2.0]))
    assert str(concrete.graph) == text


def test_feeds_and_fetches_keep_their_order():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [], name="x")
        w = ag.placeholder(ag.float32, [], name="w")
        a, b = x - w, w - x
    _, feeds, fetches = optimize(g, [w, x], [b, a, b])
    assert [t.name for t in feeds] == ["w:0", "x:0"]
    assert [t.op.name for t in fetches] == ["sub_1", "sub", "sub_1"]
    with ag.Session(graph=g) as sess:
        assert sess.run([b, a, b], {w: 1.0, x: 5.0}) == [-4.0, 4.0, -4.0]


def test_a_fed_intermediate_replaces_what_computed_it():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [], name="x")
        m = x * 1.0
        y = ag.negative(m + m)
    with ag.Session(graph=g) as sess:
        assert sess.run(y, {x: 1.0}) == -2.0
        assert sess.run(y, {m: 3.0}) == -6.0


def test_an_unfed_placeholder_is_still_reported():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [], name="x")
        y = ag.negative(x * 1.0)
    with ag.Session(graph=g) as sess, pytest.raises(ag.errors.InvalidArgumentError,
                                                    match="feed a value for placeholder"):
        sess.run(y)


def test_errors_name_the_users_line():
    @ag.function
    def f(x):
        y = ag.identity(x * 1.0)
        return ag.reshape(y, [3], name="bad")  # the failing line

    with pytest.raises(ag.errors.InvalidArgumentError,
                       match=r"^\S*test_driver\.py:\d+: Cannot reshape a tensor"):
        f.get_concrete_function(ag.TensorSpec([None], ag.float32))(ag.constant([1.0, 2.0]))


def test_side_effects_run_in_order_and_every_call():
    v = ag.Variable(0.0)

    @ag.function
    def f():
        v.assign_add(1.0 * 1.0)
        first = v.read_value() * 1.0
        v.assign_add(ag.constant(2.0) * ag.constant(1.0))
        return first, v.read_value() * 1.0

    assert [t.numpy() for t in f()] == [1.0, 3.0]
    assert [t.numpy() for t in f()] == [4.0, 6.0]


def test_the_users_branch_graphs_are_not_changed_by_planning():
    @ag.function
    def f(x):
        if ag.reduce_sum(x) > 0:
            y = x * 1.0 + ag.constant(2.0) * ag.constant(3.0)
        else:
            y = ag.negative(-x)
        return y

    concrete = f.get_concrete_function(ag.TensorSpec([2], ag.float32))
    (cond,) = [op for op in concrete.graph.get_operations() if op.type == "If"]
    texts = [str(cond.attrs[b]) for b in ("then_branch", "else_branch")]
    np.testing.assert_array_equal(f(ag.constant([1.0, 2.0])).numpy(), [7.0, 8.0])
    np.testing.assert_array_equal(f(ag.constant([-1.0, -2.0])).numpy(), [-1.0, -2.0])
    assert [str(cond.attrs[b]) for b in ("then_branch", "else_branch")] == texts


def test_results_are_equal_with_every_pass_on_and_off(device):
    x = ag.constant([1.5, -2.0])
    on = ag.function(_program)(x).numpy()
    ag.config.optimizer.set_experimental_options({
        "constant_folding": False, "arithmetic_optimization": False,
        "dependency_optimization": False, "disable_model_pruning": True, "remapping": False})
    np.testing.assert_array_equal(ag.function(_program)(x).numpy(), on)


@pytest.mark.parametrize("make", [
    lambda x, c: ag.negative(x * c), lambda x, c: ag.negative(c * 2.0),
    lambda x, c: ag.negative(ag.negative(ag.negative(c))) + x,
], ids=["x*c", "c*2", "neg-neg-c"])
def test_an_op_with_control_inputs_still_runs_when_its_reader_is_simplified(make):
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [], name="x")
        v = ag.Variable(0.0, name="v")
        with ag.control_dependencies([v.assign_add(1.0)]):
            c = ag.constant(1.0, name="c")
        y = make(x, c)
    with ag.Session(graph=g) as sess:
        sess.run(v.initializer)
        sess.run(y, {x: 2.0})
        assert sess.run(v.read_value()) == 1.0
