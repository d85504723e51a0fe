"""Fast walks over gast trees, for converters that look at many nodes.

`children(node)` is `ast.iter_child_nodes` without the leaves that hold nothing (expression
contexts such as `Load`, operators such as `Add`), as a list; `own_nodes(roots)` walks down
from `roots` without entering nested scopes; `local_names(function)` are the names a function
binds in its own scope; `binds_a_name(expression)` tells whether an expression holds a `:=`
that binds where it runs. A converter that acts on a few node kinds (`IfExp`, `BoolOp`, `Call`)
finds them with `find` and puts each replacement in place with `replace_child`, rather than
running a transformer that dispatches on, reads and writes back every field of every node.

>>> import gast
>>> tree = gast.parse("y = f(x) + (lambda z: z)(1)").body[0]
>>> sorted(type(n).__name__ for n in own_nodes([tree]))[:4]
['Assign', 'BinOp', 'Call', 'Call']
>>> any(isinstance(n, gast.Load) for n in own_nodes([tree]))
False
>>> [type(n).__name__ for n in children(gast.parse("while x:\\n    break").body[0])]
['Name', 'Break']
>>> calls = find(gast.parse("y = f(g(x))"), {gast.Call})
>>> [(type(parent).__name__, call.func.id) for parent, call in calls]
[('Assign', 'f'), ('Call', 'g')]
"""

from __future__ import annotations

import ast
from typing import Any, Collection, Iterable

import gast

# Nodes with fields of their own, whose names, bodies and expressions belong to another scope.
SCOPES = (gast.FunctionDef, gast.AsyncFunctionDef, gast.Lambda, gast.ClassDef, gast.ListComp,
          gast.SetComp, gast.DictComp, gast.GeneratorExp)
_KINDS: list[Any] = [kind for kind in vars(gast).values()  # every gast node class
                     if isinstance(kind, type) and issubclass(kind, gast.AST)]
# Contexts and operators: no fields and no location (unlike `pass`, `break`, `continue`).
_LEAVES = frozenset(kind for kind in _KINDS if not kind._fields and not kind._attributes)
_NODES = frozenset(kind for kind in _KINDS if kind not in _LEAVES)
# Fields that never hold a node, or hold only leaves: skipped without being read.
_NOT_NODES = frozenset({"ctx", "op", "id", "attr", "kind", "type_comment", "conversion",
                        "level", "module", "is_async"})


def _node_fields(kind: type[Any]) -> tuple[str, ...]:
    return tuple(f for f in kind._fields
                 if f not in _NOT_NODES and not (kind is gast.Constant and f == "value"))


_FIELDS = {kind: _node_fields(kind) for kind in _NODES | _LEAVES}


def children(node: Any) -> list[Any]:
    """The nodes directly under `node`, in field order, less field-less leaves."""
    kind = type(node)
    fields = _FIELDS.get(kind)
    if fields is None:  # not a gast node (a plain `ast` one): the general walk
        return [child for child in ast.iter_child_nodes(node) if type(child) not in _LEAVES]
    found = []
    values = node.__dict__  # a field a node was made without is absent, as for getattr
    for field in fields:
        value = values.get(field)
        if type(value) is list:
            for item in value:  # a loop: cheaper than a comprehension for short lists
                if type(item) in _NODES:
                    found.append(item)
        elif type(value) in _NODES:
            found.append(value)
    return found


def own_nodes(roots: Iterable[Any], scopes: tuple[type, ...] = SCOPES) -> list[Any]:
    """`roots` and every node under them (less field-less leaves), in no particular order;
    a node of one of `scopes` below the roots is listed but not entered."""
    found, pending = [], list(roots)
    root_ids = {id(r) for r in pending}
    while pending:
        node = pending.pop()
        found.append(node)
        if isinstance(node, scopes) and id(node) not in root_ids:
            continue
        pending += children(node)
    return found


def statement_nodes(statements: Iterable[Any]) -> list[Any]:
    """Every node under `statements` (themselves included), not entering the functions,
    lambdas and classes among or under them, whose code runs elsewhere."""
    found, pending = [], list(statements)
    while pending:
        node = pending.pop()
        found.append(node)
        if not isinstance(node, _DEFINITIONS):
            pending += children(node)
    return found


_DEFINITIONS = (gast.FunctionDef, gast.AsyncFunctionDef, gast.Lambda, gast.ClassDef)


def local_names(function: Any) -> set[str]:
    """The names `function` binds in its own scope: parameters, assignment targets, nested
    function and class names, imports; less those it declares `global` or `nonlocal`."""
    bound, declared = set(), set()
    for node in own_nodes([function]):
        kind = type(node)
        if node is function:
            continue
        if kind is gast.Name:
            if type(node.ctx) is not gast.Load:
                bound.add(node.id)
        elif kind in (gast.FunctionDef, gast.AsyncFunctionDef, gast.ClassDef):
            bound.add(node.name)
        elif kind is gast.alias:
            bound.add((node.asname or node.name).split(".")[0])
        elif kind is gast.Global or kind is gast.Nonlocal:
            declared.update(node.names)
    return bound - declared


_STDLIB_KINDS = [kind for kind in vars(ast).values()
                 if isinstance(kind, type) and issubclass(kind, ast.AST)]
_STDLIB_LEAVES = frozenset(kind for kind in _STDLIB_KINDS
                           if not kind._fields and not getattr(kind, "_attributes", ()))
_STDLIB_NODES = frozenset(kind for kind in _STDLIB_KINDS if kind not in _STDLIB_LEAVES)
_STDLIB_FIELDS = {kind: tuple(f for f in kind._fields if f not in _NOT_NODES
                              and f not in ("arg", "name", "asname")
                              and not (kind is ast.Constant and f == "value"))
                  for kind in _STDLIB_NODES}


def stdlib_nodes(roots: Iterable[ast.AST]) -> list[ast.AST]:
    """`roots` and every node under them (nested scopes too) in a tree of the standard
    library's `ast`, less contexts and operators, in no particular order: `own_nodes` for
    code not yet converted to gast."""
    found: list[ast.AST] = []
    pending: list[Any] = list(roots)
    nodes, fields = _STDLIB_NODES, _STDLIB_FIELDS
    while pending:
        node = pending.pop()
        found.append(node)
        values = node.__dict__
        for field in fields[type(node)]:
            value = values.get(field)
            if type(value) is list:
                for item in value:
                    if type(item) in nodes:
                        pending.append(item)
            elif type(value) in nodes:
                pending.append(value)
    return found


def binds_a_name(expression: Any) -> bool:
    """Whether evaluating `expression` binds a name where it runs: a `:=` outside any lambda
    (one inside a comprehension binds in the enclosing scope too). Such an expression cannot
    be moved into a lambda without moving the binding with it."""
    pending = [expression]
    while pending:
        node = pending.pop()
        if type(node) is gast.NamedExpr:
            return True
        if type(node) is not gast.Lambda:
            pending += children(node)
    return False


def find(root: Any, kinds: Collection[type]) -> list[tuple[Any, Any]]:
    """(parent, node) for each node of `kinds` under `root` (nested scopes included), an
    outer node before the nodes under it; so rewriting them in reverse order rewrites the
    inner ones first, as a transformer that visits children before their parent does."""
    found, pending = [], [root]
    while pending:
        node = pending.pop()
        below = children(node)
        for child in below:
            if type(child) in kinds:
                found.append((node, child))
        pending += below
    return found


def replace_child(parent: Any, old: Any, new: Any) -> None:
    """Puts `new` where `old` is directly under `parent`."""
    for field in parent._fields:
        value = getattr(parent, field, None)
        if value is old:
            setattr(parent, field, new)
            return
        if type(value) is list:
            for i, item in enumerate(value):
                if item is old:
                    value[i] = new
                    return
    raise ValueError(f"{old!r} is not under {parent!r}")
