"""Finding and parsing a function's source: `parse_entity(fn) -> ParsedEntity`.

Source is found wherever `inspect` finds it: files, `exec`'d code registered in `linecache`,
REPL and IPython cells; decorator chains are followed through `__wrapped__`. Indented sources
(methods, nested functions) are dedented, and every node keeps its line number in the
ORIGINAL file, so generated code maps back to the user's lines. A lambda is told apart from
others on the same line by compiling each candidate and comparing code objects.

>>> def double(x):
...     return x * 2
>>> entity = parse_entity(double)
>>> type(entity.node).__name__, entity.node.name
('FunctionDef', 'double')
"""

from __future__ import annotations

import dataclasses
import inspect
import linecache
import textwrap
from typing import Any, Callable

import gast

from autograph.pyct.errors import ConversionError


@dataclasses.dataclass
class ParsedEntity:
    """A function's AST (with original line numbers) and where it came from."""

    node: Any  # gast.FunctionDef or gast.Lambda
    source: str  # the dedented source the node was parsed from
    filename: str
    first_line: int  # line of the file where `source` starts
    function: Callable


def parse_entity(fn: Callable) -> ParsedEntity:
    """Parses `fn`'s source into a gast FunctionDef (or Lambda) with file line numbers.

    Raises:
        ConversionError: the source cannot be found or parsed, naming the function and why.
    """
    fn = inspect.unwrap(fn)
    try:
        lines, first_line = inspect.getsourcelines(fn)
        filename = inspect.getsourcefile(fn) or fn.__code__.co_filename
    except (OSError, TypeError) as e:
        raise ConversionError(
            f"Cannot convert {_describe(fn)}: its source code is not available ({e}). "
            f"Define it in a file (or a notebook cell), or mark it with "
            f"@ag.do_not_convert to run it as it is.") from None
    source = textwrap.dedent("".join(lines))
    if fn.__name__ == "<lambda>":
        node, source = _parse_lambda(fn, source, filename, first_line)
    else:
        node = _parse_function(fn, source, filename, first_line)
    _to_file_lines(node, first_line)
    return ParsedEntity(node, source, filename, first_line, fn)


def parse_str(source: str) -> Any:
    """Parses source text into a gast Module."""
    return gast.parse(textwrap.dedent(source))


def _parse_function(fn: Callable, source: str, filename: str, first_line: int) -> Any:
    try:
        module = gast.parse(source)
    except SyntaxError as e:
        raise ConversionError(f"{filename}:{first_line + (e.lineno or 1) - 1}: cannot parse "
                              f"the source of {_describe(fn)}: {e.msg}.") from None
    for node in module.body:
        if isinstance(node, (gast.FunctionDef, gast.AsyncFunctionDef)) and (
                node.name == fn.__name__):
            return node
    raise ConversionError(f"{filename}:{first_line}: could not find the definition of "
                          f"{_describe(fn)} in its source.")


def _parse_lambda(fn: Callable, source: str, filename: str, first_line: int):
    """The Lambda node of `fn`; its source may be part of a larger, unparseable statement."""
    module = _parse_enclosing(source)
    if module is None:
        raise ConversionError(f"{filename}:{first_line}: cannot parse the source line of a "
                              f"lambda; put it on a line of its own or use a def.")
    candidates = [n for n in gast.walk(module) if isinstance(n, gast.Lambda)]
    matches = [n for n in candidates if _same_code(n, fn)]
    if not matches:
        raise ConversionError(f"{filename}:{first_line}: could not find this lambda in its "
                              f"source line; give it a name with def.")
    node = matches[0]
    return node, source


def _parse_enclosing(source: str) -> Any:
    """Parses `source`, trimming trailing text until it parses (a lambda inside a call)."""
    text = source.rstrip()
    while text:
        for candidate in (text, f"({text})", text.rstrip(",") + ")"):
            try:
                return gast.parse(textwrap.dedent(candidate))
            except SyntaxError:
                continue
        text = text[:-1]
    return None


def _same_code(node: Any, fn: Callable) -> bool:
    import ast

    tree = gast.gast_to_ast(gast.Expression(body=node))
    ast.fix_missing_locations(tree)
    try:
        code = compile(tree, "<lambda>", "eval")
    except (SyntaxError, ValueError):
        return False
    lam = next((c for c in code.co_consts if inspect.iscode(c)), None)
    target = fn.__code__
    return lam is not None and lam.co_code == target.co_code and (
        lam.co_varnames == target.co_varnames) and lam.co_names == target.co_names


def _to_file_lines(node: Any, first_line: int) -> None:
    for n in gast.walk(node):
        if hasattr(n, "lineno") and n.lineno is not None:
            n.lineno += first_line - 1
            end = getattr(n, "end_lineno", None)
            if end is not None:
                n.end_lineno = end + first_line - 1


def source_line(filename: str, lineno: int) -> str:
    """The text of a line of a user file (stripped), or '' when unavailable."""
    return linecache.getline(filename, lineno).strip()


def _describe(fn: Any) -> str:
    name = getattr(fn, "__qualname__", None) or getattr(fn, "__name__", repr(fn))
    return f"function {name!r}"
