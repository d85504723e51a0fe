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
be made later, when someone reads it. Nodes carry no columns (`col_offset` -1, no end
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


def _converter(ast_class: type) -> Callable[[_Layout, Any, int], ast.AST]:
    """Converts a gast node to `ast_class` with the same fields, placed on a given line."""
    fields = ast_class._fields
    if not fields and not ast_class._attributes:  # a context or an operator: one instance
        instance = ast_class()
        return lambda layout, node, line: instance
    located = "lineno" in ast_class._attributes
    needs_end = issubclass(ast_class, _NEEDS_END)

    def convert(layout: _Layout, node: Any, line: int) -> ast.AST:
        values = []
        for field in fields:  # `_Layout.value`, inlined: this loop is most of the walk
            value = getattr(node, field, None)
            convert_value = _CONVERTERS.get(type(value))
            if convert_value is not None:
                value = convert_value(layout, value, line)
            elif type(value) is list:
                value = [c(layout, v, line) if (c := _CONVERTERS.get(type(v))) else v
                         for v in value]
            values.append(value)
        new = ast_class(*values)
        if located:
            new.lineno = line
            new.col_offset = _NO_COLUMN
            if needs_end:
                new.end_lineno = line
                new.end_col_offset = _NO_COLUMN
        return new
    return convert


# Pattern and type parameter nodes require end positions; elsewhere they are optional.
_NEEDS_END = tuple(getattr(ast, name) for name in ("pattern", "type_param") if hasattr(ast, name))
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

    # Lines.

    def start(self, origin: int | None) -> int:
        """Starts a line (`_Unparser.fill`) for a node that came from user line `origin`."""
        self.line += 1
        if origin is not None:
            self.origins[self.line] = origin
        return self.line

    def header(self, node: Any, line: int, skip: tuple[str, ...]) -> dict[str, Any]:
        """The converted fields of a statement but its blocks (`skip`), all on `line`."""
        ast_class = _CLASSES[type(node)]
        fields = {f: self.value(getattr(node, f, None), line)
                  for f in ast_class._fields if f not in skip}
        self.end_line()
        return fields

    def end_line(self) -> None:
        """Moves past the lines that f-strings of the line just written took."""
        self.line += self.extra_lines
        self.extra_lines = 0

    # Statements.

    def block(self, statements: list, origin: int | None) -> list:
        return [self.statement(s, origin) for s in statements]

    def statement(self, node: Any, origin: int | None) -> ast.stmt:
        origin = getattr(node, "lineno", None) or origin
        return _STATEMENTS.get(type(node), _Layout.simple)(self, node, origin)

    def simple(self, node: Any, origin: int | None) -> ast.stmt:
        line = self.start(origin)
        converted = _CONVERTERS[type(node)](self, node, line)
        self.end_line()
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
        line = self.start(origin)
        fields = self.header(node, line, ("decorator_list", "body"))
        fields["decorator_list"] = decorators
        fields["body"] = self.body_with_docstring(node.body, origin)
        return _located(type(node), fields, line)

    def body_with_docstring(self, body: list, origin: int | None) -> list:
        if not (body and _is_docstring(body[0])):
            return self.block(body, origin)
        docstring = self.statement(body[0], origin)
        if "\n" in docstring.value.value:  # unparsed as a triple-quoted string
            module = ast.Module(body=[docstring], type_ignores=[])
            self.line += ast.unparse(module).count("\n")
        return [docstring] + self.block(body[1:], origin)

    def if_(self, node: Any, origin: int | None) -> ast.stmt:
        line = self.start(origin)
        fields = self.header(node, line, ("body", "orelse"))
        fields["body"] = self.block(node.body, origin)
        orelse = node.orelse
        if len(orelse) == 1 and type(orelse[0]) is gast.If:  # printed as `elif`
            fields["orelse"] = [self.statement(orelse[0], origin)]
        else:
            fields["orelse"] = self.clause(orelse, origin)
        return _located(type(node), fields, line)

    def loop_or_with(self, node: Any, origin: int | None) -> ast.stmt:
        line = self.start(origin)
        fields = self.header(node, line, ("body", "orelse"))
        fields["body"] = self.block(node.body, origin)
        if "orelse" in _CLASSES[type(node)]._fields:
            fields["orelse"] = self.clause(node.orelse, origin)
        return _located(type(node), fields, line)

    def try_(self, node: Any, origin: int | None) -> ast.stmt:
        line = self.start(origin)
        body = self.block(node.body, origin)
        handlers = [self.handler(h, getattr(h, "lineno", None) or origin)
                    for h in node.handlers]
        orelse = self.clause(node.orelse, origin)
        finalbody = self.clause(node.finalbody, origin)
        return _located(type(node), {"body": body, "handlers": handlers, "orelse": orelse,
                                     "finalbody": finalbody}, line)

    def handler(self, node: Any, origin: int | None) -> ast.excepthandler:
        line = self.start(origin)
        kind = self.value(node.type, line)
        self.end_line()
        name = node.name.id if node.name is not None else None  # a gast Name, an ast str
        return ast.ExceptHandler(kind, name, self.block(node.body, origin), lineno=line,
                                 col_offset=_NO_COLUMN)

    def match(self, node: Any, origin: int | None) -> ast.stmt:
        line = self.start(origin)
        subject = self.header(node, line, ("cases",))["subject"]
        cases = []
        for case in node.cases:
            case_line = self.start(getattr(case.pattern, "lineno", None) or origin)
            fields = self.header(case, case_line, ("body",))
            cases.append(ast.match_case(fields["pattern"], fields["guard"],
                                        self.block(case.body, origin)))
        return _located(type(node), {"subject": subject, "cases": cases}, line)

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
        new = ast.Name(node.id, _CONTEXTS[type(node.ctx)])
        new.lineno = line
        new.col_offset = _NO_COLUMN
        return new

    def arguments(self, node: Any, line: int) -> ast.arguments:
        """gast keeps parameters as Names in a Param context; ast as `arg` nodes."""
        def arg(name: Any) -> ast.arg | None:
            if name is None:
                return None
            return ast.arg(name.id, self.value(name.annotation, line), name.type_comment,
                           lineno=line, col_offset=_NO_COLUMN)
        return ast.arguments([arg(a) for a in node.posonlyargs], [arg(a) for a in node.args],
                             arg(node.vararg), [arg(a) for a in node.kwonlyargs],
                             self.value(node.kw_defaults, line), arg(node.kwarg),
                             self.value(node.defaults, line))

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


def _located(node_type: type, fields: dict[str, Any], line: int) -> ast.stmt:
    return _CLASSES[node_type](**fields, lineno=line, col_offset=_NO_COLUMN)


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
_CONTEXTS = {gast.Load: ast.Load(), gast.Store: ast.Store(), gast.Del: ast.Del()}
# gast class -> its converter (for a statement: of the node, not of its blocks).
_CONVERTERS: dict[type, Callable[[_Layout, Any, int], Any]] = {
    **{node_class: _converter(ast_class) for node_class, ast_class in _CLASSES.items()},
    gast.Name: _Layout.name,
    gast.arguments: _Layout.arguments,
    gast.JoinedStr: _Layout.joined_str,
}
