"""The unsupported converter: one clear ConversionError per construct, at its line."""

import re
import sys
import threading

import numpy as np
import pytest

import autograph as ag
from autograph.impl import api
from autograph.pyct.errors import ConversionError
from tests.autograph.converters.helpers import line_of

COUNTER = 0


def generator(xs):
    for x in xs:
        yield x * 2


def delegating_generator(xs):
    yield from xs


async def coroutine(x):
    return x


def awaits_inside_nested(xs):
    async def inner():
        await xs
    return inner


def try_around_if(x):
    try:
        if x > 0:
            x = x - 1
    except ValueError:
        pass
    return x


def try_with_loop_in_handler(xs):
    try:
        total = sum(xs)
    except TypeError:
        total = 0
        for x in xs:
            total = total + x
    return total


def try_without_control_flow(x):
    try:
        y = 1 / x
    except ZeroDivisionError:
        y = 0.0
    return y


def global_assigned_in_loop(n):
    global COUNTER
    for i in range(n):
        COUNTER = COUNTER + i
    return n


def global_assigned_outside_control_flow(n):
    global COUNTER
    COUNTER = n
    return n


def nonlocal_assigned_in_branch(x):
    total = 0

    def add(v):
        nonlocal total
        if v > 0:
            total = total + v
    add(x)
    return total


def del_in_loop(xs):
    for x in xs:
        y = x * 2
        del y
    return xs


def del_outside_loops(x):
    y = x
    del y
    return x


def match_statement(x):
    match x:
        case 0:
            return "zero"
    return "other"


def class_inside(x):
    class Point:
        pass
    return Point()


def with_around_while(lock, n):
    with lock:
        while n > 0:
            n = n - 1
    return n


def with_without_control_flow(lock, x):
    with lock:
        y = x + 1
    return y


def assert_conversion_error(fn, line_text, *fragments):
    with pytest.raises(ConversionError) as info:
        api.to_code(fn)
    message = str(info.value)
    assert f"{__file__}:{line_of(fn, line_text)}:" in message
    for fragment in fragments:
        assert re.search(fragment, message), (fragment, message)


_WHY = ("a converted `if`, `while` or `for` runs its bodies as nested functions that take "
        "their variables as arguments and return them")


def assert_whole_conversion_error(fn, line_text, message):
    with pytest.raises(ConversionError, match="^" + re.escape(
            f"{__file__}:{line_of(fn, line_text)}: {message}") + "$"):
        api.to_code(fn)


def test_yield_is_rejected_naming_the_generator_and_what_to_do():
    assert_whole_conversion_error(generator, "yield", (
        f"`yield` makes `generator` a generator, which cannot be converted: {_WHY}, so a "
        f"`yield` there would not yield from it. Collect the values in a list and return it."))


def test_yield_from_is_rejected():
    assert_whole_conversion_error(delegating_generator, "yield from", (
        "`yield from` makes `delegating_generator` a generator, which cannot be converted. "
        "Collect the values in a list and return it."))


def test_async_def_is_rejected():
    assert_whole_conversion_error(coroutine, "async def", (
        "`async def coroutine` cannot be converted: coroutines are not supported. Write a "
        "plain function, and await its results outside the converted code."))


def test_await_in_a_nested_coroutine_is_rejected():
    assert_conversion_error(awaits_inside_nested, "async def inner", "async def inner")


def test_try_around_an_if_converts_and_runs():
    assert api.to_graph(try_around_if)(3) == 2
    assert api.to_graph(try_around_if)(-3) == -3


def test_try_with_a_loop_in_a_handler_converts_and_runs():
    assert api.to_graph(try_with_loop_in_handler)([1, 2]) == 3
    # as plain Python: the handler's loop adds 0 + [1]
    with pytest.raises(TypeError, match=r"unsupported operand type\(s\) for \+: 'int' and 'list'"):
        api.to_graph(try_with_loop_in_handler)([[1], [2]])


def test_try_without_control_flow_converts_and_runs():
    assert api.to_graph(try_without_control_flow)(0) == 0.0
    assert api.to_graph(try_without_control_flow)(4) == 0.25


def test_global_assigned_in_a_loop_says_why_it_cannot_be_state():
    line = line_of(global_assigned_in_loop, "for i in range(n)")
    assert_whole_conversion_error(global_assigned_in_loop, "COUNTER = COUNTER + i", (
        f"global variable `COUNTER` is assigned inside the `for` at line {line}, which cannot "
        f"be converted: {_WHY}, and a global name cannot be passed that way. Compute the value "
        f"in a local variable and assign `COUNTER` after the `for`."))


def test_global_assigned_outside_loops_and_branches_converts():
    assert api.to_graph(global_assigned_outside_control_flow)(3) == 3
    assert COUNTER == 3


def test_nonlocal_assigned_in_a_branch_of_a_nested_function_is_rejected():
    assert_conversion_error(nonlocal_assigned_in_branch, "total = total + v",
                            "nonlocal variable `total` is assigned inside the `if`")


def test_del_of_a_variable_assigned_in_the_loop_converts_and_runs():
    assert api.to_graph(del_in_loop)([1, 2]) == [1, 2]


def test_del_outside_loops_converts():
    assert api.to_graph(del_outside_loops)(2) == 2


def test_match_says_to_use_if_elif():
    assert_whole_conversion_error(match_statement, "match x", (
        "`match` statements cannot be converted. Use `if`/`elif` instead, which become graph "
        "conditionals for tensors."))


def test_class_definition_inside_says_to_define_it_at_module_level():
    assert_whole_conversion_error(class_inside, "class Point", (
        "class `Point` is defined inside the converted function; class definitions cannot be "
        "converted. Define the class at module level: its methods are converted when called."))


def test_with_around_control_flow_converts_and_runs():
    lock = threading.Lock()
    assert api.to_graph(with_around_while)(lock, 3) == 0
    assert not lock.locked()


def test_with_without_control_flow_converts_and_runs():
    assert api.to_graph(with_without_control_flow)(threading.Lock(), 1) == 2


def return_in_finally(x):
    try:
        if x > 0:
            x = 10 // x
    finally:
        return 0  # noqa: B012 (the point of the test)


def loop_with_break_in_finally(xs):
    total = 0
    try:
        total = sum(xs)
    finally:
        for x in xs:
            if x < 0:
                break
    return total


@pytest.mark.parametrize("x", [-1, 2])
def test_return_in_a_finally_block_around_control_flow_is_lowered(x):
    assert api.to_graph(return_in_finally)(x) == return_in_finally(x) == 0


def break_leaving_finally(xs):
    total = 0
    for x in xs:
        try:
            total += x
        finally:
            break  # noqa: B012 (the point of the test)
    return total


def test_a_break_leaving_a_finally_block_is_rejected_saying_what_to_do():
    assert_conversion_error(break_leaving_finally, "break  #",
                            "`break` leaving a `finally` block", "Move the `break` after")


def test_a_break_of_a_loop_inside_a_finally_block_converts():
    assert api.to_graph(loop_with_break_in_finally)([1, -2, 3]) == 2


def test_ag_function_lowers_a_return_in_finally_rather_than_running_it_unconverted():
    # Unconverted, `return` in `finally` would discard the trace's errors and answer wrongly.
    @ag.function
    def f(b):
        y = 0
        try:
            y = sum([1 for _ in range(b)])
        finally:
            return y  # noqa: B012 (the point of the test)
    assert f(ag.constant(3)).numpy() == 3


def _absolute(x):
    return ag.abs(x)


def returns_in_a_function_defined_in_finally(x):
    try:
        x = _absolute(x)
    finally:
        def doubled(v):
            return v * 2
        if x > 100.0:  # graph control flow in the try: its returns would be lowered
            x = x - 100.0
        x = doubled(x)
    return x


def test_a_return_in_a_function_defined_in_finally_does_not_leave_the_finally():
    np.testing.assert_allclose(ag.function(returns_in_a_function_defined_in_finally)(
        ag.constant(-3.0)), 6.0)


@pytest.mark.skipif(sys.version_info < (3, 11), reason="except* is Python 3.11 syntax")
def test_a_break_leaving_the_finally_of_a_try_star_is_rejected():
    from tests.autograph.converters import except_star_cases
    f = except_star_cases.break_leaving_the_finally_of_a_try_star
    with pytest.raises(ConversionError, match="^" + re.escape(
            f"{except_star_cases.__file__}:{line_of(f, 'break  #')}: `break` leaving a `finally` "
            "block cannot be converted: it would discard an exception the `try` raises, which "
            "the converted code must see (Python 3.14 warns against it too, PEP 765). Move the "
            "`break` after the `try` statement.") + "$"):
        api.to_code(f)


def returns_in_finally_on_some_paths(x):
    try:
        y = _absolute(x)
    finally:
        if x > 0:
            return x  # noqa: B012 (refused: the point of the test)
    return y


def test_a_return_on_some_paths_of_a_finally_around_user_calls_is_rejected():
    with pytest.raises(ConversionError, match="^" + re.escape(
            f"{__file__}:{line_of(returns_in_finally_on_some_paths, 'return x')}: `return` "
            "inside a `finally` block of a `try` that may raise, around code that may become "
            "graph control flow, cannot be converted: Python discards the exception, and the "
            "converted code cannot tell it from an error of the trace, which it must not "
            "discard. Move the `return` after the `try` statement.") + "$"):
        api.to_code(returns_in_finally_on_some_paths)


def global_assigned_in_a_while(n):
    global COUNTER
    while n > 0:
        COUNTER = n
        n -= 1
    return n


def test_a_global_assigned_in_a_while_names_the_while():
    line = line_of(global_assigned_in_a_while, "while n > 0")
    assert_whole_conversion_error(global_assigned_in_a_while, "COUNTER = n", (
        f"global variable `COUNTER` is assigned inside the `while` at line {line}, which cannot "
        f"be converted: {_WHY}, and a global name cannot be passed that way. Compute the value "
        f"in a local variable and assign `COUNTER` after the `while`."))
