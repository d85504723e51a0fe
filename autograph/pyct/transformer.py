"""The base of every converter: a gast transformer that knows the function being converted.

`EntityContext` carries what all converters share: the namer, the user's file (for error
messages), the function's namespace (to resolve callees statically), and the options.
`Base.error(node, message)` builds the one kind of error converters raise: a
`ConversionError` naming the user's file and line.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable

import gast

from autograph.pyct.errors import ConversionError
from autograph.pyct.naming import Namer


@dataclasses.dataclass
class ConversionOptions:
    recursive: bool = True


@dataclasses.dataclass
class EntityContext:
    namer: Namer
    filename: str
    namespace: dict[str, Any]  # globals, builtins and closure values of the function
    options: ConversionOptions = dataclasses.field(default_factory=ConversionOptions)
    function: Callable | None = None


class Base(gast.NodeTransformer):
    """A converter: `transform(node, ctx)` modules subclass this."""

    def __init__(self, ctx: EntityContext):
        self.ctx = ctx

    def error(self, node: Any, message: str) -> ConversionError:
        line = getattr(node, "lineno", None)
        where = f"{self.ctx.filename}:{line}" if line else self.ctx.filename
        return ConversionError(f"{where}: {message}")

    def visit_block(self, statements: list) -> list:
        """Visits a list of statements; a visit may return one node, a list, or None."""
        out = []
        for stmt in statements:
            result = self.visit(stmt)
            if result is None:
                continue
            out.extend(result if isinstance(result, list) else [result])
        return out

    def generic_visit(self, node: Any) -> Any:
        for field, old in gast.iter_fields(node):
            if isinstance(old, list) and old and isinstance(old[0], gast.stmt):
                setattr(node, field, self.visit_block(old))
            elif isinstance(old, list):
                setattr(node, field, [self.visit(x) if isinstance(x, gast.AST) else x
                                      for x in old])
            elif isinstance(old, gast.AST):
                setattr(node, field, self.visit(old))
        return node


class StatementTransformer(Base):
    """A converter that rewrites statements only: it does not descend into expressions,
    which makes its walk several times cheaper (expressions are most of a tree's nodes)."""

    _BLOCKS = ("body", "orelse", "finalbody", "handlers", "cases")

    def generic_visit(self, node: Any) -> Any:
        for field in self._BLOCKS:
            block = getattr(node, field, None)
            if isinstance(block, list) and block:
                if isinstance(block[0], gast.stmt):
                    setattr(node, field, self.visit_block(block))
                else:  # except handlers and match cases hold statement blocks
                    for item in block:
                        self.generic_visit(item)
        return node


def copy_location(new: Any, old: Any) -> Any:
    """Gives `new` (a node or a list of nodes, recursively) `old`'s line where it has none."""
    for item in new if isinstance(new, list) else [new]:
        for n in gast.walk(item):
            if getattr(n, "lineno", None) is None and "lineno" in getattr(n, "_attributes", ()):
                n.lineno = getattr(old, "lineno", None)
                n.col_offset = getattr(old, "col_offset", 0)
    return new
