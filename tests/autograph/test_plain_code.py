"""Functions whose instructions show that no converter changes them run as written, unparsed;
every construct a converter acts on sends a function the long way."""

import dis

import numpy as np
import pytest

import autograph as ag
from autograph.impl import plain_code, transpiler
from autograph.pyct import parser
from autograph.pyct.transformer import ConversionOptions

WATCHED = transpiler._WATCHED_NAMES


def _arithmetic(x, c):
    a, b = x, c
    y = -(a * 1.0001 + b) ** 2 @ x
    return (y[1:2, ...], [1, *y], {"y": y}, f"{c}", ~a, x.T)


def _closure_read():
    c = 2.0

    def inner(x):
        return x * c
    return inner


def _if(x):
    if x > 0:
        x = -x
    return x


def _while(x):
    while x:
        x = x - 1
    return x


def _for(x):
    for i in x:
        x = i
    return x


def _and(x, y):
    return x and y


def _not(x):
    return not x


def _compare(x):
    return x < 1


def _is(x):
    return x is None


def _call(x):
    return abs(x)


def _conditional_expression(x, y):
    return x if y else -x


def _assert(x):
    assert x
    return x


def _raise(x):
    raise ValueError(x)


def _lambda(x):
    return lambda: x


def _list_comprehension(x):
    return [v for v in x]


def _try(x):
    try:
        return x + 1
    finally:
        x = 0


def _generator(x):
    yield x


async def _coroutine(x):
    return x


def _with(x):
    with x:
        return x


def _walrus(x):
    return (y := x) + y


def _nonlocal_write():
    c = 0

    def inner(x):
        nonlocal c
        c = x
    return inner


def _global_write(x):
    global _GLOBAL
    _GLOBAL = x


def _watched_attribute(x):
    return x.append


def _watched_global():
    return TensorArray  # noqa: F821 - a name the converter watches, never looked up


def test_arithmetic_indexing_and_literals_run_as_written():
    assert plain_code.runs_as_written(_arithmetic.__code__, WATCHED)


# Code using each instruction `_PLAIN` lets run as written (of this Python's instructions).
_PLAIN_SOURCE = """
def plain(x, c, d, e):
    pass
    x
    a, b = x, c
    d.a, d.b = a, b
    p, q = d
    y = -(a * 1.0001 + b) ** 2 @ x
    y = +y // 2 % 3 - ~e << 1 >> 1 & e | e ^ e
    y /= 2
    x[0] = x[1:2, ...]
    del x[0]
    d.attr = d.attr
    del d.attr
    first, *rest = [1, *y]
    t = (*rest,)
    s = {1, *t}
    m = {"a": 1, **e}
    k = {x: 1, c: 2}
    n = {"a": x, "b": c}
    f = f"{c!r:>4}{c}"
    del f
    return (y, t, s, m, k, n, p, q, GLOBAL, CONSTANTS)

def closure():
    return plain
""".replace("CONSTANTS", ", ".join(str(i + 0.5) for i in range(300)))  # EXTENDED_ARG


def test_each_instruction_of_plain_code_comes_from_code_run_as_written():
    namespace = {}
    exec(compile(_PLAIN_SOURCE, "<plain>", "exec"), namespace)
    codes = [namespace["plain"].__code__, namespace["closure"].__code__]
    closure_code = compile("def outer():\n    p = 1\n    def inner():\n        return p\n"
                           "    return inner\n", "<closure>", "exec")
    outer = next(c for c in closure_code.co_consts if hasattr(c, "co_code"))
    codes.append(next(c for c in outer.co_consts if hasattr(c, "co_code")))  # inner
    assert all(plain_code.runs_as_written(code, WATCHED) for code in codes)
    used = {op for code in codes for op in code.co_code[::2]}
    unused = {dis.opname[op] for op in plain_code._PLAIN - used}
    assert not unused, unused


def _constant_tests(x):
    if True: x = x * 2  # noqa: E701 - one line: Python leaves no instruction of the `if`
    return (not True, True and x, x if 1 else -x)


def test_tests_python_folds_away_run_as_written_with_python_values():
    converted, code = transpiler.convert(_constant_tests)
    assert code.code is None
    assert converted(3) == _constant_tests(3) == (False, 6, 6)


def test_a_closure_read_runs_as_written():
    assert plain_code.runs_as_written(_closure_read().__code__, WATCHED)


@pytest.mark.parametrize("fn", [
    _if, _while, _for, _and, _not, _compare, _is, _call, _conditional_expression, _assert,
    _raise, _lambda, _list_comprehension, _try, _with, _generator, _coroutine, _walrus,
    _nonlocal_write(), _global_write, _watched_attribute, _watched_global],
    ids=lambda fn: fn.__name__)
def test_a_construct_some_converter_acts_on_goes_the_long_way(fn):
    assert not plain_code.runs_as_written(fn.__code__, WATCHED)


def test_a_function_run_as_written_keeps_its_code_and_its_value():
    converted, code = transpiler.convert(_arithmetic)
    assert converted.__code__ is _arithmetic.__code__ and code.code is None
    x = np.arange(4).reshape(2, 2)
    np.testing.assert_array_equal(converted(x, 1.0)[0], _arithmetic(x, 1.0)[0])


def test_to_code_of_a_function_run_as_written_shows_its_source():
    assert ag.autograph.to_code(_arithmetic).startswith(
        "def _arithmetic(x, c):\n    a, b = (x, c)\n")


@pytest.mark.parametrize("options", [ConversionOptions(), ConversionOptions(
    optional_features=frozenset())], ids=["standard", "no optional features"])
def test_code_run_as_written_is_code_no_converter_would_change(options):
    """Over the goldens and the converter tests' functions: what the instructions let run as
    written, the parsed tree shows no converter acting on (a `global` or `nonlocal`
    declaration aside, which matters only to names assigned in loops and branches)."""
    from tests.autograph.pyct.test_loader import _corpus

    checked = 0
    for fn in _corpus() + [_arithmetic, _closure_read()]:
        if not plain_code.runs_as_written(fn.__code__, WATCHED):
            continue
        found = transpiler._kinds_and_names(parser.parse_entity(fn).tree)
        assert found & transpiler._may_trigger(options) <= {"Global", "Nonlocal"}, (
            fn.__qualname__)
        checked += 1
    assert checked >= 8
