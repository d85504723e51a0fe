"""`if`, `while` and `for` become `ag__.if_stmt`, `ag__.while_stmt` and `ag__.for_stmt`.

Before:

    def f(x, n):
        s = 0
        for i in ag.range(n):
            if x[i] > 0:
                s = s + x[i]
        return s

After:

    def f(x, n):
        s = 0

        def loop_body(i, s):

            def if_body(s):
                s = s + x[i]
                return s
            s = ag__.if_stmt(x[i] > 0, if_body, None, (s,), ('s',))
            return s
        s = ag__.for_stmt(ag.range(n), loop_body, (s,), ('s',))
        return s

Bodies become nested functions that take their state as parameters and return it. The
state of a statement is the variables it assigns that are live after it, or read in a body
before being assigned there; nothing else travels. A state variable not defined before the
statement is first bound to `ag__.Undefined('x')`, so that using it where it may be undefined
is a clear error. Reads of names are left as they are: Python semantics hold.
"""

from __future__ import annotations

from typing import Any

import gast

from autograph.pyct import anno, cfg, qual_names, templates, traversal
from autograph.pyct.static_analysis import activity, liveness, reaching_definitions
from autograph.pyct.transformer import EntityContext, StatementTransformer, copy_location

# What the pipeline looks for before running this converter (node types, or names of
# variables and attributes; see transpiler.py), and what the code it writes may add.
TRIGGERS = frozenset({gast.If, gast.While, gast.For})
PRODUCES = frozenset({gast.FunctionDef, gast.arguments, gast.Return, gast.Assign, gast.Expr,
                      gast.Pass, gast.Call, gast.Attribute, gast.Tuple, gast.Constant,
                      "Undefined"})


class ControlFlow(StatementTransformer):
    def __init__(self, ctx: EntityContext, function: Any):
        super().__init__(ctx)
        # name -> (a node binding it, the ids of the nodes around that node)
        self._bindings: dict[str, list[tuple[Any, frozenset[int]]]] = {}
        self._loops: dict[int, Any] = {}  # id(statement) -> innermost loop around it
        _record(function, None, (), self._loops, self._bindings)

    # Statements ------------------------------------------------------------------------------
    def visit_If(self, node: Any) -> Any:
        state = self._state(node, [node.body, node.orelse])
        # Names first, then nested statements: the outermost `if` gets `if_body`.
        body_name = self.ctx.namer.new("if_body")
        else_name = self.ctx.namer.new("else_body") if node.orelse else None
        node = self.generic_visit(node)
        body = self._function(body_name, state, node.body)
        orelse = self._function(else_name, state, node.orelse) if node.orelse else None
        call = templates.replace_as_expression(
            "ag__.if_stmt(test, body, orelse, state, names)", test=node.test,
            body=body.name, orelse=orelse.name if orelse else _none(),
            state=_tuple(state), names=_names(state))
        new = self._undefined(node, state) + [body] + ([orelse] if orelse else [])
        return copy_location(new + [self._assign(state, call)], node)

    def visit_While(self, node: Any) -> Any:
        self._no_else(node, "while")
        state = self._state(node, [node.body], extra_reads=_reads(node.test))
        test_name = self.ctx.namer.new("loop_test")
        body_name = self.ctx.namer.new("loop_body")
        node = self.generic_visit(node)
        test = self._function(test_name, state, [], returns=node.test)
        body = self._function(body_name, state, node.body)
        call = templates.replace_as_expression(
            "ag__.while_stmt(test, body, state, names)", test=test.name, body=body.name,
            state=_tuple(state), names=_names(state))
        new = self._undefined(node, state) + [test, body]
        return copy_location(new + [self._assign(state, call)], node)

    def visit_For(self, node: Any) -> Any:
        self._no_else(node, "for")
        target_names = {n.id for n in gast.walk(node.target) if isinstance(n, gast.Name)}
        extra = anno.getanno(node, anno.Basic.EXTRA_LOOP_TEST, None)
        state = self._state(node, [node.body], exclude=target_names,
                            extra_reads=_reads(extra) if extra is not None else frozenset())
        if target_names & set(_live_out(node)):  # the loop variable is used after the loop
            state = sorted(set(state) | (target_names & set(_live_out(node))))
        body_name = self.ctx.namer.new("loop_body")
        extra_name = self.ctx.namer.new("extra_test") if extra is not None else None
        node = self.generic_visit(node)
        if isinstance(node.target, gast.Name) and node.target.id not in state:
            item, prologue = node.target.id, []
        else:
            item = self.ctx.namer.new("itr")
            prologue = templates.replace("target = item", target=node.target, item=item)
        body = self._function(body_name, state, prologue + node.body, first=item)
        extra_fn = self._function(extra_name, state, [], returns=extra) if extra else None
        template = "ag__.for_stmt(iter_, body, state, names" + (
            ", extra_test=extra)" if extra_fn else ")")
        call = templates.replace_as_expression(
            template, iter_=node.iter, body=body.name, state=_tuple(state),
            names=_names(state), extra=extra_fn.name if extra_fn else _none())
        new = self._undefined(node, state) + [body] + ([extra_fn] if extra_fn else [])
        return copy_location(new + [self._assign(state, call)], node)

    # Pieces ----------------------------------------------------------------------------------
    def _state(self, node: Any, bodies: list[list], extra_reads: set[str] = frozenset(),
               exclude: set[str] = frozenset()) -> list[str]:
        """Variables assigned in the statement that are live after it or read before being
        assigned in one of its bodies (or in its test)."""
        modified = set()
        for key in (anno.Static.BODY_SCOPE, anno.Static.ORELSE_SCOPE):
            scope = anno.getanno(node, key, None)
            if scope is not None:
                modified |= {str(q) for q in scope.modified if _simple(q)}
        needed = set(_live_out(node)) | set(extra_reads)
        for body in bodies:
            if body:
                needed |= {str(q) for q in anno.getanno(body[0], anno.Static.LIVE_VARS_IN,
                                                        ()) if _simple(q)}
        return sorted((modified & needed) - set(exclude) - self._declared(node))

    def _declared(self, node: Any) -> set[str]:
        scope = anno.getanno(node, anno.Static.SCOPE, None)
        declared = set()
        for attr in ("globals", "nonlocals"):
            declared |= {str(q) for q in getattr(scope, attr, ())}
        return declared

    def _undefined(self, node: Any, state: list[str]) -> list[Any]:
        """`x = ag__.Undefined('x')` for state bound on no path reaching the statement (a
        name bound on some paths keeps its value). At a loop, definitions that arrive only
        over its own back edge do not count: names bound nowhere outside the loop."""
        maybe = {str(q) for q in anno.getanno(node, anno.Static.MAYBE_DEFINED_VARS_IN, ())}
        return [_assignment(_name(name, gast.Store()), _operator_call("Undefined", [_str(name)]))
                for name in state if name not in maybe or not self._bound_before(name, node)]

    def _bound_before(self, name: str, node: Any) -> bool:
        """Whether a binding of `name` can reach `node` in converted code: each loop body runs
        as its own function, so a value from an earlier iteration arrives only as that loop's
        state; bindings count when outside the innermost loop around `node`, or earlier in
        that loop's body, and never inside `node` itself."""
        loop = self._loops.get(id(node))
        line = getattr(node, "lineno", 0) or 0
        for binding, ancestors in self._bindings.get(name, ()):
            if id(node) in ancestors:
                continue
            if loop is None or id(loop) not in ancestors or (
                    getattr(binding, "lineno", 0) or 0) < line:
                return True
        return False

    def _function(self, name: str, state: list[str], body: list, returns: Any = None,
                  first: str | None = None) -> Any:
        params = ([first] if first else []) + state
        if returns is not None:
            result = returns
        elif state:
            result = _state_value(state)
        else:
            result = None
        statements = list(body) + ([gast.Return(value=result)] if result is not None else [])
        if not statements:
            statements = [gast.Pass()]
        # Built directly rather than from a template: this is the converter's hottest node.
        args = gast.arguments(args=[_name(p, gast.Param()) for p in params], posonlyargs=[],
                              vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None,
                              defaults=[])
        return gast.FunctionDef(name=name, args=args, body=statements, decorator_list=[],
                                returns=None, type_comment=None, type_params=[])

    def _assign(self, state: list[str], call: Any) -> Any:
        if not state:
            return gast.Expr(value=call)
        return _assignment(_state_target(state), call)

    def _no_else(self, node: Any, keyword: str) -> None:
        if node.orelse:
            raise self.error(node, f"`{keyword} ... else` reached the control-flow converter "
                                   f"unlowered; this is a bug in the converter.")


def _record(node: Any, loop: Any, ancestors: tuple, loops: dict[int, Any],
            bindings: dict[str, list]) -> None:
    """Walks once: each node's innermost loop, and each binding's enclosing nodes."""
    ancestors = ancestors + (id(node),)
    for child in traversal.children(node):
        if isinstance(child, gast.Name) and isinstance(child.ctx, (gast.Store, gast.Param)):
            bindings.setdefault(child.id, []).append((child, frozenset(ancestors)))
        if isinstance(child, (gast.FunctionDef, gast.Lambda)):
            loop = None  # a nested function's body is not inside the outer loop
        loops[id(child)] = loop
        inner = child if isinstance(child, (gast.While, gast.For)) else loop
        _record(child, inner, ancestors, loops, bindings)


def _simple(qn: Any) -> bool:
    return qn.is_simple


def _live_out(node: Any) -> list[str]:
    return [str(q) for q in anno.getanno(node, anno.Static.LIVE_VARS_OUT, ()) if _simple(q)]


def _reads(expr: Any) -> set[str]:
    return {n.id for n in gast.walk(expr) if isinstance(n, gast.Name)
            and isinstance(n.ctx, gast.Load)}


def _assignment(target: Any, value: Any) -> Any:
    return gast.Assign(targets=[target], value=value, type_comment=None)


def _operator_call(operator: str, args: list[Any]) -> Any:
    """`ag__.operator(*args)`."""
    return gast.Call(func=gast.Attribute(value=_name("ag__"), attr=operator, ctx=gast.Load()),
                     args=args, keywords=[])


def _str(text: str) -> Any:
    return gast.Constant(value=text, kind=None)


def _none() -> Any:
    return gast.Constant(value=None, kind=None)


def _name(name: str, ctx: Any = None) -> Any:
    return gast.Name(id=name, ctx=ctx or gast.Load(), annotation=None, type_comment=None)


def _tuple(names: list[str]) -> Any:
    return gast.Tuple(elts=[_name(n) for n in names], ctx=gast.Load())


def _names(names: list[str]) -> Any:
    return gast.Tuple(elts=[_str(n) for n in names], ctx=gast.Load())


def _state_value(names: list[str]) -> Any:
    return _name(names[0]) if len(names) == 1 else _tuple(names)


def _state_target(names: list[str]) -> Any:
    if len(names) == 1:
        return _name(names[0], gast.Store())
    return gast.Tuple(elts=[_name(n, gast.Store()) for n in names], ctx=gast.Store())


def transform(node: Any, ctx: EntityContext) -> Any:
    node = analyze(node, ctx)
    return ControlFlow(ctx, node).visit(node)


def analyze(node: Any, ctx: EntityContext) -> Any:
    """Runs the analyses this converter reads: scopes, liveness, reaching definitions."""
    node = qual_names.resolve(node)
    node = activity.resolve(node)
    graphs = cfg.build_all(node)
    node = liveness.resolve(node, graphs)
    return reaching_definitions.resolve(node, graphs)
