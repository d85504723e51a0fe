r"""Activity analysis: which names each statement and block reads and binds.

`resolve(tree)` (after `qual_names.resolve`) annotates every statement with a `Scope`
(`anno.Static.SCOPE`) and, for the pieces the converter and the CFG deal with separately:
- If/While/For: BODY_SCOPE, ORELSE_SCOPE;
- FunctionDef/Lambda: BODY_SCOPE (the function's own scope);
- ClassDef, match cases: BODY_SCOPE;
- every expression that is a CFG node (tests, `for` iterables and targets, `with` items,
  `except` handlers, `match` subjects, patterns and guards, `fn.args`, which holds the
  parameters): SCOPE.

A statement's scope includes its nested blocks. Names bound inside functions, lambdas, classes
and comprehensions are local to them; what they read from outside counts as read where they
are defined. Writes to `a.b` or `a[i]` modify those composite names (whose owner is `a`) and
read `a` (and `i`).

>>> import gast
>>> from autograph.pyct import anno, qual_names
>>> tree = qual_names.resolve(gast.parse("for i in xs:\n    s = s + i\n    a.n += 1"))
>>> scope = anno.getanno(resolve(tree).body[0], anno.Static.BODY_SCOPE)
>>> sorted(map(str, scope.read)), sorted(map(str, scope.modified))
(['a', 'a.n', 'i', 's'], ['a.n', 's'])

Limitation: a nested function's writes to its `nonlocal` names are not seen where it is called.
"""

from __future__ import annotations

from typing import Any, Callable

import gast

from autograph.pyct import anno, traversal
from autograph.pyct.qual_names import QN


class Scope:
    """The names a block of code reads and binds (sets of `QN`).

    Attributes:
        parent: the enclosing scope (None at the top).
        isolated: True for the scope of a function, lambda, class or comprehension: the names
            it binds are local to it.
        read: names whose value is read (including by nested functions, as free variables).
        modified: names bound or rebound: assigned, augmented, deleted, loop/with targets,
            imports, def/class names, walrus targets, parameters.
        deleted: names deleted (`del x`); they are in `modified` too.
        params: the parameters a function or lambda binds: in the scope of its `args` and in
            its BODY_SCOPE.
        nested: in an isolated scope, the BODY_SCOPEs of the functions, lambdas and classes
            defined in it (directly, or in its comprehensions, whose own `nested` is empty),
            less the lambdas marked `Basic.CALLED_IN_PLACE`, which cannot be called later.
    """

    __slots__ = ("parent", "isolated", "comprehension", "read", "modified", "deleted", "params",
                 "nested", "_globals", "_nonlocals")

    def __init__(self, parent: Scope | None, isolated: bool = False,
                 comprehension: bool = False):
        self.parent = parent
        self.isolated = isolated
        self.comprehension = comprehension
        self.read: set[QN] = set()
        self.modified: set[QN] = set()
        self.deleted: set[QN] = set()
        self.params: set[QN] = set()
        self.nested: list[Scope] = []
        self._globals: set[QN] = set()
        self._nonlocals: set[QN] = set()

    @property
    def globals(self) -> frozenset[QN]:
        """The names declared `global` in the enclosing function (or class)."""
        return frozenset(self._owner()._globals)

    @property
    def nonlocals(self) -> frozenset[QN]:
        """The names declared `nonlocal` in the enclosing function (or class)."""
        return frozenset(self._owner()._nonlocals)

    @property
    def bound(self) -> frozenset[QN]:
        return frozenset(self.modified | self.params)

    def local_names(self) -> frozenset[QN]:
        """For an isolated scope: the simple names local to it (bound, not global/nonlocal)."""
        return frozenset(q for q in self.bound if q.is_simple) - self.globals - self.nonlocals

    def free_reads(self) -> frozenset[QN]:
        """For an isolated scope: what it reads of the enclosing function's names."""
        local = self.local_names()
        return frozenset(q for q in self.read
                         if q.root not in local and q.root not in self._globals)

    def _owner(self) -> Scope:
        scope = self
        while not scope.isolated and scope.parent is not None:
            scope = scope.parent
        return scope

    def _close(self) -> None:
        """Adds what this scope did to its parent's, as seen from there."""
        if self.parent is None:
            return
        if self.isolated:
            self.parent.read |= self.free_reads()
            return
        parent = self.parent
        parent.read |= self.read
        parent.modified |= self.modified
        if self.deleted:
            parent.deleted |= self.deleted
        if self.params:
            parent.params |= self.params

    def __repr__(self) -> str:
        return f"Scope(read={sorted(self.read)}, modified={sorted(self.modified)})"


def resolve(tree: Any) -> Any:
    """Annotates `tree` (a module, function or statement) with scopes; returns it.

    Raises:
        ValueError: a name has no QN annotation (`qual_names.resolve` has not run).
    """
    _Analyzer().visit(tree)
    return tree


class _Analyzer:
    def __init__(self):
        self.scope = Scope(None, isolated=True)
        self.augmented = False  # visiting the target of `x += ...`: it is read as well

    def _enter(self, isolated: bool = False, comprehension: bool = False) -> Scope:
        self.scope = Scope(self.scope, isolated, comprehension)
        return self.scope

    def _definer(self) -> Scope:
        """The scope of the function (or class) that a definition here is nested in."""
        scope = self.scope
        while not scope.isolated or scope.comprehension:
            scope = scope.parent
        return scope

    def _exit(self) -> Scope:
        scope = self.scope
        scope._close()
        self.scope = scope.parent
        return scope

    def visit(self, node: Any) -> None:
        _METHODS.get(type(node), _Analyzer.generic_visit)(self, node)

    def generic_visit(self, node: Any) -> None:
        for child in traversal.children(node):
            self.visit(child)

    def visit_Constant(self, node: Any) -> None:
        pass  # nothing under it

    # The commonest nodes, visited without listing their children first.
    def visit_Assign(self, node: Any) -> None:
        for target in node.targets:
            self.visit(target)
        self.visit(node.value)

    def visit_BinOp(self, node: Any) -> None:
        self.visit(node.left)
        self.visit(node.right)

    def visit_Compare(self, node: Any) -> None:
        self.visit(node.left)
        for comparator in node.comparators:
            self.visit(comparator)

    # Names ---------------------------------------------------------------------------------
    def _track(self, qn: QN, ctx: Any) -> None:
        scope, kind = self.scope, type(ctx)
        if kind is not gast.Store or self.augmented:  # `del x` needs x's value too
            scope.read.add(qn)
        if kind is not gast.Load:
            scope.modified.add(qn)
        if kind is gast.Del:
            scope.deleted.add(qn)

    def visit_Name(self, node: Any) -> None:
        qn = anno.getanno(node, anno.Basic.QN, None)
        if qn is None:
            raise ValueError(f"name {node.id!r} has no qualified name: run "
                             f"qual_names.resolve(tree) before activity.resolve(tree)")
        self._track(qn, node.ctx)

    def _visit_composite(self, node: Any) -> None:
        augmented, self.augmented = self.augmented, False  # `a` in `a.b += 1` is only read
        self.generic_visit(node)
        self.augmented = augmented
        qn = anno.getanno(node, anno.Basic.QN, None)
        if qn is not None:  # `f().b` has none: nothing to track
            self._track(qn, node.ctx)

    visit_Attribute = visit_Subscript = _visit_composite

    def visit_AugAssign(self, node: Any) -> None:
        self.visit(node.value)
        self.augmented = True
        self.visit(node.target)
        self.augmented = False

    def visit_AnnAssign(self, node: Any) -> None:
        # Annotations of local variables are not evaluated; `x: int` alone binds nothing.
        if node.value is not None:
            self.visit(node.value)
            self.visit(node.target)
        elif not isinstance(node.target, gast.Name):
            self.generic_visit(node.target)  # `a.b: int` still evaluates `a`

    def visit_NamedExpr(self, node: Any) -> None:
        self.visit(node.value)
        scope = self.scope  # a walrus in a comprehension binds in the enclosing function
        while scope.comprehension:
            scope = scope.parent
        scope.modified.add(anno.getanno(node.target, anno.Basic.QN))

    def visit_Global(self, node: Any) -> None:
        self.scope._owner()._globals.update(QN(n) for n in node.names)

    def visit_Nonlocal(self, node: Any) -> None:
        self.scope._owner()._nonlocals.update(QN(n) for n in node.names)

    def _visit_import(self, node: Any) -> None:
        for alias in node.names:
            if alias.name != "*":
                self.scope.modified.add(QN(alias.asname or alias.name.split(".")[0]))

    visit_Import = visit_ImportFrom = _visit_import

    # Blocks of compound statements -----------------------------------------------------------
    def _part(self, node: Any, children: bool = False) -> None:
        """Visits an expression that is a CFG node (or, with `children`, its parts) in a scope
        of its own."""
        scope = self._enter()
        (self.generic_visit if children else self.visit)(node)
        anno.setanno(node, anno.Static.SCOPE, scope)
        self._exit()

    def _block(self, statements: list, owner: Any, key: anno.Static,
               isolated: bool = False) -> None:
        self._enter(isolated)
        for stmt in statements:
            self.visit(stmt)
        anno.setanno(owner, key, self._exit())

    def visit_If(self, node: Any) -> None:
        self._part(node.test)
        self._block(node.body, node, anno.Static.BODY_SCOPE)
        self._block(node.orelse, node, anno.Static.ORELSE_SCOPE)

    visit_While = visit_If

    def visit_For(self, node: Any) -> None:
        self._part(node.iter)
        extra_test = anno.getanno(node, anno.Basic.EXTRA_LOOP_TEST, None)
        if extra_test is not None:
            self._part(extra_test)
        self._part(node.target)
        self._block(node.body, node, anno.Static.BODY_SCOPE)
        self._block(node.orelse, node, anno.Static.ORELSE_SCOPE)

    visit_AsyncFor = visit_For

    def visit_withitem(self, node: Any) -> None:
        self._part(node, children=True)

    def visit_ExceptHandler(self, node: Any) -> None:
        scope = self._enter()
        for part in (node.type, node.name):  # gast makes the name a Name node (Store)
            if part is not None:
                self.visit(part)
        anno.setanno(node, anno.Static.SCOPE, scope)
        self._exit()
        for stmt in node.body:
            self.visit(stmt)

    def visit_Match(self, node: Any) -> None:
        self._part(node.subject)
        for case in node.cases:
            self._part(case.pattern)
            if case.guard is not None:
                self._part(case.guard)
            self._block(case.body, case, anno.Static.BODY_SCOPE)

    def _visit_capture(self, node: Any) -> None:
        # Patterns that bind a name: MatchAs, MatchStar (`name`), MatchMapping (`rest`).
        self.generic_visit(node)
        name = getattr(node, "name", None) or getattr(node, "rest", None)
        if name is not None:
            self.scope.modified.add(QN(name))

    visit_MatchAs = visit_MatchStar = visit_MatchMapping = _visit_capture

    # Functions, classes, comprehensions ------------------------------------------------------
    def _visit_function(self, node: Any) -> None:
        for expr in evaluated_where_defined(node):
            self.visit(expr)
        if not isinstance(node, gast.Lambda):
            self.scope.modified.add(QN(node.name))
        definer = self._definer()
        body = self._enter(isolated=True)
        if not anno.getanno(node, anno.Basic.CALLED_IN_PLACE, False):
            definer.nested.append(body)
        args = self._enter()
        for param in parameters(node.args):
            args.params.add(anno.getanno(param, anno.Basic.QN))
        args.modified |= args.params
        anno.setanno(node.args, anno.Static.SCOPE, args)
        self._exit()
        for part in (node.body if isinstance(node.body, list) else [node.body]):
            self.visit(part)
        anno.setanno(node, anno.Static.BODY_SCOPE, body)
        self._exit()

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = _visit_function

    def visit_ClassDef(self, node: Any) -> None:
        for expr in evaluated_where_defined(node):
            self.visit(expr)
        self.scope.modified.add(QN(node.name))
        definer = self._definer()
        self._block(node.body, node, anno.Static.BODY_SCOPE, isolated=True)
        definer.nested.append(anno.getanno(node, anno.Static.BODY_SCOPE))

    def _visit_comprehension(self, node: Any) -> None:
        self.visit(node.generators[0].iter)  # evaluated in the enclosing scope
        self._enter(isolated=True, comprehension=True)
        for i, generator in enumerate(node.generators):
            if i:
                self.visit(generator.iter)
            self.visit(generator.target)
            for condition in generator.ifs:
                self.visit(condition)
        for part in ((node.key, node.value) if isinstance(node, gast.DictComp) else (node.elt,)):
            self.visit(part)
        self._exit()

    visit_ListComp = visit_SetComp = visit_GeneratorExp = visit_DictComp = _visit_comprehension


def _in_own_scope(visit: Callable[[_Analyzer, Any], None]) -> Callable[[_Analyzer, Any], None]:
    """`visit` for a statement: in a scope of its own, which becomes its SCOPE."""
    def visit_statement(analyzer: _Analyzer, node: Any) -> None:
        scope = analyzer.scope = Scope(analyzer.scope)
        visit(analyzer, node)
        scope._close()
        analyzer.scope = scope.parent
        anno.setanno(node, anno.Static.SCOPE, scope)
    return visit_statement


def _visit_method(kind: type) -> Callable[[_Analyzer, Any], None]:
    visit = getattr(_Analyzer, "visit_" + kind.__name__, _Analyzer.generic_visit)
    return _in_own_scope(visit) if issubclass(kind, gast.stmt) else visit


_METHODS = {kind: _visit_method(kind) for kind in vars(gast).values()
            if isinstance(kind, type) and issubclass(kind, gast.AST)}


def parameters(args: Any) -> list[Any]:
    """The parameter Name nodes of a gast `arguments`, in order."""
    params = list(args.posonlyargs) + list(args.args) + ([args.vararg] if args.vararg else [])
    return params + list(args.kwonlyargs) + ([args.kwarg] if args.kwarg else [])


def evaluated_where_defined(node: Any) -> list[Any]:
    """What a def, lambda or class evaluates where it is defined, not when called: its
    decorators, default values, annotations, return annotation, bases and keywords."""
    parts = list(getattr(node, "decorator_list", []))  # a lambda has none
    if isinstance(node, gast.ClassDef):
        return parts + node.bases + [k.value for k in node.keywords]
    args = node.args
    parts += list(args.defaults) + [d for d in args.kw_defaults if d is not None]
    parts += [p.annotation for p in parameters(args) if getattr(p, "annotation", None)]
    return parts + ([node.returns] if getattr(node, "returns", None) else [])
