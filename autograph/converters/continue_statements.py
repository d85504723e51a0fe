"""`continue` becomes the end of the iteration: what it skips moves under an `if`.

Before:

    PLACEHOLDER

After:

    PLACEHOLDER

An `if` whose branch ends in `continue` takes the rest of the body into its other branch;
where that is not possible (a `continue` under an `if` that may or may not continue), a flag
`continue_`, reset at the top of each iteration, guards the rest: `if not continue_:`.
"""

from __future__ import annotations

from typing import Any

import gast

from autograph.converters import jumps
from autograph.pyct import templates
from autograph.pyct.transformer import Base, EntityContext, copy_location


class _Continues(jumps.Lowering):
    def is_jump(self, node: Any) -> bool:
        return isinstance(node, gast.Continue)


class ContinueStatements(Base):
    def __init__(self, ctx: EntityContext):
        super().__init__(ctx)
        self._flags: list[str] = []  # by depth: a loop nested in one with a flag needs another
        self._depth = 0

    def visit_While(self, node: Any) -> Any:
        return self._loop(node)

    def visit_For(self, node: Any) -> Any:
        return self._loop(node)

    def _loop(self, node: Any) -> Any:
        trial = _Continues(None)
        if not any(trial.contains(s) for s in node.body):
            return self.generic_visit(node)
        trial.block(node.body, tail=True)
        flag = self._flag() if trial.guarded else None
        self._depth += flag is not None
        node = self.generic_visit(node)
        self._depth -= flag is not None
        body = _Continues(flag).block(node.body, tail=True)
        reset = copy_location(templates.replace("flag = False", flag=flag), node) if flag else []
        node.body = reset + body or [gast.Pass()]
        return node

    def _flag(self) -> str:
        if len(self._flags) == self._depth:
            self._flags.append(self.ctx.namer.new("continue_"))
        return self._flags[self._depth]


def transform(node: Any, ctx: EntityContext) -> Any:
    return ContinueStatements(ctx).visit(node)
