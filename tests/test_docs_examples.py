"""Every code example in the README and in docs/ runs, and prints what the page shows.

A page's ```python blocks run in order as one program, in a fresh process, as a reader who
copies them would run them (a page may register an op or set a seed, which must not leak into
other tests): a ```text block right after a python block (or after a line "prints") is the
output that block must print. A ```text block that starts with `$ autograph ...` is a command
whose output must end with the rest of the block.
"""

from __future__ import annotations

import os
import pathlib
import re
import shlex
import subprocess
import sys
import tempfile

import pytest

from tests.autograph import pinned_unparse

ROOT = pathlib.Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.S | re.M)
MARK = "\x1e--- next example ---"
CONVERTED = "ag__."  # output holding converted code: pinned to ast.unparse of Python 3.11+


def examples(text: str) -> list[tuple[str, str | None]]:
    """The page's python blocks, each with the output it shows (None when it shows none)."""
    blocks = list(FENCE.finditer(text))
    found = []
    for block, after in zip(blocks, blocks[1:] + [None]):
        if block[1] != "python":
            continue
        shown = None
        if after is not None and after[1] == "text" and text[block.end():after.start()].strip() in (
                "", "prints", "prints:"):
            shown = after[2]
        found.append((block[2], shown))
    return found


def commands(text: str) -> list[tuple[str, str]]:
    """The page's `$ autograph ...` blocks: the command, and the end of its output."""
    return re.findall(r"^```text\n\$ (autograph [^\n]+)\n(.*?)^```$", text, re.S | re.M)


def _name(path: pathlib.Path) -> str:
    return str(path.relative_to(ROOT))


def _page_params():
    for page in PAGES:
        found = examples(page.read_text())
        if found:
            pinned = any(shown and CONVERTED in shown for _, shown in found)
            yield pytest.param(page, id=_name(page), marks=[pinned_unparse] if pinned else [])


@pytest.mark.parametrize("page", list(_page_params()))
def test_a_pages_examples_print_what_it_shows(page):
    found = examples(page.read_text())
    program = "".join(f"print({MARK!r}, flush=True)\n{code}\n" for code, _ in found)
    with tempfile.TemporaryDirectory() as scratch:
        script = pathlib.Path(scratch) / "examples.py"
        script.write_text(program)
        result = subprocess.run([sys.executable, str(script)], cwd=ROOT, capture_output=True,
                                text=True, timeout=300,
                                env={**os.environ, "TMPDIR": scratch, "PYTHONPATH": str(ROOT)})
    assert result.returncode == 0, result.stderr
    printed = result.stdout.split(MARK + "\n")[1:]
    wrong = [(code, shown, out) for (code, shown), out in zip(found, printed)
             if shown is not None and out.rstrip("\n") != shown.rstrip("\n")]
    assert wrong == []


def _command_params():
    for page in PAGES:
        for command, shown in commands(page.read_text()):
            marks = [pinned_unparse] if command.startswith("autograph transpile") else []
            yield pytest.param(command, shown, id=f"{_name(page)}: {command}", marks=marks)


@pytest.mark.parametrize("command, shown", list(_command_params()))
def test_a_quoted_command_prints_what_the_page_shows(command, shown):
    result = subprocess.run([sys.executable, "-m", "autograph", *shlex.split(command)[1:]],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.endswith(shown)


def test_the_readme_and_the_tour_have_checked_examples():
    assert sum(shown is not None for _, shown in examples((ROOT / "README.md").read_text())) >= 3
    assert len(commands((ROOT / "docs" / "tour.md").read_text())) >= 3


def test_a_python_block_and_the_output_after_it_are_paired():
    page = "```python\nprint(1)\n```\n\nprints\n\n```text\n1\n```\n\n```python\nx = 2\n```\n"
    assert examples(page) == [("print(1)\n", "1\n"), ("x = 2\n", None)]
