r"""Liveness: which names may still be read after each statement.

A name is live at a point when some path from there reads it before rebinding it. `resolve`
(after `activity.resolve`) computes this backwards over each function's CFG and annotates
every statement with LIVE_VARS_IN (live when control enters it) and LIVE_VARS_OUT (live when
it completes: for a compound statement, after the whole statement). The state of an
`if`/`while`/`for` is what it modifies that is live after it.

Names that outlive the function are live at its end: its `global` and `nonlocal` names, and
its names that a nested function or lambda reads (it may be called later), unless the lambda is
marked `Basic.CALLED_IN_PLACE`, or is defined in an `if`/`while`/`for` that assigns the name
(converted, it reads the name from that statement's body function). Rebinding `a` or `i`
kills `a.b` and `a[i]` too.

>>> import gast
>>> from autograph.pyct import anno, qual_names
>>> from autograph.pyct.static_analysis import activity
>>> src = "def f(x):\n    s = 0\n    for i in x:\n        s = s + i\n        t = i\n    return s"
>>> fn = resolve(activity.resolve(qual_names.resolve(gast.parse(src)))).body[0]
>>> sorted(map(str, anno.getanno(fn.body[1], anno.Static.LIVE_VARS_OUT)))
['s']
>>> sorted(map(str, anno.getanno(fn.body[1].body[0], anno.Static.LIVE_VARS_IN)))
['i', 's']
"""

from __future__ import annotations

from typing import Any

import gast

from autograph.pyct import anno, cfg
from autograph.pyct.qual_names import QN
from autograph.pyct.static_analysis import bitsets


def resolve(tree: Any, graphs: dict[Any, cfg.Graph] | None = None) -> Any:
    """Annotates the statements of every function in `tree` with liveness; returns `tree`.

    Args:
        tree: a gast tree already annotated by `activity.resolve`.
        graphs: the CFGs of its functions (`cfg.build_all(tree)`), built here if not given.
    """
    graphs = cfg.build_all(tree) if graphs is None else graphs
    for fn, graph in graphs.items():
        names = bitsets.Universe()  # the sets of names below are masks of these
        live_in = _solve(graph, names, names.mask(_outliving(fn)))
        for stmt, after in graph.stmt_next.items():
            entry = graph.stmt_entry[stmt]
            anno.setanno(stmt, anno.Static.LIVE_VARS_IN, names.frozenset(_union(live_in, entry)))
            anno.setanno(stmt, anno.Static.LIVE_VARS_OUT, names.frozenset(_union(live_in, after)))
    return tree


def _solve(graph: cfg.Graph, names: bitsets.Universe, outliving: int) -> dict[cfg.Node, int]:
    """The names live on entry to each node, to a fixed point: a worklist of the nodes whose
    successors changed, from the exit backwards."""
    read, killed = _read_and_killed(graph, names)
    ends = graph.error | {graph.exit}
    live_in = dict.fromkeys(graph.nodes, 0)
    pending = list(graph.nodes)  # popped from the end: the exit first
    queued = set(pending)
    while pending:
        node = pending.pop()
        queued.remove(node)
        live_out = outliving if node in ends else 0
        for successor in node.next:
            live_out |= live_in[successor]
        # A node that raises part way through binds nothing: what a handler or finally
        # block reads is live before it too.
        raised = 0
        for successor in node.raising:
            raised |= live_in[successor]
        new = read[node] | (live_out & ~killed[node]) | raised
        if new != live_in[node]:
            live_in[node] = new
            for predecessor in node.prev:
                if predecessor not in queued:
                    queued.add(predecessor)
                    pending.append(predecessor)
    return live_in


def _read_and_killed(graph: cfg.Graph, names: bitsets.Universe) -> tuple[dict, dict]:
    """The names each node reads, and those it kills: rebinding `a` kills `a.b` and `x[a]`."""
    scopes = {node: anno.getanno(node.ast_node, anno.Static.SCOPE)
              for node in graph.nodes if node.ast_node is not None}
    read = dict.fromkeys(graph.nodes, 0)
    for node, scope in scopes.items():
        read[node] = names.mask(scope.read)
    stale = bitsets.stale_after_binding(names)  # all the names that can be live are in
    killed = dict.fromkeys(graph.nodes, 0)
    for node, scope in scopes.items():
        for qn in scope.modified:
            killed[node] |= stale.get(qn, 0)
    return read, killed


def _outliving(fn: Any) -> frozenset[QN]:
    """The names of `fn` that must keep their values when it ends (see the module doc)."""
    body = anno.getanno(fn, anno.Static.BODY_SCOPE)
    local = body.local_names()
    captured: set[QN] = set()
    if body.nested:
        nested = {id(scope) for scope in body.nested}
        for child in fn.body:
            _captures(child, frozenset(), nested, local, captured)
    return body.globals | body.nonlocals | frozenset(captured)


def _captures(node: Any, assigned: frozenset, nested: set[int], local: frozenset,
              captured: set[QN]) -> None:
    """Adds to `captured` the names of the function that the nested functions under `node`
    read. A name that an `if`, `while` or `for` around the nested function assigns is left
    out: converted, that statement's bodies are functions of their own, whose local the
    nested function reads (`assigned` holds those names, simple names as text)."""
    kind = type(node)
    if kind is gast.FunctionDef or kind is gast.Lambda:
        scope = anno.getanno(node, anno.Static.BODY_SCOPE, None)
        if scope is not None and id(scope) in nested:
            captured.update(q for q in scope.free_reads()
                            if q.root in local and str(q.root) not in assigned)
        for part in (node.args.defaults, node.args.kw_defaults,
                     getattr(node, "decorator_list", ())):
            for child in part:
                if child is not None:
                    _captures(child, assigned, nested, local, captured)
        return
    inside = assigned
    if kind is gast.If or kind is gast.While or kind is gast.For:
        inside = assigned | _assigned_by(node)
    for field, value in gast.iter_fields(node):
        block = inside if field in ("body", "orelse") and kind in _CONTROL_FLOW else assigned
        for child in value if isinstance(value, list) else (value,):
            if isinstance(child, gast.AST):
                _captures(child, block, nested, local, captured)


_CONTROL_FLOW = (gast.If, gast.While, gast.For)


def _assigned_by(node: Any) -> frozenset[str]:
    """The simple names a control-flow statement binds in its bodies (and as its target)."""
    names: set = set()
    for key in (anno.Static.BODY_SCOPE, anno.Static.ORELSE_SCOPE):
        scope = anno.getanno(node, key, None)
        if scope is not None:
            names.update(str(q) for q in scope.modified if q.is_simple)
    if type(node) is gast.For:
        names.update(n.id for n in gast.walk(node.target) if type(n) is gast.Name)
    return frozenset(names)


def _union(live_in: dict[cfg.Node, int], nodes: frozenset[cfg.Node]) -> int:
    union = 0
    for node in nodes:
        union |= live_in[node]
    return union
