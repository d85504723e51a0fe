"""Tests of the string ops: ag.strings.join and ag.strings.length."""

import numpy as np
import pytest

import autograph as ag
from tests.op_testing import assert_tensor


def _strings(items):
    return np.vectorize(lambda s: s.encode(), otypes=[object])(np.array(items, dtype=object))


# join --------------------------------------------------------------------------------------------
def test_join_joins_elementwise(device):
    result = ag.strings.join([["a", "b"], ["x", "yz"]])
    assert_tensor(result, _strings(["ax", "byz"]), dtype=ag.string)


def test_join_inserts_the_separator(device):
    result = ag.strings.join([["a", "b"], ["x", "y"], ["1", "2"]], separator=", ")
    assert_tensor(result, _strings(["a, x, 1", "b, y, 2"]), dtype=ag.string)


def test_join_applies_scalars_to_every_element(device):
    result = ag.strings.join(["<", [["a", "b"], ["c", "d"]], ">"])
    assert_tensor(result, _strings([["<a>", "<b>"], ["<c>", "<d>"]]), dtype=ag.string)


def test_join_of_scalars_is_a_scalar(device):
    assert_tensor(ag.strings.join(["a", "b"], separator="/"), _strings("a/b"), dtype=ag.string)


def test_join_of_one_input_copies_it(device):
    assert_tensor(ag.strings.join([["a", "b"]]), _strings(["a", "b"]), dtype=ag.string)


def test_join_of_no_inputs_is_the_empty_string(device):
    assert_tensor(ag.strings.join([]), _strings(""), dtype=ag.string)


def test_join_of_empty_tensors(device):
    empty = ag.convert_to_tensor(np.zeros((2, 0), dtype=object))
    assert_tensor(ag.strings.join([empty, "x"]), np.zeros((2, 0), dtype=object),
                  dtype=ag.string)


def test_join_keeps_utf8(device):
    assert_tensor(ag.strings.join(["é", "ß"], separator="·"), _strings("é·ß"), dtype=ag.string)


def test_join_accepts_tensors(device):
    a = ag.convert_to_tensor(["p", "q"])
    assert_tensor(ag.strings.join((a, a)), _strings(["pp", "qq"]), dtype=ag.string)


def test_join_rejects_different_shapes():
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match="input 1 has shape \\(3,\\) where earlier inputs have \\(2,\\)"):
        ag.strings.join([["a", "b"], ["x", "y", "z"]])


def test_join_does_not_broadcast_size_one_dimensions():
    with pytest.raises(ag.errors.InvalidArgumentError, match="must have one shape"):
        ag.strings.join([["a"], ["x", "y"]])


def test_join_rejects_numbers():
    with pytest.raises(ag.errors.InvalidArgumentError, match="must be string, got a int32"):
        ag.strings.join([["a"], ag.convert_to_tensor([1])])


def test_join_rejects_a_single_tensor():
    with pytest.raises(TypeError, match="must be a list of tensors"):
        ag.strings.join(ag.convert_to_tensor(["a", "b"]))


# length ------------------------------------------------------------------------------------------
def test_length_counts_bytes(device):
    result = ag.strings.length(["", "abc", "é"])
    assert_tensor(result, np.array([0, 3, 2]), dtype=ag.int32)


def test_length_counts_utf8_characters(device):
    result = ag.strings.length([["héllo", "日本", "", "a\u0301"]], unit="UTF8_CHAR")
    assert_tensor(result, np.array([[5, 2, 0, 2]]), dtype=ag.int32)


def test_length_of_a_scalar(device):
    assert_tensor(ag.strings.length("abcd"), np.int32(4), dtype=ag.int32)


def test_length_of_an_empty_tensor(device):
    empty = ag.convert_to_tensor(np.zeros((0, 3), dtype=object))
    assert_tensor(ag.strings.length(empty), np.zeros((0, 3)), dtype=ag.int32)


def test_length_of_raw_bytes(device):
    t = ag.convert_to_tensor(np.array([b"\xff\xfe", b"a\x00b"], dtype=object))
    assert_tensor(ag.strings.length(t), np.array([2, 3]), dtype=ag.int32)


def test_length_rejects_an_unknown_unit():
    with pytest.raises(ag.errors.InvalidArgumentError, match="'CHAR'.*allowed values"):
        ag.strings.length(["a"], unit="CHAR")


def test_length_rejects_numbers():
    with pytest.raises(ag.errors.InvalidArgumentError, match="must be string, got a float32"):
        ag.strings.length(ag.convert_to_tensor([1.0]))


def test_upper_and_lower_change_ascii_letters_only_by_default_as_tensorflow():
    # TensorFlow 2.21: upper(["Mixed", "é"]) -> [b"MIXED", b"\xc3\xa9"],
    # upper("abé") -> b"AB\xc3\xa9"
    np.testing.assert_array_equal(ag.strings.upper(["Mixed", "é"]).numpy(),
                                  np.array([b"MIXED", "é".encode()], dtype=object))
    assert ag.strings.upper("abé").numpy() == "ABé".encode()


def test_lower_with_utf8_encoding_changes_every_letter_as_tensorflow():
    # TensorFlow 2.21: lower("MiXÉ", encoding="utf-8") -> b"mix\xc3\xa9"
    assert ag.strings.lower("MiXÉ", encoding="utf-8").numpy() == "mixé".encode()
