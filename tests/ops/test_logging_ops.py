"""`print` (`ag.print`) and its ops `StringFormat` and `PrintV2`: formatting, streams, errors."""

import sys

import numpy as np
import pytest

import autograph as ag
from autograph.runtime import execute
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.ops.logging.ops import print as ag_print


def printed(capsys, *inputs, **kwargs):
    ag_print(*inputs, **kwargs)
    return capsys.readouterr().out


@pytest.mark.parametrize("value, text", [
    (np.int32(7), "7"),
    (np.array([1, 2, 3], np.int64), "[1 2 3]"),
    (np.array([[1, 2], [3, 4]], np.uint8), "[[1 2]\n [3 4]]"),
    (np.array([0.5, 2.0, 1 / 3], np.float32), "[0.5 2 0.333333343]"),
    (np.array([0.1, 1e-20], np.float64), "[0.1 1e-20]"),
    (np.array([np.nan, -np.inf], np.float16), "[nan -inf]"),
    (np.array([True, False]), "[1 0]"),
    (np.array(["a", 'say "hi"\n'], object), '["a" "say \\"hi\\"\\n"]'),
    (np.zeros((2, 0), np.float32), "[]"),
])
def test_tensors_print_as_tf_print_shows_them(device, capsys, value, text):
    assert printed(capsys, ag.convert_to_tensor(value)) == text + "\n"


# TensorFlow 2.21's tf.print of the same tensors (recorded with output_stream=sys.stdout).
@pytest.mark.parametrize("value, summarize, text", [
    (np.array(["a\tb", "c\rd", "e'f", "g\\h", "x\x01y", "z\x7fw", "\x80"], object), 3,
     '["a\\tb" "c\\rd" "e\\\'f" ... "x\\001y" "z\\177w" "\x80"]'),
    (np.array(["g\\h"], object), 3, '["g\\\\h"]'),
    (np.arange(5, dtype=np.int32), 0, "[ ...]"),
    (np.int32(5), 0, "..."),
    (np.arange(6, dtype=np.int32), 3, "[0 1 2 3 4 5]"),
    (np.arange(27, dtype=np.int32).reshape(3, 3, 3), 1,
     "[[[0 ... 2]\n  ...\n  [6 ... 8]]\n\n ...\n\n [[18 ... 20]\n  ...\n  [24 ... 26]]]"),
    (np.array([0.1 + 0.2, 1 / 3, 2.0 ** 0.5]), 3,
     "[0.30000000000000004 0.33333333333333331 1.4142135623730951]"),
    (np.array([1.0000001, 123456.7, 0.1], np.float32), 3, "[1.00000012 123456.703 0.1]"),
    (np.array([np.inf, -np.inf, 0.5], np.float32), 3, "[inf -inf 0.5]"),
])
def test_edge_cases_print_as_tensorflow_prints_them(device, capsys, value, summarize, text):
    assert printed(capsys, ag.convert_to_tensor(value), summarize=summarize) == text + "\n"


def test_bytes_that_are_not_utf8_print_as_octal_escapes(device, capsys):
    # TensorFlow writes the raw bytes, which a text stream cannot hold.
    value = ag.convert_to_tensor(np.array([b"\xff\xfeok", "é".encode()], object))
    assert printed(capsys, value) == '["\\377\\376ok" "é"]\n'


def test_long_dimensions_are_summarized(device, capsys):
    x = ag.convert_to_tensor(np.arange(40, dtype=np.int32).reshape(8, 5))
    assert printed(capsys, x, summarize=2) == (
        "[[0 1 ... 3 4]\n [5 6 ... 8 9]\n ...\n [30 31 ... 33 34]\n [35 36 ... 38 39]]\n")
    assert printed(capsys, x[0], summarize=-1) == "[0 1 2 3 4]\n"


def test_rank_three_tensors_separate_blocks_with_a_blank_line(device, capsys):
    x = ag.convert_to_tensor(np.arange(8, dtype=np.int32).reshape(2, 2, 2))
    assert printed(capsys, x) == "[[[0 1]\n  [2 3]]\n\n [[4 5]\n  [6 7]]]\n"


def test_python_values_sep_and_end(device, capsys):
    t = ag.convert_to_tensor([1, 2])
    assert printed(capsys, "t =", t, 3.5, None, sep=", ", end="|") == "t =, [1 2], 3.5, None|"


def test_structures_holding_tensors_show_the_tensors_inside(device, capsys):
    t = ag.convert_to_tensor(1)
    assert printed(capsys, {"a": t, "b": [t, "s"]}, (t,)) == "{'a': 1, 'b': [1, 's']} (1,)\n"


def test_braces_in_python_text_are_kept(device, capsys):
    assert printed(capsys, "{}", ag.convert_to_tensor(2), "{{}}") == "{} 2 {{}}\n"


def test_a_lone_string_scalar_prints_unquoted(device, capsys):
    assert printed(capsys, ag.convert_to_tensor("plain")) == "plain\n"


def test_bytes_from_0x80_to_0xff_that_are_not_utf8_print_as_octal_escapes(device, capsys):
    value = ag.convert_to_tensor(np.array([b"\x80", b"a\x80\xff"], object))
    assert printed(capsys, value) == '["\\200" "a\\200\\377"]\n'


def test_a_lone_string_scalar_that_is_not_utf8_prints_a_replacement_character(capsys):
    # Deliberately unlike TensorFlow 2.21, which writes the raw bytes: a text stream holds only
    # text, and a lone string is printed as it is (not escaped), so U+FFFD stands in.
    @ag.function
    def f(s):
        ag.print(s, output_stream=sys.stdout)
    value = ag.constant(b"caf\xc3")
    ag_print(value, output_stream=sys.stdout)
    f(value)
    assert capsys.readouterr().out == "caf\ufffd\n" * 2


def test_print_writes_to_stderr_and_files(device, capsys, tmp_path):
    ag_print(ag.convert_to_tensor(1), output_stream=sys.stderr)
    assert capsys.readouterr().err == "1\n"
    path = tmp_path / "log.txt"
    ag_print("a", output_stream=f"file://{path}")
    ag_print("b", ag.convert_to_tensor([2]), output_stream=f"file://{path}")
    assert path.read_text() == "a\nb [2]\n"


def test_unsupported_stream_is_an_error():
    with pytest.raises(ValueError, match="output_stream must be sys.stdout"):
        ag_print("x", output_stream=object())


def test_graph_print_prints_each_time_it_runs(capsys):
    graph = ag.Graph()
    with graph.as_default():
        x = ag.placeholder(ag.float32, [None])
        op = ag_print("x:", x, name="show")
    assert op.name == "show" and op.type == "PrintV2"
    assert capsys.readouterr().out == ""
    with ag.Session(graph=graph) as sess:
        sess.run(op, {x: [1.0]})
        sess.run(op, {x: [2.0, 3.0]})
    assert capsys.readouterr().out == "x: [1]\nx: [2 3]\n"


def test_string_format_op(device):
    out = execute("StringFormat", [[np.array([1, 2], np.int32)]],
                  {"template": "v=%s.", "placeholder": "%s"})
    assert out.numpy() == b"v=[1 2]."


def test_string_format_placeholder_count_must_match_inputs(device):
    with pytest.raises(InvalidArgumentError, match="the template has 2 placeholder"):
        execute("StringFormat", [[np.int32(1)]], {"template": "{} {}", "placeholder": "{}"})


def test_print_v2_needs_a_string_scalar(device):
    with pytest.raises(InvalidArgumentError, match="input must be a string scalar"):
        execute("PrintV2", [np.array(["a", "b"], object)])


def test_print_v2_refuses_unknown_streams(device):
    with pytest.raises(InvalidArgumentError, match="output_stream must be 'stdout'"):
        execute("PrintV2", [np.array("a", object)], {"output_stream": "log"})


def test_a_function_printing_scalars_prints_as_tensorflow_each_call(capsys):
    # The plan specializes StringFormat and PrintV2 for scalars; TensorFlow 2.21's tf.function
    # printed the same lines (recorded with output_stream=sys.stdout / sys.stderr).
    @ag.function
    def f(s, b, x, d, i):
        ag.print("s:", s, "b:", b, "x:", x, "d:", d, "i:", i, output_stream=sys.stdout)
        ag.print(i, output_stream=sys.stderr)
        ag.print("only text", output_stream=sys.stdout)
        ag.print("i =", i, output_stream=sys.stdout)
    lines = ('s: "a\\tb" b: 1 x: 0.1 d: 0.33333333333333331 i: 7\n'
             "only text\ni = 7\n")
    for _ in range(2):
        f(ag.constant("a\tb"), ag.constant(True), ag.constant(0.1), ag.constant(1 / 3, ag.float64),
          ag.constant(7))
        captured = capsys.readouterr()
        assert (captured.out, captured.err) == (lines, "7\n")


def test_a_function_printing_scalars_with_summarize_0_shows_ellipses_as_tensorflow(capsys):
    # TensorFlow 2.21's tf.function printed these lines (output_stream=sys.stdout).
    @ag.function
    def f(i, x, b):
        ag.print("i:", i, "x:", x, "b:", b, summarize=0, output_stream=sys.stdout)
        ag.print(i, output_stream=sys.stdout, summarize=0)
        ag.print("big:", x, "false:", b, output_stream=sys.stdout)
    f(ag.constant(7), ag.constant(123456789), ag.constant(False))
    assert capsys.readouterr().out == "i: ... x: ... b: ...\n...\nbig: 123456789 false: 0\n"


def test_a_function_printing_a_scalar_to_a_file_appends_to_it(tmp_path):
    path = tmp_path / "log.txt"

    @ag.function
    def f(i):
        ag.print("i =", i, output_stream=f"file://{path}")
    f(ag.constant(1))
    f(ag.constant(2))
    assert path.read_text() == "i = 1\ni = 2\n"
