"""Comprehensions become explicit loops, which the later converters turn into graph loops.

Before (golden/to_code/list_comprehension.py):

    def f(xs):
        squares = [x * x for x in xs if x > 0]
        return squares

After this converter (lists and control_flow then convert the `append` and the loop):

    def f(xs):
        squares = []
        for x in xs:
            if x > 0:
                squares.append(x * x)
        return squares

Rewritten, when the comprehension is the whole value of an assignment or a `return`, so that
moving its loop before the statement changes no order of evaluation:

    t = [e for x in xs if c]     ->  t = []; for x in xs: if c: t.append(e)
    t = {e for ...}              ->  t = set(); ... t.add(e)
    t = {k: v for ...}           ->  t = {}; ... t[k] = v
    t = sum(e for x in xs)       ->  t = 0; for x in xs: t = t + e   (also sum(g, start))

The result is built in the assigned name when that is a plain name the comprehension does not
read, no nested function reads, and no `try` or `with` holds (where an error half-way could
leave it half-made; Python binds it once the value is whole), else in a fresh `result_`.
In `target op= value`, which reads its target first, the loop goes before the statement only
where nothing in the value can change what the target reads: no `:=`; for a name target, no
function here declaring it `global` or `nonlocal`; for an item or attribute target, no call
of user code; and no call of user code in the target itself.

A comprehension variable whose name the function uses elsewhere is renamed (`x_1`), as it is
local to the comprehension in Python. Comprehensions nested in the value of an assignment, an
augmented assignment or a `return` are rewritten the same way into a fresh `result_` when
that moves no evaluation across another: it is reached through operators, calls, subscripts
and displays, not under `and`, `or`, an `if` expression or a lambda, and nothing else in the
statement calls a function
(`x = sum([1 for j in range(n)]) % 3`). Comprehensions anywhere else (under lazy operators,
in lambdas, `async` ones, or beside other calls) and generator expressions other than the
argument of `sum` stay as written: they run as Python (a generator stays lazy), so they work
on Python values and eager tensors, not on symbolic ones.

Two differences from Python remain, visible only in corner cases: a dict comprehension's value
is evaluated before its key (as in `t[k] = v`), and on Python 3.12+ `sum` of Python floats
compensates rounding errors, which the running total does not (it adds as `sum` does for
every other type, tensors included).
"""

from __future__ import annotations

import builtins
from typing import Any

import gast

from autograph.converters.call_trees import bound_names, calls_user_code
from autograph.pyct import templates
from autograph.pyct.transformer import Base, EntityContext, copy_location

# What the pipeline looks for before running this converter (node types, or names of
# variables and attributes; see transpiler.py). Its output is scanned again afterwards.
TRIGGERS = frozenset({gast.ListComp, gast.SetComp, gast.DictComp, gast.GeneratorExp})

_COMPREHENSIONS = (gast.ListComp, gast.SetComp, gast.DictComp, gast.GeneratorExp)
_SIMPLE = (gast.Constant, gast.Name)  # a `sum` start evaluated early changes nothing
# (A `try` with handlers around a comprehension has its body in a `with ag__.handling(...)`
# by then; one with only a `finally` reads the name there.)
_MAY_RESUME = (gast.Try, gast.With)


class Comprehensions(Base):
    def __init__(self, ctx: EntityContext, function: Any):
        super().__init__(ctx)
        self.outside = _names_outside_comprehensions(function)
        self.local_names = bound_names(function)
        # Where an error of the comprehension may be caught (a `try`, or a `with` whose
        # `__exit__` may suppress it) or a closure may read the name meanwhile, a name must
        # keep its old value until the whole value is made: the loop builds a fresh result_.
        self.protected = {id(n) for block in gast.walk(function)
                          if isinstance(block, _MAY_RESUME) for n in gast.walk(block)}
        self.closure_reads = _closure_reads(function)
        # Names declared global or nonlocal here or in a nested function: calls may rebind them.
        self.declared = {name for n in gast.walk(function)
                         if isinstance(n, (gast.Global, gast.Nonlocal)) for name in n.names}

    def visit_Assign(self, node: Any) -> Any:
        node = self.generic_visit(node)
        if not self._hoistable(node.value):
            return self._hoist_nested(node)
        target = node.targets[0] if len(node.targets) == 1 else None
        reads = {n.id for n in gast.walk(node.value) if isinstance(n, gast.Name)}
        if (isinstance(target, gast.Name) and target.id not in reads
                and id(node) not in self.protected and target.id not in self.closure_reads):
            return copy_location(self._loop(node.value, target.id), node)
        result = self.ctx.namer.new("result_")
        statements = self._loop(node.value, result)
        node.value = gast.Name(id=result, ctx=gast.Load(), annotation=None, type_comment=None)
        return copy_location(statements + [node], node)

    def visit_Return(self, node: Any) -> Any:
        node = self.generic_visit(node)
        if node.value is None:
            return node
        if not self._hoistable(node.value):
            return self._hoist_nested(node)
        result = self.ctx.namer.new("result_")
        statements = self._loop(node.value, result)
        node.value = gast.Name(id=result, ctx=gast.Load(), annotation=None, type_comment=None)
        return copy_location(statements + [node], node)

    def visit_AugAssign(self, node: Any) -> Any:
        node = self.generic_visit(node)
        return self._hoist_nested(node) if self._value_may_go_first(node) else node

    def _value_may_go_first(self, node: Any) -> bool:
        """Whether the value of `target op= value` may be computed before the target is
        read, as Python reads it first: nothing in the value may change what the target
        reads (a `:=`, or a call that may rebind or mutate it), nor the target's own calls
        change what the value computes."""
        target, value = node.target, node.value
        if any(isinstance(n, gast.NamedExpr) for n in gast.walk(value)):
            return False
        if self._calls_user_code(target):
            return False
        if isinstance(target, gast.Name) and target.id not in self.declared:
            return True  # only a function here declaring it `nonlocal` could rebind it
        return not self._calls_user_code(value)

    def _calls_user_code(self, tree: Any) -> bool:
        return any(isinstance(n, gast.Call) and calls_user_code(n, self.ctx, self.local_names)
                   for n in gast.walk(tree))

    # Pieces ----------------------------------------------------------------------------------
    def _hoist_nested(self, node: Any) -> Any:
        """`node` after the loops of the comprehensions nested in its value, each replaced by
        its `result_`, where that moves no evaluation across another (see `_nested`)."""
        found = _nested(node.value, self._hoistable)
        if not found:
            return node
        statements = []
        for comprehension in found:
            result = self.ctx.namer.new("result_")
            statements += self._loop(comprehension, result)
            node.value = _replaced(node.value, comprehension, gast.Name(
                id=result, ctx=gast.Load(), annotation=None, type_comment=None))
        return copy_location(statements + [node], node)

    def _hoistable(self, value: Any) -> bool:
        """Whether `value` is a list/set/dict comprehension, or a `sum` of a generator or list
        comprehension, that can become a loop."""
        if self._is_sum(value):
            comprehension = value.args[0]
        elif isinstance(value, (gast.ListComp, gast.SetComp, gast.DictComp)):
            comprehension = value
        else:
            return False
        return not any(g.is_async for g in comprehension.generators)

    def _is_sum(self, value: Any) -> bool:
        return (isinstance(value, gast.Call) and isinstance(value.func, gast.Name)
                and value.func.id == "sum" and value.func.id not in self.local_names
                and self.ctx.namespace.get("sum", builtins.sum) is builtins.sum
                and len(value.args) in (1, 2) and not value.keywords
                and isinstance(value.args[0], (gast.GeneratorExp, gast.ListComp))
                and (len(value.args) == 1 or isinstance(value.args[1], _SIMPLE)))

    def _loop(self, value: Any, result: str) -> list[Any]:
        """Statements that leave in `result` what `value` (see `_hoistable`) evaluates to."""
        if self._is_sum(value):
            comprehension = self._renamed(value.args[0])
            start = value.args[1] if len(value.args) == 2 else gast.Constant(value=0, kind=None)
            init = templates.replace("result = start", result=result, start=start)
            step = templates.replace("result = result + elt", result=result,
                                     elt=comprehension.elt)
        else:
            comprehension = self._renamed(value)
            if isinstance(comprehension, gast.DictComp):
                init = templates.replace("result = {}", result=result)
                step = templates.replace("result[key] = value", result=result,
                                         key=comprehension.key, value=comprehension.value)
            else:
                empty, add = (("[]", "append") if isinstance(comprehension, gast.ListComp)
                              else ("set()", "add"))
                init = templates.replace(f"result = {empty}", result=result)
                step = templates.replace(f"result.{add}(elt)", result=result,
                                         elt=comprehension.elt)
        body = step
        for generator in reversed(comprehension.generators):
            for test in reversed(generator.ifs):
                body = templates.replace("if test:\n    body", test=test, body=body)
            body = templates.replace("for target in iter_:\n    body", target=generator.target,
                                     iter_=generator.iter, body=body)
        return init + body

    def _renamed(self, comprehension: Any) -> Any:
        """`comprehension` with its variables that the function uses elsewhere renamed; the
        first iterable is evaluated outside the comprehension, so it keeps its names."""
        targets = {n.id for g in comprehension.generators for n in gast.walk(g.target)
                   if isinstance(n, gast.Name)}
        renames = {name: self.ctx.namer.new(name) for name in sorted(targets & self.outside)}
        outer = {id(n) for n in gast.walk(comprehension.generators[0].iter)}
        for n in gast.walk(comprehension):
            if isinstance(n, gast.Name) and n.id in renames and id(n) not in outer:
                n.id = renames[n.id]
        return comprehension


# Expressions whose parts are all evaluated, in order, each time they are.
_STRICT = (gast.BinOp, gast.UnaryOp, gast.Call, gast.keyword, gast.Subscript, gast.Attribute,
           gast.Tuple, gast.List, gast.Dict, gast.Set, gast.Starred)


def _nested(value: Any, hoistable: Any) -> list[Any]:
    """The comprehensions in `value` (and `sum`s of them) that may run before the statement:
    each is reached through expressions that evaluate all their parts (not under `and`,
    `or`, an `if` expression, a lambda or another comprehension), and no call, `:=`, `await`
    or `yield` outside them is evaluated except the calls that take them as arguments."""
    found: list = []
    enclosing: set = set()

    def walk(node: Any, path: tuple) -> None:
        if hoistable(node):
            found.append(node)
            enclosing.update(id(n) for n in path)
            return
        if isinstance(node, _STRICT):
            for child in gast.iter_child_nodes(node):
                walk(child, path + (node,))
    walk(value, ())
    if not found:
        return []
    inside = {id(n) for c in found for n in gast.walk(c)}
    for n in gast.walk(value):
        if id(n) in inside or id(n) in enclosing:
            continue
        if isinstance(n, (gast.Call, gast.NamedExpr, gast.Await, gast.Yield, gast.YieldFrom)):
            return []
    return found


def _replaced(tree: Any, old: Any, new: Any) -> Any:
    """`tree` with the node `old` replaced by `new` (in place; `tree` itself if it is `old`)."""
    if tree is old:
        return new
    for node in gast.walk(tree):
        for field, value in gast.iter_fields(node):
            if value is old:
                setattr(node, field, new)
                return tree
            if isinstance(value, list) and any(item is old for item in value):
                value[:] = [new if item is old else item for item in value]
                return tree
    return tree


def _names_outside_comprehensions(function: Any) -> set[str]:
    """Names used in `function` other than inside comprehensions (parameters included)."""
    names, stack = set(), [function]
    while stack:
        node = stack.pop()
        if isinstance(node, _COMPREHENSIONS):
            continue
        if isinstance(node, gast.Name):
            names.add(node.id)
        elif isinstance(node, gast.FunctionDef):
            names.add(node.name)
        stack.extend(gast.iter_child_nodes(node))
    return names


def _closure_reads(function: Any) -> set[str]:
    """Names read inside the functions and lambdas nested in `function`."""
    return {n.id for scope in gast.walk(function)
            if isinstance(scope, (gast.FunctionDef, gast.AsyncFunctionDef, gast.Lambda))
            and scope is not function
            for n in gast.walk(scope) if isinstance(n, gast.Name)}


def transform(node: Any, ctx: EntityContext) -> Any:
    return Comprehensions(ctx, node).visit(node)
