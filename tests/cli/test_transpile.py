"""`autograph transpile`: static conversion (equal to `ag.to_code` of the live functions), its
output, diff, converted modules and errors; most run in-process through `main`, the end-to-end
behaviours (exit codes, never running the file) as a real subprocess."""

import importlib.util
import inspect
import json
import pathlib
import re
import subprocess
import sys
import textwrap
import warnings

import pytest

from autograph.cli import highlight
from autograph.cli.main import main
from autograph.impl import api, static
from tests.autograph import pinned_unparse

ROOT = pathlib.Path(__file__).resolve().parents[2]
TO_CODE = ROOT / "golden" / "to_code"
TO_CODE_CASES = sorted(p for p in TO_CODE.glob("*.py") if not p.name.endswith(".expected.py"))
EXAMPLES = sorted((ROOT / "examples").glob("*.py"))
GOLDEN = ROOT / "golden" / "transpile"
ANSI = re.compile(r"\033\[[0-9;]*m")
# The examples' goldens hold f-strings, which `ast.unparse` writes differently from Python
# 3.12 on (PEP 701): they are made, and compared, on Python 3.11.
golden_python = pytest.mark.skipif(
    sys.version_info[:2] != (3, 11),
    reason="the transpile goldens are pinned to ast.unparse of Python 3.11")

LOOPS = '''\
"""A module for the tests."""

import math


def count_up(n):
    i = 0
    while i < n:
        i += 1
    return i


def hypot(a, b):
    return math.sqrt(a * a + b * b) if a or b else 0.0


class Counter:
    def __init__(self, start):
        self.start = start

    def up_to(self, n):
        total = self.start
        for k in range(n):
            total += k
        return total
'''

UNSUPPORTED = '''\
def numbers(n):
    for i in range(n):
        yield i


def fine(x):
    return -x


def matched(x):
    match x:
        case 1:
            return "one"
    return "other"
'''


def load(path):
    spec = importlib.util.spec_from_file_location(f"transpile_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def live(module, name):
    value = module
    for part in name.split("."):
        value = getattr(value, part)
    return inspect.unwrap(value)


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def transpile(capsys, *args):
    """Runs `autograph transpile ARGS` in this process: (exit code, stdout, stderr)."""
    code = main(["transpile", *args])
    out, err = capsys.readouterr()
    return code, out, err


def run(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "autograph", "transpile", *args],
                          capture_output=True, text=True, timeout=60, cwd=cwd)


# Static conversion equals ag.to_code.

@pinned_unparse
@pytest.mark.parametrize("path", TO_CODE_CASES, ids=lambda p: p.stem)
def test_static_conversion_of_a_golden_input_equals_its_to_code_golden_file(path, golden):
    name = live(load(path), "f").__qualname__  # `f` may be a bound method, `Scaler.apply`
    [function] = static.convert_source(path.read_text(), str(path), [name])
    assert function.converted == golden.read(path.with_name(f"{path.stem}.expected.py"))


@pytest.mark.parametrize("path", TO_CODE_CASES, ids=lambda p: p.stem)
def test_static_conversion_of_every_function_equals_to_code_of_the_live_function(path):
    module = load(path)
    for function in static.convert_source(path.read_text(), str(path)):
        assert function.error is None, function.name
        assert function.converted == api.to_code(live(module, function.name)), function.name


# Importing the examples registers their ops: it runs in a process of its own.
LIVE_TO_CODE = """\
import importlib.util, inspect, json, pathlib, sys
from autograph.impl import api, static
codes = {}
for name in sys.argv[1:]:
    path = pathlib.Path(name)
    spec = importlib.util.spec_from_file_location(f"example_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for function in static.convert_source(path.read_text(), name):
        value = module
        for part in function.name.split("."):
            value = getattr(value, part)
        codes[f"{name}:{function.name}"] = [function.converted, api.to_code(inspect.unwrap(value))]
print(json.dumps(codes))
"""


# Examples that import an optional extra, by the modules they need.
NEEDS = {"train_digits.py": ("sklearn",), "digits_cnn.py": ("sklearn", "h5py")}


def test_static_conversion_of_the_examples_equals_to_code_of_the_live_functions():
    names = [f"examples/{path.name}" for path in EXAMPLES  # importing them runs them
             if all(importlib.util.find_spec(m) for m in NEEDS.get(path.name, ()))]
    result = subprocess.run([sys.executable, "-c", LIVE_TO_CODE, *names],
                            capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    differing = sorted(name for name, (static_code, live_code)
                       in json.loads(result.stdout).items() if static_code != live_code)
    # examples/custom_op.py binds `swish = op_function("Swish")`, a library function, by an
    # assignment: live, calls of it stay plain; statically its value is unknown, so they go
    # through `ag__.converted_call` (which calls a library function as it is).
    custom_op = "examples/custom_op.py"
    assert differing == ([f"{custom_op}:main", f"{custom_op}:swish_energy"]
                         if custom_op in names else [])


def test_a_name_assigned_a_library_function_is_called_through_converted_call(tmp_path):
    path = write(tmp_path, "assigned.py", "import autograph as ag\n\nsquare = ag.square\n\n\n"
                                          "def f(x):\n    return square(x) + ag.square(x)\n")
    [function] = static.convert_source(pathlib.Path(path).read_text(), path)
    assert "return ag__.converted_call(square, x) + ag.square(x)" in function.converted
    assert "return square(x) + ag.square(x)" in api.to_code(load(pathlib.Path(path)).f)


def test_calls_are_resolved_from_the_files_imports_classes_and_defs():
    source = textwrap.dedent("""\
        import numpy as np
        from os import path as p


        class Box:
            pass


        def helper(x):
            return x


        def print(*args):
            pass


        def f(x):
            return np.linalg.norm(x), p.join("a"), Box(), helper(x), len(x), print(x)
        """)
    [function] = static.convert_source(source, "calls.py", ["f"])
    assert ("return (np.linalg.norm(x), p.join('a'), Box(), ag__.converted_call(helper, x), "
            "ag__.len(x), ag__.converted_call(print, x))") in function.converted


def test_names_bound_in_top_level_blocks_are_resolved_too():
    source = textwrap.dedent("""\
        try:
            import cupy as xp
        except ImportError:
            import numpy as xp
        for len in range(2):
            pass


        def f(x):
            return xp.sum(x), len(x)
        """)
    [function] = static.convert_source(source, "blocks.py")
    assert "return (xp.sum(x), ag__.converted_call(len, x))" in function.converted


@pytest.mark.parametrize("top", ["", "raise SystemExit\n"], ids=["compiled", "unreachable"])
def test_generated_names_avoid_the_names_the_function_uses(top):
    source = top + "def f(n, loop_body):\n    while n > 0:\n        n -= loop_body\n    return n\n"
    [function] = static.convert_source(source, "names.py")
    assert "def loop_body_1(n):" in function.converted


def test_the_files_own_syntax_warnings_are_not_reported():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        [function] = static.convert_source('def f(s):\n    return "\\d" + s\n', "warn.py")
    assert (caught, function.error) == ([], None)


def test_a_rejected_function_keeps_the_converters_error_and_the_others_convert():
    functions = static.convert_source(UNSUPPORTED, "unsupported.py")
    assert [(f.name, f.error is None) for f in functions] == [
        ("numbers", False), ("fine", True), ("matched", False)]
    assert str(functions[0].error).startswith("unsupported.py:3: `yield`")


# The command's output.

@golden_python
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_transpile_of_an_example_matches_its_golden_file(path, capsys, monkeypatch, golden):
    monkeypatch.chdir(ROOT)
    code, out, err = transpile(capsys, f"examples/{path.name}", "--color", "never")
    assert (code, err) == (0, "")
    golden.check(out, GOLDEN / f"{path.stem}.expected.py")


def test_functions_and_methods_are_printed_in_file_order_under_headers(tmp_path, capsys):
    path = write(tmp_path, "loops.py", LOOPS)
    code, out, _ = transpile(capsys, path, "--color", "never")
    assert code == 0
    headers = [line for line in out.splitlines() if line.startswith("# ")]
    assert headers == [f"# count_up ({path}:6)", f"# hypot ({path}:13)",
                       f"# Counter.__init__ ({path}:18)", f"# Counter.up_to ({path}:21)"]
    assert f"    return i\n\n# hypot ({path}:13)\ndef hypot(a, b):\n" in out
    assert "\ndef up_to(self, n):\n" in out  # a method is shown as a def of its own


def test_dash_f_selects_functions_and_methods(tmp_path, capsys):
    path = write(tmp_path, "loops.py", LOOPS)
    code, out, _ = transpile(capsys, path, "-f", "hypot", "-f", "Counter.up_to")
    assert code == 0
    assert [line for line in out.splitlines() if line.startswith("# ")] == [
        f"# hypot ({path}:13)", f"# Counter.up_to ({path}:21)"]


def test_dash_f_with_a_name_not_in_the_file_is_a_one_line_error(tmp_path, capsys):
    path = write(tmp_path, "loops.py", LOOPS)
    code, out, err = transpile(capsys, path, "-f", "up_to")
    assert (code, out) == (1, "")
    assert err == (f"autograph: error: -f up_to: no function or method 'up_to' in {path} "
                   f"(give `name` or `Class.method` of a top-level def)\n")


def test_diff_shows_each_function_against_its_converted_code(tmp_path, capsys):
    path = write(tmp_path, "loops.py", LOOPS)
    code, out, _ = transpile(capsys, path, "-f", "count_up", "--diff", "--color", "never")
    assert code == 0
    lines = out.splitlines()
    assert lines[:3] == [f"--- a/{path}:count_up", f"+++ b/{path}:count_up", "@@ -1,5 +1,11 @@"]
    assert "-    while i < n:" in lines
    assert "+    i = ag__.while_stmt(loop_test, loop_body, (i,), ('i',))" in lines


def test_color_always_highlights_and_never_gives_plain_text(tmp_path, capsys):
    path = write(tmp_path, "loops.py", LOOPS)
    _, colored, _ = transpile(capsys, path, "--color", "always")
    _, plain, _ = transpile(capsys, path, "--color", "never")
    assert f"{highlight.BOLD_YELLOW}ag__.while_stmt{highlight.RESET}" in colored
    assert ANSI.sub("", colored) == plain and "\033" not in plain
    _, colored_diff, _ = transpile(capsys, path, "--diff", "--color", "always")
    assert f"{highlight.RED}-    while i < n:{highlight.RESET}" in colored_diff


def test_unsupported_syntax_is_reported_at_its_line_and_the_rest_still_converts(tmp_path,
                                                                                capsys):
    path = write(tmp_path, "unsupported.py", UNSUPPORTED)
    code, out, err = transpile(capsys, path, "--color", "never")
    assert code == 1
    assert out == f"# fine ({path}:6)\ndef fine(x):\n    return -x\n"
    lines = err.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith(f"{path}:3: error: `yield` makes `numbers` a generator")
    assert lines[1].startswith(f"{path}:11: error: `match`")


def test_a_file_with_a_syntax_error_is_a_one_line_error(tmp_path, capsys):
    path = write(tmp_path, "broken.py", "def f(x):\n    return x +\n")
    code, out, err = transpile(capsys, path)
    assert (code, out) == (1, "")
    assert err == f"autograph: error: {path}:2: cannot parse the file: invalid syntax\n"


def test_a_missing_file_is_a_one_line_error(tmp_path, capsys):
    code, _, err = transpile(capsys, str(tmp_path / "nowhere.py"))
    assert (code, err) == (1, f"autograph: error: {tmp_path / 'nowhere.py'}: no such file\n")


def test_a_file_without_functions_says_so_and_exits_with_1(tmp_path, capsys):
    path = write(tmp_path, "constants.py", "LIMIT = 3\n")
    code, out, err = transpile(capsys, path)
    assert (code, out) == (1, "")
    assert err == f"autograph: {path}: no functions or methods to convert\n"


def test_a_file_without_functions_beside_one_with_them_is_noted_only(tmp_path, capsys):
    empty = write(tmp_path, "constants.py", "LIMIT = 3\n")
    full = write(tmp_path, "model.py", "def f(x):\n    return x\n")
    code, out, err = transpile(capsys, empty, full)
    assert code == 0 and "def f(x):" in out
    assert err == f"autograph: {empty}: no functions or methods to convert\n"


# --format json.

def test_format_json_gives_one_record_per_function_and_exits_with_1_on_a_failure(tmp_path,
                                                                                capsys):
    path = write(tmp_path, "unsupported.py", UNSUPPORTED)
    code, out, err = transpile(capsys, path, "--format", "json")
    assert (code, err) == (1, "")
    summary = json.loads(out)
    assert list(summary) == ["functions", "converted", "failed"]
    assert (summary["converted"], summary["failed"]) == (1, 2)
    numbers, fine, matched = summary["functions"]
    assert fine == {"file": path, "name": "fine", "line": 6, "status": "converted",
                    "converted": "def fine(x):\n    return -x\n", "error": None,
                    "error_line": None}
    assert numbers["error"].startswith("`yield` makes `numbers` a generator")
    assert {k: v for k, v in numbers.items() if k != "error"} == {
        "file": path, "name": "numbers", "line": 1, "status": "failed", "converted": None,
        "error_line": 3}
    assert (matched["status"], matched["line"], matched["error_line"]) == ("failed", 10, 11)
    assert matched["error"].startswith("`match`")


def test_format_json_of_a_module_that_converts_exits_with_0(tmp_path, capsys):
    path = write(tmp_path, "loops.py", LOOPS)
    code, out, _ = transpile(capsys, path, "-f", "count_up", "-f", "Counter.up_to",
                             "--format", "json")
    assert code == 0
    summary = json.loads(out)
    assert (summary["converted"], summary["failed"]) == (2, 0)
    up_to = summary["functions"][1]
    assert (up_to["name"], up_to["line"], up_to["status"]) == ("Counter.up_to", 21, "converted")
    assert up_to["converted"].startswith("def up_to(self, n):\n")


def test_format_json_converted_source_equals_the_text_listing(tmp_path, capsys):
    path = write(tmp_path, "loops.py", LOOPS)
    _, listing, _ = transpile(capsys, path, "-f", "hypot", "--color", "never")
    _, out, _ = transpile(capsys, path, "-f", "hypot", "--format", "json")
    [record] = json.loads(out)["functions"]
    assert listing == f"# hypot ({path}:13)\n" + record["converted"]


def test_format_json_records_the_functions_of_every_file(tmp_path, capsys):
    first = write(tmp_path, "loops.py", LOOPS)
    second = write(tmp_path, "gen.py", "def gen():\n    yield 1\n")
    code, out, _ = transpile(capsys, first, second, "--format", "json")
    records = json.loads(out)["functions"]
    assert code == 1
    assert [(r["file"], r["name"], r["status"]) for r in records][-2:] == [
        (first, "Counter.up_to", "converted"), (second, "gen", "failed")]


def test_format_json_with_diff_or_output_dir_is_a_usage_error(tmp_path, capsys):
    path = write(tmp_path, "loops.py", LOOPS)
    assert transpile(capsys, path, "--format", "json", "--diff")[0] == 2
    assert transpile(capsys, path, "--format", "json", "-o", str(tmp_path))[0] == 2


# Converted modules (-o).

def test_dash_o_writes_a_converted_module_that_imports_and_runs(tmp_path, capsys):
    path = write(tmp_path, "loops.py", LOOPS)
    out_dir = tmp_path / "out"
    code, out, _ = transpile(capsys, path, "-o", str(out_dir))
    target = out_dir / "loops_converted.py"
    assert (code, out) == (0, f"{path} -> {target}\n")
    text = target.read_text()
    assert text.startswith('"""A module for the tests."""\n\n# Generated by `autograph '
                           f'transpile` from {path}')
    assert f"\n{static.OPERATORS_IMPORT}\nimport math\n" in text
    assert "ag__.while_stmt(" in text and "        total = ag__.for_stmt(" in text
    module = load(target)
    assert (module.count_up(4), module.hypot(3.0, 4.0), module.Counter(10).up_to(4)) == (
        4, 5.0, 16)


def test_dash_o_keeps_a_rejected_function_as_written(tmp_path, capsys):
    path = write(tmp_path, "unsupported.py", UNSUPPORTED)
    code, _, err = transpile(capsys, path, "-o", str(tmp_path / "out"))
    assert code == 1 and err.count(": error: ") == 2
    module = load(tmp_path / "out" / "unsupported_converted.py")
    assert (list(module.numbers(3)), module.fine(2), module.matched(1)) == ([0, 1, 2], -2, "one")


def test_dash_o_refuses_two_files_of_the_same_name(tmp_path, capsys):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first, second = write(tmp_path, "a/m.py", LOOPS), write(tmp_path, "b/m.py", LOOPS)
    code, _, err = transpile(capsys, first, second, "-o", str(tmp_path / "out"))
    assert code == 1 and "both would be written to m_converted.py" in err


# As a subprocess.

def test_transpile_never_runs_the_file(tmp_path):
    path = write(tmp_path, "loud.py", 'print("the module ran")\nraise SystemExit(3)\n\n\n'
                                      "def f(x):\n    return x\n")
    result = run(path)
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == f"# f ({path}:5)\ndef f(x):\n    return x\n"


def test_output_to_a_pipe_is_plain_and_errors_exit_with_1(tmp_path):
    path = write(tmp_path, "unsupported.py", UNSUPPORTED)
    result = run(path)  # --color auto, and stdout is not a terminal
    assert result.returncode == 1
    assert "\033" not in result.stdout + result.stderr
    assert result.stderr.startswith(f"{path}:3: error: ")


def test_help_gives_an_example_and_bad_usage_exits_with_2():
    helped = run("--help")
    assert helped.returncode == 0
    assert "examples:\n  autograph transpile examples/collatz.py\n" in helped.stdout
    assert "--format json prints one JSON object on stdout" in helped.stdout
    clash = run("examples/collatz.py", "--diff", "-o", "out")
    assert clash.returncode == 2
    assert "not allowed with argument" in clash.stderr


# The highlighter.

def test_highlighting_colours_each_kind_of_token():
    text = highlight.python("if x:  # why\n    y = ag__.f('s', 2)\n")
    assert text == (f"{highlight.BOLD_BLUE}if{highlight.RESET} x:  "
                    f"{highlight.GREY}# why{highlight.RESET}\n"
                    f"    y = {highlight.BOLD_YELLOW}ag__.f{highlight.RESET}("
                    f"{highlight.GREEN}'s'{highlight.RESET}, {highlight.CYAN}2{highlight.RESET})\n")


def test_highlighting_keeps_text_that_does_not_tokenize():
    text = highlight.python("x = (1,\n")
    assert ANSI.sub("", text) == "x = (1,\n"


class Terminal:
    def isatty(self):
        return True


def test_color_auto_colours_a_terminal_unless_no_color_is_set(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert highlight.use_color("auto", Terminal())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not highlight.use_color("auto", Terminal())


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.expected.py")), ids=lambda p: p.stem)
def test_a_transpiled_example_is_valid_python(path):
    compile(path.read_text(), str(path), "exec")
