"""Which modules form the core, and which tests run against a module's mutants.

Read from `[tool.autograph.mutation]` in pyproject.toml: `core` lists the packages; `tests` maps
a path prefix to test paths, and a module takes the entry of its longest matching prefix.

>>> tests_for("kernels/math_kernels.py", {"kernels": ["tests/ops"]})
['tests/ops']
"""

from __future__ import annotations

import subprocess
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: pytest brings tomli there
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]


def settings() -> dict:
    with open(ROOT / "pyproject.toml", "rb") as file:
        return tomllib.load(file)["tool"]["autograph"]["mutation"]


def core_packages() -> list[str]:
    return list(settings()["core"])


def package_of(module: str, packages: list[str] | None = None) -> str | None:
    """The core package holding `module`, or None for a module outside the core."""
    for package in sorted(packages or core_packages(), key=len, reverse=True):
        if module == package or module.startswith(package + "/"):  # a package, or one file
            return package
    return None


def core_modules() -> list[str]:
    """Every core module with code in it, as paths relative to the repository root."""
    modules = []
    for package in core_packages():
        files = [ROOT / package] if package.endswith(".py") else (ROOT / package).rglob("*.py")
        for path in sorted(files):
            if path.name.startswith("test_") or not path.read_text().strip():
                continue
            modules.append(path.relative_to(ROOT).as_posix())
    return modules


def tests_for(module: str, table: dict[str, list[str]] | None = None) -> list[str]:
    """The test paths run against `module`'s mutants: its longest matching prefix's entry."""
    table = settings()["tests"] if table is None else table
    matches = [prefix for prefix in table if module == prefix or module.startswith(prefix + "/")]
    if not matches:
        raise KeyError(
            f"no tests are configured for {module}: add its package or path to "
            "[tool.autograph.mutation.tests] in pyproject.toml"
        )
    return list(table[max(matches, key=len)])


def changed_modules(base: str) -> list[str]:
    """Core modules that differ from git revision `base`, committed or not."""
    listed = subprocess.run(
        ["git", "diff", "--name-only", base, "--", *core_packages()],
        cwd=ROOT, check=True, capture_output=True, text=True,
    ).stdout.split()
    return [path for path in listed if path in set(core_modules())]
