"""Installing autograph adds one top-level package, `autograph`: a user's own `kernels.py`,
`runtime/` or `cli/` neither breaks it nor is shadowed by it."""

import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
PROGRAM = """
import sys
import autograph as ag
assert [name for name in ("runtime", "kernels", "cli") if name in sys.modules] == []
print(ag.constant(1) + 1)
import cli, kernels, runtime
print(kernels.X, runtime.X, cli.X)
"""


@pytest.fixture
def users_project(tmp_path):
    """A folder whose own modules are named as the repository's top-level folders."""
    (tmp_path / "kernels.py").write_text("X = 'their kernels'\n")
    for package in ("runtime", "cli"):
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text(f"X = 'their {package}'\n")
    return tmp_path


def _python(folder, *args, checkout):
    """Runs Python in `folder`: with the installed autograph, or the checkout's (PYTHONPATH)."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    if checkout:
        env["PYTHONPATH"] = str(ROOT)
    return subprocess.run([sys.executable, *args], cwd=folder, env=env, capture_output=True,
                          text=True, timeout=120)


@pytest.mark.parametrize("checkout", [False, True], ids=["installed", "checkout"])
def test_a_users_own_kernels_runtime_and_cli_keep_autograph_working(users_project, checkout):
    result = _python(users_project, "-c", PROGRAM, checkout=checkout)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["ag.Tensor(2, shape=(), dtype=int32)",
                                          "their kernels their runtime their cli"]


@pytest.mark.parametrize("checkout", [False, True], ids=["installed", "checkout"])
def test_the_command_line_runs_beside_a_users_own_cli_package(users_project, checkout):
    result = _python(users_project, "-m", "autograph", "--help", checkout=checkout)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("usage: autograph")
