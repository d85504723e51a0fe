"""A tensor `if` one of whose branches raises: the exception is raised when the graph runs.

A tensor `if` traces both branches whatever the tensor's value will be. When tracing one
branch reaches a `raise` statement of the program (in converted code or in a function it
calls), plain Python would raise only if that branch ran:

    if x > limit:                          # x a tensor
        raise ValueError("x is too big")   # raised when the graph runs, if x > limit
    y = x * 2

So the `if` becomes a `RaiseIf` op on the condition, which raises that same exception object
when the graph runs, and the other branch, traced in place of the `if` (if the raising
branch runs, nothing after the `RaiseIf` does: ops run in the order they were made). When
both branches raise, each has its `RaiseIf`. TensorFlow raises such an exception while
tracing, whatever the tensor's value.

Other exceptions (a tensor op refusing its inputs, an error of the converter) are errors of
the trace, raised at once; so is one that a `try` around the `if` handles (`handling`), since
that `try` runs only while tracing.
"""

from __future__ import annotations

import dis
import inspect
import linecache
import traceback
from typing import Any, Callable

from autograph.operators.handlers import PROGRAM_RAISE
from autograph.operators.traced_errors import (
    TryTrace,
    check_not_handled,
    check_not_raised_by_a_finally,
    leaving,
    note_finally,
    reraise_lost_state,
    reraise_traced,
)
from autograph.operators.variables import retval
from autograph.runtime.core.traceback_utils import GENERATED_PREFIX, is_internal_file
from autograph.runtime.graph.graph import Graph, building_graph
from autograph.runtime.graph.source_lines import user_source
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.ops.control_flow.ops import raise_if
from autograph.runtime.ops.math import ops as math_ops

_RAISE = dis.opmap["RAISE_VARARGS"]


class BranchRaised(Exception):
    """Tracing branch `side` (0: true) reached a `raise` of the program's, with `error`."""

    def __init__(self, side: int, error: BaseException):
        super().__init__(side, error)
        self.side, self.error = side, error


# Errors Python raises in the program's own code for its Python state (a missing attribute or
# key, an index out of range, a division by zero): the same code raises them again whenever
# it runs, since that state does not change when the graph runs.
_STATE_ERRORS = (AttributeError, LookupError, ZeroDivisionError, NameError)


def raised_by_program(error: BaseException) -> bool:
    """Whether `error` was raised by a `raise` statement of the program's own code (or for
    one, by `Handlers.index`), or by Python there for a missing attribute, key or index, or a
    division by zero (`_STATE_ERRORS`)."""
    if getattr(error, PROGRAM_RAISE, False):
        return True
    tb = error.__traceback__
    if tb is None:
        return False
    while tb.tb_next is not None:
        tb = tb.tb_next
    code = tb.tb_frame.f_code
    own = code.co_filename.startswith(GENERATED_PREFIX) or not is_internal_file(
        code.co_filename)
    if own and isinstance(error, _STATE_ERRORS):
        return True
    return own and 0 <= tb.tb_lasti < len(code.co_code) and code.co_code[tb.tb_lasti] == _RAISE


def if_raising(pred: Tensor, raised: BranchRaised, branches: tuple[Callable, Callable],
               state: tuple) -> tuple:
    """The values after an `if` on `pred` whose branch `raised.side` raised while traced:
    a `RaiseIf` op, then the other branch traced here (if it raises too, its own `RaiseIf`,
    and the `state` as it was, since no value after the `if` is ever used)."""
    _raise_when_taken(pred, raised.side, raised.error)
    other = 1 - raised.side
    try:
        return tuple(branches[other]())
    except Exception as error:
        if not raised_by_program(error):
            raise
        _raise_when_taken(pred, other, error)
        return tuple(state)


def _raise_when_taken(pred: Tensor, side: int, error: BaseException) -> None:
    taken = pred if side == 0 else math_ops.logical_not(pred)
    raise_when(taken, error, "a branch of an `if`")


def raise_when(condition: Tensor, error: BaseException, where: str) -> None:
    """A `RaiseIf` op raising `error` when the graph runs with `condition` true; a StagingError
    now if a `try` being traced around `where` handles `error`."""
    check_not_handled(error, where)
    _note_where(error, f"in {where} whose condition is a tensor")
    raise_if(condition, error)


def raise_after_held(error: BaseException, graph: Graph | None) -> bool:
    """Whether `error`, which stopped the trace of `graph` (a function's), became a `RaiseIf`
    that raises it last when the graph runs: `error` is the program's own, and a `RaiseIf`
    made earlier (in `graph`, or a branch or loop body in it) may raise first, as plain
    Python would have, before it got where the trace stopped.

        for i in range(n):       # n a tensor
            x = h(i)             # h raises when traced: raised when the graph runs if n > 0
        return x + t             # t has no value: raised when the graph runs if n <= 0
    """
    if graph is None or not raised_by_program(error) or not _holds_raise(graph):
        return False
    check_not_raised_by_a_finally(error)
    _note_where(error, "after a tensor `if` or loop that raises first when it can")
    raise_if(True, error)
    return True


def _holds_raise(graph: Graph) -> bool:
    """Whether `graph`, or a graph one of its ops runs (a branch, a loop body), has a
    `RaiseIf`."""
    for op in graph.get_operations():
        if op.type == "RaiseIf":
            return True
        for value in op.attrs.values():
            graphs = value if isinstance(value, (list, tuple)) else (value,)
            if any(isinstance(g, Graph) and _holds_raise(g) for g in graphs):
                return True
    return False


def _note_where(error: BaseException, context: str) -> None:
    """Adds to `error` where the program raised it: its traceback is dropped when it is held
    (Python 3.10 has no exception notes: there the error says only its own message)."""
    frames = [f for f in traceback.extract_tb(error.__traceback__)
              if f.filename.startswith(GENERATED_PREFIX) or not is_internal_file(f.filename)]
    if frames and hasattr(error, "add_note"):
        where = frames[-1]
        filename, line = user_source(where.filename, where.lineno or 0) or (
            where.filename, where.lineno or 0)
        text = linecache.getline(filename, line).strip()
        error.add_note(f"Raised when the graph ran, at {filename}:{line}"
                       f"{f' ({text})' if text else ''}, {context}.")


def finally_entered(live: tuple = ()) -> None:
    """Where a converted `finally` begins: raises StagingError if the exception
    on its way out (if any) is an error of the trace, or left a converted body after the body
    assigned one of the `live` variables, whose old value the `finally` would read
    (see `traced_errors.reraise_traced`)."""
    error = leaving(inspect.currentframe().f_back)  # type: ignore[union-attr]
    if error is not None:  # an error of the autograph runtime goes on as it is (finally_return)
        reraise_traced(error, live, handler=False)


def finally_begins(trace: TryTrace) -> None:
    """Where a converted `finally` begins (see `try_statements`): an error of the trace on
    its way out goes on at once (the `finally` would run on what the failed trace left half
    made, and an error of its own would hide the one that says what to change); otherwise
    `traced_errors.note_finally`."""
    error = leaving(inspect.currentframe().f_back)  # type: ignore[union-attr]
    if error is not None and building_graph() is not None and not raised_by_program(error):
        raise error
    note_finally(trace, error)


def finally_return(value: Any) -> Any:
    """What a converted `finally` block that returns on every path returns: `value` (None for
    an unset return value), discarding what the `try` raised, as Python's `return` there does;
    but an error of the trace (raised while a graph is built, by anything other than a `raise`
    of the program) goes on, since discarding it would answer for code that never ran.

    >>> finally_return(3)
    3
    """
    error = leaving(inspect.currentframe().f_back)  # type: ignore[union-attr]
    if error is not None:
        reraise_lost_state(error)
        if building_graph() is not None and not raised_by_program(error):
            raise error
    return retval(value)
