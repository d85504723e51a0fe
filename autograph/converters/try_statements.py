"""The handlers of a `try` around an `if`, `while` or `for` (or a conditional or boolean
expression, or a comprehension, which become branches and loops) first re-raise what a graph
branch or loop body raised while being traced.

Before:

    try:
        if x > 0:
            y = 10 // k
    except ZeroDivisionError:
        y = -1

After (then control_flow converts the `if`):

    try:
        if x > 0:
            y = 10 // k
    except ZeroDivisionError as error_:
        ag__.reraise_traced(error_)
        y = -1

A tensor `if` traces both branches, and a tensor loop its body, whatever the tensor's value
will be: an exception raised there is raised at trace time whether or not that code would run,
so the handler must not take it for the program's own (see `operators.traced_errors`).

A converted body is a function: one that raises hands back none of the values it assigned,
so the exception carries them, and the handler (or `finally`) takes back each variable the
`try` assigns that it, or what follows it, reads:

    except ValueError as error_:
        ag__.reraise_traced(error_)
        total = ag__.recovered('total', total, error_)

A variable without a value on some path into the `try` cannot be named there (the read
could fail where Python's would not): it is listed instead (`live=('total',)`), and the
check refuses the exception if a body lost its value. The check also refuses what a
symbolic tensor raises where Python needs its value (`bool`, `iter`, `int`, ...), which plain
Python on values never raises, and so runs in the handlers of a `try` whose body calls
anything. Handlers of a `try` without control flow or calls in its body are left as they
are.

A `try` whose body holds any of those, or calls user code (which converts, and
may raise under a tensor condition of its own), runs that body under `ag__.handling(types)`,
the classes its clauses take:

    try:
        with ag__.handling(ValueError):
            y = helper(x)
    except ValueError:
        y = 0

An exception the helper (or a tensor branch: a `raise`, a missing key) would raise only when
the graph runs could not reach this handler, which runs while tracing; `handling` makes that
an error at trace time instead, which the handler's `reraise_traced` passes on.

Such a `try` with a `finally` (without a `return` in it) gets a `TryTrace` just before it,
which the `finally` is bracketed with:

    try_ = ag__.TryTrace()
    try:
        total = helper(x)
    finally:
        ag__.finally_begins(try_)
        counter.assign_add(1)
        ag__.finally_ends(try_)

When the graph runs, an exception raised there stops it before the `finally`'s ops, where
plain Python runs the `finally` and then raises; so if the `try` made an op that may raise
then, a `finally` that makes an op acting when the graph runs (an update, a print, a raise)
is refused while tracing (`operators.traced_errors.finally_ends`).
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from typing import Any

import gast

from autograph.converters import call_trees
from autograph.pyct import anno, qual_names, templates, traversal
from autograph.pyct.static_analysis import activity, liveness, reaching_definitions
from autograph.pyct.transformer import Base, EntityContext, copy_location

# What the pipeline looks for before running this converter (node types, or names of
# variables and attributes; see transpiler.py). Its output is scanned again afterwards.
TRIGGERS = frozenset({gast.Try, getattr(gast, "TryStar", gast.Try)})

# What later converters may turn into graph branches or loops: statements, conditional and
# boolean expressions (a tensor `if_exp`, `and`, `or`), and comprehensions (loops).
_COMPREHENSIONS = (gast.ListComp, gast.SetComp, gast.DictComp, gast.GeneratorExp)
_CONTROL_FLOW = (gast.If, gast.While, gast.For, gast.IfExp, gast.BoolOp, *_COMPREHENSIONS)
_SCOPES = (gast.FunctionDef, gast.AsyncFunctionDef, gast.Lambda, gast.ClassDef)


class TryStatements(Base):
    def __init__(self, ctx: EntityContext, local_names: set[str]):
        super().__init__(ctx)
        self.local_names = local_names

    def visit_Try(self, node: Any) -> Any:
        anno.setanno(node, anno.Basic.BOUND_THROUGH_TRY, _bound_through(node))
        # What is live where each handler and the `finally` begin, read before the visit of
        # the blocks puts new statements (without liveness) first in them.
        live_in = [_live_in(handler.body) for handler in node.handlers]
        final_live_in = _live_in(node.finalbody)
        self.generic_visit(node)
        control_flow = _holds(node.body, _CONTROL_FLOW)
        handled = bool(node.handlers) and (control_flow or self._calls_user_code(node.body))
        if handled:
            self._mark_handled(node)
        before_finally = node.body + node.orelse + node.handlers
        guarded = bool(node.finalbody) and (
            _holds(before_finally, _CONTROL_FLOW) or self._calls_user_code(before_finally)
        ) and not any(isinstance(n, gast.Return)
                      for n in traversal.statement_nodes(node.finalbody))
        calls = any(isinstance(n, gast.Call) for n in traversal.statement_nodes(node.body))
        if not handled and not control_flow and not calls:
            return self._guard_finally(node) if guarded else node
        assigned = _assigned(node.body)
        for handler in node.handlers:
            if handler.name is None:
                if handler.type is None:  # `except:` takes no name; this is the same clause
                    handler.type = gast.Name(id="BaseException", ctx=gast.Load(),
                                             annotation=None, type_comment=None)
                handler.name = gast.Name(id=self.ctx.namer.new("error_"), ctx=gast.Store(),
                                         annotation=None, type_comment=None)
        lives = [assigned & live for live in live_in]
        reads, later = self._finally_reads(node, assigned, final_live_in)
        # A variable with no value on any path into the `try` gets one that reads as none
        # (`ag__.Undefined`), so that a handler or the `finally` can take its value back.
        unbound = _unbound_before(node) & set().union(reads, later, *lives)
        anno.setanno(node, anno.Basic.BOUND_THROUGH_TRY,
                     anno.getanno(node, anno.Basic.BOUND_THROUGH_TRY) | unbound)
        for handler, live in zip(node.handlers, lives):
            refused, recovered = split_live(node, live)
            if refused:
                check = templates.replace("ag__.reraise_traced(error, live=names)",
                                          error=handler.name.id, names=_strings(refused))
            else:
                check = templates.replace("ag__.reraise_traced(error)", error=handler.name.id)
            handler.body = copy_location(check + recovering(recovered, handler.name.id),
                                         handler) + handler.body
        if node.finalbody:
            node.finalbody = copy_location(finally_entered(node, reads, later),
                                           node.finalbody[0]) + node.finalbody
        undefined = [stmt for name in sorted(unbound) for stmt in templates.replace(
            "name = ag__.Undefined(key)", name=name, key=gast.Constant(value=name, kind=None))]
        return copy_location(undefined, node) + (
            self._guard_finally(node) if guarded else [node])

    def _guard_finally(self, node: Any) -> list[Any]:
        """`try_ = ag__.TryTrace()` before the `try`, and its `finally` between
        `ag__.finally_begins(try_)` and `finally_ends(try_)`: if the rest of the `try` may
        raise when the graph runs, which skips the `finally`'s ops then, a `finally` acting
        when the graph runs is refused. (A `finally` that returns discards what the `try`
        raises: return_statements refuses what would be raised when the graph runs there.)
        """
        trace = self.ctx.namer.new("try_")
        made = templates.replace("trace = ag__.TryTrace()", trace=trace)
        begins = templates.replace("ag__.finally_begins(trace)", trace=trace)
        ends = templates.replace("ag__.finally_ends(trace)", trace=trace)
        node.finalbody = (copy_location(begins, node.finalbody[0]) + node.finalbody
                          + copy_location(ends, node.finalbody[-1]))
        return copy_location(made, node) + [node]

    def _finally_reads(self, node: Any, assigned: set[str],
                       live_in: set[str]) -> tuple[set[str], set[str]]:
        """The variables the rest of the `try` assigns that its `finally` reads, and those
        read after it (by a handler the exception goes to next, or the code after the
        `try`): an exception on its way out may carry their values (`finally_entered`)."""
        if not node.finalbody:
            return set(), set()
        for handler in node.handlers:
            assigned = assigned | _assigned(handler.body)
        assigned = assigned | _assigned(node.orelse)
        reads = assigned & {n.id for n in traversal.statement_nodes(node.finalbody)
                            if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Load)}
        return reads, assigned & live_in

    visit_TryStar = visit_Try

    def _calls_user_code(self, statements: list[Any]) -> bool:
        return any(isinstance(n, gast.Call) and call_trees.calls_user_code(n, self.ctx,
                                                                          self.local_names)
                   for n in traversal.statement_nodes(statements))

    def _mark_handled(self, node: Any) -> None:
        """Runs the body under `ag__.handling(types)`: a tensor `if` in it, or in a function
        it calls, refuses to raise one of `types` only when the graph runs."""
        if any(h.type is None for h in node.handlers):
            types: Any = gast.Name(id="BaseException", ctx=gast.Load(), annotation=None,
                                   type_comment=None)
        elif len(node.handlers) == 1:
            types = node.handlers[0].type
        else:
            types = gast.Tuple(elts=[h.type for h in node.handlers], ctx=gast.Load())
        wrapped = templates.replace("with ag__.handling(types):\n    body", types=types,
                                    body=node.body)
        node.body = copy_location(wrapped, node.body[0])


def split_live(node: Any, live: set[str]) -> tuple[list[str], list[str]]:
    """The `live` variables that a handler or the `finally` of the `try` `node` reads, in
    two: those that may have no value there (the check refuses an exception that left a
    converted body after the body assigned one), and those bound on every path into the
    `try` and deleted nowhere in it (the handler gets the body's values back)."""
    bound = anno.getanno(node, anno.Basic.BOUND_THROUGH_TRY, frozenset())
    return sorted(live - bound), sorted(live & bound)


def recovering(names: list[str], error: str | None = None) -> list[Any]:
    """`name = ag__.recovered('name', name)` for each of `names` (with the handler's `error`):
    the value an exception carried out of a converted body that assigned it, as plain Python
    has it."""
    template = "name = ag__.recovered(key, name)" if error is None else (
        "name = ag__.recovered(key, name, error)")
    return [stmt for name in names for stmt in templates.replace(
        template, name=name, key=gast.Constant(value=name, kind=None), error=error)]


def finally_entered(node: Any, reads: set[str], later: AbstractSet[str] = frozenset()
                    ) -> list[Any]:
    """The statements starting the `finally` of `node`, which `reads` variables that the
    rest of the `try` assigns (as do handlers and code after it, `later`): if it reads any,
    `ag__.finally_entered(...)`, which refuses an error of the trace on its way out (the
    `finally` would read what it left half done) and names those that may have no value;
    then `recovering` the others."""
    refused, recovered = split_live(node, reads | later)
    refused = sorted(set(refused) & reads)
    if not reads:
        return recovering(recovered)
    entered = templates.replace("ag__.finally_entered(live=names)", names=_strings(refused)
                                ) if refused else templates.replace("ag__.finally_entered()")
    return entered + recovering(recovered)


def entered(finalbody: list[Any]) -> bool:
    """Whether `finalbody` starts with the `ag__.finally_entered(...)` this converter puts
    first in a `finally` that reads what the `try` assigns (one that reads none of it starts
    with no such call, and may start with `recovered`s for the code after the `try`)."""
    first = finalbody[0].value if isinstance(finalbody[0], gast.Expr) else None
    return (isinstance(first, gast.Call) and isinstance(first.func, gast.Attribute)
            and isinstance(first.func.value, gast.Name) and first.func.value.id == "ag__"
            and first.func.attr == "finally_entered")


def _strings(names: list[str]) -> Any:
    return gast.Tuple(elts=[gast.Constant(value=n, kind=None) for n in names], ctx=gast.Load())


def _bound_through(node: Any) -> frozenset[str]:
    deleted = {n.id for n in gast.walk(node)
               if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Del)}
    defined = anno.getanno(node, anno.Static.DEFINED_VARS_IN, ())
    return frozenset(str(q) for q in defined if q.is_simple and str(q) not in deleted)


def _live_in(block: list[Any]) -> set[str]:
    """The plain names live where `block` begins."""
    return {str(q) for q in anno.getanno(block[0], anno.Static.LIVE_VARS_IN, ())
            if q.is_simple} if block else set()


def _unbound_before(node: Any) -> set[str]:
    """The plain names bound in the `try` `node`, on no path into it, and deleted nowhere in
    it."""
    maybe = {str(q) for q in anno.getanno(node, anno.Static.MAYBE_DEFINED_VARS_IN, ())}
    deleted = {n.id for n in gast.walk(node)
               if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Del)}
    caught = {h.name.id for h in node.handlers if isinstance(h.name, gast.Name)}
    return _assigned([node]) - maybe - deleted - caught


def _assigned(statements: list[Any]) -> set[str]:
    """The plain names that `statements` bind, outside nested functions and classes (and
    comprehensions' own variables, which are local to them)."""
    names, pending = set(), list(statements)
    while pending:
        node = pending.pop()
        if isinstance(node, gast.Name) and isinstance(node.ctx, gast.Store):
            names.add(node.id)
        if isinstance(node, gast.comprehension):
            pending.extend([node.iter, *node.ifs])
        elif not isinstance(node, _SCOPES):
            pending.extend(gast.iter_child_nodes(node))
    return names


def _holds(statements: list[Any], kinds: tuple) -> bool:
    """Whether `statements` hold a node of `kinds`, outside nested functions and classes."""
    pending = list(statements)
    while pending:
        node = pending.pop()
        if isinstance(node, kinds):
            return True
        if not isinstance(node, _SCOPES):
            pending.extend(gast.iter_child_nodes(node))
    return False


def transform(node: Any, ctx: EntityContext) -> Any:
    node = activity.resolve(qual_names.resolve(node))
    node = liveness.resolve(reaching_definitions.resolve(node))
    return TryStatements(ctx, call_trees.bound_names(node)).visit(node)
