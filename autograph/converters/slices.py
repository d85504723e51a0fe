"""`ta[i]` on a TensorArray `ta` becomes `ag__.get_item(ta, i)`, which reads element `i`.

Before (golden/to_code/tensor_array_read.py):

    def f(xs):
        squares = ag.TensorArray(ag.float32, size=ag.size(xs))
        for i in ag.range(ag.size(xs)):
            squares = squares.write(i, xs[i] * xs[i])
        total = 0.0
        for i in ag.range(ag.size(xs)):
            total += squares[i]
        return total

After this converter (control_flow then turns the loops into `ag__.for_stmt`):

    ...
        for i in ag.range(ag.size(xs)):
            squares = squares.write(i, xs[i] * xs[i])
        ...
            total += ag__.get_item(squares, i)

A TensorArray has no `[]`; `ag__.get_item(x, i)` is `x.read(i)` for a TensorArray and `x[i]`
for anything else. So that generated code keeps plain `x[i]` wherever it can, only reads of
names that may hold a TensorArray are rewritten, by this rule: a name assigned, anywhere in the
function (or a function it is nested in), the value of a call `TensorArray(...)` or
`<anything>.TensorArray(...)`, or of a `<anything>.write(...)` call. Only single-name targets
count (`ta = ...`, `ta: T = ...`); reads with a slice (`ta[1:3]`) and writes (`ta[i] = v`)
stay as they are, since a TensorArray supports neither. Lists that become TensorArrays in a
graph loop (see `ag__.list_append`) are not covered: read them after the loop with `.stack()`.
"""

from __future__ import annotations

from typing import Any

import gast

from autograph.pyct import templates
from autograph.pyct.transformer import Base, EntityContext, copy_location

# What the pipeline looks for before running this converter (node types, or names of
# variables and attributes; see transpiler.py), and what the code it writes may add.
TRIGGERS = frozenset({"TensorArray", "write"})
PRODUCES = frozenset({gast.Call, gast.Attribute})

_MAKERS = ("TensorArray", "write")  # calls whose value may be a TensorArray


class Slices(Base):
    def __init__(self, ctx: EntityContext):
        super().__init__(ctx)
        self.arrays: list[set[str]] = []  # names that may hold a TensorArray, per function

    def visit_FunctionDef(self, node: Any) -> Any:
        inherited = self.arrays[-1] if self.arrays else set()
        self.arrays.append(inherited | _array_names(node.body))
        self.generic_visit(node)
        self.arrays.pop()
        return node

    def visit_Subscript(self, node: Any) -> Any:
        self.generic_visit(node)
        if (isinstance(node.ctx, gast.Load) and isinstance(node.value, gast.Name)
                and self.arrays and node.value.id in self.arrays[-1]
                and not any(isinstance(n, gast.Slice) for n in gast.walk(node.slice))):
            new = templates.replace_as_expression("ag__.get_item(target, key)",
                                                  target=node.value, key=node.slice)
            return copy_location(new, node)
        return node


def _array_names(body: list) -> set[str]:
    """Names in `body` (not in functions nested in it) assigned a TensorArray maker's value."""
    names, pending = set(), list(body)
    while pending:
        node = pending.pop()
        if isinstance(node, (gast.FunctionDef, gast.AsyncFunctionDef, gast.Lambda,
                             gast.ClassDef)):
            continue
        targets = (node.targets if isinstance(node, gast.Assign) else
                   [node.target] if isinstance(node, gast.AnnAssign) else [])
        if len(targets) == 1 and isinstance(targets[0], gast.Name) and _makes_array(node.value):
            names.add(targets[0].id)
        pending.extend(gast.iter_child_nodes(node))
    return names


def _makes_array(value: Any) -> bool:
    if not isinstance(value, gast.Call):
        return False
    func = value.func
    name = func.id if isinstance(func, gast.Name) else (
        func.attr if isinstance(func, gast.Attribute) else None)
    return name in _MAKERS and (name != "write" or isinstance(func, gast.Attribute))


def transform(node: Any, ctx: EntityContext) -> Any:
    return Slices(ctx).visit(node)
