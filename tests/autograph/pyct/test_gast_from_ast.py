"""ast to gast in one walk: the same trees as `gast.ast_to_gast`, positions included, for
real modules (the standard library's, the converter's and the goldens) and version-specific
syntax.

Trees are compared attribute by attribute (every key of every node's dict, which is more
than `gast.dump` shows, and faster); the syntax snippets are compared by `gast.dump` too."""

import ast
import os
import pathlib
import sys
import textwrap

import gast
import pytest

from autograph.pyct.gast_from_ast import ast_to_gast

_REPOSITORY = pathlib.Path(__file__).resolve().parents[3]
_STDLIB = pathlib.Path(os.path.dirname(ast.__file__))


def _corpus() -> list[pathlib.Path]:
    stdlib = [_STDLIB / f"{name}.py" for name in ("ast", "textwrap", "inspect", "dataclasses")]
    stdlib += sorted((_STDLIB / "asyncio").glob("*.py"))
    ours = [path for folder in ("autograph", "golden")
            for path in sorted((_REPOSITORY / folder).rglob("*.py"))]
    return stdlib + ours


def _assert_same_nodes(ours, theirs) -> None:
    pending = [(ours, theirs)]
    while pending:
        mine, gasts = pending.pop()
        assert type(mine) is type(gasts)
        if isinstance(mine, ast.AST):
            assert vars(mine).keys() == vars(gasts).keys(), type(mine).__name__
            pending += [(value, vars(gasts)[key]) for key, value in vars(mine).items()]
        elif type(mine) is list:
            assert len(mine) == len(gasts)
            pending += zip(mine, gasts)
        else:
            assert mine == gasts or mine is gasts  # `is`: a NaN constant


def _assert_same(tree: ast.AST) -> None:
    before = ast.dump(tree, include_attributes=True)
    ours, theirs = ast_to_gast(tree), gast.ast_to_gast(tree)
    assert gast.dump(ours, include_attributes=True) == gast.dump(theirs,
                                                                 include_attributes=True)
    _assert_same_nodes(ours, theirs)
    assert ast.dump(tree, include_attributes=True) == before  # the ast tree is left as is


@pytest.mark.parametrize("path", _corpus(), ids=lambda p: p.name)
def test_modules_convert_as_gast_converts_them(path):
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except SyntaxError:
        pytest.skip(f"{path.name} does not parse on this Python")
    _assert_same_nodes(ast_to_gast(tree), gast.ast_to_gast(tree))


def test_every_construct():
    _assert_same(ast.parse(textwrap.dedent('''
        """Docstring."""
        import a.b as c
        from . import d
        from ..e import (f, g as h)


        @decorator(1)
        class K(Base, metaclass=M):
            x: int = 1

            async def m(self, a, /, b: int = 1, *args: str, c, d=2, **kw) -> None:
                global G
                del self.x[1:2, ::3], a
                async with a as (b, c), d:
                    async for i in b:
                        await i
                return [x async for x in a if x] or {k: v for k, v in kw.items()}


        def gen(x):
            def inner():
                nonlocal x
                x **= 2
            yield from (y for y in x)
            z = yield
            lam = lambda q, *r, s=1, **t: (q, *r, s, t)
            assert x, f"{x!r:>{10}} {x=}"
            try:
                raise ValueError from None
            except (TypeError, ValueError) as e:
                pass
            except Exception:
                pass
            else:
                pass
            finally:
                pass
            while not x and (w := 1) is not None:
                break
            else:
                continue
            for i, *j in x:
                print(i, *j, sep="", **{"end": ""})
            with open(x) as f, open(z):
                x = {1, 2} | {*x} - set() if x else ...
            return x[0].y @ b"bytes" % -1 < 2 <= 3 != 4 in x not in x is None is not True
        ''')))


@pytest.mark.skipif(sys.version_info < (3, 10), reason="match is Python 3.10+")
def test_match():
    _assert_same(ast.parse(textwrap.dedent('''
        match x:
            case [1, 2, *rest] if rest:
                pass
            case {"k": v, **others}:
                pass
            case Point(1, y=0) | None | True:
                pass
            case str() as s:
                pass
            case -1 | 1.5 | "a" | b"b" | (1 | 2):
                pass
            case _:
                pass
        ''')))


@pytest.mark.skipif(sys.version_info < (3, 11), reason="except* is Python 3.11+")
def test_except_star():
    _assert_same(ast.parse(textwrap.dedent('''
        try:
            pass
        except* ValueError as group:
            pass
        except* TypeError:
            pass
        ''')))


@pytest.mark.skipif(sys.version_info < (3, 12), reason="type parameters are Python 3.12+")
def test_type_parameters_and_aliases():
    _assert_same(ast.parse(textwrap.dedent('''
        type Pair[T] = tuple[T, T]
        def first[T: int, *Ts, **P](x: T) -> T:
            return x
        class Box[T: (int, str)]:
            pass
        async def later[T](x: T):
            pass
        ''')))


def test_a_class_gast_does_not_mirror_is_left_to_gast():
    class Unknown(ast.expr):  # as a node of a future Python
        _fields = ("value",)

    tree = ast.parse("x = 1")
    tree.body[0].value = Unknown(value=ast.Constant(1), lineno=1, col_offset=4)
    _assert_same(tree)
