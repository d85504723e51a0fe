"""Converted code gives what plain Python gives: each case runs the function as written (the
oracle), converted on Python values (`ag.to_graph`), and under `ag.function` on tensors.

One family per group: closures over variables that control flow assigns, a `raise` that an
inner `try` handles, and `return` of a value whose computation raises. The golden cases
(`golden/to_code/closure_reads_*`, `raise_handled_by_inner_try`, `return_in_finally`, ...) are
run the same ways by tests/autograph/test_golden.py and are not repeated here.
"""

import contextlib
import json
import re
import sys
import types

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.graph.operation import SymbolicValueError
from tests.autograph.test_golden import ROOT, load


def load_golden(case):
    return load(ROOT / f"{case}.py")


def _check(f, *args):
    """`f` converted, on Python values and (as tensors) under `ag.function`, gives `f(*args)`."""
    expected = f(*args)
    assert ag.to_graph(f)(*args) == expected
    got = ag.function(f)(*[ag.constant(a) for a in args])
    np.testing.assert_array_equal(np.asarray(_numpy(got)), np.asarray(expected))


def _numpy(value):
    if isinstance(value, (tuple, list)):
        return [_numpy(v) for v in value]
    return value.numpy() if hasattr(value, "numpy") else value


# Closures see the variable, not a copy ------------------------------------------------------

def closure_called_after_for(xs):
    i = 0

    def at():
        return i + 2
    for i in xs:  # noqa: B007 (a closure reads it)
        pass
    return at()


def lambda_defined_before_while(n):
    i = 0
    g = lambda: i * 3  # noqa: E731
    s = 0
    while i < n:
        i += 1
        s += g()
    return s


def closure_defined_before_if(x):
    y = 1
    g = lambda: y + 10  # noqa: E731
    if x > 0:
        y = x
    else:
        y = -x
    return g()


def closure_over_variable_assigned_in_nested_if(n):
    t = 0
    g = lambda: t  # noqa: E731
    s = 0
    for k in ag.range(n):
        if k % 2 == 0:
            t = k * 5
        s += g()
    return s


def test_closure_called_after_a_for_loop_reads_the_last_item():
    _check(closure_called_after_for, [4, 7])


def test_lambda_defined_before_a_while_loop_reads_the_current_counter():
    _check(lambda_defined_before_while, 4)


@pytest.mark.parametrize("x", [3, -4])
def test_closure_defined_before_an_if_reads_the_branch_value(x):
    _check(closure_defined_before_if, x)


def test_closure_reads_a_variable_a_nested_if_assigns_in_the_loop():
    _check(closure_over_variable_assigned_in_nested_if, 5)


def test_lambdas_made_in_a_python_loop_all_see_the_last_value():
    def f(n):
        fs = []
        for i in range(n):
            fs.append(lambda: i)  # noqa: B023 (the point of the test)
        return [h() for h in fs]
    assert ag.to_graph(f)(3) == f(3) == [2, 2, 2]


def test_generators_kept_by_a_python_loop_all_see_the_last_value():
    def f(n):
        gens = []
        for i in range(n):
            gens.append(i * k for k in range(2))  # noqa: B023 (the point of the test)
        return [list(g) for g in gens]
    assert ag.to_graph(f)(3) == f(3) == [[0, 2], [0, 2], [0, 2]]


def _keep(generator, into):
    into.append(generator)
    return len(into)


def test_a_generator_passed_to_a_user_function_that_keeps_it_sees_the_last_value():
    def f(n):
        gens = []
        for i in range(n):
            _keep((i + k for k in range(2)), gens)  # noqa: B023 (the point of the test)
        return [list(g) for g in gens]
    assert ag.to_graph(f)(2) == f(2) == [[1, 2], [1, 2]]


def exhausts_generators_in_a_loop(xs):
    total = 0
    for x in xs:
        total = total + max(x * k for k in range(3))
        total = total + len(", ".join(str(x) for _ in range(2)))
    return total


def test_a_generator_exhausted_by_a_builtin_call_reads_the_loop_variable_in_place():
    # Run where it is made, it needs no shared cell (no `nonlocal x` in the loop body).
    # (Generators other than sum's argument run as Python: on Python values here.)
    assert ag.to_graph(exhausts_generators_in_a_loop)([1, 2]) == \
        exhausts_generators_in_a_loop([1, 2]) == 14
    assert "nonlocal" not in ag.to_code(exhausts_generators_in_a_loop)


def test_a_generator_passed_to_a_rebound_builtin_name_is_treated_as_kept():
    def f(n):
        gens = []
        list = gens.append  # noqa: A001 (a local name that shadows the builtin)
        for i in range(n):
            list(i + k for k in range(2))  # noqa: B023 (the point of the test)
        return [[*g] for g in gens]
    assert ag.to_graph(f)(2) == f(2) == [[1, 2], [1, 2]]


def test_a_generator_passed_to_an_enclosing_function_named_like_a_builtin_is_kept():
    kept = []

    def any(generator):  # noqa: A001 (shadows the builtin: the point of the test)
        kept.append(generator)

    def f(n):
        for i in range(n):
            any(i + k for k in range(2))  # noqa: B023 (the point of the test)
        return [list(g) for g in kept]
    assert ag.to_graph(f)(2) == [[1, 2], [1, 2]]
    kept.clear()
    assert f(2) == [[1, 2], [1, 2]]


def test_a_closure_kept_as_a_lambda_default_reads_the_last_loop_value():
    def f(n):
        out = []
        for i in range(n):
            def helper():
                return i  # noqa: B023 (the point of the test)
            out.append(lambda h=helper: h())
        return [g() for g in out]
    assert ag.to_graph(f)(3) == f(3) == [2, 2, 2]


def test_a_closure_passed_to_a_decorator_in_a_loop_reads_the_last_loop_value():
    kept = []

    def keep(function):
        kept.append(function)
        return function

    def f(n):
        for i in range(n):
            @keep
            def helper():
                return i  # noqa: B023 (the point of the test)
        return [g() for g in kept]
    assert ag.to_graph(f)(3) == [2, 2, 2]
    kept.clear()
    assert f(3) == [2, 2, 2]


def _keeping(value, into):
    def decorate(function):
        into.append(value)
        return function
    return decorate


def test_a_closure_a_decorator_expression_keeps_reads_the_last_loop_value():
    def f(n):
        kept = []
        for i in range(n):
            def helper():
                return i  # noqa: B023 (the point of the test)

            @_keeping(helper, kept)
            def other():
                return None
        return [g() for g in kept]
    assert ag.to_graph(f)(3) == f(3) == [2, 2, 2]


def test_a_closure_called_in_the_next_iteration_before_its_redefinition_reads_the_last_value():
    def f(n):
        out = []
        for i in range(n):
            if i > 0:
                out.append(helper())  # noqa: F821 (made by the previous iteration)

            def helper():
                return i * 10  # noqa: B023 (the point of the test)
        return out
    assert ag.to_graph(f)(3) == f(3) == [10, 20]


def test_lambdas_chosen_by_a_conditional_expression_in_a_loop_see_the_last_value():
    def f(n):
        out = []
        for i in range(n):
            out.append((lambda: i) if i % 2 else (lambda: -i))  # noqa: B023
        return [g() for g in out]
    assert ag.to_graph(f)(3) == f(3) == [-2, 2, -2]


def test_lambdas_made_by_a_generator_a_builtin_exhausts_see_the_last_value():
    def f(n):
        out = []
        for i in range(n):
            out.extend(list((lambda: i + k) for k in range(2)))  # noqa: B023
        return [g() for g in out]
    assert ag.to_graph(f)(2) == f(2) == [2, 2, 2, 2]


def _keep(value, into):
    into.append(value)


def test_a_function_a_loop_body_hands_to_a_call_reads_the_last_value():
    def f(n):
        out = []
        for i in range(n):
            def helper():
                return i  # noqa: B023 (the point of the test)
            _keep(helper, out)
        return [g() for g in out]
    assert ag.to_graph(f)(3) == f(3) == [2, 2, 2]


def test_a_function_reading_an_outer_variable_and_the_loop_variable_reads_both_last():
    # `base` is bound only outside the loop, and comes first: the loop variable is still
    # looked at.
    def f(n):
        out = []
        base = 10
        for i in range(n):
            def helper():
                return base + i  # noqa: B023 (the point of the test)
            out.append(helper)
        return [g() for g in out]
    assert ag.to_graph(f)(3) == f(3) == [12, 12, 12]


def test_a_lambda_made_in_an_if_test_in_a_loop_reads_the_last_value():
    def f(n):
        out = []
        for i in range(n):
            if out.append(lambda: i) is None:  # noqa: B023 (the point of the test)
                pass
        return [g() for g in out]
    assert ag.to_graph(f)(3) == f(3) == [2, 2, 2]


def only_called_where_defined(n):
    total = 0
    for i in range(n):
        def helper(k):
            return i * k  # noqa: B023 (called at once)
        scaled = lambda: i * 10  # noqa: E731, B023
        total = total + helper(2) + scaled()
        assert total >= 0, f"negative at {i}"
    return total


def test_closures_only_called_in_their_loop_body_leave_its_variables_local():
    # No cell is needed: the code reads as written, without `nonlocal`.
    assert "nonlocal" not in ag.to_code(only_called_where_defined)
    _check(only_called_where_defined, 3)


def test_a_closure_kept_as_a_keyword_only_default_reads_the_last_loop_value():
    def f(n):
        out = []
        for i in range(n):
            def helper():
                return i  # noqa: B023 (the point of the test)

            def caller(*, h=helper):
                return h()
            out.append(caller)
        return [g() for g in out]
    assert ag.to_graph(f)(3) == f(3) == [2, 2, 2]


def generators_each_builtin_exhausts(xs):
    total = 0
    for x in xs:
        ks = range(3)
        total = total + len(str([
            all(x > k for k in ks), any(x > k for k in ks), dict((k, x) for k in ks),
            frozenset(x * k for k in ks), list(x * k for k in ks), max(x * k for k in ks),
            min(x * k for k in ks), set(x * k for k in ks), sorted(x * k for k in ks),
            sum(x * k for k in ks), tuple(x * k for k in ks)]))
    return total


def test_generators_that_builtins_exhaust_need_no_shared_cell():
    assert "nonlocal" not in ag.to_code(generators_each_builtin_exhausts)
    assert ag.to_graph(generators_each_builtin_exhausts)([1, 2]) == \
        generators_each_builtin_exhausts([1, 2])


def test_a_lambda_made_in_an_inner_loops_iterable_reads_the_last_value():
    def f(n):
        out = []
        for i in range(n):
            for g in [lambda: i]:  # noqa: B023 (the point of the test)
                out.append(g)
        return [g() for g in out]
    assert ag.to_graph(f)(3) == f(3) == [2, 2, 2]


def test_closure_that_writes_a_nonlocal_is_seen_by_the_loop():
    def f(n):
        c = 0

        def bump():
            nonlocal c
            c += 1
        s = 0
        for _ in range(n):
            bump()
            c += 10
            s += c
        return s, c
    assert ag.to_graph(f)(3) == f(3)


# A raise handled by an inner except never reaches an outer one --------------------------------

def raise_in_inner_try_in_loop(a, n):
    s = a
    try:
        for k in ag.range(n):
            try:
                if k > 1:
                    raise ValueError()
                s += 1
            except ValueError:
                s += 10
    except ValueError:
        s += 1000
    return s


def two_inner_trys_in_sequence(a, c):
    s = a
    try:
        if c > 0:
            try:
                raise KeyError()
            except KeyError:
                s += 1
            try:
                raise ValueError()
            except ValueError:
                s += 2
    except (KeyError, ValueError):
        s += 100
    return s


def raise_under_a_bare_except(x):
    try:
        if x > 0:
            raise ValueError("big")
        y = x * 2
    except:  # noqa: E722 (the point of the test)
        y = -1
    return y


class _OwnError(Exception):
    pass


def raise_of_an_own_exception_class(x):
    try:
        if x > 0:
            raise _OwnError("big")
        y = x * 2
    except (_OwnError, KeyError):
        y = -1
    return y


_Invalid = ValueError  # a name the converter cannot tell is a builtin's


def raise_of_a_builtin_caught_under_another_name(x):
    try:
        if x > 0:
            raise ValueError("big")
        y = x * 2
    except _Invalid:
        y = -1
    return y


@pytest.mark.parametrize("f", [raise_under_a_bare_except, raise_of_an_own_exception_class,
                               raise_of_a_builtin_caught_under_another_name])
@pytest.mark.parametrize("x", [3, -3])
def test_a_raise_under_a_tensor_if_reaches_a_bare_or_user_class_except(f, x):
    _check(f, x)


def breaks_or_raises_in_a_loop(xs):
    s = 0
    try:
        for x in xs:
            if x > 5:
                break
            if x < 0:
                raise ValueError("negative")
            s = s + x
    except ValueError:
        s = -s
    return s


@pytest.mark.parametrize("xs", [[1, 2, 9, -1], [1, -2, 3], [1, 2]])
def test_a_loop_that_may_break_or_raise_stops_on_either(xs):
    _check(breaks_or_raises_in_a_loop, xs)


def _key_error_above(x, limit):
    if x > limit:
        raise KeyError("k")
    return x * 100


def raise_in_an_inner_finally_replaces_an_error_on_its_way(x):
    y = 0
    try:
        try:
            y = _key_error_above(x, 5)
        finally:
            if x > 0:
                raise ValueError("big")
    except ValueError:
        y = -1
    except KeyError:
        y = -2
    return y


@pytest.mark.parametrize("x", [10, 3, -1])
def test_a_raise_in_an_inner_finally_replaces_the_error_on_its_way_out(x):
    # At 10 the called function's KeyError is on its way out when the finally raises.
    expected = raise_in_an_inner_finally_replaces_an_error_on_its_way(x)
    assert ag.to_graph(raise_in_an_inner_finally_replaces_an_error_on_its_way)(x) == expected


def raise_in_the_finally_of_an_inner_try_with_other_handlers(x):
    y = 0
    try:
        try:
            y = _key_error_above(x, 5)
        except IndexError:
            y = -3
        finally:
            if x > 0:
                raise ValueError("big")
    except ValueError:
        y = -1
    except KeyError:
        y = -2
    return y


def raise_in_the_finally_of_an_inner_try_with_handlers(x):
    y = 0
    try:
        try:
            y = _key_error_above(x, 5)
            raise IndexError("i")  # the inner clause takes it: the inner try stays as it is
        except IndexError:
            y = -3
        finally:
            if x > 0:
                raise ValueError("big")
    except ValueError:
        y = -1
    except KeyError:
        y = -2
    return y


@pytest.mark.parametrize("f", [raise_in_the_finally_of_an_inner_try_with_other_handlers,
                               raise_in_the_finally_of_an_inner_try_with_handlers])
@pytest.mark.parametrize("x", [10, 6, 3, -1])
def test_a_raise_in_the_finally_of_an_inner_try_with_handlers_replaces_the_error(f, x):
    assert ag.to_graph(f)(x) == f(x)


def reraises_in_a_branch_of_its_handler(x, loud):
    try:
        if x > 0:
            raise ValueError("big")
        y = x
    except ValueError:
        if loud:
            raise
        y = -1
    return y


@pytest.mark.parametrize("x, loud", [(1, False), (-1, True)])
def test_a_try_whose_handler_may_reraise_runs_as_python(x, loud):
    # A bare `raise` needs the exception being handled: the `try` stays as it is.
    assert ag.to_graph(reraises_in_a_branch_of_its_handler)(x, loud) == \
        reraises_in_a_branch_of_its_handler(x, loud)


def test_a_handler_that_reraises_raises_the_original_exception():
    with pytest.raises(ValueError, match=r"(?s)^in user code:.*\n    ValueError: big$"):
        ag.to_graph(reraises_in_a_branch_of_its_handler)(1, True)


def branches_in_handler_and_else(x):
    try:
        if x > 0:
            raise ValueError("big")
        y = x
    except ValueError:
        if x > 5:
            y = -5
        else:
            y = -1
    else:
        if x < -5:
            y = 5
    return y


@pytest.mark.parametrize("x", [7, 1, -1, -7])
def test_branches_in_a_handler_and_in_the_else_of_a_lowered_try(x):
    _check(branches_in_handler_and_else, x)


def raise_with_a_cause(x):
    try:
        if x > 0:
            raise ValueError("big") from KeyError("k")
        y = "none"
    except ValueError as e:
        y = type(e.__cause__).__name__
    return y


@pytest.mark.parametrize("x", [1, -1])
def test_a_raise_from_a_cause_under_an_if_keeps_the_cause(x):
    assert ag.to_graph(raise_with_a_cause)(x) == raise_with_a_cause(x)


def test_raise_handled_by_an_inner_try_in_a_python_loop():
    assert ag.to_graph(raise_in_inner_try_in_loop)(0, 4) == raise_in_inner_try_in_loop(0, 4)


@pytest.mark.parametrize("c", [0, 1])
def test_two_inner_trys_in_sequence_each_handle_their_raise(c):
    _check(two_inner_trys_in_sequence, 5, c)


def test_raise_in_a_called_function_is_handled_by_the_inner_try():
    def g(k):
        if k > 2:
            raise ValueError("v")
        return k

    def f(a, c):
        s = a
        try:
            if c > 0:
                try:
                    s += g(c)
                except ValueError:
                    s += 10
        except ValueError:
            s += 100
        return s
    for c in (0, 1, 5):
        assert ag.to_graph(f)(1, c) == f(1, c)


# return evaluates its value before it decides to return ----------------------------------------

def _raises(x):
    if x > 2:
        raise ValueError("too big")
    return x * 10


def return_in_try(x, c):
    if c > 0:
        try:
            return _raises(x)
        except ValueError:
            pass
    return 1


@pytest.mark.parametrize("x, c", [(1, 1), (5, 1), (5, 0)])
def test_return_of_a_raising_call_in_try_falls_through_to_the_next_return(x, c):
    assert ag.to_graph(return_in_try)(x, c) == return_in_try(x, c)


def test_return_of_a_raising_call_under_a_tensor_condition():
    assert ag.function(return_in_try)(5, ag.constant(1)).numpy() == 1
    assert ag.function(return_in_try)(1, ag.constant(1)).numpy() == 10


# A variable that may have no value is never used as a number -----------------------------------

def assigned_only_under_tensor_if_in_tensor_loop(n):
    i = 0
    while i < n:
        if i > 100:
            y = i
        i += 1
    return y  # noqa: F821 (unbound unless the `if` ran: the point of the test)


def test_variable_assigned_only_under_a_tensor_if_in_a_tensor_loop_has_its_last_value():
    # TensorFlow 2.21 refuses the program while tracing: "'y' must be defined before the
    # loop". The loop carries a flag saying whether an iteration assigned `y`.
    assert assigned_only_under_tensor_if_in_tensor_loop(103) == 102
    assert ag.function(assigned_only_under_tensor_if_in_tensor_loop)(ag.constant(103)) == 102


def test_variable_no_iteration_assigned_is_an_error_when_read_after_the_loop():
    with pytest.raises(ag.errors.InvalidArgumentError, match="'y' is first assigned inside a "
                       "loop over tensors, and no iteration assigned it"):
        ag.function(assigned_only_under_tensor_if_in_tensor_loop)(ag.constant(3))


def test_variable_assigned_only_under_a_python_if_raises_as_python_does():
    with pytest.raises(UnboundLocalError):
        assigned_only_under_tensor_if_in_tensor_loop(3)
    with pytest.raises(UnboundLocalError, match="'y'"):
        ag.to_graph(assigned_only_under_tensor_if_in_tensor_loop)(3)


def string_assigned_under_a_tensor_if(c):
    if c > 0:
        s = "a"
    return s  # noqa: F821 (unbound unless c > 0: the point of the test)


def test_a_string_assigned_in_one_branch_of_a_tensor_if_has_its_value_when_that_branch_ran():
    # An empty string stands for it in the other branch, as zeros do for a number.
    assert ag.function(string_assigned_under_a_tensor_if)(ag.constant(1)).numpy() == b"a"
    with pytest.raises(UnboundLocalError):
        string_assigned_under_a_tensor_if(0)
    with pytest.raises(ag.errors.InvalidArgumentError, match="'s' is assigned only in the if "
                                                             "branch"):
        ag.function(string_assigned_under_a_tensor_if)(ag.constant(0))


def test_a_variable_a_tensor_loop_assigns_and_deletes_is_unbound_after_it():
    def f(n):
        i = 0
        while i < n:
            y = 1
            del y
            i += 1
        return y  # noqa: F821
    with pytest.raises(UnboundLocalError):
        f(2)
    with pytest.raises(UnboundLocalError, match="'y' is used before assignment"):
        ag.function(f)(ag.constant(2))


def returns_a_string_inside_a_tensor_loop(n):
    i = 0
    while i < n:
        i += 1
        if i > 2:
            return "s"
    return "t"


@pytest.mark.parametrize("n", [1, 5])
def test_a_string_returned_inside_a_tensor_loop_is_pythons_value(n):
    # TensorFlow 2.21 refuses the program: "a return statement cannot be placed inside this
    # TensorFlow loop".
    result = ag.function(returns_a_string_inside_a_tensor_loop)(ag.constant(n))
    assert result.numpy().decode() == returns_a_string_inside_a_tensor_loop(n)


def read_after_an_inner_python_loop_may_assign_it(n, flag):
    # The inner loop over a Python list unrolls: only its first `if` leaves a value that may
    # be missing; the tensor loop then carries that variable into the next iteration.
    out = {"last": 0}
    i = 0
    while i < n:
        i += 1
        for _ in [0, 1]:
            if flag > 0:
                y = 7
            out["last"] = y  # noqa: F821 (unbound unless flag > 0: the point of the test)
    return out["last"]


def test_a_read_in_the_first_iteration_of_a_variable_the_loop_assigns_later_raises():
    with pytest.raises(UnboundLocalError):
        read_after_an_inner_python_loop_may_assign_it(1, 0)
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match=r"^'y' is first assigned inside a loop over tensors, and is "
                             r"read here before any iteration assigned it, so it has no "
                             r"value\. Assign it before the loop\.$"):
        ag.function(read_after_an_inner_python_loop_may_assign_it)(ag.constant(1),
                                                                     ag.constant(0))


def none_before_a_tensor_loop_that_assigns_it(n):
    y = None
    i = 0
    while i < n:
        y = i
        i += 1
    return y


def test_none_before_a_tensor_loop_that_assigns_it_has_the_last_value():
    assert ag.function(none_before_a_tensor_loop_that_assigns_it)(ag.constant(3)).numpy() == 2


def test_none_before_a_tensor_loop_that_never_assigns_it_is_refused_by_name():
    # Python gives None; a graph cannot give None for some runs only.
    assert none_before_a_tensor_loop_that_assigns_it(0) is None
    with pytest.raises(ag.errors.InvalidArgumentError, match=re.escape(
            "'y' is None before a loop over tensors that assigns it tensors, and no iteration "
            "assigned it (the loop ran zero times, or skipped the assignment): a graph cannot "
            "give None for some runs only. Start it with a tensor value instead.")):
        ag.function(none_before_a_tensor_loop_that_assigns_it)(ag.constant(0))


def test_a_variable_the_first_iteration_assigns_before_reading_it_is_fine():
    _check(read_after_an_inner_python_loop_may_assign_it, 2, 1)


def pair_with_a_part_a_tensor_if_may_leave_without_a_value(c, n):
    if c > 0:
        z = c
    y = (z, n)  # noqa: F821 (unbound unless c > 0: the point of the test)
    i = 0
    while i < n:
        y = (y[0] + 1, y[1])  # the second part passes through each iteration as it came in
        i += 1
    return y


@pytest.mark.parametrize("n", [0, 2])
def test_a_loop_variable_whose_parts_only_one_may_lack_a_value_keeps_both(n):
    # A tensor `if` leaves `z` checked (it may have no value); the tuple's other part has one
    # from the start, and neither the loop's first read nor the value after it refuses it.
    _check(pair_with_a_part_a_tensor_if_may_leave_without_a_value, 1, n)


def test_a_loop_variable_whose_part_may_lack_a_value_raises_when_it_has_none():
    with pytest.raises(UnboundLocalError):
        pair_with_a_part_a_tensor_if_may_leave_without_a_value(0, 2)
    with pytest.raises(ag.errors.InvalidArgumentError, match="'z'"):
        ag.function(pair_with_a_part_a_tensor_if_may_leave_without_a_value)(ag.constant(0),
                                                                             ag.constant(2))


def test_a_loop_variable_that_may_lack_a_value_and_grows_a_part_is_refused_by_name():
    def f(c, n):
        if c > 0:
            z = c
        y = (z,)  # noqa: F821
        i = 0
        while i < n:
            y = (y[0], i)  # a loop over tensors keeps a variable's structure
            i += 1
        return y
    with pytest.raises(TypeError, match=r"'y' changes its structure in the loop: .*lengths 1 "
                                        r"vs 2"):
        ag.function(f)(ag.constant(1), ag.constant(2))


def test_closure_reading_a_shared_variable_before_it_has_a_value_raises():
    def f(xs):
        g = lambda: i + 1  # noqa: E731, F821
        s = 0
        for i in xs:  # noqa: B007 (g reads it)
            s += g()
        return s, g()
    with pytest.raises((UnboundLocalError, NameError), match="'i'"):
        f([])
    with pytest.raises(UnboundLocalError, match="'i'"):
        ag.to_graph(f)([])


# return inside finally ------------------------------------------------------------------------

def return_in_finally(x):
    y = 0
    try:
        y = 10 // x
    finally:
        return y + 1  # noqa: B012 (discards the ZeroDivisionError, as the test checks)


@pytest.mark.parametrize("x", [2, 0])
def test_return_in_finally_discards_the_exception_as_python_does(x):
    assert ag.to_graph(return_in_finally)(x) == return_in_finally(x)


def test_return_in_finally_under_a_tensor_function():
    assert ag.function(return_in_finally)(ag.constant(2)).numpy() == 6


def return_in_finally_under_a_condition(x):
    # TensorFlow's early_return_test `return_in_finally`; TensorFlow 2.21 gives 0 and 1.
    try:
        return 2
    finally:
        if x > 0:
            return 1  # noqa: B012
        else:
            return 0  # noqa: B012


def return_in_finally_overriding_a_return_in_try(x):
    # TensorFlow's `return_in_finally_default_in_try`; TensorFlow 2.21 gives 1 for both.
    try:
        if x > 0:
            return 0
    finally:
        return 1  # noqa: B012


@pytest.mark.parametrize("x", [0, 1])
def test_return_in_finally_under_a_condition_overrides_the_try(x):
    _check(return_in_finally_under_a_condition, x)


@pytest.mark.parametrize("x", [0, 1])
def test_return_in_finally_overrides_a_return_under_a_tensor_if(x):
    _check(return_in_finally_overriding_a_return_in_try, x)


def test_a_finally_that_always_returns_discards_the_exception_as_python_does():
    def f(x):
        try:
            if x > 0:
                x = 10 // (x - 1)
        finally:
            return x  # noqa: B012
    assert ag.to_graph(f)(1) == f(1) == 1
    assert ag.to_graph(f)(3) == f(3) == 5


def test_a_finally_that_always_returns_lets_an_error_of_the_trace_go_on():
    def f(x):
        try:
            if x > 0:
                raise ValueError("only when the graph runs")
        finally:
            return 1  # noqa: B012
    assert f(1) == 1
    with pytest.raises(ag.autograph.StagingError, match="a `try` around it that handles it"):
        ag.function(f)(ag.constant(1))


def raises_when_the_graph_runs(k):
    if k > 0:
        raise ValueError("only when the graph runs")


def test_a_finally_raising_on_the_way_out_does_not_replace_an_error_of_the_trace():
    # The refusal leaves the inner `finally` before `d` is assigned; the middle `finally`
    # then raises NameError, which the outer returning `finally` would discard, returning
    # the old d["a"] (0) where Python returns 1.
    def f(b):
        d = {"a": 0}
        try:
            try:
                try:
                    x = raises_when_the_graph_runs(b)
                finally:
                    d = {"a": 1}
                    return x  # noqa: B012
            finally:
                d["b"] = undefined_name  # noqa: F821
        finally:
            return d["a"]  # noqa: B012
    assert f(0) == 1
    with pytest.raises(ag.autograph.StagingError, match="a `try` around it that handles it"):
        ag.function(f)(ag.constant(0))


def test_a_handler_refuses_an_exception_raised_while_an_error_of_the_trace_went_through():
    def f(b):
        x = 0
        try:
            try:
                try:
                    raises_when_the_graph_runs(b)
                except ValueError:
                    pass
                x = 1
            finally:
                {}["missing"]
        except KeyError:
            return x  # the old x (0) if the KeyError were taken from the refusal's way out
    assert f(0) == 1
    with pytest.raises(ag.autograph.StagingError, match="a `try` around it that handles it"):
        ag.function(f)(ag.constant(0))


def test_a_broad_handler_does_not_swallow_the_refusal_of_a_graph_time_raise():
    def h(k):
        if k > 8:
            raise ValueError("h")

    def h2(k):
        try:
            return h(k)
        except Exception:
            return 1

    def f(a):
        return h2(a)
    assert f(0) is None
    with pytest.raises(ag.autograph.StagingError, match="a `try` around it that handles it"):
        ag.function(f)(ag.constant(0))


def return_in_finally_after_an_early_return(x):
    if x > 5:
        return 1
    y = 0
    try:
        y = 10 // (x % 3)
    finally:
        return y  # noqa: B012 (discards the ZeroDivisionError when x % 3 == 0)


def return_in_finally_inside_a_loop(n):
    s = 0
    for i in range(n):
        s += i
        try:
            s = s // (3 - i)
        finally:
            if s > 0:
                s += 50
            return s  # noqa: B012
    return -1


@pytest.mark.parametrize("x", [0, 2, 3, 7])
def test_return_in_finally_after_an_early_return_discards_the_exception(x):
    assert ag.to_graph(return_in_finally_after_an_early_return)(x) == (
        return_in_finally_after_an_early_return(x))


@pytest.mark.parametrize("n", [0, 1, 4])
def test_return_in_finally_inside_a_loop_discards_the_exception(n):
    assert ag.to_graph(return_in_finally_inside_a_loop)(n) == return_in_finally_inside_a_loop(n)


@pytest.mark.parametrize("x", [1, 2, 7])
def test_return_in_finally_inside_a_tensor_if_gives_pythons_value(x):
    # The golden case runs on Python values, x % 3 == 0 included; on tensors a division by
    # zero is an error of the graph, so here x % 3 != 0.
    _check(load_golden("return_in_finally_inside_if").f, x)
    _check(return_in_finally_after_an_early_return, x)


def test_a_conditional_return_in_finally_of_a_try_that_raises_is_refused():
    # Python discards the exception only on the path that returns; the lowered `return`
    # could not decide that with a tensor, so the function is refused rather than run
    # unconverted.
    def f(x):
        try:
            if x > 0:
                raise ValueError("r")
        finally:
            if x > 2:
                return 1  # noqa: B012
    assert f(3) == 1
    with pytest.raises(ag.autograph.ConversionError, match="`return` inside a `finally`"):
        ag.to_graph(f)
    with pytest.raises(ag.autograph.ConversionError, match="`return` inside a `finally`"):
        ag.function(f)(ag.constant(3))


# A loop body that raises raises when the graph runs, if the loop runs --------------------------

def while_body_raises(b):
    w = 0
    while w < b % 3:
        raise ValueError("r")
    return w


def for_body_raises(n):
    s = 0
    for _ in ag.range(n):
        s += 1
        raise KeyError("k")
    return s


def test_a_tensor_while_whose_body_raises_returns_when_it_runs_zero_times():
    _check(while_body_raises, 0)


def test_a_tensor_while_whose_body_raises_raises_when_the_graph_enters_it():
    with pytest.raises(ValueError, match="r"):
        while_body_raises(1)
    with pytest.raises(ValueError, match="r"):
        ag.function(while_body_raises)(ag.constant(1))


@pytest.mark.skipif(sys.version_info < (3, 11), reason="exception notes are Python 3.11's")
def test_an_exception_a_tensor_loop_body_raises_notes_the_programs_line():
    code = while_body_raises.__code__
    line = code.co_firstlineno + 3
    with pytest.raises(ValueError, match="^r") as caught:
        ag.function(while_body_raises)(ag.constant(1))
    assert caught.value.__notes__ == [
        f"Raised when the graph ran, at {__file__}:{line} (raise ValueError(\"r\")), in the "
        f"body of a loop whose condition is a tensor."]


def test_a_tensor_for_whose_body_raises_raises_only_when_it_has_items():
    assert ag.function(for_body_raises)(ag.constant(0)).numpy() == for_body_raises(0) == 0
    with pytest.raises(KeyError):
        ag.function(for_body_raises)(ag.constant(2))


def for_body_raises_then_reads_what_it_assigns(n):
    for _ in ag.range(n):
        _raises_over_two(5)
        t = 1
    return t


def for_body_raises_then_raises_after(n):
    for _ in ag.range(n):
        _raises_over_two(5)
    raise KeyError("after")


def test_a_read_without_a_value_after_a_raising_loop_raises_what_python_raises_first():
    # The body raises whenever it runs (ValueError); with no iteration, `t` has no value.
    with pytest.raises(UnboundLocalError):
        for_body_raises_then_reads_what_it_assigns(0)
    with pytest.raises(ValueError):
        for_body_raises_then_reads_what_it_assigns(2)
    f = ag.function(for_body_raises_then_reads_what_it_assigns)
    with pytest.raises(UnboundLocalError, match="'t' is used before assignment"):
        f(ag.constant(0))
    with pytest.raises(ValueError, match="^v"):
        f(ag.constant(2))


def test_a_raise_after_a_raising_loop_comes_second_when_the_loop_runs():
    f = ag.function(for_body_raises_then_raises_after)
    with pytest.raises(KeyError, match="after"):
        f(ag.constant(0))
    with pytest.raises(ValueError, match="^v"):
        f(ag.constant(2))
    with pytest.raises(KeyError, match="after"):  # the traced graph serves every later call
        f(ag.constant(0))


def while_body_may_raise_then_raises_after(n):
    i = 0
    while i < n:
        if i > 5:
            raise ValueError("v")
        i += 1
    raise KeyError("after")


@pytest.mark.parametrize("n", [3, 10])
def test_a_raise_after_a_loop_whose_body_may_raise_comes_second(n):
    raised = KeyError if n == 3 else ValueError
    with pytest.raises(raised):
        while_body_may_raise_then_raises_after(n)
    with pytest.raises(raised):
        ag.function(while_body_may_raise_then_raises_after)(ag.constant(n))


def loop_body_raises_then_reads_what_it_deleted(n):
    t = i = 0
    while i < n:
        i += 1
        if i >= 1:
            raise ValueError("v")
        del t
        t = t + 1  # traced: raises while tracing, after the body's held raise
    return t


def branch_raises_then_reads_what_it_deleted(x):
    t = 0
    if x > 0:
        if x > 1:
            raise ValueError("v")
        del t
        t = t + 1
    return t


@pytest.mark.parametrize("f, x, raised", [
    (loop_body_raises_then_reads_what_it_deleted, 3, ValueError),
    (branch_raises_then_reads_what_it_deleted, 2, ValueError),
    (branch_raises_then_reads_what_it_deleted, 1, UnboundLocalError)])
def test_a_body_raising_when_traced_after_a_held_raise_raises_what_python_raises_first(
        f, x, raised):
    with pytest.raises(raised):
        f(x)
    with pytest.raises(raised):
        ag.function(f)(ag.constant(x))


@pytest.mark.parametrize("f", [loop_body_raises_then_reads_what_it_deleted,
                               branch_raises_then_reads_what_it_deleted])
def test_a_body_that_would_raise_returns_when_it_does_not_run(f):
    _check(f, 0)


def closure_adds_a_target_of_a_loop_that_never_ran(n):
    s = 0
    while s < n:
        for i in range(0):  # noqa: B007 (the closure below reads it)
            pass

        def plus_i(k):
            return k + i  # noqa: B023 (reads the target: the point of the test)
        s = plus_i(s) + 1
    return s


def test_a_tensor_plus_a_closures_variable_without_a_value_raises_as_python_when_it_runs():
    _check(closure_adds_a_target_of_a_loop_that_never_ran, 0)
    with pytest.raises(NameError):
        closure_adds_a_target_of_a_loop_that_never_ran(1)
    with pytest.raises(NameError):
        ag.function(closure_adds_a_target_of_a_loop_that_never_ran)(ag.constant(1))


def loop_body_may_raise_then_reads_what_it_deleted(n):
    t = i = 0
    while i < n:
        i += 1
        if i > 5:
            raise ValueError("v")
        del t
        t = t + 1
    return t


@pytest.mark.skipif(sys.version_info < (3, 11), reason="exception notes are Python 3.11's")
def test_the_error_a_body_raised_when_traced_after_a_held_raise_notes_where_it_was_raised():
    with pytest.raises(UnboundLocalError) as caught:
        ag.function(loop_body_may_raise_then_reads_what_it_deleted)(ag.constant(3))
    line = loop_body_may_raise_then_reads_what_it_deleted.__code__.co_firstlineno + 7
    assert caught.value.__notes__ == [
        f"Raised when the graph ran, at {__file__}:{line} (t = t + 1), after a tensor `if` or "
        f"loop that raises first when it can."]


def test_a_trace_error_after_a_raising_loop_is_raised_at_once():
    def f(n):
        for _ in ag.range(n):
            _raises_over_two(5)
        return ag.constant([1, 2]) + ag.constant([1, 2, 3])
    with pytest.raises(ag.errors.InvalidArgumentError):
        ag.function(f).get_concrete_function(ag.TensorSpec([], "int32"))


def test_a_loop_body_raise_handled_by_a_try_around_the_loop_is_refused():
    def f(n):
        try:
            for _ in ag.range(n):
                _raises_over_two(5)
        except ValueError:
            return -1
        return 0
    assert f(2) == -1
    with pytest.raises(ag.autograph.StagingError, match="a `try` around it that handles it"):
        ag.function(f)(ag.constant(2))


# An exception raised when the graph runs never escapes a try that handles it -------------------

def _raises_over_two(k):
    if k > 2:
        raise ValueError("v")
    return k


def handled_raise_in_called_function(c):
    s = 0
    try:
        s = _raises_over_two(c)
    except ValueError:
        s = -1
    return s


def raise_skipping_the_inner_handler(c):
    s = 0
    try:
        try:
            if c > 0:
                raise ValueError("x")
            s = 1
        except KeyError:
            s = 2
    except ValueError:
        s = 3
    return s


@pytest.mark.parametrize("c", [1, 5])
def test_raise_in_a_called_function_under_a_tensor_condition_is_refused_in_a_try(c):
    assert ag.to_graph(handled_raise_in_called_function)(c) == handled_raise_in_called_function(c)
    with pytest.raises(ag.autograph.StagingError, match="a `try` around it that handles it"):
        ag.function(handled_raise_in_called_function)(ag.constant(c))


@pytest.mark.parametrize("c", [0, 1])
def test_raise_no_inner_clause_takes_picks_the_outer_clause_when_the_graph_runs(c):
    _check(raise_skipping_the_inner_handler, c)


def _raises_under_a_tensor_if(k):
    if k > 0:
        raise KeyError("h")


def return_in_finally_of_a_try_around_a_call(a):
    xs = [0, 1]
    try:
        xs[1] = _raises_under_a_tensor_if(a)
    except KeyError:
        pass
    finally:
        return xs[1]  # noqa: B012


@pytest.mark.parametrize("a", [0, 1])
def test_return_in_finally_of_a_plain_try_keeps_pythons_value_on_python_values(a):
    assert ag.to_graph(return_in_finally_of_a_try_around_a_call)(a) == (
        return_in_finally_of_a_try_around_a_call(a))


def test_return_in_finally_of_a_plain_try_does_not_discard_a_refusal_from_a_call():
    # The called function's `raise` happens only when the graph runs, after the `try` has
    # run: the refusal of the handler that could not take it must reach the user, not be
    # discarded by the `finally`'s `return` (which would return 1, where Python gives None).
    with pytest.raises(ag.autograph.StagingError, match="a `try` around it that handles it"):
        ag.function(return_in_finally_of_a_try_around_a_call)(ag.constant(0))


def return_in_finally_of_a_try_without_handlers(a):
    xs = [0, 1]
    try:
        xs[1] = _raises_under_a_tensor_if(a)
    finally:
        return xs[1]  # noqa: B012


def test_return_in_finally_of_a_plain_try_refuses_a_raise_it_would_discard_at_run_time():
    with pytest.raises(ag.autograph.StagingError, match="a `try` around it that handles it"):
        ag.function(return_in_finally_of_a_try_without_handlers)(ag.constant(1))


def test_a_finally_that_always_returns_does_not_discard_an_error_of_the_trace():
    # The int32 + float32 add is refused while tracing: an error of the converted code, not
    # an exception of the program that Python's `return` in `finally` would discard.
    def f(x):
        y = 0
        try:
            y = x + ag.constant(1.5)
            if x > 0:
                y = y * 2
        finally:
            return y  # noqa: B012
    with pytest.raises(TypeError, match="AddV2"):
        ag.function(f)(ag.constant(1))


# Items and attributes a tensor loop creates --------------------------------------------------

def item_created_in_a_loop_that_reads_the_dict_whole(n):
    e = {}
    for _ in ag.range(n):
        e["r"] = len(e)
    return e["r"]


def item_created_in_a_loop_of_a_dict_passed_whole(n):
    e = {}
    for i in ag.range(n):
        e["r"] = i
    return sorted(e)


def item_created_in_a_loop_that_reads_it_with_get(n):
    e = {}
    for i in ag.range(n):
        e["r"] = e.get("r", 0) + i
    return e["r"]


def item_created_in_a_while_that_reads_the_dict_whole(n):
    e = {}
    i = 0
    while i < n:
        e["r"] = len(e)
        i += 1
    return e["r"]


def key_created_in_both_branches_of_a_dict_read_whole(x):
    d = {}
    if x > 0:
        d["b"] = 1
    else:
        d["b"] = -1
    return d["b"], len(d)


def test_an_item_a_tensor_while_creates_in_a_dict_read_whole_is_refused():
    assert item_created_in_a_while_that_reads_the_dict_whole(1) == 0  # Python's; the graph
    # would trace the body with e['r'] present and give 1
    with pytest.raises(ValueError, match=r"e\['r'\] does not exist before a `while` loop"):
        ag.function(item_created_in_a_while_that_reads_the_dict_whole)(ag.constant(1))


def test_an_item_both_branches_create_in_a_dict_read_whole_runs():
    # An `if` traces each branch on its own, so neither sees the other's item: nothing to
    # refuse, and no names of items read whole are passed to if_stmt.
    assert "composites=(get_state, set_state, (\"d['b']\",)))" in ag.to_code(
        key_created_in_both_branches_of_a_dict_read_whole)
    assert [t.numpy() for t in ag.function(key_created_in_both_branches_of_a_dict_read_whole)(
        ag.constant(3))] == [1, 1]


def item_created_in_a_loop_of_a_dict_returned(n):
    e = {}
    for i in ag.range(n):
        e["r"] = i
    return e


def test_an_item_a_tensor_loop_creates_in_a_returned_dict_runs():
    # As TensorFlow 2.21 (composite_names_in_control_flow_test `for_imbalanced`): the item is
    # returned, and an error when the graph runs if the loop ran zero times.
    np.testing.assert_array_equal(
        ag.function(item_created_in_a_loop_of_a_dict_returned)(ag.constant(3))["r"], 2)
    with pytest.raises(ag.errors.InvalidArgumentError, match="ran zero times"):
        ag.function(item_created_in_a_loop_of_a_dict_returned)(ag.constant(0))


def item_created_in_a_loop_read_by_key_only(n):
    e = {}
    for i in ag.range(n):
        e["r"] = i * 2
    return e["r"]


@pytest.mark.parametrize("f", [item_created_in_a_loop_that_reads_the_dict_whole,
                               item_created_in_a_loop_of_a_dict_passed_whole,
                               item_created_in_a_loop_that_reads_it_with_get])
def test_an_item_a_tensor_loop_creates_in_a_dict_read_whole_is_refused(f):
    # TensorFlow 2.21 runs the first and returns 1 for n = 1 (its body is traced with the key
    # present), where Python gives 0: a value Python would not give, so it is refused here.
    with pytest.raises(ValueError, match=r"e\['r'\] does not exist before a `for` loop over "
                                         r"tensors that creates it, and the function reads e "
                                         r"as a whole \(as `len`, `in`, `\.get`, `getattr` or a "
                                         r"variable key do\): the graph traces the loop's body "
                                         r"once, with e\['r'\] present, so those would see it "
                                         r"before the loop creates it where Python does not\. "
                                         r"Create e\['r'\] before the loop\."):
        ag.function(f)(ag.constant(2))


@pytest.mark.parametrize("f", [item_created_in_a_loop_that_reads_the_dict_whole,
                               item_created_in_a_loop_of_a_dict_passed_whole,
                               item_created_in_a_loop_that_reads_it_with_get])
def test_an_item_a_python_loop_creates_in_a_dict_read_whole_keeps_its_meaning(f):
    assert ag.to_graph(f)(2) == f(2)


def test_an_item_a_tensor_loop_creates_in_a_dict_read_by_key_only_runs():
    assert ag.function(item_created_in_a_loop_read_by_key_only)(ag.constant(3)).numpy() == 4


def attribute_created_in_a_loop_read_with_getattr(n):
    box = _Box()
    for i in ag.range(n):
        box.extra = getattr(box, "extra", 0) + i
    return box.extra


class _Box:
    pass


def test_an_attribute_a_tensor_loop_creates_read_with_getattr_is_refused():
    assert attribute_created_in_a_loop_read_with_getattr(3) == 3
    with pytest.raises(ValueError, match=r"box.extra does not exist before a `for` loop"):
        ag.function(attribute_created_in_a_loop_read_with_getattr)(ag.constant(3))


def item_created_in_a_loop_read_with_get(n):
    e = {}
    for i in ag.range(n):
        e["r"] = i
    return e.get("r", -1)


def test_an_item_a_tensor_loop_creates_read_with_get_is_refused():
    assert item_created_in_a_loop_read_with_get(2) == 1 and item_created_in_a_loop_read_with_get(
        0) == -1  # Python: the key exists only if the loop ran
    with pytest.raises(ValueError, match=r"e\['r'\] does not exist before a `for` loop"):
        ag.function(item_created_in_a_loop_read_with_get)(ag.constant(2))


def attribute_created_in_a_loop_read_by_name_only(n):
    box = _Box()
    for i in ag.range(n):
        box.extra = i * 2
    return box.extra


def test_an_attribute_a_tensor_loop_creates_read_by_name_only_runs():
    assert ag.function(attribute_created_in_a_loop_read_by_name_only)(ag.constant(3)).numpy() == 4


# Python iterators in graph branches and loop bodies -----------------------------------------

def next_in_a_tensor_loop(n):
    it = iter([1, 2, 3])
    s = 0
    for _ in ag.range(n):
        s = s * 10 + next(it)
    return s


def next_in_a_tensor_if(x):
    it = iter([1, 2])
    if x > 0:
        y = next(it)
    else:
        y = 0
    return y + next(it)


def python_loop_over_an_outer_iterator_in_a_tensor_loop(n):
    it = iter([1, 2, 3])
    s = 0
    for _ in ag.range(n):
        for x in it:
            s += x
            break
    return s


@ag.function
def next_of(it):
    return next(it)


def next_in_a_function_called_in_a_tensor_loop(n):
    it = iter([1, 2, 3])
    s = 0
    for _ in ag.range(n):
        s = s * 10 + next_of(it)  # a nested ag.function traces into the loop body
    return s


@pytest.mark.parametrize("f", [next_in_a_tensor_loop, next_in_a_tensor_if,
                               python_loop_over_an_outer_iterator_in_a_tensor_loop,
                               next_in_a_function_called_in_a_tensor_loop])
def test_an_item_taken_in_a_graph_body_from_an_outer_python_iterator_is_refused(f):
    # TensorFlow 2.21 gives 11 for next_in_a_tensor_loop(2) (one item, taken while tracing,
    # for both iterations), where Python gives 12.
    with pytest.raises(NotImplementedError, match=(
            r"An item is taken from a Python iterator inside a graph branch or loop body \(an "
            r"`if` or loop on a tensor\) that the iterator was made outside of: the body is "
            r"traced once, so it would take one item for all the iterations the graph runs \(or "
            r"take it whether or not the branch runs\), where Python takes one each time\. "
            r"Iterate over a tensor or a dataset instead \(`ag\.data\.Dataset\."
            r"from_tensor_slices\(items\)`, whose iterator advances when the graph runs\), or "
            r"take the items outside the loop\.")):
        ag.function(f)(ag.constant(2))


@pytest.mark.parametrize("f", [next_in_a_tensor_loop, next_in_a_tensor_if,
                               python_loop_over_an_outer_iterator_in_a_tensor_loop])
def test_an_item_taken_from_a_python_iterator_on_python_values_keeps_its_meaning(f):
    assert ag.to_graph(f)(2) == f(2)


def next_from_an_iterator_made_in_the_loop_body(n):
    s = 0
    for i in ag.range(n):
        it = iter([i, i + 1])
        s += next(it) * 10 + next(it)
    return s


def test_an_iterator_made_in_the_graph_body_that_takes_from_it_is_allowed():
    assert next_from_an_iterator_made_in_the_loop_body(3) == 36
    assert ag.function(next_from_an_iterator_made_in_the_loop_body)(ag.constant(3)).numpy() == 36


# A raise in an inner finally replaces the exception on its way out ----------------------------

def raise_in_inner_finally_replaces_the_exception(x):
    s = 0
    try:
        try:
            if x > 0:
                s = 1
            raise KeyError("k")
        finally:
            if x > 1:
                s += 10
            raise ValueError("v")
    except ValueError:
        s += 100
    except KeyError:
        s += 1000
    return s


@pytest.mark.parametrize("x", [0, 1, 2])
def test_a_raise_in_an_inner_finally_replaces_the_exception_on_its_way_out(x):
    _check(raise_in_inner_finally_replaces_the_exception, x)


def next_past_the_end_in_a_branch(a):
    total = 5
    if a >= 2:
        it = iter([0, 1])
        for _ in it:
            pass
        total = next(it)
    return total


def test_next_past_the_end_in_a_tensor_branch_not_taken_returns_as_python():
    _check(next_past_the_end_in_a_branch, 0)


def test_next_past_the_end_in_a_tensor_branch_taken_raises_stop_iteration():
    with pytest.raises(StopIteration):
        next_past_the_end_in_a_branch(3)
    with pytest.raises(StopIteration):
        ag.function(next_past_the_end_in_a_branch)(ag.constant(3))


def refused_loop_inside_a_try(n):
    e = {}
    try:
        for _ in ag.range(n):
            e["p"] = 0
        return len(e)
    except ValueError:
        return -1


def test_a_refusal_of_a_tensor_loop_is_not_taken_by_the_programs_handler():
    assert refused_loop_inside_a_try(0) == 0
    with pytest.raises(ag.autograph.StagingError, match=r"e\['p'\] does not exist before"):
        ag.function(refused_loop_inside_a_try)(ag.constant(0))


# A read of a variable that may have no value is checked even when nothing uses it -------------

def unused_read_of_a_branch_only_variable(x):
    if x > 0:
        y = 1
    z = y  # noqa: F841 (the read itself raises in Python when the branch did not run)
    return 5


def test_an_unused_read_of_a_variable_the_graph_left_without_a_value_raises():
    with pytest.raises(UnboundLocalError):
        unused_read_of_a_branch_only_variable(0)
    with pytest.raises(ag.errors.InvalidArgumentError, match="'y' is assigned only in the if"):
        ag.function(unused_read_of_a_branch_only_variable)(ag.constant(0))


def test_an_unused_read_of_a_variable_the_graph_gave_a_value_runs():
    _check(unused_read_of_a_branch_only_variable, 1)


# Python's own errors in a tensor branch or loop body are raised when that code runs -----------

class _Empty:
    pass


def missing_attribute_in_a_branch(a):
    box = _Empty()
    y = 0
    if a > 3:
        y = box.extra
    return y


def missing_key_in_a_loop_body(n):
    d = {}
    s = 0
    for _ in ag.range(n):
        s += d["k"]
        d["k"] = 1
    return s


@pytest.mark.parametrize("f", [missing_attribute_in_a_branch, missing_key_in_a_loop_body])
def test_a_lookup_error_in_graph_code_that_does_not_run_gives_pythons_value(f):
    _check(f, 0)


@pytest.mark.parametrize("f, error", [(missing_attribute_in_a_branch, AttributeError),
                                      (missing_key_in_a_loop_body, KeyError)])
def test_a_lookup_error_in_graph_code_that_runs_raises_as_python_does(f, error):
    with pytest.raises(error):
        f(5)
    with pytest.raises(error):
        ag.function(f)(ag.constant(5))


def return_in_finally_of_a_loop_whose_handler_may_bind(n):
    for _ in range(1):
        try:
            pass
        except ValueError:
            if n > 0:
                t = 0
            n = t
        finally:
            return 1  # noqa: B012
    return n


@pytest.mark.parametrize("n", [0, 2])
def test_a_finally_returning_in_a_loop_body_passes_a_name_without_a_value_along(n):
    _check(return_in_finally_of_a_loop_whose_handler_may_bind, n)


def finally_reads_what_a_raising_loop_body_assigned(a):
    x = 0
    try:
        for _ in range(1):
            x = 1
            raise ValueError("r")
    except KeyError:
        pass
    finally:
        if x <= 0:
            raise ValueError("c")
        return x  # noqa: B012


def test_a_finally_that_returns_sees_the_value_a_raising_body_assigned():
    # Python returns 1: the finally discards the ValueError and sees x = 1. The converted
    # loop body is a function that hands x back only when it ends; the exception carries x
    # out of it, and the finally takes it back.
    assert finally_reads_what_a_raising_loop_body_assigned(0) == 1
    assert ag.to_graph(finally_reads_what_a_raising_loop_body_assigned)(0) == 1


def finally_reads_what_a_raising_body_bound_first(a):
    try:
        for _ in range(a):
            x = 1
            raise ValueError("r")
    finally:
        return x  # noqa: B012


def test_a_finally_sees_a_value_a_raising_body_bound_first():
    # x has no value before the `try`: it is given one that reads as none (ag__.Undefined),
    # so the finally can take the body's value back.
    assert finally_reads_what_a_raising_body_bound_first(1) == 1
    assert ag.to_graph(finally_reads_what_a_raising_body_bound_first)(1) == 1


def test_a_finally_reading_a_variable_nothing_bound_raises_as_python():
    with pytest.raises(UnboundLocalError):
        finally_reads_what_a_raising_body_bound_first(0)
    with pytest.raises(UnboundLocalError):
        ag.to_graph(finally_reads_what_a_raising_body_bound_first)(0)


def finally_reads_what_a_raising_body_bound_on_some_paths(a):
    if a > 5:
        x = 0
    try:
        for _ in range(a):
            x = 1
            raise ValueError("r")
    finally:
        return x  # noqa: B012


def finally_reads_a_variable_bound_on_some_paths_that_the_body_left_alone(a):
    if a > 5:
        x = 0
    try:
        for _ in range(a):
            _raises_over_two(5)
            x = 1
    finally:
        return x if a > 5 else -1  # noqa: B012


def finally_after_a_try_that_deletes_a_variable(a):
    x = 1
    try:
        del x
        for _ in range(a):
            x = 2
            _raises_over_two(5)
    finally:
        return x if a > 0 else -1  # noqa: B012


@pytest.mark.parametrize("a", [0, 1])
def test_a_finally_after_a_try_that_deletes_a_variable_reads_it_only_as_python(a):
    # With a == 0 nothing binds x again and the finally does not read it: no error.
    assert finally_after_a_try_that_deletes_a_variable(a) == (2 if a else -1)
    if a:  # x, bound before the try, may be deleted in it: refused, not read
        with pytest.raises(ag.autograph.StagingError, match="after it assigned 'x'"):
            ag.to_graph(finally_after_a_try_that_deletes_a_variable)(a)
    else:
        assert ag.to_graph(finally_after_a_try_that_deletes_a_variable)(a) == -1


def _doubled(k):
    return k * 2


def handler_starting_with_a_try_reads_what_a_body_lost(a):
    y = 0
    try:
        for _ in range(a):
            y = 4
            _raises_over_two(5)
    except ValueError:
        try:
            z = _doubled(y)
        finally:
            pass
        return z
    return -1


def test_a_handler_starting_with_a_try_sees_the_value_a_raising_body_assigned():
    # The inner `try` gets a statement before it when converted; the handler's liveness is
    # read before that, so `y` is still taken back (it gave 0, silently).
    assert handler_starting_with_a_try_reads_what_a_body_lost(1) == 8
    assert ag.to_graph(handler_starting_with_a_try_reads_what_a_body_lost)(1) == 8


def finally_reads_what_a_raising_body_deleted(a):
    if a > 7:
        t = 0
    try:
        for _ in range(a):
            t = 1
            del t
            _raises_over_two(5)
    finally:
        return t  # noqa: B012, F821 (deleted in the loop: the point of the test)


def test_a_variable_a_raising_body_left_without_a_value_raises_as_python_in_a_finally():
    # t had no value before the loop and has none when the body raises: nothing was lost.
    with pytest.raises(UnboundLocalError):
        finally_reads_what_a_raising_body_deleted(6)
    with pytest.raises(UnboundLocalError):
        ag.to_graph(finally_reads_what_a_raising_body_deleted)(6)


def test_a_finally_takes_no_value_from_a_body_that_raised_before_assigning_it():
    assert finally_reads_a_variable_bound_on_some_paths_that_the_body_left_alone(1) == -1
    assert ag.to_graph(finally_reads_a_variable_bound_on_some_paths_that_the_body_left_alone)(
        1) == -1


def test_a_finally_refuses_a_value_of_a_variable_bound_on_some_paths_only():
    # x may or may not have a value before the `try`: the finally cannot name it without
    # risking a read Python never makes, nor give it one without hiding the old value.
    assert finally_reads_what_a_raising_body_bound_on_some_paths(1) == 1
    with pytest.raises(ag.autograph.StagingError, match="after it assigned 'x'"):
        ag.to_graph(finally_reads_what_a_raising_body_bound_on_some_paths)(1)


def finally_reads_what_an_outer_loop_body_assigned(a):
    y = 0
    try:
        for _ in range(a):
            y = 5
            for _ in range(a):
                _raises_over_two(5)
    finally:
        return y  # noqa: B012


def test_a_finally_sees_the_value_an_outer_body_assigned_when_an_inner_body_raised():
    # The exception leaves the inner loop's body, then the outer one's, which assigned y.
    assert finally_reads_what_an_outer_loop_body_assigned(2) == 5
    assert ag.to_graph(finally_reads_what_an_outer_loop_body_assigned)(2) == 5


def finally_raises_its_own_over_a_value_a_body_lost(a):
    d = 0
    try:
        try:
            for _ in range(a):
                d = 1
                _raises_over_two(5)
        finally:
            _raises_over_two(6)  # a new exception: the one that carried d is its context
    except ValueError:
        pass
    return d


def test_a_handler_sees_a_value_a_body_lost_though_a_finally_raised_another_exception():
    assert finally_raises_its_own_over_a_value_a_body_lost(1) == 1
    assert ag.to_graph(finally_raises_its_own_over_a_value_a_body_lost)(1) == 1


def handler_reassigns_then_a_finally_in_it_reads(a):
    z = w = 0
    try:
        for _ in range(a):
            z = 1
            _raises_over_two(5)
    except ValueError:
        z = 5
        try:
            for _ in range(a):
                z += 1
        finally:
            w = z
    return w * 100 + z


def test_a_finally_inside_a_handler_sees_what_the_handler_assigned_not_what_the_body_lost():
    assert handler_reassigns_then_a_finally_in_it_reads(1) == 606
    assert ag.to_graph(handler_reassigns_then_a_finally_in_it_reads)(1) == 606


def handler_reassigns_then_reraises_to_an_outer_handler(a):
    q = 0
    try:
        try:
            for _ in range(a):
                q = 1
                _raises_over_two(5)
        except ValueError:
            q = 7
            raise
    except ValueError:
        return q


def handler_reraises_to_an_outer_handler_that_reads(a):
    q = 0
    try:
        try:
            for _ in range(a):
                q = 1
                _raises_over_two(5)
        except ValueError:
            raise
    except ValueError:
        return q


def _raise_it(error):
    raise error


def a_caught_exception_raised_again_later(a):
    q = 0
    try:
        for _ in range(a):
            q = 1
            _raises_over_two(5)
    except ValueError as error:
        saved = error
    else:
        return q
    q = 7
    try:
        for _ in range(a):
            q += 1
        _raise_it(saved)
    except ValueError:
        return q


def test_a_handler_of_an_exception_raised_again_sees_the_variable_as_assigned_since():
    assert a_caught_exception_raised_again_later(1) == 8
    assert ag.to_graph(a_caught_exception_raised_again_later)(1) == 8


@pytest.mark.parametrize("f, expected", [(handler_reassigns_then_reraises_to_an_outer_handler, 7),
                                         (handler_reraises_to_an_outer_handler_that_reads, 1)])
def test_an_outer_handler_sees_the_value_an_inner_handler_left(f, expected):
    assert f(1) == expected
    assert ag.to_graph(f)(1) == expected


# A local bound only in code after a jump is still a local -----------------------------------

def local_bound_only_after_a_return(n):
    for _ in range(n):
        return 0
        t = 1  # noqa: F841 (never runs, but makes t a local)
    return t


def local_bound_only_after_a_continue(n):
    for _ in range(n):
        y = xs[1]  # noqa: F821, F841
        continue
        xs = [0, 0]  # noqa: F841


@pytest.mark.parametrize("f", [local_bound_only_after_a_return, local_bound_only_after_a_continue])
def test_reading_a_local_bound_only_in_dead_code_raises_unbound_local_error(f):
    arg = 0 if f is local_bound_only_after_a_return else 1
    with pytest.raises(UnboundLocalError):
        f(arg)
    with pytest.raises(UnboundLocalError):
        ag.to_graph(f)(arg)
    with pytest.raises(UnboundLocalError):
        ag.function(f)(ag.constant(arg))


# What a symbolic tensor raises for want of a value is not the program's to catch -------------

def iterates_a_range_of_its_argument_in_a_try(a):
    x = 1
    try:
        iter(range(a))
        x = 0
    except Exception:  # noqa: BLE001 (the point of the case)
        pass
    return x


def breaks_a_python_loop_by_a_tensor_in_a_try(a):
    y = 0
    try:
        for _ in iter([0]):
            if a == 1:
                break
        y = 1
    except Exception:  # noqa: BLE001
        y = -1
    return y


@pytest.mark.parametrize("f", [iterates_a_range_of_its_argument_in_a_try,
                               breaks_a_python_loop_by_a_tensor_in_a_try])
def test_an_error_of_the_trace_is_not_taken_by_a_broad_handler(f):
    # Python gives 0 and 1; under ag.function the tensor has no value while tracing, which
    # the handler must not take for the program's own error (it would give 1 and -1).
    assert ag.to_graph(f)(0) == f(0)
    with pytest.raises(ag.autograph.StagingError):
        ag.function(f)(ag.constant(0))


def catches_the_type_error_of_len(a):
    try:
        n = len(a + 5)
    except TypeError:
        n = -1
    return n


def test_a_handler_still_takes_the_programs_own_type_error():
    assert catches_the_type_error_of_len(0) == -1
    assert ag.function(catches_the_type_error_of_len)(0).numpy() == -1


# Where a raise under a tensor condition happened, in the exception's note ---------------------

def raises_under_a_tensor_condition(x):
    if x > 2:
        raise ValueError("too big")
    return x


def raises_in_a_try_that_does_not_take_it(x):
    if x > 2:
        try:
            raise ValueError("too big")
        except KeyError:
            pass
    return x


@ag.do_not_convert
def raising_helper(x):
    raise ValueError("too big")


def raises_in_an_unconverted_helper(x):
    if x > 2:
        raising_helper(x)
    return x


@pytest.mark.skipif(sys.version_info < (3, 11), reason="exception notes are Python 3.11's")
@pytest.mark.parametrize("f, raised_at", [
    (raises_under_a_tensor_condition, raises_under_a_tensor_condition),
    (raises_in_a_try_that_does_not_take_it, raises_in_a_try_that_does_not_take_it),
    (raises_in_an_unconverted_helper, raising_helper),
])
def test_an_exception_raised_when_the_graph_runs_notes_the_programs_line(f, raised_at):
    code = raised_at.__code__
    line = next(n for _, _, n in code.co_lines() if n and "raise ValueError" in (
        open(code.co_filename).read().splitlines()[n - 1]))
    with pytest.raises(ValueError, match="^too big") as caught:
        ag.function(f)(ag.constant(3))
    assert caught.value.__notes__ == [
        f"Raised when the graph ran, at {__file__}:{line} (raise ValueError(\"too big\")), in a "
        f"branch of an `if` whose condition is a tensor."]


def test_a_returning_finally_lets_a_symbolic_tensors_missing_value_go_on_as_it_is():
    # An error of the trace, not the program's: the `finally` neither takes it nor turns it
    # into another error.
    def f(x):
        y = 1
        try:
            if x.shape[0] == 1:
                pass
            y = 2
            x.numpy()
        finally:
            return y  # noqa: B012
    with pytest.raises(AttributeError, match="is symbolic, so .numpy") as caught:
        ag.function(f)(ag.constant([1]))
    assert type(caught.value) is SymbolicValueError


def rebinding_that_raises_then_finally_returns(text):
    value = -1
    try:
        if text:
            value = 0
        value = json.loads(text)
    finally:
        return value  # noqa: B012


def rebinding_that_raises_then_handler_returns(text):
    value = -1
    try:
        if text:
            value = 0
        value = json.loads(text)
    except ValueError:
        return value
    return value


@pytest.mark.parametrize("f", [rebinding_that_raises_then_finally_returns,
                               rebinding_that_raises_then_handler_returns])
def test_a_statement_that_raises_before_it_binds_leaves_the_earlier_value(f):
    # The `if` must hand `value` on: json.loads raises before `value = ...` rebinds it.
    # (TensorFlow 2.21's to_graph lets the JSONDecodeError out of the returning finally.)
    assert f("{") == 0
    assert ag.to_graph(f)("{") == 0


def next_in_a_dataset_function_made_in_a_tensor_loop(n):
    it = iter([1, 2, 3])
    s = ag.constant(0, ag.int64)
    for _ in ag.range(n):
        for v in ag.data.Dataset.range(1).map(lambda x: x + next(it)):
            s += v
    return s


def test_an_item_taken_in_a_dataset_function_inside_a_tensor_loop_is_refused():
    # The map function is traced once, in the loop body: one item for every iteration.
    assert next_in_a_dataset_function_made_in_a_tensor_loop(ag.constant(2)).numpy() == 3
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match="An item is taken from a Python iterator inside a graph branch"):
        ag.function(next_in_a_dataset_function_made_in_a_tensor_loop)(ag.constant(2))


def conditional_expression_in_a_try(x):
    try:
        y = x if x > 0 else "s"
    except TypeError:
        y = 0
    return y


def boolean_expression_in_a_try(x):
    try:
        y = x > 0 and "s"
    except TypeError:
        y = 0
    return y


@pytest.mark.parametrize("program, python, where", [
    (conditional_expression_in_a_try, 1, "a branch of `x if x > 0 else 's'`"),
    (boolean_expression_in_a_try, "s", "a branch of `and` on a tensor"),
])
def test_a_handler_refuses_what_a_tensor_expression_refused_while_tracing(program, python,
                                                                           where):
    # TensorFlow 2.21 returns 0 for both (its `try` takes the TypeError its cond raised while
    # tracing both operands); Python never raises here.
    assert program(1) == python
    with pytest.raises(ag.autograph.StagingError, match=f"raised while tracing {where} whose "
                                                        "condition is a tensor"):
        ag.function(program)(ag.constant(1))


def test_a_handler_around_a_comprehension_over_a_tensor_refuses_an_error_of_its_trace():
    def f(xs):
        try:
            ys = [x + "s" for x in xs]  # a TypeError while tracing the loop's body
        except TypeError:
            ys = 0
        return ys
    assert f(np.array([], np.int32)) == []  # the body never runs
    with pytest.raises(ag.autograph.StagingError, match="raised while tracing the body of a "
                                                        "loop"):
        ag.function(f)(ag.constant([], ag.int32))


def assigned_under_one_of_several_tensor_ifs(a):
    for i in [0, 1, 2]:
        if a == i:
            t = 5
    return t  # noqa: F821 - unbound when `a` is none of them


def assigned_under_one_if_or_the_other(a):
    if a > 0:
        t = 1
    if a > 5:
        pass
    else:
        t = 3
    return t


@pytest.mark.parametrize("program, a", [
    (assigned_under_one_of_several_tensor_ifs, 0),
    (assigned_under_one_of_several_tensor_ifs, 2),
    (assigned_under_one_if_or_the_other, 0),
    (assigned_under_one_if_or_the_other, 7),
])
def test_an_if_that_leaves_a_maybe_unassigned_variable_as_it_was_does_not_read_it(program, a):
    # A later `if` whose branch keeps the variable must not fail on it: Python gives 5 for
    # a == 2 (assigned by the last `if`) and 1 for a == 7 (by the first). TensorFlow 2.21
    # refuses both programs while tracing ("'t' must also be initialized in the else branch").
    np.testing.assert_equal(ag.function(program)(ag.constant(a)).numpy(), program(a))


def test_a_variable_no_tensor_if_assigned_still_fails_where_it_is_read():
    with pytest.raises(ag.errors.InvalidArgumentError, match="'t' is assigned only in the if "
                                                             "branch of an `if`"):
        ag.function(assigned_under_one_of_several_tensor_ifs)(ag.constant(7))
    with pytest.raises(UnboundLocalError):
        assigned_under_one_of_several_tensor_ifs(7)


def assigned_before_a_tensor_loop_by_one_branch(a, n):
    if a > 0:
        t = 1
    i = 0
    while i < n:
        t = i
        i += 1
    return t  # noqa: F821 - unbound when a <= 0 and the loop never ran


def read_after_an_iteration_that_skipped_the_assignment(n, k):
    i = 0
    while i < n:
        if i == k:
            y = i * 10
        z = y  # noqa: F821 - unbound until the iteration i == k
        i += 1
    return z


def pair_assigned_under_a_tensor_if_in_a_tensor_loop(n):
    i = 0
    while i < n:
        if i > 1:
            p = (i, i * 2)
        i += 1
    return p  # noqa: F821 - unbound when n < 3


@pytest.mark.parametrize("program, arguments", [
    (pair_assigned_under_a_tensor_if_in_a_tensor_loop, (4,)),
    (assigned_before_a_tensor_loop_by_one_branch, (0, 2)),
    (assigned_before_a_tensor_loop_by_one_branch, (1, 0)),
    (read_after_an_iteration_that_skipped_the_assignment, (3, 0)),
])
def test_a_tensor_loop_carries_whether_a_variable_has_a_value(program, arguments):
    # TensorFlow 2.21 refuses both programs while tracing ("'t' must also be initialized in
    # the else branch"; "'z' must be defined before the loop").
    result = ag.function(program)(*map(ag.constant, arguments))
    values = tuple(t.numpy() for t in result) if isinstance(result, tuple) else result.numpy()
    np.testing.assert_equal(values, program(*arguments))


@pytest.mark.parametrize("program, arguments, message", [
    (pair_assigned_under_a_tensor_if_in_a_tensor_loop, (2,), "'p' is first assigned inside a "
     "loop over tensors, and no iteration assigned it"),
    (assigned_before_a_tensor_loop_by_one_branch, (0, 0), "'t' is assigned only in the if "
                                                          "branch of an `if`"),
    (read_after_an_iteration_that_skipped_the_assignment, (3, 1), "'y' is first assigned "
     "inside a loop over tensors, and is read here before any iteration assigned it"),
])
def test_a_tensor_loop_read_of_a_variable_without_a_value_raises_when_the_graph_runs(
        program, arguments, message):
    with pytest.raises(UnboundLocalError):
        program(*arguments)
    with pytest.raises(ag.errors.InvalidArgumentError, match=message):
        ag.function(program)(*map(ag.constant, arguments))


def appends_to_the_list_one_branch_chose(c):
    chosen = []
    if c > 0:
        t = chosen
    else:
        t = []
    t.append(1)
    return len(chosen)


def test_equal_but_different_lists_from_the_branches_of_a_tensor_if_are_refused():
    # Python gives 1 and 0: `t` is `chosen` only when c > 0. A graph cannot pick one Python
    # list when it runs; TensorFlow 2.21 gives 0 for both.
    assert [appends_to_the_list_one_branch_chose(c) for c in (1, 0)] == [1, 0]
    with pytest.raises(TypeError, match=re.escape(
            "if: 't' is [] in the if branch and an equal but different list in the else "
            "branch; when the condition is a tensor, the graph cannot choose between two Python "
            "objects when it runs, and the program may change one of them or tell them apart. "
            "Give it the same object in both branches, or tensors.")):
        ag.function(appends_to_the_list_one_branch_chose)(ag.constant(1))


def test_equal_lists_of_numbers_from_both_branches_become_tensors():
    def f(c):
        if c > 0:
            t = [1, 2]
        else:
            t = [1, 2]
        return t[0] + t[1]
    assert ag.function(f)(ag.constant(0)).numpy() == f(0) == 3


def return_cancelled_by_a_finally_that_raises():
    def raises(k):
        raise KeyError(k)
    try:
        try:
            while True:
                return 1
        finally:
            raises("in finally")  # cancels the `return`; the handler below takes the KeyError
    except KeyError:
        pass
    return raises("after")


def test_a_return_that_a_raising_finally_cancels_does_not_end_the_function():
    # Differential seed 201601: the converted code kept the cancelled return's flag, skipped
    # the rest and returned 1 where Python raises KeyError('after').
    with pytest.raises(KeyError, match="after"):
        return_cancelled_by_a_finally_that_raises()
    with pytest.raises(KeyError, match="after"):
        ag.to_graph(return_cancelled_by_a_finally_that_raises)()
    with pytest.raises(KeyError, match="after"):
        ag.function(return_cancelled_by_a_finally_that_raises)()


# A `:=` binds in the function, not in a lambda of the converted code -------------------------
def _walrus_in_a_conditional_expression(x):
    z = (y := x + 1) if x > 0 else 0
    return y + z


def _walrus_in_the_else_branch_of_a_conditional_expression(x):
    z = 0 if x <= 0 else (y := x + 1)
    return y + z


def _walrus_in_a_later_operand_of_and(x):
    ok = x > 0 and (y := x + 1) > 0
    return y if ok else -1


def _walrus_at_the_end_of_a_chained_comparison(x):
    ok = 0 < x < (y := x + 1)
    return y if ok else -y


@pytest.mark.parametrize("f", [_walrus_in_a_conditional_expression,
                               _walrus_in_the_else_branch_of_a_conditional_expression,
                               _walrus_in_a_later_operand_of_and,
                               _walrus_at_the_end_of_a_chained_comparison])
def test_a_walrus_in_a_lazy_operand_binds_in_the_function_on_python_values(f):
    assert ag.to_graph(f)(2) == f(2)


def test_a_walrus_in_a_conditional_expression_on_a_tensor_is_a_clear_error():
    with pytest.raises(TypeError, match="Using symbolic tensor Greater:0 as a Python bool is "
                                        "not allowed"):
        ag.function(_walrus_in_a_conditional_expression)(ag.constant(2))


# A `def` or `import` before a Python `if` binds its name there ----------------------------------
def _function_redefined_in_a_branch(x):
    def inner():
        return x * 2
    if x > 0:
        def inner():
            return x * 3
    return inner()


def _module_reimported_in_a_branch(x):
    import math as m
    if x > 0:
        import json as m
    return m.__name__


@pytest.mark.parametrize("f, arg", [(_function_redefined_in_a_branch, 2),
                                    (_function_redefined_in_a_branch, -2),
                                    (_module_reimported_in_a_branch, 1),
                                    (_module_reimported_in_a_branch, -1)])
def test_a_name_bound_by_def_or_import_before_an_if_keeps_its_value_there(f, arg):
    assert ag.to_graph(f)(arg) == f(arg)


def test_functions_from_the_two_branches_of_a_tensor_if_are_refused_naming_the_variable():
    with pytest.raises(TypeError, match="if: 'inner' is a function in the if branch but a "
                                        "function in the else branch"):
        ag.function(_function_redefined_in_a_branch)(ag.constant(2))


def _alias_of_a_list_one_branch_rebinds(x):
    a = [1]
    b = a
    if x > 0:
        a = [2]
    b[0] = 9
    return a[0]


def test_a_list_one_branch_of_a_tensor_if_rebinds_is_a_new_list_after_it_as_in_tensorflow():
    # A known difference from Python (9), shared with TensorFlow 2.21 (which gives 1 too): the
    # If's output is a new list of tensors, which `b` does not hold (see
    # docs/porting-from-tensorflow.md).
    assert _alias_of_a_list_one_branch_rebinds(-1) == 9
    assert ag.function(_alias_of_a_list_one_branch_rebinds)(ag.constant(-1)).numpy() == 1


def _walrus_inside_a_lambda_in_a_branch(x):
    z = x if x > 0 else (lambda: (w := -x) + w)()
    return z


def test_a_walrus_inside_a_lambda_does_not_keep_the_expression_from_being_converted():
    # The lambda's `:=` binds in the lambda, as in Python: the expression still becomes if_exp.
    assert "ag__.if_exp(" in ag.to_code(_walrus_inside_a_lambda_in_a_branch)
    assert ag.to_graph(_walrus_inside_a_lambda_in_a_branch)(-2) == 4
    assert int(ag.function(_walrus_inside_a_lambda_in_a_branch)(ag.constant(-2))) == 4


def test_a_finally_reading_what_an_inner_finally_assigned_before_an_early_return_body_raised():
    # The code after `if a > 100: return` runs in a converted body, a function that hands its
    # variables back only when it ends: the outer `finally` takes y == 1 back from the
    # exception, as Python sees it.
    seen = []

    def f(a):
        y = 0
        try:
            if a > 100:
                return -1
            try:
                raise ValueError("r")
            finally:
                y = 1
        finally:
            seen.append(y)
    with pytest.raises(ValueError):
        f(2)
    assert seen == [1]
    with pytest.raises(ValueError, match="r"):
        ag.to_graph(f)(2)
    assert seen == [1, 1]


def test_a_handler_inside_a_finally_keeps_the_return_the_try_made():
    # The `else` returns 0; the `finally` then handles an error of its own, which does not
    # cancel that `return`: Python gives 0, not the value of the `return` after the `try`.
    class Holder:
        pass

    def f(a):
        q = Holder()
        try:
            pass
        except ValueError:
            pass
        else:
            try:
                return a
            except Exception:
                if a > 100:
                    return -1
        finally:
            try:
                {}["missing"]
            except LookupError:
                q.extra = 1
        return getattr(q, "extra", 0) + 10
    assert f(0) == 0
    assert ag.to_graph(f)(0) == 0
    assert ag.function(f)(ag.constant(0)).numpy() == 0


def test_a_finally_reading_what_a_handler_assigned_in_a_converted_body_sees_it():
    seen = []

    def f(a):
        y = 0
        try:
            raise KeyError("k")
        except KeyError:
            if a > 100:
                return -1
            try:
                raise ValueError("r")
            finally:
                y = 1
        finally:
            seen.append(y)
    with pytest.raises(ValueError):
        f(2)
    assert seen == [1]
    with pytest.raises(ValueError, match="r"):
        ag.to_graph(f)(2)
    assert seen == [1, 1]


def deletes_in_every_iteration(n):
    y = 1.0
    for _ in range(n):
        del y
    y = 5.0
    return y


@pytest.mark.parametrize("n", [0, 1])
def test_a_loop_deleting_a_variable_once_keeps_pythons_value(n):
    assert deletes_in_every_iteration(n) == 5.0
    assert ag.function(deletes_in_every_iteration)(n).numpy() == 5.0


def test_a_loop_deleting_a_variable_a_second_time_raises_as_python():
    with pytest.raises(UnboundLocalError):
        deletes_in_every_iteration(2)
    with pytest.raises(UnboundLocalError, match="'y' is used before assignment"):
        ag.function(deletes_in_every_iteration)(2)


def test_a_tensor_loop_deleting_a_variable_from_before_it_is_refused():
    # Python raises from the second iteration on, which a graph loop cannot tell in advance;
    # TensorFlow 2.21 refuses the program too ("Could not convert y to a NumPy dtype").
    with pytest.raises(TypeError, match=re.escape(
            "'y' is a float32 tensor before the loop but not defined after one iteration.")):
        ag.function(deletes_in_every_iteration)(ag.constant(1))


def raises_in_both_branches(x):
    if x > 0:
        raise ValueError("positive")
    else:
        raise KeyError("not positive")


@pytest.mark.parametrize("x, error", [(1, ValueError), (-1, KeyError)])
def test_a_tensor_if_raising_in_both_branches_raises_the_taken_branchs_error(x, error):
    with pytest.raises(error):
        ag.function(raises_in_both_branches)(ag.constant(x))


def a_finally_raises_after_a_tensor_if_that_may_raise(b):
    e = {}
    try:
        if b == 0:
            pass
        else:
            x = e["p"]  # noqa: F841
    finally:
        raise ValueError("c")


def test_a_finally_raising_after_a_try_that_may_raise_when_the_graph_runs_is_refused():
    # Python raises the `finally`'s ValueError in place of the KeyError; the graph would raise
    # the KeyError of the `if` first (found by the long differential run).
    with pytest.raises(ag.autograph.StagingError, match=re.escape(
            "This `finally` block raises ValueError, but the `try` it closes may raise when "
            "the graph runs (a `raise`, or a read of a variable that may be undefined, under a "
            "tensor condition). The graph would raise that first, where plain Python raises "
            "the `finally`'s exception in its place. Raise outside the `finally`, or outside "
            "the tensor `if` or loop.\n\nThe `finally`'s exception: in user code:")) as caught:
        ag.function(a_finally_raises_after_a_tensor_if_that_may_raise)(ag.constant(1))
    assert str(caught.value).endswith('raise ValueError("c")\n\n    ValueError: c')


_counter = ag.Variable(0)


def raises_in_a_tensor_loop_then_counts(n):
    try:
        for _ in range(n):
            raise KeyError("r")
    finally:
        _counter.assign_add(1)
    return n


def test_a_finally_acting_when_the_graph_runs_after_a_try_that_may_raise_then_is_refused():
    # Python runs the `finally` (the counter goes up) and raises KeyError; the graph would
    # stop at the raise and skip the update.
    with pytest.raises(ag.autograph.StagingError, match=re.escape(
            "This `finally` block makes AssignAddVariableOp 'AssignAddVariableOp', which acts "
            "when the graph runs, but the `try` it closes may raise when the graph runs")):
        ag.function(raises_in_a_tensor_loop_then_counts)(ag.constant(2))


_DIGITS = ag.data.Dataset.range(3)


def _effect_in_a_finally_after_a_raise(effect):
    """A function whose `finally` runs `effect(dataset, iterator)` after a tensor loop that
    raises."""
    def f(dataset, n):
        iterator = iter(_DIGITS)
        try:
            for _ in range(n):
                raise KeyError("r")
        finally:
            effect(dataset, iterator)
        return n
    return f


@pytest.mark.parametrize("op, effect", [
    ("PrintV2", lambda d, it: ag.print("done")),
    ("AssignVariableOp", lambda d, it: _counter.assign(0)),
    ("AssignSubVariableOp", lambda d, it: _counter.assign_sub(1)),
    ("EagerPyFunc", lambda d, it: ag.py_function(lambda: 0, [], ag.int32)),
    ("PyFunc", lambda d, it: ag.numpy_function(lambda: np.int32(0), [], ag.int32)),
    ("RandomUniform", lambda d, it: ag.random.uniform([])),
    ("RandomUniformInt", lambda d, it: ag.random.uniform([], maxval=3, dtype=ag.int32)),
    ("RandomStandardNormal", lambda d, it: ag.random.normal([])),
    ("TruncatedNormal", lambda d, it: ag.random.truncated_normal([])),
], ids=lambda value: value if isinstance(value, str) else "")
def test_each_kind_of_op_acting_when_the_graph_runs_is_refused_in_such_a_finally(op, effect):
    f = ag.function(_effect_in_a_finally_after_a_raise(ag.do_not_convert(effect)))
    with pytest.raises(ag.autograph.StagingError,
                       match=f"StagingError: This `finally` block makes {op} '"):
        f(_DIGITS, ag.constant(2))


def _iterates_in_a_finally_after_a_raise(dataset, n, how):
    iterator = iter(_DIGITS)
    try:
        for _ in range(n):
            raise KeyError("r")
    finally:
        if how == "next":
            next(iterator)
        elif how == "next with a default":
            next(iterator, ag.constant(0, ag.int64))
        elif how == "an argument's iterator":
            iter(dataset)
        else:
            iter(_DIGITS)
    return n


@pytest.mark.parametrize("op, how", [
    ("IteratorGetNext", "next"), ("IteratorGetNextAsOptional", "next with a default"),
    ("MakeIterator", "an argument's iterator"), ("MakeIteratorFromHeld", "a held iterator")])
def test_each_kind_of_iterator_op_is_refused_in_such_a_finally(op, how):
    f = ag.function(_iterates_in_a_finally_after_a_raise)
    with pytest.raises(ag.autograph.StagingError,
                       match=f"StagingError: This `finally` block makes {op} '"):
        f(_DIGITS, ag.constant(2), how)


def _asserts_positive(x):
    ag.debugging.Assert(x > 0, ["x must be positive"])


def test_a_finally_acting_after_an_assert_that_may_fail_when_the_graph_runs_is_refused():
    def f(x):
        try:
            _asserts_positive(x)
        finally:
            _counter.assign_add(1)
        return x
    with pytest.raises(ag.autograph.StagingError, match=re.escape(
            "This `finally` block makes AssignAddVariableOp 'AssignAddVariableOp', which acts "
            "when the graph runs, but the `try` it closes may raise when the graph runs (a "
            "`raise`, or a read of a variable that may be undefined, under a tensor condition). "
            "The graph would stop there and skip the `finally`, which plain Python runs before "
            "raising. Move what the `finally` does out of it, or raise outside the tensor `if` "
            "or loop.")):
        ag.function(f)(ag.constant(1))


def test_a_finally_reading_a_variable_that_may_be_undefined_after_a_try_that_may_raise_is_refused():
    def f(b):
        try:
            for _ in range(b):
                raise KeyError("r")
        finally:
            t = 1
            if b == 1:
                del t
            x = t  # noqa: F841 (raises UnboundLocalError in Python when b == 1)
    with pytest.raises(UnboundLocalError):
        f(1)
    with pytest.raises(ag.autograph.StagingError, match="This `finally` block makes RaiseIf"):
        ag.function(f)(ag.constant(1))


def computes_in_a_finally_after_a_tensor_loop_that_may_raise(n):
    total = 0
    try:
        for i in range(n):
            if i > 5:
                raise ValueError("too many")
            total += i
    finally:
        total = total * 10
    return total


@pytest.mark.parametrize("n", [0, 3])
def test_a_finally_that_only_computes_after_a_try_that_may_raise_keeps_pythons_value(n):
    expected = computes_in_a_finally_after_a_tensor_loop_that_may_raise(n)
    found = ag.function(computes_in_a_finally_after_a_tensor_loop_that_may_raise)(
        ag.constant(n))
    assert found.numpy() == expected


def test_a_finally_that_only_computes_raises_what_the_try_raised_when_the_graph_runs():
    with pytest.raises(ValueError, match="too many"):
        computes_in_a_finally_after_a_tensor_loop_that_may_raise(9)
    with pytest.raises(ValueError, match="too many"):
        ag.function(computes_in_a_finally_after_a_tensor_loop_that_may_raise)(ag.constant(9))


def test_a_finally_acting_after_a_try_that_cannot_raise_when_the_graph_runs_runs():
    counter = ag.Variable(0)

    @ag.function
    def f(n):
        total = 0
        try:
            for i in range(n):
                total += i
        finally:
            counter.assign_add(1)
        return total
    assert f(ag.constant(4)).numpy() == 6
    assert counter.numpy() == 1


class _Empty:
    pass


def returns_in_a_finally_in_one_branch_and_misses_an_attribute_in_the_other(b):
    if b + 1 == 0:
        try:
            pass
        finally:
            return 0  # noqa: B012 (the program under test)
    return _Empty().extra


def test_a_finally_traced_while_the_runtime_handles_an_error_of_the_other_branch_keeps_it():
    # The other branch is traced inside an `except` of the runtime; the `finally` must not
    # take that exception for one leaving its own `try`.
    with pytest.raises(AttributeError, match="'_Empty' object has no attribute 'extra'"):
        returns_in_a_finally_in_one_branch_and_misses_an_attribute_in_the_other(0)
    with pytest.raises(AttributeError, match="'_Empty' object has no attribute 'extra'"):
        ag.function(returns_in_a_finally_in_one_branch_and_misses_an_attribute_in_the_other)(
            ag.constant(0))


def test_a_finally_acting_after_an_else_clause_that_may_raise_when_the_graph_runs_is_refused():
    counter = ag.Variable(0)

    def f(n):
        try:
            m = n + 1
        except ValueError:
            m = 0
        else:
            for _ in range(n):
                raise KeyError("k")
        finally:
            counter.assign_add(1)
        return m
    with pytest.raises(ag.autograph.StagingError, match="This `finally` block makes "
                                                        "AssignAddVariableOp"):
        ag.function(f)(ag.constant(2))


def returns_in_finally_in_both_branches(a):
    if a > 5:
        try:
            pass
        finally:
            return 1  # noqa: B012 (the program under test)
    else:
        try:
            pass
        finally:
            return 2  # noqa: B012 (the program under test)


def test_a_return_in_a_finally_in_each_branch_of_a_python_if_returns_its_value():
    # (differential run, seed 491882: the converted function returned UndefinedReturnValue)
    assert ag.to_graph(returns_in_finally_in_both_branches)(0) == 2
    assert ag.to_graph(returns_in_finally_in_both_branches)(9) == 1


def test_a_finally_does_not_hide_the_refusal_of_the_try_it_closes():
    # (differential run, seed 491387: the finally ran on half-made state and raised
    # UnboundLocalError, hiding what the converter refused)
    def f(b):
        e = {}
        try:
            if b >= 0:
                e["p"] = 0
        finally:
            for _ in range(len(e)):
                t = 0
            value = t  # noqa: F841
    f(0)
    with pytest.raises(ValueError, match=re.escape(
            "e['p'] does not exist before an `if` whose condition is a tensor, and only one "
            "of its branches creates it")):
        ag.function(f)(ag.constant(0))


def test_a_finally_acting_inside_a_tensor_if_after_a_try_that_may_raise_is_refused():
    counter = ag.Variable(0)

    def f(n):
        try:
            for _ in range(n):
                raise KeyError("r")
        finally:
            if n > 1:
                counter.assign_add(1)
        return n
    with pytest.raises(ag.autograph.StagingError, match="This `finally` block makes If"):
        ag.function(f)(ag.constant(2))


# A comprehension made a loop before its statement keeps Python's order -----------------------

def _logging(log, value):
    log.append(value)
    return value


def augmented_item_with_a_key_call(xs):
    log = []
    d = {0: []}
    d[_logging(log, 0)] += [_logging(log, v) for v in xs]
    return d, log


def _grow(xs):
    xs.append(10)
    return 0


def augmented_item_whose_key_call_changes_the_iterable(xs):
    xs = list(xs)
    d = {0: []}
    d[_grow(xs)] += [v * 2 for v in xs]
    return d


def augmented_name_a_closure_changes(xs):
    total = 0

    def value(v):
        nonlocal total
        total += 10
        return v
    total += sum(value(v) for v in xs)
    return total


def augmented_name_a_closure_held_by_a_local_changes(xs):
    total = 0

    def value(v):
        nonlocal total
        total += 10
        return v
    holder = types.SimpleNamespace(value=value)
    total += sum(holder.value(v) for v in xs)
    return total


def augmented_item_a_closure_changes(xs):
    acc = [0]

    def value(v):
        acc[0] += 10
        return v
    acc[0] += sum(value(v) for v in xs)
    return acc


def augmented_name_of_a_plain_sum(xs):
    total = 10
    total += sum(x * 2 for x in xs)
    return total


@pytest.mark.parametrize("f", [augmented_item_with_a_key_call,
                               augmented_item_whose_key_call_changes_the_iterable,
                               augmented_name_a_closure_changes,
                               augmented_name_a_closure_held_by_a_local_changes,
                               augmented_item_a_closure_changes, augmented_name_of_a_plain_sum])
def test_an_augmented_assignment_reads_its_target_before_its_comprehension_runs(f):
    assert ag.to_graph(f)([1, 2]) == f([1, 2])


def test_an_augmented_assignment_of_a_plain_sum_still_becomes_a_loop():
    assert "    total += result_\n" in ag.to_code(augmented_name_of_a_plain_sum)


def assigned_in_a_try(xs):
    t = [1]
    try:
        t = [1 / v for v in xs]
    except ZeroDivisionError:
        pass
    return t


def assigned_under_suppress(xs):
    t = [1]
    with contextlib.suppress(ZeroDivisionError):
        t = [1 / v for v in xs]
    return t


def assigned_while_a_closure_reads_it(xs):
    t = [7]

    def size():
        return len(t)
    t = [v + size() for v in xs]
    return t


def assigned_in_a_try_whose_finally_reads_it(xs, seen):
    t = [1]
    try:
        t = [1 / v for v in xs]
    finally:
        seen.append(list(t))
    return t


def test_a_finally_sees_the_old_value_of_a_name_its_comprehension_failed_to_make():
    for f in (assigned_in_a_try_whose_finally_reads_it,
              ag.to_graph(assigned_in_a_try_whose_finally_reads_it)):
        seen = []
        with pytest.raises(ZeroDivisionError):
            f([2, 0], seen)
        assert seen == [[1]]


@pytest.mark.parametrize("f", [assigned_in_a_try, assigned_under_suppress,
                               assigned_while_a_closure_reads_it])
def test_a_name_keeps_its_value_until_its_comprehension_is_whole(f):
    # Python builds the list, then binds it: an error half-way leaves the old value.
    assert ag.to_graph(f)([2, 0]) == f([2, 0])


# zip of a tensor and a Python range --------------------------------------------------------

def dot_with_positions(x):
    s = 0
    for a, b in zip(x, range(3)):
        s += a * b
    return s


def test_zip_of_a_tensor_and_a_range_runs_as_python_does():
    # TensorFlow 2.21 raises OperatorNotAllowedInGraphError (iterating over a symbolic
    # tensor); the range converts to a tensor as tf.constant(range(3)) does, and the loop runs.
    assert dot_with_positions([1, 2, 3]) == 8
    assert ag.function(dot_with_positions)(ag.constant([1, 2, 3])).numpy() == 8


def raises_or_fails_to_trace(x):
    if x > 0:
        raise ValueError("positive")
    else:
        y = ag.reshape(x, [7, 7])  # a scalar has no 49 values: fails while traced
    return y


def test_a_trace_error_in_the_other_branch_of_a_raising_tensor_if_is_raised_while_tracing():
    # The `else` branch cannot be traced: its error is an error of the program's conversion,
    # reported at once, even for an argument that Python would send down the raising branch
    # (where a later call would take the other branch, no value could be given).
    with pytest.raises(Exception, match="reshape|Reshape") as e:
        ag.function(raises_or_fails_to_trace)(ag.constant(1))
    assert not isinstance(e.value, ValueError) or "positive" not in str(e.value)
