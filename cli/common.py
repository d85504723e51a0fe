"""What the commands share: the user-error type, and finding a function in a file.

A `UserError` is an error in what the user gave (a file, a function, an argument): `main`
prints it as one line, `autograph: error: <message>`, and exits with 1.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import types
from typing import Any

import autograph as ag


class UserError(Exception):
    """The input is at fault; the message names the file, function or argument, and why."""


def formatter() -> type[argparse.HelpFormatter]:
    """Help text kept as written (the examples keep their line breaks)."""
    return argparse.RawDescriptionHelpFormatter


def split_target(target: str) -> tuple[str, str]:
    """`FILE.py:FUNC` as (file, function name)."""
    path, sep, name = target.rpartition(":")
    if not sep or not path or not name:
        raise UserError(f"{target!r}: expected FILE.py:FUNCTION, e.g. examples/collatz.py:"
                        f"collatz_steps")
    return path, name


def import_file(path: str) -> types.ModuleType:
    """Imports the Python file at `path` as a module (running its top-level code), with its
    directory first on `sys.path` so that its own imports work."""
    if not os.path.isfile(path):
        raise UserError(f"{path}: no such file")
    name = os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise UserError(f"{path}: not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except SyntaxError as e:
        raise UserError(f"{path}:{e.lineno}: cannot import: {e.msg}") from None
    return module


def find_function(path: str, name: str) -> Any:
    """The function `name` (or `Class.method`) of the file at `path`, imported."""
    module = import_file(path)
    value: Any = module
    for part in name.split("."):
        if not hasattr(value, part):
            raise UserError(f"{path}: no function {name!r} in this file")
        value = getattr(value, part)
    if not callable(value):
        raise UserError(f"{path}: {name!r} is not a function")
    return value


def as_ag_function(func: Any) -> Any:
    """`func` wrapped in `ag.function`, unless it is a `Function` already."""
    return func if isinstance(func, ag.Function) else ag.function(func)


def function_attrs(op: Any) -> list[tuple[str, Any]]:
    """The graphs held in `op`'s attrs (a cond's branches, a loop's cond and body), as
    `(label, graph)` pairs in attr order; a list attr gives `name[i]` labels."""
    found = []
    for name, value in op.attrs.items():
        items = value if isinstance(value, (list, tuple)) else [value]
        for i, item in enumerate(items):
            if hasattr(item, "get_operations") and hasattr(item, "outputs"):
                found.append((f"{name}[{i}]" if item is not value else name, item))
    return found


def shown_operations(graph: Any) -> list[Any]:
    """`graph`'s ops as the canonical text form shows them: a function's input placeholders,
    which its signature gives, left out."""
    hidden = {t.op for t in getattr(graph, "inputs", [])}
    return [op for op in graph.get_operations() if op not in hidden]


def load_function(target: str) -> tuple[str, str, Any]:
    """`FILE.py:FUNC` imported: (file, function name, the function). An exception raised by the
    module's own code while importing is a UserError naming the file."""
    path, name = split_target(target)
    try:
        return path, name, find_function(path, name)
    except UserError:
        raise
    except Exception as e:  # the module's top-level code failed
        raise UserError(f"{path}: importing it raised {type(e).__name__}: {e}") from None


def write_output(data: str | bytes, path: str | None) -> None:
    """Writes `data` to the file `path`, or to stdout when `path` is None (text gets a final
    newline)."""
    if isinstance(data, str) and not data.endswith("\n"):
        data += "\n"
    if path is None:
        if isinstance(data, bytes):
            sys.stdout.flush()
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
        else:
            sys.stdout.write(data)
        return
    try:
        with open(path, "wb" if isinstance(data, bytes) else "w") as f:
            f.write(data)
    except OSError as e:
        raise UserError(f"{path}: cannot write: {e.strerror}") from None


def error_message(error: BaseException) -> str:
    """What an exception from the user's code says: autograph's "in user code:" report as it
    is, anything else as `Type: message`."""
    text = str(error)
    if text.startswith("in user code:"):
        return text
    return f"{type(error).__name__}: {text}" if text else type(error).__name__
