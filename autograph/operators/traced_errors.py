"""Exceptions raised while a graph branch or loop body is traced, met by a `try` handler.

A tensor `if` traces both branches, and a tensor loop its body, when the function is traced,
whatever the tensor's value will be when the graph runs. An exception raised there is raised
whether or not that code would run, so a handler in converted code must not take it for the
program's own: it would give an answer plain Python does not. `graph_if` and `graph_loop` mark
what escapes a branch or body (`mark_traced`); the converter starts each handler of a `try`
around an `if`, `while` or `for` with `reraise_traced(error)`, which raises a marked exception
again as a `StagingError` that says why.

    try:
        if x > 0:                          # x a tensor: both branches are traced
            y = 10 // k                    # k == 0 raises while tracing
    except ZeroDivisionError as error_:
        ag__.reraise_traced(error_)        # StagingError, not a silent y = -1
        y = -1

>>> reraise_traced(ValueError("a Python error of the program's own"))
"""

from __future__ import annotations

import contextlib
import sys
import threading
from typing import Any, Iterator

from autograph.operators.variables import is_undefined
from autograph.pyct.errors import StagingError
from autograph.runtime.graph.graph import building_graph
from autograph.runtime.graph.operation import NO_VALUE_ERRORS

_MARK = "_autograph_traced_in"
_LOST = "_autograph_lost_state"
_TAKEN = "_autograph_taken_state"  # the marks of _LOST that a handler took
_handling = threading.local()  # .types: the exception types of the `try`s being traced in


class TryTrace:
    """Made just before a `try` with a `finally` (converted code): the graph being built
    there, with how many ops it had, and where the `finally`'s own ops begin."""

    __slots__ = ("graph", "first_op", "finally_op")

    def __init__(self) -> None:
        self.graph = building_graph()
        self.first_op = len(self.graph.get_operations()) if self.graph is not None else 0
        self.finally_op: int | None = None


@contextlib.contextmanager
def handling(types: Any) -> Iterator[None]:
    """The body of a `try` whose clauses take `types` (a class or a tuple of them) runs in
    this context; while a graph is built, `check_not_handled` refuses an exception that
    would be raised only when the graph runs, which such a clause could not take then."""
    if building_graph() is None:
        yield
        return
    stack = getattr(_handling, "types", None)
    if stack is None:
        stack = _handling.types = []
    stack.append(types)
    try:
        yield
    finally:
        stack.pop()


def check_not_handled(error: BaseException, where: str) -> None:
    """Raises StagingError if a `try` being traced around `where` handles `error`, which
    is to be raised when the graph runs: that `try` has already run by then."""
    for types in getattr(_handling, "types", ()):
        if isinstance(error, types):
            raise StagingError(
                f"{type(error).__name__}: {error}\nThis exception is raised in {where} whose "
                f"condition is a tensor, so it is raised when the graph runs; but a `try` "
                f"around it that handles it runs while the function is traced, and could "
                f"not take it then. Raise it with a `raise` under an `if` in the function "
                f"that holds the `try` (whose clause is then chosen when the graph runs), "
                f"or handle it outside the traced function.") from None


def leaving(frame: Any) -> BaseException | None:
    """The exception on its way out of `frame` through a `finally` running there, if any.
    (`sys.exc_info()` there also gives an exception that a caller of `frame` is handling:
    converted code may be traced inside an `except` of the runtime.)"""
    error = sys.exc_info()[1]
    tb = error.__traceback__ if error is not None else None
    while tb is not None:
        if tb.tb_frame is frame:
            return error
        tb = tb.tb_next
    return None


def note_finally(trace: TryTrace, error: BaseException | None) -> None:
    """Where a converted `finally` begins (`raising_branches.finally_begins`), with the
    `error` on its way out, if any: if the rest of its `try` made an op that may raise when
    the graph runs, notes where the `finally`'s own ops begin (`finally_ends`)."""
    graph = trace.graph
    if graph is None or graph is not building_graph() or error is not None:
        return  # eager, or an exception on its way out now: the graph never runs
    made = graph.get_operations()
    if any(_has(op, _RAISES) for op in made[trace.first_op:]):
        trace.finally_op = len(made)


def finally_ends(trace: TryTrace) -> None:
    """Where a converted `finally` ends: raises StagingError if it made an op with an effect
    (an update, a print, an assertion, a raise) after its `try` made one that may raise when
    the graph runs. If that one raises, the graph stops before the `finally`'s ops, where
    plain Python runs the `finally`, then raises."""
    if trace.finally_op is None or trace.graph is None:
        return
    made = trace.graph.get_operations()[trace.finally_op:]
    trace.finally_op = None
    effect = next((op for op in made if _has(op, _EFFECTS)), None)
    if effect is not None:
        raise StagingError(
            f"This `finally` block makes {effect.type} {effect.name!r}, which acts when the "
            f"graph runs, but the `try` it closes may raise when the graph runs (a `raise`, "
            f"or a read of a variable that may be undefined, under a tensor condition). The "
            f"graph would stop there and skip the `finally`, which plain Python runs before "
            f"raising. Move what the `finally` does out of it, or raise outside the tensor "
            f"`if` or loop.")


def check_not_raised_by_a_finally(error: BaseException) -> None:
    """Raises StagingError if `error`, which stopped a trace, left a converted `finally`
    whose `try` made an op that may raise when the graph runs: that op would raise first,
    where plain Python raises the `finally`'s exception in place of the `try`'s."""
    tracebacks = []
    found: BaseException | None = error
    while found is not None:  # the error the user's lines were written into is its cause
        tracebacks.append(found.__traceback__)
        found = found.__cause__
    for tb in tracebacks:
        _check_frames(error, tb)


def _check_frames(error: BaseException, tb: Any) -> None:
    while tb is not None:
        if any(isinstance(value, TryTrace) and value.finally_op is not None
               for value in tb.tb_frame.f_locals.values()):
            raise StagingError(
                f"This `finally` block raises {type(error).__name__}, but the `try` it closes "
                f"may raise when the graph runs (a `raise`, or a read of a variable that may "
                f"be undefined, under a tensor condition). The graph would raise that first, "
                f"where plain Python raises the `finally`'s exception in its place. Raise "
                f"outside the `finally`, or outside the tensor `if` or loop.\n\nThe "
                f"`finally`'s exception: {error}") from error
        tb = tb.tb_next


_RAISES = frozenset({"RaiseIf", "Assert"})
_EFFECTS = _RAISES | {"AssignAddVariableOp", "AssignSubVariableOp", "AssignVariableOp",
                      "EagerPyFunc", "PrintV2", "PyFunc", "IteratorGetNext",
                      "IteratorGetNextAsOptional", "MakeIterator", "MakeIteratorFromHeld",
                      "RandomStandardNormal", "RandomUniform", "RandomUniformInt",
                      "TruncatedNormal", "ResourceScatterAdd", "ResourceScatterSub",
                      "ResourceScatterMul", "ResourceScatterDiv", "ResourceScatterMin",
                      "ResourceScatterMax", "ResourceScatterUpdate"}


def _has(op: Any, types: frozenset) -> bool:
    """Whether `op`, or an op of a branch or loop body it runs, is of one of `types`."""
    if op.type in types:
        return True
    for value in op.attrs.values():
        for graph in value if isinstance(value, (list, tuple)) else (value,):
            operations = getattr(graph, "get_operations", None)
            if callable(operations) and any(_has(o, types) for o in operations()):
                return True
    return False


def mark_traced(error: BaseException, where: str) -> None:
    """Marks `error` as raised while tracing `where` (a branch or a loop body)."""
    if not hasattr(error, _MARK):
        try:
            setattr(error, _MARK, where)
        except AttributeError:  # an exception type without attributes: nothing to mark
            pass


def note_lost_state(error: BaseException, body: Any, initial: tuple, current: tuple,
                    names: tuple) -> None:
    """Marks `error`, raised out of a branch or loop `body` on the Python path, with the state
    variables whose new values it loses, and those values: the variables the statement had
    changed (`current`, or the body's own locals when it raised) from `initial`. A handler
    in the same function gets them back with `recovered`. An enclosing body the exception
    leaves next adds the variables it had changed (an inner body's value is the newer)."""
    values = dict(zip(names, current))
    frame = _frame_of(error.__traceback__, getattr(body, "__code__", None))
    if frame is not None:
        values.update((k, v) for k, v in frame.f_locals.items() if k in values)
    marked = getattr(error, _LOST, {})
    lost = {name: values[name] for name, old in zip(names, initial)
            if values[name] is not old and name not in marked
            and not (is_undefined(values[name]) and is_undefined(old))}  # none, still none
    if lost:
        try:
            setattr(error, _LOST, {**marked, **lost})
        except AttributeError:
            pass


def recovered(name: str, value: Any, error: BaseException | None = None) -> Any:
    """The variable `name` as a handler or `finally` of the caller's sees it: `value`, unless
    the exception handled there (`error`, which `reraise_traced` saw first) or on its way out
    through the `finally` left a converted body after the body assigned `name`; then the
    value the body gave it, as plain Python has it. That value is handed back once: the
    variable holds it from then on.

    >>> recovered("x", 1)
    1
    """
    if error is None:
        lost = getattr(leaving(sys._getframe(1)), _LOST, None)
    else:
        lost = getattr(error, _TAKEN, None)
    if lost is None or name not in lost:
        return value
    return lost.pop(name)


def forget_lost_state(error: BaseException) -> None:
    """Drops the mark of `note_lost_state`: `error` leaves the function whose variables it
    was about."""
    for mark in (_LOST, _TAKEN):
        if hasattr(error, mark):
            try:
                delattr(error, mark)
            except AttributeError:
                pass


def _frame_of(traceback: Any, code: Any) -> Any:
    while traceback is not None and code is not None:
        if traceback.tb_frame.f_code is code:
            return traceback.tb_frame
        traceback = traceback.tb_next
    return None


def reraise_lost_state(error: BaseException) -> None:
    """Raises StagingError if `error` left a converted body after the body assigned a
    variable (see `note_lost_state`): code that goes on as if it had not been raised (a
    `finally` that returns) would see the variable's old value."""
    reraise_traced(error, live=getattr(error, _LOST, ()), handler=False)


def reraise_traced(error: BaseException, live: tuple = (), handler: bool = True) -> None:
    """Raises `error` again, as a StagingError, when a graph branch or body raised it, or when
    the converted statement it left lost the new value of a variable in `live` (those the
    handler and what follows it read); a StagingError as it is. In a `handler` while a graph
    is built, a symbolic tensor used for a value it has not yet (`NO_VALUE_ERRORS`) is refused
    too. A `handler` takes the values the exception carried out of converted bodies, which
    `recovered(name, value, error)` hands back.

    Raises:
        StagingError: `error` escaped a traced branch or loop body, lost a live value, or is
            a symbolic tensor's missing value a handler of the program would take.
    """
    staged = _staging_error_in(error)
    if staged is not None:
        # an error of the trace (`check_not_handled`), not the program's; or an exception
        # that a `finally` raised while such an error went through it, and would replace
        raise staged
    lost = [name for name in getattr(error, _LOST, ()) if name in live]
    if lost:
        listed = ", ".join(repr(name) for name in lost)
        raise StagingError(
            f"{type(error).__name__}: {error}\nThis exception left a converted `if`, `while` "
            f"or `for` body (code after an early `return` or `break` runs in one too) after "
            f"it assigned {listed}; converted bodies are functions, which hand their "
            f"variables back only when they end, and {listed} may have no value before "
            f"the `try`, so this handler could not take the new value back: it "
            f"would see an old one, or none, where plain Python sees the new one. Give "
            f"{listed} a value before the `try`, "
            f"or catch the exception outside this function.") from error
    if handler:
        # The handler takes the values its variables lost (`recovered`); a `finally` or
        # handler that sees the exception again sees only what it loses from then on.
        try:
            setattr(error, _TAKEN, getattr(error, _LOST, {}))
            if hasattr(error, _LOST):
                delattr(error, _LOST)
        except AttributeError:  # an exception type without attributes: nothing was lost
            pass
    cause = next((link for link in _chain(error) if hasattr(link, _MARK)), None)
    if cause is None:
        if handler and isinstance(error, NO_VALUE_ERRORS):
            raise StagingError(
                f"{type(error).__name__}: {error}\nThis exception says a symbolic tensor "
                f"has no value while the function is traced; plain Python on values would "
                f"not raise it, so a `try` in the converted function must not take it for "
                f"the program's. Make the code in the `try` work on tensors, or catch the "
                f"exception outside the traced function.") from error
        return
    where = getattr(cause, _MARK)
    raise StagingError(
        f"{type(error).__name__}: {error}\nThis exception was raised while tracing {where} "
        f"whose condition is a tensor: the graph's branches and loop bodies are traced "
        f"whatever the tensor's value will be, so it is raised whether or not that code "
        f"would run, and a `try` in the converted function cannot handle it as plain Python "
        f"would. Move the code that raises out of the tensor `if` or loop, or check the "
        f"condition when the graph runs (ag.debugging.assert_*).") from error


def _chain(error: BaseException) -> Iterator[BaseException]:
    """`error`, then what it was raised from or while handling (`__cause__`, else
    `__context__`), and so on: a code path that ran only because a traced error went through
    it (an `except` or `finally` clause) gives its own exception the traced one as context."""
    seen = set()
    link: BaseException | None = error
    while link is not None and id(link) not in seen:
        seen.add(id(link))
        yield link
        link = link.__cause__ if link.__cause__ is not None else link.__context__


def _staging_error_in(error: BaseException) -> StagingError | None:
    return next((link for link in _chain(error) if isinstance(link, StagingError)), None)
