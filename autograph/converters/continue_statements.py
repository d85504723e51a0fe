"""`continue` ends the iteration: what it skips moves into an `else`, or under a flag.

Before (golden/to_code/continue_guarded_by_flag.py):

    def f(n):
        total = 0
        for i in ag.range(n):
            if i % 3 == 0:
                if i % 2 == 0:
                    continue
                total += 100
            total += i
        return total

After (then control_flow converts the loop and the `if`s):

    def f(n):
        total = 0
        for i in ag.range(n):
            continue_ = False
            if i % 3 == 0:
                if i % 2 == 0:
                    continue_ = True
                else:
                    total += 100
            if not continue_:
                total += i
        return total

An `if` whose branch ends in `continue` takes what follows it into its other branch, so
`if c: continue` followed by `rest` reads `if not c: rest`, with no flag. Only where that
cannot cover everything skipped (above: `total += i`, after an `if` that may or may not
continue) a flag, reset at the top of each iteration, guards the rest: `if not continue_:`.
"""

from __future__ import annotations

from typing import Any

import gast

from autograph.converters import jumps
from autograph.pyct.transformer import EntityContext

# What the pipeline looks for before running this converter (node types, or names of
# variables and attributes; see transpiler.py). Its output is scanned again afterwards.
TRIGGERS = frozenset({gast.Continue})


class _Continues(jumps.Lowering):
    def is_jump(self, node: Any) -> bool:
        return isinstance(node, gast.Continue)


class ContinueStatements(jumps.LoopFlags):
    FLAG = "continue_"

    def _loop(self, node: Any) -> Any:
        trial = _Continues(None)
        if not any(trial.contains(s) for s in node.body):
            return self.generic_visit(node)
        trial.block(node.body)  # only to learn whether a guard is needed
        flag = self._flag() if trial.guarded else None
        with self.inside(flag):
            node = self.generic_visit(node)
        body = _Continues(flag).block(node.body, tail=True)
        reset = jumps.generated("flag = False", node, flag=flag) if flag else []
        node.body = reset + body or jumps.pass_at(node)
        return node


def transform(node: Any, ctx: EntityContext) -> Any:
    return ContinueStatements(ctx).visit(node)
