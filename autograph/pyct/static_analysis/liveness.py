r"""Liveness: which names may still be read after each statement.

A name is live at a point when some path from there reads it before rebinding it. `resolve`
(after `activity.resolve`) computes this backwards over each function's CFG and annotates
every statement with LIVE_VARS_IN (live when control enters it) and LIVE_VARS_OUT (live when
it completes: for a compound statement, after the whole statement). The state of an
`if`/`while`/`for` is what it modifies that is live after it.

Names that outlive the function are live at its end: its `global` and `nonlocal` names, and
its names that a nested function or lambda reads (it may be called later). Rebinding `a` or `i`
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


def resolve(tree: Any, graphs: dict[Any, cfg.Graph] | None = None) -> Any:
    """Annotates the statements of every function in `tree` with liveness; returns `tree`.

    Args:
        tree: a gast tree already annotated by `activity.resolve`.
        graphs: the CFGs of its functions (`cfg.build_all(tree)`), built here if not given.
    """
    graphs = cfg.build_all(tree) if graphs is None else graphs
    for fn, graph in graphs.items():
        live_in = _solve(graph, _outliving(fn))
        for stmt, after in graph.stmt_next.items():
            entry = graph.stmt_entry[stmt]
            anno.setanno(stmt, anno.Static.LIVE_VARS_IN, _union(live_in[n] for n in entry))
            anno.setanno(stmt, anno.Static.LIVE_VARS_OUT, _union(live_in[n] for n in after))
    return tree


def _solve(graph: cfg.Graph, outliving: frozenset[QN]) -> dict[cfg.Node, frozenset[QN]]:
    """The names live on entry to each node, iterated to a fixed point."""
    live_in = {node: frozenset() for node in graph.nodes}
    changed = True
    while changed:
        changed = False
        for node in reversed(graph.nodes):
            out = _union(live_in[n] for n in node.next)
            if node is graph.exit or node in graph.error:
                out |= outliving
            new = _transfer(node, out)
            if new != live_in[node]:
                live_in[node], changed = new, True
    return live_in


def _transfer(node: cfg.Node, live_out: frozenset[QN]) -> frozenset[QN]:
    if node.ast_node is None:
        return live_out
    scope = anno.getanno(node.ast_node, anno.Static.SCOPE)
    killed = scope.modified
    survivors = (q for q in live_out if q not in killed and not q.dependencies & killed)
    return frozenset(scope.read).union(survivors)


def _outliving(fn: Any) -> frozenset[QN]:
    """The names of `fn` that must keep their values when it ends (see the module doc)."""
    body = anno.getanno(fn, anno.Static.BODY_SCOPE)
    local = body.local_names()
    captured = set()
    for nested in _nested_scopes(fn.body):
        captured |= {q for q in nested.free_reads() if q.root in local}
    return body.globals | body.nonlocals | frozenset(captured)


def _nested_scopes(statements: list) -> list[Any]:
    """The BODY_SCOPEs of the functions, lambdas and classes defined directly in a body."""
    found, todo = [], list(statements)
    while todo:
        node = todo.pop()
        if isinstance(node, (gast.FunctionDef, gast.AsyncFunctionDef, gast.Lambda,
                             gast.ClassDef)):
            found.append(anno.getanno(node, anno.Static.BODY_SCOPE))
            continue  # its own nested functions are counted in its free reads
        todo.extend(gast.iter_child_nodes(node))
    return found


def _union(sets: Any) -> frozenset[QN]:
    result: frozenset[QN] = frozenset()
    for s in sets:
        result |= s
    return result
