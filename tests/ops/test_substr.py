"""`ag.strings.substr` against TensorFlow 2.21's answers for the same calls."""

import pytest

import autograph as ag


@pytest.mark.parametrize("strings, pos, length, expected", [
    (["hello", "ab", ""], 0, 2, [b"he", b"ab", b""]),
    (["hello", "ab"], 1, 10, [b"ello", b"b"]),
    (["hello", "ab"], -2, 2, [b"lo", b"ab"]),
    (["hello", "ab"], [1, 0], [2, 1], [b"el", b"a"]),
    (["hello", "ab"], 2, 1, [b"l", b""]),
    (["hello"], 0, -1, [b"hello"]),
    ("hello", [1, 2], [2, 3], [b"el", b"llo"]),
], ids=["prefix", "past-the-end", "from-the-end", "per-string", "at-the-end",
        "negative-length", "broadcast-string"])
def test_substrings_of_bytes(strings, pos, length, expected):
    assert ag.strings.substr(strings, pos, length).numpy().tolist() == expected


def test_utf8_characters_or_bytes():
    assert ag.strings.substr(["héllo"], 0, 2, unit="UTF8_CHAR").numpy().tolist() == [b"h\xc3\xa9"]
    assert ag.strings.substr(["héllo"], 0, 2).numpy().tolist() == [b"h\xc3"]


def test_a_position_outside_its_string_is_tensorflows_error():
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match=r"pos -3 out of range for string b'ab' at index 1"):
        ag.strings.substr(["hello", "ab"], -3, 2)


def test_pos_and_len_of_different_shapes_are_tensorflows_error():
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match=r"pos and len should have the same shape, got: \[2\] vs. \[\]"):
        ag.strings.substr("hello", [1, 2], 2)


def test_ragged_strings_keep_their_rows():
    words = ag.ragged.constant([["So", "long"], ["thanks"]])
    assert ag.strings.substr(words, 0, 2).to_list() == [[b"So", b"lo"], [b"th"]]


def test_in_a_function():
    @ag.function
    def firsts(x):
        return ag.strings.substr(x, 0, 1)

    assert firsts(ag.constant(["ab", "cd"])).numpy().tolist() == [b"a", b"c"]
