"""Shrinks a failing program to a small one that fails the same way.

Greedy, over Python's `ast`: try deleting a statement, replacing a compound statement by one
of its bodies, dropping an `else`, dropping an element of a returned tuple, replacing an
expression by one of its operands or a constant by 0 or 1; keep the first candidate that
still fails (`fails_like(key)`: the same failure class), and start again until nothing
smaller fails. Then try smaller arguments.
"""

from __future__ import annotations

import ast
import copy
import time
from typing import Callable, Iterator

from tests.differential import runner

_BODIES = ("body", "orelse", "finalbody")


def failing_key(result: runner.Result, stage: str) -> tuple | None:
    """What a shrunk program must keep: whether Python raised, and `stage`'s failure class."""
    outcome = result.to_graph if stage == "to_graph" else result.function
    return (result.python_raised,) + outcome.key if outcome is not None else None


def fails_like(key: tuple) -> Callable[[str, tuple], bool]:
    """A predicate: does a program, run on the given arguments, fail with `key` (a
    `failing_key`)?"""
    def fails(source: str, args: tuple) -> bool:
        return failing_key(runner.run(source, args, stages=(key[1],)), key[1]) == key
    return fails


def shrink(source: str, args: tuple, fails: Callable[[str, tuple], bool],
           budget_s: float = 30.0) -> tuple:
    """The smallest (source, args) found within `budget_s` for which `fails` still holds.
    A candidate whose loop no longer ends in plain Python, or that is not Python, fails not."""
    deadline = time.monotonic() + budget_s

    def still_fails(candidate: str, candidate_args: tuple) -> bool:
        try:
            return fails(candidate, candidate_args)
        except (runner._Timeout, SyntaxError):
            return False

    tree = ast.parse(source)
    start, improved = 0, True
    while improved and time.monotonic() < deadline:
        improved = False
        # After a cut, go on from where it was made: the cuts before it were tried already.
        for index, candidate in enumerate(_candidates(tree)):
            if time.monotonic() > deadline:
                break
            if index < start or _order(candidate) >= _order(tree):
                continue  # a cut can give the same program back (an emptied body's `pass`)
            if still_fails(ast.unparse(candidate) + "\n", args):
                tree, start, improved = candidate, index, True
                break
        if not improved and start > 0:
            start, improved = 0, True  # one more pass from the top
    source = ast.unparse(tree) + "\n"
    for smaller in sorted({(0, 0), (1, 0), (0, 1), (1, 1), (2, 0), (0, 2), (2, 2)},
                          key=sum):
        if sum(smaller) >= sum(args) or time.monotonic() > deadline:
            break
        if still_fails(source, smaller):
            return source, smaller
    return source, args


def _order(tree: ast.Module) -> tuple:
    """Smaller is simpler: fewer nodes, then shorter text, then smaller constants."""
    text = ast.unparse(tree)
    return sum(1 for _ in ast.walk(tree)), len(text), text


def size(source: str) -> int:
    """How big a program is: its number of AST nodes."""
    return sum(1 for _ in ast.walk(ast.parse(source)))


def _candidates(tree: ast.Module) -> Iterator[ast.Module]:
    """Smaller variants of `tree`, the biggest cuts first."""
    nodes = list(ast.walk(tree.body[0]))
    for index in range(len(nodes)):
        yield from _edit(tree, index, _statement_cuts)
    fixed = _fixed(nodes)
    for index in range(len(nodes)):
        if id(nodes[index]) not in fixed:
            yield from _edit(tree, index, _expression_cuts)


def _fixed(nodes: list) -> set:
    """Ids of the expressions a constant must not replace: what is called, indexed or
    entered, and exception types; `with 0:` or `0[1] = x` fail for reasons of their own."""
    fixed = set()
    for node in nodes:
        if isinstance(node, ast.Call):
            fixed.add(id(node.func))
        elif isinstance(node, (ast.Subscript, ast.Attribute)):
            fixed.add(id(node.value))
        elif isinstance(node, ast.With):
            fixed.update(id(item.context_expr) for item in node.items)
        elif isinstance(node, ast.ExceptHandler) and node.type is not None:
            fixed.add(id(node.type))
    return fixed


def _edit(tree: ast.Module, index: int, cuts: Callable) -> Iterator[ast.Module]:
    """For the `index`-th node of a copy of `tree`, each variant `cuts` makes of it."""
    probe = copy.deepcopy(tree)
    node = list(ast.walk(probe.body[0]))[index]
    for variant in range(cuts(node, None)):
        candidate = copy.deepcopy(tree)
        target = list(ast.walk(candidate.body[0]))[index]
        if cuts(target, variant) is not False:
            yield candidate


def _statement_cuts(node: ast.AST, variant: int | None):
    """With `variant` None, how many cuts `node` offers; else makes cut `variant` in place."""
    options = []
    for field in _BODIES:
        statements = getattr(node, field, None)
        if isinstance(statements, list):
            for position in range(len(statements)):
                options.append(("delete", field, position))
            for position, statement in enumerate(statements):
                for inner in _BODIES + ("handlers",):
                    if getattr(statement, inner, None):
                        options.append(("inline", field, position, inner))
    if isinstance(node, (ast.If, ast.For, ast.While)) and node.orelse:
        options.append(("no_else",))
    if variant is None:
        return len(options)
    option = options[variant]
    if option[0] == "delete":
        statements = getattr(node, option[1])
        del statements[option[2]]
        if not statements and option[1] == "body":
            statements.append(ast.Pass())
    elif option[0] == "inline":
        statements = getattr(node, option[1])
        inner = getattr(statements[option[2]], option[3])
        if option[3] == "handlers":
            inner = inner[0].body
        statements[option[2]:option[2] + 1] = inner
    else:
        node.orelse = []
    return None


def _expression_cuts(node: ast.AST, variant: int | None):
    options = []
    if isinstance(node, ast.BinOp):
        options = [("replace", "left"), ("replace", "right")]
    elif isinstance(node, ast.BoolOp):
        options = [("pick", i) for i in range(len(node.values))]
    elif isinstance(node, ast.UnaryOp):
        options = [("replace", "operand")]
    elif isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple):
        options = [("drop", i) for i in range(len(node.value.elts))]
    elif isinstance(node, ast.Constant) and isinstance(node.value, int) and node.value > 1:
        options = [("constant", 0), ("constant", 1)]
    elif isinstance(node, (ast.Compare, ast.Name, ast.Subscript, ast.Attribute)) and (
            isinstance(getattr(node, "ctx", ast.Load()), ast.Load)):
        options = [("constant", 0), ("constant", 1)]
    if variant is None:
        return len(options)
    kind, value = options[variant]
    if kind == "drop":
        del node.value.elts[value]
        if len(node.value.elts) == 1:
            node.value = node.value.elts[0]
    elif kind == "replace":
        _become(node, getattr(node, value))
    elif kind == "pick":
        _become(node, node.values[value])
    else:
        _become(node, ast.Constant(value))
    return None


def _become(node: ast.AST, replacement: ast.AST) -> None:
    """Turns `node` into a copy of `replacement` (so its parent needs no change)."""
    replacement = copy.deepcopy(replacement)
    node.__class__ = replacement.__class__
    node.__dict__.clear()
    node.__dict__.update(replacement.__dict__)
    for attribute in ("lineno", "col_offset", "end_lineno", "end_col_offset"):
        setattr(node, attribute, getattr(replacement, attribute, 1) or 1)
