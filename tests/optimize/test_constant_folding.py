"""Constant folding: ops of constants become constants, within the rules (module
runtime/exec/optimize/constant_folding.py)."""

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.exec.optimize import constant_folding
from tests.optimize.conftest import body, optimized


def _graph():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [2], name="x")
    return g, x


def test_a_product_of_constants_becomes_one_constant():
    g, x = _graph()
    with g.as_default():
        d = ag.multiply(ag.constant(2.0, name="c"), ag.constant(3.0, name="k"), name="d")
        y = ag.add(x, d, name="y")
    assert body(optimized(g, [x], [y])) == [
        "d = Const() {value=6.0, dtype=float32} : float32[]",
        "y = AddV2(x, d) : float32[2]"]


def test_folding_follows_a_chain_of_constant_ops():
    g, x = _graph()
    with g.as_default():
        c = ag.constant([1.0, 2.0])
        y = ag.add(x, ag.exp(ag.square(c) - 1.0), name="y")
    text = optimized(g, [x], [y])
    assert "= Exp(" not in text and "= Square(" not in text
    with ag.Session(graph=g) as sess:
        np.testing.assert_allclose(sess.run(y, {x: [0.0, 0.0]}), np.exp([0.0, 3.0]), rtol=1e-6)


def _shape_op(op_type, z, name):
    """A `Shape`, `Size` or `Rank` op itself, as gradients make them: ag.shape and the like
    give a constant where the static shape answers them."""
    attrs = None if op_type == "Rank" else {"out_type": ag.int32}
    return op_handle(op_type).run([z], attrs, name)


def test_shape_of_a_fully_known_shape_is_a_constant():
    g, _ = _graph()
    with g.as_default():
        z = ag.placeholder(ag.float32, [2, 5], name="z")
        s = ag.identity(_shape_op("Shape", z, "s"), name="out")
    assert "s = Const() {value=[2, 5], dtype=int32} : int32[2]" in optimized(g, [z], [s])


def test_shape_with_an_unknown_dimension_is_not_folded():
    g, _ = _graph()
    with g.as_default():
        z = ag.placeholder(ag.float32, [None, 5], name="z")
        s = ag.identity(_shape_op("Shape", z, "s"), name="out")
    assert "s = Shape(z)" in optimized(g, [z], [s])


def test_rank_of_a_known_rank_is_a_constant_though_its_dimensions_are_not():
    g, _ = _graph()
    with g.as_default():
        z = ag.placeholder(ag.float32, [None, 5], name="z")
        r = ag.identity(_shape_op("Rank", z, "r"), name="out")
    assert "r = Const() {value=2, dtype=int32} : int32[]" in optimized(g, [z], [r])


def test_rank_of_an_unknown_rank_is_not_folded():
    g, _ = _graph()
    with g.as_default():
        z = ag.placeholder(ag.float32, None, name="z")
        r = ag.identity(_shape_op("Rank", z, "r"), name="out")
    assert "r = Rank(z)" in optimized(g, [z], [r])


def test_size_of_a_fully_known_shape_is_a_constant():
    g, _ = _graph()
    with g.as_default():
        z = ag.placeholder(ag.float32, [2, 5], name="z")
        n = ag.identity(_shape_op("Size", z, "n"), name="out")
    assert "n = Const() {value=10, dtype=int32} : int32[]" in optimized(g, [z], [n])


def test_a_fetched_op_is_not_folded():
    g, _ = _graph()
    with g.as_default():
        d = ag.multiply(ag.constant(2.0), ag.constant(3.0), name="d")
    assert "d = Mul(" in optimized(g, [], [d])


def test_a_fed_constant_is_not_folded_through():
    g, _ = _graph()
    with g.as_default():
        c = ag.constant(2.0, name="c")
        y = ag.negative(c * 3.0, name="y")
    with ag.Session(graph=g) as sess:
        assert sess.run(y) == -6.0
        assert sess.run(y, {c: 5.0}) == -15.0


def test_stateful_ops_are_not_folded():
    g, _ = _graph()
    with g.as_default():
        r = ag.random.uniform([3], seed=1)
        y = ag.negative(r * 2.0, name="y")
    text = optimized(g, [], [y])
    assert "RandomUniform" in text and "Mul" in text
    with ag.Session(graph=g) as sess:
        assert not np.array_equal(sess.run(y), sess.run(y))


def test_an_op_whose_kernel_fails_fails_when_the_plan_runs_naming_its_line():
    g, _ = _graph()
    with g.as_default():
        q = ag.math.floordiv(ag.constant(1), ag.constant(0), name="q")  # fails: this line
        y = ag.negative(q, name="y")
    assert "q = FloorDiv(" in optimized(g, [], [y])
    with ag.Session(graph=g) as sess, pytest.raises(ag.errors.InvalidArgumentError,
                                                    match=r"test_constant_folding\.py:\d+: "
                                                          r"Integer division by zero"):
        sess.run(y)


def test_a_result_bigger_than_its_inputs_is_not_folded():
    g, _ = _graph()
    with g.as_default():
        z = ag.zeros([100, 100], name="z")  # 40 kB from a few bytes
        y = ag.negative(z, name="y")
    assert "z = Fill(" in optimized(g, [], [y])


def test_a_result_over_the_size_cap_is_not_folded(monkeypatch):
    monkeypatch.setattr(constant_folding, "MAX_CONSTANT_BYTES", 8)
    g, _ = _graph()
    with g.as_default():
        c = ag.constant([1.0, 2.0, 3.0])
        y = ag.negative(ag.square(c, name="sq"), name="y")
    assert "sq = Square(" in optimized(g, [], [y])


def test_folding_is_off_when_its_option_is_off():
    ag.config.optimizer.set_experimental_options({"constant_folding": False})
    g, x = _graph()
    with g.as_default():
        y = ag.add(x, ag.constant(2.0) * ag.constant(3.0), name="y")
    assert "Mul(" in optimized(g, [x], [y])


def test_folded_values_equal_the_plans_on_every_device(device):
    @ag.function
    def f(x):
        c = ag.constant([0.5, -1.5, 2.0])
        return x + ag.tanh(c) * ag.reduce_sum(ag.square(c)) + ag.cast(ag.size(x), ag.float32)

    x = ag.constant([1.0, 2.0, 3.0])
    folded = f(x).numpy()
    ag.config.optimizer.set_experimental_options({"constant_folding": False})
    np.testing.assert_array_equal(ag.function(f.python_function)(x).numpy(), folded)


def _folded(make):
    """Whether the op `make()` returns (given a name "made") was folded into a constant."""
    g = ag.Graph()
    with g.as_default():
        y = ag.identity(make(), name="y")
    return "made = Const()" in optimized(g, [], [y])


def test_a_result_bigger_than_its_inputs_is_folded_up_to_a_kilobyte():
    one = np.int8(1)
    assert _folded(lambda: ag.fill([1024], one, name="made"))
    assert not _folded(lambda: ag.fill([1025], one, name="made"))


@pytest.mark.usefixtures("every_graph")
def test_a_result_is_folded_up_to_ten_mebibytes():
    # TensorFlow's default cap; a result no bigger than its inputs.
    most = 10 * 1024 * 1024 // 4
    assert _folded(lambda: ag.negative(ag.constant(np.ones(most, np.float32)), name="made"))
    assert not _folded(
        lambda: ag.negative(ag.constant(np.ones(most + 1, np.float32)), name="made"))


def test_folding_goes_on_past_ops_it_leaves():
    g, x = _graph()
    with g.as_default():
        r = ag.random.uniform([2], seed=1, name="r")  # stateful: never folded
        a = ag.multiply(x, r, name="a")  # reads a placeholder
        b = ag.cast(ag.math.floordiv(1, ag.constant(0), name="b"), ag.float32)  # raises
        ta = ag.TensorArray(ag.float32, size=1).write(0, ag.constant(1.0))  # a list
        d = ag.multiply(ag.constant(2.0), ag.constant(3.0), name="d")
        y = ag.add(a + b + ta.stack()[0], d, name="y")
    text = optimized(g, [x], [y])
    assert "d = Const() {value=6.0" in text
    assert "b = FloorDiv(" in text and "TensorListReserve(" in text


def test_the_pass_counts_the_ops_it_folds():
    from autograph.runtime.exec.optimize.rewrite import Rewrite
    g, x = _graph()
    with g.as_default():
        d = ag.multiply(ag.constant(2.0), ag.constant(3.0))
        y = ag.add(x, ag.negative(d), name="y")
    assert constant_folding.run(Rewrite(g, [x], [y])) == 2


def test_an_op_whose_kernel_warns_is_left_to_the_plan():
    # AddV2 is not silenced: inf - inf warns (kernels/math_kernels.py says why).
    assert not _folded(lambda: ag.add(ag.constant(np.inf), ag.constant(-np.inf), name="made"))


def test_string_constants_fold():
    g = ag.Graph()
    with g.as_default():
        y = ag.identity(ag.add(ag.constant("ab"), ag.constant("cd"), name="made"), name="y")
    assert "made = Const() {value=b'abcd', dtype=string}" in optimized(g, [], [y])


def test_constants_fold_on_the_simulated_device(sim_device):
    g = ag.Graph()
    with g.as_default(), ag.device("/SIM:0"):
        filled = ag.fill([3], 2.0, name="filled")  # its dims are read on the host
        y = ag.identity(filled * ag.constant(3.0, name="c"), name="y")
    text = optimized(g, [], [y])
    assert "mul = Const() {value=[6.0, 6.0, 6.0], dtype=float32}" in text


def test_a_result_whose_static_shape_has_an_unknown_dimension_folds():
    # The product folds first; the fill's static shape is [None].
    assert _folded(lambda: ag.fill(ag.constant([2]) * 1, 1.0, name="made"))


def test_a_message_printed_alone_folds_and_still_prints_on_every_run(capsys):
    @ag.function
    def f(n):
        for _ in ag.range(n):
            ag.print("fizz")  # a StringFormat of no inputs
        return n

    f(ag.constant(2))
    f(ag.constant(1))
    assert capsys.readouterr().out == "fizz\nfizz\nfizz\n"
    plan = f.get_concrete_function(ag.constant(1))._plan
    assert "= StringFormat" not in plan.source and "= PrintV2" in plan.source


def test_a_constant_is_not_folded_into_another_constant():
    from autograph.runtime.exec.optimize.rewrite import Rewrite
    g, _ = _graph()
    with g.as_default():
        y = ag.identity(ag.constant(2.0, name="c"), name="y")  # fetched: not folded either
    assert constant_folding.run(Rewrite(g, [], [y])) == 0
