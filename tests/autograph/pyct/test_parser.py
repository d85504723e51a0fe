"""Finding a function's source: from linecache when the guess parses, else with inspect; the
nodes carry the lines of the user's file either way."""

import functools
import inspect
import linecache
import textwrap

import gast
import pytest

from autograph.pyct import parser
from autograph.pyct.errors import ConversionError
from tests.autograph import exec_registered


def decorator(*args):
    return lambda fn: fn


@decorator(1,
           2)
@decorator()
def decorated(x):
    return x


def long_signature(
    x,
    y=1,
):
    return x + y


def docstring_only():
    """A docstring
    on two lines."""


def closing_bracket_at_the_margin(x):
    return max(
        x,
        1,
)


def ends_with_a_nested_def(x):
    def inner(y):
        z = y + 1
        return z
    # a comment after the last statement
def follows_without_a_blank_line(x): return x


def margin_string(x):
    y = """first
second"""
    return y


class Holder:
    def method(self, x):
        if x:
            return 1
        return 2

    @staticmethod
    def static(x):
        def nested(y):
            return y
        return nested(x)


SHAPES = [decorated, long_signature, docstring_only, closing_bracket_at_the_margin,
          ends_with_a_nested_def, follows_without_a_blank_line, margin_string,
          Holder.method, Holder.static]


def _by_inspect(fn):
    lines, first_line = inspect.getsourcelines(fn)
    source = "\n" * (first_line - 1) + textwrap.dedent("".join(lines))
    return next(n for n in gast.parse(source).body if isinstance(n, gast.FunctionDef))


@pytest.mark.parametrize("fn", SHAPES, ids=lambda fn: fn.__qualname__)
def test_the_node_is_the_one_inspect_finds_with_file_lines(fn):
    entity = parser.parse_entity(fn)
    assert gast.dump(entity.node, include_attributes=True) == gast.dump(
        _by_inspect(fn), include_attributes=True)
    assert entity.first_line == fn.__code__.co_firstlineno
    assert entity.filename == __file__


def test_a_def_found_in_linecache_does_not_use_inspect(monkeypatch):
    def unavailable(fn):
        raise AssertionError("inspect was used")
    monkeypatch.setattr(inspect, "getsourcelines", unavailable)
    for fn in (decorated, long_signature, Holder.method, follows_without_a_blank_line):
        assert parser.parse_entity(fn).node.name == fn.__name__


def test_a_guess_that_does_not_parse_falls_back_to_inspect(monkeypatch):
    calls = []
    getsourcelines = inspect.getsourcelines
    monkeypatch.setattr(inspect, "getsourcelines", lambda fn: calls.append(fn) or (
        getsourcelines(fn)))
    node = parser.parse_entity(closing_bracket_at_the_margin).node
    assert calls == [closing_bracket_at_the_margin]
    assert node.body[0].lineno == closing_bracket_at_the_margin.__code__.co_firstlineno + 1


def test_decorators_are_followed_through_wrapped():
    @functools.wraps(decorated)
    def wrapper(*args):
        return decorated(*args)
    assert parser.parse_entity(wrapper).function is decorated


def test_lambdas_on_one_line_are_told_apart_and_keep_their_line():
    first, second = lambda q: q + 1, lambda q: q - 1  # noqa: E731
    line = inspect.currentframe().f_lineno - 1
    for fn, op in ((first, gast.Add), (second, gast.Sub)):
        node = parser.parse_entity(fn).node
        assert isinstance(node, gast.Lambda) and isinstance(node.body.op, op)
        assert node.lineno == line


def _lambda_of(fn):
    node = parser.parse_entity(fn).node
    assert isinstance(node, gast.Lambda)
    return node


def test_a_lambda_calling_a_function_of_an_imported_module_is_found():
    # CPython 3.11+ calls `module.name(...)` through LOAD_ATTR when `module` is bound by an
    # import of the file, and through LOAD_METHOD in a lambda compiled on its own.
    found = _lambda_of(lambda x: textwrap.dedent(x))  # noqa: E731
    assert found.body.func.attr == "dedent"


def test_a_lambda_reading_a_variable_of_its_enclosing_function_is_found():
    def scaled_by(k):
        return lambda x: x * k  # noqa: E731
    assert isinstance(_lambda_of(scaled_by(3)).body.op, gast.Mult)


def test_a_lambda_with_a_conditional_and_a_nested_lambda_is_found():
    fn = lambda x: (lambda y: y + 1)(x) if x > 0 else -x  # noqa: E731
    assert isinstance(_lambda_of(fn).body, gast.IfExp)


def test_a_lambda_as_a_dict_entry_on_its_own_line_is_found():
    table = {
        "double": lambda x: x * 2,  # noqa: E731
    }
    assert isinstance(_lambda_of(table["double"]).body.op, gast.Mult)


def test_a_lambda_on_the_line_that_opens_a_dict_is_found():
    table = {"halve": lambda x: x / 2,  # noqa: E731
             "other": None}
    assert isinstance(_lambda_of(table["halve"]).body.op, gast.Div)


def test_code_registered_in_linecache_is_found():
    namespace = exec_registered("\n\ndef from_exec(x):\n    return -x\n", "<parser-test>")
    node = parser.parse_entity(namespace["from_exec"]).node
    assert (node.name, node.lineno, node.body[0].lineno) == ("from_exec", 3, 4)


def test_source_that_does_not_parse_names_the_file_and_line():
    filename = "<parser-test-broken>"
    namespace = {}
    exec(compile("def broken(x):\n    return x\n", filename, "exec"), namespace)
    text = "def broken(x):\n    return x +\n"  # the file changed since it was run
    linecache.cache[filename] = (len(text), None, text.splitlines(True), filename)
    with pytest.raises(ConversionError, match=f"{filename}:2: cannot parse the source of "
                                              f"function 'broken'"):
        parser.parse_entity(namespace["broken"])


def test_parse_str_gives_the_tree_gast_gives():
    text = "    def f(x, *a, k: int = 1):\n        return [x async for x in a]\n"
    assert gast.dump(parser.parse_str(text), include_attributes=True) == gast.dump(
        gast.parse(textwrap.dedent(text)), include_attributes=True)
