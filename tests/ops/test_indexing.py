"""`tensor[key]` (`array_ops.tensor_getitem`), `slice` and `strided_slice` against NumPy."""

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.ops.array.ops import tensor_getitem
from tests.op_testing import assert_tensor

X = np.arange(60, dtype=np.float32).reshape(3, 4, 5)

KEYS = [
    1, -1, -3, np.int64(2), slice(1, 3), slice(None, None, -1), slice(5, 2), slice(2, 5),
    slice(None, None, 2), slice(-100, 100), slice(2, None, -1), slice(-1, -4, -1), (),
    Ellipsis, None, (slice(None), 0), (Ellipsis, None), (1, Ellipsis, slice(None, None, 2)),
    (None, slice(None), slice(1, None)), (0, 0, 0), (-1, -1, -1), (Ellipsis, 1, None, 2),
    (None, None, 0), (slice(None), slice(-1, -5, -1)), (slice(None, None, -2), -1, slice(3, 0, -1)),
    (1, None, slice(None), None), (Ellipsis, -1), (slice(None), Ellipsis, slice(1, 2)),
    (slice(1, 2), slice(1, 2), slice(1, 2)), (slice(3, None),), (slice(None, 0),),
    (slice(0, 2 ** 40),), (slice(-2 ** 40, None),), (2, slice(None, None, -3)),
]


def _ids(key):
    return repr(key).replace(" ", "")


def _tensor(value=X):
    return ag.convert_to_tensor(value)


@pytest.mark.parametrize("key", KEYS, ids=_ids)
def test_getitem_matches_numpy(device, key):
    assert_tensor(tensor_getitem(_tensor(), key), X[key], dtype=ag.float32)


@pytest.mark.parametrize("key", KEYS, ids=_ids)
def test_subscript_operator_matches_numpy(device, key):
    assert_tensor(_tensor()[key], X[key], dtype=ag.float32)


@pytest.mark.parametrize("dtype", [ag.int8, ag.uint64, ag.float16, ag.bool], ids=str)
def test_getitem_keeps_the_dtype(device, dtype):
    x = (np.arange(12) % 5).astype(dtype.as_numpy_dtype).reshape(3, 4)
    assert_tensor(tensor_getitem(_tensor(x), (slice(None, None, -1), 2)), x[::-1, 2],
                  dtype=dtype)


def test_getitem_of_strings(device):
    s = np.array([[b"a", b"b"], [b"c", b"d"]], dtype=object)
    assert_tensor(tensor_getitem(_tensor(s), (1, 0)), s[1, 0], dtype=ag.string)
    assert_tensor(tensor_getitem(_tensor(s), (slice(None), -1)), s[:, -1], dtype=ag.string)


@pytest.mark.parametrize("key", [(), Ellipsis, None, (None, Ellipsis, None)], ids=_ids)
def test_getitem_of_a_scalar(device, key):
    x = np.float64(2.5)
    assert_tensor(tensor_getitem(_tensor(x), key), np.asarray(x)[key], dtype=ag.float64)


def test_getitem_of_an_empty_tensor(device):
    x = np.zeros((0, 3), np.int32)
    assert_tensor(tensor_getitem(_tensor(x), (slice(None), 1)), x[:, 1])
    assert_tensor(tensor_getitem(_tensor(x), (slice(None, None, -1), None)), x[::-1, None])


@pytest.mark.parametrize("dtype", [ag.int32, ag.int64], ids=str)
def test_scalar_tensors_as_indices_and_bounds(device, dtype):
    one, three = ag.convert_to_tensor(1, dtype=dtype), ag.convert_to_tensor(3, dtype=dtype)
    step = ag.convert_to_tensor(-1, dtype=dtype)
    assert_tensor(tensor_getitem(_tensor(), one), X[1])
    assert_tensor(tensor_getitem(_tensor(), (slice(one, three), 2)), X[1:3, 2])
    assert_tensor(tensor_getitem(_tensor(), (Ellipsis, slice(three, None, step))), X[..., 3::-1])


def test_a_negative_tensor_index_counts_from_the_end(device):
    assert_tensor(tensor_getitem(_tensor(), (0, ag.convert_to_tensor(-1))), X[0, -1])


@pytest.mark.parametrize("key, dim, size", [(3, 0, 3), (-4, 0, 3), ((0, 4), 1, 4),
                                            ((Ellipsis, 5), 2, 5), ((0, 0, -6), 2, 5)], ids=_ids)
def test_an_index_out_of_range_names_index_dimension_and_size(device, key, dim, size):
    index = key[-1] if isinstance(key, tuple) else key
    with pytest.raises(InvalidArgumentError, match=rf"index {index} is out of bounds for "
                                                   rf"dimension {dim} with size {size}"):
        tensor_getitem(_tensor(), key)


def test_a_tensor_index_out_of_range_fails(device):
    with pytest.raises(InvalidArgumentError, match="index 7 is out of bounds"):
        tensor_getitem(_tensor(), ag.convert_to_tensor(7))


def test_too_many_indices_fail(device):
    with pytest.raises(InvalidArgumentError, match="Too many indices for a tensor of rank 3"):
        tensor_getitem(_tensor(), (0, 0, 0, 0))


def test_a_zero_step_fails(device):
    with pytest.raises(InvalidArgumentError, match="must be non-zero"):
        tensor_getitem(_tensor(), slice(None, None, 0))


def test_two_ellipses_fail(device):
    with pytest.raises(InvalidArgumentError, match="only one ellipsis"):
        tensor_getitem(_tensor(), (Ellipsis, 0, Ellipsis))


@pytest.mark.parametrize("key", [
    [0, 1], (slice(None), [0, 1]), True, np.bool_(False), 1.0, (0, 1.5), np.array([0, 1]),
    "a", slice(0.5, 2), slice(None, None, 1.0),
], ids=_ids)
def test_unsupported_keys_point_to_gather_and_boolean_mask(device, key):
    with pytest.raises(TypeError, match="ag.gather.*ag.boolean_mask"):
        tensor_getitem(_tensor(), key)


@pytest.mark.parametrize("index", [[0, 1], [[1]], 1.0, True], ids=_ids)
def test_tensors_other_than_scalar_ints_are_unsupported(device, index):
    with pytest.raises(TypeError, match="ag.gather.*ag.boolean_mask"):
        tensor_getitem(_tensor(), ag.convert_to_tensor(index))


def test_index_tensors_of_two_dtypes_fail(device):
    a, b = ag.convert_to_tensor(0), ag.convert_to_tensor(np.int64(1))
    with pytest.raises(TypeError, match="share a dtype"):
        tensor_getitem(_tensor(), (a, b))


# Slice, StridedSlice ------------------------------------------------------------------------------
@pytest.mark.parametrize("begin, size", [([0, 0], [2, 3]), ([1, 1], [-1, -1]), ([2, 3], [0, 0]),
                                         ([0, 2], [1, 1])])
def test_slice(device, begin, size):
    x = (np.arange(6) * 7).astype(np.uint64).reshape(2, 3)
    index = tuple(slice(b, None if s == -1 else b + s) for b, s in zip(begin, size))
    assert_tensor(ag.slice(_tensor(x), begin, size), x[index], dtype=ag.uint64)


def test_slice_and_strided_slice_of_a_scalar_take_empty_vectors(device):
    assert_tensor(ag.slice(2.5, [], []), np.float32(2.5))
    assert_tensor(ag.strided_slice(2.5, [], []), np.float32(2.5))


def test_slice_past_the_end_fails(device):
    with pytest.raises(InvalidArgumentError, match=r"size\[0\] = 3 from begin\[0\] = 1 runs past "
                                                   r"the end of dimension 0, which has size 3"):
        ag.slice([1, 2, 3], [1], [3])


def test_slice_with_a_begin_out_of_range_fails(device):
    with pytest.raises(InvalidArgumentError, match=r"begin\[0\] = 4 is out of range"):
        ag.slice([1, 2, 3], [4], [-1])


def test_slice_with_begin_and_size_of_different_lengths_fails(device):
    with pytest.raises(InvalidArgumentError, match="begin, size must have the same length"):
        ag.slice([[1, 2]], [0, 0], [1])


def test_strided_slice_with_masks(device):
    x = X.astype(np.float16)
    y = ag.strided_slice(_tensor(x), [1, 0, 0, 4], [0, 0, 0, 0], [1, 1, 1, -2],
                         shrink_axis_mask=1, new_axis_mask=2, ellipsis_mask=4, end_mask=8)
    assert_tensor(y, x[1, None, ..., 4::-2], dtype=ag.float16)


def test_strided_slice_with_int64_vectors_and_default_strides(device):
    begin, end = _tensor(np.array([0, 1], np.int64)), _tensor(np.array([2, 3], np.int64))
    assert_tensor(ag.strided_slice(_tensor(), begin, end), X[0:2, 1:3])


def test_strided_slice_with_a_zero_stride_fails(device):
    with pytest.raises(InvalidArgumentError, match=r"strides\[0\] must be non-zero"):
        ag.strided_slice([1, 2], [0], [2], [0])


def test_slicing_in_a_function_of_unknown_rank_or_length_plans_each_call():
    # The plan cannot fix the NumPy index while the shape is unknown; each run computes it.
    unknown_rank = ag.function(lambda x: x[1:], input_signature=[ag.TensorSpec(None, ag.float32)])
    unknown_length = ag.function(lambda x: x[1:-1],
                                 input_signature=[ag.TensorSpec([None], ag.float32)])
    np.testing.assert_array_equal(unknown_rank(ag.constant([1.0, 2.0, 3.0])).numpy(), [2, 3])
    np.testing.assert_array_equal(unknown_rank(ag.constant([[1.0], [2.0]])).numpy(), [[2]])
    np.testing.assert_array_equal(unknown_length(ag.constant([1.0, 2.0, 3.0, 4.0])).numpy(),
                                  [2, 3])
