"""The control-flow converter: state, Undefined bindings, nested functions."""

import contextlib
import sys

import numpy as np
import pytest

import autograph as ag
from autograph.impl import api
from tests.autograph.converters.helpers import run_in_graph


def nested_function_with_its_own_loop(n):
    def inner(m):
        total = 1
        for i in range(m):
            total = total + i
        return total
    return inner(n) + 1


def branch_defines_before_loop(c, xs):
    if c:
        acc = 10
    else:
        acc = 0
    for x in xs:
        acc = acc + x
    return acc


def loop_only_variable(xs):
    total = 0
    for x in xs:
        step = x * 2
        total = total + step
    return total


def test_nested_function_keeps_its_own_state():
    code = api.to_code(nested_function_with_its_own_loop)
    assert "total = ag__.Undefined" not in code
    assert api.to_graph(nested_function_with_its_own_loop)(4) == 8


def test_variable_defined_before_the_loop_keeps_its_value():
    # bound once, before the `if` that first defines it; not again before the loop
    assert api.to_code(branch_defines_before_loop).count("acc = ag__.Undefined") == 1
    assert api.to_graph(branch_defines_before_loop)(True, [1, 2]) == 13


def test_loop_local_variable_is_not_state():
    code = api.to_code(loop_only_variable)
    assert "def loop_body(x, total):" in code
    assert api.to_graph(loop_only_variable)([1, 2]) == 6


def reads_loop_state_before_binding_it(n):
    i = 0
    while i < n:
        if i > 1:
            z = z + 1  # noqa: F821 - bound by the previous iteration
        z = i
        i += 1
    return i, z


def reads_loop_state_after_a_nested_def(n):
    i = 0
    while i < n:
        def g():
            return 1
        if i > 1:
            z = z + g()  # noqa: F821 - bound by the previous iteration
        z = i
        i += 1
    return i, z


def test_loop_state_read_in_a_branch_keeps_the_previous_iteration_value():
    assert "z = ag__.Undefined('z')" in api.to_code(reads_loop_state_before_binding_it)
    assert api.to_code(reads_loop_state_before_binding_it).count("ag__.Undefined('z')") == 1
    assert api.to_graph(reads_loop_state_before_binding_it)(5) == (5, 4)


def test_nested_def_in_a_loop_does_not_hide_the_loop_from_later_statements():
    converted = api.to_graph(reads_loop_state_after_a_nested_def)
    assert converted(5) == reads_loop_state_after_a_nested_def(5)


def conditional_expression_reads_a_loop_local(x, n):
    i = 0
    total = 0.0
    while i < n:
        value = x[i]
        total = total + (value if value > 0 else -value)
        i += 1
    return total


def test_loop_local_read_by_a_conditional_expression_is_not_state():
    assert "def loop_body(i, total):" in api.to_code(conditional_expression_reads_a_loop_local)


def test_loop_local_read_by_a_conditional_expression_runs_as_a_tensor_loop():
    result = run_in_graph(conditional_expression_reads_a_loop_local,
                          [(ag.float32, [None]), (ag.int32, [])], [1.0, -2.0, 3.0], 3)
    np.testing.assert_allclose(result, 6.0)


def loop_target_read_after_the_loop(xs):
    total = 0
    for x in xs:
        total = total + x
    return total * 10 + x


def test_loop_target_read_after_the_loop_is_state():
    # The loop's target would be a parameter of the body function; read after the loop, it
    # travels as state instead, holding the last item, as in Python.
    code = api.to_code(loop_target_read_after_the_loop)
    assert "def loop_body(itr, total, x):" in code and "('total', 'x')" in code
    assert api.to_graph(loop_target_read_after_the_loop)([1, 2, 3]) == 63


def test_loop_target_read_after_a_tensor_loop_holds_the_last_item():
    got = run_in_graph(loop_target_read_after_the_loop, [(ag.int32, [None])],
                       np.array([1, 2, 3], np.int32))
    np.testing.assert_array_equal(got, 63)


def loop_target_unused_after_the_loop(xs):
    total = 0
    for x in xs:
        total = total + x
    return total


def test_loop_target_unused_after_the_loop_is_not_state():
    assert "('total',)" in api.to_code(loop_target_unused_after_the_loop)


def deletes_a_variable_and_an_item_in_one_statement(n):
    d = {"k": 1, "j": 2}
    x = 0
    for i in range(n):
        x = i
        if i == 1:
            del x, d["k"]
            x = 5
    return x, sorted(d)


def test_del_of_a_variable_and_an_item_keeps_the_item_deletion():
    code = api.to_code(deletes_a_variable_and_an_item_in_one_statement)
    assert "            del d['k']\n            x = ag__.Undefined('x')\n" in code
    assert api.to_graph(deletes_a_variable_and_an_item_in_one_statement)(3) == \
        deletes_a_variable_and_an_item_in_one_statement(3) == (2, ["j"])


# Bindings in a statement's test, iterable or target, or by a dotted import, reach a later
# tensor `if` that assigns the name: it keeps its value, not `Undefined`.
def for_target_then_branch(x):
    for i in range(3):  # noqa: B007 - the target binds `i` for after the loop
        pass
    if x > 0:
        i = i + 10
    return i


def walrus_in_if_test_then_branch(x):
    if (k := 2) > 1:
        pass
    if x > 0:
        k = k + 10
    return k


def walrus_in_iterable_then_branch(x):
    for _ in range(n := 2):
        pass
    if x > 0:
        n = n + 10
    return n


def walrus_in_a_parameter_annotation_then_branch(x):
    def inner(a: (k := 1)) -> None:  # evaluated where `inner` is defined: binds `k`
        pass
    if x > 0:
        k = k + 10  # noqa: F821 - bound by the annotation
    return k


def dotted_import_then_branch(x):
    import os.path
    if x > 0:
        os = os  # noqa: PLW0127 - the branch assigns `os`, so it is the `if`'s state
    return os.path.join("a", "b")


def deleted_in_one_branch_and_never_read_again(x):
    doubled = x * 2
    if x > 0:
        del doubled
    return x + 1


def test_a_for_target_reaches_a_later_branch():
    # one `Undefined` before the loop, none before the `if`
    assert api.to_code(for_target_then_branch).count("ag__.Undefined('i')") == 1
    assert ag.function(for_target_then_branch)(ag.constant(1)).numpy() == 12


def test_a_walrus_in_an_if_test_reaches_a_later_branch():
    assert ag.function(walrus_in_if_test_then_branch)(ag.constant(1)).numpy() == 12
    assert ag.function(walrus_in_if_test_then_branch)(ag.constant(-1)).numpy() == 2


def test_a_walrus_in_a_loop_iterable_reaches_a_later_branch():
    assert ag.function(walrus_in_iterable_then_branch)(ag.constant(1)).numpy() == 12


def test_a_walrus_in_a_parameter_annotation_reaches_a_later_branch():
    assert ag.function(walrus_in_a_parameter_annotation_then_branch)(ag.constant(1)).numpy() == 11


def test_a_dotted_import_binds_its_first_name():
    assert ag.function(dotted_import_then_branch)(ag.constant(1)).numpy() == b"a/b"


def test_a_name_only_deleted_in_a_branch_is_not_its_state():
    code = api.to_code(deleted_in_one_branch_and_never_read_again)
    assert "def if_body():" in code
    assert ag.function(deleted_in_one_branch_and_never_read_again)(ag.constant(1)).numpy() == 2


# `del t` in a block of a `with` or `try` in a branch body: `t`, deleted and never read again,
# is not the branch's state, and the body deletes it as Python does.
def deleted_in_a_with_in_a_branch(x):
    t = 1
    if x > 0:
        with contextlib.nullcontext():
            del t
    return x + 1


def deleted_in_a_try_body_in_a_branch(x):
    t = 1
    if x > 0:
        try:
            del t
        except KeyError:
            pass
    return x + 1


def deleted_in_a_try_else_in_a_branch(x):
    t = 1
    if x > 0:
        try:
            pass
        except KeyError:
            pass
        else:
            del t
    return x + 1


def deleted_in_a_finally_in_a_branch(x):
    t = 1
    if x > 0:
        try:
            pass
        finally:
            del t
    return x + 1


def deleted_in_an_except_handler_in_a_branch(x):
    t = 1
    if x > 0:
        try:
            raise KeyError("taken")
        except KeyError:
            del t
    return x + 1


@pytest.mark.parametrize("fn", [deleted_in_a_with_in_a_branch, deleted_in_a_try_body_in_a_branch,
                                deleted_in_a_try_else_in_a_branch, deleted_in_a_finally_in_a_branch,
                                deleted_in_an_except_handler_in_a_branch])
def test_a_name_deleted_in_a_block_of_a_branch_is_deleted_there(fn):
    assert fn(1) == 2
    assert ag.function(fn)(ag.constant(1)).numpy() == 2


@pytest.mark.skipif(sys.version_info < (3, 11), reason="except* is Python 3.11 syntax")
def test_a_name_deleted_in_an_except_star_handler_of_a_branch_is_deleted_there():
    from tests.autograph.converters import except_star_cases
    fn = except_star_cases.deleted_in_an_except_star_handler_of_a_branch
    assert fn(1) == 2
    assert ag.function(fn)(ag.constant(1)).numpy() == 2
