"""Static checks run by the suite: ruff's lint rules and mypy's type check must report nothing."""

import pathlib
import subprocess
import sys

from tests.typecheck import typecheck

_ROOT = pathlib.Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=_ROOT, capture_output=True, text=True, timeout=600
    )


def test_ruff_reports_nothing() -> None:
    result = _run("ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_reports_nothing() -> None:
    result = typecheck()  # the package laid out as installed; settings from pyproject.toml
    assert result.returncode == 0, result.stdout + result.stderr
