"""gast to the standard library's AST, every node on the line `ast.unparse` prints it at.

`to_ast(module)` converts a gast Module in one walk and gives each node the line of the
statement (or decorator, `except` or `case` clause) it belongs to, counted as
`ast._Unparser` lays the text out on Python 3.10-3.13:

- every statement starts a line; a def or class is preceded by a blank line unless it starts
  the text, and each of its decorators takes a line;
- `elif`, `else:`, `except`, `finally:` and `case` clauses start lines; an `if` that is the
  only statement of an `else` is printed as an `elif`;
- a docstring, or an f-string holding a string with a newline, can take several lines.

So the tree compiles to code with the line numbers of `ast.unparse(tree)`, and the text can
be made later, when someone reads it. The layout of `ast._Unparser` is private to CPython:
tests/autograph/pyct/test_layout_guard.py checks the predicted lines against the printed text
for the converted code of every golden case and conformance program, so a Python release that
prints otherwise fails there. Nodes carry no columns (`col_offset` -1, no end
position), so Python 3.11+ tracebacks show the line without carets, which would point at
columns of a text that was never parsed. The walk also gives, for each line that starts a
node, the user's line that node came from: its gast `lineno`, or its enclosing statement's.

>>> import gast
>>> tree, origins = to_ast(gast.parse("def f(x):\\n    if x:\\n        return 1\\n    return 2"))
>>> print(ast.unparse(tree))
def f(x):
    if x:
        return 1
    return 2
>>> [(type(n).__name__, n.lineno) for n in ast.walk(tree) if isinstance(n, ast.stmt)]
[('FunctionDef', 1), ('If', 2), ('Return', 4), ('Return', 3)]
>>> origins
{1: 1, 2: 2, 3: 3, 4: 4}
"""

from __future__ import annotations

import ast
from typing import Any, Callable

import gast

_NO_COLUMN = -1  # compiled as "no column information"
_AST = ast.AST


def to_ast(module: Any) -> tuple[ast.Module, dict[int, int]]:
    """The standard-library tree of a gast Module, laid out as `ast.unparse` prints it.

    Returns:
        (the tree, {line of the unparsed text: the user's line of the node starting it}) for
        the lines whose node, or an enclosing statement, has a `lineno`.
    """
    layout = _Layout()
    body = layout.body_with_docstring(module.body, None)
    return ast.Module(body=body, type_ignores=[]), layout.origins


def expression_to_ast(node: Any) -> ast.expr:
    """The standard-library tree of a gast expression, on line 1 (to be unparsed)."""
    return _CONVERTERS[type(node)](_Layout(), node, 1)


def _converter(ast_class: type[ast.AST]) -> Callable[[_Layout, Any, int], ast.AST]:
    """Converts a gast node to `ast_class` with the same fields, placed on a given line; of
    a statement, only the header: the layout adds its blocks."""
    located = "lineno" in ast_class._attributes
    needs_end = issubclass(ast_class, _NEEDS_END)
    # Contexts and operators are shared instances, looked up rather than converted.
    leaves = tuple(f for f in ast_class._fields if f in ("ctx", "op"))
    skip = _BLOCKS if issubclass(ast_class, _WITH_BLOCKS) else ()
    fields = tuple(f for f in ast_class._fields if f not in leaves and f not in skip)
    new = ast_class.__new__

    def convert(layout: _Layout, node: Any, line: int) -> ast.AST:
        values: dict[str, Any]
        if not located:
            values = {}
        elif needs_end:
            values = {"lineno": line, "col_offset": _NO_COLUMN, "end_lineno": line,
                      "end_col_offset": _NO_COLUMN}
        else:
            values = {"lineno": line, "col_offset": _NO_COLUMN}
        given = node.__dict__  # a field the node was made without is absent: None
        for field in leaves:
            values[field] = _LEAVES.get(type(given.get(field)))
        for field in fields:  # `_Layout.value`, inlined: this loop is most of the walk
            value = given.get(field)
            convert_value = _CONVERTERS.get(type(value))
            if convert_value is not None:
                value = convert_value(layout, value, line)
            elif type(value) is list:
                value = [c(layout, v, line) if (c := _CONVERTERS.get(type(v))) else v
                         for v in value]
            values[field] = value
        converted = new(ast_class)  # `_node`, inlined
        converted.__dict__ = values
        return converted
    return convert


def _node(ast_class: type[ast.AST], values: dict[str, Any]) -> Any:
    """A node of `ast_class` holding `values`: cheaper than the keyword constructor, which
    sets them one by one."""
    node = ast_class.__new__(ast_class)
    node.__dict__ = values
    return node


# Pattern and type parameter nodes require end positions; elsewhere they are optional.
_NEEDS_END = tuple(getattr(ast, name) for name in ("pattern", "type_param") if hasattr(ast, name))
# The fields holding statements or clauses, which the layout converts, line by line.
_BLOCKS = ("body", "orelse", "finalbody", "handlers", "decorator_list", "cases")
_WITH_BLOCKS = (ast.stmt, ast.excepthandler, ast.match_case)
_CLASSES = {getattr(gast, name): getattr(ast, name) for name in dir(gast)
            if isinstance(getattr(gast, name), type) and issubclass(getattr(gast, name), _AST)
            and isinstance(getattr(ast, name, None), type)}


class _Layout:
    """One walk: the line last started, and where each started line came from."""

    def __init__(self):
        self.line = 0  # 0: nothing written yet
        self.origins: dict[int, int] = {}
        self.extra_lines = 0  # lines taken by f-strings of the statement being written
        self.fstring_depth = 0

    def start(self, origin: int | None) -> int:
        """Starts a line (`_Unparser.fill`) for a node that came from user line `origin`."""
        self.line += 1
        if origin is not None:
            self.origins[self.line] = origin
        return self.line

    # Statements.

    def block(self, statements: list, origin: int | None) -> list:
        return [self.statement(s, origin) for s in statements]

    def statement(self, node: Any, origin: int | None) -> ast.stmt:
        origin = node.__dict__.get("lineno") or origin
        return _STATEMENTS.get(type(node), _Layout.header)(self, node, origin)

    def header(self, node: Any, origin: int | None) -> Any:
        """A line holding a statement (or clause) but its blocks, and the lines f-strings
        in it took."""
        converted = _CONVERTERS[type(node)](self, node, self.start(origin))
        self.line += self.extra_lines
        self.extra_lines = 0
        return converted

    def clause(self, statements: list, origin: int | None) -> list:
        """An `else:` or `finally:` line and its block; nothing for an empty block."""
        if not statements:
            return []
        self.start(None)
        return self.block(statements, origin)

    def definition(self, node: Any, origin: int | None) -> ast.stmt:
        """A def or class: a blank line unless first, a line per decorator, the header."""
        if self.line:
            self.line += 1
        decorators = [self.value(d, self.start(getattr(d, "lineno", None) or origin))
                      for d in node.decorator_list]
        converted = self.header(node, origin)
        converted.decorator_list = decorators
        converted.body = self.body_with_docstring(node.body, origin)
        return converted

    def body_with_docstring(self, body: list, origin: int | None) -> list:
        if not (body and _is_docstring(body[0])):
            return self.block(body, origin)
        docstring = self.statement(body[0], origin)
        assert isinstance(docstring, ast.Expr) and isinstance(docstring.value, ast.Constant)
        assert isinstance(docstring.value.value, str)  # `_is_docstring` checked both
        if "\n" in docstring.value.value:  # unparsed as a triple-quoted string
            module = ast.Module(body=[docstring], type_ignores=[])
            self.line += ast.unparse(module).count("\n")
        return [docstring] + self.block(body[1:], origin)

    def if_(self, node: Any, origin: int | None) -> ast.stmt:
        converted = self.header(node, origin)
        converted.body = self.block(node.body, origin)
        orelse = node.orelse
        if len(orelse) == 1 and type(orelse[0]) is gast.If:  # printed as `elif`
            converted.orelse = [self.statement(orelse[0], origin)]
        else:
            converted.orelse = self.clause(orelse, origin)
        return converted

    def loop_or_with(self, node: Any, origin: int | None) -> ast.stmt:
        converted = self.header(node, origin)
        converted.body = self.block(node.body, origin)
        if "orelse" in converted._fields:
            converted.orelse = self.clause(node.orelse, origin)
        return converted

    def try_(self, node: Any, origin: int | None) -> ast.stmt:
        converted = self.header(node, origin)
        converted.body = self.block(node.body, origin)
        converted.handlers = [self.handler(h, getattr(h, "lineno", None) or origin)
                              for h in node.handlers]
        converted.orelse = self.clause(node.orelse, origin)
        converted.finalbody = self.clause(node.finalbody, origin)
        return converted

    def handler(self, node: Any, origin: int | None) -> ast.excepthandler:
        converted = self.header(node, origin)
        converted.name = node.name.id if node.name is not None else None  # gast: a Name
        converted.body = self.block(node.body, origin)
        return converted

    def match(self, node: Any, origin: int | None) -> ast.stmt:
        converted = self.header(node, origin)
        converted.cases = []
        for case in node.cases:
            case_node = self.header(case, getattr(case.pattern, "lineno", None) or origin)
            case_node.body = self.block(case.body, origin)
            converted.cases.append(case_node)
        return converted

    # Expressions and the other nodes inside a statement's line.

    def value(self, value: Any, line: int) -> Any:
        """A field's value converted: a node, a list of them, or anything else as it is."""
        convert = _CONVERTERS.get(type(value))
        if convert is not None:
            return convert(self, value, line)
        if type(value) is list:
            return [c(self, v, line) if (c := _CONVERTERS.get(type(v))) else v for v in value]
        return value

    def name(self, node: Any, line: int) -> ast.Name:
        converted = _new_name(ast.Name)  # the commonest node: `_node`, inlined
        converted.__dict__ = {"id": node.id, "ctx": _LEAVES[type(node.ctx)], "lineno": line,
                              "col_offset": _NO_COLUMN}
        return converted

    def arguments(self, node: Any, line: int) -> ast.arguments:
        """gast keeps parameters as Names in a Param context; ast as `arg` nodes."""
        return _node(ast.arguments, {
            "posonlyargs": [self.arg(a, line) for a in node.posonlyargs],
            "args": [self.arg(a, line) for a in node.args],
            "vararg": self.arg(node.vararg, line) if node.vararg else None,
            "kwonlyargs": [self.arg(a, line) for a in node.kwonlyargs],
            "kw_defaults": self.value(node.kw_defaults, line),
            "kwarg": self.arg(node.kwarg, line) if node.kwarg else None,
            "defaults": self.value(node.defaults, line)})

    def arg(self, name: Any, line: int) -> ast.arg:
        annotation = name.annotation
        return _node(ast.arg, {
            "arg": name.id, "type_comment": name.type_comment, "lineno": line,
            "col_offset": _NO_COLUMN,
            "annotation": None if annotation is None else self.value(annotation, line)})

    def joined_str(self, node: Any, line: int) -> ast.JoinedStr:
        """An f-string; one holding a string with a newline may be printed on more lines
        (it depends on the Python version), which are counted by printing it."""
        self.fstring_depth += 1
        converted = ast.JoinedStr(self.value(node.values, line), lineno=line,
                                  col_offset=_NO_COLUMN)
        self.fstring_depth -= 1
        if not self.fstring_depth and any(
                isinstance(n, ast.Constant) and isinstance(n.value, str) and "\n" in n.value
                for n in ast.walk(converted)):
            self.extra_lines += ast.unparse(converted).count("\n")
        return converted


def _is_docstring(node: Any) -> bool:
    return type(node) is gast.Expr and type(node.value) is gast.Constant and (
        isinstance(node.value.value, str))


_STATEMENTS: dict[type, Callable] = {
    gast.FunctionDef: _Layout.definition,
    gast.AsyncFunctionDef: _Layout.definition,
    gast.ClassDef: _Layout.definition,
    gast.If: _Layout.if_,
    gast.For: _Layout.loop_or_with,
    gast.AsyncFor: _Layout.loop_or_with,
    gast.While: _Layout.loop_or_with,
    gast.With: _Layout.loop_or_with,
    gast.AsyncWith: _Layout.loop_or_with,
    gast.Try: _Layout.try_,
    gast.TryStar: _Layout.try_,
    gast.Match: _Layout.match,
}
_new_name = ast.Name.__new__
# gast context or operator class -> the ast instance standing for every one of them.
_LEAVES = {gast_class: ast_class() for gast_class, ast_class in _CLASSES.items()
           if not ast_class._fields and not ast_class._attributes}


def _leaf_converter(leaf: ast.AST) -> Callable[[_Layout, Any, int], ast.AST]:
    """The converter of a context or operator: its one shared instance (`Compare.ops`)."""
    return lambda layout, node, line: leaf


# gast class -> its converter (for a statement: of the node, not of its blocks).
_CONVERTERS: dict[type, Callable[[_Layout, Any, int], Any]] = {
    **{gast_class: _converter(ast_class) for gast_class, ast_class in _CLASSES.items()
       if gast_class not in _LEAVES},
    **{gast_class: _leaf_converter(leaf) for gast_class, leaf in _LEAVES.items()},
    gast.Name: _Layout.name,
    gast.arguments: _Layout.arguments,
    gast.JoinedStr: _Layout.joined_str,
}
