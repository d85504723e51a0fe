"""`autograph run`: call a function of a file through `ag.function` and print the result."""

import subprocess
import sys
import textwrap

import pytest

import autograph as ag
from autograph.cli.common import UserError
from autograph.cli.run import format_value, parse_arguments, to_arguments

SOURCE = textwrap.dedent('''\
    import autograph as ag

    def collatz_steps(n):
        steps = 0
        while n != 1:
            if n % 2 == 0:
                n = n // 2
            else:
                n = 3 * n + 1
            steps += 1
        return steps

    def stats(x, scale=1.0):
        return {"sum": ag.reduce_sum(x) * scale, "parts": (ag.reduce_min(x), ag.reduce_max(x))}

    def broken(x):
        return ag.reshape(x, [7, 7])
''')


@pytest.fixture(scope="module")
def module_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("run") / "funcs.py"
    path.write_text(SOURCE)
    return str(path)


def run(*args):
    return subprocess.run([sys.executable, "-m", "autograph", "run", *args],
                          capture_output=True, text=True, timeout=60)


def test_prints_the_result_of_a_tensor_loop(module_file):
    result = run(f"{module_file}:collatz_steps", "27")
    assert (result.returncode, result.stdout, result.stderr) == (0, "111\n", "")


def test_trace_prints_the_concrete_signature_and_the_trace_count(module_file):
    result = run(f"{module_file}:collatz_steps", "6", "--trace")
    assert result.returncode == 0, result.stderr
    assert result.stdout == ("8\nConcreteFunction collatz_steps(n)\n  Args:\n"
                             "    n: int32 Tensor, shape=()\n  Returns:\n"
                             "    int32 Tensor, shape=()\ntraces: 1\n")


def test_nested_results_and_keyword_arguments(module_file):
    result = run(f"{module_file}:stats", "[[1.0, 2.0], [3.0, 4.0]]", "scale=0.5")
    assert result.returncode == 0, result.stderr
    assert result.stdout == "{'sum': 5.0, 'parts': (1.0, 4.0)}\n"


def test_bad_literal_names_its_position_and_text(module_file):
    result = run(f"{module_file}:stats", "[1.0]", "scale=[1,")
    assert result.returncode == 1
    assert result.stderr.startswith("autograph: error: argument 2 ('scale=[1,') is not a "
                                    "Python literal")


def test_error_in_the_function_is_reported_in_user_code(module_file):
    result = run(f"{module_file}:broken", "[1, 2, 3]")
    assert result.returncode == 1
    assert "broken failed: in user code:" in result.stderr
    assert f'File "{module_file}", line 17, in broken' in result.stderr
    assert "InvalidArgumentError: Cannot reshape a tensor with 3 elements" in result.stderr


def test_wrong_number_of_arguments_is_one_line(module_file):
    result = run(f"{module_file}:collatz_steps", "1", "2")
    assert (result.returncode, result.stderr) == (
        1, "autograph: error: collatz_steps: too many positional arguments\n")


def test_unknown_function_and_failing_module_name_the_file(module_file, tmp_path):
    result = run(f"{module_file}:nope", "1")
    assert (result.returncode, result.stderr) == (
        1, f"autograph: error: {module_file}: no function 'nope' in this file\n")
    failing = tmp_path / "failing.py"
    failing.write_text("raise RuntimeError('no data here')\n")
    result = run(f"{failing}:f")
    assert (result.returncode, result.stderr) == (
        1, f"autograph: error: {failing}: importing it raised RuntimeError: no data here\n")


def test_help_shows_an_example_and_missing_target_is_a_usage_error():
    result = run("--help")
    assert result.returncode == 0
    assert "example:\n  autograph run examples/collatz.py:collatz_steps 27" in result.stdout
    assert run().returncode == 2


def test_numbers_and_lists_become_tensors_while_strings_bools_and_none_stay_python():
    n, text, values, flag, nothing = to_arguments((3, "x", [[1, 2]], True, None))
    assert (n.dtype, values.dtype, values.shape.as_list()) == (ag.int32, ag.int32, [1, 2])
    assert (text, flag, nothing) == ("x", True, None)
    assert to_arguments(2.5).dtype == ag.float32
    assert to_arguments({"k": [True, False]})["k"].dtype == ag.bool


def test_positional_after_keyword_and_repeated_keyword_are_errors():
    with pytest.raises(UserError, match=r"argument 2 \('1'\) is positional but follows"):
        parse_arguments(["k=1", "1"])
    with pytest.raises(UserError, match="'k' is given twice"):
        parse_arguments(["k=1", "k=2"])
    with pytest.raises(UserError, match=r"argument 1 \('\{1, 2\}'\) cannot become a tensor"):
        parse_arguments(["{1, 2}"])


def test_results_print_as_numpy_values():
    assert format_value(ag.constant([[1, 2], [3, 4]])) == "[[1, 2],\n [3, 4]]"
    assert format_value(ag.constant(0.1)) == "0.1"
    assert format_value(ag.constant(b"abc")) == "b'abc'"
    assert format_value((ag.constant(True),)) == "(True,)"
    assert format_value(None) == "None"
