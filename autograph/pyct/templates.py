"""Code templates: valid Python strings whose placeholder names are replaced by AST nodes.

    replace("target = ag__.if_stmt(test, body, orelse, state, names)",
            target=..., test=node, body="if_body", ...)

A replacement may be a name (str), an AST node, or a list of nodes (for a placeholder that
stands alone as a statement, or in a body). Names keep the context (load/store) they have in
the template. Templates are parsed once and cached.

>>> from autograph.pyct.loader import unparse
>>> [stmt] = replace("x = a + 1", a="count")
>>> unparse(stmt)
'x = count + 1'
"""

from __future__ import annotations

import copy
import functools
import textwrap
from typing import Any

import gast


@functools.lru_cache(maxsize=256)
def _parsed(template: str) -> Any:
    return _without_locations(gast.parse(textwrap.dedent(template)))


def replace(template: str, **replacements: Any) -> list[Any]:
    """The statements of `template` with each placeholder name replaced."""
    module = copy_tree(_parsed(template))
    body = _Replacer(replacements).visit(module).body
    return body


def replace_as_expression(template: str, **replacements: Any) -> Any:
    """The single expression of `template` with placeholders replaced."""
    [stmt] = replace(template, **replacements)
    if not isinstance(stmt, gast.Expr):
        raise ValueError(f"template {template!r} is not an expression")
    return stmt.value


def copy_tree(node: Any) -> Any:
    """A deep copy of a gast tree (much faster than `copy.deepcopy` on ASTs)."""
    if isinstance(node, list):
        return [copy_tree(n) for n in node]
    if not isinstance(node, gast.AST):
        return node
    new = type(node)(**{f: copy_tree(getattr(node, f, None)) for f in node._fields})
    for attr in node._attributes:
        if hasattr(node, attr):
            setattr(new, attr, getattr(node, attr))
    return new


def _without_locations(tree: Any) -> Any:
    """A template's own line numbers mean nothing in user code: generated nodes take the
    location of the user's node they replace (`transformer.copy_location`)."""
    for node in gast.walk(tree):
        for attr in node._attributes:
            if hasattr(node, attr):
                setattr(node, attr, None)
    return tree


class _Replacer(gast.NodeTransformer):
    def __init__(self, replacements: dict[str, Any]):
        self.replacements = replacements

    def _value(self, name: str, ctx: Any) -> Any:
        value = self.replacements[name]
        if isinstance(value, str):
            return gast.Name(id=value, ctx=ctx, annotation=None, type_comment=None)
        if isinstance(value, list):
            return value
        value = copy.deepcopy(value) if getattr(value, "_template_copy", False) else value
        if isinstance(value, gast.Name):
            value = gast.Name(id=value.id, ctx=ctx, annotation=None, type_comment=None)
        elif isinstance(value, (gast.Tuple, gast.Attribute, gast.Subscript)) and hasattr(
                value, "ctx"):
            value = copy.copy(value)
            value.ctx = ctx
        return value

    def visit_Name(self, node: Any) -> Any:
        if node.id in self.replacements:
            return self._value(node.id, node.ctx)
        return node

    def visit_Expr(self, node: Any) -> Any:
        # A placeholder alone on a line stands for statements.
        if isinstance(node.value, gast.Name) and node.value.id in self.replacements:
            value = self.replacements[node.value.id]
            if isinstance(value, list):
                return value
            if isinstance(value, gast.stmt):
                return value
        return self.generic_visit(node)

    def visit_FunctionDef(self, node: Any) -> Any:
        if node.name in self.replacements:
            node.name = self.replacements[node.name]
        self.generic_visit(node)
        node.body = _flatten(node.body)
        return node

    def visit_arg(self, node: Any) -> Any:
        if node.arg in self.replacements:
            value = self.replacements[node.arg]
            node.arg = value if isinstance(value, str) else value.id
        return node

    def visit_arguments(self, node: Any) -> Any:
        # `def f(params):` with params -> a list of names expands to several parameters.
        expanded = []
        for arg in node.args:
            name = getattr(arg, "id", None) or getattr(arg, "arg", None)
            value = self.replacements.get(name)
            if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
                expanded.extend(gast.Name(id=v, ctx=gast.Param(), annotation=None,
                                          type_comment=None) for v in value)
            else:
                expanded.append(self.visit(arg))
        node.args = expanded
        return node

    def generic_visit(self, node: Any) -> Any:
        for field, old in gast.iter_fields(node):
            if isinstance(old, list):
                new = []
                for item in old:
                    if isinstance(item, gast.AST):
                        item = self.visit(item)
                        if item is None:
                            continue
                        if isinstance(item, list):
                            new.extend(item)
                            continue
                    new.append(item)
                old[:] = new
            elif isinstance(old, gast.AST):
                value = self.visit(old)
                setattr(node, field, value)
        return node


def _flatten(items: list) -> list:
    out = []
    for item in items:
        out.extend(item if isinstance(item, list) else [item])
    return out
