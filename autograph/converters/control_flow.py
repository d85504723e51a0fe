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

Items and attributes the statement assigns (`d['a']`, `obj.total`), whose owners and keys it
does not rebind, are its state too, whether or not they are read after it (the object may be
seen elsewhere). They cannot be parameters, so a pair of functions reads and writes them all
(golden/to_code/composite_state_in_if.py):

    def get_state():
        return (box.sign, d['a'])

    def set_state(values):
        box.sign, d['a'] = values
    ag__.if_stmt(x > 0, if_body, else_body, (), (),
                 composites=(get_state, set_state, ('box.sign', "d['a']")))

`del x` in a body leaves `x` undefined there (`x = ag__.Undefined('x')`).
"""

from __future__ import annotations

import itertools
from collections.abc import Set as AbstractSet
from typing import Any

import gast

from autograph.converters import closure_cells
from autograph.converters import control_flow_nodes as nodes
from autograph.pyct import anno, cfg, qual_names, templates, traversal
from autograph.pyct.static_analysis import activity, liveness, reaching_definitions
from autograph.pyct.templates import LOAD, PARAM, STORE, build
from autograph.pyct.transformer import EntityContext, StatementTransformer, copy_location

# What the pipeline looks for before running this converter (node types, or names of
# variables and attributes; see transpiler.py), and what the code it writes may add.
TRIGGERS = frozenset({gast.If, gast.While, gast.For})
PRODUCES = frozenset({gast.FunctionDef, gast.arguments, gast.Return, gast.Assign, gast.Expr,
                      gast.Pass, gast.Call, gast.Attribute, gast.Tuple, gast.Constant,
                      gast.Nonlocal, "Undefined"})


class ControlFlow(StatementTransformer):
    def __init__(self, ctx: EntityContext, function: Any):
        super().__init__(ctx)
        # A body is a branch or loop body, which becomes a function: (id(statement), 0 or 1).
        # Positions in source order. name -> (the position of a binding of it, the bodies
        # around that binding, outermost first)
        self._bindings: dict[str, list[tuple[int, tuple[nodes.Body, ...]]]] = {}
        # id(control-flow statement) -> (the innermost body around it, its position)
        self._bodies: dict[int, tuple[nodes.Body | None, int]] = {}
        # id(statement) -> the names its body functions take as parameters (state, target)
        self._parameters: dict[int, set[str]] = {}
        # The variables shared with closures, of each function being visited (innermost last)
        self._cells: list[frozenset[str]] = []
        # The objects each function being visited reads as a whole (`nodes.whole_reads`)
        self._whole_reads: list[frozenset[str]] = []
        nodes.record(function, None, (), self._bodies, self._bindings, itertools.count())
        # Whether return_statements lowered a `return` in a `finally` (else no body is
        # searched for one)
        self._finally_returns = nodes.has_finally_return(function)

    @property
    def cells(self) -> frozenset[str]:
        return self._cells[-1] if self._cells else frozenset()

    def visit_FunctionDef(self, node: Any) -> Any:
        self._cells.append(closure_cells.shared_cells(node, self.ctx.namespace))
        self._whole_reads.append(nodes.whole_reads(node))
        try:
            return self.generic_visit(node)
        finally:
            self._cells.pop()
            self._whole_reads.pop()

    # Statements ------------------------------------------------------------------------------
    def visit_If(self, node: Any) -> Any:
        state = self._state(node, [node.body, node.orelse])
        # A variable no binding reaches, and dead after the `if`, need not travel: in the
        # bodies it is a local that reading before assigning fails on, as in Python.
        after = nodes.simple_names(anno.getanno(node, anno.Static.LIVE_VARS_OUT, ()))
        state = [name for name in state if name in after or self._reaches(name, node)]
        self._parameters[id(node)] = set(state)
        composites = self._composites(node)
        # Names first, then nested statements: the outermost `if` gets `if_body`.
        body_name = self.ctx.namer.new("if_body")
        else_name = self.ctx.namer.new("else_body") if node.orelse else None
        node = self.generic_visit(node)
        at = nodes.place(node)
        functions = [self._function(body_name, state, node.body, at)]
        if else_name:
            functions.append(self._function(else_name, state, node.orelse, at))
        keywords = self._composite_state(composites, functions, node)
        orelse = nodes.name(else_name, at) if else_name else nodes.constant(None, at)
        args = [node.test, nodes.name(body_name, at), orelse, nodes.names_tuple(state, at),
                nodes.names(state, at)]
        call = nodes.operator_call("if_stmt", args, keywords, at)
        return self._replacement(node, at, state + _names(composites), functions, call,
                                 node.body + node.orelse + [node.test])

    def visit_While(self, node: Any) -> Any:
        self._no_else(node, "while")
        state = self._state(node, [node.body], extra_reads=nodes.reads(node.test))
        composites = self._composites(node)
        self._parameters[id(node)] = set(state)
        test_name = self.ctx.namer.new("loop_test")
        body_name = self.ctx.namer.new("loop_body")
        node = self.generic_visit(node)
        at = nodes.place(node)
        functions = [self._function(test_name, state, [], at, returns=node.test),
                     self._function(body_name, state, node.body, at)]
        keywords = nodes.options(node, at) + self._composite_state(composites, functions, node,
                                                                   loop=True)
        args = [nodes.name(test_name, at), nodes.name(body_name, at), nodes.names_tuple(state, at),
                nodes.names(state, at)]
        call = nodes.operator_call("while_stmt", args, keywords, at)
        return self._replacement(node, at, state + _names(composites), functions, call,
                                 node.body + [node.test])

    def visit_For(self, node: Any) -> Any:
        self._no_else(node, "for")
        target_names = {n.id for n in gast.walk(node.target) if isinstance(n, gast.Name)}
        extra = anno.getanno(node, anno.Basic.EXTRA_LOOP_TEST, None)
        state = self._state(node, [node.body], exclude=target_names,
                            extra_reads=nodes.reads(extra) if extra is not None else frozenset())
        composites = self._composites(node, exclude=target_names)
        composites += [qual_names.QN(name) for name in sorted(target_names & self.cells)
                       if qual_names.QN(name) not in composites]
        used_after = target_names & nodes.simple_names(
            anno.getanno(node, anno.Static.LIVE_VARS_OUT, ()))
        if used_after - self.cells:  # the loop variable is used after the loop
            state = sorted(set(state) | (used_after - self.cells))
        self._parameters[id(node)] = set(state) | target_names
        body_name = self.ctx.namer.new("loop_body")
        extra_name = self.ctx.namer.new("extra_test") if extra is not None else None
        node = self.generic_visit(node)
        at = nodes.place(node)
        moved = node.body + [node.iter]
        if (isinstance(node.target, gast.Name) and node.target.id not in state
                and node.target.id not in self.cells):
            item, prologue = node.target.id, []
        else:
            item = self.ctx.namer.new("itr")
            prologue = [nodes.assignment(node.target, nodes.name(item, at), at)]
            moved.append(node.target)
        functions = [self._function(body_name, state, prologue + node.body, at, first=item)]
        keywords = []
        if extra is not None:
            assert extra_name is not None  # named above whenever there is an extra test
            functions.append(self._function(extra_name, state, [], at, returns=extra))
            keywords.append(build(gast.keyword, arg="extra_test", value=nodes.name(extra_name, at),
                                  **at))
            moved.append(extra)
        keywords += nodes.options(node, at) + self._composite_state(composites, functions, node,
                                                                    loop=True)
        args = [node.iter, nodes.name(body_name, at), nodes.names_tuple(state, at),
                nodes.names(state, at)]
        call = nodes.operator_call("for_stmt", args, keywords, at)
        return self._replacement(node, at, state + _names(composites), functions, call, moved)

    # Pieces ----------------------------------------------------------------------------------
    def _state(self, node: Any, bodies: list[list], extra_reads: AbstractSet[str] = frozenset(),
               exclude: AbstractSet[str] = frozenset()) -> list[str]:
        """Variables assigned in the statement that are live after it or read before being
        assigned in one of its bodies (or in its test), or that a lowered `return` in a
        `finally` of a body returns: that `return` only ends the body's function, and the
        value goes on after the statement (`nodes.end_body_at_finally_returns`)."""
        if self._finally_returns:
            extra_reads = extra_reads | nodes.finally_return_reads(bodies)
        # Sets of QNs: the few assigned names are looked up in them, rather than turned to text.
        live = frozenset(anno.getanno(node, anno.Static.LIVE_VARS_OUT, ())).union(
            *[anno.getanno(body[0], anno.Static.LIVE_VARS_IN, ()) for body in bodies if body])
        # (a global or nonlocal name assigned in a body was refused before: unsupported)
        excluded = exclude | nodes.only_deleted(node, bodies) | self.cells
        state = set()
        for key in (anno.Static.BODY_SCOPE, anno.Static.ORELSE_SCOPE):
            scope = anno.getanno(node, key, None)
            for q in scope.modified if scope is not None else ():
                name = str(q)
                if q.is_simple and (q in live or name in extra_reads) and name not in excluded:
                    state.add(name)
        return sorted(state)

    def _composites(self, node: Any, exclude: AbstractSet[str] = frozenset()) -> list[Any]:
        """The items and attributes assigned in the statement whose owners and keys it does
        not rebind (those are the statement's own, or travel with their owner), and the
        variables it assigns that closures share (`closure_cells`)."""
        modified = set()
        for key in (anno.Static.BODY_SCOPE, anno.Static.ORELSE_SCOPE):
            scope = anno.getanno(node, key, None)
            if scope is not None:
                modified |= scope.modified
        rebound = modified | {qual_names.QN(name) for name in exclude}
        cells = self.cells
        return sorted(q for q in modified
                      if q.is_composite and not (q.dependencies & rebound)
                      or q.is_simple and str(q) in cells)

    def _composite_state(self, composites: list[Any], functions: list[Any],
                         node: Any, loop: bool = False) -> list[Any]:
        """`get_state` / `set_state` for `composites` (added to `functions`), and the
        `composites=(get_state, set_state, names)` keyword passing them to the operator; for
        a loop, `names` is followed by those of the items and attributes whose owner the
        function reads as a whole (`nodes.whole_reads`), if any."""
        if not composites:
            return []
        get_name = self.ctx.namer.new("get_state")
        set_name = self.ctx.namer.new("set_state")
        values = self.ctx.namer.new("values")
        items = build(gast.Tuple, elts=[q.to_ast() for q in composites], ctx=LOAD)
        targets = build(gast.Tuple, elts=[q.to_ast(STORE) for q in composites], ctx=STORE)
        names = build(gast.Tuple, elts=[build(gast.Constant, value=str(q), kind=None)
                                        for q in composites], ctx=LOAD)
        new = templates.replace(
            """
            def get_state():
                return items

            def set_state(values):
                targets = values
            """, get_state=get_name, set_state=set_name, items=items, targets=targets,
            values=values)
        whole = self._whole_reads[-1] if loop and self._whole_reads else frozenset()
        owned = [q for q in composites if q.is_composite
                 and any(str(owner) in whole for owner in q.owner_set)]
        spec = "(get_state, set_state, names, owned)" if owned else "(get_state, set_state, names)"
        keyword = build(gast.keyword, arg="composites", value=templates.replace_as_expression(
            spec, get_state=get_name, set_state=set_name, names=names,
            owned=build(gast.Tuple, elts=[build(gast.Constant, value=str(q), kind=None)
                                          for q in owned], ctx=LOAD)))
        copy_location(new + [keyword], node)
        for function in new:
            self._declare_cells(function)
        functions.extend(new)
        return [keyword]

    def _replacement(self, node: Any, at: dict[str, Any], variables: list[str],
                     functions: list[Any], call: Any, moved: list[Any]) -> list[Any]:
        """What replaces `node`: `Undefined` bindings of `variables` (its state, and the
        shared variables it assigns), the functions, then the call.

        The new nodes are made at `node`'s place (`at`); the user's nodes `moved` into them
        keep theirs, and those that an earlier converter made without one take `node`'s.
        """
        copy_location(moved, node)
        state = [name for name in variables if name not in self.cells]
        if state:
            result = nodes.assignment(nodes.state_target(state, at), call, at)
        else:
            result = build(gast.Expr, value=call, **at)
        return self._undefined(node, variables, at) + functions + [result]

    def _reaches(self, name: str, node: Any) -> bool:
        """Whether a binding of `name` may reach `node` in converted code (any binding, for a
        variable closures share: there is only its cell)."""
        maybe = nodes.simple_names(anno.getanno(node, anno.Static.MAYBE_DEFINED_VARS_IN, ()))
        return name in maybe and (name in self.cells or self._bound_before(name, node))

    def _undefined(self, node: Any, state: list[str], at: dict[str, Any]) -> list[Any]:
        """`x = ag__.Undefined('x')` for state bound on no path reaching the statement (a
        name bound on some paths keeps its value). At a loop, definitions that arrive only
        over its own back edge do not count: names bound nowhere outside the loop."""
        return [nodes.assignment(
            nodes.name(name, at, STORE),
            nodes.operator_call("Undefined", [nodes.constant(name, at)], [], at), at)
            for name in state if not self._reaches(name, node)]

    def _bound_before(self, name: str, node: Any) -> bool:
        """Whether a binding of `name` can reach `node` in converted code: each branch or loop
        body runs as its own function, in which `name` is local (`node` assigns it), so only
        a parameter of the innermost body around `node` counts, or a binding earlier in that
        body; at the function's top level, any binding outside `node` itself."""
        body, position = self._bodies[id(node)]
        if body is not None and name in self._parameters.get(body[0], ()):
            return True
        for binding, around in self._bindings.get(name, ()):
            if any(outer == id(node) for outer, _ in around):
                continue
            if body is None or (body in around and binding < position):
                return True
        return False

    def _function(self, name: str, state: list[str], body: list, at: dict[str, Any],
                  returns: Any = None, first: str | None = None) -> Any:
        params = ([first] if first else []) + state
        if returns is not None:
            result = returns
        elif state:
            result = nodes.state_value(state, at)
        else:
            result = None
        statements = nodes.undefine_deleted(list(body))
        if result is not None:
            statements.append(build(gast.Return, value=result, **at))
        if returns is None and self._finally_returns:
            nodes.end_body_at_finally_returns(statements, result)
        args = build(gast.arguments, args=[nodes.name(p, at, PARAM) for p in params],
                     posonlyargs=[], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None,
                     defaults=[])
        function = build(gast.FunctionDef, name=name, args=args, body=statements,
                         decorator_list=[], returns=None, type_comment=None, type_params=[],
                         **at)
        self._declare_cells(function)
        return function

    def _declare_cells(self, function: Any) -> None:
        """`nonlocal` for the shared variables a generated function binds (its own code, and
        what the statements inside it will bind: their `Undefined`s and results)."""
        cells = self.cells
        if not cells:
            return
        bound = sorted(cells & _bound_inside(function))
        if bound:
            function.body.insert(0, build(gast.Nonlocal, names=bound, **nodes.place(function)))

    def _no_else(self, node: Any, keyword: str) -> None:
        if node.orelse:
            raise self.error(node, f"`{keyword} ... else` reached the control-flow converter "
                                   f"unlowered; this is a bug in the converter.")


def _names(composites: list[Any]) -> list[str]:
    """The plain names among a statement's composites: the shared variables it assigns."""
    return [str(q) for q in composites if q.is_simple]


def _bound_inside(function: Any) -> set[str]:
    """The names a function binds in its own scope (not in the functions it defines)."""
    return {n.id for n in traversal.own_nodes(function.body)
            if type(n) is gast.Name and type(n.ctx) is not gast.Load}


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
