"""Root pytest configuration: doctests run with every kernel registered; golden files.

A golden test compares text with a file under `golden/` through the `golden` fixture. Only
`python3 -m pytest --update-golden` writes those files: without it a missing file fails the
test and says how to create it, so a golden test never passes by writing its own expectation.
"""

from __future__ import annotations

import importlib.util
import pathlib

import pytest

from autograph import kernels  # noqa: F401

pytest_plugins = ["tests.doctest_modules"]  # the package's docstring examples
UPDATE_OPTION = "--update-golden"

# Doctest collection imports every module; this one imports numba, an optional extra.
collect_ignore = [] if importlib.util.find_spec("numba") else ["runtime/exec/jit/support.py"]


def pytest_addoption(parser):
    parser.addoption(UPDATE_OPTION, action="store_true", default=False,
                     help="rewrite golden files with the current output (review them by hand "
                          "before committing)")


class Golden:
    """Checks text against golden files; writes them only when `update` is set."""

    def __init__(self, update: bool, test_id: str = ""):
        self.update = update
        self.test_id = test_id

    def check(self, actual: str, path: pathlib.Path) -> None:
        """Asserts that the file at `path` holds exactly `actual` (writing it first when
        updating); a missing file fails the test."""
        if self.update:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(actual)
        elif not path.exists():
            _missing(path, f"{UPDATE_OPTION} '{self.test_id}'" if self.test_id else UPDATE_OPTION)
        assert actual == path.read_text()

    def read(self, path: pathlib.Path) -> str:
        """The text of the golden file at `path`, which a `check` elsewhere writes; a missing
        one fails the test."""
        if not path.exists():
            _missing(path, UPDATE_OPTION)
        return path.read_text()


def _missing(path: pathlib.Path, arguments: str) -> None:
    pytest.fail(f"golden file {path} does not exist: create it with `python3 -m pytest "
                f"{arguments}`, then read it by hand before committing it", pytrace=False)


@pytest.fixture
def golden(request) -> Golden:
    """The golden-file checker of this test run (`--update-golden` rewrites the files)."""
    return Golden(request.config.getoption(UPDATE_OPTION), request.node.nodeid)
