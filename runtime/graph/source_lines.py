"""Where an op was made: the user's `file:line`, found on the stack when the op is created.

Frames of this project's packages are skipped; a frame of converted code counts as the user's
line it was generated from, which the converter (a layer above) tells through
`set_generated_source_resolver`.

A frame's line is found by bisection in a table of its code object's instruction offsets
(`co_lines`, made once per code object), not read from `frame.f_lineno`: CPython finds that by
scanning the line table from the function's start, so tracing a function of 10 000
straight-line statements spent quadratic time there (120 us per op instead of 40). The table
also keeps each line's `file:line` text once made: ops made on one line share it.
"""

from __future__ import annotations

import array
import bisect
import os
import sys
import types
import weakref
from typing import Any, Callable

from autograph.runtime.core.traceback_utils import GENERATED_PREFIX, is_internal_file

_source_resolver: list[Callable[[str, int], tuple[str, int] | None] | None] = [None]


def set_generated_source_resolver(
        resolver: Callable[[str, int], tuple[str, int] | None] | None) -> Any:
    """Lets op sources name the user's line inside converted code; returns the resolver it
    replaces.

    The converter (a layer above this one) gives `resolver(generated_file, line)`, which
    answers the user's `(file, line)` for a line of code it generated, or None.
    """
    previous, _source_resolver[0] = _source_resolver[0], resolver
    return previous


def user_source(filename: str, line: int) -> tuple[str, int] | None:
    """The user's `(file, line)` for a frame's: a line of converted code as the line it was
    generated from (None where the resolver does not know it); any other as it is."""
    if not filename.startswith(GENERATED_PREFIX):
        return filename, line
    resolver = _source_resolver[0]
    return resolver(filename, line) if resolver is not None else None


def user_frame() -> str:
    """`file:line` of the innermost frame outside this project's packages, for messages."""
    frame: types.FrameType | None = sys._getframe(1)
    kinds = _file_kinds
    depth = 0
    while frame is not None and depth < 30:
        filename = frame.f_code.co_filename
        kind = kinds.get(filename) or _file_kind(filename)
        if kind is not _INTERNAL:
            source = _frame_source(frame, kind is _GENERATED)
            if source:  # else generated code of no user line: the frame below may have one
                return source
        frame = frame.f_back
        depth += 1
    return ""


def _frame_source(frame: types.FrameType, generated: bool) -> str:
    """`file:line` of a user's frame, or of the user's line converted code was generated from
    ("" where that is unknown); kept per line of the frame's code."""
    table = _table(frame.f_code)
    line = _line(table, frame)
    sources = table[3]
    source = sources.get(line)
    if source is None:
        filename = frame.f_code.co_filename
        found = user_source(filename, line) if generated else (filename, line)
        source = sources[line] = "" if found is None else f"{found[0]}:{found[1]}"
    return source


def frame_line(frame: types.FrameType) -> int:
    """`frame.f_lineno` of a running frame, found by bisection (not a scan from the start).

    >>> import sys
    >>> frame = sys._getframe()
    >>> frame_line(frame) == frame.f_lineno
    True
    """
    return _line(_table(frame.f_code), frame)


def _table(code: types.CodeType) -> _LineTable:
    found = _line_tables.get(id(code))
    if found is None:
        if len(_line_tables) >= _LINE_TABLES_LIMIT:
            _line_tables.clear()
        # Keyed by id, not by the code object: equal code objects may differ in lines. The
        # entry goes when the code does (code made at run time, converted code: its file's
        # lines go with it), before the id can be reused.
        key = id(code)
        found = _line_tables[key] = (weakref.ref(code, lambda _: _line_tables.pop(key, None)),
                                     *_line_table(code), {})
    return found


def _line(table: _LineTable, frame: types.FrameType) -> int:
    _, starts, lines, _ = table
    at = bisect.bisect_right(starts, frame.f_lasti) - 1
    line = lines[at] if at >= 0 else -1
    return frame.f_lineno if line < 0 else line


def _line_table(code: types.CodeType) -> tuple[array.array, array.array]:
    """The start offsets of `code`'s runs of instructions on one line (`co_lines`, which
    cover the code without gaps), and their lines (-1: none), as compact arrays."""
    runs = list(code.co_lines())
    return (array.array("q", [start for start, _, _ in runs]),
            array.array("q", [-1 if line is None else line for _, _, line in runs]))


_LINE_TABLES_LIMIT = 1024
# id(code) -> (the code, weakly; start offsets; their lines; line -> `_frame_source`'s answer)
_LineTable = tuple[weakref.ref, array.array, array.array, dict[int, str]]
_line_tables: dict[int, _LineTable] = {}


# What a file is to `user_frame`, by file name (a dict: this runs for every frame walked).
_USER, _GENERATED, _INTERNAL = "user", "generated", "internal"
_FILE_KINDS_LIMIT = 4096
_file_kinds: dict[str, str] = {}


def _file_kind(filename: str) -> str:
    if filename.startswith(GENERATED_PREFIX):
        kind = _GENERATED
    elif is_internal_file(filename) or os.path.abspath(filename).endswith("contextlib.py"):
        kind = _INTERNAL
    else:
        kind = _USER
    if len(_file_kinds) >= _FILE_KINDS_LIMIT:
        _file_kinds.clear()
    _file_kinds[filename] = kind
    return kind
