"""Finding and parsing a function's source: `parse_entity(fn) -> ParsedEntity`.

A def's source is read from `linecache` (files, `exec`'d code registered there, REPL and
IPython cells): it starts at the code object's first line (its first decorator) and ends
after the code's last line and the more indented lines that follow; parsing it checks the
guess. Anything else (lambdas, or a guess that does not parse) is found by `inspect`.
Decorator chains are followed through `__wrapped__`. Indented sources (methods, nested
functions) are dedented, and parsed after blank lines standing for the file's lines above
them, so that every node has its line number in the ORIGINAL file and generated code maps
back to the user's lines. A lambda is told apart from others on the same line by compiling
each candidate and comparing its instructions with the lambda's (leaving out what depends on
the scope the candidate was compiled in).

>>> def double(x):
...     return x * 2
>>> entity = parse_entity(double)
>>> type(entity.node).__name__, entity.node.name
('FunctionDef', 'double')
"""

from __future__ import annotations

import ast
import dataclasses
import dis
import functools
import inspect
import linecache
import operator
import textwrap
from typing import Any, Callable

from autograph.pyct.errors import ConversionError
from autograph.pyct.gast_from_ast import ast_to_gast


@dataclasses.dataclass
class ParsedEntity:
    """A function's AST (with original line numbers) and where it came from."""

    tree: Any  # the standard library's ast.FunctionDef (or AsyncFunctionDef, Lambda)
    source: str  # the dedented source the node was parsed from
    filename: str
    first_line: int  # line of the file where `source` starts
    function: Callable

    @functools.cached_property
    def node(self) -> Any:
        """`tree` as gast (a FunctionDef or Lambda), made on first use: code that no
        converter changes is never converted to gast."""
        return ast_to_gast(self.tree)


def parse_entity(fn: Callable) -> ParsedEntity:
    """Parses `fn`'s def (or lambda), with the file's line numbers: `tree`, and `node` as gast.

    Raises:
        ConversionError: the source cannot be found or parsed, naming the function and why.
    """
    fn = inspect.unwrap(fn)
    if fn.__name__ != "<lambda>":
        found = _parse_from_linecache(fn)
        if found is not None:
            return found
    lines, first_line, filename = _inspect_source(fn)
    source = textwrap.dedent("".join(lines))
    if fn.__name__ == "<lambda>":
        node, source = _parse_lambda(fn, source, filename, first_line)
    else:
        node = _parse_function(fn, source, filename, first_line)
    return ParsedEntity(node, source, filename, first_line, fn)


def parse_str(source: str) -> Any:
    """Parses source text into a gast Module."""
    return ast_to_gast(ast.parse(textwrap.dedent(source)))


def _parse_from_linecache(fn: Callable) -> ParsedEntity | None:
    """The def of `fn` from the lines `linecache` has for its file; None when unsure."""
    code = getattr(fn, "__code__", None)
    if code is None:
        return None
    filename = code.co_filename
    linecache.checkcache(filename)  # as inspect does: the file may have changed
    lines = linecache.getlines(filename, fn.__globals__)
    first_line = code.co_firstlineno
    last_line = max(filter(None, map(_LINE, code.co_lines())), default=first_line)
    if not first_line <= last_line <= len(lines):
        return None
    end = _block_end(lines, last_line, _indentation(lines[first_line - 1]))
    source = textwrap.dedent("".join(lines[first_line - 1:end]))
    try:
        module = _parse(source, first_line)
    except SyntaxError:
        return None
    if len(module.body) != 1 or not _is_definition_of(module.body[0], fn):
        return None
    return ParsedEntity(module.body[0], source, filename, first_line, fn)


_LINE = operator.itemgetter(2)  # of a `co_lines()` entry: None for an instruction of no line


def _block_end(lines: list[str], last_line: int, indentation: int) -> int:
    """The line ending the block that goes on at least to `last_line`: the lines after it
    that are blank, comments, or indented deeper than `indentation` belong to the block
    (the last statement's lines after its last instruction, a nested def's body)."""
    end = last_line
    while end < len(lines) and (_is_blank_or_comment(lines[end])
                                or _indentation(lines[end]) > indentation):
        end += 1
    while end > last_line and _is_blank_or_comment(lines[end - 1]):
        end -= 1  # trailing blank and comment lines are not the function's
    return end


def _indentation(line: str) -> int:
    return len(line) - len(line.lstrip())


def _is_blank_or_comment(line: str) -> bool:
    return line.lstrip()[:1] in ("", "#")


def _is_definition_of(node: Any, fn: Callable) -> bool:
    return isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and (
        node.name == fn.__name__)


def _inspect_source(fn: Callable) -> tuple[list[str], int, str]:
    try:
        lines, first_line = inspect.getsourcelines(fn)
        filename = inspect.getsourcefile(fn) or fn.__code__.co_filename
    except (OSError, TypeError) as e:
        raise ConversionError(
            f"Cannot convert {_describe(fn)}: its source code is not available ({e}). "
            f"Define it in a file (or a notebook cell), or mark it with "
            f"@ag.do_not_convert to run it as it is.") from None
    return lines, first_line, filename


def _parse(source: str, first_line: int) -> ast.Module:
    """Parses dedented `source` found at `first_line` of its file: its nodes get the file's
    line numbers."""
    return ast.parse("\n" * (first_line - 1) + source)


def _parse_function(fn: Callable, source: str, filename: str, first_line: int) -> Any:
    try:
        module = _parse(source, first_line)
    except SyntaxError as e:
        raise ConversionError(f"{filename}:{e.lineno or first_line}: cannot parse "
                              f"the source of {_describe(fn)}: {e.msg}.") from None
    for node in module.body:
        if _is_definition_of(node, fn):
            return node
    raise ConversionError(f"{filename}:{first_line}: could not find the definition of "
                          f"{_describe(fn)} in its source.")


def _parse_lambda(fn: Callable, source: str, filename: str, first_line: int):
    """The Lambda node of `fn`; its source may be part of a larger, unparseable statement."""
    module = _parse_enclosing(source, first_line)
    if module is None:
        raise ConversionError(f"{filename}:{first_line}: cannot parse the source line of a "
                              f"lambda; put it on a line of its own or use a def.")
    candidates = [n for n in ast.walk(module) if isinstance(n, ast.Lambda)]
    matches = [n for n in candidates if _same_code(n, fn)]
    if not matches:
        raise ConversionError(f"{filename}:{first_line}: could not find this lambda in its "
                              f"source line; give it a name with def.")
    node = matches[0]
    return node, source


def _parse_enclosing(source: str, first_line: int) -> Any:
    """Parses `source`, trimming trailing text until it parses (a lambda inside a call, or a
    dict's entry on a line of its own)."""
    text = source.rstrip()
    while text:
        entry = text.rstrip(",")
        for candidate in (text, f"({text})", entry + ")", f"{{{entry}}}"):
            try:
                return _parse(textwrap.dedent(candidate), first_line)
            except SyntaxError:
                continue
        text = text[:-1]
    return None


def _same_code(node: ast.Lambda, fn: Callable) -> bool:
    tree = ast.fix_missing_locations(ast.Expression(body=node))
    try:
        code = compile(tree, "<lambda>", "eval")
    except (SyntaxError, ValueError):
        return False
    lam = next((c for c in code.co_consts if inspect.iscode(c)), None)
    target = fn.__code__
    return lam is not None and lam.co_varnames == target.co_varnames and (
        _instructions(lam) == _instructions(target))


# Compiled alone, a candidate lambda loses its scope: a name of the enclosing function is read
# as a global, and a module bound by an `import` of the file is called through LOAD_ATTR
# rather than LOAD_METHOD (CPython 3.11+). These differences are not the lambda's own.
_NAME_LOADS = frozenset({"LOAD_GLOBAL", "LOAD_NAME", "LOAD_DEREF", "LOAD_CLASSDEREF",
                         "LOAD_FROM_DICT_OR_DEREF", "LOAD_FROM_DICT_OR_GLOBALS"})
_SCOPE_ONLY = frozenset({"CACHE", "NOP", "RESUME", "PRECALL", "PUSH_NULL", "COPY_FREE_VARS",
                         "MAKE_CELL", "EXTENDED_ARG"})


def _instructions(code: Any) -> list[tuple[str, Any]]:
    """`code`'s instructions as (operation, argument), without what depends on the scope it
    was compiled in (see above) or on instruction offsets (jump targets)."""
    shape = []
    for instruction in dis.get_instructions(code):
        name = instruction.opname
        if name in _SCOPE_ONLY:
            continue
        if name in _NAME_LOADS:
            name = "LOAD_NAME"
        elif name == "LOAD_METHOD":
            name = "LOAD_ATTR"
        argument = instruction.argval
        if inspect.iscode(argument):
            argument = _instructions(argument)
        elif "JUMP" in name or name.startswith("FOR_ITER") or name.startswith("SEND"):
            argument = None
        shape.append((name, argument))
    return shape


def source_line(filename: str, lineno: int) -> str:
    """The text of a line of a user file (stripped), or '' when unavailable."""
    return linecache.getline(filename, lineno).strip()


def _describe(fn: Any) -> str:
    name = getattr(fn, "__qualname__", None) or getattr(fn, "__name__", repr(fn))
    return f"function {name!r}"
