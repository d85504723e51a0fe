r"""Reaching definitions: which bindings of a name may reach each read, and what is defined.

`resolve` (after `activity.resolve`) runs forward over each function's CFG and annotates:
- every statement with DEFINED_VARS_IN, the names bound on *every* path that reaches it (a
  read of another local name may fail), and MAYBE_DEFINED_VARS_IN, the names bound on *some*
  path (a name in neither is undefined there on every path);
- every Name that is read (loaded, augmented or deleted) with DEFINITIONS: the `Definition`s
  that may have bound the value it reads (empty for a global, a builtin, or a local read
  before any binding); `annotate_reads=False` leaves these out, for callers that read only
  the statements' annotations.

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
from typing import Any, Callable

import gast

from autograph.pyct import anno, cfg, traversal
from autograph.pyct.qual_names import QN
from autograph.pyct.static_analysis import activity, bitsets

_FUNCTIONS = (gast.FunctionDef, gast.AsyncFunctionDef)
_DEFINITIONS = (*_FUNCTIONS, gast.ClassDef)
_COMPREHENSIONS = {gast.ListComp, gast.SetComp, gast.GeneratorExp, gast.DictComp}


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
class _Start:
    """What a function sees of the one it is defined in, when it starts."""

    defs: frozenset[Definition]  # every definition that may reach (when reads are annotated)
    defined: frozenset[QN]  # names bound on every path
    maybe_defined: frozenset[QN]  # names bound on at least one path


_EMPTY = _Start(frozenset(), frozenset(), frozenset())
# Masks: the definitions that may reach; the names bound on every path; on at least one path.
_State = tuple[int, int, int]


def resolve(tree: Any, graphs: dict[Any, cfg.Graph] | None = None,
            annotate_reads: bool = True) -> Any:
    """Annotates every function in `tree` with definitions (see the module doc); returns it.

    Args:
        tree: a gast tree already annotated by `activity.resolve`.
        graphs: the CFGs of its functions (`cfg.build_all(tree)`), built here if not given.
        annotate_reads: whether to set DEFINITIONS on the Names read, which takes most of
            the time; without it only the statements' DEFINED_VARS_IN and
            MAYBE_DEFINED_VARS_IN are set, the same as with it.
    """
    graphs = cfg.build_all(tree) if graphs is None else graphs
    starts: dict[Any, _Start] = {}  # what a nested function sees of its parent
    for fn, graph in graphs.items():  # outermost first: parents set their children's starts
        _Solution(graph, starts.get(fn, _EMPTY), annotate_reads).annotate(starts)
    return tree


class _Solution:
    """The states of one function's graph, solved to a fixed point.

    A state is None before any path to it is known, else three masks (`bitsets`): of `defs`,
    the definitions that may reach (none are tracked unless reads are annotated); of `names`,
    the names bound on every path, and those bound on at least one.
    """

    def __init__(self, graph: cfg.Graph, start: _Start, annotate_reads: bool):
        self.graph, self.annotate_reads = graph, annotate_reads
        self.defs, self.names = bitsets.Universe(), bitsets.Universe()
        self.start = (self.defs.mask(start.defs), self.names.mask(start.defined),
                      self.names.mask(start.maybe_defined))
        self.gen, self.kill = self._gen_and_kill()
        self.defs_of: dict[QN, int] = {}  # each name's definitions
        for definition, bit in self.defs.bit.items():
            self.defs_of[definition.qn] = self.defs_of.get(definition.qn, 0) | bit
        self.out = self._solve()

    def _gen_and_kill(self) -> tuple[dict[cfg.Node, tuple], dict[cfg.Node, tuple]]:
        """What each node binds, and what its bindings make stale (see `bitsets`)."""
        scopes = {node: anno.getanno(node.ast_node, anno.Static.SCOPE)
                  for node in self.graph.nodes if node.ast_node is not None}
        gen = dict.fromkeys(self.graph.nodes, (0, 0))
        for node, scope in scopes.items():
            bound = scope.modified - scope.deleted
            gen_defs = (self.defs.mask(Definition(qn, node.ast_node) for qn in bound)
                        if self.annotate_reads else 0)
            gen[node] = (gen_defs, self.names.mask(bound))
        stale_defs = bitsets.stale_after_binding(self.defs, name_of=lambda d: d.qn)
        stale_names = bitsets.stale_after_binding(self.names)
        kill = dict.fromkeys(self.graph.nodes, (0, 0))
        for node, scope in scopes.items():
            kill_defs = kill_names = 0
            for qn in scope.modified:
                kill_defs |= stale_defs.get(qn, 0)
                kill_names |= stale_names.get(qn, 0)
            kill[node] = (kill_defs, kill_names)
        return gen, kill

    def _solve(self) -> dict[cfg.Node, _State | None]:
        """The state after each node: a worklist of the nodes whose predecessors changed, in
        the order of the source."""
        entry, out = self.graph.entry, dict.fromkeys(self.graph.nodes)
        pending = list(reversed(self.graph.nodes))  # popped from the end: the entry first
        queued = set(pending)
        while pending:
            node = pending.pop()
            queued.remove(node)
            state = self.start if node is entry else self._merged(node.prev, out)
            if state is None:
                continue
            (gen_defs, gen_names), (kill_defs, kill_names) = self.gen[node], self.kill[node]
            new = (state[0] & ~kill_defs | gen_defs, state[1] & ~kill_names | gen_names,
                   state[2] & ~kill_names | gen_names)
            if new != out[node]:
                out[node] = new
                for successor in node.next:
                    if successor not in queued:
                        queued.add(successor)
                        pending.append(successor)
        return out

    @staticmethod
    def _merged(nodes: frozenset[cfg.Node], out: dict) -> _State | None:
        merged = None
        for node in nodes:
            state = out[node]
            if state is not None:
                merged = state if merged is None else (
                    merged[0] | state[0], merged[1] & state[1], merged[2] | state[2])
        return merged

    def annotate(self, starts: dict[Any, _Start]) -> None:
        """Annotates the graph's statements and reads; sets the starts of nested functions."""
        graph, out = self.graph, self.out
        for node in graph.nodes:
            if node.ast_node is not None:
                if self.annotate_reads:
                    before = self.start if node is graph.entry else self._merged(node.prev, out)
                    _annotate_reads(node.ast_node, self._reaching(before))
                if isinstance(node.ast_node, _DEFINITIONS):
                    self._pass_to_nested(node.ast_node, out[node] or (0, 0, 0), starts)
        for stmt, before in graph.stmt_prev.items():
            _, defined, maybe_defined = self._merged(before, out) or (0, 0, 0)
            anno.setanno(stmt, anno.Static.DEFINED_VARS_IN, self.names.frozenset(defined))
            anno.setanno(stmt, anno.Static.MAYBE_DEFINED_VARS_IN,
                         self.names.frozenset(maybe_defined))

    def _reaching(self, state: _State | None) -> Callable[[QN], frozenset[Definition]]:
        """The definitions of a name that reach a point in `state`."""
        defs = state[0] if state is not None else 0
        return lambda qn: self.defs.frozenset(defs & self.defs_of.get(qn, 0))

    def _pass_to_nested(self, node: Any, state: _State, starts: dict[Any, _Start]) -> None:
        """Gives the functions defined by `node` (directly or as methods) the state after it."""
        if isinstance(node, gast.ClassDef):
            for stmt in node.body:
                self._pass_to_nested(stmt, state, starts)
        elif isinstance(node, _FUNCTIONS):
            local = anno.getanno(node, anno.Static.BODY_SCOPE).local_names()

            def outer(names: frozenset[QN]) -> frozenset[QN]:
                return frozenset(q for q in names if q.root not in local)

            starts[node] = _Start(
                frozenset(d for d in self.defs.frozenset(state[0]) if d.qn.root not in local),
                outer(self.names.frozenset(state[1])), outer(self.names.frozenset(state[2])))


def _annotate_reads(node: Any, reaching: Callable[[QN], frozenset[Definition]]) -> None:
    """Sets DEFINITIONS on the Names that `node` reads, given the definitions reaching it."""
    if isinstance(node, _DEFINITIONS):  # its body is analysed on its own
        _ReadAnnotator(reaching).visit_all(activity.evaluated_where_defined(node))
    elif isinstance(node, gast.ExceptHandler):
        if node.type is not None:  # its body is made of nodes of their own
            _ReadAnnotator(reaching).visit(node.type)
    elif not isinstance(node, gast.arguments):
        _ReadAnnotator(reaching).visit(node)


class _ReadAnnotator:
    """Sets DEFINITIONS on the Names read under the nodes it visits."""

    def __init__(self, outer: Callable[[QN], frozenset[Definition]]):
        self.outer = outer  # the definitions reaching from outside a lambda or comprehension
        self.local: dict[QN, frozenset[Definition]] = {}  # the names they bind

    def reaching(self, qn: QN) -> frozenset[Definition]:
        found = self.local.get(qn)
        return self.outer(qn) if found is None else found

    def visit_all(self, nodes: list) -> None:
        for node in nodes:
            self.visit(node)

    def visit(self, node: Any) -> None:
        kind = type(node)
        if kind is gast.Name:
            if not isinstance(node.ctx, (gast.Store, gast.Param)):
                self._annotate(node)
        elif kind is gast.AugAssign:
            self.visit(node.value)
            if isinstance(node.target, gast.Name):
                self._annotate(node.target)  # `x += 1` reads x before binding it
            else:
                self.visit_all(traversal.children(node.target))
        elif kind is gast.Lambda:
            self._visit_lambda(node)
        elif kind in _COMPREHENSIONS:
            self._visit_comprehension(node)
        else:
            self.visit_all(traversal.children(node))

    def _annotate(self, node: Any) -> None:
        qn = anno.getanno(node, anno.Basic.QN)
        anno.setanno(node, anno.Static.DEFINITIONS, self.reaching(qn))

    def _visit_lambda(self, node: Any) -> None:
        self.visit_all(activity.evaluated_where_defined(node))
        inner = _ReadAnnotator(self.reaching)
        for qn in anno.getanno(node, anno.Static.ARGS_SCOPE).params:
            inner.local[qn] = frozenset({Definition(qn, node.args)})
        inner.visit(node.body)

    def _visit_comprehension(self, node: Any) -> None:
        inner = _ReadAnnotator(self.reaching)
        for i, generator in enumerate(node.generators):
            (inner if i else self).visit(generator.iter)
            for target in gast.walk(generator.target):
                if isinstance(target, gast.Name):
                    qn = anno.getanno(target, anno.Basic.QN)
                    inner.local[qn] = frozenset({Definition(qn, generator)})
            inner.visit_all(generator.ifs)
        is_dict = isinstance(node, gast.DictComp)
        inner.visit_all([node.key, node.value] if is_dict else [node.elt])
