"""`ag.autograph.experimental.set_loop_options(...)` in a loop body becomes the loop's options.

Before (golden/to_code/loop_options.py):

    def f(n):
        x = ag.zeros([0])
        i = 0
        while i < n:
            ag.autograph.experimental.set_loop_options(
                shape_invariants=[(x, ag.TensorShape([None]))], maximum_iterations=3)
            x = ag.concat([x, [1.0]], 0)
            i += 1
        return x

After (then control_flow converts the loop and passes the options on):

    ... ag__.while_stmt(loop_test, loop_body, (i, x), ('i', 'x'),
                        opts={'shape_invariants': [('x', ag.TensorShape([None]))],
                              'maximum_iterations': 3})

The call is recognised by what it refers to in the function's namespace (or, converting a
file from its source alone, by the dotted name it was imported as), so any import of it
works; it leaves the body, and its keyword arguments are evaluated once, before the loop. A
variable named in `shape_invariants` is passed by name, so that the loop matches it whatever
its value was when the options were read.
"""

from __future__ import annotations

from typing import Any

import gast

from autograph.impl import directives
from autograph.pyct import anno
from autograph.pyct.transformer import Base, EntityContext

# What the pipeline looks for before running this converter (node types, or names of
# variables and attributes; see transpiler.py). Its output is scanned again afterwards.
TRIGGERS = frozenset({"set_loop_options"})


class Directives(Base):
    def visit_While(self, node: Any) -> Any:
        self.generic_visit(node)
        kept, options = [], {}
        for statement in node.body:
            call = self._directive(statement)
            if call is None:
                kept.append(statement)
                continue
            if call.args:
                raise self.error(call, "set_loop_options takes keyword arguments only, "
                                       "e.g. set_loop_options(maximum_iterations=10).")
            for keyword in call.keywords:
                options[keyword.arg] = _by_name(keyword.arg, keyword.value)
        if options:
            node.body = kept or [gast.Pass()]
            anno.setanno(node, anno.Basic.DIRECTIVES, options)
        return node

    visit_For = visit_While

    def _directive(self, statement: Any) -> Any:
        """The `set_loop_options(...)` call that `statement` is, if it is one."""
        if not (isinstance(statement, gast.Expr) and isinstance(statement.value, gast.Call)):
            return None
        target = _resolve(statement.value.func, self.ctx.namespace)
        if target is directives.set_loop_options or _names_the_directive(target):
            return statement.value
        return None


def _resolve(expr: Any, namespace: Any) -> Any:
    """The object a name or attribute chain refers to in `namespace`, or None."""
    if isinstance(expr, gast.Name):
        return namespace.get(expr.id)
    if isinstance(expr, gast.Attribute):
        owner = _resolve(expr.value, namespace)
        return getattr(owner, expr.attr, None) if owner is not None else None
    return None


def _names_the_directive(target: Any) -> bool:
    """Whether `target` stands for `set_loop_options` in a file converted from its source
    alone, where imported names are stand-ins known by their dotted names (`static`)."""
    return getattr(target, "__name__", None) == "set_loop_options" and str(
        getattr(target, "__module__", "")).startswith("autograph.")


def _by_name(option: str, value: Any) -> Any:
    """`shape_invariants=[(x, shape)]` with each plain variable given as its name, `'x'`."""
    if option != "shape_invariants" or not isinstance(value, (gast.List, gast.Tuple)):
        return value
    for pair in value.elts:
        if isinstance(pair, gast.Tuple) and pair.elts and isinstance(pair.elts[0], gast.Name):
            pair.elts[0] = gast.Constant(value=pair.elts[0].id, kind=None)
    return value


def transform(node: Any, ctx: EntityContext) -> Any:
    return Directives(ctx).visit(node)
