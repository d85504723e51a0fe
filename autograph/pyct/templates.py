"""Code templates: valid Python strings whose placeholder names are replaced by AST nodes.

    replace("target = ag__.if_stmt(test, body, orelse, state, names)",
            target=..., test=node, body="if_body", ...)

A replacement may be a name (str), an AST node, or a list of nodes (for a placeholder that
stands alone as a statement, or in a body). Names keep the context (load/store) they have in
the template. Templates are parsed once and cached.

`build(kind, **fields)` makes one gast node, as `kind(**fields)` does but about twice as fast;
converters use it for the nodes they make by hand, with the shared contexts `LOAD`, `STORE` and
`PARAM`.

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

_new = gast.AST.__new__

# Contexts hold nothing, so generated nodes share one instance of each (as `ast.parse` does).
LOAD, STORE, PARAM = gast.Load(), gast.Store(), gast.Param()


def build(kind: type, /, **fields: Any) -> Any:
    """A `kind` node with `fields` (and location attributes, if given) as its attributes.

    gast's `__init__` is one generic Python function for every class, which sets the fields
    one by one; here the keyword dictionary itself becomes the node's `__dict__`.

    >>> build(gast.Name, id="x", ctx=gast.Load(), annotation=None, type_comment=None).id
    'x'
    """
    return _made(kind, fields)


def _made(kind: type, fields: dict[str, Any]) -> Any:
    node = _new(kind)
    node.__dict__ = fields
    return node


@functools.lru_cache(maxsize=256)
def _parsed(template: str) -> list[Any]:
    return gast.parse(textwrap.dedent(template)).body


def replace(template: str, **replacements: Any) -> list[Any]:
    """The statements of `template` with each placeholder name replaced."""
    return _Instance(replacements).block(_parsed(template))


def replace_as_expression(template: str, **replacements: Any) -> Any:
    """The single expression of `template` with placeholders replaced."""
    [stmt] = replace(template, **replacements)
    if not isinstance(stmt, gast.Expr):
        raise ValueError(f"template {template!r} is not an expression")
    return stmt.value


# A template's own line numbers mean nothing in user code: generated nodes take the location of
# the user's node they replace (`transformer.copy_location`).
_NO_LOCATION = {"lineno": None, "col_offset": None, "end_lineno": None, "end_col_offset": None}


class _Instance:
    """Builds a template's tree anew, replacing placeholders on the way (one walk)."""

    def __init__(self, replacements: dict[str, Any]):
        self.replacements = replacements

    def block(self, nodes: list) -> list:
        """Copies of `nodes` (a field's list); a placeholder standing for several nodes is
        spliced in, and other items (such as strings) are kept."""
        out = []
        for node in nodes:
            if not isinstance(node, gast.AST):
                out.append(node)
                continue
            new = self.node(node)
            if isinstance(new, list):
                out.extend(new)
            elif new is not None:
                out.append(new)
        return out

    def node(self, node: Any) -> Any:
        kind = type(node)
        if kind is gast.Name and node.id in self.replacements:
            return self._value(self.replacements[node.id], node.ctx)
        if kind is gast.Expr and type(node.value) is gast.Name:
            value = self.replacements.get(node.value.id)
            if isinstance(value, (list, gast.stmt)):  # a placeholder alone on a line
                return value
        if not kind._fields and not kind._attributes:
            return node  # a context or an operator holds nothing: one instance serves all
        if kind is gast.arguments:
            return self._copy(node, args=self._parameters(node.args))
        new = self._copy(node)
        if kind is gast.FunctionDef and new.name in self.replacements:
            new.name = self.replacements[new.name]
        return new

    def _copy(self, node: Any, **given: Any) -> Any:
        kind = type(node)
        fields = dict(_NO_LOCATION) if kind._attributes else {}
        for field in kind._fields:
            if field in given:
                fields[field] = given[field]
                continue
            value = getattr(node, field)
            if type(value) is list:
                value = self.block(value)
            elif isinstance(value, gast.AST):
                value = self.node(value)
            fields[field] = value
        return _made(kind, fields)

    def _parameters(self, args: list) -> list:
        """`def f(params):` with params -> a list of names expands to several parameters."""
        expanded: list = []
        for arg in args:
            value = self.replacements.get(arg.id)
            if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
                expanded.extend(_name(v, PARAM) for v in value)
            else:
                expanded.append(self.node(arg))
        return expanded

    @staticmethod
    def _value(value: Any, ctx: Any) -> Any:
        if isinstance(value, str):
            return _name(value, ctx)
        if isinstance(value, list):
            return value
        if isinstance(value, gast.Name):
            return _name(value.id, ctx)
        if isinstance(value, (gast.Tuple, gast.Attribute, gast.Subscript)):
            value = copy.copy(value)
            value.ctx = ctx
        return value


def _name(identifier: str, ctx: Any) -> Any:
    return build(gast.Name, id=identifier, ctx=ctx, annotation=None, type_comment=None)
