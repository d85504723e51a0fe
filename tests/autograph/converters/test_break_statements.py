"""The break converter: a flag that stops the loop, and `for`/`while ... else`."""

import numpy as np
import pytest

import autograph as ag
from autograph.impl import api
from tests.autograph.converters.helpers import run_in_graph


def first_negative(xs):
    found = None
    for x in xs:
        if x < 0:
            found = x
            break
        found = 0
    return found


def while_true_with_break(n):
    i = 0
    while True:
        i += 1
        if i >= n:
            break
    return i


def plain_loop(xs):
    total = 0
    for x in xs:
        total += x
    return total


def for_else(xs, target):
    index = 0
    for x in xs:
        if x == target:
            break
        index += 1
    else:
        index = -1
    return index


def for_else_without_break(xs):
    total = 0
    for x in xs:
        total += x
    else:
        total = -total
    return total


def break_in_inner_else(rows):
    """The `break` in the inner loop's `else` leaves the outer loop."""
    count = 0
    for row in rows:
        for x in row:
            if x < 0:
                break
            count += 1
        else:
            break
    return count


def both_loops_break(rows):
    count = 0
    for row in rows:
        if not row:
            break
        for x in row:
            if x < 0:
                break
            count += x
    return count


def unconditional_break(xs):
    seen = 0
    while seen < 10:
        seen += xs[seen]
        break
    return seen


def unconditional_break_in_for(xs):
    seen = []
    for x in xs:
        seen.append(x)
        break
    return seen


def counted_test(limit, calls):
    i = 0
    while calls.append(i) or i < limit:
        i += 1
        if i == 2:
            break
    return i


def tensor_while(x, limit):
    total = 0.0
    i = 0
    while total < 10 * x:  # a tensor test from the start (a Python one would be refused)
        total += x
        if total > limit:
            break
        i += 1
    return total


def test_break_sets_a_flag_and_the_rest_of_the_body_moves_to_else():
    code = api.to_code(first_negative)
    assert "break_ = False" in code
    assert "break_ = True" in code
    assert "def else_body(break_, found):" in code
    assert "extra_test=extra_test" in code
    for xs in ([1, -2, 3], [1, 2], []):
        assert api.to_graph(first_negative)(xs) == first_negative(xs)


def test_while_true_stops_on_the_flag_alone():
    code = api.to_code(while_true_with_break)
    assert "return ag__.not_(break_)" in code
    assert api.to_graph(while_true_with_break)(4) == 4


def test_a_loop_without_break_gets_no_flag():
    assert "break_" not in api.to_code(plain_loop)


@pytest.mark.parametrize("target", [2, 5])
def test_for_else_runs_the_else_block_only_when_the_loop_did_not_break(target):
    code = api.to_code(for_else)
    assert "ag__.if_stmt(ag__.not_(break_)" in code
    assert api.to_graph(for_else)([1, 2, 3], target) == for_else([1, 2, 3], target)


def test_for_else_without_break_runs_the_else_block_after_the_loop():
    code = api.to_code(for_else_without_break)
    assert "break_" not in code
    assert code.rstrip().endswith("total = -total\n    return total")
    assert api.to_graph(for_else_without_break)([1, 2]) == -3


@pytest.mark.parametrize("rows", [[[1, 2], [3, -1], [4]], [[1], [2]], [[1, -1], [5]]])
def test_break_in_an_inner_else_leaves_the_outer_loop(rows):
    assert api.to_graph(break_in_inner_else)(rows) == break_in_inner_else(rows)


def test_nested_loops_with_breaks_have_their_own_flags():
    code = api.to_code(both_loops_break)
    assert "break_ = False" in code and "break__1 = False" in code
    for rows in ([[1, 2], [3, -1, 9], [], [7]], [[1], [2]]):
        assert api.to_graph(both_loops_break)(rows) == both_loops_break(rows)


def test_unconditional_break_runs_the_body_once():
    assert api.to_graph(unconditional_break)([3, 1, 1]) == 3


def test_unconditional_break_in_a_for_loop_stops_it():
    assert api.to_graph(unconditional_break_in_for)([1, 2, 3]) == [1]


def test_the_while_test_is_not_evaluated_again_after_a_break():
    expected, got = [], []
    assert api.to_graph(counted_test)(5, got) == counted_test(5, expected)
    assert got == expected == [0, 1]


def test_break_in_a_graph_while_loop():
    for x, limit in ((1.5, 4.0), (1.0, 100.0)):
        np.testing.assert_allclose(
            run_in_graph(tensor_while, [(ag.float32, []), (ag.float32, [])], x, limit),
            tensor_while(x, limit))


def next_after_break(xs):
    it = iter(xs)
    for x in it:
        if x == 1:
            break
    return next(it)


def test_break_takes_no_further_item_from_the_iterator():
    assert api.to_graph(next_after_break)([1, 2, 3]) == next_after_break([1, 2, 3])


def walrus_test_continue_and_else(xs):
    i = 0
    while (n := len(xs) - i) > 0:
        i += 1
        if i == 1:
            continue
        i += n
    else:
        i = i * 10
    return i


def test_a_while_whose_test_binds_a_name_keeps_its_else_when_the_body_continues():
    expected = walrus_test_continue_and_else([1, 2, 3, 4])
    assert expected == 50
    assert api.to_graph(walrus_test_continue_and_else)([1, 2, 3, 4]) == expected
    np.testing.assert_array_equal(
        ag.function(walrus_test_continue_and_else)(ag.constant([1, 2, 3, 4])), expected)


def walrus_test_with_lazy_parts(x):
    k = 0
    while (y := x * 2 if x > 1 else x) < 50 and not k > 5:
        x = y + 1
        k += 1
    return x, k


def test_a_rotated_while_test_with_lazy_parts_is_converted_in_both_places():
    # The test is evaluated before the loop and at the end of each iteration: two copies,
    # each converted on its own.
    assert walrus_test_with_lazy_parts(2) == (47, 4)
    assert api.to_graph(walrus_test_with_lazy_parts)(2) == (47, 4)
    np.testing.assert_array_equal(ag.function(walrus_test_with_lazy_parts)(ag.constant(2)),
                                  (47, 4))


def nested_and_sibling_loops_that_break(n):
    out = []
    for i in range(n):
        for j in range(n):
            for k in range(n):
                if k > j:
                    break
                out.append((i, j, k))
            for q in range(n):
                if q > 1:
                    break
                out.append(("q", q))
            if j > i:
                break
        for m in range(n):
            if m > 0:
                break
            out.append(("m", i, m))
        if i > 1:
            break
    return out


def test_each_loop_depth_breaks_with_its_own_flag():
    assert api.to_graph(nested_and_sibling_loops_that_break)(4) == \
        nested_and_sibling_loops_that_break(4)


def break_in_a_while_with_an_and_condition(n):
    i, total = 0, 0
    while i < n and total < 100:
        i += 1
        if i == 3:
            break
        total += i
    return i, total


def test_a_break_in_a_while_with_an_and_condition_stops_it():
    assert [t.numpy() for t in ag.function(break_in_a_while_with_an_and_condition)(
        ag.constant(10))] == [3, 3]
