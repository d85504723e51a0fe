"""convert_to_tensor: TensorFlow's literal rules and lossless explicit dtypes."""

import numpy as np
import pytest

import autograph as ag


@pytest.mark.parametrize("value, dtype", [
    (1, ag.int32), (2 ** 40, ag.int64), (1.5, ag.float32), (True, ag.bool), ("a", ag.string),
    (b"a", ag.string), ([1, 2], ag.int32), ([1, 2.5], ag.float32), ([[True], [False]], ag.bool),
    ([], ag.float32), (np.float64(1), ag.float64), (np.arange(3), ag.int64),
    (np.array(["x", "yz"]), ag.string), ([np.float64(1), 2], ag.float64),
    ([np.int64(1), 2.5], ag.float32),
])
def test_inferred_dtypes_follow_tensorflow(value, dtype):
    assert ag.convert_to_tensor(value).dtype is dtype


@pytest.mark.parametrize("value, expected, dtype", [
    (range(3), [0, 1, 2], ag.int32), (range(1, 7, 2), [1, 3, 5], ag.int32),
    ([range(2), range(2)], [[0, 1], [0, 1]], ag.int32), (range(0), np.zeros([0]), ag.float32),
])
def test_a_range_converts_as_the_sequence_of_its_ints(value, expected, dtype):
    # TensorFlow 2.21's answers (tf.constant and tf.convert_to_tensor agree).
    t = ag.convert_to_tensor(value)
    assert t.dtype is dtype
    np.testing.assert_array_equal(t.numpy(), expected)


def test_a_range_takes_an_explicit_dtype():
    np.testing.assert_array_equal(ag.constant(range(3), ag.float32).numpy(), [0.0, 1.0, 2.0])


def test_strings_become_utf8_bytes():
    t = ag.convert_to_tensor(["héllo", b"x"])
    assert t.numpy().tolist() == ["héllo".encode(), b"x"]


@pytest.mark.parametrize("value, dtype", [
    (1, ag.float32), (3, ag.uint8), ([1, 2], ag.float64), (np.float64(2.5), ag.float32),
    (np.arange(3, dtype=np.int64), ag.int32), (True, ag.bool),
])
def test_lossless_explicit_dtypes_are_accepted(value, dtype):
    t = ag.convert_to_tensor(value, dtype=dtype)
    assert t.dtype is dtype
    np.testing.assert_array_equal(t.numpy(), np.asarray(value).astype(dtype.as_numpy_dtype))


@pytest.mark.parametrize("value, dtype", [
    (1.5, ag.int32), ([1.0], ag.int64), (True, ag.int32),
    ("a", ag.float32), (np.array([1.5]), ag.int32),
])
def test_lossy_explicit_dtypes_are_type_errors(value, dtype):
    with pytest.raises(TypeError, match=f"dtype {dtype.name}"):
        ag.convert_to_tensor(value, dtype=dtype)


@pytest.mark.parametrize("dtype", [ag.float64, ag.complex128], ids=lambda d: d.name)
def test_a_python_float_keeps_its_double_precision_in_a_64_bit_dtype(dtype):
    # TensorFlow 2.21: tf.constant(6.40422650443282, tf.float64) is exactly that double.
    assert ag.constant(6.40422650443282, dtype).numpy() == 6.40422650443282
    assert ag.convert_to_tensor(0.1, dtype).numpy() == 0.1


def test_a_list_of_python_floats_keeps_double_precision_in_float64():
    # TensorFlow 2.21: tf.constant([0.1 + 0.2, 1 / 3], tf.float64) holds those doubles.
    assert ag.constant([[0.1 + 0.2, 1 / 3]], ag.float64).numpy().tolist() == [[0.1 + 0.2, 1 / 3]]


def test_a_python_float_added_to_a_float64_tensor_is_not_rounded_to_float32():
    # TensorFlow 2.21 gives 1.1 (the double nearest), not 1.1000000014901161.
    assert (ag.constant(1.0, ag.float64) + 0.1).numpy() == 1.0 + 0.1


def test_a_python_float_in_float16_is_rounded_once():
    assert ag.constant(0.1, ag.float16).numpy() == np.float16(0.1)


def test_tensor_of_other_dtype_is_a_value_error():
    with pytest.raises(ValueError, match="requested dtype float32 for a tensor of dtype int32"):
        ag.convert_to_tensor(ag.convert_to_tensor(1), dtype=ag.float32)


def test_dtype_hint_is_used_only_when_possible():
    assert ag.convert_to_tensor(1, dtype_hint=ag.float32).dtype is ag.float32
    assert ag.convert_to_tensor(1.5, dtype_hint=ag.int32).dtype is ag.float32


@pytest.mark.parametrize("value, message", [
    ([[1, 2], [3]], "non-rectangular"), (None, "unsupported type"), (object(), "unsupported"),
    ([1, "a"], "mixes strings"), (np.array(["2020-01-01"], "datetime64[D]"), "Cannot convert"),
])
def test_unconvertible_values_are_clear_errors(value, message):
    with pytest.raises((TypeError, ValueError), match=message):
        ag.convert_to_tensor(value)


def test_empty_list_takes_any_explicit_dtype():
    t = ag.convert_to_tensor([[], []], dtype=ag.int32)
    assert t.dtype is ag.int32 and t.shape == ag.TensorShape([2, 0])


def test_python_scalars_are_cached_but_signed_zeros_are_told_apart():
    assert ag.convert_to_tensor(2.0) is ag.convert_to_tensor(2.0)
    assert np.signbit(ag.convert_to_tensor(-0.0).numpy())
    assert not np.signbit(ag.convert_to_tensor(0.0).numpy())
    assert ag.convert_to_tensor(1).dtype is ag.int32
    assert ag.convert_to_tensor(True).dtype is ag.bool


def test_tensor_passes_through_unchanged():
    t = ag.convert_to_tensor([1.0])
    assert ag.convert_to_tensor(t) is t


def test_a_list_holding_symbolic_tensors_is_packed_into_one_tensor():
    graph = ag.Graph()
    with graph.as_default():
        n = ag.placeholder(ag.int32, [])
        packed = ag.convert_to_tensor([[n, 1], [2, n]])
    assert (packed.dtype, packed.shape.as_list()) == (ag.int32, [2, 2])
    with ag.Session(graph=graph) as session:
        np.testing.assert_array_equal(session.run(packed, {n: 5}), [[5, 1], [2, 5]])


def test_zeros_takes_a_shape_list_holding_a_tensor_while_tracing():
    @ag.function(autograph=False)
    def rows_of_four(n):
        return ag.zeros([n, 4])
    assert rows_of_four(ag.constant(3)).shape == (3, 4)
