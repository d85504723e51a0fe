"""Turning a converted AST into source and a live function, with a map back to user lines.

`unparse` uses the standard library's `ast.unparse` (after `gast.gast_to_ast`), not
`astunparse`, for readable output on every supported Python. `load_function` compiles the
converted function under a file name registered in `linecache` (so tracebacks and `pdb` show
the generated code) and builds a function that shares the original's globals dict and closure
cells, so later changes to either are seen. Its `SourceMap` maps each generated line to the
user's file and line: nodes keep their original line numbers until unparsing; after it, the
generated source is parsed again and walked in step with the unparsed tree.

>>> import gast
>>> tree = gast.parse("def f(x):\\n    return (x + 1)")
>>> print(unparse(tree))
def f(x):
    return x + 1
"""

from __future__ import annotations

import ast
import dataclasses
import itertools
import linecache
import textwrap
import types
from typing import Any, Callable

import gast

_counter = itertools.count()
GENERATED_PREFIX = "<autograph: "  # file names of generated code


@dataclasses.dataclass
class SourceMap:
    """Generated line -> (user file, user line) for one converted function."""

    generated_file: str
    lines: dict[int, tuple[str, int]]

    def lookup(self, generated_line: int) -> tuple[str, int] | None:
        return self.lines.get(generated_line)


def to_ast(node: Any) -> Any:
    """A standard-library AST for a gast node, with locations filled in."""
    tree = gast.gast_to_ast(node)
    ast.fix_missing_locations(tree)
    return tree


def unparse(node: Any) -> str:
    """Readable Python source for a gast node (a module, statement or expression)."""
    return ast.unparse(to_ast(node)).strip("\n")


def compile_function(function_node: Any, original: Callable, user_file: str,
                     extra_names: list[str]) -> tuple[types.CodeType, str, SourceMap]:
    """Compiles a converted gast FunctionDef; `instantiate` turns the code into a function.

    It is compiled inside a factory, `def factory(<free names>): <def>; return <name>`, so
    its free variables (the original's, and `extra_names` such as `ag__`) are the factory's
    parameters, and the inner code object can be bound to any closure of the original code.

    Returns:
        (the converted function's code object, its source as `to_code` shows it, its source
        map).
    """
    function_name = function_node.name
    freevars = list(original.__code__.co_freevars)
    params = freevars + sorted(n for n in extra_names if n not in freevars)
    function_ast = to_ast(function_node)
    function_source = ast.unparse(function_ast) + "\n"
    # A fresh name inside the factory: a recursive call of `f` must reach the global `f`
    # (or the original's closure), not the factory's local of the same name.
    inner_name = f"{function_name}__converted"
    renamed = function_source.replace(f"def {function_name}(", f"def {inner_name}(", 1)
    source = (f"def {inner_name}__factory({', '.join(params)}):\n"
              + textwrap.indent(renamed, "    ") + f"    return {inner_name}\n")
    generated_file = f"{GENERATED_PREFIX}{function_name} from {user_file}#{next(_counter)}>"
    reparsed = ast.parse(source)  # once: for the line map, and compiled as it is
    source_map = SourceMap(generated_file,
                           _line_map(function_ast, reparsed.body[0].body[0], user_file))
    linecache.cache[generated_file] = (len(source), None, source.splitlines(True),
                                       generated_file)
    code = compile(reparsed, generated_file, "exec")
    function_name = inner_name
    factory_code = next(c for c in code.co_consts if isinstance(c, types.CodeType))
    inner = next(c for c in factory_code.co_consts if isinstance(c, types.CodeType)
                 and c.co_name == function_name)
    names = {"co_name": original.__name__}
    if hasattr(inner, "co_qualname"):  # Python 3.11+
        names["co_qualname"] = original.__qualname__
    return inner.replace(**names), function_source, source_map


def instantiate(code: types.CodeType, original: Callable,
                namespace: dict[str, Any]) -> Callable:
    """A function running `code` over `original`'s globals dict and closure cells (so later
    changes to either are seen), with new cells for the names in `namespace`."""
    cells = _cells(code.co_freevars, original, namespace)
    fn = types.FunctionType(code, original.__globals__, original.__name__,
                            original.__defaults__, cells)
    fn.__kwdefaults__ = original.__kwdefaults__
    fn.__qualname__ = original.__qualname__
    fn.__doc__ = original.__doc__
    fn.__module__ = original.__module__
    fn.__dict__.update(original.__dict__)
    return fn


def _cells(names: tuple[str, ...], original: Callable, namespace: dict[str, Any]) -> tuple:
    existing = dict(zip(original.__code__.co_freevars, original.__closure__ or ()))
    cells = []
    for name in names:
        if name in existing:
            cells.append(existing[name])
        elif name in namespace:
            cells.append(types.CellType(namespace[name]))
        else:
            cells.append(types.CellType())  # an outer name the original never bound
    return tuple(cells)


def _line_map(tree: Any, reparsed: Any, user_file: str) -> dict[int, tuple[str, int]]:
    """Walks the unparsed tree and its re-parse in step: generated line -> original line."""
    mapping: dict[int, tuple[str, int]] = {}
    for before, after in zip(ast.walk(tree), ast.walk(reparsed)):
        if type(before) is not type(after):
            break  # unparsing normalised something; stop rather than guess
        line = getattr(after, "lineno", None)
        original = getattr(before, "lineno", None)
        if line is not None and original is not None and line not in mapping:
            mapping[line] = (user_file, original)
    return mapping
