"""The base of every converter: a gast transformer that knows the function being converted.

`EntityContext` carries what all converters share: the namer, the user's file (for error
messages), the function's namespace (to resolve callees statically), and the options.
`Base.error(node, message)` builds the one kind of error converters raise: a
`ConversionError` naming the user's file and line.
"""

from __future__ import annotations

import ast
import dataclasses
from typing import Any, Callable, Mapping

import gast

from autograph.pyct import traversal
from autograph.pyct.errors import ConversionError
from autograph.pyct.features import Feature
from autograph.pyct.naming import Namer

# What the converter does when no optional features are given: more than TensorFlow's
# default (none), and `print` of a tensor is Python's while an `ag.function` traces but an op
# eagerly and in TensorFlow-1 graphs (`ag__.print`), neither on nor off.
STANDARD = frozenset({Feature.AUTO_CONTROL_DEPS, Feature.ASSERT_STATEMENTS, Feature.LISTS})


@dataclasses.dataclass(frozen=True)
class ConversionOptions:
    """How to convert: `recursive` (convert the user functions called too) and the optional
    features on (a frozenset of `Feature`s; None: the converter's default, `STANDARD`)."""

    recursive: bool = True
    optional_features: frozenset[Feature] | None = None

    def uses(self, feature: Feature) -> bool:
        """Whether `feature` is on."""
        if self.optional_features is None:
            return feature in STANDARD
        return Feature.ALL in self.optional_features or feature in self.optional_features


@dataclasses.dataclass
class EntityContext:
    namer: Namer
    filename: str
    namespace: Mapping[str, Any]  # closure values, globals and builtins of the function
    options: ConversionOptions = dataclasses.field(default_factory=ConversionOptions)
    function: Callable | None = None


class Base(gast.NodeTransformer):
    """A converter: `transform(node, ctx)` modules subclass this.

    Its walk is `ast.NodeTransformer`'s, made cheaper: the visit method of each node class is
    looked up once per converter class, and leaf nodes without a visit method of their own
    (contexts such as `Load`, operators such as `Add`) are not visited at all.
    """

    _visitors: dict[type, str | None] = {}

    def __init__(self, ctx: EntityContext):
        self.ctx = ctx

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._visitors = {}  # node class -> bound-method name, or None for a skipped leaf

    def visit(self, node: Any) -> Any:
        kind = type(node)
        name: Any = self._visitors.get(kind, False)
        if name is False:
            name = _visitor_name(type(self), kind)
            self._visitors[kind] = name
        if name is None:
            return node
        return getattr(self, name)(node)

    def error(self, node: Any, message: str,
              kind: type[ConversionError] = ConversionError) -> ConversionError:
        line = getattr(node, "lineno", None)
        where = f"{self.ctx.filename}:{line}" if line else self.ctx.filename
        return kind(f"{where}: {message}")

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
        for field in node._fields:
            old = getattr(node, field, None)
            if type(old) is list:
                if not old:
                    continue
                if isinstance(old[0], gast.stmt):
                    setattr(node, field, self.visit_block(old))
                else:
                    old[:] = [self.visit(x) if isinstance(x, gast.AST) else x for x in old]
            elif isinstance(old, gast.AST):
                setattr(node, field, self.visit(old))
        return node


def _visitor_name(converter: type, kind: type[Any]) -> str | None:
    name = "visit_" + kind.__name__
    method = getattr(converter, name, None)
    if method is not None and method is not getattr(ast.NodeVisitor, name, None):
        return name  # not ast.NodeVisitor's own visit_Constant, kept for deprecated nodes
    return "generic_visit" if kind._fields else None


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
    """Gives `new` (a node or a list of nodes, recursively) `old`'s line where it has none.

    Nodes that have a line keep it, and so do the nodes under them: the user's nodes, moved
    into generated code, and generated nodes already placed.
    """
    line, column = getattr(old, "lineno", None), getattr(old, "col_offset", 0)
    pending = list(new) if isinstance(new, list) else [new]
    while pending:
        n = pending.pop()
        if "lineno" in n._attributes:
            if getattr(n, "lineno", None) is not None:
                continue
            n.lineno, n.col_offset = line, column
        pending += traversal.children(n)
    return new
