"""Compiling converted code: its line numbers are those of its text, which is made only when
read (by `to_code`, tracebacks or linecache)."""

import ast
import importlib
import inspect
import linecache
import pathlib
import sys
import traceback
import types

import pytest

from autograph.impl import api, transpiler
from autograph.pyct import loader, parser
from autograph.pyct.errors import ConversionError
from tests.autograph import test_golden

TESTS = pathlib.Path(__file__).resolve().parents[1]


def _corpus():
    """The golden inputs, and the functions the converter tests convert."""
    functions = [test_golden.load(path).f for path in test_golden.CASES]
    for path in sorted((TESTS / "converters").glob("test_*.py")):
        module = importlib.import_module(f"tests.autograph.converters.{path.stem}")
        functions += [fn for name, fn in vars(module).items() if inspect.isfunction(fn)
                      and fn.__module__ == module.__name__ and not name.startswith("test_")]
    return functions


def _lines(code):
    """The line table of `code` and of the code objects it holds, depth first."""
    lines = [line for _, _, line in code.co_lines()]
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            lines.append(_lines(const))
    return lines


def _converted(fn):
    try:
        return transpiler.convert(fn)[1]
    except ConversionError:
        return None


@pytest.mark.parametrize("fn", _corpus(), ids=lambda fn: f"{fn.__module__}.{fn.__name__}")
def test_compiled_lines_are_the_lines_of_the_generated_text(fn):
    converted = _converted(fn)
    if converted is None:
        pytest.skip("not convertible")
    if converted.code is None:
        pytest.skip("no converter changes it: it runs its own code")
    filename = converted.code.co_filename
    text = "".join(linecache.getlines(filename))
    factory = next(c for c in compile(text, filename, "exec").co_consts
                   if isinstance(c, types.CodeType))
    [from_text] = [c for c in factory.co_consts if isinstance(c, types.CodeType)]
    assert _lines(converted.code) == _lines(from_text)


def with_a_loop(xs):
    total = 0
    for x in xs:
        if x > 1:
            total = total + x
    return total


def test_the_text_is_made_only_when_read(monkeypatch):
    unparsed = []
    monkeypatch.setattr(ast, "unparse", lambda tree: unparsed.append(tree) or "")
    code, source, _ = _compile(with_a_loop)
    assert not unparsed
    monkeypatch.undo()
    assert source() == inspect.getsource(with_a_loop)
    assert linecache.getline(code.co_filename, 3) == "    def with_a_loop__converted(xs):\n"


def test_linecache_keeps_the_generated_text():
    code, _, _ = _compile(with_a_loop)
    linecache.checkcache()
    assert list(linecache.getlines(code.co_filename)) == [
        "def with_a_loop__converted__factory():\n",
        "\n",
        "    def with_a_loop__converted(xs):\n",
        "        total = 0\n",
        "        for x in xs:\n",
        "            if x > 1:\n",
        "                total = total + x\n",
        "        return total\n",
        "    return with_a_loop__converted\n"]


def test_the_source_map_gives_the_users_line_of_each_generated_line():
    _, _, source_map = _compile(with_a_loop)
    first = with_a_loop.__code__.co_firstlineno
    assert source_map.lines == {3 + i: (__file__, first + i) for i in range(6)}


def failing(x):
    y = x + 1 if x else x
    return y + "a"


def test_tracebacks_show_the_generated_line_without_carets():
    converted = api.to_graph(failing).__wrapped__
    with pytest.raises(TypeError) as info:
        converted(1)
    frame = traceback.extract_tb(info.value.__traceback__)[-1]
    assert frame.filename.startswith(loader.GENERATED_PREFIX)
    assert frame.line == "return y + 'a'"
    if sys.version_info >= (3, 11):
        assert (frame.colno, frame.end_colno) == (None, None)


def _compile(fn):
    """`fn` compiled as it is, without converting it."""
    return loader.compile_function(parser.parse_entity(fn).node, fn, __file__, [])


def annotations_of_a_nested_function():
    def inner(a: int) -> float:
        return a
    return inner.__annotations__


def test_converted_code_evaluates_annotations_as_its_module_does():
    assert api.to_graph(annotations_of_a_nested_function)() == {"a": int, "return": float}


def test_converted_code_of_a_module_with_postponed_annotations_keeps_them_postponed():
    from tests.autograph.pyct import postponed_annotations_cases as cases
    converted = api.to_graph(cases.annotations_of_a_nested_function)
    assert converted() == {"a": "int", "return": "float"}
