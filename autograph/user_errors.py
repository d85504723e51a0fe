"""Errors raised inside converted code, re-raised at the user's own lines.

When an exception leaves a converted function, the frames of generated code in its traceback
are looked up in their source maps and the error is raised again, of the same type where the
type allows it, with the user's file, line and source text first:

    TypeError: in user code:

        File "model.py", line 12, in f
            y = x + "a"

    unsupported operand type(s) for +: 'int' and 'str'
"""

from __future__ import annotations

import traceback
from typing import Any

from autograph.pyct.errors import StagingError
from autograph.pyct.parser import source_line
from autograph.transpiler import source_map_for

_MARK = "__ag_user_frames__"


def user_frames(error: BaseException) -> list[str]:
    """The user's frames of generated code in `error`'s traceback, as text blocks."""
    blocks = []
    for frame in traceback.extract_tb(error.__traceback__):
        source_map = source_map_for(frame.filename)
        if source_map is None:
            continue
        found = source_map.lookup(frame.lineno)
        if found is None:
            continue
        filename, line = found
        blocks.append(f'    File "{filename}", line {line}, in {frame.name}\n'
                      f"        {source_line(filename, line)}")
    return blocks


def rewrite(error: BaseException) -> BaseException:
    """`error` with a message that starts at the user's lines (itself if it has none)."""
    if getattr(error, _MARK, False):
        return error
    blocks = user_frames(error)
    if not blocks:
        return error
    message = "in user code:\n\n" + "\n\n".join(blocks) + f"\n\n    {_message(error)}"
    try:
        new = _same_type(error, message)
    except Exception:  # a type whose constructor needs more than a message
        new = StagingError(f"{type(error).__name__}: {message}")
    setattr(new, _MARK, True)
    new.__cause__ = error
    return new


def _message(error: BaseException) -> str:
    text = str(error)
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def _same_type(error: BaseException, message: str) -> BaseException:
    op_name = getattr(error, "op_name", None)
    if op_name is not None:
        new = type(error)(message, op_name)
    else:
        new = type(error)(message)
    for name, value in vars(error).items():
        if name not in ("args", "message"):
            try:
                setattr(new, name, value)
            except AttributeError:
                pass
    if hasattr(error, "message"):
        new.message = message
    return new


def reraise_in_user_code(fn: Any):
    """Wraps a converted function so its errors are reported at the user's lines."""
    import functools

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except Exception as e:
            new = rewrite(e)
            if new is e:
                raise
            raise new from e
    return wrapper
