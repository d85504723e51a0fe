"""ag.strings.split, bytes_split, unicode_split and to_number, eagerly and in functions.

Expected values are TensorFlow 2.21's answers: a 1-D tensor for one string, a RaggedTensor
(one row of pieces per string) for more.
"""

import numpy as np
import pytest

import autograph as ag
from autograph.runtime import execute
from autograph.runtime.core.errors import InvalidArgumentError
from tests.op_testing import assert_tensor


def _strings(*items):
    return np.array([s.encode("utf-8") if isinstance(s, str) else s for s in items], dtype=object)


# split -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, kwargs, expected", [
    ("a b  c", {}, ["a", "b", "c"]),
    ("a,b,,c", {"sep": ","}, ["a", "b", "", "c"]),
    ("a b c d", {"maxsplit": 2}, ["a", "b", "c d"]),
    ("a,b,,c", {"sep": ",", "maxsplit": 1}, ["a", "b,,c"]),
    ("", {}, []),
    ("", {"sep": ","}, [""]),
    ("   ", {}, []),
    ("  a  b ", {}, ["a", "b"]),
    ("a\tb\nc", {}, ["a", "b", "c"]),
    ("a<>b<>c", {"sep": "<>"}, ["a", "b", "c"]),
    ("abc", {"sep": ""}, ["abc"]),
    ("é ü", {}, ["é", "ü"]),
    ("a\x0bb\rc\x0cd", {}, ["a", "b", "c", "d"]),
    ("a\xa0b", {}, ["a\xa0b"]),
    (" a b c", {"maxsplit": 1}, ["a", "b c"]),
    ("a b ", {"maxsplit": 1}, ["a", "b "]),
    (" a b ", {"maxsplit": 0}, [" a b "]),
    ("", {"maxsplit": 0}, [""]),
    ("a,b,c", {"sep": ",", "maxsplit": 0}, ["a,b,c"]),
])
def test_split_of_one_string_matches_tensorflow(text, kwargs, expected, device):
    assert_tensor(ag.strings.split(text, **kwargs), _strings(*expected), dtype=ag.string)


def test_split_of_a_scalar_tensor_is_one_dimensional():
    result = ag.strings.split(ag.constant("x y"))
    assert result.shape.as_list() == [2]


_SPLITS = {"split": ag.strings.split, "bytes_split": ag.strings.bytes_split,
           "unicode_split": lambda x: ag.strings.unicode_split(x, "UTF-8")}


@pytest.mark.parametrize("fn, value, expected", [
    ("split", ["a b", "c"], "<ag.RaggedTensor [[b'a', b'b'], [b'c']]>"),
    ("split", [["a b"], ["c"]], "<ag.RaggedTensor [[[b'a', b'b']],\n [[b'c']]]>"),
    ("bytes_split", ["a b", "c"], "<ag.RaggedTensor [[b'a', b' ', b'b'], [b'c']]>"),
    ("bytes_split", [["a b"], ["c"]], "<ag.RaggedTensor [[[b'a', b' ', b'b']],\n [[b'c']]]>"),
    ("unicode_split", ["a b", "c"], "<ag.RaggedTensor [[b'a', b' ', b'b'], [b'c']]>"),
    ("unicode_split", [["a b"], ["c"]],
     "<ag.RaggedTensor [[[b'a', b' ', b'b']],\n [[b'c']]]>"),
])
def test_splits_of_several_strings_give_one_ragged_row_per_string(fn, value, expected):
    assert repr(_SPLITS[fn](value)) == expected


def test_split_of_numbers_is_a_value_error():
    with pytest.raises(ValueError, match="requested dtype string for a tensor of dtype int32"):
        ag.strings.split(ag.constant([1]))


# bytes_split and unicode_split -------------------------------------------------------------------
@pytest.mark.parametrize("text, expected", [
    ("abc", [b"a", b"b", b"c"]), ("é", [b"\xc3", b"\xa9"]), ("", []),
])
def test_bytes_split_matches_tensorflow(text, expected, device):
    assert_tensor(ag.strings.bytes_split(text), _strings(*expected), dtype=ag.string)


@pytest.mark.parametrize("text, kwargs, expected", [
    ("héllo", {}, [b"h", b"\xc3\xa9", b"l", b"l", b"o"]),
    ("", {}, []),
    (b"\xff", {}, [b"\xef\xbf\xbd"]),
    (b"a\xffb", {"errors": "replace"}, [b"a", b"\xef\xbf\xbd", b"b"]),
    (b"a\xffb", {"errors": "ignore"}, [b"a", b"b"]),
    (b"a\xffb", {"replacement_char": ord("?")}, [b"a", b"?", b"b"]),
])
def test_unicode_split_utf8_matches_tensorflow(text, kwargs, expected, device):
    assert_tensor(ag.strings.unicode_split(text, "UTF-8", **kwargs), _strings(*expected),
                  dtype=ag.string)


def test_unicode_split_keeps_the_input_encoding():
    # TensorFlow: "ab" read as UTF-16-BE is the one character U+6162, encoded back as b"ab".
    assert_tensor(ag.strings.unicode_split("ab", "UTF-16-BE"), _strings(b"ab"))
    assert_tensor(ag.strings.unicode_split(b"\x00h\x00i", "UTF-16-BE"),
                  _strings(b"\x00h", b"\x00i"))


def test_unicode_split_strict_rejects_invalid_input():
    with pytest.raises(InvalidArgumentError, match="not valid UTF-8.*errors='replace'"):
        ag.strings.unicode_split(b"a\xffb", "UTF-8", errors="strict")


def test_a_graph_unicode_split_of_invalid_input_fails_when_it_runs_as_eagerly():
    with ag.Graph().as_default():
        x = ag.placeholder(ag.string, [])
        pieces = ag.strings.unicode_split(x, "UTF-8", errors="strict")
        with ag.Session() as sess:
            with pytest.raises(InvalidArgumentError) as info:
                sess.run(pieces, {x: b"a\xffb"})
    assert str(info.value).endswith(
        ": input is not valid UTF-8: 'utf-8' codec can't decode byte 0xff in position 1: "
        "invalid start byte. Pass errors='replace' or 'ignore' to accept it.")


def test_the_split_op_gives_the_sparse_parts_of_several_strings_as_tensorflow(device):
    # TensorFlow 2.21's tf.raw_ops.StringSplitV2 on the same input.
    indices, values, shape = execute("StringSplitV2", [_strings("a b", "", "c d e", "f"),
                                                       np.array(b" ", object)], {"maxsplit": -1})
    np.testing.assert_array_equal(indices.numpy(), [[0, 0], [0, 1], [1, 0], [2, 0], [2, 1],
                                                    [2, 2], [3, 0]])
    assert values.numpy().tolist() == [b"a", b"b", b"", b"c", b"d", b"e", b"f"]
    np.testing.assert_array_equal(shape.numpy(), [4, 3])


def test_the_split_op_of_no_strings_has_shape_zero_by_zero_as_tensorflow(device):
    indices, values, shape = execute("StringSplitV2", [_strings(), np.array(b" ", object)],
                                     {"maxsplit": -1})
    assert indices.shape == (0, 2) and values.shape == (0,)
    np.testing.assert_array_equal(shape.numpy(), [0, 0])


def test_unicode_split_rejects_encodings_tensorflow_cannot_write():
    with pytest.raises(InvalidArgumentError, match="'latin1', which is not in the allowed"):
        ag.strings.unicode_split("ab", "latin1")


# to_number ---------------------------------------------------------------------------------------
def test_to_number_parses_floats_as_tensorflow_does(device):
    result = ag.strings.to_number(["1.5", "-2", "1e3", " 3", "inf", "nan", "1.5 ", "0x10"])
    assert_tensor(result, np.array([1.5, -2, 1000, 3, np.inf, np.nan, 1.5, 16], np.float32),
                  dtype=ag.float32)


@pytest.mark.parametrize("text, expected", [
    (" 7 ", 7.0), ("1.", 1.0), (".5", 0.5), ("+.5", 0.5), ("0x1p3", 8.0), ("0X1A", 26.0),
    ("-0x10", -16.0), ("0x.8", 0.5), ("0x1.8p1", 3.0), ("1e+3", 1000.0), ("  inf ", np.inf),
    ("-nan", np.nan), ("\t3\n", 3.0),
])
def test_to_number_accepts_what_tensorflow_accepts(text, expected):
    assert_tensor(ag.strings.to_number(text), np.float32(expected))


@pytest.mark.parametrize("text", ["1e", "e3", "infinityx", "0x", "0xp3", "1 2", "1,5", "١"])
def test_to_number_rejects_what_tensorflow_rejects(text):
    with pytest.raises(InvalidArgumentError, match="could not correctly convert string"):
        ag.strings.to_number(text)


@pytest.mark.parametrize("text, out_type, expected", [
    (" 7 ", ag.int32, 7), ("+0", ag.int32, 0), ("007", ag.int32, 7),
    ("-2147483648", ag.int32, -2 ** 31), ("18446744073709551615", ag.uint64, 2 ** 64 - 1),
])
def test_to_number_parses_integers_as_tensorflow_does(text, out_type, expected):
    assert_tensor(ag.strings.to_number(text, out_type=out_type),
                  np.array(expected, out_type.as_numpy_dtype), dtype=out_type)


@pytest.mark.parametrize("text, out_type", [
    ("0x10", ag.int32), ("2147483648", ag.int32), ("1 2", ag.int32), ("-1", ag.uint64),
])
def test_to_number_rejects_integers_tensorflow_rejects(text, out_type):
    with pytest.raises(InvalidArgumentError, match="could not correctly convert string"):
        ag.strings.to_number(text, out_type=out_type)


def test_to_number_of_a_scalar_is_a_scalar():
    assert_tensor(ag.strings.to_number("1.5"), np.float32(1.5), dtype=ag.float32)


def test_to_number_keeps_the_shape():
    assert_tensor(ag.strings.to_number([["1", "2"]]), np.array([[1, 2]], np.float32))


@pytest.mark.parametrize("strings, out_type, expected", [
    (["12", "-3", "+4"], ag.int32, np.array([12, -3, 4], np.int32)),
    (["9223372036854775807"], ag.int64, np.array([2 ** 63 - 1], np.int64)),
    (["0.1"], ag.float64, np.array([0.1])),
    (["1e50", "-Infinity", "INF", "NaN"], ag.float32,
     np.array([np.inf, -np.inf, np.inf, np.nan], np.float32)),
])
def test_to_number_out_types_match_tensorflow(strings, out_type, expected):
    assert_tensor(ag.strings.to_number(strings, out_type=out_type), expected, dtype=out_type)


@pytest.mark.parametrize("text, out_type", [
    ("abc", ag.float32), ("1.5x", ag.float32), ("", ag.float32), ("3000000000", ag.int32),
    ("1.5", ag.int32), ("1e3", ag.int32), ("1_000", ag.float32),
])
def test_to_number_of_invalid_strings_is_tensorflows_invalid_argument_error(text, out_type):
    with pytest.raises(InvalidArgumentError,
                       match=f"StringToNumberOp could not correctly convert string: {text} "):
        ag.strings.to_number([text], out_type=out_type)


@pytest.mark.parametrize("out_type", [ag.uint8, ag.float16, ag.int8])
def test_to_number_rejects_out_types_tensorflow_rejects(out_type):
    with pytest.raises(InvalidArgumentError, match=f"out_type' of op StringToNumber is "
                                                   f"{out_type.name}"):
        ag.strings.to_number(["4"], out_type=out_type)


def test_to_number_of_numbers_is_a_value_error():
    with pytest.raises(ValueError, match="requested dtype string for a tensor of dtype float32"):
        ag.strings.to_number(ag.constant([1.0]))


# inside functions --------------------------------------------------------------------------------
@ag.function
def _parse(s):
    return (ag.strings.split(s), ag.strings.to_number(ag.strings.split(s, sep=",")),
            ag.strings.bytes_split(s), ag.strings.unicode_split(s, "UTF-8"))


def test_functions_split_and_parse_as_tensorflow():
    words, numbers, chars, unicode_chars = _parse(ag.constant("1,2,3"))
    assert_tensor(words, _strings("1,2,3"))
    assert_tensor(numbers, np.array([1, 2, 3], np.float32))
    assert_tensor(chars, _strings(*"1,2,3"))
    assert_tensor(unicode_chars, _strings(*"1,2,3"))


def test_traced_split_outputs_have_unknown_length():
    concrete = _parse.get_concrete_function(ag.TensorSpec([], ag.string))
    assert [t.shape.as_list() for t in concrete.outputs] == [[None]] * 4


@pytest.mark.parametrize("text, out_type, shown, wanted", [
    (b"12x", ag.int32, "12x", "integer in range"),
    (b"\xff1", ag.float32, "\ufffd1", "number"),
])
def test_to_number_says_which_string_and_what_it_must_hold(text, out_type, shown, wanted):
    # TensorFlow 2.21 says the first sentence for "12x"; for bytes that are not UTF-8 its own
    # message fails to decode (UnicodeDecodeError), where this shows U+FFFD in their place.
    with pytest.raises(InvalidArgumentError) as info:
        ag.strings.to_number(ag.constant([text]), out_type)
    assert str(info.value) == (
        f"StringToNumberOp could not correctly convert string: {shown} (as {out_type.name}: "
        f"each string must hold one {wanted}). [Op:StringToNumber]")


def test_functions_report_invalid_numbers_when_they_run():
    @ag.function
    def parse(s):
        return ag.strings.to_number(s)
    with pytest.raises(InvalidArgumentError, match="could not correctly convert string: x "):
        parse(ag.constant("x"))


def test_functions_split_several_strings_into_a_ragged_tensor():
    @ag.function
    def split(s):
        return ag.strings.split(s)
    assert repr(split(ag.constant(["a b"]))) == "<ag.RaggedTensor [[b'a', b'b']]>"


def test_functions_reject_splitting_strings_of_unknown_rank():
    @ag.function
    def split(s):
        return ag.strings.split(s)
    with pytest.raises(ValueError, match="needs an input of known rank"):
        split.get_concrete_function(ag.TensorSpec(None, ag.string))
