"""`return` inside `if`, `while` and `for` becomes `retval_ = value`, returned at the end.

Before (golden/to_code/return_in_for_loop.py):

    def f(xs, threshold):
        for x in xs:
            if x > threshold:
                return x
        return -1.0

After (then control_flow converts the loop and the `if`s):

    def f(xs, threshold):
        do_return = False
        retval_ = ag__.UndefinedReturnValue()
        for x in xs:  # with the extra test `not do_return`
            if x > threshold:
                retval_ = x
                do_return = True
        if not do_return:
            retval_ = -1.0
        return retval_

Branch and loop bodies become functions, from which a `return` could not leave the user's
function. What a `return` skips moves into the other branch of its `if` (an early return
makes the rest of the function the `else` branch, with no flag), or runs under
`if not do_return:`; a loop holding a `return` stops once `do_return` is set. The flag is set
after the value is computed: a `return g()` whose `g` raises does not return, and an `except`
clause clears it (a `finally` that raises after a `return` cancels the return). `retval_`
starts as `ag__.UndefinedReturnValue()`; where a path may end without a `return`, it starts
as `ag__.UndefinedReturnValue(may_return_none=True)` and the function returns
`ag__.retval(retval_)`, None on that path as in Python. A bare `return`
sets `retval_ = None` (or, in a function without values to return, only the flag). A
function whose returns are not inside `if`, `while` or `for` is left as it is.
"""

from __future__ import annotations

import copy
from typing import Any

import gast

from autograph.converters import jumps, try_statements
from autograph.pyct import anno, traversal
from autograph.pyct.transformer import EntityContext, StatementTransformer, copy_location

# What the pipeline looks for before running this converter (node types, or names of
# variables and attributes; see transpiler.py), and what the code it writes may add.
INNER_RETURN = "inner-return"  # the inventory's mark for an if/while/for holding a `return`
TRIGGERS = frozenset({INNER_RETURN})
PRODUCES = frozenset({gast.Assign, gast.If, gast.Return, gast.Call, gast.Attribute,
                      gast.Constant, gast.UnaryOp, gast.Not, gast.BoolOp, gast.And})


class _Returns(jumps.Lowering):
    crosses_loops = True

    def __init__(self, flag: str | None, retval: str | None):
        super().__init__(flag)
        self.retval = retval

    def is_jump(self, node: Any) -> bool:
        return isinstance(node, gast.Return)

    def replacement(self, node: Any) -> list:
        if self.retval is None:
            return []
        value = node.value or gast.Constant(value=None, kind=None)
        return jumps.generated("retval_ = value", node, retval_=self.retval, value=value)

    def loop(self, node: Any) -> Any:
        self.loops += 1
        new = copy.copy(node)
        new.body = self.block(node.body)
        new.orelse = self.block(node.orelse)
        if self.flag is not None:
            jumps.stop_when(new, self.flag)
        return new


class ReturnStatements(StatementTransformer):
    def __init__(self, ctx: EntityContext):
        super().__init__(ctx)
        self._names: dict[str, str] = {}  # one name each, shared by all the functions

    def visit_FunctionDef(self, node: Any) -> Any:
        node = self.generic_visit(node)  # nested functions first, each on its own
        returns = _returns(node.body)
        if not any(inside for _, inside in returns):
            _guard_finally_returns(node.body, None)
            return node
        docstring, body = _docstring(node.body)
        retval = self._name("retval_") if any(r.value for r, _ in returns) else None
        trial = _Returns(None, retval)
        trial.block(body)  # only to learn whether a flag is needed
        flag = self._name("do_return") if trial.guarded or trial.loops else None
        lowering = _Returns(flag, retval)
        for try_node in traversal.statement_nodes(body):
            if finally_always_returns(try_node):
                anno.setanno(try_node, _DISCARDS, True)  # copies made while lowering share it
        lowered = lowering.block(body, tail=True)
        _guard_finally_returns(lowered, retval)
        if flag:
            _cancel_in_handlers(lowered, flag)
        prologue = jumps.generated("flag = False", node, flag=flag) if flag else []
        epilogue = []
        if retval:
            always = lowering.always(body)
            initial = "" if always else "may_return_none=True"
            prologue += jumps.generated(f"retval_ = ag__.UndefinedReturnValue({initial})", node,
                                        retval_=retval)
            result = "retval_" if always else "ag__.retval(retval_)"
            epilogue = jumps.generated(f"return {result}", body[-1], retval_=retval)
        node.body = docstring + prologue + lowered + epilogue
        return node

    def _name(self, base: str) -> str:
        if base not in self._names:
            self._names[base] = self.ctx.namer.new(base)
        return self._names[base]


def _cancel_in_handlers(statements: list, flag: str) -> None:
    """Clears the `return` flag where an `except` clause begins: a handler runs only when no
    `return` completed, since a `finally` that raises after a `return` cancels it. A `try`
    inside a `finally` is left alone: a `return` may be pending there, and a handler that
    takes what the `try` raised does not cancel it."""
    for node in _outside_finally(statements):
        for handler in node.handlers:
            checks = 1 if handler.body and _is_reraise_check(handler.body[0]) else 0
            handler.body[checks:checks] = jumps.generated("flag = False", handler, flag=flag)


def _outside_finally(statements: list) -> list:
    """The `try` statements among `statements` and their blocks, outside `finally` blocks
    (and outside nested functions and classes, whose returns are their own)."""
    found, pending = [], list(statements)
    while pending:
        node = pending.pop()
        if isinstance(node, (gast.FunctionDef, gast.AsyncFunctionDef, gast.ClassDef)):
            continue
        if isinstance(node, jumps.TRY):
            found.append(node)
            pending.extend(node.body + node.orelse + [s for h in node.handlers for s in h.body])
            continue
        for field in ("body", "orelse"):
            pending.extend(getattr(node, field, None) or [])
    return found


def _is_reraise_check(statement: Any) -> bool:
    call = getattr(statement, "value", None)
    func = getattr(call, "func", None)
    return isinstance(statement, gast.Expr) and getattr(func, "attr", None) == "reraise_traced"


def _returns(body: list, inside: bool = False) -> list[tuple[Any, bool]]:
    """The function's `return` statements, each with whether it is lowered: inside if/while/
    for, or in the `finally` of a `try` that holds what may become graph control flow."""
    found = []
    for stmt in body:
        if isinstance(stmt, gast.Return):
            found.append((stmt, inside))
        elif not isinstance(stmt, (gast.FunctionDef, gast.AsyncFunctionDef, gast.ClassDef)):
            nested = inside or isinstance(stmt, (gast.If, gast.While, gast.For))
            for block in jumps.statement_lists(stmt):
                lowered = nested or (block is getattr(stmt, "finalbody", None)
                                     and not plain_try(stmt))
                found += _returns(block, lowered)
    return found


def holds_return(statement: Any) -> bool:
    """Whether `statement` (an `if`, `while` or `for`) holds a `return` of its function, or
    (a `try`) a `return` in its `finally`, which is lowered or guarded."""
    if isinstance(statement, jumps.TRY):
        return any(isinstance(n, gast.Return)
                   for n in traversal.statement_nodes(statement.finalbody))
    return any(_returns(block) for block in jumps.statement_lists(statement))


_DISCARDS = "the finally block of this try always returns, discarding what it raised"


def finally_always_returns(node: Any) -> bool:
    """Whether `node` is a `try` whose `finally` returns on every path, discarding what the
    `try` raised."""
    return (isinstance(node, jumps.TRY) and bool(node.finalbody)
            and _Returns(None, None).always(node.finalbody))


def _guard_finally_returns(statements: list, retval: str | None) -> None:
    """The `try`s among `statements` whose `finally` always returns: one whose `return` is
    still there (nothing in it may become graph control flow, and no earlier `return` moved
    it under a guard) returns `ag__.finally_return(value)`; one whose `return` was lowered
    ends its `finally` in `return ag__.finally_return(retval_)` (see `_discard_in_finally`)."""
    for try_node in traversal.statement_nodes(statements):
        if not finally_always_returns(try_node) and not anno.getanno(try_node, _DISCARDS,
                                                                        False):
            continue
        if any(isinstance(n, gast.Return) for n in traversal.statement_nodes(
                try_node.finalbody)):
            _guard_plain_finally_returns(try_node)
        else:
            _discard_in_finally(try_node, retval)


def _discard_in_finally(try_node: Any, retval: str | None) -> None:
    """Ends the lowered `finally` of `try_node` in `return ag__.finally_return(retval_)`, and
    runs the rest of the `try` under `ag__.handling(BaseException)`. Inside an `if`, `while`
    or `for` body, control_flow makes that `return` end the body's function instead, with
    its state (the flag the lowered `return` set then skips the rest of the function).

    The `finally` starts by taking back the values of the variables it reads that an
    exception took out of a converted body (`try_statements.finally_entered`)."""
    _run_under_handling(try_node)
    assigned = {n.id for n in traversal.statement_nodes(
        try_node.body + try_node.orelse + try_node.handlers)
        if isinstance(n, gast.Name) and not isinstance(n.ctx, gast.Load)}
    live = {n.id for n in traversal.statement_nodes(try_node.finalbody)
            if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Load)} & assigned
    entered = [] if try_statements.entered(try_node.finalbody) else copy_location(
        try_statements.finally_entered(try_node, live), try_node.finalbody[0])
    try_node.finalbody = entered + try_node.finalbody + jumps.generated(
        "return ag__.finally_return(retval_)", try_node.finalbody[-1],
        retval_=retval or gast.Constant(value=None, kind=None))


def _guard_plain_finally_returns(try_node: Any) -> None:
    """Each `return value` in the `finally` of a `try` left as Python becomes
    `return ag__.finally_return(value)`, which discards what the program raised, as Python
    does, and lets an error of the trace go on; where the `try` calls code, which may trace a
    tensor `if` or loop of its own, the rest of the `try` runs under
    `ag__.handling(BaseException)`, as in `_discard_in_finally`."""
    returns = [n for n in traversal.statement_nodes(try_node.finalbody)
               if isinstance(n, gast.Return) and not _is_finally_return(n.value)]
    if not returns:
        return
    for node in returns:
        node.value = jumps.generated("ag__.finally_return(value)", node, value=node.value or
                                     gast.Constant(value=None, kind=None))[0].value
    if any(isinstance(n, gast.Call) for n in traversal.statement_nodes(
            try_node.body + try_node.orelse + try_node.handlers)):
        _run_under_handling(try_node)


def _run_under_handling(try_node: Any) -> None:
    """Puts the body, `else` and handlers of `try_node` under `ag__.handling(BaseException)`:
    its `finally` returns, taking every exception, so one raised only when the graph runs is
    refused while tracing."""
    for owner in [try_node] + list(try_node.handlers):
        for field in ("body", "orelse"):
            block = getattr(owner, field, None)
            if block:
                setattr(owner, field, jumps.generated(
                    "with ag__.handling(BaseException):\n    block", try_node, block=block))


def _is_finally_return(value: Any) -> bool:
    return (isinstance(value, gast.Call) and isinstance(value.func, gast.Attribute)
            and value.func.attr == "finally_return")


# What may become graph control flow, whose tracing errors a `finally` must not discard.
_BECOMES_CONTROL_FLOW = (gast.If, gast.While, gast.For, gast.ListComp, gast.SetComp,
                         gast.DictComp, gast.GeneratorExp, gast.IfExp, gast.BoolOp)


def plain_try(try_node: Any) -> bool:
    """Whether nothing in a `try` may become graph control flow: a `return` in its `finally`
    then stays, and runs as in Python, discarding what the `try` raised. Otherwise it is
    lowered; where the `finally` returns on every path it ends in
    `return ag__.finally_return(retval_)`, which discards what the program raised and lets an
    error of the trace go on."""
    return not any(isinstance(n, _BECOMES_CONTROL_FLOW) for n in traversal.statement_nodes(
        try_node.body + try_node.orelse + try_node.finalbody + try_node.handlers))


def _docstring(body: list) -> tuple[list, list]:
    first = body[0]
    if isinstance(first, gast.Expr) and isinstance(first.value, gast.Constant) and isinstance(
            first.value.value, str):
        return [first], body[1:]
    return [], body


def transform(node: Any, ctx: EntityContext) -> Any:
    return ReturnStatements(ctx).visit(node)
