r"""Reaching definitions: which names are defined before each statement.

`resolve` (after `activity.resolve`) runs forward over each function's CFG and annotates every
statement with DEFINED_VARS_IN, the names bound on *every* path that reaches it (a read of
another local name may fail), and MAYBE_DEFINED_VARS_IN, the names bound on *some* path (a
name in neither is undefined there on every path).

A nested function starts with what is defined where it is defined (its own locals aside).

>>> import gast
>>> from autograph.pyct import anno, qual_names
>>> from autograph.pyct.static_analysis import activity
>>> src = "def f(c):\n    if c:\n        x = 1\n    y = 2\n    return x"
>>> fn = resolve(activity.resolve(qual_names.resolve(gast.parse(src)))).body[0]
>>> sorted(map(str, anno.getanno(fn.body[2], anno.Static.DEFINED_VARS_IN)))
['c', 'y']
>>> sorted(map(str, anno.getanno(fn.body[2], anno.Static.MAYBE_DEFINED_VARS_IN)))
['c', 'x', 'y']
"""

from __future__ import annotations

import dataclasses
from typing import Any, Collection

import gast

from autograph.pyct import anno, cfg
from autograph.pyct.qual_names import QN
from autograph.pyct.static_analysis import bitsets

_FUNCTIONS = (gast.FunctionDef, gast.AsyncFunctionDef)
_DEFINITIONS = (*_FUNCTIONS, gast.ClassDef)


@dataclasses.dataclass(frozen=True)
class _Start:
    """What a function sees of the one it is defined in, when it starts."""

    defined: frozenset[QN]  # names bound on every path
    maybe_defined: frozenset[QN]  # names bound on at least one path


_EMPTY = _Start(frozenset(), frozenset())
# Masks: the names bound on every path; on at least one path.
_State = tuple[int, int]


def resolve(tree: Any, graphs: dict[Any, cfg.Graph] | None = None) -> Any:
    """Annotates every function in `tree` with what is defined (see the module doc); returns it.

    Args:
        tree: a gast tree already annotated by `activity.resolve`.
        graphs: the CFGs of its functions (`cfg.build_all(tree)`), built here if not given.
    """
    graphs = cfg.build_all(tree) if graphs is None else graphs
    starts: dict[Any, _Start] = {}  # what a nested function sees of its parent
    for fn, graph in graphs.items():  # outermost first: parents set their children's starts
        _Solution(graph, starts.get(fn, _EMPTY)).annotate(starts)
    return tree


class _Solution:
    """The states of one function's graph, solved to a fixed point.

    A state is None before any path to it is known, else two masks (`bitsets`) of `names`:
    the names bound on every path, and those bound on at least one.
    """

    def __init__(self, graph: cfg.Graph, start: _Start):
        self.graph = graph
        self.names = bitsets.Universe()
        self.start = (self.names.mask(start.defined), self.names.mask(start.maybe_defined))
        self.gen, self.kill = self._gen_and_kill()
        self.out = self._solve()

    def _gen_and_kill(self) -> tuple[dict[cfg.Node, int], dict[cfg.Node, int]]:
        """What each node binds, and what its bindings make stale (see `bitsets`)."""
        scopes = {node: anno.getanno(node.ast_node, anno.Static.SCOPE)
                  for node in self.graph.nodes if node.ast_node is not None}
        gen = dict.fromkeys(self.graph.nodes, 0)
        for node, scope in scopes.items():
            gen[node] = self.names.mask(scope.modified - scope.deleted)
        stale = bitsets.stale_after_binding(self.names)
        kill = dict.fromkeys(self.graph.nodes, 0)
        for node, scope in scopes.items():
            for qn in scope.modified:
                kill[node] |= stale.get(qn, 0)
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
            gen, kill = self.gen[node], self.kill[node]
            new = (state[0] & ~kill | gen, state[1] & ~kill | gen)
            if new != out[node]:
                out[node] = new
                for successor in node.next:
                    if successor not in queued:
                        queued.add(successor)
                        pending.append(successor)
        return out

    @staticmethod
    def _merged(nodes: Collection[cfg.Node], out: dict) -> _State | None:
        merged = None
        for node in nodes:
            state = out[node]
            if state is not None:
                merged = state if merged is None else (merged[0] & state[0],
                                                       merged[1] | state[1])
        return merged

    def annotate(self, starts: dict[Any, _Start]) -> None:
        """Annotates the graph's statements; sets the starts of nested functions."""
        for node in self.graph.nodes:
            if isinstance(node.ast_node, _DEFINITIONS):
                self._pass_to_nested(node.ast_node, self.out[node] or (0, 0), starts)
        for stmt, before in self.graph.stmt_prev.items():
            defined, maybe_defined = self._merged(before, self.out) or (0, 0)
            anno.setanno(stmt, anno.Static.DEFINED_VARS_IN, self.names.frozenset(defined))
            anno.setanno(stmt, anno.Static.MAYBE_DEFINED_VARS_IN,
                         self.names.frozenset(maybe_defined))

    def _pass_to_nested(self, node: Any, state: _State, starts: dict[Any, _Start]) -> None:
        """Gives the functions defined by `node` (directly or as methods) the state after it."""
        if isinstance(node, gast.ClassDef):
            for stmt in node.body:
                self._pass_to_nested(stmt, state, starts)
        elif isinstance(node, _FUNCTIONS):
            local = anno.getanno(node, anno.Static.BODY_SCOPE).local_names()

            def outer(names: frozenset[QN]) -> frozenset[QN]:
                return frozenset(q for q in names if q.root not in local)

            starts[node] = _Start(outer(self.names.frozenset(state[0])),
                                  outer(self.names.frozenset(state[1])))
