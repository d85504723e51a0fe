"""The README's quoted command output is what the commands print today."""

import pathlib
import re
import shlex
import subprocess
import sys

import pytest

from tests.autograph import pinned_unparse

ROOT = pathlib.Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()
# ```text blocks that start with `$ autograph ...`: the command, then (the end of) its output
COMMAND_BLOCKS = re.findall(r"```text\n\$ (autograph [^\n]+)\n(.*?)```", README, re.S)


def test_the_readme_quotes_command_output():
    assert len(COMMAND_BLOCKS) >= 3


def _case(command: str, shown: str):
    # converted code is text from ast.unparse, which the README quotes as Python 3.11+ prints it
    marks = [pinned_unparse] if command.startswith("autograph transpile") else []
    return pytest.param(command, shown, id=command, marks=marks)


@pytest.mark.parametrize("command, shown", [_case(c, s) for c, s in COMMAND_BLOCKS])
def test_quoted_command_output_is_real(command, shown):
    args = shlex.split(command)[1:]
    result = subprocess.run([sys.executable, "-m", "autograph", *args], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.endswith(shown)


def _run_block(tmp_path, code: str) -> str:
    script = tmp_path / "readme_block.py"
    script.write_text(code)
    result = subprocess.run([sys.executable, str(script)], cwd=ROOT, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout


def _section(start: str, end: str) -> str:
    return README[README.index(start):README.index(end)]


def test_the_function_tour_prints_what_the_readme_shows(tmp_path):
    section = _section("### Functions", "### Eager ops")
    code, shown = re.search(r"```python\n(.*?)```\n\n```text\n(.*?)```", section, re.S).groups()
    assert _run_block(tmp_path, code) == shown


def test_the_eager_tour_prints_what_the_readme_shows(tmp_path):
    section = _section("### Eager ops", "### The converter")
    code, shown = re.search(r"```python\n(.*?)```\n\nprints\n\n```text\n(.*?)```", section,
                            re.S).groups()
    assert _run_block(tmp_path, code) == shown


@pinned_unparse
def test_the_converter_tour_prints_what_the_readme_shows(tmp_path):
    section = _section("### The converter", "### From the command line")
    code, shown = re.search(r"```python\n(.*?)```\n\n```text\n(.*?)```", section, re.S).groups()
    assert _run_block(tmp_path, "import autograph as ag\n\n" + code) == shown + "\n"


def test_the_gradients_tour_prints_what_the_readme_shows(tmp_path):
    section = _section("### Gradients", "### The converter")
    code, shown = re.search(r"```python\n(.*?)```\n\n```text\n(.*?)```", section, re.S).groups()
    assert _run_block(tmp_path, code) == shown


def test_the_training_tour_prints_what_the_readme_shows(tmp_path):
    section = _section("### Training", "### The converter")
    code, shown = re.search(r"```python\n(.*?)```\n\n```text\n(.*?)```", section, re.S).groups()
    assert _run_block(tmp_path, code) == shown


def test_the_datasets_tour_prints_what_the_readme_shows(tmp_path):
    section = _section("### Datasets", "### The converter")
    code, shown = re.search(r"```python\n(.*?)```\n\n```text\n(.*?)```", section, re.S).groups()
    assert _run_block(tmp_path, code) == shown
