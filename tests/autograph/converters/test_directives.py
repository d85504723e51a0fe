"""The directives converter: `set_loop_options(...)` as a statement of a loop body becomes the
loop's options, and leaves the body."""

import re

import numpy as np
import pytest

import autograph as ag
from autograph.impl import api, static
from autograph.pyct.errors import ConversionError
from tests.autograph.converters.helpers import line_of

set_loop_options = ag.autograph.experimental.set_loop_options


def positional_loop_options(n):
    i = 0
    while i < n:
        set_loop_options(10)
        i += 1
    return i


def test_loop_options_given_by_position_are_refused_where_they_are_written():
    line = line_of(positional_loop_options, "set_loop_options(10)")
    with pytest.raises(ConversionError, match="^" + re.escape(
            f"{__file__}:{line}: set_loop_options takes keyword arguments only, e.g. "
            "set_loop_options(maximum_iterations=10).") + "$"):
        api.to_code(positional_loop_options)


def calls_an_item_in_a_loop(n, counters):
    i = 0
    while i < n:
        counters[0]()
        i += 1
    return i


def test_a_call_of_an_item_in_a_loop_body_is_not_a_directive():
    calls = []
    assert api.to_graph(calls_an_item_in_a_loop)(3, [lambda: calls.append(1)]) == 3
    assert calls == [1, 1, 1]


def stops_after_two(n):
    i = 0
    while i < n:
        set_loop_options(maximum_iterations=2)
        i += 1
    return i


def test_maximum_iterations_stops_a_tensor_loop():
    assert "set_loop_options" not in api.to_code(stops_after_two)
    np.testing.assert_array_equal(ag.function(stops_after_two)(ag.constant(5)), 2)


_SOURCE = '''import autograph as ag
from autograph.autograph.experimental import set_loop_options
from mylib import set_loop_options as other_options


def imported(n):
    i = 0
    while i < n:
        set_loop_options(maximum_iterations=3)
        i += 1
    return i


def dotted(n):
    i = 0
    while i < n:
        ag.autograph.experimental.set_loop_options(maximum_iterations=2)
        i += 1
    return i


def named_alike(n):
    i = 0
    while i < n:
        set_loop_options(maximum_iterations=3)
        other_options(maximum_iterations=2)
        i += 1
    return i


def prints(n):
    i = 0
    while i < n:
        set_loop_options(maximum_iterations=3)
        ag.print(i)
        i += 1
    return i
'''


@pytest.mark.parametrize("name, opts", [("imported", "opts={'maximum_iterations': 3})"),
                                        ("dotted", "opts={'maximum_iterations': 2})")])
def test_a_file_converted_from_its_source_finds_the_directive_by_its_dotted_name(name, opts):
    [function] = static.convert_source(_SOURCE, "m.py", names=[name])
    assert function.error is None
    assert "set_loop_options" not in function.converted
    assert opts in function.converted


def test_a_function_of_another_library_named_like_the_directive_stays_a_call():
    [function] = static.convert_source(_SOURCE, "m.py", names=["named_alike"])
    assert "ag__.converted_call(other_options, maximum_iterations=2)" in function.converted
    assert "opts={'maximum_iterations': 3})" in function.converted


def test_another_autograph_function_called_in_a_loop_body_stays_a_call():
    [function] = static.convert_source(_SOURCE, "m.py", names=["prints"])
    assert function.error is None
    assert "ag.print(i)" in function.converted


def invariants_in_a_variable(n):
    x = ag.zeros([0])
    invariants = [(x, ag.TensorShape([None]))]
    i = 0
    while i < n:
        set_loop_options(shape_invariants=invariants)
        x = ag.concat([x, [1.0]], 0)
        i += 1
    return ag.size(x)


def test_shape_invariants_given_in_a_variable_are_passed_as_they_are():
    assert "opts={'shape_invariants': invariants})" in api.to_code(invariants_in_a_variable)
    np.testing.assert_array_equal(ag.function(invariants_in_a_variable)(ag.constant(3)), 3)


def loop_of_only_options(n):
    for _ in ag.range(n):
        set_loop_options(maximum_iterations=5)
    return n


def test_a_loop_body_of_only_options_keeps_a_pass():
    assert "    def loop_body(_):\n        pass\n" in api.to_code(loop_of_only_options)
    assert ag.function(loop_of_only_options)(ag.constant(3)).numpy() == 3
