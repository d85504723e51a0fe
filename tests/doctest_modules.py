"""Runs the doctests of the package's modules, each imported by the name users import it by.

`runtime/`, `kernels/` and `cli/` import as `autograph.runtime`, `autograph.kernels` and
`autograph.cli` (autograph/_layout.py). pytest's own `--doctest-modules` would import
`runtime/core/dtypes.py` a second time, as a module `runtime.core.dtypes`, and so register every
op and kernel twice; this collector imports each file by its package name instead and runs its
examples with the standard library's doctest (ELLIPSIS and NORMALIZE_WHITESPACE on). `python3 -m
pytest runtime/exec/session.py` runs that module's examples.
"""

from __future__ import annotations

import doctest
import importlib
import io
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
PACKAGES = {"autograph": "autograph", "runtime": "autograph.runtime",
            "kernels": "autograph.kernels", "cli": "autograph.cli"}
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def module_name(path: pathlib.Path) -> str | None:
    """The import name of the package's module at `path`; None for any other file (and for
    `__main__.py`, which runs a program when imported)."""
    path = path.resolve()
    if path.suffix != ".py" or path.name == "__main__.py" or ROOT not in path.parents:
        return None
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[0] not in PACKAGES:
        return None
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([PACKAGES[parts[0]], *parts[1:]])


def pytest_collect_file(file_path: pathlib.Path, parent: pytest.Collector) -> pytest.File | None:
    if module_name(file_path) is None or parent.session.isinitpath(file_path):
        return None  # a module named on the command line: see pytest_pycollect_makemodule
    return ModuleExamples.from_parent(parent, path=file_path)


@pytest.hookimpl(tryfirst=True)
def pytest_pycollect_makemodule(module_path: pathlib.Path,
                                parent: pytest.Collector) -> pytest.File | None:
    """A module named on the command line (`pytest runtime/exec/session.py`): its examples, where
    pytest would import it as a test module, under a second name."""
    if module_name(module_path) is None:
        return None
    return ModuleExamples.from_parent(parent, path=module_path)


class ModuleExamples(pytest.File):
    """The docstring examples of one module."""

    def collect(self):
        module = importlib.import_module(module_name(self.path))
        for test in doctest.DocTestFinder().find(module, module.__name__):
            if test.examples:
                yield Example.from_parent(self, name=test.name, test=test)


class ExampleFailed(AssertionError):
    """An example printed other than its docstring shows (the message is doctest's report)."""


class Example(pytest.Item):
    """One docstring's examples, run in order in a copy of the module's globals."""

    def __init__(self, *, test: doctest.DocTest, **kwargs):
        super().__init__(**kwargs)
        self.test = test

    def runtest(self) -> None:
        report = io.StringIO()
        result = doctest.DocTestRunner(optionflags=FLAGS).run(self.test, out=report.write)
        if result.failed:
            raise ExampleFailed(report.getvalue())

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ExampleFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.path, self.test.lineno, f"[doctest] {self.name}"
