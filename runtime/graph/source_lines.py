"""Where an op was made: the user's `file:line`, found on the stack when the op is created.

Frames of this project's packages are skipped; a frame of converted code counts as the user's
line it was generated from, which the converter (a layer above) tells through
`set_generated_source_resolver`.
"""

from __future__ import annotations

import functools
import os
import sys
import types
from typing import Any, Callable

from runtime.core.traceback_utils import GENERATED_PREFIX, is_internal_file

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
    for _ in range(30):
        if frame is None:
            break
        filename = frame.f_code.co_filename
        if _is_user_file(filename):
            return f"{filename}:{frame.f_lineno}"
        if filename.startswith(GENERATED_PREFIX):
            found = user_source(filename, frame.f_lineno)
            if found is not None:
                return f"{found[0]}:{found[1]}"
        frame = frame.f_back
    return ""


@functools.lru_cache(maxsize=1024)
def _is_user_file(filename: str) -> bool:
    return not is_internal_file(filename) and not os.path.abspath(filename).endswith(
        "contextlib.py")
