"""The standard library's AST to gast in one walk: the tree `gast.ast_to_gast` gives, faster.

gast's own converter is a generic `NodeTransformer` that builds every node through gast's
Python `__init__`. Here each node is a new gast node of the same name holding a copy of the
ast node's attribute dict (its fields and positions, as the parser set them), in which the
fields holding nodes are converted. What gast changes besides the classes (`gast/ast3.py`):

- `arg` becomes `Name(ctx=Param())`, and every `Name` gains `annotation` and `type_comment`;
- a named `ExceptHandler` gets `Name(ctx=Store())`, with no position, instead of a string;
- on Python 3.10-3.11 defs and classes gain `type_params=[]`, and on 3.12 type parameters
  gain `default_value=None`.

A node of a class that gast does not mirror (a future Python's) is converted by gast itself.
It mirrors gast's private conversion rules, so tests/autograph/pyct/test_gast_from_ast.py
guards it: every module of the project, its goldens and tests (the conformance programs among
them) and a part of the standard library convert exactly as `gast.ast_to_gast` converts them.

>>> import ast
>>> tree = ast_to_gast(ast.parse("def f(x):\\n    return x"))
>>> gast.dump(tree) == gast.dump(gast.ast_to_gast(ast.parse("def f(x):\\n    return x")))
True
>>> type(tree.body[0].args.args[0]).__name__, type(tree.body[0].args.args[0].ctx).__name__
('Name', 'Param')
"""

from __future__ import annotations

import ast
from typing import Any, Callable

import gast


def ast_to_gast(node: ast.AST) -> Any:
    """The gast tree of a tree made by `ast.parse` (which it leaves as it is)."""
    return _CONVERTERS[type(node)](node)


def _converter(gast_class: Any, fields: tuple[str, ...],
               defaults: dict[str, Callable[[], Any]]) -> Callable[[ast.AST], Any]:
    """Converts a node to `gast_class`: a copy of its dict with the nodes in `fields`
    converted, and the fields in `defaults` that this Python's ast lacks added."""
    new = gast_class.__new__
    converters = _CONVERTERS

    def convert(node: ast.AST) -> Any:
        values = node.__dict__.copy()
        for field in fields:
            value = values[field]
            if type(value) is list:
                values[field] = [c(v) if (c := converters[type(v)]) else v for v in value]
            elif convert_value := converters[type(value)]:
                values[field] = convert_value(value)
        if defaults:
            values.update((field, default()) for field, default in defaults.items())
        converted = new(gast_class)
        converted.__dict__ = values
        return converted
    return convert


def _leaf(gast_class: Any) -> Callable[[ast.AST], Any]:
    """Converts a context or an operator: a new instance for every node, as gast does."""
    return lambda node: gast_class.__new__(gast_class)


def _name(node: ast.Name) -> gast.Name:
    values = node.__dict__.copy()
    ctx = values["ctx"]
    values["ctx"] = _CONVERTERS[type(ctx)](ctx)
    values["annotation"] = values["type_comment"] = None
    converted = gast.Name.__new__(gast.Name)
    converted.__dict__ = values
    return converted


def _arg(node: ast.arg) -> gast.Name:
    """A parameter: a Name in the Param context."""
    values = node.__dict__.copy()
    values["id"] = values.pop("arg")
    values["ctx"] = gast.Param()
    annotation = values["annotation"]
    if annotation is not None:
        values["annotation"] = _CONVERTERS[type(annotation)](annotation)
    converted = gast.Name.__new__(gast.Name)
    converted.__dict__ = values
    return converted


def _except_handler(node: ast.ExceptHandler) -> gast.ExceptHandler:
    converted = _convert_handler(node)
    if converted.name is not None:
        converted.name = gast.Name(converted.name, gast.Store(), None, None)
    return converted


class _Converters(dict):
    """ast class -> its converter, or None for a type that holds no nodes (`str`, `int`...),
    classified on first sight."""

    def __missing__(self, node_type: type) -> Callable[[Any], Any] | None:
        convert = gast.ast_to_gast if issubclass(node_type, ast.AST) else None
        self[node_type] = convert  # an ast class here is one gast does not mirror
        return convert


def _mirrors() -> dict[type[Any], type[Any]]:
    """ast class -> the gast class of the same name, for the classes gast defines."""
    pairs = {}
    for name, gast_class in vars(gast).items():
        ast_class = getattr(ast, name, None)
        if (isinstance(gast_class, type) and gast_class is not ast_class
                and isinstance(ast_class, type) and issubclass(ast_class, ast.AST)):
            pairs[ast_class] = gast_class
    return pairs


def _defaults(ast_class: type[Any]) -> dict[str, Callable[[], Any]]:
    """The fields gast adds to nodes of `ast_class` on this Python, with their values."""
    if ast_class in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
        added: dict[str, Callable[[], Any]] = {"type_params": list}
    elif ast_class.__name__ in ("TypeVar", "ParamSpec", "TypeVarTuple"):
        added = {"default_value": lambda: None}
    else:
        return {}
    return {f: v for f, v in added.items() if f not in ast_class._fields}


_CONVERTERS = _Converters()
for _ast_class, _gast_class in _mirrors().items():
    if _ast_class._fields or _ast_class._attributes:
        _CONVERTERS[_ast_class] = _converter(_gast_class, _ast_class._fields,
                                             _defaults(_ast_class))
    else:
        _CONVERTERS[_ast_class] = _leaf(_gast_class)
_convert_handler = _CONVERTERS[ast.ExceptHandler]
_CONVERTERS.update({ast.Name: _name, ast.arg: _arg, ast.ExceptHandler: _except_handler})
