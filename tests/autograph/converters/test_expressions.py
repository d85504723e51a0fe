"""The converters of expressions: `assert` becomes `ag__.assert_stmt`, `a if c else b`
becomes `ag__.if_exp` and `and` / `or` become `ag__.and_` / `ag__.or_`, their lazy operands
lambdas called in place."""

import re

import numpy as np
import pytest

import autograph as ag
from autograph.impl import api


def asserts_without_a_message(x):
    assert x > 0
    return x


def test_an_assert_without_a_message_passes_none():
    assert "    ag__.assert_stmt(x > 0, None)\n" in api.to_code(asserts_without_a_message)


def test_an_assert_without_a_message_fails_in_the_graph_when_false():
    # Deliberately unlike TensorFlow 2.21, whose AutoGraph leaves `assert` alone by default
    # and refuses the tensor condition (OperatorNotAllowedInGraphError).
    f = ag.function(asserts_without_a_message)
    np.testing.assert_array_equal(f(ag.constant(2.0)), 2.0)
    with pytest.raises(ag.errors.InvalidArgumentError, match=re.escape("assertion failed")):
        f(ag.constant(-2.0))


def conditional_expression_before_a_branch(x):
    y = x + 1
    z = y if x > 1 else 0
    if x > 2:
        y = 5
    return z


def logical_expression_before_a_branch(x):
    y = x + 1
    z = x > 1 and y > 2
    if x > 2:
        y = 5
    return z


@pytest.mark.parametrize("function, operator", [
    (conditional_expression_before_a_branch, "ag__.if_exp(x > 1, lambda: y, lambda: 0"),
    (logical_expression_before_a_branch, "ag__.and_(x > 1, lambda: y > 2)")])
def test_operand_lambdas_are_called_in_place_so_their_reads_end_there(function, operator):
    # The lambdas run before their statement ends, so `y` is dead after it: the `if` that
    # rebinds it need not return it (a lambda kept for later would make it state).
    code = api.to_code(function)
    assert operator in code
    assert "ag__.if_stmt(x > 2, if_body, None, (), ())" in code


def three_operands(a, b, c):
    return a and b or c


def test_an_operation_of_three_operands_nests_the_later_ones():
    assert ("return ag__.or_(ag__.and_(a, lambda: b), lambda: c)"
            in api.to_code(three_operands))
    for args in [(1, 0, 3), (1, 2, 3), (0, 2, 0)]:
        assert api.to_graph(three_operands)(*args) == three_operands(*args)


def all_three(a, b, c):
    return a and b and c


def test_and_of_three_operands_gives_the_last_when_all_are_true():
    assert "return ag__.and_(a, lambda: ag__.and_(b, lambda: c))" in api.to_code(all_three)
    assert api.to_graph(all_three)(1, 2, 3) == 3


def single_comparison(a, b):
    return a < b


def chain_of_names(a, b, c, d):
    return a < b < c <= d


def chain_with_a_call_in_the_middle(a, b, c, d):
    return a < b < abs(c) < d


def chain_ending_in_a_walrus(a, b, c, d):
    ok = a < b < c < (y := d)
    return ok, y


def test_a_single_comparison_stays_as_written():
    assert "return a < b\n" in api.to_code(single_comparison)


def test_a_chain_of_names_becomes_nested_ands():
    assert ("return ag__.and_(a < b, lambda: ag__.and_(b < c, lambda: c <= d))"
            in api.to_code(chain_of_names))
    for args in [(1, 2, 3, 3), (1, 2, 3, 2), (2, 1, 3, 4)]:
        assert api.to_graph(chain_of_names)(*args) == chain_of_names(*args)


@pytest.mark.parametrize("function, written", [
    (chain_with_a_call_in_the_middle, "return a < b < ag__.abs(c) < d"),
    (chain_ending_in_a_walrus, "ok = a < b < c < (y := d)")])
def test_a_chain_with_a_middle_operand_not_a_name_or_ending_in_a_walrus_stays(
        function, written):
    # Python evaluates each middle operand once; `:=` in a lambda would bind there.
    assert written in api.to_code(function)
    assert api.to_graph(function)(1, 2, 3, 4) == function(1, 2, 3, 4)
