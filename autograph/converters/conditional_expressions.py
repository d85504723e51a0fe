"""Conditional expressions `a if cond else b` become `ag__.if_exp` with lazy branches.

Before:

    y = x if x > 0 else -x

After:

    y = ag__.if_exp(x > 0, lambda: x, lambda: -x, 'x if x > 0 else -x')

Only the chosen branch is evaluated for a Python condition; a tensor condition builds a cond.
A branch holding a `:=` (`(y := f(x)) if c else 0`) would bind `y` inside its lambda, not in
the function, so such an expression stays as written: Python's meaning, and a clear error if
its condition is a tensor in a graph.
"""

from __future__ import annotations

from typing import Any

import gast

from autograph.pyct import anno, templates, traversal
from autograph.pyct.loader import unparse
from autograph.pyct.transformer import EntityContext, copy_location

# What the pipeline looks for before running this converter (node types, or names of
# variables and attributes; see transpiler.py), and what the code it writes may add.
TRIGGERS = frozenset({gast.IfExp})
PRODUCES = frozenset({gast.Call, gast.Attribute, gast.Lambda, gast.Constant})


def _if_exp(node: Any, text: str) -> Any:
    new = templates.replace_as_expression(
        "ag__.if_exp(test, lambda: body, lambda: orelse, text)", test=node.test,
        body=node.body, orelse=node.orelse, text=gast.Constant(value=text, kind=None))
    for operand in new.args[1:3]:  # called by ag__.if_exp at once: nothing to keep alive
        anno.setanno(operand, anno.Basic.CALLED_IN_PLACE, True)
    return copy_location(new, node)


def transform(node: Any, ctx: EntityContext) -> Any:
    found = traversal.find(node, {gast.IfExp})
    texts = [unparse(if_exp) for _, if_exp in found]  # as written, before any is converted
    for (parent, if_exp), text in reversed(list(zip(found, texts))):
        if not (traversal.binds_a_name(if_exp.body) or traversal.binds_a_name(if_exp.orelse)):
            traversal.replace_child(parent, if_exp, _if_exp(if_exp, text))
    return node
