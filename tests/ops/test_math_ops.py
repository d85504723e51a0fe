"""Tests of the math ops and their front-ends against NumPy, on every available device."""

import warnings

import numpy as np
import pytest

import autograph as ag
from autograph.runtime import execute
from autograph.runtime.core.errors import InvalidArgumentError
from tests.op_testing import assert_tensor

FLOATS = [np.float16, np.float32, np.float64]
SIGNED_INTS = [np.int8, np.int16, np.int32, np.int64]
UNSIGNED = [np.uint8, np.uint16, np.uint32, np.uint64]
INTEGERS = SIGNED_INTS + UNSIGNED
SIGNED = FLOATS + SIGNED_INTS
NUMBERS = FLOATS + INTEGERS


def tensor(values, dtype=None):
    """A tensor of `values`; Python values without a dtype follow TensorFlow's rules."""
    if dtype is None:
        return ag.convert_to_tensor(values)
    return ag.convert_to_tensor(np.asarray(values, dtype=dtype))


def rtol(dtype):
    return 2e-3 if dtype == np.float16 else 1e-6


def cases(table):
    return [pytest.param(name, dtype, id=f"{name}-{np.dtype(dtype).name}")
            for name, (_, dtypes) in table.items() for dtype in dtypes]


@pytest.fixture
def no_warnings():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        yield


# Binary arithmetic -----------------------------------------------------------------------------
def _floor_div(x, y):
    return np.floor(x / y) if x.dtype.kind == "f" else np.floor_divide(x, y)


BINARY = {  # front-end -> (NumPy reference, dtypes)
    "subtract": (np.subtract, NUMBERS),
    "multiply": (np.multiply, NUMBERS),
    "floordiv": (_floor_div, NUMBERS),
    "floormod": (np.remainder, NUMBERS),
    "mod": (np.remainder, [np.int32, np.float32]),
    "pow": (np.power, SIGNED),
    "maximum": (np.maximum, NUMBERS),
    "minimum": (np.minimum, NUMBERS),
    "bitwise_and": (np.bitwise_and, INTEGERS),
    "bitwise_or": (np.bitwise_or, INTEGERS),
    "bitwise_xor": (np.bitwise_xor, INTEGERS),
}


@pytest.mark.parametrize("name, dtype", cases(BINARY))
def test_binary_op_broadcasts_like_numpy(device, name, dtype):
    signed = np.dtype(dtype).kind != "u"
    x = np.array([[5, -7, 9], [2, 4, -6]] if signed else [[5, 7, 9], [2, 4, 6]], dtype=dtype)
    y = np.array([3, 2, 1], dtype=dtype)
    result = getattr(ag, name)(tensor(x), tensor(y))
    assert_tensor(result, BINARY[name][0](x, y), dtype=ag.as_dtype(dtype), rtol=rtol(dtype))


def test_binary_op_of_python_scalars_is_a_scalar(device):
    assert_tensor(ag.subtract(5, 3), np.int32(2), dtype=ag.int32)
    assert_tensor(ag.multiply(2.5, 2.0), np.float32(5.0), dtype=ag.float32)


def test_python_scalar_takes_the_tensor_dtype(device):
    assert_tensor(ag.multiply(tensor([1, 2], np.int8), 3), [3, 6], dtype=ag.int8)
    assert_tensor(ag.maximum(2.5, tensor([1.0, 4.0], np.float64)), [2.5, 4.0], dtype=ag.float64)


@pytest.mark.parametrize("shapes", [((0,), (1,)), ((2, 0), ()), ((2, 0), (2, 1))],
                         ids=["0-by-1", "2x0-by-scalar", "2x0-by-2x1"])
def test_binary_op_of_empty_tensors_is_empty(device, shapes):
    x, y = np.ones(shapes[0], np.float32), np.ones(shapes[1], np.float32)
    assert_tensor(ag.subtract(tensor(x), tensor(y)), x - y, dtype=ag.float32)


def test_floordiv_and_floormod_floor_toward_negative_infinity(device):
    x, y = tensor([7, -7, 7, -7]), tensor([2, 2, -2, -2])
    assert_tensor(ag.floordiv(x, y), [3, -4, -4, 3], dtype=ag.int32)
    assert_tensor(ag.floormod(x, y), [1, 1, -1, -1], dtype=ag.int32)
    assert_tensor(ag.floormod([-7.5, 7.5], [2.0, -2.0]), [0.5, -0.5], dtype=ag.float32)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_float_floormod_of_an_exact_multiple_is_zero_for_either_divisor_sign(device, dtype):
    # NumPy's np.mod is the oracle: the remainder takes the divisor's sign, and an exact
    # multiple leaves 0 (never the divisor itself), also for a negative divisor.
    x = np.array([4.0, -4.0, 4.0, -4.0, 0.0, 6.0, -7.5], dtype)
    y = np.array([-2.0, -2.0, 2.0, 2.0, -3.0, -4.0, -2.5], dtype)
    assert_tensor(ag.floormod(tensor(x), tensor(y)), np.mod(x, y))


def test_float_floordiv_is_floor_of_the_quotient(device):
    assert_tensor(ag.floordiv(1.0, tensor(0.1, np.float64)), np.float64(10.0))


@pytest.mark.parametrize("name", ["floordiv", "floormod"])
@pytest.mark.parametrize("dtype", [np.int32, np.uint8])
def test_integer_division_by_zero_is_an_error(device, name, dtype):
    with pytest.raises(InvalidArgumentError, match="Integer division by zero"):
        getattr(ag, name)(tensor([4, 5], dtype), tensor([1, 0], dtype))


def test_float_division_by_zero_is_silent(device, no_warnings):
    assert_tensor(ag.floordiv([1.0, -1.0], 0.0), [np.inf, -np.inf])
    assert np.isnan(ag.floormod(1.0, 0.0).numpy())
    assert_tensor(ag.divide([1.0, -1.0], 0.0), [np.inf, -np.inf])
    assert np.isnan(ag.divide(0.0, 0.0).numpy())


@pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")
@pytest.mark.filterwarnings("ignore:invalid value encountered:RuntimeWarning")
def test_float_overflow_gives_inf_and_inf_minus_inf_gives_nan(device):
    big = tensor([3e38, np.inf], np.float32)
    assert_tensor(ag.multiply(big, big), [np.inf, np.inf])
    assert np.isnan(ag.subtract(big, big).numpy()[1])


def test_invalid_power_is_silent_nan(device, no_warnings):
    assert np.isnan(ag.pow(-8.0, 0.5).numpy())


def test_integer_to_a_negative_integer_power_is_an_error(device):
    with pytest.raises(InvalidArgumentError, match="negative integer powers"):
        ag.pow(tensor([2, 3]), tensor([1, -1]))


def test_pow_of_floats_accepts_negative_exponents(device):
    assert_tensor(ag.pow([2.0, 4.0], [-1.0, 0.5]), [0.5, 2.0], dtype=ag.float32)


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
def test_sigmoid_is_the_stable_two_sided_formula_to_the_bit(device, dtype):
    x = (np.random.default_rng(3).standard_normal(300) * 30).astype(dtype)
    x[:8] = [np.nan, np.inf, -np.inf, 0.0, -0.0, -120.0, 120.0, -700.0 if dtype == np.float64
             else -90.0]  # the last: a result below float32's normal numbers
    with np.errstate(all="ignore"):
        e = np.exp(-np.abs(x))
        want = np.where(x >= 0, 1 / (1 + e), e / (1 + e))
    got = ag.sigmoid(tensor(x)).numpy()
    assert got.dtype == want.dtype and got.tobytes() == want.tobytes()


@pytest.mark.parametrize("op, formula", [
    ("SigmoidGrad", lambda y, dy: dy * (y * (1 - y))),
    ("TanhGrad", lambda y, dy: dy * (1 - y * y))])
def test_activation_gradients_compute_in_tensorflows_order(device, op, formula):
    # TensorFlow 2.21's kernels gave these bits on all of 100 000 random float32 pairs.
    rng = np.random.default_rng(4)
    y, dy = rng.random(500).astype(np.float32), rng.standard_normal(500).astype(np.float32)
    got = execute(op, [tensor(y), tensor(dy)], {}).numpy()
    assert got.tobytes() == formula(y, dy).astype(np.float32).tobytes()


def test_sigmoid_of_a_scalar_is_a_scalar(device):
    np.testing.assert_allclose(ag.sigmoid(tensor(0.5, np.float32)).numpy(), 0.62245935)


def test_maximum_propagates_nan(device):
    assert np.isnan(ag.maximum(np.nan, 1.0).numpy())
    assert np.isnan(ag.minimum(1.0, np.nan).numpy())


@pytest.mark.parametrize("name, bad", [("pow", np.uint8), ("bitwise_and", np.float32),
                                       ("subtract", np.bool_), ("maximum", np.bool_)])
def test_binary_op_rejects_unsupported_dtype(device, name, bad):
    x = tensor([1, 0], bad)
    with pytest.raises(InvalidArgumentError, match=np.dtype(bad).name):
        getattr(ag, name)(x, x)


def test_binary_op_rejects_mixed_dtypes(device):
    with pytest.raises(InvalidArgumentError, match="float32.*never promoted"):
        ag.subtract(tensor([1, 2], np.int32), tensor([1.0, 2.0], np.float32))


def test_binary_op_rejects_shapes_that_do_not_broadcast(device):
    with pytest.raises(InvalidArgumentError, match="Incompatible shapes"):
        ag.multiply(np.ones((2, 3), np.float32), np.ones((2,), np.float32))


def test_lossy_python_scalar_is_a_type_error_eagerly(device):
    # Recorded from TensorFlow 2.21: tf.subtract(int32 tensor, 1.5) raises TypeError ("Cannot
    # convert 1.5 to EagerTensor of dtype int32"); more cases in dtype_error_cases.py.
    with pytest.raises(TypeError, match="lose information"):
        ag.subtract(tensor([1, 2]), 1.5)


def test_lossy_python_scalar_is_a_type_error_in_a_graph(device):
    # Recorded from TensorFlow 2.21: TypeError ("Expected int32 passed to parameter 'y' of op
    # 'Sub', got 1.5 of type 'float' instead").
    with ag.Graph().as_default():
        with pytest.raises(TypeError, match="lose information"):
            ag.subtract(ag.placeholder(ag.int32, [2]), 1.5)


def test_add_refuses_a_lossy_python_scalar_as_a_dtype_mismatch(device):
    # Recorded from TensorFlow 2.21: tf.add(int32 tensor, 1.5) raises InvalidArgumentError
    # ("cannot compute AddV2 as input #1(zero-based) was expected to be a int32 tensor but is
    # a float tensor"): tf.add converts y with x's dtype as a hint only.
    with pytest.raises(InvalidArgumentError, match="float32"):
        ag.add(tensor([1, 2]), 1.5)


# True division ---------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype, result", [
    (np.int8, ag.float32), (np.uint8, ag.float32), (np.int16, ag.float32),
    (np.uint16, ag.float32), (np.int32, ag.float64), (np.uint32, ag.float64),
    (np.int64, ag.float64), (np.uint64, ag.float64), (np.float16, ag.float16),
    (np.float32, ag.float32), (np.float64, ag.float64)])
def test_truediv_casts_integers_to_floats_like_tensorflow(device, dtype, result):
    quotient = ag.truediv(tensor([1, 3, 6], dtype), tensor([2, 2, 4], dtype))
    assert_tensor(quotient, [0.5, 1.5, 1.5], dtype=result)


def test_divide_is_truediv(device):
    assert_tensor(ag.divide(tensor([1, 2]), 4), [0.25, 0.5], dtype=ag.float64)
    assert_tensor(ag.divide(3, 2), np.float64(1.5), dtype=ag.float64)


def test_truediv_python_value_takes_the_tensor_dtype(device):
    assert_tensor(ag.truediv(1, tensor([2.0, 4.0], np.float64)), [0.5, 0.25], dtype=ag.float64)


def test_truediv_rejects_mixed_dtypes(device):
    with pytest.raises(TypeError, match="same dtype, got int32 and float32"):
        ag.truediv(tensor([1]), tensor([1.0], np.float32))


def test_truediv_rejects_bool(device):
    with pytest.raises(InvalidArgumentError, match="bool"):
        ag.truediv(True, False)


# Comparisons and logic -------------------------------------------------------------------------
COMPARISONS = {
    "equal": (np.equal, NUMBERS), "not_equal": (np.not_equal, NUMBERS),
    "less": (np.less, NUMBERS), "less_equal": (np.less_equal, NUMBERS),
    "greater": (np.greater, NUMBERS), "greater_equal": (np.greater_equal, NUMBERS),
}


@pytest.mark.parametrize("name, dtype", cases(COMPARISONS))
def test_comparison_gives_bools(device, name, dtype):
    x = np.array([[1, 2, 3], [3, 2, 1]], dtype=dtype)
    y = np.array([2, 2, 2], dtype=dtype)
    assert_tensor(getattr(ag, name)(tensor(x), tensor(y)), COMPARISONS[name][0](x, y),
                  dtype=ag.bool)


def test_equal_compares_bools_and_strings(device):
    assert_tensor(ag.equal([True, False], True), [True, False], dtype=ag.bool)
    assert_tensor(ag.equal(["a", "b"], "b"), [False, True], dtype=ag.bool)
    assert_tensor(ag.not_equal(["a", "b"], ["a", "c"]), [False, True], dtype=ag.bool)


def test_comparison_with_nan_is_false(device):
    assert not ag.equal(np.nan, np.nan).numpy()
    assert ag.not_equal(np.nan, np.nan).numpy()
    assert not ag.less(np.nan, 1.0).numpy()


def test_equal_rejects_shapes_that_do_not_broadcast(device):
    with pytest.raises(InvalidArgumentError, match="Incompatible shapes"):
        ag.equal([1, 2, 3], [1, 2])


@pytest.mark.parametrize("bad", [np.bool_, object])
def test_ordering_rejects_bools_and_strings(device, bad):
    x = tensor([True] if bad is np.bool_ else [b"a"], bad)
    with pytest.raises(InvalidArgumentError, match="bool" if bad is np.bool_ else "string"):
        ag.less(x, x)


def test_logical_ops_follow_truth_tables(device):
    x, y = [True, True, False, False], [True, False, True, False]
    assert_tensor(ag.logical_and(x, y), [True, False, False, False], dtype=ag.bool)
    assert_tensor(ag.logical_or(x, y), [True, True, True, False], dtype=ag.bool)
    assert_tensor(ag.logical_xor(x, y), [False, True, True, False], dtype=ag.bool)
    assert_tensor(ag.logical_not(x), [False, False, True, True], dtype=ag.bool)


def test_logical_ops_broadcast(device):
    assert_tensor(ag.logical_and([[True], [False]], [True, False]),
                  [[True, False], [False, False]])


def test_logical_op_rejects_numbers(device):
    with pytest.raises(InvalidArgumentError, match="float32"):
        ag.logical_and(tensor([1.0], np.float32), True)


@pytest.mark.parametrize("dtype", INTEGERS)
def test_invert_flips_every_bit(device, dtype):
    x = np.array([0, 5, 127], dtype=dtype)
    assert_tensor(ag.invert(tensor(x)), np.invert(x), dtype=ag.as_dtype(dtype))


# Unary maths -----------------------------------------------------------------------------------
def _sigmoid(x):
    return 1 / (1 + np.exp(-x.astype(np.float64)))


UNARY = {  # front-end -> (NumPy reference, dtypes)
    "negative": (np.negative, SIGNED), "abs": (np.abs, SIGNED), "sign": (np.sign, SIGNED),
    "square": (np.square, SIGNED), "round": (np.round, SIGNED),
    "relu": (lambda x: np.maximum(x, 0), NUMBERS),
    "sqrt": (np.sqrt, FLOATS), "rsqrt": (lambda x: 1 / np.sqrt(x), FLOATS),
    "exp": (np.exp, FLOATS), "log": (np.log, FLOATS), "log1p": (np.log1p, FLOATS),
    "sin": (np.sin, FLOATS), "cos": (np.cos, FLOATS), "tanh": (np.tanh, FLOATS),
    "sigmoid": (_sigmoid, FLOATS), "floor": (np.floor, FLOATS), "ceil": (np.ceil, FLOATS),
}
POSITIVE_ONLY = {"sqrt", "rsqrt", "log", "log1p"}


@pytest.mark.parametrize("name, dtype", cases(UNARY))
def test_unary_op_matches_numpy(device, name, dtype):
    if name in POSITIVE_ONLY:
        values = [[0.25, 1.0, 4.0], [9.0, 2.5, 100.0]]
    elif np.dtype(dtype).kind == "f":
        values = [[-2.5, -0.5, 0.0], [0.5, 1.5, 3.0]]
    else:
        values = [[-3, -1, 0], [2, 5, 7]] if np.dtype(dtype).kind == "i" else [[0, 1, 2], [3, 4, 9]]
    x = np.array(values, dtype=dtype)
    expected = UNARY[name][0](x).astype(dtype)
    assert_tensor(getattr(ag, name)(tensor(x)), expected, dtype=ag.as_dtype(dtype),
                  rtol=rtol(dtype))


@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary_op_keeps_scalar_and_empty_shapes(device, name):
    assert getattr(ag, name)(tensor(4.0, np.float32)).shape == ()
    assert getattr(ag, name)(tensor(np.ones((2, 0)), np.float32)).shape == (2, 0)


def test_round_sends_halves_to_even(device):
    assert_tensor(ag.round([0.5, 1.5, 2.5, -0.5, -1.5, 2.6]), [0.0, 2.0, 2.0, -0.0, -2.0, 3.0])
    assert_tensor(ag.round(tensor([-3, 4], np.int64)), [-3, 4], dtype=ag.int64)


def test_sigmoid_saturates_without_overflow(device, no_warnings):
    result = ag.sigmoid(tensor([-100.0, -20.0, 20.0, 100.0], np.float32))
    # atol: a GPU may flush exp(-100), a subnormal float32, to zero
    np.testing.assert_allclose(result.numpy(), _sigmoid(np.array([-100, -20, 20, 100.0])),
                               rtol=1e-6, atol=np.finfo(np.float32).tiny)


def test_nan_producing_unary_ops_are_silent(device, no_warnings):
    assert np.isnan(ag.sqrt(-1.0).numpy())
    assert ag.log(0.0).numpy() == -np.inf
    assert ag.log1p(-1.0).numpy() == -np.inf
    assert ag.exp(1000.0).numpy() == np.inf
    assert np.isnan(ag.cos(np.inf).numpy())


@pytest.mark.parametrize("dtype", FLOATS)
def test_is_nan_and_is_finite_classify_floats(device, dtype):
    x = tensor([1.0, np.nan, np.inf, -np.inf], dtype)
    assert_tensor(ag.is_nan(x), [False, True, False, False], dtype=ag.bool)
    assert_tensor(ag.is_finite(x), [True, False, False, False], dtype=ag.bool)


@pytest.mark.parametrize("name, bad", [("sqrt", np.int32), ("exp", np.int64),
                                       ("floor", np.int32), ("abs", np.uint8),
                                       ("negative", np.uint32), ("is_nan", np.int32),
                                       ("invert", np.float32), ("relu", np.bool_)])
def test_unary_op_rejects_unsupported_dtype(device, name, bad):
    with pytest.raises(InvalidArgumentError, match=f"does not support dtype {np.dtype(bad).name}"):
        getattr(ag, name)(tensor([1], bad))


# clip_by_value and add_n -----------------------------------------------------------------------
@pytest.mark.parametrize("dtype", [np.float32, np.int32, np.uint8])
def test_clip_by_value_with_scalar_bounds(device, dtype):
    x = np.array([[0, 3, 9], [4, 7, 1]], dtype=dtype)
    result = ag.clip_by_value(tensor(x), 2, 6)
    assert_tensor(result, np.clip(x, 2, 6), dtype=ag.as_dtype(dtype))


def test_clip_by_value_with_broadcast_bounds(device):
    x = np.array([[0.0, 3.0, 9.0], [4.0, 7.0, 1.0]], np.float32)
    lo, hi = np.array([1.0, 2.0, 0.0], np.float32), np.array([[2.0], [6.0]], np.float32)
    assert_tensor(ag.clip_by_value(x, lo, hi), np.clip(x, lo, hi))


def test_clip_by_value_prefers_the_minimum_when_bounds_cross(device):
    assert_tensor(ag.clip_by_value([0.0, 5.0], 3.0, 1.0), [3.0, 3.0])


def test_clip_by_value_rejects_bounds_that_would_grow_t(device):
    with pytest.raises(InvalidArgumentError, match="clip_value_min of shape \\(2, 3\\)"):
        ag.clip_by_value(np.ones((3,), np.float32), np.zeros((2, 3), np.float32), 1.0)


@pytest.mark.parametrize("dtype", [np.float16, np.int32, np.uint64])
def test_add_n_sums_a_list(device, dtype):
    xs = [np.arange(6, dtype=dtype).reshape(2, 3) * k for k in (1, 2, 3)]
    assert_tensor(ag.add_n([tensor(x) for x in xs]), xs[0] + xs[1] + xs[2],
                  dtype=ag.as_dtype(dtype))


def test_add_n_adds_in_order_and_leaves_its_inputs_alone(device):
    xs = [np.float32([1e8, 0.5]), np.float32([1.0, 0.25]), np.float32([-1e8, 0.125])]
    tensors = [tensor(x) for x in xs]
    assert_tensor(ag.add_n(tensors), (xs[0] + xs[1]) + xs[2])  # 0, not 1: the order shows
    for t, x in zip(tensors, xs):
        assert_tensor(t, x)


def test_add_n_of_scalars_is_a_scalar(device):
    assert_tensor(ag.add_n([tensor(1.5, np.float32), tensor(2.0, np.float32)]), 3.5)


def test_add_n_of_one_tensor_gives_its_values(device):
    x = tensor([1.0, 2.0], np.float32)
    assert_tensor(ag.add_n([x]), [1.0, 2.0])
    assert_tensor(x, [1.0, 2.0])


def test_add_n_does_not_broadcast(device):
    with pytest.raises(InvalidArgumentError, match="inputs of one shape"):
        ag.add_n([np.ones((2, 3), np.float32), np.ones((3,), np.float32)])


def test_add_n_rejects_mixed_dtypes(device):
    with pytest.raises(InvalidArgumentError, match="int32"):
        ag.add_n([tensor([1.0], np.float32), tensor([1], np.int32)])


def test_add_n_rejects_an_empty_list():
    with pytest.raises(ValueError, match="non-empty list"):
        ag.add_n([])


# Reductions ------------------------------------------------------------------------------------
def _mean_truncated(x, axis=None, keepdims=False):
    if x.dtype.kind == "f":
        return np.mean(x, axis=axis, keepdims=keepdims).astype(x.dtype)
    return np.trunc(np.mean(x, axis=axis, keepdims=keepdims)).astype(x.dtype)


REDUCTIONS = {
    "reduce_sum": (np.sum, [np.float16, np.float32, np.int32, np.uint8, np.int64]),
    "reduce_prod": (np.prod, [np.float32, np.float64, np.int32, np.uint16]),
    "reduce_mean": (_mean_truncated, [np.float16, np.float32, np.int32, np.int8, np.uint8]),
    "reduce_max": (np.max, [np.float32, np.float64, np.int16, np.uint32]),
    "reduce_min": (np.min, [np.float32, np.int32, np.int8, np.uint64]),
}
AXES = [None, 0, 1, -1, [0, 1], (1,), [-1, 1], []]


@pytest.mark.parametrize("keepdims", [False, True])
@pytest.mark.parametrize("axis", AXES, ids=str)
@pytest.mark.parametrize("name, dtype", cases(REDUCTIONS))
def test_reduction_matches_numpy(device, name, dtype, axis, keepdims):
    x = np.array([[1, -2, 3], [4, 5, -7]] if np.dtype(dtype).kind != "u" else
                 [[1, 2, 3], [4, 5, 7]], dtype=dtype)
    np_axis = tuple(sorted({a % 2 for a in axis})) if isinstance(axis, (list, tuple)) else axis
    expected = REDUCTIONS[name][0](x, axis=np_axis, keepdims=keepdims).astype(dtype)
    result = getattr(ag, name)(tensor(x), axis=axis, keepdims=keepdims)
    assert_tensor(result, expected, dtype=ag.as_dtype(dtype), rtol=rtol(dtype))


@pytest.mark.parametrize("name, expected", [("reduce_any", [True, False]),
                                            ("reduce_all", [False, False])])
def test_logical_reductions(device, name, expected):
    x = [[True, False, True], [False, False, False]]
    assert_tensor(getattr(ag, name)(x, axis=1), expected, dtype=ag.bool)
    assert_tensor(getattr(ag, name)(x, axis=[0, 1], keepdims=True), [[expected[0]]])


def test_reduction_accepts_an_int64_axis_tensor(device):
    axis = tensor([1], np.int64)
    assert_tensor(ag.reduce_sum([[1, 2], [3, 4]], axis=axis), [3, 7], dtype=ag.int32)


def test_integer_mean_truncates_toward_zero(device):
    assert_tensor(ag.reduce_mean(tensor([-3, -4], np.int32)), np.int32(-3))
    assert_tensor(ag.reduce_mean(tensor([3, 4], np.int32)), np.int32(3))


@pytest.mark.parametrize("values, dtype, total", [([2**30, 1], np.int32, 1073741825),
                                                  ([2**60, 1], np.int64, 1152921504606846977)])
def test_integer_sums_are_exact_beyond_a_floats_precision(device, values, dtype, total):
    # TensorFlow 2.21 gives these sums, eagerly and (here, by the plan's kernel) in a function.
    summed = ag.function(lambda x: ag.reduce_sum(x, axis=0))
    for result in (ag.reduce_sum(tensor(values, dtype), axis=0), summed(tensor(values, dtype))):
        assert_tensor(result, dtype(total))


@pytest.mark.parametrize("shape, axis, expected_shape", [((2, 0), 1, (2, 1)),
                                                         ((2, 0, 3), [0, 1], (1, 1, 3))])
def test_an_integer_mean_over_an_empty_axis_keeps_dims_as_tensorflow(device, shape, axis,
                                                                     expected_shape):
    result = ag.reduce_mean(tensor(np.zeros(shape), np.int32), axis=axis, keepdims=True)
    assert_tensor(result, np.zeros(expected_shape, np.int32))


def test_reductions_in_a_function_over_an_axis_given_as_a_tensor():
    @ag.function
    def f(x, axis):
        return (ag.reduce_sum(x, axis=axis), ag.reduce_prod(x, axis=axis),
                ag.reduce_mean(x, axis=axis))
    x = tensor([[1.0, 2.0], [3.0, 4.0]], np.float32)
    for result, expected in zip(f(x, ag.constant(1)), ([3.0, 7.0], [2.0, 12.0], [1.5, 3.5])):
        assert_tensor(result, np.float32(expected))  # TensorFlow 2.21's answers


@pytest.mark.parametrize("values, dtype, expected", [([2**60 + 1] * 2, np.int64, 2**60 + 1),
                                                     ([-7, 2], np.int32, -2)])
def test_an_integer_mean_in_a_function_is_exact_and_truncates(values, dtype, expected):
    mean = ag.function(lambda x: ag.reduce_mean(x, axis=0))  # TensorFlow 2.21's answers
    assert_tensor(mean(tensor(values, dtype)), dtype(expected))


def test_a_mean_in_a_function_over_an_axis_of_unknown_size():
    f = ag.function(lambda x: ag.reduce_mean(x, axis=0),
                    input_signature=[ag.TensorSpec([None, 2], ag.float32)])
    assert_tensor(f(tensor([[1.0, 2.0], [3.0, 4.0]], np.float32)), np.float32([2.0, 3.0]))


def test_reductions_in_a_function_of_an_input_of_unknown_rank():
    f = ag.function(lambda x: (ag.reduce_sum(x, axis=0), ag.reduce_mean(x, axis=0)),
                    input_signature=[ag.TensorSpec(None, ag.float32)])
    x = tensor([[1.0, 2.0], [3.0, 4.0]], np.float32)
    for result, expected in zip(f(x), ([4.0, 6.0], [2.0, 3.0])):
        assert_tensor(result, np.float32(expected))  # TensorFlow 2.21's answers


def test_reductions_over_every_axis_of_an_input_of_unknown_rank():
    # TensorFlow 2.21: shapes () and <unknown> when traced, 15.0, [[5.0]] and 2.5 when run
    shapes = []

    @ag.function(input_signature=[ag.TensorSpec(None, ag.float32)])
    def f(x):
        results = (ag.reduce_sum(x), ag.reduce_max(x, keepdims=True), ag.reduce_mean(x))
        shapes.extend(r.shape.rank for r in results)
        return results
    found = f(tensor(np.arange(6.0).reshape(2, 3), np.float32))
    assert shapes == [0, None, 0]
    for result, expected in zip(found, (15.0, [[5.0]], 2.5)):
        assert_tensor(result, np.float32(expected))


def test_integer_mean_over_an_axis_of_one_element_is_that_element(device):
    assert_tensor(ag.reduce_mean(tensor([[5, -3]], np.int32), axis=0), np.int32([5, -3]))


def test_integer_mean_does_not_overflow(device):
    assert_tensor(ag.reduce_mean(tensor([100, 100, 100], np.int8)), np.int8(100))


@pytest.mark.parametrize("name, float_value, int_value", [
    ("reduce_sum", 0.0, 0), ("reduce_prod", 1.0, 1),
    ("reduce_max", -np.inf, np.iinfo(np.int32).min),
    ("reduce_min", np.inf, np.iinfo(np.int32).max)])
def test_reduction_over_an_empty_axis_gives_the_identity(device, name, float_value, int_value):
    floats = getattr(ag, name)(tensor(np.zeros((2, 0)), np.float32), axis=1)
    assert_tensor(floats, [float_value, float_value], dtype=ag.float32)
    ints = getattr(ag, name)(tensor(np.zeros((0,)), np.int32))
    assert_tensor(ints, np.int32(int_value), dtype=ag.int32)


def test_empty_logical_reductions(device):
    empty = tensor(np.zeros((0, 2)), np.bool_)
    assert_tensor(ag.reduce_any(empty, axis=0), [False, False])
    assert_tensor(ag.reduce_all(empty, axis=0), [True, True])


def test_mean_of_an_empty_float_axis_is_nan(device, no_warnings):
    assert np.isnan(ag.reduce_mean(tensor(np.zeros((0,)), np.float32)).numpy())


def test_reduction_of_an_empty_tensor_over_a_full_axis_stays_empty(device):
    result = ag.reduce_max(tensor(np.zeros((0, 3)), np.float32), axis=1)
    assert_tensor(result, np.zeros((0,), np.float32))


def test_reduction_of_a_scalar_over_all_axes_is_the_scalar(device):
    assert_tensor(ag.reduce_sum(tensor(5.0, np.float32)), np.float32(5.0))


@pytest.mark.parametrize("axis, message", [
    (2, "axis 2 is out of range for a tensor of rank 2; it must be in \\[-2, 2\\)"),
    ([0, -3], "axis -3 is out of range"),
    ([[0]], "scalar or a vector")])
def test_reduction_rejects_bad_axes(device, axis, message):
    with pytest.raises(InvalidArgumentError, match=message):
        ag.reduce_sum(np.ones((2, 3), np.float32), axis=axis)


def test_reduction_rejects_an_axis_on_a_scalar(device):
    with pytest.raises(InvalidArgumentError, match="rank 0 has no axes"):
        ag.reduce_max(3.0, axis=0)


def test_reduction_rejects_a_float_axis(device):
    with pytest.raises(InvalidArgumentError, match="float32"):
        ag.reduce_sum([1.0, 2.0], axis=0.0)


def test_logical_reduction_rejects_numbers(device):
    with pytest.raises(InvalidArgumentError, match="int32"):
        ag.reduce_any([1, 0])


def test_reduction_rejects_bools(device):
    with pytest.raises(InvalidArgumentError, match="bool"):
        ag.reduce_sum([True, False])


# argmax / argmin -------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", [np.float32, np.int8, np.uint16, np.int64])
@pytest.mark.parametrize("axis", [None, 0, 1, -1])
def test_argmax_and_argmin_match_numpy(device, dtype, axis):
    x = np.array([[3, 9, 1, 9], [7, 0, 8, 2]], dtype=dtype)
    np_axis = 0 if axis is None else axis
    assert_tensor(ag.argmax(tensor(x), axis=axis), np.argmax(x, axis=np_axis), dtype=ag.int64)
    assert_tensor(ag.argmin(tensor(x), axis=axis), np.argmin(x, axis=np_axis), dtype=ag.int64)


@pytest.mark.parametrize("output_type", [ag.int16, ag.uint16, ag.int32, ag.int64])
def test_argmax_output_type(device, output_type):
    assert_tensor(ag.argmax([1.0, 3.0, 2.0], output_type=output_type), np.int64(1),
                  dtype=output_type)


# TensorFlow 2.21's answers: NaNs are passed over; where every entry is NaN, index 0.
@pytest.mark.parametrize("values, largest, smallest", [
    ([np.nan, 1.0, 2.0], 2, 1), ([3.0, np.nan, 2.0], 0, 2), ([np.nan, np.nan], 0, 0),
    ([np.nan, -1.0], 1, 1), ([-np.inf, np.nan, -np.inf], 0, 0)])
def test_argmax_and_argmin_pass_over_nans(device, values, largest, smallest):
    x = np.array(values, np.float32)
    assert_tensor(ag.argmax(tensor(x)), np.int64(largest))
    assert_tensor(ag.argmin(tensor(x)), np.int64(smallest))


def test_argmax_of_bools_finds_the_first_true(device):
    assert_tensor(ag.argmax([False, True, True]), np.int64(1))


def test_argmax_rejects_an_empty_axis(device):
    with pytest.raises(InvalidArgumentError, match="axis 1 .* is empty"):
        ag.argmax(np.zeros((2, 0), np.float32), axis=1)


def test_argmin_rejects_a_scalar(device):
    with pytest.raises(InvalidArgumentError, match="rank >= 1"):
        ag.argmin(3.0)


def test_argmax_rejects_an_axis_out_of_range(device):
    with pytest.raises(InvalidArgumentError, match="axis -3 is out of range"):
        ag.argmax(np.zeros((2, 2), np.float32), axis=-3)


def test_argmax_rejects_an_output_type_outside_its_set(device):
    with pytest.raises(InvalidArgumentError, match="output_type"):
        ag.argmax([1.0, 2.0], output_type=ag.float32)


# cumsum ----------------------------------------------------------------------------------------
def _cumsum(x, axis, exclusive, reverse):
    if reverse:
        x = np.flip(x, axis)
    out = np.cumsum(x, axis=axis, dtype=x.dtype)
    if exclusive:
        out = out - x
    return np.flip(out, axis) if reverse else out


@pytest.mark.parametrize("dtype", [np.float32, np.int32, np.uint8, np.float64])
@pytest.mark.parametrize("axis", [0, 1, -1])
@pytest.mark.parametrize("exclusive", [False, True])
@pytest.mark.parametrize("reverse", [False, True])
def test_cumsum_matches_numpy(device, dtype, axis, exclusive, reverse):
    x = np.arange(1, 13, dtype=dtype).reshape(3, 4)
    result = ag.cumsum(tensor(x), axis=axis, exclusive=exclusive, reverse=reverse)
    assert_tensor(result, _cumsum(x, axis, exclusive, reverse), dtype=ag.as_dtype(dtype))


def test_cumsum_of_an_empty_axis_is_empty(device):
    assert_tensor(ag.cumsum(tensor(np.zeros((2, 0)), np.float32), axis=1, exclusive=True),
                  np.zeros((2, 0), np.float32))


def test_cumsum_rejects_a_scalar(device):
    with pytest.raises(InvalidArgumentError, match="rank >= 1"):
        ag.cumsum(1.0)


def test_cumsum_rejects_an_axis_out_of_range(device):
    with pytest.raises(InvalidArgumentError, match="axis 2 is out of range"):
        ag.cumsum([[1, 2]], axis=2)


# softmax ---------------------------------------------------------------------------------------
def _softmax(x, axis):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


@pytest.mark.parametrize("signature", [None, [None, 3]])
def test_softmax_in_a_function_of_an_input_of_unknown_shape_as_tensorflow(signature):
    f = ag.function(ag.nn.softmax, input_signature=[ag.TensorSpec(signature, ag.float32)])
    result = f(tensor([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]], np.float32))
    np.testing.assert_allclose(result.numpy(), [[0.09003057, 0.24472848, 0.66524094],
                                                [1 / 3, 1 / 3, 1 / 3]], rtol=1e-6)


def test_float16_softmax_in_a_function_is_computed_in_float32_and_rounded_once():
    x = np.array([[0.1, 0.7, 3.3], [2.2, -1.3, 0.4]], np.float16)
    expected = _softmax(x.astype(np.float32), -1).astype(np.float16)
    np.testing.assert_array_equal(ag.function(ag.nn.softmax)(tensor(x)).numpy(), expected)


def test_softmax_of_an_infinity_in_a_function_of_unknown_shape_is_nan_without_warnings(
        no_warnings):
    f = ag.function(ag.nn.softmax, input_signature=[ag.TensorSpec(None, ag.float32)])
    result = f(tensor([[np.inf, 0.0], [1.0, 2.0]], np.float32))
    np.testing.assert_allclose(result.numpy(), [[np.nan, np.nan], [0.26894143, 0.7310586]],
                               rtol=1e-6)  # TensorFlow 2.21's answer


def test_softmax_in_a_function_of_an_empty_last_axis_is_empty():
    assert ag.function(ag.nn.softmax)(tensor(np.zeros((2, 0)), np.float32)).shape == (2, 0)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("axis", [None, -1, 0, 1])
def test_softmax_matches_numpy(device, dtype, axis):
    x = np.array([[1.0, 2.0, 3.0], [-1.0, 0.0, 5.0]], dtype=np.float64)
    expected = _softmax(x, -1 if axis is None else axis).astype(dtype)
    assert_tensor(ag.softmax(tensor(x, dtype), axis=axis), expected, dtype=ag.as_dtype(dtype),
                  rtol=rtol(dtype))


def test_softmax_of_large_logits_does_not_overflow(device, no_warnings):
    assert_tensor(ag.softmax(tensor([1000.0, 1000.0], np.float32)), [0.5, 0.5])


def test_softmax_of_an_empty_tensor_is_empty(device):
    assert_tensor(ag.softmax(tensor(np.zeros((0, 3)), np.float32)), np.zeros((0, 3)))


def test_softmax_rejects_a_scalar(device):
    with pytest.raises(InvalidArgumentError, match="at least one dimension"):
        ag.softmax(1.0)


def test_softmax_rejects_an_axis_out_of_range(device):
    with pytest.raises(InvalidArgumentError, match="axis 2 is out of range"):
        ag.softmax([[1.0, 2.0]], axis=2)


def test_softmax_rejects_integers(device):
    with pytest.raises(InvalidArgumentError, match="int32"):
        ag.softmax([1, 2])


# matmul, einsum, tensordot ---------------------------------------------------------------------
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int32, np.uint8])
@pytest.mark.parametrize("transpose_a, transpose_b", [(False, False), (True, False),
                                                      (False, True), (True, True)])
def test_matmul_of_matrices(device, dtype, transpose_a, transpose_b):
    a = np.arange(6, dtype=dtype).reshape(2, 3)
    b = np.arange(12, dtype=dtype).reshape(3, 4)
    a_in = a.T.copy() if transpose_a else a
    b_in = b.T.copy() if transpose_b else b
    result = ag.matmul(tensor(a_in), tensor(b_in), transpose_a=transpose_a,
                       transpose_b=transpose_b)
    assert_tensor(result, a @ b, dtype=ag.as_dtype(dtype))


def test_matmul_adjoint_is_the_transpose_for_real_numbers(device):
    a = np.arange(6, dtype=np.float32).reshape(3, 2)
    assert_tensor(ag.matmul(a, a, adjoint_a=True), a.T @ a)
    assert_tensor(ag.matmul(a, a, adjoint_b=True), a @ a.T)


@pytest.mark.parametrize("shape_a, shape_b", [((2, 2, 3), (2, 3, 4)), ((2, 1, 2, 3), (3, 3, 2)),
                                              ((4, 2, 3), (3, 5))])
def test_matmul_broadcasts_batches(device, shape_a, shape_b):
    rng = np.random.default_rng(0)
    a, b = rng.standard_normal(shape_a), rng.standard_normal(shape_b)
    assert_tensor(ag.matmul(a, b), np.matmul(a, b), dtype=ag.float64, rtol=1e-12)


def test_batch_matmul_adjoints(device):
    rng = np.random.default_rng(1)
    a, b = rng.standard_normal((2, 3, 2)), rng.standard_normal((2, 4, 3))
    expected = np.swapaxes(a, -1, -2) @ np.swapaxes(b, -1, -2)
    assert_tensor(ag.matmul(a, b, transpose_a=True, adjoint_b=True), expected, rtol=1e-12)


def test_matmul_with_an_empty_inner_dimension_is_zeros(device):
    result = ag.matmul(np.ones((2, 0), np.float32), np.ones((0, 3), np.float32))
    assert_tensor(result, np.zeros((2, 3), np.float32))


def test_matmul_rejects_different_inner_dimensions(device):
    with pytest.raises(InvalidArgumentError, match="Matrix size-incompatible.*3 and 2"):
        ag.matmul(np.ones((2, 3), np.float32), np.ones((2, 2), np.float32))


def test_matmul_rejects_vectors(device):
    with pytest.raises(InvalidArgumentError, match="rank >= 2"):
        ag.matmul([1.0, 2.0], [[1.0], [2.0]])


def test_matmul_rejects_transpose_and_adjoint_together():
    with pytest.raises(ValueError, match="Only one of transpose_a and adjoint_a"):
        ag.matmul([[1.0]], [[1.0]], transpose_a=True, adjoint_a=True)


def test_matmul_rejects_mixed_dtypes(device):
    with pytest.raises(InvalidArgumentError, match="float64"):
        ag.matmul(tensor([[1.0]], np.float32), tensor([[1.0]], np.float64))


EINSUMS = [
    ("ij,jk->ik", [(2, 3), (3, 4)]), ("ij,jk", [(2, 3), (3, 4)]), ("ii", [(3, 3)]),
    ("ii->i", [(3, 3)]), ("ij->ji", [(2, 3)]), ("ij->", [(2, 3)]), ("i,j->ij", [(2,), (3,)]),
    ("bij,bjk->bik", [(2, 2, 3), (2, 3, 2)]), ("...ij,...jk->...ik", [(2, 1, 2, 3), (4, 3, 2)]),
    ("...ii->...i", [(2, 3, 3)]), ("ij,jk,kl->il", [(2, 3), (3, 4), (4, 2)]),
    ("i j , j -> i", [(2, 3), (3,)]), ("Ab,bC->AC", [(2, 3), (3, 2)]), ("...", [(2, 3)]),
]


@pytest.mark.parametrize("equation, shapes", EINSUMS, ids=[e for e, _ in EINSUMS])
def test_einsum_matches_numpy(device, equation, shapes):
    rng = np.random.default_rng(2)
    inputs = [rng.standard_normal(s) for s in shapes]
    expected = np.einsum(equation.replace(" ", ""), *inputs)
    assert_tensor(ag.einsum(equation, *inputs), expected, dtype=ag.float64, rtol=1e-12)


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.int32, np.int64])
def test_einsum_keeps_the_dtype(device, dtype):
    a = np.arange(6, dtype=dtype).reshape(2, 3)
    assert_tensor(ag.einsum("ij,kj->ik", a, a), np.einsum("ij,kj->ik", a, a).astype(dtype),
                  dtype=ag.as_dtype(dtype), rtol=rtol(dtype))


@pytest.mark.parametrize("equation, shapes, message", [
    ("ij,jk->ik", [(2, 3)], "2 input subscript\\(s\\) but 1 input tensor"),
    ("i1->i", [(2, 2)], "invalid subscript '1'"),
    ("ij->i->j", [(2, 2)], "more than one '->'"),
    ("....i->i", [(2, 2)], "'...' appears more than once|invalid subscript"),
    ("ij->k", [(2, 2)], "\\['k'\\] appear in no input"),
    ("ij->ii", [(2, 2)], "\\['i'\\] appear more than once"),
    ("ijk->i", [(2, 2)], "subscripts name 3 dimension"),
    ("ij,jk->ik", [(2, 3), (4, 2)], "subscript 'j' stands for size 3"),
    ("ii->i", [(2, 3)], "subscript 'i' stands for size 2"),
    ("...i->i", [(2, 3)], "must appear in the output"),
    ("...ijk->i", [(2, 3)], "fewer dimensions than its 3 subscripts"),
])
def test_einsum_rejects_bad_equations_and_shapes(device, equation, shapes, message):
    with pytest.raises(InvalidArgumentError, match=message):
        ag.einsum(equation, *[np.ones(s, np.float32) for s in shapes])


def test_einsum_rejects_unsupported_dtype(device):
    with pytest.raises(InvalidArgumentError, match="int8"):
        ag.einsum("i->", tensor([1, 2], np.int8))


TENSORDOTS = [  # axes, shape of a, shape of b
    (0, (2, 3), (4,)), (1, (4, 2), (2, 3)), (2, (2, 3), (2, 3, 5)), ([[1], [0]], (4, 2), (2, 3)),
    ([[0, 1], [0, 1]], (2, 3), (2, 3, 5)), ([1, 0], (2, 3), (3, 4)),
    ([[-1], [-3]], (2, 3, 4), (4, 2, 3)), ([[2, 1], [1, 0]], (2, 3, 4), (3, 4, 5)),
]


@pytest.mark.parametrize("axes, shape_a, shape_b", TENSORDOTS, ids=[str(t[0]) for t in TENSORDOTS])
def test_tensordot_matches_numpy(device, axes, shape_a, shape_b):
    rng = np.random.default_rng(3)
    a, b = rng.standard_normal(shape_a), rng.standard_normal(shape_b)
    assert_tensor(ag.tensordot(a, b, axes), np.tensordot(a, b, axes), rtol=1e-12)


def test_tensordot_of_ints_keeps_the_dtype(device):
    assert_tensor(ag.tensordot([1, 2, 3], [4, 5, 6], 1), np.int32(32), dtype=ag.int32)


@pytest.mark.parametrize("axes, message", [
    (3, "axes=3 must be in \\[0, 2\\]"), (-1, "axes=-1"), ([[0], [0, 1]], "same length"),
    ([[2], [0]], "axis 2 is out of range for a of rank 2"), ([[0, 0], [0, 1]], "repeat"),
    ([[1], [1]], "has size 3 but axis 1 of b .* has size 2"), ("ab", "int or a pair")])
def test_tensordot_rejects_bad_axes(axes, message):
    with pytest.raises(ValueError, match=message):
        ag.tensordot(np.ones((2, 3)), np.ones((3, 2)), axes)
