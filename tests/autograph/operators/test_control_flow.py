"""`if_stmt`, `while_stmt`, `for_stmt` on Python values, eager tensors and in graphs."""

import re

import numpy as np
import pytest

import autograph as ag
import autograph.operators as ag__
from autograph.runtime.exec.executor import Plan
from autograph.runtime.graph.func_graph import func_graph_from_py_func
from tests.autograph.operators.operators_testing import assert_same, eager, graph_run, op_types


# Functions as the converter writes them -------------------------------------------------------
def clip_sum(x, n):
    """s = 0; for i in range(n): if x[i] > 0: s = s + x[i]"""
    s = 0

    def loop_body(i, s):
        def if_body(s):
            return s + x[i]
        return ag__.if_stmt(x[i] > 0, if_body, None, (s,), ("s",))
    return ag__.for_stmt(ag__.range(n), loop_body, (s,), ("s",))


def sign_and_magnitude(x):
    """if x >= 0: sign = 1; mag = x  else: sign = -1; mag = -x"""
    def if_body(sign, mag):
        return 1, x

    def else_body(sign, mag):
        return -1, -x
    return ag__.if_stmt(x >= 0, if_body, else_body, (ag__.Undefined("sign"),
                                                     ag__.Undefined("mag")), ("sign", "mag"))


def collatz_steps(n):
    """steps = 0; while n != 1: n = n // 2 if n % 2 == 0 else 3 * n + 1; steps += 1"""
    steps = 0

    def test(n, steps):
        return ag.not_equal(n, 1)

    def body(n, steps):
        def if_body(n):
            return n // 2

        def else_body(n):
            return 3 * n + 1
        n = ag__.if_stmt(ag.equal(n % 2, 0), if_body, else_body, (n,), ("n",))
        return n, steps + 1
    return ag__.while_stmt(test, body, (n, steps), ("n", "steps"))


def nested(limit, xs):
    """total = 0.0; k = 0
    while k < limit:
        for x in xs:
            if x > k: total = total + x  else: total = total - 1.0
        k = k + 1"""
    def while_test(k, total):
        return k < limit

    def while_body(k, total):
        def for_body(x, total):
            def if_body(total):
                return total + x

            def else_body(total):
                return total - 1.0
            return ag__.if_stmt(x > ag__.float(k), if_body, else_body, (total,), ("total",))
        total = ag__.for_stmt(xs, for_body, (total,), ("total",))
        return k + 1, total
    return ag__.while_stmt(while_test, while_body, (0, 0.0), ("k", "total"))


def first_above(xs, threshold):
    """found = -1; for i, x in enumerate(xs): if x > threshold: found = i; break"""
    def extra_test(found, break_):
        return ag__.not_(break_)

    def body(item, found, break_):
        i, x = item

        def if_body(found, break_):
            return i, True
        return ag__.if_stmt(x > threshold, if_body, None, (found, break_), ("found", "break_"))
    found, _ = ag__.for_stmt(ag__.enumerate(xs), body, (-1, False), ("found", "break_"),
                             extra_test)
    return found


XS = np.array([1.0, -2.0, 3.0, 4.0], np.float32)


# Plain Python, the oracles of the programs above (their docstrings), independent of the
# operators under test.
def collatz_reference(n):
    steps = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return n, steps


def clip_sum_reference(x, n):
    return sum(float(v) for v in x[:n] if v > 0)


def nested_reference(limit, xs):
    total, k = 0.0, 0
    while k < limit:
        for x in xs:
            total = total + x if x > k else total - 1.0
        k += 1
    return k, total


def first_above_reference(xs, threshold):
    return next((i for i, x in enumerate(xs) if x > threshold), -1)


# if_stmt ---------------------------------------------------------------------------------------
def test_if_stmt_python_runs_the_branch_taken_only():
    calls = []

    def body(x):
        calls.append("body")
        return x + 1

    def orelse(x):
        calls.append("orelse")
        return x - 1
    assert ag__.if_stmt(0, body, orelse, (5,), ("x",)) == 4
    assert calls == ["orelse"]


def test_if_stmt_without_else_keeps_the_state():
    assert ag__.if_stmt(False, lambda a, b: (0, 0), None, (1, 2), ("a", "b")) == (1, 2)


def test_if_stmt_with_no_state_returns_none():
    seen = []
    assert ag__.if_stmt(True, lambda: seen.append(1), None, (), ()) is None
    assert seen == [1]


@pytest.mark.parametrize("x", [3.0, -2.0])
def test_if_stmt_python_eager_and_graph_agree(x):
    expected = sign_and_magnitude(x)
    assert expected == ((1, x) if x >= 0 else (-1, -x))
    assert_same(eager(sign_and_magnitude, np.float32(x)), expected)
    result, graph = graph_run(sign_and_magnitude, np.float32(x))
    assert_same(result, expected)
    assert op_types(graph).count("If") == 1


def test_graph_if_python_number_takes_the_dtype_of_the_other_branch():
    def f(x):
        # s = 0.0 is not written: the false branch keeps the Python int 0.
        return ag__.if_stmt(x > 0, lambda s: s + x, None, (0,), ("s",))
    result, graph = graph_run(f, np.float32(2.5))
    assert result == np.float32(2.5) and result.dtype == np.float32
    assert graph_run(f, np.float32(-1.0))[0] == 0.0


def test_graph_if_python_number_in_the_first_branch_is_traced_again_with_its_dtype():
    def f(x):
        return ag__.if_stmt(x > 0, lambda s: 7, lambda s: s * x, (2.0,), ("s",))
    result, graph = graph_run(f, np.float32(1.0))
    assert result == 7.0 and result.dtype == np.float32
    assert graph_run(f, np.float32(-1.5))[0] == -3.0
    assert op_types(graph).count("If") == 1 and graph.get_operation_by_name("cond")


def test_graph_if_python_ints_and_floats_meet_as_float32():
    def f(x):
        return ag__.if_stmt(x > 0, lambda y: 1, lambda y: 2.5, (0,), ("y",))
    assert graph_run(f, np.float32(1.0))[0] == 1.0
    assert graph_run(f, np.float32(-1.0))[0] == 2.5


def test_graph_if_numeric_condition_means_not_zero():
    def f(n):
        return ag__.if_stmt(n, lambda y: y + 1, None, (n,), ("y",))
    assert graph_run(f, np.int32(0))[0] == 0
    assert graph_run(f, np.int32(4))[0] == 5


def graph_if_defining_y_in_one_branch(x):
    return ag__.if_stmt(x > 0, lambda y: x * 2.0, None, (ag__.Undefined("y"),), ("y",))


def test_graph_if_variable_defined_in_one_branch_has_its_value_when_that_branch_ran():
    np.testing.assert_equal(graph_run(graph_if_defining_y_in_one_branch, np.float32(1.0))[0],
                            np.float32(2.0))


def test_graph_if_variable_defined_in_one_branch_is_an_error_when_read_after_the_other():
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match="'y' is assigned only in the if branch"):
        graph_run(graph_if_defining_y_in_one_branch, np.float32(-1.0))


def test_graph_if_variable_undefined_in_both_branches_stays_undefined():
    def f(x):
        return ag__.if_stmt(x > 0, lambda a, b: (x, b), lambda a, b: (-x, b),
                            (ag__.Undefined("a"), ag__.Undefined("b")), ("a", "b"))
    (a, b), _ = graph_run(f, np.float32(-3.0))
    assert a == 3.0 and ag__.is_undefined(b)


def test_graph_if_branches_of_different_dtypes_name_the_variable():
    def f(x):
        return ag__.if_stmt(x > 0, lambda y: ag.cast(x, ag.int32), lambda y: x, (x,), ("y",))
    with pytest.raises(TypeError, match="'y' is an int32 tensor in the if branch but a float32 "
                                        "tensor in the else branch"):
        graph_run(f, np.float32(1.0))


def test_graph_if_incompatible_structures_name_the_variable():
    def f(x):
        return ag__.if_stmt(x > 0, lambda p: (x, x), lambda p: (x,), (None,), ("p",))
    with pytest.raises(TypeError, match="'p' has a different structure in the if branch and "
                                         "the else branch"):
        graph_run(f, np.float32(1.0))


def test_graph_if_none_in_one_branch_is_an_error():
    def f(x):
        return ag__.if_stmt(x > 0, lambda y: x, None, (None,), ("y",))
    # a ValueError, as TensorFlow 2.21 raises ("'y' is None at the end of the else branch.")
    with pytest.raises(ValueError, match="'y' is None in the else branch but a float32 tensor "):
        graph_run(f, np.float32(1.0))


def test_graph_if_same_python_object_in_both_branches_passes_through():
    config = {"scale": 2}

    with ag.Graph().as_default():
        x = ag.placeholder(ag.float32, [])
        c, y = ag__.if_stmt(x > 0, lambda c, y: (c, x * 2.0), lambda c, y: (c, x),
                            (config, 0.0), ("c", "y"))
    assert c is config and ag.Session(graph=x.graph).run(y, {x: 3.0}) == 6.0


@pytest.mark.parametrize("returns_in", ["if", "else"])
def test_graph_if_return_in_one_branch_only_is_an_error_naming_it(returns_in):
    def f(x):
        undefined = ag__.UndefinedReturnValue(may_return_none=True)
        branches = (lambda r: x, lambda r: r)
        return ag__.if_stmt(x > 0, *(branches if returns_in == "if" else branches[::-1]),
                            (undefined,), ("retval_",))
    with pytest.raises(ValueError, match=re.escape(
            f"if: the function returns a value in the {returns_in} branch only; when the "
            f"condition is a tensor, both branches must return (or neither).") + "$"):
        graph_run(f, np.float32(1.0))


def test_graph_if_return_in_one_branch_gives_zeros_where_every_path_returns_later():
    # The lowering's `do_return` flag marks the zeros as not returned; a later `return`
    # replaces them on every path.
    def f(x):
        return ag__.if_stmt(x > 0, lambda r: x, None, (ag__.UndefinedReturnValue(),),
                            ("retval_",))
    np.testing.assert_equal(graph_run(f, np.float32(2.0))[0], np.float32(2.0))
    np.testing.assert_equal(graph_run(f, np.float32(-2.0))[0], np.float32(0.0))


def test_graph_if_appending_to_a_python_list_in_a_branch_is_an_error():
    items = [1]

    def f(x):
        return ag__.if_stmt(x > 0, lambda xs: ag__.list_append(xs, x), None, (items,),
                            ("xs",))
    with pytest.raises(ValueError, match="list 'xs' is changed in place in the if branch"):
        graph_run(f, np.float32(1.0))
    assert items == [1]


def test_graph_if_with_no_state_runs_its_ops_in_a_loop_body(capsys):
    def f(n):
        def body(i):
            ag__.if_stmt(i % 2 == 0, lambda: ag__.print("even", i), None, (), ())
        return ag__.for_stmt(ag__.range(n), body, (), ())
    graph = ag.Graph()
    with graph.as_default():
        n = ag.placeholder(ag.int32, [])
        f(n)
        loop = graph.get_operation_by_name("while")
    ag.Session(graph=graph).run(loop, {n: 5})
    assert capsys.readouterr().out == "even 0\neven 2\neven 4\n"


# while_stmt ------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [1, 6, 27])
def test_while_stmt_python_eager_and_graph_agree(n):
    expected = collatz_reference(n)
    assert collatz_steps(n) == expected
    assert_same(eager(collatz_steps, np.int32(n)), expected)
    assert_same(graph_run(collatz_steps, np.int32(n))[0], expected)


def test_while_stmt_python_path_has_python_side_effects():
    seen = []

    def body(i):
        seen.append(i)
        return i + 1
    assert ag__.while_stmt(lambda i: i < 3, body, (0,), ("i",)) == 3
    assert seen == [0, 1, 2]


def test_graph_while_is_one_op_whatever_the_iteration_count():
    _, graph = graph_run(collatz_steps, np.int32(27))
    assert op_types(graph).count("While") == 1
    assert_same(graph_run(collatz_steps, np.int32(97))[0], collatz_steps(97))


def test_graph_while_leaves_no_unused_ops_behind():
    _, graph = graph_run(collatz_steps, np.int32(6))
    assert op_types(graph) == ["Placeholder", "Const", "While"]


def test_graph_while_nested_state_keeps_its_structure():
    def f(x, n):
        return ag__.while_stmt(lambda pair: pair[0] < n, lambda pair: (pair[0] + 1, pair[1] * x),
                               ((0, x),), ("pair",))
    result, graph = graph_run(f, np.float32(2.0), np.int32(3))
    assert result == (3, 16.0) and op_types(graph).count("While") == 1


def test_graph_while_dtype_change_in_a_nested_variable_names_its_part():
    def f(x, n):
        return ag__.while_stmt(lambda pair: pair[0] < n,
                               lambda pair: (pair[0] + 1, ag.cast(pair[1], ag.int32)),
                               ((0, x),), ("pair",))
    with pytest.raises(TypeError, match=r"'pair\[1\]' has dtype float32 before the loop"):
        graph_run(f, np.float32(2.0), np.int32(3))


def graph_while_defining_y(n):
    return ag__.while_stmt(lambda i, y: i < n, lambda i, y: (i + 1, ag.cast(i, ag.float32)),
                           (0, ag__.Undefined("y")), ("i", "y"))


def test_graph_while_variable_first_assigned_in_the_loop_has_its_last_value():
    (i, y), _ = graph_run(graph_while_defining_y, np.int32(3))
    np.testing.assert_equal([i, y], [3, 2.0])


def test_graph_while_variable_first_assigned_in_a_loop_that_never_ran_is_an_error_when_used():
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match=r": 'y' is first assigned inside a loop over tensors, and no "
                             r"iteration assigned it \(the loop ran zero times, or skipped the "
                             r"assignment\), so it has no value after the loop: the loop must "
                             r"iterate at least once to initialize y\. Assign it before the "
                             r"loop\.$"):
        graph_run(graph_while_defining_y, np.int32(0))


def test_graph_while_variable_still_undefined_after_the_body_stays_undefined():
    def f(n):
        return ag__.while_stmt(lambda i, y: i < n, lambda i, y: (i + 1, y),
                               (0, ag__.Undefined("y")), ("i", "y"))
    (i, y), _ = graph_run(f, np.int32(3))
    assert ag__.is_undefined(y)


def test_graph_while_return_value_starts_as_zeros_of_what_the_body_returns():
    def f(n):
        return ag__.while_stmt(lambda i, r: i < n, lambda i, r: (i + 1, i),
                               (0, ag__.UndefinedReturnValue()), ("i", "retval_"))
    (i, r), _ = graph_run(f, np.int32(3))
    assert (i, r) == (3, 2) and r.dtype == np.int32


def test_graph_while_dtype_change_names_the_variable():
    def f(n):
        return ag__.while_stmt(lambda x: x < n, lambda x: ag.cast(x, ag.float32) + 1.0, (n - n,),
                               ("x",))
    with pytest.raises(TypeError, match=re.escape(
            "'x' has dtype int32 before the loop but float32 after one iteration; a loop over "
            "tensors keeps each variable's dtype. Start 'x' with a value of dtype float32, or "
            "convert it in the loop with ag.cast.") + "$"):
        graph_run(f, np.int32(3))


def test_graph_while_python_number_takes_the_dtype_the_body_gives_it():
    def f(x):
        return ag__.while_stmt(lambda i, s: i < 3, lambda i, s: (i + 1, s + x), (0, 0),
                               ("i", "s"))
    (i, s), _ = graph_run(f, np.float32(1.5))
    assert i == 3 and s == 4.5 and s.dtype == np.float32


def test_graph_while_shape_change_names_the_variable_and_suggests_an_invariant():
    def f(n, opts=None):
        return ag__.while_stmt(lambda v: ag.size(v) < n, lambda v: ag.concat([v, v], 0),
                               (ag.ones([1]),), ("v",), opts)
    with pytest.raises(ValueError, match=re.escape(
            "'v' has shape (1,) before the loop but (2,) after one iteration (allowed: (1,)). To "
            "let its shape change, begin the loop's body with ag.autograph.experimental."
            "set_loop_options(shape_invariants=[(v, ag.TensorShape([None]))]).") + "$"):
        graph_run(f, np.int32(5))
    result, _ = graph_run(lambda n: f(n, {"shape_invariants": [("v", [None])]}), np.int32(5))
    np.testing.assert_array_equal(result, np.ones(8))


def test_graph_while_shape_invariant_may_name_the_variable_by_its_value():
    def f(n):
        w = ag.zeros([2])
        v = ag.ones([1])
        return ag__.while_stmt(lambda w, v: ag.size(v) < n, lambda w, v: (w, ag.concat([v, v], 0)),
                               (w, v), ("w", "v"), {"shape_invariants": [(v, [None])]})
    (w, v), _ = graph_run(f, np.int32(5))
    np.testing.assert_array_equal(v, np.ones(8))


def test_graph_while_shape_invariant_of_no_variable_is_an_error_naming_them():
    def f(n):
        return ag__.while_stmt(lambda v: ag.size(v) < n, lambda v: ag.concat([v, v], 0),
                               (ag.ones([1]),), ("v",), {"shape_invariants": [("w", [None])]})
    with pytest.raises(ValueError, match=re.escape(
            "shape_invariants names 'w', which is not a variable of this loop; its variables "
            "are ['v'].") + "$"):
        graph_run(f, np.int32(5))


def test_graph_while_tensor_array_of_another_dtype_is_refused_naming_both():
    def f(n):
        ta = ag.TensorArray(ag.float32, size=1)
        i = 0
        while i < n:
            ta = ag.TensorArray(ag.int32, size=1)
            i += 1
        return ta.size()
    with pytest.raises(TypeError, match=re.escape(
            "'ta' is a TensorArray of float32 before the loop but a TensorArray of int32 after "
            "one iteration.") + "$"):
        ag.function(f)(ag.constant(3))


def test_graph_while_list_the_body_makes_a_tuple_is_refused_as_in_tensorflow():
    # Python gives a list or a tuple by the number of iterations; TensorFlow 2.21 raises
    # TypeError too ("don't have the same sequence type").
    def f(n):
        v = [0, 1]
        i = 0
        while i < n:
            v = (v[0] + 1, v[1])
            i += 1
        return v
    with pytest.raises(TypeError, match=re.escape(
            "'v' changes its structure in the loop: The structures differ at the top level: "
            "list vs tuple.") + "$"):
        ag.function(f)(ag.constant(3))


def test_graph_while_tensor_the_body_deletes_is_refused_naming_it():
    def f(n, x):
        y = x
        i = 0
        while i < n:
            del y
            i += 1
        return y  # noqa: F821
    with pytest.raises(TypeError, match=re.escape(
            "'y' is an int32 tensor before the loop but not defined after one iteration.")
            + "$"):
        ag.function(f)(ag.constant(3), ag.constant(1))


def _tensor_replaced_in_a_loop_by(value):
    def f(n):
        y = ag.constant(1)
        i = 0
        while i < n:
            y = value
            i += 1
        return y
    return f


def test_graph_while_tensor_the_body_makes_none_is_refused_naming_it():
    with pytest.raises(TypeError, match=re.escape(
            "'y' is an int32 tensor before the loop but None after one iteration.") + "$"):
        ag.function(_tensor_replaced_in_a_loop_by(None))(ag.constant(3))


def test_graph_while_tensor_the_body_makes_a_mixed_list_is_refused_naming_it():
    with pytest.raises(TypeError, match=re.escape(
            "'y' is an int32 tensor before the loop, but the loop gives it [1, 'a'], which is "
            "not a tensor: Cannot convert [1, 'a'] to a tensor: it mixes strings with other "
            "values.") + "$"):
        ag.function(_tensor_replaced_in_a_loop_by([1, "a"]))(ag.constant(3))


def test_graph_while_maximum_iterations_option():
    def f(n):
        return ag__.while_stmt(lambda i: i < n, lambda i: i + 1, (0,), ("i",),
                               {"maximum_iterations": 4})
    assert graph_run(f, np.int32(100))[0] == 4


def test_graph_while_unknown_option_is_an_error():
    def f(n):
        return ag__.while_stmt(lambda i: i < n, lambda i: i + 1, (0,), ("i",), {"unroll": 2})
    with pytest.raises(ValueError, match=r"^Unknown loop options \['unroll'\]; the options are "
                                         r"\['maximum_iterations', 'parallel_iterations', "
                                         r"'shape_invariants', 'swap_memory'\]\.$"):
        graph_run(f, np.int32(1))


def test_graph_while_body_that_fails_on_tensors_and_on_numbers_reports_the_tensor_error():
    # The retrace with `i` and `s` as Python numbers fails too (int + str); the loop carries
    # tensors, so the error of the trace with tensors is the one to report.
    def f(n):
        return ag__.while_stmt(lambda i, s: i < n, lambda i, s: (i + 1, s + "a"), (0, 0),
                               ("i", "s"))
    with pytest.raises(TypeError, match="^AddV2: input 'y' has dtype string but input 'x' has "
                                        "dtype int32"):
        graph_run(f, np.int32(3))


def test_graph_while_body_that_fails_with_no_python_numbers_is_traced_once():
    traces = []

    def body(i):
        traces.append(i)
        return i + "a"

    def f(n):
        return ag__.while_stmt(lambda i: i < n, body, (n,), ("i",))
    with pytest.raises(TypeError, match="^AddV2: "):
        graph_run(f, np.int32(3))
    assert len(traces) == 1


@pytest.mark.parametrize("option", [{"parallel_iterations": 4}, {"swap_memory": True}])
def test_graph_while_takes_tensorflows_scheduling_options(option):
    def f(n):
        return ag__.while_stmt(lambda i: i < n, lambda i: i + 1, (0,), ("i",), option)
    assert graph_run(f, np.int32(3))[0] == 3


def test_while_condition_becoming_a_tensor_is_refused_as_in_tensorflow():
    def f(x):
        # The first test is Python (i is 0); then i is a tensor. TensorFlow 2.21 raises
        # NotImplementedError ("started as non-Tensor, then changed to Tensor").
        return ag__.while_stmt(lambda i: i < 10, lambda i: i + ag.cast(x, ag.int32), (0,),
                               ("i",))
    with pytest.raises(NotImplementedError, match="'i' became a tensor in the loop"):
        graph_run(f, np.float32(3.0))


# for_stmt --------------------------------------------------------------------------------------
def test_for_stmt_python_iterable_with_break():
    calls = []

    def body(x, s):
        calls.append(x)
        return s + x
    assert ag__.for_stmt([1, 2, 3, 4], body, (0,), ("s",), lambda s: s < 3) == 3
    assert calls == [1, 2]


def test_for_stmt_over_an_eager_tensor_iterates_its_rows():
    rows = []
    ag__.for_stmt(ag.convert_to_tensor([[1, 2], [3, 4]]), lambda r: rows.append(r.numpy()), (),
                  ())
    np.testing.assert_array_equal(rows, [[1, 2], [3, 4]])


def test_for_stmt_python_eager_and_graph_agree():
    expected = clip_sum_reference(XS, 4)
    assert clip_sum(list(XS), 4) == expected
    assert_same(eager(clip_sum, XS, np.int32(4)), expected)
    assert_same(graph_run(clip_sum, XS, np.int32(4))[0], expected)


def test_graph_for_over_range_does_not_grow_with_n():
    sizes = []
    for n in (3, 50):
        result, graph = graph_run(lambda x, n=n: clip_sum(x, ag.convert_to_tensor(n)),
                                  np.arange(n, dtype=np.float32))
        assert result == sum(range(n))
        sizes.append(len(graph.get_operations()))
    assert sizes[0] == sizes[1]


@pytest.mark.parametrize("start, limit, delta", [(0, 5, 1), (10, 1, -3), (2, 2, 1), (5, 0, 2)])
def test_graph_for_over_range_counts_like_python(start, limit, delta):
    def f(a, b, c, constant_delta):
        items = ag__.range(a, b, delta if constant_delta else c)
        return ag__.for_stmt(items, lambda i, s: s * 10 + i, (0,), ("s",))
    expected = f(start, limit, delta, True)
    for constant_delta in (True, False):
        result, graph = graph_run(lambda a, b, c, k=constant_delta: f(a, b, c, k), np.int32(start),
                                  np.int32(limit), np.int32(delta))
        assert result == expected
        assert "StridedSlice" not in op_types(graph)  # counted, not indexed


def test_graph_for_over_float_range_matches_eager():
    def f(n):
        return ag__.for_stmt(ag__.range(0.0, ag.cast(n, ag.float32), 0.5),
                             lambda x, s: s + x, (0.0,), ("s",))
    assert graph_run(f, np.int32(3))[0] == eager(f, np.int32(3)) == 7.5


def test_graph_for_over_tensor_rows():
    def f(m):
        return ag__.for_stmt(m, lambda row, s: s + row * row, (ag.zeros([3]),), ("s",))
    m = np.arange(12, dtype=np.float32).reshape(4, 3)
    result, _ = graph_run(f, m)
    np.testing.assert_allclose(result, (m * m).sum(axis=0))
    np.testing.assert_allclose(eager(f, m), result)


def test_graph_for_over_a_scalar_is_a_value_error_as_in_tensorflow():
    with pytest.raises(ValueError, match="Cannot iterate over the scalar tensor"):
        graph_run(lambda x: ag__.for_stmt(x, lambda i: None, (), ()), np.int32(3))


def test_graph_for_break_via_extra_test():
    for threshold in (0.5, 3.5, 10.0):
        expected = first_above_reference(list(XS), threshold)
        assert first_above(list(XS), threshold) == expected
        assert_same(eager(first_above, XS, np.float32(threshold)), expected)
        assert_same(graph_run(first_above, XS, np.float32(threshold))[0], expected)


def test_graph_for_list_append_gives_a_tensor_array():
    def f(xs):
        def body(x, out):
            return ag__.list_append(out, x * 2.0)
        return ag__.for_stmt(xs, body, ([],), ("out",))
    result, graph = graph_run(f, XS)
    np.testing.assert_array_equal(result, XS * 2)
    assert [x.numpy() for x in f(ag.convert_to_tensor(XS))] == list(XS * 2)
    with graph.as_default():
        array = f(ag.placeholder(ag.float32, [None]))
    assert isinstance(array, ag.TensorArray) and array.dtype == ag.float32


def test_graph_for_list_append_tensor_array_has_the_appended_items_shape():
    def f(n):
        def body(i, out):
            out = ag__.list_append(out, ag.fill([2], i))
            return ag__.list_append(out, ag.fill([2], i + 1))
        return ag__.for_stmt(ag__.range(n), body, ([],), ("out",))
    with ag.Graph().as_default():
        array = f(ag.placeholder(ag.int32, []))
    assert array.element_shape.as_list() == [2]
    np.testing.assert_array_equal(graph_run(f, np.int32(2))[0], [[0, 0], [1, 1], [1, 1],
                                                                  [2, 2]])


def test_graph_while_list_the_body_replaces_by_a_tensor_array_starts_as_an_empty_one():
    def f(n):
        ys = []
        i = 0
        while i < n:
            ys = ag.TensorArray(ag.int32, size=1).write(0, i)
            i += 1
        return ys.stack()
    np.testing.assert_array_equal(ag.function(f)(ag.constant(3)).numpy(), [2])


def test_graph_for_list_append_keeps_the_elements_before_the_loop():
    def f(n):
        return ag__.for_stmt(ag__.range(n), lambda i, out: ag__.list_append(out, i * i),
                             ([7, 8],), ("out",))
    np.testing.assert_array_equal(graph_run(f, np.int32(3))[0], [7, 8, 0, 1, 4])


def test_graph_for_list_append_of_another_dtype_than_the_list_is_an_error():
    def f(n):
        return ag__.for_stmt(ag__.range(n), lambda i, out: ag__.list_append(out, i),
                             ([0.5],), ("out",))
    with pytest.raises(TypeError, match=re.escape(
            "list 'out' becomes a TensorArray in this loop, since the loop appends int32 "
            "tensors of shape () to it, but its elements before the loop do not fit: "
            "TensorArray dtype is int32 but the value written is float32")):
        graph_run(f, np.int32(3))


def test_graph_for_list_unchanged_by_the_loop_stays_a_python_list():
    names = ["a"]

    with ag.Graph().as_default():
        n = ag.placeholder(ag.int32, [])
        kept, s = ag__.for_stmt(ag__.range(n), lambda i, names, s: (names, s + i), (names, 0),
                                ("names", "s"))
    assert kept is names and ag.Session(graph=n.graph).run(s, {n: 4}) == 6


def test_graph_for_nested_in_while_with_an_if_inside():
    xs = np.array([0.5, 2.0, 3.0], np.float32)
    expected = nested_reference(3, [float(x) for x in xs])
    assert nested(3, list(xs)) == expected
    assert_same(eager(nested, np.int32(3), xs), expected)
    result, graph = graph_run(nested, np.int32(3), xs)
    assert_same(result, expected)
    assert op_types(graph).count("While") == 1


def test_graph_for_over_zip_of_tensors():
    def f(a, b):
        return ag__.for_stmt(ag__.zip(a, b), lambda pair, s: s + pair[0] * pair[1], (0.0,),
                             ("s",))
    a, b = XS, np.array([1.0, 2.0, 3.0], np.float32)
    assert graph_run(f, a, b)[0] == f(list(a), list(b)) == eager(f, a, b)


def test_graph_for_print_prints_each_iteration_when_run(capsys):
    def f(n):
        ag__.for_stmt(ag__.range(n), lambda i: ag__.print("step", i, "of", n), (), ())
        return n
    graph = ag.Graph()
    with graph.as_default():
        n = ag.placeholder(ag.int32, [])
        f(n)
        loop = graph.get_operation_by_name("while")
    assert capsys.readouterr().out == ""  # nothing while tracing
    with ag.Session(graph=graph) as sess:
        sess.run(loop, {n: 3})
        assert capsys.readouterr().out == "step 0 of 3\nstep 1 of 3\nstep 2 of 3\n"
        sess.run(loop, {n: 1})
    assert capsys.readouterr().out == "step 0 of 1\n"


def test_for_over_python_list_with_a_tensor_break_flag_is_refused_as_in_tensorflow():
    def f(x):
        def body(item, s, break_):
            def if_body(s, break_):
                return s, True

            def else_body(s, break_):
                return s + item, break_
            return ag__.if_stmt(x < item, if_body, else_body, (s, break_), ("s", "break_"))
        s, _ = ag__.for_stmt([1.0, 2.0, 3.0], body, (0.0, False), ("s", "break_"),
                             lambda s, break_: ag__.not_(break_))
        return s
    for x in (0.0, 1.5, 9.0):
        assert f(x) == eager(f, np.float32(x))
    # TensorFlow 2.21 raises NotImplementedError ("break and return statements which depend
    # on a TF condition are not supported in Python for loops").
    with pytest.raises(NotImplementedError, match="over a Python list"):
        graph_run(f, np.float32(1.5))


def test_graph_for_inside_a_function_graph():
    xs = ag.convert_to_tensor(XS)
    fn = func_graph_from_py_func("clip_sum", lambda x, n: clip_sum(x, n), [xs, 4])
    (value,) = Plan(fn, fn.inputs, fn.outputs).run([XS])
    assert value == 8.0


def test_graph_if_carries_an_item_only_the_else_branch_replaces_in_a_state_list():
    def f(x):
        items = [1, 2]

        def orelse(xs):
            xs[0] = x * 10
            return xs
        return ag__.if_stmt(x > 0, lambda xs: xs, orelse, (items,), ("xs",))
    np.testing.assert_equal(graph_run(f, np.int32(-1))[0], [-10, 2])
    np.testing.assert_equal(graph_run(f, np.int32(1))[0], [1, 2])


def test_graph_if_writes_the_same_key_replaced_in_two_dicts_into_both_originals():
    def f(x):
        first, second = {"a": 0}, {"a": 0}

        def body(first, second):
            first["a"], second["a"] = x, x * 2
            return {"a": x}, {"a": x}  # rebinds both: only the slots reach the originals
        ag__.if_stmt(x > 0, body, lambda first, second: ({"a": x}, {"a": x}),
                     (first, second), ("first", "second"))
        return first, second
    assert graph_run(f, np.int32(3))[0] == ({"a": 3}, {"a": 6})
    assert graph_run(f, np.int32(-3))[0] == ({"a": 0}, {"a": 0})


def test_graph_if_writes_an_item_of_a_nested_dict_into_the_original():
    def f(x):
        d = {"inner": {"b": 1, "c": 2}}

        def body(d):
            d["inner"]["b"] = x
            return {"inner": {"b": x, "c": x}}
        ag__.if_stmt(x > 0, body, lambda d: {"inner": {"b": x, "c": x}}, (d,), ("d",))
        return d
    assert graph_run(f, np.int32(5))[0] == {"inner": {"b": 5, "c": 2}}
    assert graph_run(f, np.int32(-5))[0] == {"inner": {"b": 1, "c": 2}}


def test_graph_if_writes_items_each_branch_replaces_in_another_dict():
    def f(x):
        first, second = {"a": 0}, {"a": 0}

        def body(first, second):
            first["a"] = x
            return {"a": x}, {"a": x}

        def orelse(first, second):
            second["a"] = x * 2
            return {"a": x}, {"a": x}
        ag__.if_stmt(x > 0, body, orelse, (first, second), ("first", "second"))
        return first, second
    assert graph_run(f, np.int32(3))[0] == ({"a": 3}, {"a": 0})
    assert graph_run(f, np.int32(-3))[0] == ({"a": 0}, {"a": -6})


def test_graph_if_refuses_a_branch_that_adds_a_key_to_a_dict_in_place():
    def f(x):
        d = {"a": 0}

        def body(d):
            d["b"] = x
            return {"a": x}
        return ag__.if_stmt(x > 0, body, lambda d: {"a": x}, (d,), ("d",))
    with pytest.raises(ValueError, match=r"^dict 'd' is changed in place in the if branch of an "
                                         r"`if` whose condition is a tensor, which changes its "
                                         r"keys; that cannot depend on a value known only when "
                                         r"the graph runs\. Use a TensorArray, build a new one "
                                         r"instead, or change it outside the `if`\.$"):
        graph_run(f, np.int32(1))


def test_graph_if_names_a_nested_item_whose_branches_disagree():
    def f(x):
        d = {"inner": {"b": 1}}

        def body(d):
            d["inner"]["b"] = "text"
            return {"inner": {"b": 0.0}}
        return ag__.if_stmt(x > 0, body, lambda d: {"inner": {"b": 0.0}}, (d,), ("d",))
    with pytest.raises(TypeError, match=r"^if: 'd\['inner'\]\['b'\]' is 'text' \(a Python str\)"):
        graph_run(f, np.int32(1))


def test_graph_if_hands_back_an_untouched_list_of_its_state_as_it_is():
    def f(x):
        changed, untouched = [0], [1, 2]

        def body(changed, untouched):
            changed[0] = x
            return [x], untouched
        new_changed, new_untouched = ag__.if_stmt(
            x > 0, body, lambda changed, untouched: ([x], untouched), (changed, untouched),
            ("changed", "untouched"))
        return new_untouched is untouched
    assert graph_run(f, np.int32(1))[0] is True


def test_a_python_loop_whose_return_becomes_a_tensor_names_only_the_programs_variables():
    def f(x):
        i = 0
        while i < 3:
            if x > 0:
                return i
            i += 1
        return -1
    with pytest.raises(NotImplementedError) as caught:
        ag.function(f)(ag.constant(1))
    message = str(caught.value)
    assert "'i' became a tensor in the loop and a `break` or `return` in the loop depends on a " \
           "tensor" in message
    assert "retval_" not in message and "do_return" not in message


@pytest.mark.parametrize("side", [0, 1])
def test_graph_if_branch_returning_a_list_for_several_values_is_an_error(side):
    branches = [lambda a, b: (a, b), lambda a, b: (a, b)]
    branches[side] = lambda a, b: [a, b]

    def f(x):
        return ag__.if_stmt(x > 0, *branches, (1, 2), ("a", "b"))
    with pytest.raises(ValueError, match=r"^if: the function must return 2 values \(a tuple\)"):
        graph_run(f, np.int32(1))


def test_a_handler_refuses_a_refusal_of_a_tensor_if_naming_the_if():
    def f(x):
        d = {}
        try:
            if x > 0:
                d["k"] = x
        except ValueError:
            return 0
        return 1
    with pytest.raises(ag.autograph.StagingError, match="raised while tracing an `if` whose "
                                                        "condition is a tensor"):
        ag.function(f)(ag.constant(1))


def test_a_python_loop_whose_condition_becomes_a_tensor_says_after_how_many_iterations():
    def f(x):
        i, total = 0, 0
        while total < 3:
            i += 1
            total = total + (x if i > 1 else 1)  # a tensor from the second iteration on
        return total
    with pytest.raises(NotImplementedError, match="but after 2 iterations it is a tensor, whose "
                                                  "value is known only when the graph runs: "
                                                  "'total' became a tensor in the loop"):
        ag.function(f)(ag.constant(5))


def test_a_python_loop_names_every_variable_that_became_a_tensor():
    def f(x):
        a, b = 0, 0
        while a + b < 3:
            a, b = x, x
        return a
    with pytest.raises(NotImplementedError, match="'a', 'b' became a tensor in the loop"):
        ag.function(f)(ag.constant(5))


@pytest.mark.parametrize("value, message", [
    (np.array("text"), r"^if: a string tensor has no truth value in a graph; compare it first "
                       r"\(e\.g\. `ag\.strings\.length\(s\) > 0`\)\.$"),
    (np.array([1, 2], np.int32), r"^if: the condition must be a scalar, but its shape is "
                                 r"\(None,\); reduce it with ag\.reduce_any or ag\.reduce_all\.$"),
])
def test_graph_if_on_a_tensor_without_a_truth_value_is_an_error(value, message):
    def f(x):
        return ag__.if_stmt(x, lambda: 1, lambda: 0, (), ())
    with pytest.raises((TypeError, ValueError), match=message):
        graph_run(f, value)


def test_graph_while_on_a_string_tensor_is_an_error_naming_the_loop_condition():
    def f(x):
        return ag__.while_stmt(lambda s: s, lambda s: s, (x,), ("s",))
    with pytest.raises(TypeError, match=r"^loop condition: a string tensor has no truth value "
                                        r"in a graph; compare it first"):
        graph_run(f, np.array("text"))


def test_a_handler_refuses_the_error_of_a_python_loop_turned_tensor_naming_the_loop():
    def f(x):
        total = 0
        try:
            while total < 3:
                total = x
        except NotImplementedError:
            return -1
        return total
    with pytest.raises(ag.autograph.StagingError, match=(
            r"NotImplementedError: The condition of this `while` loop .*\nThis exception was "
            r"raised while tracing a `while` loop whose condition")):
        ag.function(f)(ag.constant(5))


@pytest.mark.parametrize("symbolic", [False, True], ids=["python", "graph"])
def test_a_while_body_returning_too_few_values_names_the_while(symbolic):
    def f(x):
        return ag__.while_stmt(lambda a, b: a < 3, lambda a, b: a + 1, (x, x), ("a", "b"))
    run = graph_run if symbolic else (lambda fn, value: fn(value))
    with pytest.raises(ValueError, match=r"^while: the function must return 2 values"):
        run(f, np.int32(0))


def test_an_if_on_a_tensor_of_a_graph_no_longer_built_is_an_error():
    with ag.Graph().as_default():
        positive = ag.placeholder(ag.float32, []) > 0
    with pytest.raises(TypeError, match=r"^if: the condition Greater:0 belongs to a graph that "
                                        r"is not being built; use it inside that graph \(or its "
                                        r"function\)\.$"):
        ag__.if_stmt(positive, lambda: 1, lambda: 0, (), ())


def _creates_an_item_while(x):
    d = {}
    try:
        while x < 3:
            d["k"] = x
            x = x + 1
    except ValueError:
        return 0
    return len(d)


def _creates_an_item_for(xs):
    d = {}
    try:
        for v in xs:
            d["k"] = v
    except ValueError:
        return 0
    return len(d)


@pytest.mark.parametrize("program, argument, loop", [
    (_creates_an_item_while, ag.constant(1), "while"),
    (_creates_an_item_for, ag.constant([1]), "for"),
])
def test_a_handler_refuses_a_graph_loops_refusal_to_create_an_item_naming_the_loop(
        program, argument, loop):
    with pytest.raises(ag.autograph.StagingError, match=(
            rf"ValueError: d\['k'\] does not exist before a `{loop}` loop over tensors that "
            rf"creates it.*\nThis exception was raised while tracing a `{loop}` loop whose")):
        ag.function(program)(argument)


def test_a_python_while_whose_condition_reaches_a_tensor_by_short_circuit_says_so():
    def f(x):
        i = 0
        while i < 3 or x > 5:  # Python values until `i < 3` fails; then a tensor
            i += 1
        return i
    with pytest.raises(NotImplementedError, match=re.escape(
            "after 3 iterations it is a tensor, whose value is known only when the graph runs: "
            "the condition read a tensor it did not read before (as when an `and` or `or` no "
            "longer stops short of it). A Python loop cannot go on")):
        ag.function(f)(ag.constant(0))


def test_a_tensor_loop_carries_the_flags_of_three_variables_it_first_assigns():
    def f(n):
        i = 0
        while i < n:
            a = i
            if i > 100:
                b = i  # no iteration assigns it: its flag stays false
            c = i * 2
            i += 1
        return a + c if n > 0 else b  # noqa: F821
    assert ag.function(f)(ag.constant(3)).numpy() == f(3) == 6


def test_a_tensor_loop_assigning_another_python_object_is_refused_naming_both():
    class Thing:
        pass

    def f(n):
        h = Thing()
        i = 0
        while i < n:
            h = Thing()
            i += 1
        return h
    with pytest.raises(TypeError, match=re.escape(
            "'h' is a Thing before the loop and the loop assigns it a Thing: a loop over tensors "
            "can carry tensors, numbers, strings and lists, tuples and dicts of them from one "
            "iteration to the next, not other Python objects. Compute what it holds in the "
            "loop instead.") + "$"):
        ag.function(f)(ag.constant(3))


def test_a_python_while_stopped_by_a_tensor_break_says_so_in_full():
    def f(x):
        i = 0
        while i < 5:
            if x > i:
                break
            i += 1
        return i
    with pytest.raises(NotImplementedError, match=re.escape(
            "The condition of this `while` loop was a Python value when the loop began, so it "
            "runs as a Python loop, but after 1 iteration it is a tensor, whose value is known "
            "only when the graph runs: 'i' became a tensor in the loop and a `break` or "
            "`return` in the loop depends on a tensor (as does a test that binds a name with "
            "`:=`, which runs in the body). A Python loop cannot go on by a tensor (TensorFlow "
            "raises this error too). Make the condition a tensor from the start (e.g. `i = "
            "ag.constant(0)` before `while i < n`), so that the loop is one graph loop, or keep "
            "the variables it tests Python values.") + "$"):
        ag.function(f)(ag.constant(0))


def _python_for_broken_by_a_tensor(x):
    for i in [1, 2, 3]:
        if x > i:
            break
    return x


_PYTHON_FOR_MESSAGE = (
    "A `break` or `return` in this `for` loop depends on a tensor, but the loop is over a "
    "Python list, so it runs as a Python loop, which cannot wait for the graph to decide "
    "whether to take the next item (TensorFlow raises this error too). Iterate over a tensor "
    "(`for i in ag.range(n)`, or `ag.constant(items)`) or a dataset, so that the loop is one "
    "graph loop, or make the condition of the `break` or `return` a Python value.")


def test_a_python_for_stopped_by_a_tensor_break_says_so_in_full():
    with pytest.raises(NotImplementedError, match=re.escape(_PYTHON_FOR_MESSAGE) + "$"):
        ag.function(_python_for_broken_by_a_tensor)(ag.constant(0))


def test_a_handler_refuses_the_error_of_a_python_for_stopped_by_a_tensor_naming_the_loop():
    def f(x):
        try:
            return _python_for_broken_by_a_tensor(x)
        except NotImplementedError:
            return 0
    with pytest.raises(ag.autograph.StagingError, match=(
            re.escape(_PYTHON_FOR_MESSAGE) + r"\nThis exception was raised while tracing a "
            r"`for` loop whose")):
        ag.function(f)(ag.constant(0))


def test_a_python_for_body_returning_too_few_values_names_the_for():
    with pytest.raises(ValueError, match=r"^for: the function must return 2 values"):
        ag__.for_stmt([1], lambda item, a, b: a, (0, 0), ("a", "b"))


def _tuple_with_a_string_only_if(x):
    if x > 0:
        t = (1, "a")
    return t[0]


def _tuple_with_a_string_only_else(x):
    if x > 0:
        pass
    else:
        t = (1, "a")
    return t[0]


@pytest.mark.parametrize("program, missing", [(_tuple_with_a_string_only_if, "else"),
                                              (_tuple_with_a_string_only_else, "if")])
def test_a_tuple_with_a_string_assigned_in_one_branch_of_a_tensor_if_is_refused(program,
                                                                                 missing):
    # Zeros cannot stand for the string in the other branch, so the `if` cannot guard it.
    with pytest.raises(ValueError, match=re.escape(
            f"if: 't' must be defined in both branches (or before the `if`), but it is not "
            f"defined in the {missing} branch. The condition is a tensor, so both branches run "
            f"in the graph and 't' needs a value either way.") + "$"):
        ag.function(program)(ag.constant(1))


def test_a_handler_refuses_a_branch_mismatch_of_a_tensor_if_naming_the_branch():
    def f(x):
        try:
            if x > 0:
                y = x
            else:
                y = "s"
        except TypeError:
            y = 0
        return y
    with pytest.raises(ag.autograph.StagingError, match=(
            r"TypeError: if: 'y' is an int32 tensor in the if branch but 's' \(a Python str\) "
            r"in the else branch; .*\nThis exception was raised while tracing a branch of an "
            r"`if` whose condition is a tensor")):
        ag.function(f)(ag.constant(1))


_ITERATES = {
    "range": lambda n: ag.range(n),
    "rows": lambda n: ag.range(n) * 2,
    "dataset": lambda n: ag.data.Dataset.range(3),  # made eagerly: its elements are values
}


@pytest.mark.parametrize("iterate", list(_ITERATES))
def test_a_graph_for_body_returning_too_few_values_names_the_for(iterate):
    def f(n):
        return ag__.for_stmt(_ITERATES[iterate](n), lambda item, a, b: a, (0, 0), ("a", "b"))
    with pytest.raises(ValueError, match=r"^for: the function must return 2 values"):
        graph_run(f, np.int64(3))


@pytest.mark.parametrize("iterate", list(_ITERATES))
def test_a_graph_for_whose_extra_test_is_python_false_takes_no_item(iterate):
    def f(n):
        return ag__.for_stmt(_ITERATES[iterate](n), lambda item, total: total + 1, (0,),
                             ("total",), extra_test=lambda total: False)
    assert graph_run(f, np.int64(3))[0] == 0


@pytest.mark.parametrize("iterate", list(_ITERATES))
def test_a_graph_for_whose_extra_test_is_a_string_tensor_names_the_for(iterate):
    def f(n):
        return ag__.for_stmt(_ITERATES[iterate](n), lambda item, s: s, (ag.constant("s"),),
                             ("s",), extra_test=lambda s: s)
    with pytest.raises(TypeError, match=r"^for: a string tensor has no truth value"):
        graph_run(f, np.int64(3))


def _branches_give(true_value, false_value):
    def f(c):
        if c > 0:
            t = true_value
        else:
            t = false_value
        return t
    return f


def test_equal_tuples_of_python_values_built_in_each_branch_stay_python_values():
    # TensorFlow 2.21 makes tensors of them, which have no `upper`; Python keeps the tuple.
    def f(c, n):
        if c > 0:
            t = (n, "a" * n)
        else:
            t = (n, "a" * n)
        return t[1].upper()
    assert f(1, 2) == "AA"
    assert ag.function(f)(ag.constant(0), 2).numpy() == b"AA"


def test_lists_of_arrays_that_do_not_compare_are_refused_as_different_values():
    # `[array] == [array]` raises (an array has no single truth value): not "equal".
    with pytest.raises(TypeError, match=re.escape(
            "if: 't' is [array([1, 2])] in the if branch but [array([1, 3])] in the else "
            "branch; when the condition is a tensor")):
        ag.function(_branches_give([np.array([1, 2])], [np.array([1, 3])]))(ag.constant(0))


def test_tuples_differing_in_a_string_are_refused_naming_both():
    # TensorFlow 2.21 gives each part as a tensor; a string in a list or tuple stays Python
    # here, so the graph cannot choose between the two.
    with pytest.raises(TypeError, match=re.escape("if: 't' is (2, 'a') in the if branch but "
                                                  "(2, 'b') in the else branch")):
        ag.function(_branches_give((2, "a"), (2, "b")))(ag.constant(0))


def test_a_list_in_one_branch_and_a_tuple_in_the_other_is_a_type_error_naming_it():
    # TensorFlow 2.21 raises TypeError too: "'t' must have the same nested structure in the
    # main and else branches".
    with pytest.raises(TypeError, match=r"'t' is \[1, 2\] in the if branch but \(3, 4\) in "
                                        r"the else branch"):
        ag.function(_branches_give([1, 2], (3, 4)))(ag.constant(1))


def test_a_bool_in_one_branch_and_an_equal_int_in_the_other_are_not_made_one_tensor():
    # No dtype holds both without changing one; Python would give [True] or [1].
    with pytest.raises(TypeError, match=r"'t' is \[True\] in the if branch and an equal but "
                                        r"different list in the else branch"):
        ag.function(_branches_give([True], [1]))(ag.constant(0))


def test_a_float_in_one_branch_and_an_int_tensor_in_the_other_is_refused():
    with pytest.raises(TypeError, match=r"'t' is \[1.5\] in the if branch but a list in the "
                                        r"else branch"):
        ag.function(_branches_give([1.5], [ag.constant(2)]))(ag.constant(0))


@pytest.mark.parametrize("true_value, false_value", [
    ([None, 1], [2, 3]),
    ([1, 2], [1, None]),
    ([1.5, 2], ["a", 2]),
    ([2**40, 2], [1, 2.5]),  # no dtype holds both 2**40 exactly and 2.5
])
def test_lists_of_python_values_no_dtype_can_hold_are_refused_naming_both(true_value,
                                                                          false_value):
    with pytest.raises(TypeError, match=re.escape(
            f"if: 't' is {true_value!r} in the if branch but {false_value!r} in the else "
            f"branch; when the condition is a tensor, both branches must give it tensors of one "
            f"dtype (or the same Python value).") + "$"):
        ag.function(_branches_give(true_value, false_value))(ag.constant(1))


def _tuple_of_tensors_only_in_else(c, x):
    if c > 0:
        pass
    else:
        t = (x, x)
    return t


def test_a_tuple_of_tensors_assigned_only_in_the_else_branch_has_its_value_there():
    result = ag.function(_tuple_of_tensors_only_in_else)(ag.constant(0), ag.constant(3))
    np.testing.assert_equal([t.numpy() for t in result], [3, 3])
    with pytest.raises(ag.errors.InvalidArgumentError, match="'t' is assigned only in the "
                                                             "else branch"):
        ag.function(_tuple_of_tensors_only_in_else)(ag.constant(1), ag.constant(3))


def test_a_tensor_if_whose_branches_both_keep_a_maybe_unassigned_variable_keeps_its_check():
    def f(a, b, flag):
        if a > 0:
            t = 1
        if b > 0:
            if flag:  # a Python False: neither branch of the tensor `if` assigns `t`
                t = 2
        return t
    with pytest.raises(UnboundLocalError):
        f(0, 1, False)
    with pytest.raises(ag.errors.InvalidArgumentError, match="'t' is assigned only in the if "
                                                             "branch"):
        ag.function(f)(ag.constant(0), ag.constant(1), False)


@pytest.mark.parametrize("true_value, false_value", [("a", None), (None, "a")])
def test_a_string_in_one_branch_and_none_in_the_other_is_refused(true_value, false_value):
    with pytest.raises(ValueError, match="in the (if|else) branch; when the condition is a "
                                         "tensor, both branches must give it"):
        ag.function(_branches_give(true_value, false_value))(ag.constant(1))


def test_a_list_of_tensors_in_one_branch_and_a_tuple_in_the_other_is_a_type_error_naming_it():
    def f(c, x):
        if c > 0:
            t = [x, x]
        else:
            t = (x, x)
        return t
    # TensorFlow 2.21: TypeError, "'t' must have the same nested structure in the main and
    # else branches".
    with pytest.raises(TypeError, match=r"if: 't' has a different structure in the if branch "
                                        r"and the else branch: .*list vs tuple"):
        ag.function(f)(ag.constant(1), ag.constant(2.0))


def test_python_int_and_float_branches_take_float32_but_int_and_bool_are_refused():
    assert ag.function(_branches_give(1, 2.5))(ag.constant(1)).numpy() == np.float32(1.0)
    assert ag.function(_branches_give(1, 2.5))(ag.constant(0)).numpy() == np.float32(2.5)
    with pytest.raises(TypeError, match=re.escape("'t' is 1 (a Python int) in the if branch but "
                                                  "True (a Python bool) in the else branch")):
        ag.function(_branches_give(1, True))(ag.constant(1))


def test_a_tensor_array_in_one_branch_must_be_one_of_its_dtype_in_the_other():
    def array_or_tensor(c, x):
        if c > 0:
            t = ag.TensorArray(ag.float32, size=1).write(0, x)
        else:
            t = x
        return t

    def two_dtypes(c, x):
        if c > 0:
            t = ag.TensorArray(ag.float32, size=1)
        else:
            t = ag.TensorArray(ag.int32, size=1)
        return t.size()
    with pytest.raises(TypeError, match="'t' is a TensorArray of float32 in the if branch but a "
                                        "float32 tensor in the else branch"):
        ag.function(array_or_tensor)(ag.constant(1), ag.constant(2.0))
    with pytest.raises(TypeError, match="'t' is a TensorArray of float32 in the if branch but a "
                                        "TensorArray of int32 in the else branch"):
        ag.function(two_dtypes)(ag.constant(1), ag.constant(2.0))


def _tuple_from_each_branch(c, x, y):
    if c > 0:
        t = (x,)
    else:
        t = (y,)
    return t


def test_a_python_number_nested_in_one_branch_takes_the_other_branchs_tensor_dtype():
    (t,) = ag.function(_tuple_from_each_branch)(ag.constant(0), ag.constant(1.0, ag.float64),
                                                2.5)
    assert t.dtype == ag.float64 and t.numpy() == 2.5


def test_nested_tensors_of_different_dtypes_are_refused_naming_the_item():
    with pytest.raises(TypeError, match=re.escape(
            "if: 't[0]' is a float32 tensor in the if branch but an int32 tensor in the else "
            "branch")):
        ag.function(_tuple_from_each_branch)(ag.constant(0), ag.constant(1.0), ag.constant(2))


def test_python_numbers_in_one_branch_become_tensors_of_the_other_branchs_dtype():
    def f(c, x):
        if c > 0:
            t = [1, 2]
        else:
            t = [x, x]
        return t
    for c, expected in ((1, [1.0, 2.0]), (0, [0.5, 0.5])):
        t = ag.function(f)(ag.constant(c), ag.constant(0.5, ag.float64))
        assert [v.dtype for v in t] == [ag.float64] * 2
        np.testing.assert_equal([v.numpy() for v in t], expected)


def _returns_a_nested_structure_in_the_else_branch_only(x):
    if x > 0:
        y = 1
    else:
        return (x, [x + 1, x * 2])
    return (x * 2, [x * 3, x + y])


@pytest.mark.parametrize("x", [1, -1])
def test_a_nested_return_in_one_branch_of_a_tensor_if_and_another_after_it(x):
    expected = _returns_a_nested_structure_in_the_else_branch_only(x)
    got = ag.function(_returns_a_nested_structure_in_the_else_branch_only)(ag.constant(x))
    assert (int(got[0]), [int(v) for v in got[1]]) == expected


def _run_branches(true_value, false_value):
    return ag.function(_branches_give(true_value, false_value))(ag.constant(0))


def _a_float_array():
    return ag.TensorArray(ag.float32, size=1).write(0, 1.0)


@pytest.mark.parametrize("make_values, shown", [
    (lambda: (np.array([1, 2]), np.array([3, 4])), "array([1, 2]) in the if branch but "
                                                   "array([3, 4]) in the else branch"),
    (lambda: (_a_float_array(), ag.constant([1.0])),
     "a TensorArray of float32 in the if branch but a float32 tensor in the else branch"),
    (lambda: (_a_float_array(), ag.TensorArray(ag.int32, size=1).write(0, 1)),
     "a TensorArray of float32 in the if branch but a TensorArray of int32 in the else branch"),
])
def test_values_a_tensor_if_cannot_choose_between_are_named_and_described(make_values, shown):
    with pytest.raises(TypeError, match=re.escape(f"if: 't' is {shown}; when the condition is a "
                                                  f"tensor, both branches must give it")):
        _run_branches(*make_values())


def test_a_python_number_in_a_nested_branch_value_takes_the_other_branchs_dtype():
    result = _run_branches([ag.constant(1.5), ag.constant(2.5)], [ag.constant(1.5), 2])
    assert [(r.dtype, float(r)) for r in result] == [(ag.float32, 1.5), (ag.float32, 2.0)]


@pytest.mark.parametrize("value, shown", [(("x" * 35,), repr(("x" * 35,))),  # 40 characters
                                          (("x" * 36,), "a tuple")])
def test_a_python_value_is_shown_as_it_is_up_to_40_characters(value, shown):
    with pytest.raises(ValueError, match=re.escape(f"'t' is None in the else branch but {shown} "
                                                   f"in the if branch")):
        _run_branches(value, None)
