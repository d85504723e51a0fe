r"""Reaching definitions: which bindings of a name may reach each read, and what is defined.

`resolve` (after `activity.resolve`) runs forward over each function's CFG and annotates:
- every statement with DEFINED_VARS_IN, the names bound on *every* path that reaches it (a
  read of another local name may fail), and MAYBE_DEFINED_VARS_IN, the names bound on *some*
  path (a name in neither is undefined there on every path);
- every Name that is read (loaded, augmented or deleted) with DEFINITIONS: the `Definition`s
  that may have bound the value it reads (empty for a global, a builtin, or a local read
  before any binding).

A nested function starts with what is defined where it is defined (its own locals aside), so a
read of an outer variable gets the outer definitions; comprehension targets and lambda
parameters are definitions of their own.

>>> import gast
>>> from autograph.pyct import anno, qual_names
>>> from autograph.pyct.static_analysis import activity
>>> src = "def f(c):\n    if c:\n        x = 1\n    else:\n        x = 2\n    return x"
>>> fn = resolve(activity.resolve(qual_names.resolve(gast.parse(src)))).body[0]
>>> sorted(map(str, anno.getanno(fn.body[1], anno.Static.DEFINED_VARS_IN)))
['c', 'x']
>>> read = fn.body[1].value
>>> sorted(d.node.lineno for d in anno.getanno(read, anno.Static.DEFINITIONS))
[3, 5]
"""

from __future__ import annotations

import dataclasses
from typing import Any

import gast

from autograph.pyct import anno, cfg
from autograph.pyct.qual_names import QN
from autograph.pyct.static_analysis import activity

_FUNCTIONS = (gast.FunctionDef, gast.AsyncFunctionDef)


@dataclasses.dataclass(frozen=True)
class Definition:
    """`qn` is bound by `node`: the statement or CFG expression that binds it (a `for`
    target, a `with` item, an `except` handler, a function's `args`, a comprehension
    generator, a lambda's `args`). Equal only to a definition of the same name by the same
    node."""

    qn: QN
    node: Any

    def __repr__(self) -> str:
        line = getattr(self.node, "lineno", None)
        return f"Definition({self.qn} by {type(self.node).__name__}, line {line})"


@dataclasses.dataclass(frozen=True)
class _State:
    defs: dict[QN, frozenset[Definition]]  # every definition that may reach, per name
    defined: frozenset[QN]  # names bound on every path

    def merge(self, other: _State) -> _State:
        defs = dict(self.defs)
        for qn, found in other.defs.items():
            defs[qn] = defs.get(qn, frozenset()) | found
        return _State(defs, self.defined & other.defined)


_EMPTY = _State({}, frozenset())


def resolve(tree: Any, graphs: dict[Any, cfg.Graph] | None = None) -> Any:
    """Annotates every function in `tree` with definitions (see the module doc); returns it.

    Args:
        tree: a gast tree already annotated by `activity.resolve`.
        graphs: the CFGs of its functions (`cfg.build_all(tree)`), built here if not given.
    """
    graphs = cfg.build_all(tree) if graphs is None else graphs
    starts: dict[Any, _State] = {}  # what a nested function sees of its parent
    for fn, graph in graphs.items():  # outermost first: parents set their children's starts
        out = _solve(graph, starts.get(fn, _EMPTY))
        for node in graph.nodes:
            if node.ast_node is not None:
                state = _merged(out[p] for p in node.prev) if node is not graph.entry else (
                    starts.get(fn, _EMPTY))
                _annotate_reads(node.ast_node, state or _EMPTY)
                _pass_to_nested(node.ast_node, out[node] or _EMPTY, starts)
        for stmt, before in graph.stmt_prev.items():
            state = _merged(out[p] for p in before) or _EMPTY
            anno.setanno(stmt, anno.Static.DEFINED_VARS_IN, state.defined)
            anno.setanno(stmt, anno.Static.MAYBE_DEFINED_VARS_IN, frozenset(state.defs))
    return tree


def _solve(graph: cfg.Graph, start: _State) -> dict[cfg.Node, _State | None]:
    """The state after each node (None while no path to it is known), to a fixed point."""
    out: dict[cfg.Node, _State | None] = {node: None for node in graph.nodes}
    changed = True
    while changed:
        changed = False
        for node in graph.nodes:
            state = start if node is graph.entry else _merged(out[p] for p in node.prev)
            new = _transfer(node, state) if state is not None else None
            if new != out[node]:
                out[node], changed = new, True
    return out


def _merged(states: Any) -> _State | None:
    result = None
    for state in states:
        if state is not None:
            result = state if result is None else result.merge(state)
    return result


def _transfer(node: cfg.Node, state: _State) -> _State:
    if node.ast_node is None:
        return state
    scope = anno.getanno(node.ast_node, anno.Static.SCOPE)
    killed = scope.modified
    bound = scope.modified - scope.deleted
    defs = {qn: found for qn, found in state.defs.items()
            if qn not in killed and not qn.dependencies & killed}
    defs.update({qn: frozenset({Definition(qn, node.ast_node)}) for qn in bound})
    defined = {qn for qn in state.defined if qn not in killed and not qn.dependencies & killed}
    return _State(defs, frozenset(defined | bound))


def _pass_to_nested(node: Any, state: _State, starts: dict[Any, _State]) -> None:
    """Gives the functions defined by `node` (directly or as methods) the state after it."""
    if isinstance(node, gast.ClassDef):
        for stmt in node.body:
            _pass_to_nested(stmt, state, starts)
    elif isinstance(node, _FUNCTIONS):
        local = anno.getanno(node, anno.Static.BODY_SCOPE).local_names()
        starts[node] = _State({q: d for q, d in state.defs.items() if q.root not in local},
                              frozenset(q for q in state.defined if q.root not in local))


def _annotate_reads(node: Any, state: _State) -> None:
    """Sets DEFINITIONS on the Names that `node` reads, seen from `state`."""
    if isinstance(node, _FUNCTIONS + (gast.ClassDef,)):  # its body is analysed on its own
        _ReadAnnotator(state.defs).visit_all(activity.evaluated_where_defined(node))
    elif isinstance(node, gast.ExceptHandler):
        if node.type is not None:  # its body is made of nodes of their own
            _ReadAnnotator(state.defs).visit(node.type)
    elif not isinstance(node, gast.arguments):
        _ReadAnnotator(state.defs).visit(node)


class _ReadAnnotator(gast.NodeVisitor):
    def __init__(self, defs: dict[QN, frozenset[Definition]]):
        self.defs = defs

    def visit_all(self, nodes: list) -> None:
        for node in nodes:
            self.visit(node)

    def visit_Name(self, node: Any) -> None:
        if not isinstance(node.ctx, (gast.Store, gast.Param)):
            self._annotate(node)

    def _annotate(self, node: Any) -> None:
        qn = anno.getanno(node, anno.Basic.QN)
        anno.setanno(node, anno.Static.DEFINITIONS, self.defs.get(qn, frozenset()))

    def visit_AugAssign(self, node: Any) -> None:
        self.visit(node.value)
        if isinstance(node.target, gast.Name):
            self._annotate(node.target)  # `x += 1` reads x before binding it
        else:
            self.generic_visit(node.target)

    def visit_Lambda(self, node: Any) -> None:
        self.visit_all(activity.evaluated_where_defined(node))
        params = anno.getanno(node, anno.Static.ARGS_SCOPE).params
        inner = dict(self.defs)
        inner.update({qn: frozenset({Definition(qn, node.args)}) for qn in params})
        _ReadAnnotator(inner).visit(node.body)

    def _visit_comprehension(self, node: Any) -> None:
        inner = _ReadAnnotator(dict(self.defs))
        for i, generator in enumerate(node.generators):
            (inner if i else self).visit(generator.iter)
            for target in gast.walk(generator.target):
                if isinstance(target, gast.Name):
                    qn = anno.getanno(target, anno.Basic.QN)
                    inner.defs[qn] = frozenset({Definition(qn, generator)})
            inner.visit_all(generator.ifs)
        is_dict = isinstance(node, gast.DictComp)
        inner.visit_all([node.key, node.value] if is_dict else [node.elt])

    visit_ListComp = visit_SetComp = visit_GeneratorExp = visit_DictComp = _visit_comprehension
