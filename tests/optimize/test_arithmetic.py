"""Arithmetic simplification: ops that give back an input are bypassed, keeping every bit,
dtype and shape (module runtime/exec/optimize/arithmetic.py)."""

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.exec.optimize import arithmetic
from autograph.runtime.exec.optimize.rewrite import Rewrite
from tests.optimize.conftest import body, optimized


def _simplified(make, dtype=ag.float32, shape=(2,)):
    """The optimised text of `y = Neg(make(x))` (Neg, so that `make`'s op is not fetched)."""
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(dtype, None if shape is None else list(shape), name="x")
        y = ag.negative(make(x), name="y")
    return optimized(g, [x], [y])


@pytest.mark.parametrize("make", [
    lambda x: x * 1.0, lambda x: 1.0 * x, lambda x: x / 1.0, lambda x: x - 0.0,
    lambda x: x + (-0.0), lambda x: ag.negative(ag.negative(x)),
    lambda x: ag.cast(x, ag.float32), lambda x: ag.reshape(x, [2]),
], ids=["x*1", "1*x", "x/1", "x-0", "x+(-0)", "neg-neg", "cast-same", "reshape-same"])
@pytest.mark.usefixtures("every_graph")
def test_an_op_giving_back_its_float_input_is_bypassed(make):
    assert body(_simplified(make)) == ["y = Neg(x) : float32[2]"]


@pytest.mark.parametrize("make", [
    lambda x: x + 0, lambda x: 0 + x, lambda x: x - 0, lambda x: x * 1, lambda x: x // 1,
], ids=["x+0", "0+x", "x-0", "x*1", "x//1"])
def test_an_op_giving_back_its_integer_input_is_bypassed(make):
    assert body(_simplified(make, ag.int32)) == ["y = Neg(x) : int32[2]"]


def test_logical_not_twice_is_bypassed():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.bool, [2], name="x")
        y = ag.cast(ag.logical_not(ag.logical_not(x)), ag.int32, name="y")
    assert "LogicalNot" not in optimized(g, [x], [y])


def test_transpose_by_the_identity_permutation_is_bypassed():
    assert "Transpose" not in _simplified(lambda x: ag.transpose(x, [0, 1]), shape=(2, 3))


def test_float_plus_positive_zero_is_kept_because_minus_zero_plus_zero_is_plus_zero():
    assert "AddV2(x, " in _simplified(lambda x: x + 0.0)
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [1], name="x")
        y = ag.identity(x + 0.0)
    with ag.Session(graph=g) as sess:
        assert not np.signbit(sess.run(y, {x: [-0.0]}))[0]


def test_float_minus_zero_keeps_minus_zero():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [1], name="x")
        y = ag.identity(x - 0.0)
    with ag.Session(graph=g) as sess:
        assert np.signbit(sess.run(y, {x: [-0.0]}))[0]


def test_ones_that_would_broadcast_x_to_a_bigger_shape_are_kept():
    assert "Mul(x, " in _simplified(lambda x: x * ag.ones([3]), shape=(None,))


def test_ones_of_higher_rank_than_x_are_kept():
    assert "Mul(x, " in _simplified(lambda x: x * ag.ones([2, 2]), shape=(2,))


def test_ones_against_x_of_unknown_rank_are_kept():
    assert "Mul(x, " in _simplified(lambda x: x * ag.ones([2]), shape=None)


def test_ones_of_x_s_own_shape_are_bypassed():
    assert body(_simplified(lambda x: x * ag.ones([2]))) == ["y = Neg(x) : float32[2]"]


def test_complex_plus_zero_is_kept():
    assert "AddV2(x, " in _simplified(lambda x: x + ag.constant(0j, ag.complex64),
                                      dtype=ag.complex64)


def test_ones_that_broadcast_into_x_unchanged_are_bypassed():
    text = _simplified(lambda x: x * ag.ones([1, 3]), shape=(None, 2, 3))
    assert body(text) == ["y = Neg(x) : float32[?, 2, 3]"]


def test_complex_times_one_is_kept():
    assert "Mul(x, " in _simplified(lambda x: x * ag.constant(1 + 0j, ag.complex64),
                                    dtype=ag.complex64)


def test_a_fetched_op_is_kept():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [2], name="x")
        y = ag.multiply(x, 1.0, name="y")
    assert "y = Mul(x, " in optimized(g, [x], [y])


def test_simplification_is_off_when_arithmetic_optimization_is_off():
    ag.config.optimizer.set_experimental_options({"arithmetic_optimization": False})
    assert "Mul(x, " in _simplified(lambda x: x * 1.0)


@pytest.mark.parametrize("value", [-0.0, 0.0, np.inf, -np.inf, np.nan, 1e-45, -3.5])
def test_results_are_the_same_bits_with_the_pass_on_and_off(value):
    def f(x):
        return (ag.negative(-(x * 1.0)) / 1.0 - 0.0 + (-0.0)) + ag.reshape(x, [1]) * 1.0

    x = ag.constant([value])
    on = ag.function(f)(x).numpy()
    ag.config.optimizer.set_experimental_options({"arithmetic_optimization": False})
    off = ag.function(f)(x).numpy()
    assert on.tobytes() == off.tobytes()


def test_invert_twice_is_bypassed():
    assert body(_simplified(lambda x: ag.invert(ag.invert(x)), ag.int32)) == [
        "y = Neg(x) : int32[2]"]


def test_conj_twice_is_bypassed():
    assert body(_simplified(lambda x: ag.math.conj(ag.math.conj(x)), ag.complex64)) == [
        "y = Neg(x) : complex64[2]"]


@pytest.mark.usefixtures("every_graph")
def test_a_cast_op_to_the_dtype_it_has_is_bypassed():
    # ag.cast makes no op then; gradients make such Cast ops.
    cast = op_handle("Cast")
    assert body(_simplified(lambda x: cast.run([x], {"DstT": ag.float32}))) == [
        "y = Neg(x) : float32[2]"]


def test_simplification_goes_on_past_an_op_it_must_keep():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [2], name="x")
        r = ag.random.uniform([2], seed=1, name="r")  # stateful: kept as it is
        y = ag.negative(r + x * 1.0, name="y")
    assert "Mul" not in optimized(g, [x], [y])


def test_the_pass_counts_the_ops_it_bypasses():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [2], name="x")
        y = ag.negative(ag.negative(ag.negative(x * 1.0)), name="y")
    assert arithmetic.run(Rewrite(g, [x], [y])) == 2  # x * 1 and the outer Neg(Neg(.))


@pytest.mark.usefixtures("every_graph")
def test_a_cast_to_another_dtype_is_kept():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [2], name="x")
        y = ag.negative(ag.cast(x, ag.int32, name="c"), name="y")
    assert body(optimized(g, [x], [y])) == ["c = Cast(x) {DstT=int32} : int32[2]",
                                            "y = Neg(c) : int32[2]"]


def test_ones_that_widen_a_known_dimension_of_one_are_kept():
    assert "Mul(x, " in _simplified(lambda x: x * ag.ones([3]), shape=(1,))


@pytest.mark.parametrize("make", [lambda x: x + 5, lambda x: 5 + x, lambda x: x - 3,
                                  lambda x: x * 2, lambda x: x // 2],
                         ids=["x+5", "5+x", "x-3", "x*2", "x//2"])
def test_integer_ops_with_other_constants_are_kept(make):
    assert len(body(_simplified(make, ag.int32))) == 3  # the constant, the op and y


def test_a_reshape_to_another_shape_is_kept():
    text = _simplified(lambda x: ag.reshape(x, [3, 2], name="r"), shape=(2, 3))
    assert "r = Reshape(x, " in text


def test_a_reshape_of_unknown_dimensions_is_kept():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [None, None], name="x")
        shape = ag.placeholder(ag.int32, [2], name="shape")
        y = ag.negative(ag.reshape(x, shape, name="r"), name="y")
    with ag.Session(graph=g) as sess:
        result = sess.run(y, {x: np.zeros((2, 6)), shape: [3, 4]})
    assert result.shape == (3, 4)


def test_a_transpose_by_another_permutation_is_kept():
    text = _simplified(lambda x: ag.transpose(x, [1, 0], name="t"), shape=(2, 3))
    assert "t = Transpose(x, " in text


@pytest.mark.parametrize("make", [lambda x: 1.0 / x, lambda x: 0.0 - x],
                         ids=["1/x", "0-x"])
def test_a_constant_first_where_order_matters_is_kept(make):
    assert len(body(_simplified(make))) == 3  # the constant, the op and y


def test_integer_zero_minus_x_is_kept():
    assert "Sub(" in _simplified(lambda x: 0 - x, ag.int32)


def test_float_plus_an_array_of_minus_zeros_is_bypassed():
    zeros = ag.constant([-0.0, -0.0])
    assert body(_simplified(lambda x: x + zeros)) == ["y = Neg(x) : float32[2]"]


@pytest.mark.parametrize("zeros", [[0.0, 0.0], [-0.0, 0.0]], ids=["plus", "mixed"])
def test_float_plus_an_array_holding_a_plus_zero_is_kept(zeros):
    assert "AddV2(x, " in _simplified(lambda x: x + ag.constant(zeros))


def test_integer_plus_a_vector_of_zeros_is_bypassed():
    zeros = ag.constant([0, 0])
    assert body(_simplified(lambda x: x + zeros, ag.int32)) == ["y = Neg(x) : int32[2]"]


def test_integer_plus_a_vector_holding_a_one_is_kept():
    assert "AddV2(x, " in _simplified(lambda x: x + ag.constant([0, 1]), ag.int32)
