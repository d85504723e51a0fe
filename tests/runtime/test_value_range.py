"""Python ints outside a dtype's range, and strings where numbers are expected.

TensorFlow 2.21 raises `ValueError: Can't convert Python sequence with out-of-range integer to
Tensor.` for ints beyond int64 (`tf.constant(2**70)`, `tf.constant([1, 2**70])`,
`tf.constant(2**70, dtype=tf.int64)`) and makes `tf.constant(2**40)` an int64. It silently
wraps ints that do not fit a narrower dtype (`tf.constant(-1, dtype=tf.uint8)` is 255,
`tf.constant(300, dtype=tf.int8)` is 44); we deliberately raise the same ValueError there
instead, since a wrapped value is a wrong answer.
"""

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.core.errors import InvalidArgumentError
from tests.op_testing import assert_tensor


def test_ints_beyond_int32_become_int64():
    assert_tensor(ag.constant(2 ** 40), np.int64(2 ** 40), dtype=ag.int64)
    assert_tensor(ag.constant([1, 2 ** 40]), np.array([1, 2 ** 40], np.int64), dtype=ag.int64)


@pytest.mark.parametrize("value", [2 ** 70, -2 ** 70, 2 ** 63, [1, 2 ** 70], [[2 ** 64]]])
def test_ints_beyond_int64_are_value_errors_naming_value_dtype_and_range(value):
    with pytest.raises(ValueError, match=r"to a tensor of dtype int64: it is outside the range "
                                         r"of int64, \[-9223372036854775808, "
                                         r"9223372036854775807\]\. To keep it, pass a float"):
        ag.constant(value)


def test_an_int_beyond_int64_with_dtype_int64_is_the_same_error():
    with pytest.raises(ValueError, match="outside the range of int64"):
        ag.constant(2 ** 70, dtype=ag.int64)


def test_the_error_names_the_value():
    with pytest.raises(ValueError, match="Cannot convert 1180591620717411303424 to"):
        ag.constant(2 ** 70)


def test_huge_ints_convert_to_floats():
    assert_tensor(ag.constant(2 ** 70, dtype=ag.float32), np.float32(2.0 ** 70),
                  dtype=ag.float32)


def test_lists_of_huge_ints_convert_to_float_and_complex_dtypes():
    # TensorFlow: tf.constant([2**70], dtype=tf.float32) is [1.1805916e+21].
    assert_tensor(ag.constant([2 ** 70], dtype=ag.float32), np.array([2.0 ** 70], np.float32),
                  dtype=ag.float32)
    assert_tensor(ag.constant([[2 ** 70], [1]], dtype=ag.complex64),
                  np.array([[2.0 ** 70], [1]], np.complex64), dtype=ag.complex64)


def test_lists_mixing_huge_ints_and_floats_without_a_dtype_are_range_errors():
    # TensorFlow: tf.constant([2**70, 1.5]) is the same out-of-range ValueError.
    with pytest.raises(ValueError, match="outside the range of int64"):
        ag.constant([2 ** 70, 1.5])


def test_ints_beyond_int64_with_a_narrow_dtype_recommend_a_float():
    with pytest.raises(ValueError, match=r"dtype int8: .*\[-128, 127\]\. To keep it, pass a "
                                         r"float dtype"):
        ag.constant([2 ** 70], dtype=ag.int8)


@pytest.mark.parametrize("value, dtype, message", [
    (-1, ag.uint8, r"Cannot convert -1 to a tensor of dtype uint8: .*\[0, 255\]"),
    (300, ag.int8, r"Cannot convert 300 to a tensor of dtype int8: .*\[-128, 127\]"),
    ([1, 300], ag.int8, r"Cannot convert 300 to a tensor of dtype int8"),
    (2 ** 40, ag.int32, r"dtype int32: .*\[-2147483648, 2147483647\]"),
])
def test_ints_outside_a_narrower_dtype_are_value_errors_not_wrapped(value, dtype, message):
    with pytest.raises(ValueError, match=message + r".*pass dtype=ag\.int64 or a float dtype"):
        ag.constant(value, dtype=dtype)


def test_operators_with_huge_python_ints_raise_the_range_error():
    with pytest.raises(ValueError, match="outside the range of int64"):
        ag.constant(1, dtype=ag.int64) + 2 ** 70


def test_a_python_string_where_a_float_is_expected_points_at_to_number():
    with pytest.raises(TypeError, match=r"it holds strings\. To parse numbers from strings use "
                                        r"ag\.strings\.to_number\(x, out_type=ag\.float32\)"):
        ag.constant("1.5", dtype=ag.float32)


def test_a_string_tensor_where_a_float_is_expected_points_at_to_number():
    with pytest.raises(ValueError, match=r"ag\.strings\.to_number\(x, out_type=ag\.float32\)"):
        ag.convert_to_tensor(ag.constant("1.5"), dtype=ag.float32)


def test_casting_strings_points_at_to_number():
    with pytest.raises(InvalidArgumentError, match=r"ag\.strings\.to_number\(x, "
                                                   r"out_type=ag\.float32\)"):
        ag.cast(ag.constant("1.5"), ag.float32)


def test_the_recommended_conversion_exists_and_works():
    assert_tensor(ag.strings.to_number(ag.constant("1.5"), out_type=ag.float32), np.float32(1.5))


def test_numbers_where_strings_are_expected_recommend_no_cast():
    with pytest.raises(TypeError) as info:
        ag.constant([1], dtype=ag.string)
    assert "ag.cast" not in str(info.value) and "no op converts int32 to string" in str(
        info.value).lower()


def test_strings_to_a_dtype_to_number_lacks_recommend_parsing_then_casting():
    with pytest.raises(InvalidArgumentError, match=r"to_number\(x, out_type=ag\.int64\), then "
                                                   r"ag\.cast\(\.\.\., ag\.int8\)"):
        ag.cast(ag.constant("1"), ag.int8)
    with pytest.raises(TypeError, match=r"out_type=ag\.float32\), then ag\.cast\(\.\.\., "
                                        r"ag\.float16\)"):
        ag.constant("1", dtype=ag.float16)
