"""Syntax the converter cannot handle is reported at once, with what to write instead.

Before:

    def f(xs):
        for x in xs:
            yield x * 2

After: no code, but an error naming the construct, the file and its line:

    UnsupportedLanguageElementError: example.py:3: `yield` makes `f` a generator, which cannot
    be converted: its loops and branches become functions ... collect the values in a list and
    return it.

Rejected: generators (`yield`, `yield from`; an `UnsupportedLanguageElementError`, the
`ConversionError` that is also a `NotImplementedError`, as TensorFlow's is), `async` code,
class definitions, `match`, `global`/`nonlocal` names assigned in a loop or branch, `break` or
`continue` leaving a `finally` block, and a `return` there that returns on some paths only, or
under an `if`, `while` or `for`, when the `try` may raise (a `raise`, or a call of user code)
around code that may become graph control flow (Python discards the exception; see
return_statements). One error is raised at a time, naming the line of the construct; nothing
is changed when none is found.
"""

from __future__ import annotations

from typing import Any

import gast

from autograph.converters import call_trees, return_statements
from autograph.pyct.errors import UnsupportedLanguageElementError
from autograph.pyct.transformer import Base, EntityContext

# What the pipeline looks for before running this converter (node types, or names of
# variables and attributes; see transpiler.py), and what the code it writes may add.
# (`await`, `async for` and `async with` compile only inside an `async def`, refused first.)
TRIGGERS = frozenset({gast.AsyncFunctionDef, gast.Yield, gast.YieldFrom, gast.ClassDef,
                      gast.Match, gast.Global, gast.Nonlocal, gast.Try,
                      getattr(gast, "TryStar", gast.Try)})
PRODUCES: frozenset = frozenset()

_CONTROL_FLOW = (gast.If, gast.While, gast.For)
_FUNCTIONS = (gast.FunctionDef, gast.AsyncFunctionDef, gast.Lambda)
_WHY_BODIES = ("a converted `if`, `while` or `for` runs its bodies as nested functions that "
               "take their variables as arguments and return them")


class Unsupported(Base):
    def __init__(self, ctx: EntityContext):
        super().__init__(ctx)
        self.functions: list[Any] = []  # enclosing function definitions, innermost last

    def visit_FunctionDef(self, node: Any) -> Any:
        self.functions.append(node)
        self._check_declared_names(node)
        self.generic_visit(node)
        self.functions.pop()
        return node

    def visit_AsyncFunctionDef(self, node: Any) -> Any:
        raise self.error(node, f"`async def {node.name}` cannot be converted: coroutines are "
                               f"not supported. Write a plain function, and await its "
                               f"results outside the converted code.")

    def visit_Yield(self, node: Any) -> Any:
        raise self.error(node, f"`yield` makes `{self._function_name()}` a generator, which "
                               f"cannot be converted: {_WHY_BODIES}, so a `yield` there would "
                               f"not yield from it. Collect the values in a list and return "
                               f"it.", UnsupportedLanguageElementError)

    def visit_YieldFrom(self, node: Any) -> Any:
        raise self.error(node, f"`yield from` makes `{self._function_name()}` a generator, "
                               f"which cannot be converted. Collect the values in a list and "
                               f"return it.", UnsupportedLanguageElementError)

    def visit_ClassDef(self, node: Any) -> Any:
        raise self.error(node, f"class `{node.name}` is defined inside the converted function; "
                               f"class definitions cannot be converted. Define the class at "
                               f"module level: its methods are converted when called.")

    def visit_Match(self, node: Any) -> Any:
        raise self.error(node, "`match` statements cannot be converted. Use `if`/`elif` "
                               "instead, which become graph conditionals for tensors.")

    def visit_Try(self, node: Any) -> Any:
        jump = _jump_out_of(node.finalbody)
        if isinstance(jump, gast.Return) and not return_statements.plain_try(node) and not (
                return_statements.finally_always_returns(node)) and any(
                isinstance(n, gast.Raise) or isinstance(n, gast.Call) and self.functions
                and call_trees.calls_user_code(n, self.ctx, call_trees.bound_names(
                    self.functions[-1]))
                for n in _own_nodes(node.body + node.orelse + node.handlers)):
            error = self.error(jump, "`return` inside a `finally` block of a `try` that may "
                                   "raise, around code that may become graph control flow, "
                                   "cannot be converted: Python discards the exception, and "
                                   "the converted code cannot tell it from an error of the "
                                   "trace, which it must not discard. Move the `return` after "
                                   "the `try` statement.")
            error.unconverted_fallback = False
            raise error
        if jump is not None and not isinstance(jump, gast.Return):
            keyword = type(jump).__name__.lower()
            error = self.error(jump, f"`{keyword}` leaving a `finally` block cannot be "
                                     f"converted: it would discard an exception the `try` "
                                     f"raises, which the converted code must see (Python 3.14 "
                                     f"warns against it too, PEP 765). Move the `{keyword}` "
                                     f"after the `try` statement.")
            error.unconverted_fallback = False  # unconverted, it would discard trace errors
            raise error
        return self.generic_visit(node)

    visit_TryStar = visit_Try

    # Pieces ----------------------------------------------------------------------------------
    def _check_declared_names(self, function: Any) -> None:
        """`global`/`nonlocal` names of `function` assigned inside one of its loops or
        branches: they cannot travel as state, which is passed in and returned."""
        declared = {}
        for stmt in _own_nodes(function.body):
            if isinstance(stmt, (gast.Global, gast.Nonlocal)):
                keyword = "global" if isinstance(stmt, gast.Global) else "nonlocal"
                declared.update({name: keyword for name in stmt.names})
        if not declared:
            return
        for stmt in _own_nodes(function.body):
            if not isinstance(stmt, _CONTROL_FLOW):
                continue
            targets = [stmt.target] if isinstance(stmt, gast.For) else []
            for name_node in _own_nodes(targets + stmt.body + stmt.orelse):
                if (isinstance(name_node, gast.Name) and name_node.id in declared
                        and isinstance(name_node.ctx, (gast.Store, gast.Del))):
                    keyword, name = declared[name_node.id], name_node.id
                    raise self.error(name_node, (
                        f"{keyword} variable `{name}` is assigned inside the "
                        f"`{_keyword(stmt)}` at line {stmt.lineno}, which cannot be "
                        f"converted: {_WHY_BODIES}, and a {keyword} name cannot be passed "
                        f"that way. Compute the value in a local variable and assign "
                        f"`{name}` after the `{_keyword(stmt)}`."))

    def _function_name(self) -> str:
        return self.functions[-1].name if self.functions else "the function"


def _own_nodes(statements: list) -> list[Any]:
    """Every node under `statements`, not entering nested functions, lambdas or classes."""
    found, stack = [], list(reversed(statements))
    while stack:
        node = stack.pop()
        found.append(node)
        if isinstance(node, _FUNCTIONS + (gast.ClassDef,)):
            continue
        stack.extend(reversed(list(gast.iter_child_nodes(node))))
    return found


def _jump_out_of(statements: list) -> Any:
    """A `return`, or a `break` or `continue` outside any loop of `statements`, leaving them
    (nested functions and classes aside)."""
    pending = [(s, False) for s in statements]
    while pending:
        node, in_loop = pending.pop()
        if isinstance(node, gast.Return) or (
                isinstance(node, (gast.Break, gast.Continue)) and not in_loop):
            return node
        if isinstance(node, _FUNCTIONS + (gast.ClassDef,)):
            continue
        inner = in_loop or isinstance(node, (gast.For, gast.While))
        pending.extend((child, inner) for child in gast.iter_child_nodes(node))
    return None


def _keyword(node: Any) -> str:
    return {gast.If: "if", gast.While: "while", gast.For: "for"}[type(node)]


def transform(node: Any, ctx: EntityContext) -> Any:
    return Unsupported(ctx).visit(node)
