"""The `autograph` command line, run as a real subprocess."""

import subprocess
import sys

import autograph as ag


def run(*args):
    return subprocess.run([sys.executable, "-m", "autograph", *args], capture_output=True,
                          text=True, timeout=60)


def test_version_prints_the_package_version():
    result = run("--version")
    assert (result.returncode, result.stdout.strip()) == (0, f"autograph {ag.__version__}")


def test_help_describes_the_program_with_an_example():
    result = run("--help")
    assert result.returncode == 0
    assert result.stdout.startswith("usage: autograph")
    assert "example:" in result.stdout


def test_unknown_option_is_a_usage_error_with_exit_code_2():
    result = run("--frobnicate")
    assert result.returncode == 2
    assert "unrecognized arguments: --frobnicate" in result.stderr


def test_no_command_is_a_usage_error_on_stderr_with_exit_code_2():
    result = run()
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == ("usage: autograph [-h] [--version] COMMAND ...\n"
                             "autograph: error: a command is required (autograph --help lists "
                             "them)\n")


def test_a_reader_that_stops_early_ends_the_command_quietly(tmp_path):
    # `autograph transpile big.py | head -1`: no BrokenPipeError traceback
    body = "".join(f"def f{i}(x):\n    while x > 0:\n        x = x - 1\n    return x\n\n\n"
                   for i in range(400))
    (tmp_path / "big.py").write_text(body)
    process = subprocess.Popen([sys.executable, "-m", "autograph", "transpile", "big.py"],
                               cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout.readline().startswith(b"# f0 ")
    process.stdout.close()
    stderr = process.stderr.read().decode()
    assert process.wait(timeout=60) == 141
    assert "Traceback" not in stderr and "BrokenPipe" not in stderr
