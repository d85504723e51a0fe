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

from autograph.pyct.errors import StagingError

_MARK = "_autograph_traced_in"


def mark_traced(error: BaseException, where: str) -> None:
    """Marks `error` as raised while tracing `where` (a branch or a loop body)."""
    if not hasattr(error, _MARK):
        try:
            setattr(error, _MARK, where)
        except AttributeError:  # an exception type without attributes: nothing to mark
            pass


def reraise_traced(error: BaseException) -> None:
    """Raises `error` again, as a StagingError, when a graph branch or body raised it.

    Raises:
        StagingError: `error` escaped a traced branch or loop body.
    """
    cause = error
    while cause is not None and not hasattr(cause, _MARK):
        cause = cause.__cause__
    if cause is None:
        return
    where = getattr(cause, _MARK)
    raise StagingError(
        f"{type(error).__name__}: {error}\nThis exception was raised while tracing {where} "
        f"whose condition is a tensor: the graph's branches and loop bodies are traced "
        f"whatever the tensor's value will be, so it is raised whether or not that code "
        f"would run, and a `try` in the converted function cannot handle it as plain Python "
        f"would. Move the code that raises out of the tensor `if` or loop, or check the "
        f"condition when the graph runs (ag.debugging.assert_*).") from error
