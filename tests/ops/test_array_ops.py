"""The array ops and their functions against NumPy, on every device, with their errors."""

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.eager.dispatch import infer_shapes
from autograph.runtime.ops.array import ops as array_ops
from tests.op_testing import assert_tensor

NUMBERS = [ag.float16, ag.float32, ag.float64, ag.int8, ag.int16, ag.int32, ag.int64, ag.uint8,
           ag.uint16, ag.uint32, ag.uint64]
ALL = NUMBERS + [ag.bool, ag.string]


def _array(shape, dtype=ag.float32):
    """Distinct, deterministic values of `dtype` (bytes for strings)."""
    n = int(np.prod(shape))
    if dtype is ag.string:
        return np.array([str(i).encode() for i in range(n)], dtype=object).reshape(shape)
    if dtype is ag.bool:
        return (np.arange(n) % 3 == 0).reshape(shape)
    return (np.arange(n) % 100).astype(dtype.as_numpy_dtype).reshape(shape)


def _t(value, dtype=None):
    return ag.convert_to_tensor(value, dtype=dtype)


# Identity, Reshape, Shape, Size, Rank -------------------------------------------------------------
@pytest.mark.parametrize("dtype", ALL, ids=lambda d: d.name)
def test_identity_keeps_values_and_dtype(device, dtype):
    x = _array((2, 3), dtype)
    assert_tensor(ag.identity(_t(x)), x, dtype=dtype)


def test_identity_of_a_scalar(device):
    assert_tensor(ag.identity(2.5), np.float32(2.5), dtype=ag.float32)


@pytest.mark.parametrize("dtype", ALL, ids=lambda d: d.name)
def test_reshape_infers_the_minus_one(device, dtype):
    x = _array((2, 3, 4), dtype)
    assert_tensor(ag.reshape(_t(x), [4, -1]), x.reshape(4, -1), dtype=dtype)


@pytest.mark.parametrize("shape", [[], [1], [1, 1, 1]])
def test_reshape_scalar_and_back(device, shape):
    assert_tensor(ag.reshape(_t(np.float64(7)), shape), np.float64(7).reshape(shape))
    assert_tensor(ag.reshape(_t(np.ones(shape)), []), np.float64(1))


def test_reshape_accepts_an_int64_shape(device):
    assert_tensor(ag.reshape([1, 2, 3, 4], _t(np.array([2, 2], np.int64))), [[1, 2], [3, 4]])


def test_reshape_infers_minus_one_for_empty_tensors_as_tensorflow(device):
    assert ag.reshape(_t(np.zeros((2, 0))), [-1, 0]).shape == (2, 0)
    assert ag.reshape(_t(np.zeros((0, 3))), [-1, 3]).shape == (0, 3)


def test_reshape_with_the_wrong_element_count_fails(device):
    with pytest.raises(InvalidArgumentError, match=r"Cannot reshape a tensor with 6 elements "
                                                   r"to shape \(4,\)"):
        ag.reshape([1, 2, 3, 4, 5, 6], [4])


def test_reshape_minus_one_that_does_not_divide_fails(device):
    with pytest.raises(InvalidArgumentError, match=r"6 elements to shape \(4, -1\)"):
        ag.reshape([1, 2, 3, 4, 5, 6], [4, -1])


def test_reshape_with_two_minus_ones_fails(device):
    with pytest.raises(InvalidArgumentError, match="at most one -1"):
        ag.reshape([1, 2, 3, 4], [-1, -1])


def test_reshape_with_a_float_shape_names_the_dtype(device):
    with pytest.raises(InvalidArgumentError, match="float32"):
        ag.reshape([1, 2], _t([2.0]))


@pytest.mark.parametrize("out_type", [ag.int32, ag.int64], ids=lambda d: d.name)
def test_shape_size_and_rank(device, out_type):
    x = _t(_array((2, 0, 3), ag.string))
    assert_tensor(ag.shape(x, out_type=out_type), [2, 0, 3], dtype=out_type)
    assert_tensor(ag.size(x, out_type=out_type), out_type.as_numpy_dtype(0), dtype=out_type)
    assert_tensor(ag.rank(x), np.int32(3), dtype=ag.int32)


def test_shape_of_a_scalar_is_empty(device):
    assert_tensor(ag.shape(3.0), np.zeros((0,), np.int32), dtype=ag.int32)
    assert_tensor(ag.size(3.0), np.int32(1))
    assert_tensor(ag.rank(3.0), np.int32(0))


def test_shape_rejects_a_float_out_type(device):
    with pytest.raises(InvalidArgumentError, match="float32"):
        ag.shape([1], out_type=ag.float32)


# ExpandDims, Squeeze, Transpose ------------------------------------------------------------------
@pytest.mark.parametrize("axis", [0, 1, 2, -1, -3])
def test_expand_dims(device, axis):
    x = _array((2, 3), ag.int16)
    assert_tensor(ag.expand_dims(_t(x), axis), np.expand_dims(x, axis), dtype=ag.int16)


def test_expand_dims_out_of_range_fails(device):
    with pytest.raises(InvalidArgumentError, match=r"axis 3 is out of range.*\[-2, 1\]"):
        ag.expand_dims([1, 2], 3)


@pytest.mark.parametrize("axis", [None, 0, -1, [0, 2]])
def test_squeeze(device, axis):
    x = _array((1, 3, 1), ag.bool)
    expected = np.squeeze(x, axis=None if axis is None else tuple(np.atleast_1d(axis)))
    assert_tensor(ag.squeeze(_t(x), axis), expected, dtype=ag.bool)


def test_squeeze_of_a_dimension_that_is_not_one_fails(device):
    with pytest.raises(InvalidArgumentError, match=r"squeeze dim\[1\].*got 3"):
        ag.squeeze(_t(np.zeros((1, 3))), 1)


def test_squeeze_with_a_bad_axis_fails(device):
    with pytest.raises(InvalidArgumentError, match="axis 2 is out of range"):
        ag.squeeze(_t(np.zeros((1, 1))), 2)


@pytest.mark.parametrize("dtype", ALL, ids=lambda d: d.name)
def test_transpose_reverses_dimensions_by_default(device, dtype):
    x = _array((2, 3, 4), dtype)
    assert_tensor(ag.transpose(_t(x)), x.T, dtype=dtype)


@pytest.mark.parametrize("perm", [[0, 1, 2], [1, 2, 0], [2, 0, 1]])
def test_transpose_with_a_perm(device, perm):
    x = _array((2, 3, 4))
    assert_tensor(ag.transpose(_t(x), perm), np.transpose(x, perm))


def test_transpose_of_an_empty_tensor(device):
    assert ag.transpose(_t(np.zeros((2, 0)))).shape == (0, 2)


def test_transpose_with_conjugate_is_a_transpose(device):
    assert_tensor(ag.transpose([[1, 2]], conjugate=True), [[1], [2]])


def test_transpose_with_a_perm_of_the_wrong_length_fails(device):
    with pytest.raises(InvalidArgumentError, match=r"rank 2\), but it has 3"):
        ag.transpose([[1, 2]], [0, 1, 2])


def test_transpose_with_a_repeated_perm_fails(device):
    with pytest.raises(InvalidArgumentError, match=r"perm \[1, 1\] is not a permutation"):
        ag.transpose([[1, 2]], [1, 1])


# ConcatV2, Pack, Unpack ---------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ALL, ids=lambda d: d.name)
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_concat(device, dtype, axis):
    a, b = _array((2, 3), dtype), _array((2, 3), dtype)[::-1]
    assert_tensor(ag.concat([_t(a), _t(b)], axis), np.concatenate([a, b], axis), dtype=dtype)


def test_concat_of_one_tensor_and_of_empty_tensors(device):
    assert_tensor(ag.concat([[1, 2]], 0), [1, 2])
    empty = _t(np.zeros((0, 3), np.float32))
    assert_tensor(ag.concat([empty, empty], 0), np.zeros((0, 3), np.float32))


def test_concat_with_mismatched_dimensions_fails(device):
    with pytest.raises(InvalidArgumentError, match=r"values\[1\] has shape \(2, 4\).*except "
                                                   r"axis 0"):
        ag.concat([_t(np.zeros((2, 3))), _t(np.zeros((2, 4)))], 0)


def test_concat_of_different_dtypes_names_them(device):
    with pytest.raises(InvalidArgumentError, match="int32.*float32|float32.*int32"):
        ag.concat([_t([1]), _t([1.0])], 0)


def test_concat_of_scalars_fails(device):
    with pytest.raises(InvalidArgumentError, match="scalars"):
        ag.concat([1, 2], 0)


def test_concat_with_a_bad_axis_fails(device):
    with pytest.raises(InvalidArgumentError, match="axis 2 is out of range"):
        ag.concat([[1], [2]], 2)


@pytest.mark.parametrize("axis", [0, 1, 2, -1, -3])
def test_stack(device, axis):
    xs = [_array((2, 3), ag.uint8) + i for i in range(4)]
    assert_tensor(ag.stack([_t(x) for x in xs], axis), np.stack(xs, axis), dtype=ag.uint8)


def test_stack_of_scalars_and_strings(device):
    assert_tensor(ag.stack([1.0, 2.0]), np.array([1, 2], np.float32))
    assert_tensor(ag.stack([_t("a"), _t("b")]), np.array([b"a", b"b"], dtype=object))


def test_stack_of_different_shapes_fails(device):
    with pytest.raises(InvalidArgumentError, match=r"values\[1\] has shape \(3,\)"):
        ag.stack([[1, 2], [1, 2, 3]])


def test_stack_with_a_bad_axis_fails(device):
    with pytest.raises(InvalidArgumentError, match=r"axis 3 is out of range.*\[-2, 1\]"):
        ag.stack([[1], [2]], axis=3)


@pytest.mark.parametrize("axis", [0, 1, -1])
def test_unstack(device, axis):
    x = _array((2, 3, 4), ag.int64)
    parts = ag.unstack(_t(x), axis=axis)
    expected = [np.take(x, i, axis=axis) for i in range(x.shape[axis])]
    assert len(parts) == len(expected)
    for part, e in zip(parts, expected):
        assert_tensor(part, e, dtype=ag.int64)


def test_unstack_of_strings_and_of_an_empty_dimension(device):
    parts = ag.unstack(_t(_array((2,), ag.string)))
    assert [p.numpy() for p in parts] == [b"0", b"1"]
    assert ag.unstack(_t(np.zeros((0, 2)))) == []


def test_unstack_with_a_wrong_num_fails(device):
    with pytest.raises(InvalidArgumentError, match="size 2 into num=3"):
        ag.unstack([[1], [2]], num=3)


def test_unstack_with_a_bad_axis_fails(device):
    with pytest.raises(InvalidArgumentError, match="axis 2 is out of range"):
        ag.unstack([[1], [2]], axis=2)


# Split, Tile, BroadcastTo -------------------------------------------------------------------------
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_split_into_equal_parts(device, axis):
    x = _array((4, 6, 2), ag.float64)
    parts = ag.split(_t(x), 2, axis=axis)
    for part, e in zip(parts, np.split(x, 2, axis=axis)):
        assert_tensor(part, e, dtype=ag.float64)


@pytest.mark.parametrize("sizes", [[1, 2, 3], [2, -1], [0, 6], [-1]])
def test_split_into_sizes(device, sizes):
    x = _array((2, 6), ag.int32)
    resolved = [6 - sum(s for s in sizes if s >= 0) if s == -1 else s for s in sizes]
    parts = ag.split(_t(x), sizes, axis=1)
    for part, e in zip(parts, np.split(x, np.cumsum(resolved)[:-1], axis=1)):
        assert_tensor(part, e)


def test_split_of_strings(device):
    parts = ag.split(_t(_array((4,), ag.string)), [1, 3])
    assert [p.numpy().tolist() for p in parts] == [[b"0"], [b"1", b"2", b"3"]]


def test_split_that_does_not_divide_fails(device):
    with pytest.raises(InvalidArgumentError, match="size 5 into 2 equal parts"):
        ag.split([1, 2, 3, 4, 5], 2)


def test_split_of_a_dimension_known_only_when_it_runs_that_does_not_divide_fails():
    @ag.function(input_signature=[ag.TensorSpec([None], ag.int32)])
    def halves(x):
        return ag.split(x, 2)
    assert halves(_t([1, 2, 3, 4], ag.int32))[1].numpy().tolist() == [3, 4]
    with pytest.raises(InvalidArgumentError, match="dimension 0 of size 5 into 2 equal parts; "
                                                   "pass a list of sizes to ag.split for "
                                                   "unequal parts"):
        halves(_t([1, 2, 3, 4, 5], ag.int32))


def test_split_sizes_that_do_not_add_up_fail(device):
    with pytest.raises(InvalidArgumentError, match=r"size_splits \[1, 2\] must add up to the "
                                                   r"size 5"):
        ag.split([1, 2, 3, 4, 5], [1, 2])


@pytest.mark.parametrize("multiples", [[1, 1], [2, 3], [0, 2], [3, 0]])
def test_tile(device, multiples):
    x = _array((2, 3), ag.int8)
    assert_tensor(ag.tile(_t(x), multiples), np.tile(x, multiples), dtype=ag.int8)


def test_shape_arguments_of_scalars_may_be_empty_lists(device):
    assert_tensor(ag.tile(3, []), np.int32(3))
    assert_tensor(ag.broadcast_to(3, []), np.int32(3))
    assert_tensor(ag.reverse(3, []), np.int32(3))
    assert_tensor(ag.transpose(3, []), np.int32(3))


def test_tile_with_the_wrong_number_of_multiples_fails(device):
    with pytest.raises(InvalidArgumentError, match=r"rank 2\), but it has 1"):
        ag.tile([[1, 2]], [2])


def test_tile_with_a_negative_multiple_fails(device):
    with pytest.raises(InvalidArgumentError, match=r"multiples must be >= 0, got \[-1\]"):
        ag.tile([1, 2], [-1])


@pytest.mark.parametrize("dtype", ALL, ids=lambda d: d.name)
def test_broadcast_to(device, dtype):
    x = _array((3, 1), dtype)
    assert_tensor(ag.broadcast_to(_t(x), [2, 3, 4]), np.broadcast_to(x, (2, 3, 4)), dtype=dtype)


def test_broadcast_to_from_a_scalar_and_to_empty(device):
    assert_tensor(ag.broadcast_to(5, [2, 2]), np.full((2, 2), 5, np.int32))
    assert_tensor(ag.broadcast_to([1.0], [0]), np.zeros((0,), np.float32))


def test_broadcast_to_an_incompatible_shape_fails(device):
    with pytest.raises(InvalidArgumentError, match=r"shape \(2,\) to shape \(3,\)"):
        ag.broadcast_to([1, 2], [3])


def test_broadcast_to_a_lower_rank_fails(device):
    with pytest.raises(InvalidArgumentError, match="lower rank"):
        ag.broadcast_to([[1, 2]], [2])


# Reverse, Pad -------------------------------------------------------------------------------------
@pytest.mark.parametrize("axis", [[], [0], [1], [-1], [0, 2], 1])
def test_reverse(device, axis):
    x = _array((2, 3, 4), ag.uint32)
    expected = np.flip(x, axis=tuple(np.atleast_1d(axis))) if axis != [] else x
    assert_tensor(ag.reverse(_t(x), axis), expected, dtype=ag.uint32)


def test_reverse_naming_an_axis_twice_fails(device):
    with pytest.raises(InvalidArgumentError, match="more than once"):
        ag.reverse([[1, 2]], [1, -1])


@pytest.mark.parametrize("dtype", ALL, ids=lambda d: d.name)
def test_pad_with_a_constant(device, dtype):
    x = _array((2, 3), dtype)
    fill = x.flat[1]
    expected = np.pad(x, [(1, 0), (2, 1)], constant_values=fill)
    assert_tensor(ag.pad(_t(x), [[1, 0], [2, 1]], constant_values=_t(fill)), expected,
                  dtype=dtype)


def test_pad_of_strings_fills_with_python_bytes(device):
    padded = ag.pad(_t([["a"]]), [[1, 0], [0, 1]], constant_values="z").numpy()
    assert [type(v) for v in padded.flat] == [bytes] * 4


def test_pad_fills_with_zero_of_the_tensor_dtype_by_default(device):
    assert_tensor(ag.pad([1.5], [[1, 1]]), np.array([0, 1.5, 0], np.float32), dtype=ag.float32)


def test_pad_with_a_negative_zero_keeps_its_sign(device):
    padded = ag.pad([1.5], [[1, 1]], constant_values=-0.0).numpy()
    np.testing.assert_array_equal(np.signbit(padded), [True, False, True])


@pytest.mark.parametrize("mode", ["REFLECT", "SYMMETRIC", "reflect", "Symmetric"])
def test_pad_with_mirrored_edges(device, mode):
    x = _array((3, 4), ag.float32)
    pads = [[2, 1], [0, 3]]
    assert_tensor(ag.pad(_t(x), pads, mode=mode), np.pad(x, pads, mode=mode.lower()))


def test_pad_of_an_empty_tensor_and_with_no_padding(device):
    assert_tensor(ag.pad(_t(np.zeros((0, 2))), [[1, 1], [0, 0]]), np.zeros((2, 2)))
    assert_tensor(ag.pad(_t(np.zeros((0,))), [[0, 0]], mode="REFLECT"), np.zeros((0,)))


def test_pad_with_an_unknown_mode_fails(device):
    with pytest.raises(ValueError, match="'WRAP'"):
        ag.pad([1, 2], [[1, 1]], mode="WRAP")


def test_pad_with_negative_paddings_fails(device):
    with pytest.raises(InvalidArgumentError, match="paddings must be >= 0"):
        ag.pad([1, 2], [[-1, 1]])


def test_pad_with_paddings_of_the_wrong_shape_fails(device):
    with pytest.raises(InvalidArgumentError, match=r"paddings must have shape \(2, 2\)"):
        ag.pad([[1, 2]], [[1, 1]])


def test_reflect_pad_wider_than_the_dimension_fails(device):
    with pytest.raises(InvalidArgumentError, match="REFLECT mode.*at most 1, got"):
        ag.pad([1, 2], [[2, 0]], mode="REFLECT")


# Shape functions without input values (graph mode) ------------------------------------------------
def _x(shape, dtype=np.float32):
    return np.zeros(shape, dtype)


@pytest.mark.parametrize("op, inputs, attrs, expected", [
    ("Reshape", [_x((2, 3)), np.array([3, -1], np.int32)], {}, [(None, None)]),
    ("ExpandDims", [_x((2, 3)), np.int32(0)], {}, [(None, None, None)]),
    ("Transpose", [_x((2, 3)), np.array([1, 0], np.int32)], {}, [(None, None)]),
    ("ConcatV2", [[_x((2, 3)), _x((2, 3))], np.int32(0)], {}, [(None, None)]),
    ("Tile", [_x((2, 3)), np.array([1, 2], np.int32)], {}, [(None, None)]),
    ("Where", [_x((2, 3), bool)], {}, [(None, 2)]),
    ("Split", [np.int32(0), _x((4, 3))], {"num_split": 2}, [[(None, None), (None, None)]]),
    ("StridedSlice", [_x((2, 3)), np.array([0], np.int32), np.array([1], np.int32),
                      np.array([1], np.int32)], {"shrink_axis_mask": 1}, [(3,)]),
    ("StridedSlice", [_x((2, 3)), np.array([0, 0], np.int32), np.array([1, 1], np.int32),
                      np.array([1, 1], np.int32)], {"new_axis_mask": 1}, [(1, None, 3)]),
    ("Slice", [_x((2, 3)), np.array([0, 0], np.int32), np.array([1, 2], np.int32)], {},
     [(None, None)]),
    ("PadV2", [_x((2, 3)), np.zeros((2, 2), np.int32), np.float32(0)], {}, [(None, None)]),
    ("GatherV2", [_x((2, 3)), np.zeros((4,), np.int32), np.int32(0)], {"batch_dims": 0},
     [(None, None)]),
    ("OneHot", [np.zeros((2,), np.int32), np.int32(3), np.float32(1), np.float32(0)],
     {"axis": -1}, [(2, None)]),
    ("BroadcastTo", [_x((3,)), np.array([2, 3], np.int32)], {}, [(None, None)]),
])
def test_shape_functions_give_partial_shapes_without_values(op, inputs, attrs, expected):
    tensors = [[_t(v) for v in x] if isinstance(x, list) else _t(x) for x in inputs]
    assert infer_shapes(op, tensors, attrs, with_values=False) == expected


def test_array_ops_exports_the_family_api():
    assert "tensor_getitem" not in array_ops.__all__
    assert all(callable(getattr(ag, name)) for name in array_ops.__all__ if name != "newaxis")
