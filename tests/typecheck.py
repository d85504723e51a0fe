"""Type-checks the package with mypy as it installs: one package, `autograph`.

mypy cannot follow setuptools' `package_dir`, which makes `runtime/`, `kernels/` and `cli/`
sub-packages of `autograph` (setup.py). So this lays the checkout out as an install does
(tests/installed_layout.py, in a temporary folder) and checks `-p autograph` there with
pyproject.toml's settings. Errors name the files as `autograph/runtime/...`.

    python3 -m tests.typecheck
"""

from __future__ import annotations

import pathlib
import subprocess
import sys
import tempfile

from tests.installed_layout import lay_out

ROOT = pathlib.Path(__file__).resolve().parents[1]


def typecheck() -> subprocess.CompletedProcess:
    """mypy's run over the package laid out as installed (its output captured)."""
    with tempfile.TemporaryDirectory() as scratch:
        lay_out(pathlib.Path(scratch))
        return subprocess.run(
            [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
             "--cache-dir", str(ROOT / ".mypy_cache"), "-p", "autograph"],
            cwd=scratch, capture_output=True, text=True, timeout=600)


if __name__ == "__main__":
    result = typecheck()
    print(result.stdout + result.stderr, end="")
    sys.exit(result.returncode)
