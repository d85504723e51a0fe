"""Runs one generated program three ways and classifies what happened.

1. `python`: the function as written, on Python ints.
2. `to_graph`: `ag.to_graph(f)` on the same Python ints; it must return exactly what Python
   returned (same values, same Python/tensor kinds, same context-manager counts) or raise the
   same exception type.
3. `function`: `ag.function(f)` on `ag.constant` of the same ints, so conditions and loop
   bounds are tensors; the `.numpy()` values must equal Python's.

A program that raises in Python must raise the same exception type (or a subtype) in stage 2,
and raise in stage 3: the same type there is `same`, an error of ours is `error` (a tensor
loop that ran no time leaves a variable without a value: the graph can only say so when it
runs). Each stage gets an `Outcome` whose `kind` is one of:

- `same`: the answer agrees;
- `different`: another value, a value where Python raised, another exception type, the
  program's own exception where Python returned (generated programs raise ValueError or
  KeyError with the messages in `PROGRAM_MESSAGES`), or unbalanced context-manager exits (a bug);
- `error`: a clear error from the converter or tracer ("can't convert or run this");
- `crash`: an internal exception type (AttributeError, KeyError, ...) or a message that is
  Python's own rather than ours (a bug);
- `hang`: it ran past the time limit (a bug: generated programs always end).
"""

from __future__ import annotations

import builtins
import contextlib
import dataclasses
import itertools
import linecache
import re
import signal
import sys
import warnings
from typing import Any, Callable

import autograph as ag
from tests.differential.program_objects import Box, Counter

KINDS = ("same", "different", "error", "crash", "hang")
BUGS = ("different", "crash", "hang")

_INTERNAL_TYPES = (AttributeError, KeyError, IndexError, AssertionError, RecursionError,
                   SystemError, LookupError, StopIteration)
# Messages Python itself writes: seen from converted code they mean our code failed, not the
# user's, since the same program ran in plain Python.
_PYTHON_MESSAGES = re.compile(
    r"NoneType|not subscriptable|positional argument|unsupported operand|is not iterable|"
    r"unhashable|is not callable|unexpected keyword|not supported between|"
    r"referenced before assignment|cannot access local variable|name '[^']*' is not defined|"
    r"too many values to unpack|not enough values to unpack|object has no attribute|"
    r"Undefined\(|"  # the converter's placeholder for a name with no value, leaking out
    r"is used before assignment")  # its UnboundLocalError, where Python found a value
# Python's error quoted inside one of ours, "(AttributeError: 'Box' object has no ...)", is
# not checked against those messages.
_QUOTED_ERROR = re.compile(r"\(\w+(Error|Exception): [^)]*\)")
_PYTHON_STEPS = 20_000  # line events allowed to plain Python (a shrunk loop may not end)
_TIMEOUT_S = 10.0  # converted or traced runs past this count as a hang

# The messages of the exceptions generated programs raise (`raise ValueError('r')`).
PROGRAM_MESSAGES = ("v", "r", "h", "c")

_file_numbers = itertools.count()


class _Timeout(BaseException):
    """Raised into a run that took too long; a BaseException so user `except` misses it."""


@dataclasses.dataclass(frozen=True)
class Outcome:
    """What one stage gave: `kind` (see `KINDS`) and a one-line `detail`."""

    stage: str
    kind: str
    detail: str = ""
    error_type: str = ""

    @property
    def key(self) -> tuple:
        """The failure class: stage, kind, exception type and the message's shape."""
        return (self.stage, self.kind, self.error_type, _message_shape(self.detail)
                if self.kind in ("error", "crash") else "")


@dataclasses.dataclass(frozen=True)
class Result:
    """The outcomes of one program: `python` raised or not, then stages 2 and 3."""

    python_raised: str  # the exception type Python raised, "" when it returned
    to_graph: Outcome | None  # None only when `run` was asked for the other stage alone
    function: Outcome | None


def load(source: str) -> tuple:
    """`f` defined by `source` in a fresh namespace (registered with linecache, so the
    converter can read it), and that namespace's `CM` counter."""
    filename = f"<differential-{next(_file_numbers)}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    namespace = {"ag": ag, "Box": Box, "CM": Counter()}
    exec(compile(source, filename, "exec"), namespace)
    return namespace["f"], namespace["CM"]


def run(source: str, args: tuple, stages: tuple = ("to_graph", "function")) -> Result:
    """Runs `source` (defining `f(a, b)`) on `args` as Python, then in `stages`."""
    f, counter = load(source)
    try:
        expected, raised = _run_python(f, args), ""
    except _Timeout:
        raise
    except Exception as error:  # noqa: BLE001 -- the program's own error is the answer
        expected, raised = None, type(error).__name__
    counts = (counter.entered, counter.exited)
    converted = (_stage_to_graph(source, args, None if raised else (expected, counts), raised)
                 if "to_graph" in stages else None)
    traced = (_stage_function(source, args, expected, raised)
              if "function" in stages else None)
    return Result(raised, converted, traced)


def _run_python(f: Callable, args: tuple) -> Any:
    steps = itertools.count()
    filename = f.__code__.co_filename

    def trace(frame, event, arg):
        if frame.f_code.co_filename != filename:
            return None
        if next(steps) > _PYTHON_STEPS:
            raise _Timeout()
        return trace

    previous = sys.gettrace()
    sys.settrace(trace)
    try:
        return normalize(f(*args))
    finally:
        sys.settrace(previous)


def _stage_to_graph(source: str, args: tuple, expected, raised: str) -> Outcome:
    f, counter = load(source)
    try:
        with _time_limit():
            value = normalize(ag.to_graph(f)(*args))
    except _Timeout:
        return Outcome("to_graph", "hang", f"no answer in {_TIMEOUT_S:g} s")
    except Exception as error:  # noqa: BLE001 -- classified below
        if raised and _is_a(error, raised):
            return Outcome("to_graph", "same")
        return _classify("to_graph", error, also_wanted=raised)
    if raised:
        return Outcome("to_graph", "different", f"Python raised {raised}; converted returned "
                                                f"{value}")
    counts = (counter.entered, counter.exited)
    if (value, counts) != expected:
        return Outcome("to_graph", "different", f"Python gave {_show(*expected)}; converted "
                                                f"gave {_show(value, counts)}")
    return Outcome("to_graph", "same")


def _stage_function(source: str, args: tuple, expected, raised: str) -> Outcome:
    f, counter = load(source)
    try:
        with _time_limit(), warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            value = normalize(ag.function(f)(*[ag.constant(arg) for arg in args]))
    except _Timeout:
        return Outcome("function", "hang", f"no answer in {_TIMEOUT_S:g} s")
    except Exception as error:  # noqa: BLE001 -- classified below
        fallback = [str(w.message) for w in caught if "could not be converted" in str(w.message)]
        if fallback:  # ran unconverted, as TensorFlow does: the conversion error is the cause
            return Outcome("function", "error", fallback[0].split(": ", 1)[-1],
                           "not converted")
        if raised and _is_a(error, raised):
            return Outcome("function", "same")
        return _classify("function", error, python_raised=bool(raised))
    if raised:
        return Outcome("function", "different", f"Python raised {raised}; ag.function "
                                                f"returned {values_of(value)}")
    if counter.entered != counter.exited:
        return Outcome("function", "different", f"CM entered {counter.entered} times, "
                                                f"exited {counter.exited} times")
    if values_of(value) != values_of(expected):
        return Outcome("function", "different", f"Python gave {values_of(expected)}; "
                                                f"ag.function gave {values_of(value)}")
    return Outcome("function", "same")


def _classify(stage: str, error: Exception, also_wanted: str = "",
              python_raised: bool = False) -> Outcome:
    """An exception from converted code where Python returned (or raised `also_wanted`, or,
    with `python_raised`, raised some exception)."""
    message = _last_message(error)
    detail = f"{type(error).__name__}: {message}"
    if also_wanted and not isinstance(error, ag.autograph.ConversionError):
        return Outcome(stage, "different", f"Python raised {also_wanted}; converted raised "
                                           f"{detail}", type(error).__name__)
    if not also_wanted and not python_raised and _programs_own(error):
        return Outcome(stage, "different", f"Python returned; converted raised the program's "
                                           f"{type(error).__name__}({error.args[0]!r})",
                       type(error).__name__)
    internal = isinstance(error, _INTERNAL_TYPES) or (
        _PYTHON_MESSAGES.search(_QUOTED_ERROR.sub("", message))
        and not _quotes_and_explains(error, message))
    return Outcome(stage, "crash" if internal else "error", detail, type(error).__name__)


def _quotes_and_explains(error: Exception, message: str) -> bool:
    """Whether `error` is our StagingError quoting an exception of the program on its own
    line ("AttributeError: 'Box' object has no attribute 'x'") and explaining on the lines
    after it why converted code cannot handle that exception as Python does."""
    if not isinstance(error, ag.autograph.StagingError) or not _QUOTED_LINE.match(message):
        return False
    lines = str(error).splitlines()
    own = max(i for i, line in enumerate(lines) if message in line)
    return any(line.strip() and not line.startswith(" ") for line in lines[own + 1:])


_QUOTED_LINE = re.compile(r"\w+(Error|Exception): ")


def _is_a(error: Exception, raised: str) -> bool:
    """Whether `error` is of the type Python raised, named `raised`, or of a subtype of it
    (an UnboundLocalError where Python raised NameError: what catches one catches the other)."""
    if type(error).__name__ == raised:
        return True
    builtin = getattr(builtins, raised, None)
    return isinstance(builtin, type) and isinstance(error, builtin)


def _programs_own(error: Exception) -> bool:
    """Whether `error` is one a generated program raises: a ValueError or KeyError with one
    of `PROGRAM_MESSAGES` (our traceback added in front of it or not)."""
    if not isinstance(error, (ValueError, KeyError)) or not error.args:
        return False
    last = str(error.args[0]).strip().splitlines()[-1:] or [""]
    return last[0].split(": ")[-1].strip("'\"") in PROGRAM_MESSAGES


def _last_message(error: Exception) -> str:
    """The error's own message: the first line after any "in user code" frame listing."""
    lines = [line for line in str(error).splitlines() if line.strip()]
    prefix = f"{type(error).__name__}: "
    if lines and lines[0].strip().endswith("in user code:"):
        # The error's own line is indented under the frames; lines after it add to it (a
        # StagingError quoting "The `finally`'s exception: ..."): the message is its line.
        own = [line for line in lines[1:] if line.startswith("    " + prefix)]
        lines = own[-1:] or [line for line in lines[1:] if not line.startswith(" ")] or (
            lines[-1:])
    message = lines[0].strip() if lines else ""
    while message.startswith(prefix):  # some errors repeat their type inside the message
        message = message[len(prefix):]
    return message


def _message_shape(message: str) -> str:
    shape = re.sub(r"<differential-\d+>:?\d*", "<file>", message)
    shape = re.sub(r"'[^']*'|\"[^\"]*\"", "'_'", shape)
    shape = re.sub(r"[\w/]+:\d+", "T", shape)  # tensor names: which op made it is noise
    return re.sub(r"\d+", "N", shape)


def normalize(value: Any) -> Any:
    """A comparable form of a result: ints as ("py", n), tensors as ("tensor", list)."""
    if isinstance(value, (tuple, list)):
        return tuple(normalize(item) for item in value)
    if isinstance(value, ag.Tensor):
        return ("tensor", value.numpy().tolist())
    if isinstance(value, int):
        return ("py", int(value))
    return ("other", repr(value))


def values_of(value: Any) -> Any:
    """The numbers of a normalized result, without their Python/tensor kinds."""
    if isinstance(value, tuple) and len(value) == 2 and value[0] in ("py", "tensor", "other"):
        return value[1]
    return tuple(values_of(item) for item in value)


def _show(value, counts) -> str:
    return f"{values_of(value)} with CM entered/exited {counts[0]}/{counts[1]}"


@contextlib.contextmanager
def _time_limit():
    """Raises `_Timeout` into the run after `_TIMEOUT_S` (main thread only, as in pytest)."""
    def expire(signum, frame):
        raise _Timeout()

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, _TIMEOUT_S)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
