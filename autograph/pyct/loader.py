"""Turning a converted AST into a live function, with its source and a map back to user lines.

`compile_function` compiles the converted function without making its text: `layout.to_ast`
gives every node the line `ast.unparse` will print it at, so the code's line numbers, the
`SourceMap` (generated line -> the user's file and line, from the same walk) and the text
agree. The text is unparsed on first use: `to_code` asks for it, and so does `linecache`
(tracebacks, `pdb`) under the generated file name. `instantiate` builds a function that
shares the original's globals dict and closure cells, so later changes to either are seen.
`unparse` gives readable source of any gast node with the standard library's `ast.unparse`.

Until its text is made, a converted tree stays alive as nodes: about 470 objects per
converted function that each full collection of Python's garbage collector walks (the
`gc_after_conversions` part of `benchmarks/tracing.py`, run alone: a full collection after
1 000 conversions takes 245 ms, and 18 ms with the trees pickled). Pickling them would cost
6% of a cold conversion (7.8 ms against 7.3 ms, `benchmarks/conversion.py`), paid by every
first call, while a program in its steady state seldom runs a full collection.

>>> import gast
>>> tree = gast.parse("def f(x):\\n    return (x + 1)")
>>> print(unparse(tree))
def f(x):
    return x + 1
"""

from __future__ import annotations
import __future__

import ast
import collections.abc
import copy
import dataclasses
import functools
import itertools
import linecache
import operator
import types
from typing import Any, Callable

import gast

from autograph.pyct import layout

_counter = itertools.count()
GENERATED_PREFIX = "<autograph: "  # file names of generated code


@dataclasses.dataclass
class SourceMap:
    """Generated line -> (user file, user line) for one converted function."""

    generated_file: str
    lines: dict[int, tuple[str, int]]

    def lookup(self, generated_line: int) -> tuple[str, int] | None:
        return self.lines.get(generated_line)


def unparse(node: Any) -> str:
    """Readable Python source for a gast node (a module, statement or expression)."""
    tree: ast.AST
    if isinstance(node, gast.Module):
        tree = layout.to_ast(node)[0]
    elif isinstance(node, gast.stmt):
        tree = layout.to_ast(gast.Module(body=[node], type_ignores=[]))[0]
    else:
        tree = layout.expression_to_ast(node)
    return ast.unparse(tree).strip("\n")


_FUTURE_FLAGS = functools.reduce(operator.or_, (
    getattr(__future__, name).compiler_flag for name in __future__.all_feature_names))


def compile_function(function_node: Any, original: Callable, user_file: str,
                     extra_names: list[str]) -> tuple[types.CodeType, Callable[[], str],
                                                      SourceMap]:
    """Compiles a converted gast FunctionDef; `instantiate` turns the code into a function.

    It is compiled inside a factory, `def factory(<free names>): <def>; return <name>`, so
    its free variables (the original's, and `extra_names` such as `ag__`) are the factory's
    parameters, and the inner code object can be bound to any closure of the original code.

    Returns:
        (the converted function's code object, a function giving its source as `to_code`
        shows it (unparsed when called), its source map).
    """
    freevars = list(original.__code__.co_freevars)
    params = freevars + sorted(n for n in extra_names if n not in freevars)
    # A fresh name inside the factory: a recursive call of `f` must reach the global `f`
    # (or the original's closure), not the factory's local of the same name.
    inner_name = f"{function_node.name}__converted"
    module, origins = layout.to_ast(_factory(function_node, inner_name, params))
    generated_file = (f"{GENERATED_PREFIX}{function_node.name} from {user_file}"
                      f"#{next(_counter)}>")
    source_map = SourceMap(generated_file, {line: (user_file, origin)
                                            for line, origin in origins.items()})
    # (size, mtime, lines, name): without an mtime, `linecache.checkcache` keeps the entry.
    linecache.cache[generated_file] = (  # type: ignore[assignment]  # lines read lazily
        None, None, _UnparsedLines(module), generated_file)
    # The user's `from __future__` flags, not this module's (postponed annotations here would
    # turn the annotations of the user's nested functions into strings).
    code = compile(module, generated_file, "exec", dont_inherit=True,
                   flags=original.__code__.co_flags & _FUTURE_FLAGS)
    factory_code = next(c for c in code.co_consts if isinstance(c, types.CodeType))
    inner = next(c for c in factory_code.co_consts if isinstance(c, types.CodeType)
                 and c.co_name == inner_name)
    names: dict[str, Any] = {"co_name": original.__name__}
    if hasattr(inner, "co_qualname"):  # Python 3.11+
        names["co_qualname"] = original.__qualname__
    factory_def: Any = module.body[0]
    source = functools.partial(_function_source, factory_def.body[0], function_node.name)
    return inner.replace(**names), source, source_map


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


def _factory(function_node: Any, inner_name: str, params: list[str]) -> Any:
    """The module `def <inner_name>__factory(<params>): <the function, renamed>; return
    <inner_name>`, built from nodes: parsing a template would cost about as much as
    compiling it."""
    inner = copy.copy(function_node)
    inner.name = inner_name
    arguments = gast.arguments(args=[gast.Name(p, gast.Param(), None, None) for p in params],
                               posonlyargs=[], vararg=None, kwonlyargs=[], kw_defaults=[],
                               kwarg=None, defaults=[])
    factory = gast.FunctionDef(name=f"{inner_name}__factory", args=arguments,
                               body=[inner, gast.Return(gast.Name(inner_name, gast.Load(),
                                                                  None, None))],
                               decorator_list=[], returns=None, type_comment=None,
                               type_params=[])
    return gast.Module(body=[factory], type_ignores=[])


def _function_source(function: ast.FunctionDef, name: str) -> str:
    """The converted function's text under the user's name (`function` is the renamed
    inner function of the factory)."""
    renamed = copy.copy(function)
    renamed.name = name
    return ast.unparse(renamed) + "\n"


class _UnparsedLines(collections.abc.Sequence):
    """The lines of a generated module for `linecache`, unparsed when first read.

    `linecache` resolves its own lazy entries only for names not written `<...>`, and `pdb`
    takes any other name for a path (it then shows lines of the user's module), so the
    entry is a complete one whose lines are made on first use.
    """

    def __init__(self, module: ast.Module):
        self._module = module

    @functools.cached_property
    def _lines(self) -> list[str]:
        return (ast.unparse(self._module) + "\n").splitlines(True)

    def __getitem__(self, index: Any) -> Any:
        return self._lines[index]

    def __len__(self) -> int:
        return len(self._lines)
