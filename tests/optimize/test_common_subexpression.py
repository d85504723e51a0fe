"""Common subexpression elimination (module runtime/exec/optimize/common_subexpression.py)."""

import numpy as np

import autograph as ag
from autograph.runtime import execute, register_kernel, register_op
from autograph.runtime.exec.optimize import common_subexpression
from autograph.runtime.exec.optimize.rewrite import Rewrite
from autograph.runtime.registry.shape_inference import unchanged
from tests.optimize.conftest import body, optimized


def _graph():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [2], name="x")
        w = ag.placeholder(ag.float32, [2], name="w")
    return g, x, w


def test_a_repeated_op_is_merged_into_the_first():
    g, x, w = _graph()
    with g.as_default():
        y = ag.add(ag.multiply(x, w, name="a"), ag.multiply(x, w, name="b"), name="y")
    assert body(optimized(g, [x, w], [y])) == [
        "a = Mul(x, w) : float32[2]", "y = AddV2(a, a) : float32[2]"]


def test_commutative_ops_merge_with_their_inputs_swapped():
    g, x, w = _graph()
    with g.as_default():
        y = ag.add(ag.multiply(x, w, name="a"), ag.multiply(w, x, name="b"), name="y")
    assert "b = " not in optimized(g, [x, w], [y])


def test_non_commutative_ops_with_swapped_inputs_stay_apart():
    g, x, w = _graph()
    with g.as_default():
        y = ag.add(ag.subtract(x, w, name="a"), ag.subtract(w, x, name="b"), name="y")
    text = optimized(g, [x, w], [y])
    assert "a = Sub(x, w)" in text and "b = Sub(w, x)" in text


def test_equal_constants_merge_but_zero_and_minus_zero_stay_apart():
    g, x, _ = _graph()
    with g.as_default():
        y = ag.identity(x * 2.0 + x * 2.0 + (x - 0.0 * x) * -0.0 * 0.0, name="y")
    text = optimized(g, [x], [y])
    assert text.count("value=2.0") == 1
    assert "value=0.0" in text and "value=-0.0" in text


def test_ops_with_different_attrs_stay_apart():
    g, x, _ = _graph()
    with g.as_default():
        y = ag.add(ag.cast(ag.cast(x, ag.int32, name="a"), ag.float32),
                   ag.cast(ag.cast(x, ag.int64, name="b"), ag.float32), name="y")
    text = optimized(g, [x], [y])
    assert "a = Cast(x) {DstT=int32" in text and "b = Cast(x) {DstT=int64" in text


def test_two_random_draws_stay_two_draws():
    g, _, _ = _graph()
    with g.as_default():
        y = ag.subtract(ag.random.uniform([4]), ag.random.uniform([4]), name="y")
    assert optimized(g, [], [y]).count("RandomUniform") == 2
    with ag.Session(graph=g) as sess:
        assert np.all(sess.run(y) != 0.0)


def test_merging_is_off_when_arithmetic_optimization_is_off():
    ag.config.optimizer.set_experimental_options({"arithmetic_optimization": False})
    g, x, w = _graph()
    with g.as_default():
        y = ag.add(ag.multiply(x, w, name="a"), ag.multiply(x, w, name="b"), name="y")
    assert "b = Mul(x, w)" in optimized(g, [x, w], [y])


def test_merged_results_equal_the_unmerged_ones():
    def f(x, w):
        return ag.reduce_sum(x * w) + ag.reduce_sum(w * x) - ag.reduce_max(x * w)

    args = ag.constant([1.5, -2.0, 3.0]), ag.constant([0.25, 4.0, -1.0])
    on = ag.function(f)(*args).numpy()
    ag.config.optimizer.set_experimental_options({"arithmetic_optimization": False})
    np.testing.assert_array_equal(ag.function(f)(*args).numpy(), on)


# An op with a float attr, as users may register: float attrs compare bit for bit.
register_op("TestScaleBy").input("x: float").output("y: float").attr("factor: float") \
    .set_shape_fn(unchanged)
register_kernel("TestScaleBy", ("CPU", "GPU"))(lambda ctx, x, factor: x * x.dtype.type(factor))


def _scaled_twice(first: float, second: float):
    g, x, _ = _graph()
    with g.as_default():
        y = ag.add(execute("TestScaleBy", [x], {"factor": first}, name="a"),
                   execute("TestScaleBy", [x], {"factor": second}, name="b"), name="y")
    return g, x, y


def test_ops_with_equal_float_attrs_merge():
    g, x, y = _scaled_twice(0.5, 0.5)
    assert body(optimized(g, [x], [y]))[-1] == "y = AddV2(a, a) : float32[2]"


def test_float_attrs_zero_and_minus_zero_stay_apart():
    g, x, y = _scaled_twice(0.0, -0.0)
    assert "b = TestScaleBy(x) {factor=-0.0}" in optimized(g, [x], [y])


def test_float_attrs_that_are_both_nan_merge():
    g, x, y = _scaled_twice(float("nan"), float("nan"))
    assert "b = " not in optimized(g, [x], [y])


def test_equal_string_constants_merge_up_to_1024_items():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.string, [None], name="x")
        joined = [ag.strings.join([x, ag.constant(["a"] * size, name=name)], name=f"{name}_out")
                  for size, name in [(1024, "c"), (1024, "d"), (1025, "e"), (1025, "f")]]
    text = optimized(g, [x], joined)
    assert "d = Const" not in text and "e = Const" in text and "f = Const" in text


def test_ops_after_one_that_cannot_be_compared_still_merge():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.string, [None], name="x")
        big = ag.strings.join([x, ag.constant(["a"] * 1025, name="big")], name="joined")
        both = ag.strings.join([ag.strings.join([x, x], name="a"),
                                ag.strings.join([x, x], name="b")], name="both")
    assert "b = " not in optimized(g, [x], [big, both])


def test_the_pass_counts_the_ops_it_merges():
    g, x, w = _graph()
    with g.as_default():
        y = ag.add_n([ag.multiply(x, w), ag.multiply(x, w), ag.multiply(x, w)], name="y")
    assert common_subexpression.run(Rewrite(g, [x, w], [y])) == 2
