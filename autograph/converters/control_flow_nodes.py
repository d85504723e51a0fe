"""What the control_flow converter builds and records: generated nodes placed at their
statement, the bindings around each statement (`record`), and `del` in bodies."""

from __future__ import annotations

import copy
from typing import Any, Iterator

import gast

from autograph.pyct import anno, traversal
from autograph.pyct.templates import LOAD, STORE, build

Body = tuple[int, int]
_DEFINITIONS = (gast.FunctionDef, gast.AsyncFunctionDef, gast.ClassDef, gast.Lambda)


def record(node: Any, body: Body | None, around: tuple[Body, ...], bodies: dict[int, Any],
           bindings: dict[str, list], order: Iterator[int]) -> None:
    """Walks once, in source order (`order` numbers what it finds): each control-flow
    statement's innermost body, and the bodies around each binding (a statement's test,
    iterable and target belong to the body around it)."""
    kind = type(node)
    if kind is gast.Name:
        if type(node.ctx) in _BINDING:
            bindings.setdefault(node.id, []).append((next(order), around))
        if getattr(node, "annotation", None) is None:
            return
    elif kind in _CONTROL_FLOW:
        bodies[id(node)] = (body, next(order))
        for field in ("test", "iter", "target"):
            part = getattr(node, field, None)
            if part is not None:
                record(part, body, around, bodies, bindings, order)
        for index, block in enumerate((node.body, node.orelse)):
            inner = (id(node), index)
            for statement in block:
                record(statement, inner, around + (inner,), bodies, bindings, order)
        return
    elif kind is gast.alias:  # `import a.b` binds `a`; `from m import c as d` binds `d`
        bound = (node.asname or node.name).split(".")[0]
        bindings.setdefault(bound, []).append((next(order), around))
    elif kind in _DEFINITIONS:
        if kind is not gast.Lambda:  # `def f` and `class C` bind their names where they stand
            bindings.setdefault(node.name, []).append((next(order), around))
        body = None  # a nested function's code is in no body of the outer function
    for child in traversal.children(node):
        record(child, body, around, bodies, bindings, order)


def only_deleted(node: Any, bodies: list[list]) -> set[str]:
    """The names the statement deletes, never reads otherwise, and leaves dead: they need not
    travel (`del x` reads `x`, and so makes it live where the statement starts)."""
    deleted: set[str] = set()
    for key in (anno.Static.BODY_SCOPE, anno.Static.ORELSE_SCOPE):
        scope = anno.getanno(node, key, None)
        if scope is not None:
            deleted.update(str(q) for q in scope.deleted if q.is_simple)
    if not deleted:
        return set()
    live = simple_names(anno.getanno(node, anno.Static.LIVE_VARS_OUT, ()))
    if type(node) in _LOOPS and node.body:  # deleted again in the next iteration: it travels
        live |= simple_names(anno.getanno(node.body[0], anno.Static.LIVE_VARS_IN, ()))
    read = {n.id for body in bodies for statement in body for n in gast.walk(statement)
            if type(n) is gast.Name and type(n.ctx) is gast.Load}
    return deleted - live - read


def undefine_deleted(statements: list[Any]) -> list[Any]:
    """`del x` becomes `x = ag__.Undefined('x')` in a body: `x` may be the body's state, which
    it returns, and is otherwise a local of the body function, not bound there before; a
    deleted variable travels on as undefined (reading it later, or deleting it again, raises
    UnboundLocalError, as in Python: see `variables`). Blocks of `with` and `try` are searched
    too."""
    result = []
    for statement in statements:
        kind = type(statement)
        if kind is gast.Delete:
            deleted = [t for t in statement.targets if type(t) is gast.Name]
            if deleted:
                at = place(statement)
                kept = [t for t in statement.targets if t not in deleted]
                if kept:
                    result.append(build(gast.Delete, targets=kept, **at))
                for t in deleted:
                    result.append(assignment(name(t.id, at, STORE), operator_call(
                        "Undefined", [constant(t.id, at)], [], at), at))
                    anno.setanno(result[-1], anno.Basic.DELETION, True)
                continue
        for field in ("body", "orelse", "finalbody"):
            if kind in _BLOCKS and getattr(statement, field, None):
                setattr(statement, field, undefine_deleted(getattr(statement, field)))
        if kind in _TRY:
            for handler in statement.handlers:
                handler.body = undefine_deleted(handler.body)
        result.append(statement)
    return result


_TRY = (gast.Try, gast.TryStar) if hasattr(gast, "TryStar") else (gast.Try,)
_BLOCKS = (gast.With, *_TRY)
_BINDING = (gast.Store, gast.Param)
_CONTROL_FLOW = (gast.If, gast.While, gast.For)
_LOOPS = (gast.While, gast.For)


def whole_reads(function: Any) -> frozenset[str]:
    """The names of the objects `function` (nested functions included) reads as a whole,
    not only one constant item or attribute of: `e` for `len(e)`, `e.get("k")`, `e[k]` or
    `getattr(e, "k", 0)`, but not for `e["k"]` or `e.k` alone, nor for `return e` (whose
    items are each checked when the graph runs, as TensorFlow does). A graph loop that
    creates an item of such an object cannot keep Python's meaning (see `operators.state`)."""
    nodes = traversal.own_nodes([function], scopes=())  # one walk, nested functions included
    called = set()
    for n in nodes:
        if isinstance(n, gast.Call):
            called.add(id(n.func))
            if _is_operator(n.func, "converted_call") and n.args:  # call_trees's `e.get(k)`
                called.add(id(n.args[0]))
    itemwise = set()
    for n in nodes:
        if isinstance(n, gast.Attribute) and id(n) not in called or isinstance(
                n, gast.Subscript) and isinstance(n.slice, gast.Constant):
            itemwise.add(id(n.value))
        elif isinstance(n, gast.Return) and n.value is not None:
            returned = n.value.elts if isinstance(n.value, (gast.Tuple, gast.List)) else [
                n.value]
            itemwise.update(id(value) for value in returned)
    return frozenset(str(anno.getanno(n, anno.Basic.QN)) for n in nodes
                     if isinstance(n, (gast.Name, gast.Attribute, gast.Subscript))
                     and isinstance(n.ctx, gast.Load) and id(n) not in itemwise
                     and anno.hasanno(n, anno.Basic.QN))


def end_body_at_finally_returns(statements: list[Any], result: Any) -> None:
    """Each `return ag__.finally_return(retval_)` ending a `finally` in a branch or loop body
    (see return_statements) becomes `ag__.finally_return(retval_)` then `return result`: the
    body's function ends there with its state, discarding what the `try` raised, as the
    user's `return` does (the flag it set skips what follows the body). In a body, such a
    `return` always ends a `finally` (a `return` in a body is lowered, and return_statements
    ends the `finally` in the one that stands for it)."""
    for node in traversal.statement_nodes(statements):
        block = getattr(node, "finalbody", None)
        if block and _is_finally_return(block[-1]):
            stmt = block[-1]
            early = build(gast.Return, value=copy.deepcopy(result), **place(stmt))
            anno.setanno(early, anno.Basic.STATE_RETURN, True)
            block[-1:] = [build(gast.Expr, value=stmt.value, **place(stmt)), early]


def finally_return_reads(bodies: list[list]) -> set[str]:
    """The names the lowered `return ag__.finally_return(retval_)`s in `bodies` read."""
    return {name for body in bodies for stmt in traversal.statement_nodes(body)
            if _is_finally_return(stmt) for name in reads(stmt.value)}


def has_finally_return(function: Any) -> bool:
    """Whether `function` (its nested functions too) holds a lowered `return` of a `finally`,
    `return ag__.finally_return(retval_)`."""
    return any(_is_finally_return(n) for n in traversal.own_nodes([function], scopes=()))


def _is_finally_return(stmt: Any) -> bool:
    value = getattr(stmt, "value", None)
    return (isinstance(stmt, gast.Return) and isinstance(value, gast.Call)
            and _is_operator(value.func, "finally_return"))


def _is_operator(node: Any, operator: str) -> bool:
    """Whether `node` is `ag__.operator`."""
    return (isinstance(node, gast.Attribute) and node.attr == operator
            and isinstance(node.value, gast.Name) and node.value.id == "ag__")


def options(loop: Any, at: dict[str, Any]) -> list[Any]:
    """`opts={...}`: the loop's options, from `set_loop_options` in its body (directives)."""
    options = anno.getanno(loop, anno.Basic.DIRECTIVES, None)
    if not options:
        return []
    value = build(gast.Dict, keys=[constant(k, at) for k in options],
                  values=list(options.values()), **at)
    return [build(gast.keyword, arg="opts", value=value, **at)]


def simple_names(names: Any) -> set[str]:
    """The plain names (not attributes or subscripts) among `names`, a set of QNs."""
    return {str(q) for q in names if q.is_simple}


def reads(expr: Any) -> set[str]:
    return {n.id for n in gast.walk(expr) if isinstance(n, gast.Name)
            and isinstance(n.ctx, gast.Load)}


# Generated nodes, built by hand rather than from templates: this converter makes more nodes
# than any other, and making each at its statement's place (`at`, location attributes) leaves
# nothing for `copy_location` to walk.

def place(node: Any) -> dict[str, Any]:
    return {"lineno": getattr(node, "lineno", None), "col_offset": getattr(node, "col_offset", 0)}


def assignment(target: Any, value: Any, at: dict[str, Any]) -> Any:
    return build(gast.Assign, targets=[target], value=value, type_comment=None, **at)


def operator_call(operator: str, args: list[Any], keywords: list[Any],
                   at: dict[str, Any]) -> Any:
    """`ag__.operator(*args, **keywords)`."""
    function = build(gast.Attribute, value=name("ag__", at), attr=operator, ctx=LOAD, **at)
    return build(gast.Call, func=function, args=args, keywords=keywords, **at)


def constant(value: Any, at: dict[str, Any]) -> Any:
    return build(gast.Constant, value=value, kind=None, **at)


def name(name: str, at: dict[str, Any], ctx: Any = LOAD) -> Any:
    return build(gast.Name, id=name, ctx=ctx, annotation=None, type_comment=None, **at)


def names_tuple(names: list[str], at: dict[str, Any]) -> Any:
    return build(gast.Tuple, elts=[name(n, at) for n in names], ctx=LOAD, **at)


def names(names: list[str], at: dict[str, Any]) -> Any:
    return build(gast.Tuple, elts=[constant(n, at) for n in names], ctx=LOAD, **at)


def state_value(names: list[str], at: dict[str, Any]) -> Any:
    return name(names[0], at) if len(names) == 1 else names_tuple(names, at)


def state_target(names: list[str], at: dict[str, Any]) -> Any:
    if len(names) == 1:
        return name(names[0], at, STORE)
    return build(gast.Tuple, elts=[name(n, at, STORE) for n in names], ctx=STORE, **at)


