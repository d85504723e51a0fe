"""Errors raised inside converted code, re-raised at the user's own lines.

When an exception leaves a converted function, the frames of generated code in its traceback
are looked up in their source maps and the error is raised again, of the same type where the
type allows it, with the user's file, line and source text first. Each frame is named after
the user's function that holds the line (not the generated `if_body` or `loop_body` that ran
it); frames of the user's code that was not converted (a `do_not_convert` helper) are shown as
they are; frames of this package, of the standard library and of installed packages are not:

    TypeError: in user code:

        File "model.py", line 12, in f
            y = x + "a"

    unsupported operand type(s) for +: 'int' and 'str'

The new error's `__cause__` is the original. Where the error leaves for the user's code, the
traceback is filtered as well (`runtime.core.traceback_utils`): the package's frames and the
generated ones go, and so does the cause, which the message restates; with filtering disabled
(`ag.debugging.disable_traceback_filtering()`) both stay.
"""

from __future__ import annotations

import ast
import functools
import linecache
import os
import sys
import sysconfig
import traceback
from typing import Any

from autograph._layout import SOURCE_DIRS
from autograph.impl import transpiler
from autograph.operators.handlers import PROGRAM_RAISE
from autograph.operators.raising_branches import raised_by_program
from autograph.operators.traced_errors import forget_lost_state
from autograph.pyct.errors import KeyErrorWithMessage, StagingError
from autograph.pyct.parser import source_line
from autograph.runtime.core import traceback_utils
from autograph.runtime.core.traceback_utils import GENERATED_PREFIX

_MARK = "__ag_user_frames__"
_NOT_USER = tuple(
    list(SOURCE_DIRS)
    + sorted({os.path.join(path, "") for key, path in sysconfig.get_paths().items()
              if key in ("stdlib", "platstdlib", "purelib", "platlib")}))


def user_frames(error: BaseException) -> list[str]:
    """The user's frames in `error`'s traceback, innermost last, as text blocks: generated
    code at the user's lines, and the user's own unconverted code."""
    frames = []
    for frame in traceback.extract_tb(error.__traceback__):
        source_map = transpiler.source_map_for(frame.filename)
        if source_map is not None:
            found = None if frame.lineno is None else source_map.lookup(frame.lineno)
            if found is None:
                continue
            filename, line = found
            frames.append((filename, line,
                           _enclosing_function(filename, line, frame.name) or frame.name))
        elif _is_user_file(frame.filename) and frame.lineno is not None:
            frames.append((frame.filename, frame.lineno, frame.name))
    # A converted `if`/`for`/`while` runs its body in a frame of its own; the frame of the
    # statement itself says nothing the body's line does not, so only the body's is shown.
    kept = [f for f, after in zip(frames, frames[1:] + [None])
            if after is None or not _encloses(f, after)]
    return [f'    File "{filename}", line {line}, in {name}\n'
            f"        {source_line(filename, line)}" for filename, line, name in kept]


def _encloses(frame: tuple, inner: tuple) -> bool:
    """Whether `frame`'s line starts a compound statement of the same function that holds
    `inner`'s line."""
    filename, line, name = frame
    if inner[0] != filename or inner[2] != name or inner[1] <= line:
        return False
    return any(start == line and inner[1] <= end for start, end in _compounds_of(filename))


def _is_user_file(filename: str) -> bool:
    if filename.startswith(("<", GENERATED_PREFIX)):
        return False
    return not os.path.abspath(filename).startswith(_NOT_USER)


def _enclosing_function(filename: str, line: int, name: str) -> str | None:
    """The name of the innermost function (or lambda) of the user's file holding `line`;
    of those named `name` (the frame's function) where there are some: a line holding a
    lambda is also a line of the function around it."""
    holding = [(start, found) for start, end, found in _functions_of(filename)
               if start <= line <= end]
    named = [entry for entry in holding if entry[1] == name]
    return max(named or holding)[1] if holding else None


@functools.lru_cache(maxsize=64)
def _parse(filename: str) -> ast.AST | None:
    try:
        return ast.parse("".join(linecache.getlines(filename)))
    except (SyntaxError, ValueError):
        return None


@functools.lru_cache(maxsize=64)
def _compounds_of(filename: str) -> tuple[tuple[int, int], ...]:
    """The (first, last) lines of the `if`, `for`, `while`, `with` and `try` statements."""
    tree = _parse(filename)
    kinds = (ast.If, ast.For, ast.AsyncFor, ast.While, ast.With, ast.AsyncWith, ast.Try)
    return () if tree is None else tuple((node.lineno, node.end_lineno or node.lineno)
                                         for node in ast.walk(tree) if isinstance(node, kinds))


@functools.lru_cache(maxsize=64)
def _functions_of(filename: str) -> tuple[tuple[int, int, str], ...]:
    tree = _parse(filename)
    if tree is None:
        return ()
    return tuple((node.lineno, node.end_lineno or node.lineno,
                  "<lambda>" if isinstance(node, ast.Lambda) else node.name)
                 for node in ast.walk(tree)
                 if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))


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
    else:
        if raised_by_program(error):  # its traceback, which says so, is the original's
            setattr(new, PROGRAM_RAISE, True)
    setattr(new, _MARK, True)
    setattr(new, traceback_utils.CAUSE_IN_MESSAGE, True)
    new.__cause__ = error
    return new


def _message(error: BaseException) -> str:
    # An op error's `[Op:name]` suffix comes back when the new error is printed.
    message = getattr(error, "message", None)
    text = message if isinstance(message, str) and hasattr(error, "op_name") else str(error)
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def _same_type(error: BaseException, message: str) -> BaseException:
    op_name = getattr(error, "op_name", None)
    if op_name is not None:
        new = type(error)(message, op_name)
    elif type(error) is KeyError:
        new = KeyErrorWithMessage(message, *error.args)
    else:
        new = type(error)(message)
    for name, value in vars(error).items():
        if name not in ("args", "message"):
            try:
                setattr(new, name, value)
            except AttributeError:
                pass
    if hasattr(error, "message"):
        new.message = message  # type: ignore[attr-defined]  # the hasattr check above
    return new


def reraise_in_user_code(fn: Any):
    """Wraps a converted function so its errors are reported at the user's lines (and leave
    for the user's code with the user's frames only)."""
    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            try:
                return fn(*args, **kwargs)
            except Exception as e:
                forget_lost_state(e)  # the function's own variables are gone with it
                new = rewrite(e)
                if new is e:
                    raise
                raise new from e
        except Exception as error:  # filtered here, where it leaves (runtime.core.traceback_utils)
            if traceback_utils.leaves_to_user(sys._getframe(1)):
                traceback_utils.filtered(error)
                if traceback_utils.BARE_RAISE_RESTORES_FRAMES:
                    raise error
            raise  # records no frame: the traceback is the user's frames alone
    return wrapper
