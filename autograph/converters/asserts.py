"""`assert` statements become `ag__.assert_stmt`, which checks tensors when the graph runs.

Before:

    assert x > 0, "x must be positive"

After:

    ag__.assert_stmt(x > 0, lambda: 'x must be positive')

The message stays lazy, as in Python; without one the second argument is None.
"""

from __future__ import annotations

from typing import Any

import gast

from autograph.pyct import templates
from autograph.pyct.transformer import Base, EntityContext, copy_location

# What the pipeline looks for before running this converter (node types, or names of
# variables and attributes; see transpiler.py). Its output is scanned again afterwards.
TRIGGERS = frozenset({gast.Assert})


class Asserts(Base):
    def visit_Assert(self, node: Any) -> Any:
        self.generic_visit(node)
        if node.msg is None:
            message = gast.Constant(value=None, kind=None)
            new = templates.replace("ag__.assert_stmt(test, message)", test=node.test,
                                    message=message)
        else:
            new = templates.replace("ag__.assert_stmt(test, lambda: message)", test=node.test,
                                    message=node.msg)
        return copy_location(new, node)


def transform(node: Any, ctx: EntityContext) -> Any:
    return Asserts(ctx).visit(node)
