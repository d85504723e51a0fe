"""Reads of variables that may be undefined become `ag__.ld(x)`, which names them if they are.

Before (golden/to_code/possibly_undefined_variable.py):

    def f(x):
        if x > 0:
            y = x * 2
        return y

After (control_flow has bound `y` to `ag__.Undefined('y')` so it can be the `if`'s state):

    def f(x):
        y = ag__.Undefined('y')

        def if_body(y):
            y = x * 2
            return y
        y = ag__.if_stmt(x > 0, if_body, None, (y,), ('y',))
        return ag__.ld(y)

Where plain Python raises UnboundLocalError, converted code would read an `Undefined` value
and fail later with an obscure message; `ag__.ld` raises the plain Python error, naming the
variable, at the read. A read proven defined stays as written.

This converter runs on the final code and analyses it again: reaching definitions give the
bindings each read may see, and a binding may leave the variable undefined when it is
`x = ag__.Undefined('x')`, or the result of an `ag__.if_stmt` / `while_stmt` / `for_stmt`
for a state variable that may enter it undefined (and that a branch or loop body may not
bind), or a parameter of such a statement's body taking that state. The state tuples given to
the operators and the state returned by bodies are passed on as they are, since moving an
undefined value along is what they are for. `x += 1` and `del x` are left as they are.
"""

from __future__ import annotations

from typing import Any

import gast

from autograph.pyct import anno, cfg, qual_names, templates
from autograph.pyct.static_analysis import activity, reaching_definitions
from autograph.pyct.transformer import Base, EntityContext, copy_location

# operator: (position of its `state` argument, positions of the functions returning state)
_OPERATORS = {"if_stmt": (3, (1, 2)), "while_stmt": (2, (1,)), "for_stmt": (2, (1,))}


class Variables(Base):
    def __init__(self, ctx: EntityContext, reads: set[int]):
        super().__init__(ctx)
        self.reads = reads  # ids of the Name nodes to check

    def visit_Name(self, node: Any) -> Any:
        if id(node) not in self.reads:
            return node
        return copy_location(templates.replace_as_expression("ag__.ld(x)", x=node), node)


class _Undefinedness:
    """Which definitions may leave a variable undefined, in code written by control_flow."""

    def __init__(self, nodes: list[Any]):
        functions = [n for n in nodes if isinstance(n, gast.FunctionDef)]
        by_name = {fn.name: fn for fn in functions}
        self.owner = {id(fn.args): fn for fn in functions}  # parameters -> their function
        self.users: dict[str, tuple[Any, str]] = {}  # state function -> (operator call, op)
        self.passed_on: set[int] = set()  # ids of the Names that only pass state along
        for call in nodes:
            op = _operator(call)
            if op not in _OPERATORS:
                continue
            state_at, returning_at = _OPERATORS[op]
            self.passed_on |= {id(n) for n in gast.walk(call.args[state_at])}
            for i, arg in enumerate(call.args + [k.value for k in call.keywords]):
                if isinstance(arg, gast.Name) and arg.id in by_name:
                    self.users[arg.id] = (call, op)
                    result = _returned(by_name[arg.id]) if i in returning_at else None
                    if result is not None:  # the new state, as the body returns it
                        self.passed_on |= {id(n) for n in gast.walk(result)}
        self.by_name = by_name
        self.undefined: set[reaching_definitions.Definition] = set()

    def solve(self, reads: list[Any]) -> set[int]:
        """The ids of the `reads` (Names) that may see an undefined value."""
        definitions = set()
        for read in reads:
            definitions |= anno.getanno(read, anno.Static.DEFINITIONS)
        changed = True
        while changed:  # to a fixed point: a loop body's parameter depends on its result
            changed = False
            for definition in definitions - self.undefined:
                if self._may_be_undefined(definition):
                    self.undefined.add(definition)
                    changed = True
        return {id(r) for r in reads if id(r) not in self.passed_on and self._read(r)}

    def _read(self, node: Any) -> bool:
        return isinstance(node, gast.Name) and any(
            d in self.undefined for d in anno.getanno(node, anno.Static.DEFINITIONS, ()))

    def _may_be_undefined(self, definition: Any) -> bool:
        node, name = definition.node, str(definition.qn)
        if isinstance(node, gast.Assign):
            op = _operator(node.value)
            if op == "Undefined":
                return True
            return op in _OPERATORS and self._result(node.value, op, name)
        fn = self.owner.get(id(node)) if isinstance(node, gast.arguments) else None
        if fn is None or fn.name not in self.users:
            return False
        call, op = self.users[fn.name]
        k = _index(call, op, name)
        if k is None:
            return False  # a `for` loop's item: always a value
        entering = self._read(call.args[_OPERATORS[op][0]].elts[k])
        if op == "if_stmt":
            return entering
        return entering or self._result(call, op, name)

    def _result(self, call: Any, op: str, name: str) -> bool:
        """Whether state variable `name` may be undefined after the operator `call`."""
        k = _index(call, op, name)
        if k is None:
            return False
        state_at, returning_at = _OPERATORS[op]
        entering = self._read(call.args[state_at].elts[k])
        results = []
        for i in returning_at:
            fn = call.args[i]
            if isinstance(fn, gast.Name) and fn.id in self.by_name:
                results.append(self._returns_undefined(self.by_name[fn.id], k))
            else:  # no `else` branch: the state is kept
                results.append(entering)
        return any(results) or (op != "if_stmt" and entering)

    def _returns_undefined(self, fn: Any, k: int) -> bool:
        result = _returned(fn)
        if isinstance(result, gast.Tuple):
            result = result.elts[k]
        return self._read(result)


def _operator(node: Any) -> str | None:
    """`name` for a call `ag__.name(...)`."""
    if (isinstance(node, gast.Call) and isinstance(node.func, gast.Attribute)
            and isinstance(node.func.value, gast.Name) and node.func.value.id == "ag__"):
        return node.func.attr
    return None


def _index(call: Any, op: str, name: str) -> int | None:
    """The position of `name` in the state of the operator `call`, None if not there."""
    names = [c.value for c in call.args[_OPERATORS[op][0] + 1].elts]
    return names.index(name) if name in names else None


def _returned(fn: Any) -> Any:
    last = fn.body[-1] if fn.body else None
    return last.value if isinstance(last, gast.Return) else None


def transform(node: Any, ctx: EntityContext) -> Any:
    nodes = list(gast.walk(node))
    if not any(_operator(n) == "Undefined" for n in nodes):
        return node  # nothing can be undefined
    names = [n for n in nodes if isinstance(n, gast.Name)]
    for name in names:
        anno.delanno(name, anno.Static.DEFINITIONS)  # left by an earlier analysis
    node = activity.resolve(qual_names.resolve(node))
    node = reaching_definitions.resolve(node, cfg.build_all(node))
    reads = [n for n in names if isinstance(n.ctx, gast.Load)
             and anno.hasanno(n, anno.Static.DEFINITIONS)]
    checked = _Undefinedness(nodes).solve(reads)
    return Variables(ctx, checked).visit(node) if checked else node
