"""`raise` under an `if`, `while` or `for` inside a `try` that handles it becomes a number:
which `except` clause runs, after the `try` body, in its `else`.

Before (golden/to_code/raise_handled_in_try.py):

    def f(x, limit):
        try:
            if x > limit:
                raise ValueError("too big")
            y = x * 2
        except ValueError:
            y = limit
        return y

After (then control_flow converts the `if`s):

    def f(x, limit):
        handlers_ = ag__.Handlers((ValueError,))
        handler_ = 0
        try:
            with ag__.handling(ValueError):   # from try_statements
                if x > limit:
                    handler_ = ag__.raise_to(handlers_, ValueError('too big'))
                if not handler_:
                    y = x * 2
        except ValueError as error_:
            ag__.reraise_traced(error_)
            y = limit
        else:
            if handler_ == 1:
                y = limit
        return y

A tensor `if` traces both branches, so a `raise` there would run whatever the tensor's value;
a number can be carried through the `If` op instead. What a `raise` skips runs under
`if not handler_:`, loops holding one stop once it is set, and the clause it picks runs in the
`else` of the `try`, which runs before `finally` and whose exceptions the `try` does not
handle, as those of an `except` clause. `ag__.raise_to` raises an exception no clause takes,
and gives the clause's body its exception (`as error`). The `except` clauses stay as they are
for exceptions raised by what the `try` calls.

Left as it is: a `try` whose handlers re-raise with a bare `raise` (which needs the exception
being handled), and one whose `raise`s are not under an `if`, `while` or `for` of its body
(they run whenever the body does, as in Python). A `raise` of a builtin exception class that
no clause names (nor a base of it) is left to an outer `try`; one inside an inner `try`
whose clauses may take it is left to that `try`, and one in an inner `finally` (which may run
while an exception is on its way out, that the `raise` replaces) stays as it is.
"""

from __future__ import annotations

import builtins
import copy
from typing import Any

import gast

from autograph.converters import jumps
from autograph.pyct import traversal
from autograph.pyct.transformer import EntityContext, StatementTransformer

# What the pipeline looks for before running this converter (node types, or names of
# variables and attributes; see transpiler.py). Its output is scanned again afterwards: the
# `except` clauses it copies into `if`s may hold jumps for the next converters to lower.
TRIGGERS = frozenset({gast.Raise})

_SCOPES = (gast.FunctionDef, gast.AsyncFunctionDef, gast.ClassDef, gast.Lambda)
_CONTROL_FLOW = (gast.If, gast.While, gast.For)


class _Raises(jumps.Lowering):
    crosses_loops = True

    def __init__(self, flag: str, handlers: str, clauses: list):
        super().__init__(flag)
        self.handlers = handlers
        self.caught = _caught_classes(clauses)

    def is_jump(self, node: Any) -> bool:
        return (isinstance(node, gast.Raise) and node.exc is not None
                and _may_catch(self.caught, node))

    def opaque(self, node: Any) -> tuple[str, ...]:
        # What the body of an inner `try` raises is the inner `try`'s to handle first: left
        # as Python where one of its clauses may take it, it reaches this `try` only if none
        # does. A `raise` in an inner `finally` replaces the exception that may be on its
        # way out (a number could not): it stays as Python too.
        if not isinstance(node, jumps.TRY):
            return ()
        if not node.handlers:
            return ("finalbody",)
        inner = _caught_classes(node.handlers)
        raises = [n for n in traversal.statement_nodes(node.body) if isinstance(n, gast.Raise)]
        return ("body", "finalbody") if any(_may_catch(inner, r) for r in raises) else (
            "finalbody",)

    def _jump(self, node: Any, tail: bool) -> list:
        if node.cause is not None:
            return jumps.generated("flag = ag__.raise_to(handlers, error, cause)", node,
                                   flag=self.flag, handlers=self.handlers, error=node.exc,
                                   cause=node.cause)
        return jumps.generated("flag = ag__.raise_to(handlers, error)", node, flag=self.flag,
                               handlers=self.handlers, error=node.exc)

    def loop(self, node: Any) -> Any:
        new = copy.copy(node)
        new.body = self.block(node.body)
        new.orelse = self.block(node.orelse)
        assert self.flag is not None  # a raise lowering always has its flag
        jumps.stop_when(new, self.flag)
        return new


class RaiseStatements(StatementTransformer):
    def visit_Try(self, node: Any) -> Any:
        node = self.generic_visit(node)  # inner `try`s first: what they re-raise is ours
        if not node.handlers or any(_bare_raise(h.body) for h in node.handlers):
            return node
        trial = _Raises("_", "_", node.handlers)
        if not any(trial.contains(s) for s in node.body if _holds_control_flow(s)):
            return node
        flag, handlers = self.ctx.namer.new("handler_"), self.ctx.namer.new("handlers_")
        lowering = _Raises(flag, handlers, node.handlers)
        new = copy.copy(node)
        new.body = lowering.block(node.body) or jumps.pass_at(node)
        new.orelse = _dispatch(node, flag, handlers)
        types = gast.Tuple(elts=[h.type or gast.Constant(value=None, kind=None)
                                 for h in node.handlers], ctx=gast.Load())
        prologue = jumps.generated("handlers = ag__.Handlers(types)\nflag = 0", node,
                                   handlers=handlers, types=types, flag=flag)
        return prologue + [new]

    visit_TryStar = visit_Try


def _dispatch(node: Any, flag: str, handlers: str) -> list:
    """The `try`'s new `else`: the clause `flag` names runs (its original `else` for 0)."""
    chain = copy.deepcopy(node.orelse)
    for number, handler in reversed(list(enumerate(node.handlers, 1))):
        body = copy.deepcopy(_without_reraise_check(handler.body)) or jumps.pass_at(handler)
        if handler.name is not None and _reads(body, handler.name.id):
            body = jumps.generated("name = ag__.handled_error(handlers, number)", handler,
                                   name=handler.name.id, handlers=handlers,
                                   number=gast.Constant(value=number, kind=None)) + body
        test = jumps.generated("flag == number", handler, flag=flag,
                               number=gast.Constant(value=number, kind=None))[0].value
        chain = [gast.If(test=test, body=body, orelse=chain, lineno=handler.lineno,
                         col_offset=handler.col_offset)]
    return chain


def _without_reraise_check(body: list) -> list:
    """`body` without try_statements' `ag__.reraise_traced(...)` and `ag__.recovered(...)`
    (no exception comes this way)."""
    start = 0
    while start < len(body) and _calls_operator(body[start], ("reraise_traced", "recovered")):
        start += 1
    return body[start:]


def _calls_operator(statement: Any, names: tuple[str, ...]) -> bool:
    call = getattr(statement, "value", None)
    return (isinstance(statement, (gast.Expr, gast.Assign)) and isinstance(call, gast.Call)
            and isinstance(call.func, gast.Attribute) and call.func.attr in names
            and isinstance(call.func.value, gast.Name) and call.func.value.id == "ag__")


def _reads(statements: list, name: str) -> bool:
    return any(isinstance(n, gast.Name) and n.id == name and isinstance(n.ctx, gast.Load)
               for stmt in statements for n in gast.walk(stmt))


def _caught_classes(clauses: list) -> tuple[type, ...] | None:
    """The exception classes `except` clauses take, when each names builtin ones (None when
    one names anything else, which only running the code can tell)."""
    found: list[type] = []
    for clause in clauses:
        if clause.type is None:
            found.append(BaseException)
            continue
        names = clause.type.elts if isinstance(clause.type, gast.Tuple) else [clause.type]
        for name in names:
            cls = _builtin_exception(name)
            if cls is None:
                return None
            found.append(cls)
    return tuple(found)


def _may_catch(caught: tuple[type, ...] | None, node: Any) -> bool:
    """Whether a clause taking `caught` may take what `raise` statement `node` raises."""
    exc = node.exc.func if isinstance(node.exc, gast.Call) else node.exc
    cls = _builtin_exception(exc)
    return caught is None or cls is None or issubclass(cls, caught)


def _builtin_exception(node: Any) -> type | None:
    value = getattr(builtins, node.id, None) if isinstance(node, gast.Name) else None
    return value if isinstance(value, type) and issubclass(value, BaseException) else None


def _bare_raise(statements: list) -> bool:
    pending = list(statements)
    while pending:
        node = pending.pop()
        if isinstance(node, gast.Raise) and node.exc is None:
            return True
        if not isinstance(node, _SCOPES):
            pending.extend(gast.iter_child_nodes(node))
    return False


def _holds_control_flow(node: Any) -> bool:
    if isinstance(node, _CONTROL_FLOW):
        return True
    return not isinstance(node, _SCOPES) and any(
        _holds_control_flow(child) for child in gast.iter_child_nodes(node)
        if isinstance(child, (gast.stmt, gast.excepthandler)))


def transform(node: Any, ctx: EntityContext) -> Any:
    return RaiseStatements(ctx).visit(node)
