"""Which variables of a function must stay in one cell when its control flow is converted.

Branch and loop bodies become functions that take the variables they change as parameters:
each body then has its own binding of them. A function or lambda that reads such a variable
reads the binding where it was defined, which plain Python shares with every later assignment
(a closure cell). So a variable read by a closure is kept in the cell of the function that
owns it: bodies declare it `nonlocal` and travel it with `get_state`/`set_state`, like an item
(see control_flow). In

    def f(xs):
        i = 0
        def at():
            return i + 2
        s = 0
        for i in xs:
            s = s * 10 + at()
        return s

`at` reads `i`, which the loop assigns: `i` is shared, and `f([1, 2])` is 34 as in Python.

Not shared, so that the common cases read as before: variables no branch or loop body binds;
reads by lambdas passed to `ag__.if_exp` or `assert_stmt` and by generator expressions passed
to a builtin that exhausts them (`list(...)`, `max(...)`, `", ".join(...)`), which run where
they are made (what they make in turn, such as the user's `lambda` in `f if c else g`, may
outlive them and is looked at as made there; a generator kept for later, as by
`items.append(x * k for k in ks)`, reads the shared variable as Python does); and a closure
bound to a name that is only ever called, after its definition, in the body that defines it
and every binding of the variable (it cannot outlive that body's bindings or see another
body's). A decorated function is handed to its decorator, which may keep it: it is shared.
"""

from __future__ import annotations

import builtins
import itertools
from collections.abc import Mapping
from typing import Any

import gast

from autograph.pyct import traversal

Body = tuple  # the path of (id(statement), block index) pairs from the function's top

_CLOSURES = (gast.FunctionDef, gast.AsyncFunctionDef, gast.Lambda, gast.GeneratorExp)
_CONTROL_FLOW = (gast.If, gast.While, gast.For)
# The operators that call the lambdas they are given before they return, if at all, among
# those written before control_flow runs (`and_` and `or_` are written after it).
_CALLING_OPERATORS = frozenset({"if_exp", "assert_stmt"})


def shared_cells(function: Any, namespace: Mapping[str, Any]) -> frozenset[str]:
    """The local variables of `function` (a FunctionDef, whose globals are `namespace`) that
    must stay in its cell."""
    local = traversal.local_names(function)
    walk = _Walk(function, _Consumers(namespace, local))
    shared = set()
    for closure, body, name in walk.closures:
        free, written = _free_names(closure)
        for variable in sorted((free | written) & local):
            bodies = walk.bindings.get(variable, set())
            if not any(bodies):  # bound only where no converted body runs
                continue
            if variable in written or not _stays_local(walk, closure, body, name, bodies):
                shared.add(variable)
    return frozenset(shared)


def _stays_local(walk: _Walk, closure: Any, body: Body, name: str | None,
                 bodies: set[Body]) -> bool:
    """Whether `closure`, bound to `name` in `body`, can only run while `body`'s own
    bindings of the variable (its only ones) are the current ones."""
    if name is None or bodies != {body} or walk.bindings.get(name) != {body}:
        return False
    # Each use a call in that body, after the definition: a call before it (in a loop, in
    # the next iteration) runs the closure an earlier iteration made, over its variables.
    defined_at = walk.defined_at[id(closure)]
    return all(is_call and used[:len(body)] == body and at > defined_at
               for used, is_call, at in walk.loads.get(name, ()))


class _Walk:
    """One walk of a function's own scope: where each name is bound and loaded, and the
    closures defined there."""

    def __init__(self, function: Any, consumers: _Consumers):
        self.consumers = consumers
        self.bindings: dict[str, set[Body]] = {}
        self.loads: dict[str, list[tuple[Body, bool, int]]] = {}  # (body, is a call, order)
        self.closures: list[tuple[Any, Body, str | None]] = []
        self.defined_at: dict[int, int] = {}  # a closure's id: its place in the walk's order
        self._order = itertools.count()
        for node in traversal.own_nodes([function.args]):
            if isinstance(node, gast.Name):
                self.bindings.setdefault(node.id, set()).add(())
        self._block(function.body, ())

    def _block(self, statements: list, body: Body) -> None:
        for statement in statements:
            self._node(statement, body, None)

    def _node(self, node: Any, body: Body, parent: Any) -> None:
        kind = type(node)
        if kind in _CONTROL_FLOW:
            for field in ("test", "iter"):
                part = getattr(node, field, None)
                if part is not None:
                    self._node(part, body, node)
            if kind is gast.For:  # the target is bound in the loop body's function
                self._node(node.target, body + ((id(node), 0),), node)
            for index, block in enumerate((node.body, node.orelse)):
                self._block(block, body + ((id(node), index),))
            return
        if kind in _CLOSURES:
            self._closure(node, body, parent)
            return
        if kind is gast.Name:
            if type(node.ctx) is gast.Load:
                is_call = isinstance(parent, gast.Call) and (
                    parent.func is node or _is_operator(parent.func, "converted_call")
                    and parent.args[:1] == [node])
                self.loads.setdefault(node.id, []).append((body, is_call, next(self._order)))
            else:
                self.bindings.setdefault(node.id, set()).add(body)
        for child in traversal.children(node):
            self._node(child, body, node)

    def _closure(self, node: Any, body: Body, parent: Any) -> None:
        if self._called_at_once(node, parent):
            # It runs where it is made, as part of this body; a closure made inside it (the
            # user's `lambda` in `f if c else g`) may outlive it, and is looked at as one of
            # this body's.
            for child in traversal.children(node):
                self._node(child, body, node)
            return
        name = None
        if isinstance(node, (gast.FunctionDef, gast.AsyncFunctionDef)):
            self.bindings.setdefault(node.name, set()).add(body)
            # A decorator is handed the function, which may then outlive this body.
            name = None if node.decorator_list else node.name
            for part in node.decorator_list + _defaults(node.args):
                self._node(part, body, node)
        elif isinstance(node, gast.Lambda):
            for part in _defaults(node.args):
                self._node(part, body, node)
            if (isinstance(parent, gast.Assign) and len(parent.targets) == 1
                    and isinstance(parent.targets[0], gast.Name)):
                name = parent.targets[0].id
        self.closures.append((node, body, name))
        self.defined_at[id(node)] = next(self._order)

    def _called_at_once(self, node: Any, parent: Any) -> bool:
        """A lambda passed to an `ag__` operator, or a generator expression passed to a
        builtin that exhausts it before returning (`list(g)`, not `items.append(g)`)."""
        if not isinstance(parent, gast.Call) or parent.func is node:
            return False
        if isinstance(node, gast.GeneratorExp):
            return self.consumers.exhausts(parent)
        return isinstance(node, gast.Lambda) and _is_operator(parent.func, *_CALLING_OPERATORS)


class _Consumers:
    """Which callees exhaust an iterable before they return: builtins such as `sum` and
    `list` (by name, unless the function or its module rebinds the name), their `ag__`
    versions, and `str.join`."""

    _BUILTINS = frozenset({"all", "any", "dict", "frozenset", "list", "max", "min", "set",
                           "sorted", "sum", "tuple"})

    def __init__(self, namespace: Mapping[str, Any], local: set[str]):
        self._namespace = namespace
        self._local = local

    def exhausts(self, call: Any) -> bool:
        func = call.func
        if _is_operator(func, "converted_call"):  # `ag__.converted_call(f, *args)`
            func = call.args[0]
        if _is_operator(func, *self._BUILTINS):
            return True
        if isinstance(func, gast.Name):
            name = func.id
            return (name in self._BUILTINS and name not in self._local
                    and self._namespace.get(name, getattr(builtins, name)) is getattr(builtins,
                                                                                   name))
        return (isinstance(func, gast.Attribute) and func.attr == "join"
                and isinstance(func.value, gast.Constant) and isinstance(func.value.value, str))


def _is_operator(func: Any, *names: str) -> bool:
    """Whether `func` is `ag__.name` for one of `names`."""
    return (isinstance(func, gast.Attribute) and isinstance(func.value, gast.Name)
            and func.value.id == "ag__" and func.attr in names)


def _free_names(closure: Any) -> tuple[set[str], set[str]]:
    """The names `closure` reads from outside, and those it declares `nonlocal` (over every
    scope nested in it: an inner one's reads reach out through it)."""
    read: set[str] = set()
    written: set[str] = set()
    bound: set[str] = set()
    for node in gast.walk(closure):
        if isinstance(node, gast.Name):
            (read if type(node.ctx) is gast.Load else bound).add(node.id)
        elif isinstance(node, gast.Nonlocal):
            written.update(node.names)
    return read - (bound - written), written


def _defaults(args: Any) -> list[Any]:
    return list(args.defaults) + [d for d in args.kw_defaults if d is not None]
