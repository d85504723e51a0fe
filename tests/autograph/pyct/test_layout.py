"""gast to ast in one walk: the same tree as gast's own conversion, on the lines that
`ast.unparse` prints each node at (checked by parsing the printed text again)."""

import ast
import sys
import textwrap

import gast
import pytest

from autograph.pyct import layout

EVERY_STATEMENT = '''
"""A module docstring
on two lines."""
import os
from os import path as p


@decorator
@other(1,
       2)
class Thing(Base, metaclass=Meta):
    """Class docstring."""
    attribute: int = 1

    async def method(self, a, /, b=1, *args, c, d=2, **kwargs) -> int:
        """A docstring with "quotes" and
        two lines."""
        global counter
        del self.x, self.y[0]
        assert a, "message"
        return [x async for x in a] if b else {k: v for k, v in kwargs.items()}


async def coroutine(x):
    async with x as (y, z), other():
        async for i in y:
            await i
    with open(x) as f:
        pass


def control(x):
    def inner():
        nonlocal x
        x += 1
    if x:
        pass
    elif x > 1:
        x = lambda q, *r: q
    elif x > 2:
        raise ValueError("no") from None
    else:
        x = -1
    if x:
        pass
    else:
        if x:
            pass
        x = 2
    for i in range(3):
        continue
    else:
        x = (yield i)
    while x:
        break
    else:
        x = yield from x
    try:
        x = 1
    except ValueError as e:
        x = e
    except (TypeError, KeyError):
        pass
    else:
        x = 3
    finally:
        x = f"{x!r:>{10}} and {x}\\n"
    match x:
        case [1, 2, *rest] if rest:
            pass
        case {"k": v, **others}:
            pass
        case Point(x=0) | None:
            pass
        case str() as s:
            pass
        case _:
            pass
    return x[1:2, ::3], (x := 4), not x, x if x else -x, *x,
'''


def _lines_after_printing(tree):
    """(node type, line) of every located node of `tree`, and of `tree` printed and parsed."""
    printed = ast.parse(ast.unparse(tree))
    ours = [(type(n).__name__, n.lineno) for n in ast.walk(tree) if hasattr(n, "lineno")]
    theirs = [(type(n).__name__, n.lineno) for n in ast.walk(printed) if hasattr(n, "lineno")]
    return ours, theirs


def _check(source):
    module = gast.parse(textwrap.dedent(source))
    tree, _ = layout.to_ast(module)
    assert ast.dump(tree) == ast.dump(gast.gast_to_ast(module))
    ours, theirs = _lines_after_printing(tree)
    assert ours == theirs
    compile(tree, "<test>", "exec")
    return tree


def test_every_statement_is_on_its_printed_line():
    _check(EVERY_STATEMENT)


@pytest.mark.skipif(sys.version_info < (3, 11), reason="except* is Python 3.11+")
def test_except_star():
    _check("""
        try:
            pass
        except* ValueError as group:
            x = group
        """)


@pytest.mark.skipif(sys.version_info < (3, 12), reason="type parameters are Python 3.12+")
def test_type_parameters_and_aliases():
    _check("""
        type Pair[T] = tuple[T, T]
        def first[T: int, *Ts, **P](x: T) -> T:
            return x
        class Box[T]:
            pass
        """)


def test_an_fstring_printed_on_several_lines_moves_the_next_lines():
    module = gast.parse("def f(x):\n    y = f'{x:{z}}'\n    return y\n")
    spec = module.body[0].body[0].value.values[0].format_spec
    spec.values = [gast.Constant(value="a\nb", kind=None)]  # a newline only an AST can hold
    tree, _ = layout.to_ast(module)
    ours, theirs = _lines_after_printing(tree)
    assert ours == theirs


def test_origins_are_the_gast_lines_or_the_enclosing_statements():
    module = gast.parse("def f(x):\n\n    if x:\n        y = 1\n    return x\n")
    function = module.body[0]
    function.body[0].body.append(gast.Pass())  # built without a line: its `if`'s
    tree, origins = layout.to_ast(module)
    assert ast.unparse(tree).splitlines() == [
        "def f(x):", "    if x:", "        y = 1", "        pass", "    return x"]
    assert origins == {1: 1, 2: 3, 3: 4, 4: 3, 5: 5}


def test_nodes_have_no_columns():
    tree = _check("def f(x):\n    return x + 1\n")
    assert {n.col_offset for n in ast.walk(tree) if hasattr(n, "col_offset")} == {-1}
    assert all(getattr(n, "end_col_offset", None) is None
               for n in ast.walk(tree) if isinstance(n, (ast.stmt, ast.expr)))
