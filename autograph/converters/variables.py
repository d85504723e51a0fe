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

This converter runs on the final code, where control_flow has left no `if`, `while` or `for`:
each function body runs straight through, so the binding a read sees is the last one before it
in its function (or, for a free variable, the last one before the nested function's `def`).
A binding may leave the variable undefined when it is `x = ag__.Undefined('x')`, or the result
of an `ag__.if_stmt` / `while_stmt` / `for_stmt` for a state variable that may enter it
undefined (and that a branch or loop body may not bind), or a parameter of such a statement's
body taking that state. The state tuples given to the operators, the state returned by bodies
and by `get_state` are passed on as they are, since moving an undefined value along is what
they are for; so is the variable a handler takes back (`x = ag__.recovered('x', x, error_)`),
which may leave it undefined as it was.
`x += 1` is left as it is. `del x` in a body (written `x = ag__.Undefined('x')` by
control_flow) gets the statement `ag__.ld(x)` before it where `x` may have no value: deleting
an unbound variable raises, as in Python (golden/to_code/del_in_loop.py).
"""

from __future__ import annotations

from typing import Any

import gast

from autograph.pyct import anno, templates, traversal
from autograph.pyct.transformer import EntityContext, copy_location

# What the pipeline looks for before running this converter (node types, or names of
# variables and attributes; see transpiler.py), and what the code it writes may add.
TRIGGERS = frozenset({"Undefined"})
PRODUCES = frozenset({gast.Call, gast.Attribute})

# operator: (position of its `state` argument, positions of the functions returning state)
_OPERATORS = {"if_stmt": (3, (1, 2)), "while_stmt": (2, (1,)), "for_stmt": (2, (1,))}

Bindings = frozenset  # the statements (or `arguments`) whose binding a read may see
_SCOPES = frozenset(traversal.SCOPES)


def _ld(read: Any) -> Any:
    return copy_location(templates.replace_as_expression("ag__.ld(x)", x=read), read)


class _Bindings:
    """Which bindings each read of a local name may see, found in one walk of the code.

    `reads` maps a Name's id to (the Name, its possible bindings); a read of a global, a
    builtin, or a local before any binding has none. `functions` maps each function's name to
    its definition, and `owner` each `arguments` node to its function.
    """

    def __init__(self, function: Any):
        self.reads: dict[int, tuple[Any, Bindings]] = {}
        self.functions: dict[str, Any] = {}
        self.owner: dict[int, Any] = {}
        self.calls: list[tuple[Any, str]] = []  # (operator call, operator)
        self.recoveries: list[Any] = []  # `ag__.recovered(name, value, ...)` calls
        self.deletions: list[tuple[Any, Any]] = []  # (`del x`'s assignment, a read of x there)
        self._function(function, {})

    def _function(self, fn: Any, outer: dict[str, Bindings]) -> None:
        """A function starts with what is bound where it is defined. (A read of one of its
        own locals before the local is bound would see the outer binding here; Python raises
        UnboundLocalError there either way.)"""
        self.functions[fn.name] = fn
        self.owner[id(fn.args)] = fn
        self._expressions(_defaults(fn.args), outer)
        env = dict(outer)
        binding = Bindings((fn.args,))
        for node in traversal.own_nodes([fn.args]):
            if isinstance(node, gast.Name) and isinstance(node.ctx, gast.Param):
                env[node.id] = binding
        self._block(fn.body, env)

    def _block(self, statements: list, env: dict[str, Bindings]) -> None:
        for stmt in statements:
            self._statement(stmt, env)

    def _statement(self, stmt: Any, env: dict[str, Bindings]) -> None:
        if isinstance(stmt, (gast.FunctionDef, gast.AsyncFunctionDef)):
            self._expressions(stmt.decorator_list, env)
            self._function(stmt, env)
            env[stmt.name] = Bindings((stmt,))
        elif isinstance(stmt, (gast.Try, getattr(gast, "TryStar", gast.Try))):
            self._try(stmt, env)
        elif isinstance(stmt, (gast.Global, gast.Nonlocal)):
            for name in stmt.names:  # not a local of this function: never undefined
                env.pop(name, None)
        elif isinstance(stmt, (gast.With, gast.AsyncWith)):
            for item in stmt.items:
                self._expressions([item.context_expr], env)
                self._bind(item.optional_vars, stmt, env)
            self._block(stmt.body, env)
        else:
            self._simple(stmt, env)

    def _simple(self, stmt: Any, env: dict[str, Bindings]) -> None:
        """A statement without a body: its reads, then its bindings."""
        if anno.getanno(stmt, anno.Basic.DELETION, False):
            deleted = [stmt.targets[0]]  # `del x` that control_flow made an assignment
        elif isinstance(stmt, gast.Delete):
            deleted = [t for t in stmt.targets if isinstance(t, gast.Name)]
        else:
            deleted = []
        for target in deleted:  # Python raises on deleting a variable without a value
            read = copy_location(gast.Name(id=target.id, ctx=gast.Load(), annotation=None,
                                           type_comment=None), stmt)
            self.deletions.append((stmt, read))
            self._read(read, env)
        stored = self._scan([stmt], env, binds=True)
        if stored:
            binding = Bindings((stmt,))
            for name in stored:
                env[name] = binding

    def _try(self, stmt: Any, env: dict[str, Bindings]) -> None:
        """A `try` body may stop anywhere: a handler sees what it bound or not."""
        before = dict(env)
        self._block(stmt.body, env)
        entering = dict(before)
        _merge_into(entering, env)
        self._block(stmt.orelse, env)
        for handler in stmt.handlers:
            scope = dict(entering)
            self._expressions([handler.type] if handler.type else [], scope)
            if handler.name:
                scope[_name_of(handler.name)] = Bindings((handler,))
            self._block(handler.body, scope)
            _merge_into(env, scope)
        self._block(stmt.finalbody, env)

    def _bind(self, target: Any, stmt: Any, env: dict[str, Bindings]) -> None:
        if target is None:
            return
        self._expressions([target], env)
        for node in gast.walk(target):
            if isinstance(node, gast.Name) and isinstance(node.ctx, gast.Store):
                env[node.id] = Bindings((stmt,))

    def _expressions(self, expressions: list, env: dict[str, Bindings]) -> None:
        self._scan(expressions, env, binds=False)

    def _scan(self, roots: list, env: dict[str, Bindings], binds: bool) -> list[str]:
        """Records the reads under `roots` (nested scopes below them included, as they see
        `env`). With `binds` (the roots are a simple statement), also records its operator
        calls and returns the names it binds."""
        stored, pending = [], list(roots)
        while pending:
            node = pending.pop()
            kind = type(node)
            if kind is gast.Name:
                context = type(node.ctx)
                if context is gast.Load:
                    self._read(node, env)
                elif context is gast.Store and binds:
                    stored.append(node.id)
            elif kind is gast.Call:
                if binds:
                    op = _operator(node)
                    if op in _OPERATORS:
                        self.calls.append((node, op))
                    elif op == "recovered":
                        self.recoveries.append(node)
            elif kind in _SCOPES and not any(node is root for root in roots):
                self._inner_scope(node, env)
                continue
            elif (kind is gast.Import or kind is gast.ImportFrom) and binds:
                stored += [(a.asname or a.name).split(".")[0] for a in node.names]
            pending += traversal.children(node)
        return stored

    def _inner_scope(self, node: Any, env: dict[str, Bindings]) -> None:
        """A lambda or comprehension: its reads see `env`, less the names it binds."""
        names = traversal.own_nodes([node], scopes=())
        shadowed = {n.id for n in names if isinstance(n, gast.Name)
                    and isinstance(n.ctx, (gast.Store, gast.Param))}
        inner = {k: v for k, v in env.items() if k not in shadowed}
        for n in names:
            if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Load):
                self._read(n, inner)

    def _read(self, node: Any, env: dict[str, Bindings]) -> None:
        bindings = env.get(node.id)
        if bindings:
            self.reads[id(node)] = (node, bindings)


class _Undefinedness:
    """Which bindings may leave a variable undefined, in code written by control_flow."""

    def __init__(self, found: _Bindings):
        self.found = found
        self.users: dict[str, tuple[Any, str]] = {}  # state function -> (operator call, op)
        self.passed_on: set[int] = set()  # ids of the Names that only pass state along
        for call, op in found.calls:
            state_at, returning_at = _OPERATORS[op]
            self.passed_on |= _ids(call.args[state_at])
            for i, arg in enumerate(call.args + [k.value for k in call.keywords]):
                if isinstance(arg, gast.Name) and arg.id in found.functions:
                    self.users[arg.id] = (call, op)
                    if i in returning_at:  # the new state, as the body returns it
                        for result in _state_results(found.functions[arg.id]):
                            self.passed_on |= _ids(result)
            getter = _state_getter(call)
            if getter is not None and getter in found.functions:  # composites' `get_state`
                self.passed_on |= _ids(_returned(found.functions[getter]))
        for call in found.recoveries:  # the value a handler takes back, or the variable's own
            self.passed_on |= _ids(call.args[1])
        self.undefined: set[tuple[str, Any]] = set()  # (name, binding) pairs
        # (name, binding) -> the pairs whose undefinedness was decided while it was defined
        self._askers: dict[tuple[str, Any], list[tuple[str, Any]]] = {}
        self._asking: tuple[str, Any] | None = None
        self._state_results: dict[int, list[Any]] = {}  # id(body function) -> its results

    def solve(self) -> set[int]:
        """The ids of the reads (Names) that may see an undefined value."""
        # To a fixed point, as a loop body's parameter depends on its result: a pair is
        # looked at again when one that it read turns out to be undefined.
        pending = list({(node.id, b) for node, bindings in self.found.reads.values()
                        for b in bindings})
        while pending:
            definition = pending.pop()
            if definition in self.undefined:
                continue
            self._asking = definition
            if self._may_be_undefined(*definition):
                self.undefined.add(definition)
                pending += self._askers.pop(definition, ())
        self._asking = None
        return {key for key, (node, _) in self.found.reads.items()
                if key not in self.passed_on and self._read(node)}

    def _read(self, node: Any) -> bool:
        found = self.found.reads.get(id(node)) if isinstance(node, gast.Name) else None
        if found is None:
            return False
        for binding in found[1]:
            definition = (node.id, binding)
            if definition in self.undefined:
                return True
            if self._asking is not None:
                self._askers.setdefault(definition, []).append(self._asking)
        return False

    def _may_be_undefined(self, name: str, binding: Any) -> bool:
        if isinstance(binding, gast.Assign):
            op = _operator(binding.value)
            if op == "Undefined":
                return True
            if op == "recovered":  # the variable as it was, unless an exception carried it
                return self._read(binding.value.args[1])
            return op in _OPERATORS and self._result(binding.value, op, name)
        fn = self.found.owner.get(id(binding)) if isinstance(binding, gast.arguments) else None
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
            if isinstance(fn, gast.Name) and fn.id in self.found.functions:
                results.append(self._returns_undefined(self.found.functions[fn.id], k))
            else:  # no `else` branch: the state is kept
                results.append(entering)
        return any(results) or (op != "if_stmt" and entering)

    def _returns_undefined(self, fn: Any, k: int) -> bool:
        results = self._state_results.get(id(fn))
        if results is None:  # the tree does not change while solving: found once
            results = self._state_results[id(fn)] = _state_results(fn)
        return any(self._read(r.elts[k] if isinstance(r, gast.Tuple) else r) for r in results)


def _defaults(args: Any) -> list[Any]:
    return list(args.defaults) + [d for d in args.kw_defaults if d is not None]


def _ids(node: Any) -> set[int]:
    return {id(n) for n in traversal.own_nodes([node], scopes=())}


def _merge_into(env: dict[str, Bindings], other: dict[str, Bindings]) -> None:
    for name, bindings in other.items():
        env[name] = env.get(name, Bindings()) | bindings


def _name_of(node: Any) -> str:
    return node.id if isinstance(node, gast.Name) else node


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


def _state_getter(call: Any) -> str | None:
    """The name of the `get_state` in an operator call's `composites=(get_state, ...)`."""
    for keyword in call.keywords:
        if keyword.arg == "composites" and isinstance(keyword.value, gast.Tuple):
            getter = keyword.value.elts[0]
            return getter.id if isinstance(getter, gast.Name) else None
    return None


def _returned(fn: Any) -> Any:
    last = fn.body[-1] if fn.body else None
    return last.value if isinstance(last, gast.Return) else None


def _state_results(fn: Any) -> list[Any]:
    """What a body's function returns as its state: at its end, and where a `finally` that
    returns ends it early (`anno.Basic.STATE_RETURN`)."""
    early = [n.value for n in traversal.statement_nodes(fn.body) if isinstance(n, gast.Return)
             and anno.getanno(n, anno.Basic.STATE_RETURN, False) and n.value is not None]
    last = _returned(fn)
    return early + ([last] if last is not None else [])


def transform(node: Any, ctx: EntityContext) -> Any:
    found = _Bindings(node)
    checked = _Undefinedness(found).solve()  # ids of the reads to wrap
    if checked:
        for parent, name in traversal.find(node, {gast.Name}):
            if id(name) in checked:
                traversal.replace_child(parent, name, _ld(name))
        checks: dict[int, list[Any]] = {}
        for stmt, read in found.deletions:
            if id(read) in checked:
                checks.setdefault(id(stmt), []).append(read)
        if checks:
            _check_before_deleting(node, checks)
    return node


def _check_before_deleting(node: Any, checks: dict[int, list[Any]]) -> None:
    """`ag__.ld(x)` as a statement before each `del x` whose `x` may have no value."""
    blocks = [getattr(n, field) for n in gast.walk(node) for field in ("body", "orelse",
                                                                        "finalbody")
              if isinstance(getattr(n, field, None), list)]
    for block in blocks:
        block[:] = [part for stmt in block for part in (
            [*(copy_location(gast.Expr(value=_ld(read)), stmt) for read in checks[id(stmt)]),
             stmt]
            if id(stmt) in checks else [stmt])]
