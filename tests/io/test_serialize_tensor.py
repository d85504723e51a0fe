"""`ag.io.serialize_tensor` and `parse_tensor`: TensorFlow 2.21's bytes, eagerly and in graphs."""

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.ops.io import wire
from tests.io.fixtures import ANSWERS

CASES = {
    "float32": ([[1.5, -2.0], [3.25, 0.0]], ag.float32),
    "int32_scalar": (7, ag.int32),
    "int64": ([1, -2, 300], ag.int64),
    "float64": ([0.1], ag.float64),
    "bool": ([True, False, True], ag.bool),
    "string": ([b"ab", b"", b"\xff"], ag.string),
    "string_scalar": (b"hello", ag.string),
    "uint8": ([0, 255], ag.uint8),
    "float16": ([1.0, 2.0], ag.float16),
    "empty": (np.zeros([0, 3], np.float32), ag.float32),
    "int8": ([-1], ag.int8),
    "int16": ([-3], ag.int16),
    "uint16": ([3], ag.uint16),
    "uint32": ([3], ag.uint32),
    "uint64": ([3], ag.uint64),
    "complex64": ([1 + 2j], ag.complex64),
    "complex128": ([1 + 2j], ag.complex128),
    "matrix_int32": (np.arange(6).reshape(2, 3), ag.int32),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_serialize_tensor_gives_tensorflows_bytes(case):
    value, dtype = CASES[case]
    serialized = ag.io.serialize_tensor(ag.constant(value, dtype))
    assert serialized.dtype == ag.string and serialized.shape == ()
    assert serialized.numpy().hex() == ANSWERS["serialized"][case]


@pytest.mark.parametrize("case", sorted(CASES))
def test_parse_tensor_reads_tensorflows_bytes(case):
    value, dtype = CASES[case]
    parsed = ag.io.parse_tensor(bytes.fromhex(ANSWERS["serialized"][case]), dtype)
    expected = np.asarray(value, dtype=dtype.as_numpy_dtype)
    assert parsed.dtype == dtype and parsed.shape == expected.shape
    np.testing.assert_array_equal(parsed.numpy(), expected)


def test_a_wrong_out_type_is_tensorflows_error():
    serialized = ag.io.serialize_tensor([1.0, 2.0])
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        ag.io.parse_tensor(serialized, ag.int32)
    assert e.value.message == ("Type mismatch between parsed tensor (float) and dtype (int32)")
    with pytest.raises(ag.errors.InvalidArgumentError, match=r"\(string\) and dtype \(double\)"):
        ag.io.parse_tensor(ag.io.serialize_tensor("a"), ag.float64)


def test_bytes_that_are_no_tensor_proto_are_refused():
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match="^Could not parse `serialized` as TensorProto: the bytes are not "):
        ag.io.parse_tensor(b"\xff\xff", ag.float32)
    with pytest.raises(ag.errors.InvalidArgumentError, match="has no dtype"):
        ag.io.parse_tensor(b"", ag.float32)


def test_content_of_the_wrong_size_is_refused():
    proto = (wire.varint_field(1, 1) + wire.length_field(2, wire.length_field(2, b"\x08\x03"))
             + wire.length_field(4, b"\x00" * 8))
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match=r"holds 8 bytes where a float tensor of shape \[3\] takes 12"):
        ag.io.parse_tensor(proto, ag.float32)


def _int32_vector(size, values):
    """A TensorProto of an int32 vector whose values are in `int_val` (field 7), as a
    hand-written proto may hold them."""
    shape = wire.length_field(2, wire.length_field(2, wire.varint_field(1, size)))
    return wire.varint_field(1, 3) + shape + b"".join(wire.varint_field(7, v) for v in values)


@pytest.mark.parametrize("values, expected", [([5], [5, 5, 5]), ([5, 6], [5, 6, 6]),
                                              ([], [0, 0, 0]), ([1, 2, 3, 4], [1, 2, 3])])
def test_typed_value_fields_fill_as_tensorflow_fills_them(values, expected):
    # TensorFlow 2.21: int_val=[5] for shape [3] gives [5 5 5]; [5, 6] gives [5 6 6].
    parsed = ag.io.parse_tensor(_int32_vector(3, values), ag.int32)
    np.testing.assert_array_equal(parsed.numpy(), np.array(expected, np.int32))


def test_a_negative_value_in_a_varint_field_keeps_its_sign():
    parsed = ag.io.parse_tensor(_int32_vector(1, [-7]), ag.int32)
    np.testing.assert_array_equal(parsed.numpy(), np.array([-7], np.int32))


def test_serialized_must_be_a_scalar():
    twice = ag.stack([ag.io.serialize_tensor(1.0)] * 2)
    with pytest.raises(ag.errors.InvalidArgumentError, match="rank"):
        ag.io.parse_tensor(twice, ag.float32)


def test_round_trip_inside_a_function_has_a_scalar_and_an_unknown_shape():
    shapes = []

    @ag.function
    def round_trip(x):
        serialized = ag.io.serialize_tensor(x)
        parsed = ag.io.parse_tensor(serialized, ag.float32)
        shapes.append((serialized.shape, parsed.shape))
        return parsed

    x = ag.constant([[1.0, 2.0]])
    np.testing.assert_array_equal(round_trip(x).numpy(), x.numpy())
    assert [(s.as_list(), p.rank) for s, p in shapes] == [([], None)]  # TensorFlow's too


def test_serialized_bytes_inside_a_function_are_tensorflows():
    serialize = ag.function(ag.io.serialize_tensor)
    assert serialize(ag.constant([True, False, True])).numpy().hex() == \
        ANSWERS["serialized"]["bool"]
