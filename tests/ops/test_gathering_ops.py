"""gather, gather_nd, one_hot, where and boolean_mask against NumPy, on every device."""

import re

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.ops.array import gathering
from tests.op_testing import assert_tensor
from tests.ops.test_array_ops import ALL, _array, _t


# Gather, GatherNd ---------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ALL, ids=lambda d: d.name)
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_gather(device, dtype, axis):
    x = _array((3, 4, 5), dtype)
    indices = np.array([[2, 0], [1, 1]], np.int32)
    assert_tensor(ag.gather(_t(x), indices, axis=axis), np.take(x, indices, axis=axis),
                  dtype=dtype)


@pytest.mark.parametrize("index_dtype", [np.int16, np.int32, np.int64])
def test_gather_accepts_index_dtypes_and_scalars(device, index_dtype):
    x = _array((4, 2), ag.float32)
    assert_tensor(ag.gather(_t(x), index_dtype(3)), x[3])
    assert_tensor(ag.gather(_t(x), np.array([], index_dtype)), np.zeros((0, 2), np.float32))


@pytest.mark.parametrize("axis", [1, 2])
def test_gather_with_batch_dims(device, axis):
    x = _array((2, 3, 4), ag.int32)
    indices = np.array([[0, 2, 2], [1, 0, 0]], np.int64)
    expected = np.stack([np.take(x[b], indices[b], axis=axis - 1) for b in range(2)])
    assert_tensor(ag.gather(_t(x), indices, axis=axis, batch_dims=1), expected)
    assert_tensor(ag.gather(_t(x), indices, axis=axis, batch_dims=-1), expected)


def test_gather_out_of_range_names_the_index(device):
    with pytest.raises(InvalidArgumentError, match=r"indices\[1,0\] = 5 is not in \[0, 3\)"):
        ag.gather([1, 2, 3], [[0], [5]])


def test_gather_negative_index_fails(device):
    with pytest.raises(InvalidArgumentError, match=r"indices\[0\] = -1 is not in \[0, 3\)"):
        ag.gather([1, 2, 3], [-1])


def test_gather_with_float_indices_names_the_dtype(device):
    with pytest.raises(InvalidArgumentError, match="float32"):
        ag.gather([1, 2, 3], [1.0])


def test_gather_with_a_bad_axis_fails(device):
    with pytest.raises(InvalidArgumentError, match="axis 2 is out of range"):
        ag.gather([[1, 2]], [0], axis=2)


def test_gather_with_batch_dims_beyond_axis_fails(device):
    with pytest.raises(InvalidArgumentError, match=r"batch_dims \(1\) must be less than or "
                                                   r"equal to axis \(0\)"):
        ag.gather([[1, 2]], [[0]], axis=0, batch_dims=1)


@pytest.mark.parametrize("dtype", [ag.float32, ag.int64, ag.bool, ag.string], ids=str)
def test_gather_nd(device, dtype):
    x = _array((2, 3, 4), dtype)
    indices = np.array([[[1, 2], [0, 0]], [[1, 0], [0, 2]]], np.int32)
    expected = x[indices[..., 0], indices[..., 1]]
    assert_tensor(ag.gather_nd(_t(x), indices), expected, dtype=dtype)
    assert_tensor(ag.gather_nd(_t(x), [1, 2, 3]), x[1, 2, 3], dtype=dtype)


def test_gather_nd_with_batch_dims(device):
    x = _array((2, 3, 4), ag.float64)
    indices = np.array([[[2], [0]], [[1], [1]]], np.int64)
    expected = np.stack([x[b][indices[b, :, 0]] for b in range(2)])
    assert_tensor(ag.gather_nd(_t(x), indices, batch_dims=1), expected)


def test_gather_nd_with_empty_coordinates_takes_whole_slices(device):
    x = _array((2, 3), ag.int32)
    assert_tensor(ag.gather_nd(_t(x), np.zeros((2, 0), np.int32)), np.stack([x, x]))


def test_gather_nd_out_of_range_names_the_coordinates(device):
    with pytest.raises(InvalidArgumentError, match=r"indices\[1\] = \[0, 2\] does not index "
                                                   r"into param shape \[2, 2\]"):
        ag.gather_nd([[1, 2], [3, 4]], [[0, 1], [0, 2]])


@pytest.mark.parametrize("indices, message", [
    ([[[0, 0, 0], [0, 0, 0]], [[0, 0, 0], [1, 0, 7]]],
     "indices[1,1] = [1, 0, 7] does not index into param shape [2, 3, 4]: coordinate 2 must be "
     "in [0, 4)."),
    ([0, 3, 0], "indices = [0, 3, 0] does not index into param shape [2, 3, 4]: coordinate 1 "
                "must be in [0, 3)."),
])
def test_gather_nd_out_of_range_says_which_coordinate_in_full(device, indices, message):
    with pytest.raises(InvalidArgumentError, match="^" + re.escape(message) + r" \[Op:GatherNd\]$"):
        ag.gather_nd(np.zeros((2, 3, 4), np.float32), np.array(indices, np.int32))


@pytest.mark.parametrize("indices, message", [
    ([0, 3], "indices[1] = 3 is not in [0, 3)."),  # the limit itself is out of range
    (-1, "indices = -1 is not in [0, 3)."),
])
def test_gather_out_of_range_names_the_index_in_full(device, indices, message):
    with pytest.raises(InvalidArgumentError, match="^" + re.escape(message) + r" \[Op:GatherV2\]$"):
        ag.gather(np.arange(3.0), np.array(indices, np.int32))


def test_gather_nd_with_too_many_coordinates_fails(device):
    with pytest.raises(InvalidArgumentError, match=r"indices.shape\[-1\] = 3"):
        ag.gather_nd([[1, 2], [3, 4]], [[0, 1, 0]])


# OneHot -------------------------------------------------------------------------------------------
def test_one_hot_defaults_to_float32_ones_and_zeros(device):
    expected = np.eye(3, dtype=np.float32)[[0, 2, 1]]
    assert_tensor(ag.one_hot([0, 2, 1], 3), expected, dtype=ag.float32)


@pytest.mark.parametrize("axis", [-1, 0, 1, 2])
def test_one_hot_along_an_axis(device, axis):
    indices = np.array([[0, 3], [1, 2]], np.int64)
    hot = np.eye(4, dtype=np.float32)[indices]
    expected = hot if axis in (-1, 2) else np.moveaxis(hot, -1, axis)
    assert_tensor(ag.one_hot(_t(indices), 4, axis=axis), expected)


def test_one_hot_indices_out_of_range_give_off_values(device):
    assert_tensor(ag.one_hot(_t(np.array([-1, 3, 1], np.int8)), 3, on_value=5, off_value=-5),
                  np.array([[-5, -5, -5], [-5, -5, -5], [-5, 5, -5]], np.int32))


@pytest.mark.parametrize("dtype", [ag.float64, ag.int64, ag.uint8, ag.bool], ids=str)
def test_one_hot_takes_its_dtype_from_the_argument(device, dtype):
    result = ag.one_hot(_t(np.array([1, 0], np.uint8)), 2, dtype=dtype)
    assert_tensor(result, np.eye(2, dtype=dtype.as_numpy_dtype)[[1, 0]], dtype=dtype)


def test_one_hot_with_string_values_and_empty_indices(device):
    assert_tensor(ag.one_hot([1], 2, on_value="on", off_value="off"),
                  np.array([[b"off", b"on"]], dtype=object), dtype=ag.string)
    assert ag.one_hot(_t(np.zeros((0,), np.int32)), 3).shape == (0, 3)


def test_one_hot_with_a_zero_on_value(device):
    assert_tensor(ag.one_hot([1], 2, on_value=0, off_value=1), np.array([[1, 0]], np.int32))


def test_one_hot_of_strings_needs_both_values(device):
    with pytest.raises(ValueError, match="needs both on_value and off_value"):
        ag.one_hot([1], 2, on_value="on")


def test_one_hot_with_values_of_another_dtype_fails(device):
    with pytest.raises(TypeError, match="dtype float32 of on_value does not match dtype int32"):
        ag.one_hot([0], 2, on_value=1.0, off_value=0)


def test_one_hot_with_a_negative_depth_fails(device):
    with pytest.raises(InvalidArgumentError, match="depth must be >= 0, got -1"):
        ag.one_hot([0], -1)


def test_one_hot_with_a_bad_axis_fails(device):
    with pytest.raises(InvalidArgumentError, match=r"axis must be -1 or in \[0, 1\]"):
        ag.one_hot([0], 2, axis=3)


# Where, SelectV2, boolean_mask --------------------------------------------------------------------
@pytest.mark.parametrize("dtype", [ag.bool, ag.float32, ag.int8, ag.uint64], ids=str)
def test_where_gives_the_coordinates_of_true_elements(device, dtype):
    x = _array((3, 4), dtype)
    assert_tensor(ag.where(_t(x)), np.argwhere(x), dtype=ag.int64)


def test_where_of_a_scalar_and_of_an_empty_tensor(device):
    assert_tensor(ag.where(True), np.zeros((1, 0), np.int64), dtype=ag.int64)
    assert_tensor(ag.where(_t(np.zeros((0, 2), bool))), np.zeros((0, 2), np.int64))


def test_where_of_strings_names_the_dtype(device):
    with pytest.raises(InvalidArgumentError, match="string"):
        ag.where(["a"])


@pytest.mark.parametrize("dtype", ALL, ids=lambda d: d.name)
def test_where_selects_with_broadcasting(device, dtype):
    condition = np.array([[True], [False]])
    x, y = _array((2, 3), dtype), _array((3,), dtype)[::-1]
    assert_tensor(ag.where(condition, _t(x), _t(y)), np.where(condition, x, y), dtype=dtype)


def test_where_with_only_x_fails(device):
    with pytest.raises(ValueError, match="x and y must both be given"):
        ag.where([True], x=[1])


def test_where_with_a_numeric_condition_names_the_dtype(device):
    with pytest.raises(InvalidArgumentError, match="must be bool, got a int32"):
        ag.where(_t([1, 0]), [1, 2], [3, 4])


def test_where_with_incompatible_shapes_fails(device):
    with pytest.raises(InvalidArgumentError, match=r"\(2,\) and \(3,\) cannot be broadcast"):
        ag.where([True, False], [1, 2], [1, 2, 3])


@pytest.mark.parametrize("dtype", [ag.float32, ag.int32, ag.string], ids=str)
def test_boolean_mask_of_the_first_dimension(device, dtype):
    x = _array((3, 2), dtype)
    mask = np.array([True, False, True])
    assert_tensor(ag.boolean_mask(_t(x), mask), x[mask], dtype=dtype)


@pytest.mark.parametrize("axis", [0, 1, -2])
def test_boolean_mask_with_a_two_dimensional_mask(device, axis):
    x = _array((2, 3, 4), ag.int64)
    start = axis % 3
    mask = _array(x.shape[start:start + 2], ag.bool)
    expected = x[mask] if start == 0 else x[:, mask]
    assert_tensor(ag.boolean_mask(_t(x), mask, axis=axis), expected)


def test_boolean_mask_with_no_true_elements_and_empty_dimensions(device):
    assert_tensor(ag.boolean_mask([1, 2], [False, False]), np.zeros((0,), np.int32))
    x = np.zeros((2, 0), np.float32)
    assert_tensor(ag.boolean_mask(_t(x), [True, True]), x)


def test_boolean_mask_with_a_mismatched_mask_fails(device):
    with pytest.raises(ValueError, match=r"mask of shape \(2,\) does not match tensor of shape "
                                         r"\(3,\)"):
        ag.boolean_mask([1, 2, 3], [True, False])


def test_boolean_mask_with_a_scalar_mask_fails(device):
    with pytest.raises(ValueError, match="rank >= 1"):
        ag.boolean_mask([1, 2], True)


def test_boolean_mask_with_a_numeric_mask_names_the_dtype(device):
    with pytest.raises(InvalidArgumentError, match="got a int32 tensor"):
        ag.boolean_mask([1, 2], [1, 0])


def test_boolean_mask_shape_by_ops_matches_the_static_one(device):
    x = _t(_array((2, 3, 4, 5)))
    dynamic = gathering._dynamic_masked_shape(x, 1, 2)
    assert_tensor(dynamic, [2, -1, 5], dtype=ag.int32)
