"""The variables converter: reads that may see an undefined variable become `ag__.ld`."""

import contextlib
import sys

import numpy as np
import pytest

import autograph as ag
from autograph.impl import api
from tests.autograph.converters.helpers import run_in_graph


def defined_in_one_branch(x):
    if x > 0:
        y = x * 2
    return y


def defined_in_both_branches(x):
    if x > 0:
        y = x * 2
    else:
        y = -x
    return y


def defined_before_the_branch(x):
    y = 0
    if x > 0:
        y = x * 2
    return y


def assigned_in_loop(xs):
    for x in xs:
        last = x
    return last


def read_from_the_previous_iteration(n):
    seen = []
    for i in range(n):
        if i > 0:
            seen.append(previous)  # noqa: F821  (bound by the previous iteration)
        previous = i  # noqa: F841
    return seen


def defined_in_both_branches_of_a_loop_body(xs):
    total = 0
    for x in xs:
        if x > 0:
            step = x
        else:
            step = -x
        total = total + step
    return total


def while_loop_defines(n):
    while n > 0:
        last = n
        n = n - 1
    return last


def no_control_flow(x):
    y = x + 1
    return y


def read_in_a_nested_function(c):
    if c:
        value = 1

    def get():
        return value
    return get()


def test_read_after_a_branch_that_may_not_run_is_checked():
    code = api.to_code(defined_in_one_branch)
    assert "return ag__.ld(y)" in code
    assert "(y,), ('y',)" in code  # the state passes on as it is
    assert api.to_graph(defined_in_one_branch)(3) == 6


def test_checked_read_of_an_undefined_variable_names_it():
    with pytest.raises(UnboundLocalError, match="'y' is used before assignment"):
        api.to_graph(defined_in_one_branch)(-1)
    with pytest.raises(UnboundLocalError):
        defined_in_one_branch(-1)


def test_variable_defined_in_both_branches_is_read_plainly():
    code = api.to_code(defined_in_both_branches)
    assert "ag__.ld" not in code and "y = ag__.Undefined('y')" in code
    assert api.to_graph(defined_in_both_branches)(-2) == 2


def test_variable_defined_before_the_branch_is_read_plainly():
    assert "ag__.ld" not in api.to_code(defined_before_the_branch)


def test_variable_assigned_in_a_loop_body_is_checked_after_the_loop():
    code = api.to_code(assigned_in_loop)
    assert "return ag__.ld(last)" in code and "return last\n" in code
    assert api.to_graph(assigned_in_loop)([1, 2]) == 2
    with pytest.raises(UnboundLocalError, match="'last' is used"):
        api.to_graph(assigned_in_loop)([])


def test_read_of_the_previous_iteration_inside_the_loop_is_checked():
    code = api.to_code(read_from_the_previous_iteration)
    assert "ag__.list_append(seen, ag__.ld(previous))" in code
    assert api.to_graph(read_from_the_previous_iteration)(4) == [0, 1, 2]


def test_variable_defined_on_every_path_of_a_loop_body_is_read_plainly():
    assert "ag__.ld" not in api.to_code(defined_in_both_branches_of_a_loop_body)
    assert api.to_graph(defined_in_both_branches_of_a_loop_body)([1, -2]) == 3


def test_while_loop_result_is_checked():
    code = api.to_code(while_loop_defines)
    assert "return ag__.ld(last)" in code
    assert api.to_graph(while_loop_defines)(3) == 1
    with pytest.raises(UnboundLocalError, match="'last'"):
        api.to_graph(while_loop_defines)(0)


def rebound_by_a_with_statement(x):
    if x > 0:
        v = x
    u = v
    with contextlib.nullcontext(x) as v:
        pass
    return u + v


def test_a_with_statement_binding_its_target_makes_later_reads_plain():
    code = api.to_code(rebound_by_a_with_statement)
    assert "    u = ag__.ld(v)\n" in code
    assert "    return u + v\n" in code


def test_function_without_control_flow_is_unchanged():
    assert api.to_code(no_control_flow) == "def no_control_flow(x):\n    y = x + 1\n    return y\n"


def test_read_in_a_nested_function_is_checked():
    code = api.to_code(read_in_a_nested_function)
    assert "return ag__.ld(value)" in code
    assert api.to_graph(read_in_a_nested_function)(True) == 1


def test_graph_branches_defining_the_variable_on_both_sides_run():
    got = run_in_graph(defined_in_both_branches, [(ag.float32, [])], np.float32(-3.0))
    np.testing.assert_allclose(got, 3.0)


@pytest.mark.skipif(sys.version_info < (3, 11), reason="except* is Python 3.11 syntax")
def test_a_variable_a_try_star_may_leave_unbound_is_checked_where_read():
    from tests.autograph.converters import except_star_cases
    fn = except_star_cases.unbound_after_a_try_star_that_raised
    assert fn(0) == 1 and api.to_graph(fn)(0) == 1
    with pytest.raises(UnboundLocalError):
        fn(1)
    with pytest.raises(UnboundLocalError, match="'y' is used before assignment"):
        api.to_graph(fn)(1)


def with_target_bound_in_a_try(x):
    try:
        with contextlib.nullcontext(5) as t:
            pass
    except KeyError:
        t = 0
    if x > 0:
        x = x + t
    return x


def test_a_with_target_bound_in_a_try_is_defined_after_it():
    assert "ag__.ld(t)" not in api.to_code(with_target_bound_in_a_try)
    assert ag.function(with_target_bound_in_a_try)(ag.constant(1)).numpy() == 6


# Reads inside expressions, lambdas and comprehensions, and bindings by imports ----------------
class Box:
    sign = 0


def walrus_reading_a_maybe_undefined(x):
    if x > 0:
        y = 1
    z = [(y := y)]  # a read Python checks, though nothing uses its value
    return len(z)


def comprehension_target_does_not_define(x, xs):
    if x > 0:
        y = 1
    ys = [y for y in xs]  # noqa: F841
    return len([y])


def read_beside_a_lambda(x):
    if x > 0:
        y = 1
    return len([y, (lambda: 0)()])


def read_in_a_lambda(x):
    if x > 0:
        y = 1
    return (lambda: y)()


def imported_in_a_loop(n):
    total = 0.0
    for _ in range(n):
        import math as m
        total = total + m.pi
    return total, m.e


def dotted_import_in_a_loop(n):
    seps = ""
    for _ in range(n):
        import os.path
        seps = seps + os.sep
    return seps, os.curdir


def lambda_parameter_named_as_a_maybe_undefined(x):
    if x > 0:
        y = 1
    return (lambda y: y + 1)(2), y


def composite_of_a_maybe_undefined_owner(x):
    if x > 0:
        box = Box()
    while x > 1:
        box.sign = 1
        x = x - 1
    return x


@pytest.mark.parametrize("fn, args", [
    (walrus_reading_a_maybe_undefined, (-1,)),
    (comprehension_target_does_not_define, (-1, [5])),
    (read_beside_a_lambda, (-1,)),
], ids=["walrus", "comprehension-target", "beside-a-lambda"])
def test_a_maybe_undefined_read_inside_an_expression_raises_as_python(fn, args):
    with pytest.raises(UnboundLocalError):
        fn(*args)
    with pytest.raises(UnboundLocalError, match="'y' is used before assignment"):
        api.to_graph(fn)(*args)


def test_a_maybe_undefined_read_inside_a_lambda_raises_a_name_error():
    with pytest.raises(NameError):  # Python: a free variable without a value
        read_in_a_lambda(-1)
    with pytest.raises(NameError, match="'y' is used before assignment"):
        api.to_graph(read_in_a_lambda)(-1)  # UnboundLocalError, a NameError


@pytest.mark.parametrize("fn, read", [(imported_in_a_loop, "total + m.pi"),
                                      (dotted_import_in_a_loop, "seps + os.sep")],
                         ids=["import-as", "dotted-import"])
def test_a_name_an_import_binds_is_read_plainly_after_it(fn, read):
    assert read in api.to_code(fn)
    assert api.to_graph(fn)(2) == fn(2)


def test_a_lambdas_parameter_is_read_plainly():
    assert "lambda y: y + 1" in api.to_code(lambda_parameter_named_as_a_maybe_undefined)
    assert api.to_graph(lambda_parameter_named_as_a_maybe_undefined)(1) == (3, 1)


def test_the_state_getter_reads_a_maybe_undefined_owner_as_it_is():
    assert "return (box.sign,)" in api.to_code(composite_of_a_maybe_undefined_owner)
    assert api.to_graph(composite_of_a_maybe_undefined_owner)(-1) == -1


def deletes_in_a_finally(c):
    if c:
        value = 1
    try:
        c = c + 1
    finally:
        del value
    return c


def deletes_in_a_try_else(c):
    if c:
        value = 1
    try:
        c = c + 1
    except ValueError:
        c = 0
    else:
        del value
    return c


def deletes_two_names(c):
    if c:
        value = 1
    other = 2
    del other, value
    return c


def reads_in_a_keyword_only_default(c):
    if c:
        value = 1

    def g(*, a=value):
        return a
    return g()


@pytest.mark.parametrize("fn", [deletes_in_a_finally, deletes_in_a_try_else,
                                deletes_two_names, reads_in_a_keyword_only_default])
def test_a_maybe_undefined_variable_deleted_or_read_as_a_default_raises_as_python(fn):
    with pytest.raises(UnboundLocalError):
        fn(0)
    with pytest.raises(UnboundLocalError, match="'value' is used before assignment"):
        api.to_graph(fn)(0)
    assert api.to_graph(fn)(1) == fn(1)
