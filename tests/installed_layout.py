"""The checkout laid out as an install lays it out, for tools that read files rather than import.

setup.py installs `runtime/`, `kernels/` and `cli/` inside the `autograph` package; mypy and
the documentation's API reference (griffe) look for `autograph/runtime/...` on disk. `lay_out`
makes that tree of symbolic links to the checkout in a folder of the caller's.
"""

from __future__ import annotations

import pathlib
import shutil

ROOT = pathlib.Path(__file__).resolve().parents[1]
SUBPACKAGES = ("runtime", "kernels", "cli")


def lay_out(folder: pathlib.Path) -> pathlib.Path:
    """Makes `folder/autograph` (replacing one made before) and returns it."""
    package = folder / "autograph"
    if package.exists():
        shutil.rmtree(package)
    package.mkdir(parents=True)
    for entry in (ROOT / "autograph").iterdir():
        if entry.name != "__pycache__":
            (package / entry.name).symlink_to(entry)
    for name in SUBPACKAGES:
        (package / name).symlink_to(ROOT / name)
    return package
