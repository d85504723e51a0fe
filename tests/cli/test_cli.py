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
