"""Static conversion: the functions of a Python file converted from its source alone.

`convert_source(source, filename)` parses the file (it is never imported or run) and converts
each top-level function and each method of a top-level class through the same pipeline as
`ag.to_code`. What the pipeline takes from a live function is rebuilt from the file:

- the names the function uses (so generated names never shadow them) come from the code
  object that compiling the file gives for it: the same object the live function has;
- its namespace (which calls stay plain, which go through `ag__.converted_call`) comes from
  the file's top-level statements: an imported module is a stand-in known by its dotted name
  (`np.linalg.norm` is a callable of the module `numpy.linalg`, so a library call stays plain,
  as it does live), a class is a class (calls create objects and stay plain), a def or an
  assigned value is a user value (calls go through `converted_call`), and builtins are the
  real ones unless the file rebinds them.

So the output equals `ag.to_code` of the live function except where the converter looks at
live values that the file does not show. A call of a top-level name whose value is a library
callable, though the file binds it by an assignment (`swish = op_function("Swish")`) or a
decorator that returns a library object, stays plain live and goes through `converted_call`
statically (which then calls it as it is); so does a library function imported through a user
module; and a name that only a `from M import *` defines is resolved as a builtin or not at all.

>>> source = "def count(n):\\n    i = 0\\n    while i < n:\\n        i += 1\\n    return i\\n"
>>> [f.name for f in convert_source(source, "count.py")]
['count']
>>> print(convert_source(source, "count.py")[0].converted.splitlines()[-2])
    i = ag__.while_stmt(loop_test, loop_body, (i,), ('i',))
"""

from __future__ import annotations

import ast
import builtins
import dataclasses
import textwrap
import types
import warnings
from typing import Any, Iterator, Sequence

import gast

from autograph.impl import transpiler
from autograph.pyct import layout, naming, parser, traversal
from autograph.pyct.errors import ConversionError
from autograph.pyct.transformer import ConversionOptions, EntityContext

_DEFS = (gast.FunctionDef, gast.AsyncFunctionDef)
_BLOCKS = ("body", "orelse", "finalbody")


@dataclasses.dataclass
class StaticFunction:
    """One function of a file: where it is, its source, and its conversion (or why not)."""

    name: str  # `f`, or `Class.method`
    line: int  # the line of its `def`
    end_line: int  # its last line
    indent: int  # the column of its `def`
    source: str  # the def as written (without decorators), dedented
    converted: str | None = None  # the converted source, as `ag.to_code` gives it
    error: ConversionError | None = None


def convert_source(source: str, filename: str, names: Sequence[str] | None = None,
                   options: ConversionOptions | None = None) -> list[StaticFunction]:
    """Converts the functions of a file's `source` (all, or those in `names`), in file order.

    A function the converter rejects keeps its `ConversionError` in `error`; the others are
    converted all the same.

    Raises:
        SyntaxError: `source` does not parse or compile.
    """
    with warnings.catch_warnings():  # the file's own (an invalid escape): not ours to report
        warnings.simplefilter("ignore")
        module = parser.parse_str(source)
        code = compile(source, filename, "exec", dont_inherit=True)
    codes = {(c.co_name, c.co_firstlineno): c for c in _code_objects(code)}
    namespace = StaticNamespace(module)
    lines = source.splitlines(True)
    found = []
    for name, node in definitions(module):
        if names is not None and name not in names:
            continue
        function = StaticFunction(name, node.lineno, node.end_lineno, node.col_offset,
                                  textwrap.dedent("".join(lines[node.lineno - 1:node.end_lineno])))
        function_code = codes.get((node.name, _first_line(node)))
        taken = naming.names_in(function_code) if function_code else _names_in_tree(node)
        try:
            function.converted = convert_node(node, filename, taken, namespace, options)
        except ConversionError as e:
            function.error = e
        found.append(function)
    return found


def definitions(module: Any) -> Iterator[tuple[str, Any]]:
    """(name, def node) of each top-level function and each method of a top-level class."""
    for node in module.body:
        if isinstance(node, _DEFS):
            yield node.name, node
        elif isinstance(node, gast.ClassDef):
            for member in node.body:
                if isinstance(member, _DEFS):
                    yield f"{node.name}.{member.name}", member


def convert_node(node: Any, filename: str, taken: set[str], namespace: Any,
                 options: ConversionOptions | None = None) -> str:
    """The converted source of a parsed def, as `ag.to_code` shows it (the pipeline changes
    `node` in place).

    Raises:
        ConversionError: naming the file, line and construct that cannot be converted.
    """
    node.decorator_list = []  # as for a live function: decorators apply to the result
    ctx = EntityContext(namer=naming.Namer(taken), filename=filename, namespace=namespace,
                        options=options or ConversionOptions())
    node = transpiler.run_pipeline(node, ctx)
    tree, _ = layout.to_ast(gast.Module(body=[node], type_ignores=[]))
    return ast.unparse(tree.body[0]) + "\n"


class StaticNamespace(dict):
    """What a file's top-level names refer to, as far as its source tells, then builtins."""

    def __init__(self, module: Any):
        super().__init__(vars(builtins))
        for statement in _top_level_statements(module.body):
            self.update(_bindings(statement))


class ImportedName(types.ModuleType):
    """A stand-in for something imported, known only by its dotted name: its attributes are
    stand-ins too. It passes for a module (so that call_trees resolves attributes through it)
    whose `__module__` is the module it came from, which tells library callables apart."""

    def __init__(self, module: str, name: str):
        super().__init__(name)
        self.__module__ = module

    def __getattr__(self, attr: str) -> ImportedName:
        if attr.startswith("__"):
            raise AttributeError(attr)
        module = self.__module__
        return ImportedName(module + ("" if module.endswith(".") or not module else ".")
                            + self.__name__, attr)


class UserValue:
    """A stand-in for a value the file defines (a def, an assignment): calls of it go
    through `ag__.converted_call`, which decides when they run."""

    def __init__(self, name: str):
        self.__name__ = name
        self.__module__ = ""  # the file's own: not a library


def _bindings(statement: Any) -> dict[str, Any]:
    """The names a top-level statement binds, and the stand-ins of their values."""
    kind = type(statement)
    if kind is gast.Import:
        return {alias.asname or alias.name.split(".")[0]: _imported_module(alias)
                for alias in statement.names}
    if kind is gast.ImportFrom:
        source = "." * (statement.level or 0) + (statement.module or "")
        return {alias.asname or alias.name: _imported_from(source, alias.name)
                for alias in statement.names if alias.name != "*"}
    if kind is gast.ClassDef:
        return {statement.name: type(statement.name, (), {"__module__": "__static__"})}
    if kind in _DEFS:
        return {statement.name: UserValue(statement.name)}
    return {n.id: UserValue(n.id) for n in traversal.own_nodes(_header(statement))
            if type(n) is gast.Name and type(n.ctx) is gast.Store}


def _imported_module(alias: Any) -> ImportedName:
    if alias.asname:  # `import a.b as c`: c is the module a.b
        package, _, name = alias.name.rpartition(".")
        return ImportedName(package, name)
    return ImportedName("", alias.name.split(".")[0])  # `import a.b` binds a


def _imported_from(module: str, name: str) -> Any:
    if module == "builtins" and hasattr(builtins, name):
        return getattr(builtins, name)
    return ImportedName(module, name)


def _top_level_statements(body: list) -> Iterator[Any]:
    """The statements run at the top level: those of `body`, and of the blocks of its `if`,
    `try`, `with` and loops (not of defs and classes, which have scopes of their own)."""
    for statement in body:
        yield statement
        if isinstance(statement, (*_DEFS, gast.ClassDef)):
            continue
        for field in _BLOCKS:
            yield from _top_level_statements(getattr(statement, field, None) or [])
        for handler in getattr(statement, "handlers", None) or []:
            yield from _top_level_statements(handler.body)


def _header(statement: Any) -> list[Any]:
    """The parts of a statement outside its blocks (a loop's target, an `except`'s name)."""
    parts = [getattr(statement, f) for f in statement._fields
             if f not in _BLOCKS and f != "handlers"]
    for handler in getattr(statement, "handlers", None) or []:
        parts += [handler.type, handler.name]
    return [p for part in parts for p in (part if isinstance(part, list) else [part])
            if isinstance(p, gast.AST)]


def _code_objects(code: types.CodeType) -> Iterator[types.CodeType]:
    """The code objects of the functions and classes that `code` defines, at any depth."""
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield const
            yield from _code_objects(const)


def _first_line(node: Any) -> int:
    """The line a def's code object starts at: its first decorator's, or its own."""
    return node.decorator_list[0].lineno if node.decorator_list else node.lineno


def _names_in_tree(node: Any) -> set[str]:
    """The identifiers a def mentions, read from its tree: for a def that the compiler drops
    as unreachable (after a top-level `raise`), which has no code object."""
    names = set()
    for n in gast.walk(node):
        if isinstance(n, gast.Name):
            names.add(n.id)
        elif isinstance(n, gast.Attribute):
            names.add(n.attr)
        elif isinstance(n, (*_DEFS, gast.ClassDef)):
            names.add(n.name)
        elif isinstance(n, gast.alias):
            names.add((n.asname or n.name).split(".")[0])
    return names


OPERATORS_IMPORT = "import autograph.operators as ag__"  # the module converted code calls


def converted_module(source: str, functions: Sequence[StaticFunction], filename: str) -> str:
    """`source` with each converted function in place of its def (decorators kept, the
    others as written), and `OPERATORS_IMPORT` before its first statement after the
    docstring and `from __future__` imports: a module that runs as the original does.

    >>> source = "import math\\n\\ndef f(x):\\n    return abs(math.sqrt(x))\\n"
    >>> print(converted_module(source, convert_source(source, "f.py"), "f.py"))
    # Generated by `autograph transpile` from f.py: its functions, converted.
    import autograph.operators as ag__
    import math
    <BLANKLINE>
    def f(x):
        return ag__.abs(math.sqrt(x))
    <BLANKLINE>
    """
    lines = source.splitlines(True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        at = _first_statement_line(ast.parse(source)) - 1
    ordered = sorted((f for f in functions if f.converted is not None), key=lambda f: -f.line)
    for function in ordered:
        assert function.converted is not None  # `ordered` holds converted functions only
        text = textwrap.indent(function.converted, " " * function.indent)
        lines[function.line - 1:function.end_line] = [text]
    header = [f"# Generated by `autograph transpile` from {filename}: its functions, "
              f"converted.\n", OPERATORS_IMPORT + "\n"]
    return "".join(lines[:at] + header + lines[at:])


def _first_statement_line(module: ast.Module) -> int:
    """The line of the first statement after a docstring and `from __future__` imports (or
    the line after the file's last one, if there is none)."""
    for i, statement in enumerate(module.body):
        docstring = i == 0 and isinstance(statement, ast.Expr) and isinstance(
            statement.value, ast.Constant) and isinstance(statement.value.value, str)
        future = isinstance(statement, ast.ImportFrom) and statement.module == "__future__"
        if not (docstring or future):
            decorators = getattr(statement, "decorator_list", None)
            return decorators[0].lineno if decorators else statement.lineno
    if not module.body:
        return 1
    last = module.body[-1]
    return (last.lineno if last.end_lineno is None else last.end_lineno) + 1
