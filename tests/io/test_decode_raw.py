"""`ag.io.decode_raw`: TensorFlow 2.21's values and errors (recorded there)."""

import numpy as np
import pytest

import autograph as ag


def test_one_string_gives_its_bytes():
    assert ag.io.decode_raw(ag.constant("Duck"), ag.uint8).numpy().tolist() == [68, 117, 99, 107]


def test_strings_give_one_row_each_in_either_byte_order():
    strings = ag.constant(["abcd", "efgh"])
    assert ag.io.decode_raw(strings, ag.int16).numpy().tolist() == [[25185, 25699],
                                                                    [26213, 26727]]
    assert ag.io.decode_raw(strings, ag.int16, little_endian=False).numpy().tolist() == [
        [24930, 25444], [25958, 26472]]


def test_floats_keep_the_input_shape_and_add_a_dim():
    decoded = ag.io.decode_raw(ag.constant([[b"\x00\x00\x80\x3f"]]), ag.float32)
    assert decoded.shape == (1, 1, 1) and decoded.numpy().item() == 1.0


def test_fixed_length_cuts_or_pads_with_zero_bytes():
    decoded = ag.io.decode_raw(ag.constant(["ab", "efgh"]), ag.uint8, fixed_length=3)
    assert decoded.numpy().tolist() == [[97, 98, 0], [101, 102, 103]]


def test_strings_of_different_lengths_are_tensorflows_error():
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match="DecodeRaw requires input strings to all be the same size, but "
                             "element 1 has size 3 != 4"):
        ag.io.decode_raw(ag.constant(["abc", "efgh"]), ag.uint8)


def test_a_length_that_is_not_a_multiple_of_the_size_is_tensorflows_error():
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match="Input to DecodeRaw has length 3 that is not a multiple of 4, the "
                             "size of int32"):
        ag.io.decode_raw(ag.constant("abc"), ag.int32)


def test_it_runs_in_a_function():
    @ag.function
    def bytes_of(s):
        return ag.io.decode_raw(s, ag.uint8)

    np.testing.assert_array_equal(bytes_of(ag.constant(["ab", "cd"])).numpy(),
                                  [[97, 98], [99, 100]])
