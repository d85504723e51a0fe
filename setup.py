"""Installs the repository's four top-level folders as one import package, `autograph`.

`autograph/` is the package; `runtime/`, `kernels/` and `cli/` become `autograph.runtime`,
`autograph.kernels` and `autograph.cli` (in a checkout, `autograph/_layout.py` maps them the same
way). Everything else is in pyproject.toml.
"""

from setuptools import find_packages, setup

_INSIDE = ("runtime", "kernels", "cli")
_OWN = find_packages(include=["autograph", "autograph.*"])
_MAPPED = find_packages(include=[*_INSIDE, *(f"{name}.*" for name in _INSIDE)])

setup(
    packages=_OWN + [f"autograph.{package}" for package in _MAPPED],
    package_dir={"autograph": "autograph", **{f"autograph.{name}": name for name in _INSIDE}},
)
