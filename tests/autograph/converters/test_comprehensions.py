"""The comprehensions converter: comprehensions in assignments and returns become loops."""

import sys

import numpy as np
import pytest

import autograph as ag
from autograph.impl import api
from tests.autograph.converters.helpers import run_in_graph


def list_with_filter(xs):
    squares = [x * x for x in xs if x > 0]
    return squares


def returned_set(words):
    return {w[0] for w in words if w}


def returned_dict(names):
    return {name: len(name) for name in names}


def two_generators_and_two_filters(xs, ys):
    pairs = [(x, y) for x in xs if x for y in ys if y != x]
    return pairs


def target_read_by_the_comprehension(xs):
    xs = [x + 1 for x in xs]
    return xs


def variable_used_outside(xs):
    x = 10
    doubled = [x * 2 for x in xs]
    return doubled, x


def first_iterable_uses_the_outer_name(x):
    x = [x * 2 for x in x]
    return x


def sum_of_generator(xs):
    total = sum(x * x for x in xs)
    return total


def sum_with_start(xs, start):
    return sum((x for x in xs), start)


def generator_kept_lazy(xs):
    gen = (x for x in xs)
    return next(gen)


def comprehension_as_argument(xs):
    return max([abs(x) for x in xs])


def comprehension_beside_a_call(xs):
    return max([abs(x) for x in xs], default=len(xs))


def sum_shadowed(xs):
    sum = len
    return sum([x for x in xs])


def attribute_target(holder, xs):
    holder.values = [x + 1 for x in xs]
    return holder.values


class Holder:
    values = None


def test_list_comprehension_appends_to_the_assigned_name():
    code = api.to_code(list_with_filter)
    assert "squares = []" in code
    assert "squares = ag__.list_append(squares, x * x)" in code
    assert "ag__.if_stmt(x > 0" in code
    assert api.to_graph(list_with_filter)([1, -2, 3]) == list_with_filter([1, -2, 3])


def test_returned_set_comprehension_fills_a_fresh_result():
    code = api.to_code(returned_set)
    assert "result_ = set()" in code and "return result_" in code
    words = ["bob", "", "bea", "al"]
    assert api.to_graph(returned_set)(words) == returned_set(words)


def test_returned_dict_comprehension_assigns_items():
    code = api.to_code(returned_dict)
    assert "result_ = {}" in code and "result_[name] = ag__.len(name)" in code
    assert api.to_graph(returned_dict)(["ab", "c"]) == {"ab": 2, "c": 1}


def test_several_generators_and_filters_nest_in_order():
    xs, ys = [0, 1, 2], [1, 2, 3]
    assert api.to_graph(two_generators_and_two_filters)(xs, ys) == (
        two_generators_and_two_filters(xs, ys))


def test_a_target_the_comprehension_reads_gets_a_fresh_result():
    code = api.to_code(target_read_by_the_comprehension)
    assert "result_ = []" in code and "xs = result_" in code
    assert api.to_graph(target_read_by_the_comprehension)([1, 2]) == [2, 3]


def test_a_comprehension_variable_used_elsewhere_is_renamed():
    code = api.to_code(variable_used_outside)
    assert "x_1 * 2" in code
    assert api.to_graph(variable_used_outside)([1, 2]) == ([2, 4], 10)


def test_the_first_iterable_keeps_the_outer_name():
    assert api.to_graph(first_iterable_uses_the_outer_name)([1, 2]) == [2, 4]


def test_sum_of_a_generator_becomes_a_running_total():
    code = api.to_code(sum_of_generator)
    assert "total = 0" in code and "total = total + x * x" in code
    assert api.to_graph(sum_of_generator)([1, 2, 3]) == 14


def test_sum_with_a_start_value_starts_from_it():
    assert "result_ = start" in api.to_code(sum_with_start)
    assert api.to_graph(sum_with_start)([1, 2], 10) == 13


def test_sum_of_a_generator_over_a_tensor_is_a_graph_loop():
    xs = np.array([1.0, 2.0, 3.0], np.float32)
    got = run_in_graph(sum_of_generator, [(ag.float32, [None])], xs)
    np.testing.assert_allclose(got, 14.0)


def test_list_comprehension_over_a_tensor_gives_its_values_in_a_graph():
    def doubled(xs):
        values = [x * 2.0 for x in xs]
        return values
    xs = np.array([1.0, 2.0], np.float32)
    np.testing.assert_array_equal(run_in_graph(doubled, [(ag.float32, [None])], xs), xs * 2)


def test_a_generator_expression_outside_sum_stays_lazy():
    code = api.to_code(generator_kept_lazy)
    assert "gen = (x for x in xs)" in code
    assert api.to_graph(generator_kept_lazy)([5, 6]) == 5


def test_a_comprehension_as_an_argument_becomes_a_loop_before_the_statement():
    code = api.to_code(comprehension_as_argument)
    assert "result_ = ag__.for_stmt(xs, loop_body" in code
    assert "return ag__.max(result_)" in code
    assert api.to_graph(comprehension_as_argument)([-3, 2]) == 3


def test_a_comprehension_beside_another_call_stays_as_written():
    # Moving it before the statement would run it before `len(xs)`.
    assert "[ag__.abs(x) for x in xs]" in api.to_code(comprehension_beside_a_call)
    assert api.to_graph(comprehension_beside_a_call)([-3, 2]) == 3


def test_a_shadowed_sum_is_not_treated_as_the_builtin():
    code = api.to_code(sum_shadowed)
    assert "result_ + " not in code and "return ag__.converted_call(sum, result_)" in code
    assert api.to_graph(sum_shadowed)([1, 2, 3]) == 3


def test_an_attribute_target_is_assigned_the_result():
    code = api.to_code(attribute_target)
    assert "holder.values = result_" in code
    assert api.to_graph(attribute_target)(Holder(), [1]) == [2]


_CALLS = []


def _counted(x):
    _CALLS.append(x)
    return x * 2


def adds_a_sum_with_side_effects(xs):
    total = 10
    total += sum(_counted(x) for x in xs)
    return total


def test_an_augmented_assignment_of_a_whole_sum_runs_its_loop_once():
    code = api.to_code(adds_a_sum_with_side_effects)
    assert "    total += result_\n" in code
    _CALLS.clear()
    assert api.to_graph(adds_a_sum_with_side_effects)([1, 2, 3]) == 22
    assert _CALLS == [1, 2, 3]


def walrus_in_an_augmented_sum(xs):
    y = 0
    total = 10
    total += sum((y := x) for x in xs)
    return total, y


def test_an_augmented_assignment_whose_value_holds_a_walrus_stays_as_written():
    assert "total += sum(((y := x) for x in xs))" in api.to_code(walrus_in_an_augmented_sum)
    assert api.to_graph(walrus_in_an_augmented_sum)([1, 2]) == (13, 2)


def pairs_a_comprehension(xs):
    pair = ([v * 2 for v in xs], 5)
    return pair


def test_a_comprehension_in_a_tuple_becomes_a_loop_before_the_statement():
    assert "    pair = (result_, 5)\n" in api.to_code(pairs_a_comprehension)
    assert api.to_graph(pairs_a_comprehension)([1, 2]) == ([2, 4], 5)


def augmented_sum_of_item_calls(fs, xs):
    total = 1
    total += sum(fs[0](v) for v in xs)
    return total


def test_an_augmented_sum_of_calls_of_an_item_becomes_a_loop():
    assert "    total += result_\n" in api.to_code(augmented_sum_of_item_calls)
    assert api.to_graph(augmented_sum_of_item_calls)([abs], [-1, 2]) == 4


def parameter_named_like_the_comprehension_variable(xs, x):
    return x, [x * 2 for x in xs]


def test_a_comprehension_variable_named_like_a_parameter_leaves_the_parameter():
    assert api.to_graph(parameter_named_like_the_comprehension_variable)([1, 2], 7) == \
        (7, [2, 4])


def two_comprehensions_in_one_value(xs, ys):
    return [a for a in xs] + [b * 2 for b in ys]


def test_two_comprehensions_in_one_value_both_become_loops():
    code = api.to_code(two_comprehensions_in_one_value)
    assert code.count("ag__.for_stmt(") == 2
    assert api.to_graph(two_comprehensions_in_one_value)([1], [2]) == [1, 4]


def test_a_sum_named_by_an_enclosing_function_is_called_as_it_is():
    def sum(values):  # noqa: A001 (shadows the builtin: the point of the test)
        return "mine"

    def total(ys):
        return sum(y for y in ys)
    assert "for_stmt" not in api.to_code(total)
    assert api.to_graph(total)([1, 2]) == "mine"


@pytest.mark.skipif(sys.version_info < (3, 11), reason="except* is Python 3.11 syntax")
def test_a_name_assigned_a_comprehension_in_a_try_star_keeps_its_value_on_an_error():
    from tests.autograph.converters import except_star_cases
    f = except_star_cases.assigned_in_a_try_star
    assert api.to_graph(f)([2, 0]) == f([2, 0]) == [1]
