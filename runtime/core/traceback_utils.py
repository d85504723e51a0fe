"""Traceback filtering: errors leave the package showing the user's frames, not ours.

As TensorFlow's `traceback_utils`: the public entry points (a `Function` call, a front-end op
function, a tensor operator, a converted function) catch an exception on its way out and
re-raise it with the frames of this project's packages (`autograph/`, `runtime/`, `kernels/`,
`cli/`) and of generated code (whose lines the "in user code" message already shows) removed
from its traceback. The re-raise is a bare `raise`, which records no frame of its own, so no
frame of ours is left; TensorFlow re-raises with `raise e.with_traceback(...)`, which leaves
its `traceback_utils.py ... in error_handler` frame. (Python 3.10's bare `raise` brings back
the frames the error was caught with, so there the entry point re-raises the error itself and
its one frame stays, as in TensorFlow.)

Where TensorFlow re-raises `from None`, dropping every chained exception, a chained exception
(`__cause__`, `__context__`) is kept, its traceback filtered the same way, when some of its
frames are the user's (`raise ValueError(...) from e` in the user's code) or it was never
raised (`raise ValueError(...) from KeyError(...)`); one raised and chained only inside the
package is dropped. Filtering is on by default, per thread;
`disable_traceback_filtering()` shows every frame again, for debugging the package itself.
"""

from __future__ import annotations

import functools
import inspect
import os
import sys
import threading
import types
from typing import Any, Callable

from autograph._layout import SOURCE_DIRS

GENERATED_PREFIX = "<autograph: "  # file names of converted code (autograph.pyct.loader)
PLAN_PREFIX = "<plan of "  # file names of the executor's plans (runtime.exec.executor)
BARE_RAISE_RESTORES_FRAMES = sys.version_info < (3, 11)
"""Python 3.10: a bare `raise` re-raises the traceback the error was caught with."""
CAUSE_IN_MESSAGE = "__ag_cause_in_message__"
"""An exception with this attribute true restates its `__cause__` in its own message (an "in
user code" report): filtering drops the cause."""
_state = threading.local()


def is_traceback_filtering_enabled() -> bool:
    """Whether errors raised through the public API show only the user's frames (the
    default, in each thread)."""
    return getattr(_state, "enabled", True)


def enable_traceback_filtering() -> None:
    """Filters the package's own frames out of the tracebacks of errors raised through the
    public API, in this thread (the default)."""
    _state.enabled = True


def disable_traceback_filtering() -> None:
    """Shows every frame, the package's included, in the tracebacks of errors raised through
    the public API, in this thread: for debugging the package itself."""
    _state.enabled = False


@functools.lru_cache(maxsize=4096)
def is_internal_file(filename: str) -> bool:
    """Whether `filename` is a file of this project's packages, or code they generate."""
    return filename.startswith((GENERATED_PREFIX, PLAN_PREFIX)) or os.path.abspath(
        filename).startswith(SOURCE_DIRS)


def user_stacklevel() -> int:
    """The `warnings.warn` stacklevel, for its caller, that names the innermost frame outside
    this project's packages: a warning points at the user's line."""
    frame: types.FrameType | None = sys._getframe(1)
    level = 1
    while frame is not None and is_internal_file(frame.f_code.co_filename):
        frame, level = frame.f_back, level + 1
    return level


def leaves_to_user(caller: types.FrameType | None) -> bool:
    """Whether an error raised to the frame `caller` (the caller of an entry point) leaves the
    package, so is to be filtered: filtering is enabled and `caller` is not the package's."""
    return is_traceback_filtering_enabled() and (
        caller is None or not is_internal_file(caller.f_code.co_filename))


def filtered(error: BaseException) -> BaseException:
    """`error`, changed in place: its traceback (and those of the exceptions it chains) holds
    only the user's frames; a chained exception with no frame of the user's is dropped."""
    _filter(error, {id(error)})
    return error


def _filter(error: BaseException, seen: set[int]) -> None:
    error.__traceback__ = _user_traceback(error.__traceback__)
    if getattr(error, CAUSE_IN_MESSAGE, False):
        error.__cause__ = None
        error.__suppress_context__ = True
    for attr in ("__cause__", "__context__"):
        chained = getattr(error, attr)
        if chained is None or id(chained) in seen:
            continue
        seen.add(id(chained))
        if chained.__traceback__ is None or _has_user_frame(chained.__traceback__):
            _filter(chained, seen)  # never raised: the program attached it (`raise X from Y`)
        else:
            setattr(error, attr, None)


def _user_traceback(tb: types.TracebackType | None) -> types.TracebackType | None:
    frames = []
    while tb is not None:
        if not is_internal_file(tb.tb_frame.f_code.co_filename):
            frames.append(tb)
        tb = tb.tb_next
    new = None
    for tb in reversed(frames):
        new = types.TracebackType(new, tb.tb_frame, tb.tb_lasti, tb.tb_lineno)
    return new


def _has_user_frame(tb: types.TracebackType | None) -> bool:
    while tb is not None:
        if not is_internal_file(tb.tb_frame.f_code.co_filename):
            return True
        tb = tb.tb_next
    return False


def filter_traceback(fn: Callable) -> Callable:
    """Decorator of a public entry point: what `fn` raises leaves for the user's code with the
    user's frames only, while filtering is enabled.

    The wrapper is `_error_handler` below, compiled for `fn`'s own parameters so that a call
    costs about what calling `fn` does (packing `*args, **kwargs` would cost 0.1 µs more, a
    tenth of an eager op), at this file's lines of `_error_handler` (which a traceback shows
    when filtering is off).
    """
    try:
        signature = inspect.signature(fn, follow_wrapped=False)
        lines, first = _template()
    except (TypeError, ValueError, OSError):  # no signature, or no source to compile
        return functools.wraps(fn)(_closure(fn))
    if _RESERVED & set(signature.parameters):
        return functools.wraps(fn)(_closure(fn))
    params, arguments, defaults = _forwarding(signature)
    lines = [f"def error_handler({params}):\n"] + [
        line.replace("_wrapped(*args, **kwargs)", f"_wrapped({arguments})") for line in lines[1:]]
    namespace = {"_wrapped": fn, "leaves_to_user": leaves_to_user, "filtered": filtered,
                 "sys": sys, "BARE_RAISE_RESTORES_FRAMES": BARE_RAISE_RESTORES_FRAMES,
                 **defaults}
    # Blank lines first, so that the wrapper's lines are this file's lines.
    exec(compile("\n" * (first - 1) + "".join(lines), __file__, "exec"), namespace)
    return functools.wraps(fn)(namespace["error_handler"])


@functools.lru_cache(maxsize=None)
def _template() -> tuple[list[str], int]:
    return inspect.getsourcelines(_error_handler)


def _error_handler(*args: Any, **kwargs: Any) -> Any:  # compiled by filter_traceback
    try:
        return _wrapped(*args, **kwargs)  # type: ignore[name-defined]  # noqa: F821  (bound when filter_traceback compiles this)
    except Exception as error:
        if leaves_to_user(sys._getframe(1)):
            filtered(error)
            if BARE_RAISE_RESTORES_FRAMES:
                raise error
        raise  # records no frame: the traceback is the user's frames alone


_RESERVED = {"_wrapped", "leaves_to_user", "filtered", "sys", "error",
             "BARE_RAISE_RESTORES_FRAMES"}


def _closure(fn: Callable) -> Callable:
    def error_handler(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except Exception as error:
            if leaves_to_user(sys._getframe(1)):
                filtered(error)
                if BARE_RAISE_RESTORES_FRAMES:
                    raise error
            raise  # records no frame: the traceback is the user's frames alone
    return error_handler


def _forwarding(signature: inspect.Signature) -> tuple[str, str, dict[str, Any]]:
    """The parameter list of a wrapper with `signature` (defaults named `_default_<i>`), the
    arguments that pass them on, and the defaults by name."""
    kinds = inspect.Parameter
    params: list[str] = []
    arguments: list[str] = []
    defaults: dict[str, Any] = {}
    previous = None
    for i, p in enumerate(signature.parameters.values()):
        if previous is kinds.POSITIONAL_ONLY and p.kind is not kinds.POSITIONAL_ONLY:
            params.append("/")
        if p.kind is kinds.KEYWORD_ONLY and previous not in (kinds.KEYWORD_ONLY,
                                                             kinds.VAR_POSITIONAL):
            params.append("*")
        previous = p.kind
        if p.kind is kinds.VAR_POSITIONAL:
            params.append(f"*{p.name}")
            arguments.append(f"*{p.name}")
            continue
        if p.kind is kinds.VAR_KEYWORD:
            params.append(f"**{p.name}")
            arguments.append(f"**{p.name}")
            continue
        text = p.name
        if p.default is not p.empty:
            defaults[f"_default_{i}"] = p.default
            text += f"=_default_{i}"
        params.append(text)
        arguments.append(f"{p.name}={p.name}" if p.kind is kinds.KEYWORD_ONLY else p.name)
    if previous is kinds.POSITIONAL_ONLY:
        params.append("/")
    return ", ".join(params), ", ".join(arguments), defaults
