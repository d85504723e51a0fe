"""`l.append(x)` and `l.pop()` on a local list become assignments of `ag__` list operators.

Before (golden/to_code/list_append_in_tensor_loop.py):

    def f(xs):
        doubled = []
        for x in xs:
            doubled.append(x * 2.0)
        return len(doubled)

After this converter (control_flow then turns the loop into `ag__.for_stmt`):

    def f(xs):
        doubled = []
        for x in xs:
            doubled = ag__.list_append(doubled, x * 2.0)
        return len(doubled)

Written as an assignment, the list is a variable the loop changes, so it is part of the
loop's state; in a loop over tensors it then becomes a TensorArray (`ag__.list_append` writes
to it). Appends outside loops are rewritten too, since after a graph loop the list may be a
TensorArray. The forms rewritten are statements on a plain local name:

    l.append(x)       ->  l = ag__.list_append(l, x)
    v = l.pop()       ->  l, v = ag__.list_pop(l)        (also `l.pop(i)`)
    l.pop()           ->  l, _ = ag__.list_pop(l)

Calls on attributes (`self.items.append(x)`), on names that are not local to the function
(globals, closure variables), and pops inside larger expressions stay as they are: they work
on Python lists, not in graph loops.
"""

from __future__ import annotations

from typing import Any

import gast

from autograph.pyct import templates, traversal
from autograph.pyct.transformer import EntityContext, StatementTransformer, copy_location

# What the pipeline looks for before running this converter (node types, or names of
# variables and attributes; see transpiler.py), and what the code it writes may add.
TRIGGERS = frozenset({"append", "pop"})
PRODUCES = frozenset({gast.Assign, gast.Call, gast.Attribute, gast.Tuple})


class Lists(StatementTransformer):
    def __init__(self, ctx: EntityContext):
        super().__init__(ctx)
        self.locals: list[set[str]] = []  # local names of the enclosing functions

    def visit_FunctionDef(self, node: Any) -> Any:
        self.locals.append(traversal.local_names(node))
        self.generic_visit(node)
        self.locals.pop()
        return node

    def visit_Expr(self, node: Any) -> Any:
        call = node.value
        if self._list_method(call, "append", 1):
            new = templates.replace("list_ = ag__.list_append(list_, x)",
                                    list_=call.func.value.id, x=call.args[0])
            return copy_location(new, node)
        if self._list_method(call, "pop", 0, 1):
            return copy_location(self._pop(call, self._discarded()), node)
        return self.generic_visit(node)

    def visit_Assign(self, node: Any) -> Any:
        if len(node.targets) == 1 and self._list_method(node.value, "pop", 0, 1):
            return copy_location(self._pop(node.value, node.targets[0]), node)
        return self.generic_visit(node)

    def _pop(self, call: Any, target: Any) -> list[Any]:
        list_ = call.func.value.id
        if call.args:
            return templates.replace("list_, target = ag__.list_pop(list_, i)", list_=list_,
                                     target=target, i=call.args[0])
        return templates.replace("list_, target = ag__.list_pop(list_)", list_=list_,
                                 target=target)

    def _list_method(self, call: Any, method: str, *arg_counts: int) -> bool:
        """Whether `call` is `name.method(...)` with a local `name` and plain arguments."""
        return (isinstance(call, gast.Call) and isinstance(call.func, gast.Attribute)
                and call.func.attr == method and isinstance(call.func.value, gast.Name)
                and bool(self.locals) and call.func.value.id in self.locals[-1]
                and len(call.args) in arg_counts and not call.keywords
                and not any(isinstance(a, gast.Starred) for a in call.args))

    def _discarded(self) -> str:
        """`_` for a popped value nobody reads, unless the function uses `_` itself."""
        return "_" if "_" not in self.ctx.namer.taken else self.ctx.namer.new("popped")


def transform(node: Any, ctx: EntityContext) -> Any:
    return Lists(ctx).visit(node)
