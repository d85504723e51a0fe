"""Tests of the creation ops: constant, Const, fill, zeros, ones, range, linspace, eye, cast."""

import warnings

import numpy as np
import pytest

import autograph as ag
from autograph.runtime import execute
from tests.op_testing import assert_tensor

NUMBER_TYPES = [ag.float16, ag.float32, ag.float64, ag.int8, ag.int16, ag.int32, ag.int64,
                ag.uint8, ag.uint16, ag.uint32, ag.uint64]


def _strings(*items):
    return np.array([s.encode() for s in items], dtype=object)


# constant ----------------------------------------------------------------------------------------
def test_constant_converts_python_values_with_tf_dtypes(device):
    assert_tensor(ag.constant([[1, 2], [3, 4]]), [[1, 2], [3, 4]], dtype=ag.int32)
    assert_tensor(ag.constant(2.5), np.float32(2.5), dtype=ag.float32)


def test_constant_takes_the_given_dtype(device):
    assert_tensor(ag.constant([1, 2], dtype=ag.float64), [1.0, 2.0], dtype=ag.float64)


def test_constant_casts_a_tensor_of_another_dtype(device):
    t = ag.convert_to_tensor([1.9, -2.5])
    assert_tensor(ag.constant(t, dtype=ag.int32), [1, -2], dtype=ag.int32)


def test_constant_rejects_a_lossy_python_value():
    with pytest.raises(TypeError, match="lose information"):
        ag.constant(1.5, dtype=ag.int32)


def test_constant_reshapes_a_value_with_as_many_elements(device):
    assert_tensor(ag.constant([1, 2, 3, 4, 5, 6], shape=[2, 3]),
                  np.arange(1, 7).reshape(2, 3), dtype=ag.int32)


def test_constant_fills_the_shape_with_a_scalar(device):
    assert_tensor(ag.constant(7.0, shape=(2, 2)), np.full((2, 2), 7.0), dtype=ag.float32)


def test_constant_fills_the_shape_with_a_string(device):
    assert_tensor(ag.constant("ab", shape=[3]), _strings("ab", "ab", "ab"), dtype=ag.string)


def test_constant_with_an_empty_shape(device):
    assert_tensor(ag.constant(1, shape=[0, 2]), np.zeros((0, 2)), dtype=ag.int32)


def test_constant_rejects_a_shape_of_another_size():
    with pytest.raises(TypeError, match="3 elements cannot have shape \\[2, 2\\]"):
        ag.constant([1, 2, 3], shape=[2, 2])


def test_constant_rejects_a_negative_dimension():
    with pytest.raises(ValueError, match="negative"):
        ag.constant(1, shape=[-1])


# Const -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", NUMBER_TYPES + [ag.bool])
def test_const_op_returns_its_value(device, dtype):
    value = np.arange(6).reshape(2, 3).astype(dtype.as_numpy_dtype)
    assert_tensor(execute("Const", [], {"value": value, "dtype": dtype}), value, dtype=dtype)


def test_const_op_returns_strings(device):
    value = _strings("a", "bc")
    assert_tensor(execute("Const", [], {"value": value, "dtype": ag.string}), value,
                  dtype=ag.string)


def test_const_op_rejects_a_value_of_another_dtype():
    with pytest.raises(ag.errors.InvalidArgumentError, match="float64 values.*float32"):
        execute("Const", [], {"value": np.zeros(2), "dtype": ag.float32})


# fill, zeros, ones -------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", NUMBER_TYPES + [ag.bool])
def test_fill_fills_with_the_value(device, dtype):
    value = np.array(1, dtype.as_numpy_dtype)
    assert_tensor(ag.fill([2, 3], value), np.full((2, 3), value), dtype=dtype)


def test_a_negative_zero_keeps_its_sign_as_a_constant_and_a_fill(device):
    # CuPy fills a zero by clearing memory, which would drop the sign.
    eager = ag.constant(-0.0)
    in_graph = ag.function(lambda: ag.constant(-0.0))()
    filled = ag.fill([3], ag.constant(-0.0))
    assert np.signbit(eager.numpy()) and np.signbit(in_graph.numpy())
    np.testing.assert_array_equal(np.signbit(filled.numpy()), [True, True, True])
    assert np.signbit(ag.constant(complex(0.0, -0.0)).numpy().imag)


def test_fill_with_a_string(device):
    assert_tensor(ag.fill([2], "x"), _strings("x", "x"), dtype=ag.string)


def test_fill_with_int64_dims_tensor(device):
    dims = ag.convert_to_tensor(np.array([3], np.int64))
    assert_tensor(ag.fill(dims, 2.0), [2.0, 2.0, 2.0], dtype=ag.float32)


def test_fill_with_empty_dims_gives_a_scalar(device):
    assert_tensor(ag.fill([], 5), np.int32(5), dtype=ag.int32)


def test_fill_with_a_zero_dimension(device):
    assert_tensor(ag.fill([2, 0], 5), np.zeros((2, 0)), dtype=ag.int32)


def test_fill_rejects_negative_dims():
    with pytest.raises(ag.errors.InvalidArgumentError, match="negative dimensions.*\\[2, -1\\]"):
        ag.fill([2, -1], 1.0)


def test_fill_rejects_a_non_scalar_value():
    with pytest.raises(ag.errors.InvalidArgumentError, match="value must be a scalar.*\\(2,\\)"):
        ag.fill([2], [1, 2])


def test_fill_rejects_dims_of_rank_2():
    with pytest.raises(ag.errors.InvalidArgumentError, match="dims must have rank 1"):
        ag.fill(ag.convert_to_tensor([[2]]), 1)


def test_fill_rejects_float_dims():
    with pytest.raises(ag.errors.InvalidArgumentError, match="float32"):
        ag.fill(ag.convert_to_tensor([2.0]), 1)


def test_fill_rejects_a_shape_of_non_integers():
    with pytest.raises(TypeError, match="list or tuple of ints"):
        ag.fill([2.5], 1)


@pytest.mark.parametrize("dtype", NUMBER_TYPES)
def test_zeros_has_dtype(device, dtype):
    assert_tensor(ag.zeros([2, 1], dtype=dtype), np.zeros((2, 1)), dtype=dtype)


@pytest.mark.parametrize("dtype", NUMBER_TYPES)
def test_ones_has_dtype(device, dtype):
    assert_tensor(ag.ones((3,), dtype=dtype), np.ones(3), dtype=dtype)


def test_zeros_defaults_to_float32(device):
    assert_tensor(ag.zeros([2]), [0.0, 0.0], dtype=ag.float32)


@pytest.mark.parametrize("shape", [[2, 3], (2, 3), ag.TensorShape([2, 3]), np.array([2, 3])])
def test_ones_accepts_shape_forms(device, shape):
    assert_tensor(ag.ones(shape), np.ones((2, 3)), dtype=ag.float32)


def test_ones_accepts_an_int32_shape_tensor(device):
    assert_tensor(ag.ones(ag.convert_to_tensor([2, 3])), np.ones((2, 3)), dtype=ag.float32)


def test_zeros_accepts_an_int_as_a_vector_shape(device):
    assert_tensor(ag.zeros(3), np.zeros(3), dtype=ag.float32)


def test_zeros_of_shape_empty_list_is_a_scalar(device):
    assert_tensor(ag.zeros([]), np.float32(0), dtype=ag.float32)


def test_zeros_and_ones_of_bool(device):
    assert_tensor(ag.zeros([2], ag.bool), [False, False], dtype=ag.bool)
    assert_tensor(ag.ones([2], ag.bool), [True, True], dtype=ag.bool)


def test_zeros_of_string_are_empty_strings(device):
    assert_tensor(ag.zeros([2], ag.string), _strings("", ""), dtype=ag.string)


def test_ones_of_string_is_an_error():
    with pytest.raises(ag.errors.InvalidArgumentError, match="string"):
        ag.ones([2], ag.string)


def test_zeros_rejects_a_partially_known_shape():
    with pytest.raises(ValueError, match="fully defined"):
        ag.zeros(ag.TensorShape([2, None]))


# zeros_like, ones_like ---------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", NUMBER_TYPES + [ag.bool])
def test_zeros_like_keeps_shape_and_dtype(device, dtype):
    x = ag.convert_to_tensor(np.ones((2, 3), dtype.as_numpy_dtype))
    assert_tensor(ag.zeros_like(x), np.zeros((2, 3)), dtype=dtype)


@pytest.mark.parametrize("dtype", NUMBER_TYPES + [ag.bool])
def test_ones_like_keeps_shape_and_dtype(device, dtype):
    x = ag.convert_to_tensor(np.zeros((3, 1), dtype.as_numpy_dtype))
    assert_tensor(ag.ones_like(x), np.ones((3, 1)), dtype=dtype)


def test_zeros_like_of_an_empty_tensor(device):
    x = ag.convert_to_tensor(np.ones((2, 0), np.float32))
    assert_tensor(ag.zeros_like(x), np.zeros((2, 0)), dtype=ag.float32)


def test_zeros_like_of_a_scalar(device):
    assert_tensor(ag.zeros_like(4.5), np.float32(0), dtype=ag.float32)


def test_zeros_like_of_strings(device):
    assert_tensor(ag.zeros_like(["a", "b"]), _strings("", ""), dtype=ag.string)


def test_ones_like_with_another_dtype(device):
    assert_tensor(ag.ones_like([1.5, 2.5], dtype=ag.int64), [1, 1], dtype=ag.int64)


def test_zeros_like_of_strings_with_a_numeric_dtype(device):
    assert_tensor(ag.zeros_like(["a", "b"], dtype=ag.int32), [0, 0], dtype=ag.int32)


def test_zeros_like_of_numbers_with_string_dtype(device):
    assert_tensor(ag.zeros_like([1, 2], dtype=ag.string), _strings("", ""), dtype=ag.string)


def test_ones_like_rejects_strings():
    with pytest.raises(ag.errors.InvalidArgumentError, match="dtype string"):
        ag.ones_like(["a"])


# range -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("args", [(5,), (2, 9), (2, 9, 3), (10, 0, -3), (-3, 3, 2), (0,), (4, 4)])
def test_range_matches_numpy_for_ints(device, args):
    assert_tensor(ag.range(*args), np.arange(*args), dtype=ag.int32)


@pytest.mark.parametrize("args", [(0.0, 1.0, 0.25), (1, 2, 0.1), (3.0, 0.0, -0.5), (0.5,)])
def test_range_with_a_float_gives_float32(device, args):
    assert_tensor(ag.range(*args), np.arange(*args), dtype=ag.float32, rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("dtype", [ag.float16, ag.float64, ag.int8, ag.int16, ag.int64,
                                   ag.uint16, ag.uint32])
def test_range_with_dtype(device, dtype):
    assert_tensor(ag.range(1, 7, 2, dtype=dtype), [1, 3, 5], dtype=dtype)


def test_range_takes_the_widest_tensor_dtype(device):
    limit = ag.convert_to_tensor(np.array(4, np.int64))
    assert_tensor(ag.range(1, limit), [1, 2, 3], dtype=ag.int64)


def test_range_mixing_int_tensor_and_float_gives_float(device):
    start = ag.convert_to_tensor(1)
    assert_tensor(ag.range(start, 2, 0.5), [1.0, 1.5], dtype=ag.float32)


def test_range_away_from_limit_is_empty(device):
    assert_tensor(ag.range(5, 1), np.zeros(0), dtype=ag.int32)
    assert_tensor(ag.range(1, 5, -1), np.zeros(0), dtype=ag.int32)


def test_range_rejects_delta_zero():
    with pytest.raises(ag.errors.InvalidArgumentError, match="delta != 0"):
        ag.range(0, 5, 0)


def test_range_rejects_an_infinite_limit():
    with pytest.raises(ag.errors.InvalidArgumentError, match="finite"):
        ag.range(0.0, float("inf"))


def test_range_rejects_non_scalar_arguments():
    with pytest.raises(ag.errors.InvalidArgumentError, match="limit must be a scalar"):
        ag.range(0, [3, 4])


def test_range_rejects_bool():
    with pytest.raises(ag.errors.InvalidArgumentError, match="dtype bool"):
        ag.range(ag.convert_to_tensor(True))


# linspace ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("num", [0, 1, 2, 7])
def test_linspace_matches_numpy(device, num):
    assert_tensor(ag.linspace(-1.0, 2.0, num), np.linspace(-1, 2, num), dtype=ag.float32)


@pytest.mark.parametrize("dtype", [ag.float16, ag.float32, ag.float64])
def test_linspace_keeps_the_float_dtype(device, dtype):
    start = ag.convert_to_tensor(np.array(0, dtype.as_numpy_dtype))
    assert_tensor(ag.linspace(start, 4, 5), [0, 1, 2, 3, 4], dtype=dtype)


def test_linspace_ends_exactly_at_stop(device):
    assert ag.linspace(0.1, 0.7, 3).numpy()[-1] == np.float32(0.7)


def test_linspace_of_python_ints_is_float32(device):
    assert_tensor(ag.linspace(0, 10, 3), [0.0, 5.0, 10.0], dtype=ag.float32)


@pytest.mark.parametrize("axis", [0, 1, -1, -2])
def test_linspace_of_vectors_puts_values_at_axis(device, axis):
    start = ag.convert_to_tensor(np.array([0.0, 1.0]))
    expected = np.linspace([0.0, 1.0], [1.0, 3.0], 4, axis=axis)
    assert_tensor(ag.linspace(start, [1.0, 3.0], 4, axis=axis), expected, dtype=ag.float64)


def test_linspace_broadcasts_start_and_stop(device):
    start = ag.convert_to_tensor(np.zeros((2, 1), np.float32))
    expected = np.linspace(np.zeros((2, 1)), np.array([1.0, 2.0, 3.0]), 3)
    assert_tensor(ag.linspace(start, [1.0, 2.0, 3.0], 3), expected, dtype=ag.float32)


def test_linspace_rejects_negative_num():
    with pytest.raises(ag.errors.InvalidArgumentError, match="num must be >= 0, got -1"):
        ag.linspace(0.0, 1.0, -1)


def test_linspace_rejects_ints():
    with pytest.raises(ag.errors.InvalidArgumentError, match="int32"):
        ag.linspace(ag.convert_to_tensor(0), 1, 3)


def test_linspace_rejects_an_axis_out_of_range():
    with pytest.raises(ag.errors.InvalidArgumentError, match="axis 2 is out of range"):
        ag.linspace(0.0, 1.0, 3, axis=2)


def test_linspace_rejects_incompatible_shapes():
    with pytest.raises(ag.errors.InvalidArgumentError, match="Incompatible shapes"):
        ag.linspace(ag.convert_to_tensor([0.0, 1.0]), [1.0, 2.0, 3.0], 3)


# eye ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("rows, columns", [(3, None), (2, 4), (4, 2), (0, 3)])
def test_eye_matches_numpy(device, rows, columns):
    assert_tensor(ag.eye(rows, columns), np.eye(rows, columns), dtype=ag.float32)


@pytest.mark.parametrize("dtype", NUMBER_TYPES + [ag.bool])
def test_eye_has_dtype(device, dtype):
    assert_tensor(ag.eye(2, dtype=dtype), np.eye(2), dtype=dtype)


def test_eye_with_batch_shape(device):
    expected = np.broadcast_to(np.eye(2, 3), (4, 1, 2, 3))
    assert_tensor(ag.eye(2, 3, batch_shape=[4, 1]), expected, dtype=ag.float32)


def test_eye_with_batch_shape_tensor(device):
    expected = np.broadcast_to(np.eye(2), (3, 2, 2))
    assert_tensor(ag.eye(2, batch_shape=ag.convert_to_tensor([3])), expected,
                  dtype=ag.float32)


def test_eye_rejects_negative_rows():
    with pytest.raises(ag.errors.InvalidArgumentError, match="num_rows must be >= 0, got -2"):
        ag.eye(-2)


def test_eye_rejects_a_negative_batch_dimension():
    with pytest.raises(ag.errors.InvalidArgumentError, match="batch_shape.*\\[-1\\]"):
        ag.eye(2, batch_shape=[-1])


def test_eye_rejects_string_dtype():
    with pytest.raises(ag.errors.InvalidArgumentError, match="string"):
        ag.eye(2, dtype=ag.string)


# cast --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", [ag.int8, ag.int32, ag.int64])
def test_cast_float_to_int_truncates_toward_zero(device, dtype):
    x = ag.convert_to_tensor([2.7, -2.7, 0.5, -0.5])
    assert_tensor(ag.cast(x, dtype), [2, -2, 0, 0], dtype=dtype)


@pytest.mark.parametrize("src", NUMBER_TYPES + [ag.bool])
@pytest.mark.parametrize("dst", [ag.float32, ag.int64, ag.uint8, ag.bool])
def test_cast_between_numbers_and_bool(device, src, dst):
    x = np.array([[0, 1], [1, 0]], src.as_numpy_dtype)
    assert_tensor(ag.cast(ag.convert_to_tensor(x), dst), x.astype(dst.as_numpy_dtype),
                  dtype=dst)


def test_cast_numbers_to_bool_compares_with_zero(device):
    assert_tensor(ag.cast([0.0, -2.5, 0.1], ag.bool), [False, True, True], dtype=ag.bool)


def test_cast_to_the_same_dtype_returns_the_input(device):
    x = ag.convert_to_tensor([1.0, 2.0])
    assert ag.cast(x, ag.float32) is x


def test_cast_of_an_empty_tensor(device):
    x = ag.convert_to_tensor(np.zeros((2, 0), np.float64))
    assert_tensor(ag.cast(x, ag.int32), np.zeros((2, 0)), dtype=ag.int32)


def test_cast_of_a_python_scalar(device):
    assert_tensor(ag.cast(3.99, ag.int32), np.int32(3), dtype=ag.int32)


def test_cast_of_nan_to_int_does_not_warn(device):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        result = ag.cast([np.nan, 1e30], ag.int32)
    assert result.dtype == ag.int32


@pytest.mark.parametrize("values, dtype", [
    (np.array([np.nan, 1e30], np.float32), ag.int32),  # undefined values, as in TensorFlow
    (np.array([70000, 1], np.int32), ag.float16),  # beyond float16: inf
])
def test_repeated_and_traced_casts_do_not_warn(device, values, dtype):
    # Repeated eager calls and a function's plan run a cast specialized for its input dtype.
    cast = ag.function(lambda t: ag.cast(t, dtype))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        results = [ag.cast(values, dtype) for _ in range(3)] + [cast(values), cast(values)]
    assert all(result.dtype == dtype for result in results)
    if dtype == ag.float16:
        np.testing.assert_array_equal(results[-1].numpy(), [np.inf, 1])


def test_linspace_of_two_ends_exactly_at_stop(device):
    # first + (stop - first) misses stop by one ulp here; TensorFlow 2.21 gives stop exactly.
    start, stop = 6.40422650443282, 1.049001171530397
    assert ag.linspace(ag.constant(start, ag.float64), stop, 2).numpy().tolist() == [start, stop]


def test_cast_rejects_strings():
    with pytest.raises(ag.errors.InvalidArgumentError, match="from string to int32"):
        ag.cast(["1"], ag.int32)


def test_cast_rejects_casting_to_string():
    with pytest.raises(ag.errors.InvalidArgumentError, match="from float32 to string"):
        ag.cast([1.0], ag.string)


def test_cast_op_rejects_string_input():
    with pytest.raises(ag.errors.InvalidArgumentError, match="dtype string"):
        execute("Cast", [ag.convert_to_tensor(["a"])], {"DstT": ag.int32})
