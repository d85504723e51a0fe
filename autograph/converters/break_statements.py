"""`break` becomes a flag that stops the loop; `for ... else` and `while ... else` become the
loop followed by their `else` block.

Before (golden/to_code/while_else_with_break.py):

    def f(n):
        d = 2
        while d * d <= n:
            if n % d == 0:
                break
            d += 1
        else:
            d = n
        return d

After (then control_flow converts the loop and the `if`s):

    def f(n):
        d = 2
        break_ = False
        while not break_ and d * d <= n:
            if n % d == 0:
                break_ = True
            else:
                d += 1
        if not break_:
            d = n
        return d

A `while` whose test binds a name (`while (j := i * 2) < n:`) keeps its test a test: the
test's value goes in a variable assigned before the loop and again at the end of the body
(`test_ = (j := i * 2) < n`, `while test_:`), so that the body, which reads the name, sees it
bound, and a tensor test makes one graph loop from the start. Python evaluates the test at the
same points: before each iteration, not after a `break` or `return`. A body with a `continue`,
which would skip that assignment, instead becomes `while True:` whose body starts with
`if not test:`, the `else` block and a `break`.

The flag is set where the `break` was, and what the `break` skips does not run (see `jumps`:
here `d += 1` moves into an `else`). `while test:` becomes `while not break_ and test:`, the
flag first so that the test is not evaluated again after a `break`, as in Python; a `for` loop
gets `not break_` as its extra test (`ag__.for_stmt(..., extra_test=...)`). The `else` block
runs after the loop, under `if not break_:` when the loop has a `break`.
"""

from __future__ import annotations

import copy
from typing import Any

import gast

from autograph.converters import jumps
from autograph.pyct import traversal
from autograph.pyct.transformer import EntityContext

# What the pipeline looks for before running this converter (node types, or names of
# variables and attributes; see transpiler.py). Its output is scanned again afterwards.
LOOP_ELSE = "loop-else"  # the inventory's mark for a `for` or `while` with an `else`
TRIGGERS = frozenset({gast.Break, LOOP_ELSE, gast.NamedExpr})


class _Breaks(jumps.Lowering):
    def is_jump(self, node: Any) -> bool:
        return isinstance(node, gast.Break)


class _Continues(jumps.Lowering):
    def is_jump(self, node: Any) -> bool:
        return isinstance(node, gast.Continue)


class BreakStatements(jumps.LoopFlags):
    FLAG = "break_"

    def _loop(self, node: Any) -> Any:
        first: list = []
        if isinstance(node, gast.While) and traversal.binds_a_name(node.test):
            if any(_Continues(None).contains(s) for s in node.body):
                node = _test_in_body(node)
            else:
                first, node = _test_rotated(node, self.ctx.namer.new("test_"))
        flag = self._flag() if any(_Breaks(None).contains(s) for s in node.body) else None
        with self.inside(flag):
            node = self.generic_visit(node)  # inner loops first: their `else` joins this body
        orelse, node.orelse = node.orelse, []
        if flag is None:
            return first + [node] + orelse
        node.body = _Breaks(flag).block(node.body)
        jumps.stop_when(node, flag)
        before = jumps.generated("flag = False", node, flag=flag)
        after = jumps.generated("if not flag:\n    orelse", orelse[0], flag=flag,
                                orelse=orelse) if orelse else []
        return before + first + [node] + after


def _test_in_body(node: Any) -> Any:
    """`while test: body else: orelse` as `while True:` whose body first runs
    `if not test: orelse; break`: a name the test binds is then bound in the body, where the
    body (a function, once converted) reads it."""
    [loop] = jumps.generated("while True:\n    if not test:\n        orelse\n        break\n"
                             "    body", node, test=node.test, orelse=node.orelse or [],
                             body=node.body)
    return loop


def _test_rotated(node: Any, name: str) -> tuple[list, Any]:
    """`while test: body else: orelse` as `name = test` followed by `while name: body;
    name = test else: orelse`: the names the test binds are bound before each iteration."""
    first = jumps.generated("name = test", node, name=name, test=node.test)
    [loop] = jumps.generated("while name:\n    body\n    name = test", node, name=name,
                             body=node.body, test=copy.deepcopy(node.test))
    loop.orelse = node.orelse
    return first, loop


def transform(node: Any, ctx: EntityContext) -> Any:
    return BreakStatements(ctx).visit(node)
