r"""Control-flow graphs of functions, one node per simple statement or compound-statement test.

`build(fn)` gives the `Graph` of one function. Its nodes wrap the AST node they stand for:

- every simple statement (nested functions, classes and lambdas are single opaque nodes);
- the tests of `if`/`while` (`node.test`), the iterable of a `for` (`node.iter`, evaluated
  once), the `for` target (`node.target`, assigned at each iteration) and the `for`'s
  `anno.Basic.EXTRA_LOOP_TEST` expression when it has one;
- each `with` item, each `except` handler (which binds its name), each `match` subject,
  case pattern and guard;
- the function's parameters (`fn.args`, the entry node), and a synthetic exit node
  (`ast_node` None) that `return` and falling off the end lead to.

Inside a `try`, any statement may raise: the nodes before the `try` and every node of its body
lead to each handler and to the `finally` block, as do the nodes of the handlers and the `else`
block to the `finally` block. The edges of the nodes of the body, the handlers and the `else`
block are also in their `raising` sets: those nodes get there part way through, without
binding their targets. `return`, `break` and `continue` pass through enclosing `finally`
blocks; a `finally` block then leads to every place a jump through it was going.

>>> import gast
>>> fn = gast.parse("def f(n):\n    while n > 0:\n        n = n - 1\n    return n").body[0]
>>> for node in build(fn).nodes:
...     print(node, "->", sorted(str(successor) for successor in node.next))
(n) -> ['n > 0']
n > 0 -> ['n = n - 1', 'return n']
n = n - 1 -> ['n > 0']
return n -> ['exit']
exit -> []
"""

from __future__ import annotations

import ast
from typing import Any, cast

import gast

from autograph.pyct import anno

_FUNCTIONS = (gast.FunctionDef, gast.AsyncFunctionDef)
_BLOCKS = ("body", "handlers", "orelse", "finalbody", "cases")  # in the order of their fields
# The blocks of each kind of statement, `except` handler and match case.
_BLOCK_FIELDS = {kind: tuple(field for field in _BLOCKS if field in getattr(kind, "_fields", ()))
                 for kind in vars(gast).values()
                 if isinstance(kind, type) and issubclass(kind, gast.AST)}


class Node:
    """A CFG node: `ast_node` (None for the exit), its successors `next` and predecessors
    `prev`; `raising` holds the successors it reaches by raising part way through, without
    doing what it does (binding its targets)."""

    def __init__(self, index: int, ast_node: Any):
        self.index = index
        self.ast_node = ast_node
        self.next: set[Node] | frozenset[Node] = set()
        self.prev: set[Node] | frozenset[Node] = set()
        self.raising: set[Node] | frozenset[Node] = set()

    def __str__(self) -> str:
        if self.ast_node is None:
            return "exit"
        text = ast.unparse(gast.gast_to_ast(self.ast_node)).split("\n")[0]
        return f"({text})" if isinstance(self.ast_node, gast.arguments) else text

    def __repr__(self) -> str:
        return f"<Node {self.index}: {self}>"


class Graph:
    """The CFG of one function.

    Attributes:
        entry: the node of the function's parameters (`fn.args`), where control starts.
        exit: the synthetic node that every `return` and the end of the body lead to.
        error: the `raise` statements whose exception may leave the function uncaught.
        nodes: every node, in the order of the source (entry first, exit last).
        index: the node of each AST node that has one.
        stmt_prev: for each statement, the nodes outside it from which control enters it.
        stmt_entry: for each statement, its own nodes that control enters first.
        stmt_next: for each statement, the nodes outside it that control reaches when it
            completes without raising (after it, or where its break/continue/return leads).
    """

    def __init__(self, nodes: list[Node], error: set[Node], stmt_prev: dict, stmt_entry: dict,
                 stmt_next: dict):
        self.nodes = tuple(nodes)
        self.entry, self.exit = nodes[0], nodes[-1]
        self.error = frozenset(error)
        self.index = {n.ast_node: n for n in nodes if n.ast_node is not None}
        self.stmt_prev, self.stmt_entry, self.stmt_next = stmt_prev, stmt_entry, stmt_next

    def __repr__(self) -> str:
        return "\n".join(f"{n!r} -> {sorted(m.index for m in n.next)}" for n in self.nodes)


def build(fn: Any) -> Graph:
    """The control-flow graph of the function `fn` (a gast FunctionDef or AsyncFunctionDef).

    Raises:
        TypeError: `fn` is not a function definition.
        ValueError: a `break` or `continue` outside a loop.
    """
    if not isinstance(fn, _FUNCTIONS):
        raise TypeError(f"cfg.build takes a function definition, not {type(fn).__name__}")
    return _Builder().function(fn)


def build_all(tree: Any) -> dict[Any, Graph]:
    """The graph of every function defined in `tree` (nested ones too), outermost first."""
    graphs: dict = {}
    level = [tree]
    while level:  # breadth first, in the order of `gast.walk`, through statement blocks only
        graphs.update((node, build(node)) for node in level if isinstance(node, _FUNCTIONS))
        level = [child for node in level for child in _blocks_of(node)]
    return graphs


def _blocks_of(node: Any) -> list:
    """The statements, `except` handlers and match cases directly under `node`: the only
    places on the way to a function definition."""
    found = []
    for field in _BLOCK_FIELDS.get(type(node), _BLOCKS):
        block = getattr(node, field, None)
        if type(block) is list:  # a Lambda's or an IfExp's body is an expression
            found += block
    return found


class _Loop:
    def __init__(self):
        self.breaks: set[Node] = set()
        self.continues: set[Node] = set()


class _Finally:
    def __init__(self):
        self.sources: set[Node] = set()  # the jumps routed through the finally block
        self.kinds: set[str] = set()


class _Builder:
    def __init__(self):
        self.nodes: list[Node] = []
        self.normal: set[tuple[Node, Node]] = set()  # edges not taken by raising
        self.frames: list[_Loop | _Finally] = []  # innermost last
        self.returns: set[Node] = set()
        self.error: set[Node] = set()
        self.catching = 0  # how many enclosing try regions catch what is raised here
        self.ranges: dict[Any, tuple[int, int]] = {}  # statement -> its nodes' indices

    def function(self, fn: Any) -> Graph:
        entry = self.node(fn.args, set())
        leaves = self.block(fn.body, {entry})
        self.node(None, leaves | self.returns)
        return Graph(self.nodes, self.error, *self._statement_edges())

    def node(self, ast_node: Any, preds: set[Node]) -> Node:
        node = Node(len(self.nodes), ast_node)
        self.nodes.append(node)
        self.connect(preds, node)
        return node

    def connect(self, sources: set[Node], target: Node, normal: bool = True,
                raising: bool = False) -> None:
        for source in sources:
            cast(set, source.next).add(target)  # frozen only once the graph is built
            cast(set, target.prev).add(source)
            if normal:
                self.normal.add((source, target))
            if raising:
                cast(set, source.raising).add(target)

    # Statements: each takes the nodes that lead into it and returns those that lead on.
    def block(self, statements: list, leaves: set[Node]) -> set[Node]:
        for stmt in statements:
            start = len(self.nodes)
            visit = getattr(self, "visit_" + type(stmt).__name__, self.simple)
            leaves = visit(stmt, leaves)
            self.ranges[stmt] = (start, len(self.nodes))
        return leaves

    def simple(self, stmt: Any, leaves: set[Node]) -> set[Node]:
        return {self.node(stmt, leaves)}

    def visit_If(self, stmt: Any, leaves: set[Node]) -> set[Node]:
        test = self.node(stmt.test, leaves)
        return self.block(stmt.body, {test}) | self.block(stmt.orelse, {test})

    def visit_While(self, stmt: Any, leaves: set[Node]) -> set[Node]:
        test = self.node(stmt.test, leaves)
        loop = self._loop_body(stmt.body, {test})
        self.connect(loop.continues, test)
        return self.block(stmt.orelse, {test}) | loop.breaks

    def visit_For(self, stmt: Any, leaves: set[Node]) -> set[Node]:
        iterable = self.node(stmt.iter, leaves)
        # An iteration starts after the iterable or after the body; the target is assigned only
        # when there is an item, so the way out of the loop does not pass through it.
        extra_test = anno.getanno(stmt, anno.Basic.EXTRA_LOOP_TEST, None)
        check = self.node(extra_test, {iterable}) if extra_test is not None else None
        target = self.node(stmt.target, {check} if check else {iterable})
        loop = self._loop_body(stmt.body, {target})
        if check:
            self.connect(loop.continues, check)
            exhausted = {check}
        else:
            self.connect(loop.continues, target)
            exhausted = {iterable} | loop.continues
        return self.block(stmt.orelse, exhausted) | loop.breaks

    visit_AsyncFor = visit_For

    def _loop_body(self, body: list, leaves: set[Node]) -> _Loop:
        loop = _Loop()
        self.frames.append(loop)
        loop.continues |= self.block(body, leaves)  # the end of the body continues too
        self.frames.pop()
        return loop

    def visit_With(self, stmt: Any, leaves: set[Node]) -> set[Node]:
        for item in stmt.items:
            leaves = {self.node(item, leaves)}
        return self.block(stmt.body, leaves)

    visit_AsyncWith = visit_With

    def visit_Match(self, stmt: Any, leaves: set[Node]) -> set[Node]:
        unmatched = {self.node(stmt.subject, leaves)}  # where control is when no case matched
        out = set()
        for case in stmt.cases:
            matched = {self.node(case.pattern, unmatched)}
            if case.guard is not None:
                matched = {self.node(case.guard, matched)}
            out |= self.block(case.body, matched)
            guard_failed = matched if case.guard is not None else set()
            unmatched = guard_failed | (set() if _irrefutable(case.pattern) else unmatched)
        return out | unmatched

    def visit_Try(self, stmt: Any, leaves: set[Node]) -> set[Node]:
        final = _Finally() if stmt.finalbody else None
        if final:
            self.frames.append(final)
        self.catching += 1  # the handlers or the finally block catch what the body raises
        start = len(self.nodes)
        body_leaves = self.block(stmt.body, leaves)
        # The body's nodes may raise part way through; the nodes before the `try` lead to
        # the handlers and the finally block as they complete (the body's first raised).
        raisers = set(self.nodes[start:])
        if not final:
            self.catching -= 1
        handler_start = len(self.nodes)
        out = set()
        for handler in stmt.handlers:
            header = self.node(handler, set())
            self.connect(leaves, header, normal=False)
            self.connect(raisers, header, normal=False, raising=True)
            out |= self.block(handler.body, {header})
        out |= self.block(stmt.orelse, body_leaves)
        if not final:
            return out
        self.catching -= 1
        raisers |= set(self.nodes[handler_start:])
        self.frames.pop()
        start = len(self.nodes)
        final_leaves = self.block(stmt.finalbody, out | final.sources)
        self.connect(leaves, self.nodes[start], normal=False)
        self.connect(raisers, self.nodes[start], normal=False, raising=True)
        for kind in sorted(final.kinds):  # the jumps that went through resume from its end
            self.jump(kind, final_leaves)
        return final_leaves

    visit_TryStar = visit_Try

    def visit_Return(self, stmt: Any, leaves: set[Node]) -> set[Node]:
        self.jump("return", {self.node(stmt, leaves)})
        return set()

    def visit_Break(self, stmt: Any, leaves: set[Node]) -> set[Node]:
        self.jump("break", {self.node(stmt, leaves)})
        return set()

    def visit_Continue(self, stmt: Any, leaves: set[Node]) -> set[Node]:
        self.jump("continue", {self.node(stmt, leaves)})
        return set()

    def visit_Raise(self, stmt: Any, leaves: set[Node]) -> set[Node]:
        node = self.node(stmt, leaves)
        if not self.catching:
            self.error.add(node)
        return set()

    def jump(self, kind: str, sources: set[Node]) -> None:
        """Sends `sources` where a return, break or continue from them goes."""
        for frame in reversed(self.frames):
            if isinstance(frame, _Finally):
                frame.sources |= sources
                frame.kinds.add(kind)
                return
            if kind != "return":
                (frame.breaks if kind == "break" else frame.continues).update(sources)
                return
        if kind != "return":
            line = getattr(next(iter(sources)).ast_node, "lineno", "?")
            raise ValueError(f"'{kind}' outside a loop at line {line}")
        self.returns |= sources

    def _statement_edges(self) -> tuple[dict, dict, dict]:
        # A statement's nodes are those numbered in its range; its edges in and out are those
        # with one end outside the range.
        nodes, normal = self.nodes, self.normal
        for node in nodes:
            node.next, node.prev = frozenset(node.next), frozenset(node.prev)
            node.raising = frozenset(node.raising)
        prev, entry, after = {}, {}, {}
        for stmt, (lo, hi) in self.ranges.items():
            if hi - lo == 1:  # a single node (which never leads to itself): all its edges
                node = nodes[lo]
                prev[stmt], entry[stmt] = node.prev, frozenset([node])
                after[stmt] = frozenset([target for target in node.next
                                         if (node, target) in normal])
                continue
            inside = nodes[lo:hi]
            into = [(source, node) for node in inside for source in node.prev
                    if not lo <= source.index < hi]
            prev[stmt] = frozenset([source for source, _ in into])
            entry[stmt] = frozenset([nodes[lo]] + [node for _, node in into])
            after[stmt] = frozenset([target for node in inside for target in node.next
                                     if not lo <= target.index < hi
                                     and (node, target) in normal])
        return prev, entry, after


def _irrefutable(pattern: Any) -> bool:
    """Whether a case pattern matches every subject (`case _:`, `case x:`)."""
    if isinstance(pattern, gast.MatchAs):
        return pattern.pattern is None or _irrefutable(pattern.pattern)
    if isinstance(pattern, gast.MatchOr):
        return any(_irrefutable(p) for p in pattern.patterns)
    return False
