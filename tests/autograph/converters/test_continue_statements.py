"""The continue converter: the rest of the body moves under an `if`, with a flag if needed."""

import contextlib

import numpy as np
import pytest

import autograph as ag
from autograph.impl import api
from tests.autograph.converters.helpers import run_in_graph


def skip_negatives(xs):
    total = 0
    for x in xs:
        if x < 0:
            continue
        total += x
    return total


def continue_in_else(xs):
    total = 0
    for x in xs:
        if x > 0:
            total += 1
        else:
            continue
        total += x
    return total


def continue_needing_a_flag(n):
    total = 0
    for i in range(n):
        if i % 3 == 0:
            if i % 2 == 0:
                continue
            total += 100
        total += i
    return total


def continue_at_the_end(xs):
    total = 0
    for x in xs:
        total += x
        continue
    return total


def continue_and_break(xs):
    total = 0
    for x in xs:
        if x < 0:
            continue
        if x > 10:
            break
        total += x
    return total


def continue_in_inner_loop(rows):
    total = 0
    for row in rows:
        for x in row:
            if x % 2 == 0:
                continue
            total += x
        total += 100
    return total


def double_negation(xs):
    total = 0
    for x in xs:
        if not x:
            continue
        total += x
    return total


def tensor_while(n):
    i = 0
    odd_sum = 0
    while i < n:
        i += 1
        if i % 2 == 0:
            continue
        odd_sum += i
    return odd_sum


def test_continue_at_the_end_of_a_branch_needs_no_flag():
    code = api.to_code(skip_negatives)
    assert "continue_ =" not in code
    assert "ag__.if_stmt(ag__.not_(x < 0), if_body" in code
    assert api.to_graph(skip_negatives)([1, -2, 3]) == 4


def test_continue_in_the_else_branch_moves_the_rest_into_the_if_branch():
    code = api.to_code(continue_in_else)
    assert "continue_ =" not in code and "else_body" not in code
    assert api.to_graph(continue_in_else)([1, -2, 3]) == continue_in_else([1, -2, 3])


@pytest.mark.parametrize("n", [0, 1, 10])
def test_continue_under_an_if_that_may_not_continue_is_guarded_by_a_flag(n):
    code = api.to_code(continue_needing_a_flag)
    assert "continue_ = False" in code
    assert "ag__.if_stmt(ag__.not_(continue_)" in code
    assert api.to_graph(continue_needing_a_flag)(n) == continue_needing_a_flag(n)


def test_continue_at_the_end_of_the_body_disappears():
    code = api.to_code(continue_at_the_end)
    assert "continue_ =" not in code and "if_stmt" not in code
    assert api.to_graph(continue_at_the_end)([1, 2]) == 3


def test_continue_and_break_in_one_loop():
    code = api.to_code(continue_and_break)
    assert "continue_ =" not in code
    for xs in ([1, -1, 2, 11, 3], [-5], []):
        assert api.to_graph(continue_and_break)(xs) == continue_and_break(xs)


def test_continue_in_an_inner_loop_ends_its_iteration_only():
    rows = [[1, 2, 3], [4], []]
    assert api.to_graph(continue_in_inner_loop)(rows) == continue_in_inner_loop(rows)


def test_inverted_not_test_drops_the_double_negation():
    code = api.to_code(double_negation)
    assert "ag__.if_stmt(x, if_body" in code
    assert api.to_graph(double_negation)([0, 2, 0, 3]) == 5


@pytest.mark.parametrize("n", [0, 7])
def test_continue_in_a_graph_while_loop(n):
    np.testing.assert_array_equal(run_in_graph(tensor_while, [(ag.int32, [])], n),
                                  tensor_while(n))


def flag_and_a_continue_at_the_tail(xs):
    s = 0
    for x in xs:
        with contextlib.nullcontext():
            if x < 0:
                continue
            s = s + 1
        s = s + x
        if x > 5:
            s = s * 2
            continue
    return s


def test_a_continue_at_the_tail_of_a_body_with_a_flag_does_not_set_it():
    # Nothing after the last `continue` reads the flag: only the first one sets it.
    code = api.to_code(flag_and_a_continue_at_the_tail)
    assert code.count("continue_ = True") == 1
    assert api.to_graph(flag_and_a_continue_at_the_tail)([1, -2, 7]) == \
        flag_and_a_continue_at_the_tail([1, -2, 7]) == 20


def continue_after_a_with_holding_one(xs):
    s = 0
    for x in xs:
        with contextlib.nullcontext():
            if x < 0:
                continue
            s = s + x
        continue
    return s


def test_a_continue_alone_after_a_statement_that_may_continue_needs_no_guard():
    code = api.to_code(continue_after_a_with_holding_one)
    assert "if not continue_" not in code and "ag__.not_(continue_)" not in code
    assert api.to_graph(continue_after_a_with_holding_one)([1, -2, 3]) == 4
