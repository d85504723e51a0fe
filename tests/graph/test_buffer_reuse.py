"""Plans write an elementwise op's result into a dead input's buffer, and never into one that
is still seen: a feed, a variable, a fetch, a view, a value read later, a loop variable."""

import tracemalloc

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.exec.buffers import MIN_BYTES
from autograph.runtime.exec.executor import Plan

N = MIN_BYTES // 4 * 2  # float32 elements: twice the smallest buffer worth reusing
X = np.linspace(-3.0, 3.0, N, dtype=np.float32)


def _plans(build, device="CPU"):
    """The graph `build(x)` makes from a placeholder `x`, planned with and without reuse;
    `build` returns the fetches."""
    g = ag.Graph()
    with g.as_default(), g.device(f"/{device}:0"):
        x = ag.placeholder(ag.float32, [N], name="x")
        fetches = build(x)
    fetches = fetches if isinstance(fetches, list) else [fetches]
    return Plan(g, [x], fetches), Plan(g, [x], fetches, reuse_buffers=False)


def _line(plan, op_name):
    (line,) = [text for text in plan.source.splitlines() if text.endswith(f"# {op_name}")
               or f"# {op_name} = " in text]
    return line


def _chain(x):
    y = ag.multiply(x, 2.0, name="y")
    y = ag.add(y, 1.0, name="a")
    y = ag.multiply(y, y, name="sq")
    y = ag.abs(ag.subtract(y, 3.0, name="s"), name="abs")
    y = ag.sqrt(y, name="root")
    return ag.add(y, x, name="out")


def test_each_op_of_a_chain_writes_into_its_dead_input():
    plan, _ = _plans(_chain)
    assert "out=" not in _line(plan, "y")  # its input is the feed
    for name, donor in [("a", "y"), ("sq", "a"), ("s", "sq"), ("abs", "s"), ("root", "abs"),
                        ("out", "root")]:
        assert "out=" in _line(plan, name), f"{name} should write into {donor}'s buffer"


def test_a_chain_gives_the_non_reusing_plans_results(device):
    reusing, plain = _plans(_chain, device)
    assert "out=" in reusing.source and "out=" not in plain.source
    np.testing.assert_array_equal(reusing.run([X])[0], plain.run([X])[0])


@pytest.mark.parametrize("op", ["negative", "square", "exp", "tanh", "relu", "rsqrt", "sign"])
def test_unary_op_on_a_dead_value_gives_the_non_reusing_result(device, op):
    reusing, plain = _plans(lambda x: getattr(ag.nn if op == "relu" else ag, op)(x - 1.0),
                            device)
    assert "out=" in reusing.source
    np.testing.assert_allclose(reusing.run([X])[0], plain.run([X])[0], rtol=1e-6)


@pytest.mark.parametrize("op", ["subtract", "divide", "maximum", "minimum", "pow"])
def test_binary_op_on_dead_values_gives_the_non_reusing_result(device, op):
    reusing, plain = _plans(lambda x: getattr(ag, op)(x * 0.5, ag.abs(x) + 1.0), device)
    assert reusing.source.count("out=") == 2  # abs writes into x + 1's sum, op into x * 0.5
    np.testing.assert_allclose(reusing.run([X])[0], plain.run([X])[0], rtol=1e-6)


def test_the_reusing_plan_leaves_the_fed_array_as_it_was():
    plan, _ = _plans(lambda x: ag.negative(x, name="neg"))
    fed = X.copy()
    plan.run([fed])
    assert "out=" not in _line(plan, "neg")
    np.testing.assert_array_equal(fed, X)


def test_a_value_read_again_later_is_not_written_over():
    def build(x):
        y = ag.multiply(x, 2.0, name="y")
        first = ag.add(y, 1.0, name="first")  # y is read again below
        second = ag.multiply(y, 3.0, name="second")
        return ag.add(first, second, name="total")
    plan, plain = _plans(build)
    assert "out=" not in _line(plan, "first")
    assert "out=" in _line(plan, "second")
    np.testing.assert_array_equal(plan.run([X])[0], plain.run([X])[0])


def test_a_fetched_value_is_not_written_over():
    def build(x):
        y = ag.multiply(x, 2.0, name="y")
        return [y, ag.add(y, 1.0, name="z")]
    plan, _ = _plans(build)
    y, z = plan.run([X])
    assert "out=" not in _line(plan, "z")
    np.testing.assert_array_equal(y, X * 2)
    np.testing.assert_array_equal(z, X * 2 + 1)


@pytest.mark.parametrize("view", [
    lambda y: ag.identity(y, name="view"),
    lambda y: ag.reshape(y, [2, -1], name="view"),
    lambda y: ag.identity(y[: N // 2], name="view"),
    lambda y: ag.reduce_sum(y, axis=[], name="view"),  # the input itself, as in TensorFlow
], ids=["identity", "reshape", "slice", "sum over no axes"])
def test_a_value_seen_through_a_view_is_not_written_over(view):
    def build(x):
        y = ag.multiply(x, 2.0, name="y")
        return [view(y), ag.add(y, 1.0, name="z")]
    plan, _ = _plans(build)
    seen, z = plan.run([X])
    assert "out=" not in _line(plan, "z")
    np.testing.assert_array_equal(np.ravel(seen), (X * 2)[: np.size(seen)])
    np.testing.assert_array_equal(z, X * 2 + 1)


def test_a_value_a_branch_may_return_is_not_written_over():
    def build(x):
        y = ag.multiply(x, 2.0, name="y")
        picked = ag.cond(ag.constant(True), lambda: y, lambda: -y)
        return [picked, ag.add(y, 1.0, name="z")]
    plan, _ = _plans(build)
    picked, z = plan.run([X])
    assert "out=" not in _line(plan, "z")
    np.testing.assert_array_equal(picked, X * 2)


def test_a_value_assigned_to_a_variable_is_not_written_over():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [N], name="x")
        v = ag.Variable(np.zeros(N, np.float32))
        y = ag.multiply(x, 2.0, name="y")
        with ag.control_dependencies([v.assign(y)]):
            z = ag.add(y, 1.0, name="z")
        with ag.Session(graph=g) as sess:
            sess.run(v.initializer)
            sess.run(z, {x: X})
            np.testing.assert_array_equal(sess.run(v.read_value()), X * 2)


def test_a_variables_value_is_not_written_over():
    g = ag.Graph()
    with g.as_default():
        v = ag.Variable(np.linspace(-3.0, 3.0, N, dtype=np.float32))
        z = ag.negative(v.read_value(), name="z")
        with ag.Session(graph=g) as sess:
            sess.run(v.initializer)
            np.testing.assert_array_equal(sess.run(z), -X)
            np.testing.assert_array_equal(sess.run(v.read_value()), X)


def test_loop_variables_are_read_before_the_next_iteration_writes(device):
    def build(x):
        def body(i, y):
            doubled = y * 2.0  # y is the loop variable, read here only: never written
            return i + 1, ag.add(doubled, 1.0, name="step")  # doubled's buffer is reused
        return ag.while_loop(lambda i, y: i < 3, body, (ag.constant(0), x))[1]
    reusing, plain = _plans(build, device)
    assert reusing.source.count("out=") == 1
    np.testing.assert_allclose(reusing.run([X])[0], X * 8 + 7, rtol=1e-6)
    np.testing.assert_array_equal(reusing.run([X])[0], plain.run([X])[0])


def _batch_plans(device="CPU"):
    """A chain over a batch of unknown size, planned with and without reuse."""
    g = ag.Graph()
    with g.as_default(), g.device(f"/{device}:0"):
        x = ag.placeholder(ag.float32, [None, 256], name="x")
        y = ag.tanh(ag.multiply(x, 2.0, name="y"), name="t")
        z = ag.add(y, ag.ones([256]), name="z")
    return Plan(g, [x], [z]), Plan(g, [x], [z], reuse_buffers=False)


def test_a_batch_of_unknown_size_is_written_over_when_large_enough_at_run_time():
    plan, _ = _batch_plans()
    assert ".size >= 16384 else None)" in _line(plan, "t")
    assert ".size >= 16384 else None)" in _line(plan, "z")


@pytest.mark.parametrize("rows", [1, 128], ids=["small", "large"])
def test_a_batch_of_unknown_size_gives_the_non_reusing_result(device, rows):
    reusing, plain = _batch_plans(device)
    batch = np.linspace(-2.0, 2.0, rows * 256, dtype=np.float32).reshape(rows, 256)
    np.testing.assert_array_equal(reusing.run([batch])[0], plain.run([batch])[0])


def test_a_value_an_operand_of_unknown_shape_may_widen_is_not_written_over():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [None, 256], name="x")
        other = ag.placeholder(ag.float32, [None, 256], name="other")
        z = ag.add(ag.multiply(x, 2.0), other, name="z")  # x may have 1 row, other 128
    plan = Plan(g, [x, other], [z])
    row, rows = np.ones((1, 256), np.float32), np.ones((128, 256), np.float32)
    assert "out=" not in _line(plan, "z")
    np.testing.assert_array_equal(plan.run([row, rows])[0], np.full((128, 256), 3.0))


def test_tiny_arrays_are_not_reused():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [16], name="x")
        y = (x * 2.0) + 1.0
    assert "out=" not in Plan(g, [x], [y]).source


def test_a_functions_chain_holds_no_buffer_beyond_its_output():
    chain = ag.function(_chain)
    with ag.device("/CPU:0"):  # tracemalloc sees host memory only
        x = ag.constant(np.tile(X, 8))
        chain(x)
        tracemalloc.start()
        try:
            result = chain(x)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
    assert peak < x.numpy().nbytes * 1.25  # the output, and a few small objects
    np.testing.assert_allclose(result.numpy(), np.sqrt(np.abs((np.tile(X, 8) * 2 + 1) ** 2 - 3))
                               + np.tile(X, 8), rtol=1e-6)


def test_an_operand_of_the_same_rank_that_cannot_widen_lets_a_batch_be_written_over():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [None, 256], name="x")
        y = ag.tanh(ag.multiply(x, 2.0), name="t")
        z = ag.add(y, ag.ones([1, 256]), name="z")
    plan = Plan(g, [x], [z])
    assert ".size >= 16384 else None)" in _line(plan, "z")
    batch = np.linspace(-2.0, 2.0, 128 * 256, dtype=np.float32).reshape(128, 256)
    np.testing.assert_allclose(plan.run([batch])[0], np.tanh(batch * 2.0) + 1.0, rtol=1e-6)


def test_an_operand_of_a_wider_known_dimension_stops_a_batch_being_written_over():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [None, 16384], name="x")
        z = ag.add(ag.multiply(x, 2.0), ag.ones([2, 16384]), name="z")  # x may have 1 row
    plan = Plan(g, [x], [z])
    assert "out=" not in _line(plan, "z")
    np.testing.assert_array_equal(plan.run([np.ones((1, 16384), np.float32)])[0],
                                  np.full((2, 16384), 3.0, np.float32))


def test_a_value_of_exactly_the_smallest_reused_size_is_written_over_unchecked():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [MIN_BYTES // 4], name="x")
        z = ag.add(ag.multiply(x, 2.0, name="y"), 1.0, name="z")
    line = _line(Plan(g, [x], [z]), "z")
    assert "out=" in line and ".size" not in line


def test_a_comparison_does_not_write_its_bools_into_a_float_buffer():
    plan, plain = _plans(lambda x: ag.less(ag.multiply(x, 2.0), 3.0, name="less"))
    assert "out=" not in _line(plan, "less")
    result = plan.run([X])[0]
    assert result.dtype == np.bool_
    np.testing.assert_array_equal(result, X * 2.0 < 3.0)


def test_a_chain_of_unknown_rank_runs_without_writing_over():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, None, name="x")
        z = ag.add(ag.multiply(x, 2.0), 1.0, name="z")
    plan = Plan(g, [x], [z])
    assert "out=" not in plan.source
    np.testing.assert_array_equal(plan.run([X])[0], X * 2.0 + 1.0)
