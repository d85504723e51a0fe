"""`break` becomes a flag that stops the loop; `for ... else` and `while ... else` become the
loop followed by its `else` block.

Before:

    PLACEHOLDER

After:

    PLACEHOLDER

The flag is set where the `break` was; what the `break` skipped runs only while it is not
set (see `jumps`); `while test:` becomes `while not break_ and test:` (the flag first, so
that the test is not evaluated again after a `break`, as in Python), and a `for` loop gets
`not break_` as its extra test (`ag__.for_stmt(..., extra_test=...)`). The `else` block runs
after the loop under `if not break_:`, or unguarded when the loop has no `break`.
"""

from __future__ import annotations

from typing import Any

import gast

from autograph.converters import jumps
from autograph.pyct import templates
from autograph.pyct.transformer import Base, EntityContext, copy_location


class _Breaks(jumps.Lowering):
    def is_jump(self, node: Any) -> bool:
        return isinstance(node, gast.Break)


class BreakStatements(Base):
    def __init__(self, ctx: EntityContext):
        super().__init__(ctx)
        self._flags: list[str] = []  # by depth: a loop nested in one with a flag needs another
        self._depth = 0

    def visit_While(self, node: Any) -> Any:
        return self._loop(node)

    def visit_For(self, node: Any) -> Any:
        return self._loop(node)

    def _loop(self, node: Any) -> Any:
        flag = self._flag() if any(_Breaks(None).contains(s) for s in node.body) else None
        self._depth += flag is not None
        node = self.generic_visit(node)  # inner loops first: their `else` joins this body
        self._depth -= flag is not None
        orelse, node.orelse = node.orelse, []
        if flag is None:
            return [node] + orelse
        node.body = _Breaks(flag).block(node.body)
        jumps.stop_when(node, flag)
        before = templates.replace("flag = False", flag=flag)
        after = templates.replace("if not flag:\n    orelse", flag=flag,
                                  orelse=orelse) if orelse else []
        return copy_location(before, node) + [node] + copy_location(after, orelse[:1] or node)

    def _flag(self) -> str:
        if len(self._flags) == self._depth:
            self._flags.append(self.ctx.namer.new("break_"))
        return self._flags[self._depth]


def transform(node: Any, ctx: EntityContext) -> Any:
    return BreakStatements(ctx).visit(node)
