"""Functions whose instructions show that no converter changes them run as written, unparsed;
every construct a converter acts on sends a function the long way."""

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


def test_a_closure_read_runs_as_written():
    assert plain_code.runs_as_written(_closure_read().__code__, WATCHED)


@pytest.mark.parametrize("fn", [
    _if, _while, _for, _and, _not, _compare, _is, _call, _conditional_expression, _assert,
    _raise, _lambda, _list_comprehension, _try, _generator, _walrus, _nonlocal_write(),
    _global_write, _watched_attribute, _watched_global], ids=lambda fn: fn.__name__)
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
