"""`and`, `or` and `not` become `ag__.and_`, `ag__.or_`, `ag__.not_`, keeping laziness.

Before:

    if x > 0 and y > 0 or not done:
        ...

After:

    if ag__.or_(ag__.and_(x > 0, lambda: y > 0), lambda: ag__.not_(done)):
        ...

Operands after the first become lambdas, so they are evaluated only when Python would
evaluate them; on tensors the operators build logical ops. A chained comparison is the `and`
Python makes of it: `a < b < c` becomes `ag__.and_(a < b, lambda: b < c)` (as TensorFlow
converts it), where each middle operand is a name or a constant, which reading twice does not
change; other chains stay as written. So does an operation whose lazy operands hold a `:=`
(`ok and (y := f(x))`): in a lambda it would bind `y` there, not in the function.
"""

from __future__ import annotations

from typing import Any

import gast

from autograph.pyct import templates, traversal
from autograph.pyct.features import Feature
from autograph.pyct.transformer import EntityContext, copy_location

# What the pipeline looks for before running this converter (node types, or names of
# variables and attributes; see transpiler.py), and what the code it writes may add.
TRIGGERS = frozenset({gast.BoolOp, gast.Not, gast.Compare})
PRODUCES = frozenset({gast.Call, gast.Attribute, gast.Lambda, gast.Constant})

_OPERATOR = {gast.And: "ag__.and_", gast.Or: "ag__.or_"}
_EQUALITY = {gast.Eq: "ag__.eq", gast.NotEq: "ag__.not_eq"}  # with Feature.EQUALITY_OPERATORS


def _bool_op(node: Any) -> Any:
    operator = _OPERATOR[type(node.op)]
    result = node.values[-1]
    for value in reversed(node.values[:-1]):
        result = templates.replace_as_expression(
            f"{operator}(a, lambda: b)", a=value, b=result)
    return copy_location(result, node)


def _chain(node: Any, equality: bool) -> Any:
    """`a < b < c` as `ag__.and_(a < b, lambda: b < c)`."""
    lefts = [node.left] + node.comparators[:-1]
    links = [_link(gast.Compare(left=left, ops=[op], comparators=[right]), equality)
             for left, op, right in zip(lefts, node.ops, node.comparators)]
    result = links[-1]
    for link in reversed(links[:-1]):
        result = templates.replace_as_expression("ag__.and_(a, lambda: b)", a=link, b=result)
    return copy_location(result, node)


def _link(node: Any, equality: bool) -> Any:
    """`a == b` as `ag__.eq(a, b)` and `a != b` as `ag__.not_eq(a, b)` when `equality`."""
    function = _EQUALITY.get(type(node.ops[0])) if equality and len(node.ops) == 1 else None
    if function is None:
        return node
    return copy_location(templates.replace_as_expression(
        f"{function}(a, b)", a=node.left, b=node.comparators[0]), node)


def _chained(node: Any) -> bool:
    return len(node.ops) > 1 and all(
        isinstance(middle, (gast.Name, gast.Constant)) for middle in node.comparators[:-1]
    ) and not traversal.binds_a_name(node.comparators[-1])


def _not(node: Any) -> Any:
    return copy_location(templates.replace_as_expression("ag__.not_(a)", a=node.operand), node)


def transform(node: Any, ctx: EntityContext) -> Any:
    equality = ctx.options.uses(Feature.EQUALITY_OPERATORS)
    for parent, operation in reversed(traversal.find(node, {gast.BoolOp, gast.UnaryOp,
                                                            gast.Compare})):
        if type(operation) is gast.Compare:
            new = _chain(operation, equality) if _chained(operation) else _link(operation,
                                                                                 equality)
            if new is not operation:
                traversal.replace_child(parent, operation, new)
        elif type(operation) is gast.BoolOp:
            if not any(traversal.binds_a_name(value) for value in operation.values[1:]):
                traversal.replace_child(parent, operation, _bool_op(operation))
        elif type(operation.op) is gast.Not:
            traversal.replace_child(parent, operation, _not(operation))
    return node
