"""Liveness: which names are live into and out of each statement.

`_state` computes what the converter makes the state of an if/while/for: the names its blocks
modify that are live after it.
"""

import textwrap

import gast
import pytest

from autograph.pyct import anno, cfg, qual_names
from autograph.pyct.static_analysis import activity, liveness
from tests.autograph.pyct.analysis_testing import find_statement


def _analyze(src):
    tree = gast.parse(textwrap.dedent(src))
    return liveness.resolve(activity.resolve(qual_names.resolve(tree))).body[0]


def _live_in(fn, first_line):
    stmt = find_statement(fn, first_line)
    return sorted(str(q) for q in anno.getanno(stmt, anno.Static.LIVE_VARS_IN))


def _live_out(fn, first_line):
    stmt = find_statement(fn, first_line)
    return sorted(str(q) for q in anno.getanno(stmt, anno.Static.LIVE_VARS_OUT))


def _state(fn, first_line):
    stmt = find_statement(fn, first_line)
    modified = set()
    for key in (anno.Static.BODY_SCOPE, anno.Static.ORELSE_SCOPE):
        modified |= anno.getanno(stmt, key, None).modified if anno.hasanno(stmt, key) else set()
    if isinstance(stmt, gast.For):  # its target is bound each iteration too
        modified |= anno.getanno(stmt.target, anno.Static.SCOPE).modified
    live = anno.getanno(stmt, anno.Static.LIVE_VARS_OUT)
    return sorted(str(q) for q in modified & live if q.is_simple)


# Loops: what the converter makes state ----------------------------------------------------
def test_variable_modified_in_a_loop_and_read_after_it_is_state():
    fn = _analyze("""
        def f(x, n):
            s = 0
            for i in range(n):
                s = s + x[i]
            return s
    """)
    assert _state(fn, "for i in range(n):") == ["s"]


def test_variable_modified_in_a_loop_but_not_read_after_it_is_not_state():
    fn = _analyze("""
        def f(x, n):
            s = 0
            for i in range(n):
                t = x[i]
                s = s + t
            return s
    """)
    assert _state(fn, "for i in range(n):") == ["s"]
    assert "t" not in _live_out(fn, "for i in range(n):")


def test_variable_overwritten_after_the_loop_before_any_read_is_not_live():
    fn = _analyze("""
        def f(n):
            i = 0
            while i < n:
                i = i + 1
                y = i
            y = 0
            return y + i
    """)
    assert _state(fn, "while i < n:") == ["i"]


def test_loop_carried_variable_is_live_into_the_body():
    fn = _analyze("""
        def f(n):
            s = 0
            while n > 0:
                s = s + n
                n = n - 1
    """)
    assert _live_in(fn, "s = s + n") == ["n", "s"]
    assert _live_out(fn, "n = n - 1") == ["n", "s"]


def test_while_test_reads_are_live_at_the_end_of_the_body():
    fn = _analyze("""
        def f(n, limit):
            while n < limit:
                n = n + 1
            return 0
    """)
    assert _live_out(fn, "n = n + 1") == ["limit", "n"]


def test_for_iterable_is_not_live_inside_the_loop():
    # The iterable is evaluated once, before the first iteration.
    fn = _analyze("""
        def f(xs):
            for x in xs:
                y = x
            return 0
    """)
    assert _live_in(fn, "y = x") == ["x"]
    assert _live_in(fn, "for x in xs:") == ["xs"]


def test_for_target_read_after_the_loop_is_live_out():
    fn = _analyze("""
        def f(xs):
            i = -1
            for i in xs:
                pass
            return i
    """)
    assert _state(fn, "for i in xs:") == ["i"]


def test_nested_loops_with_break_and_continue():
    fn = _analyze("""
        def f(xs, ys):
            best = 0
            for x in xs:
                if x < 0:
                    continue
                for y in ys:
                    if y > x:
                        break
                    best = best + y
                last = x
            return best
    """)
    assert _state(fn, "for y in ys:") == ["best"]
    assert _state(fn, "if x < 0:") == []
    assert _live_out(fn, "continue") == ["best", "ys"]
    assert _live_out(fn, "break") == ["best", "x", "ys"]
    assert _state(fn, "for x in xs:") == ["best"]


def test_return_inside_a_loop_makes_the_returned_name_live_there_only():
    fn = _analyze("""
        def f(xs):
            for x in xs:
                r = x * 2
                if r > 10:
                    return r
            return 0
    """)
    assert _live_in(fn, "return r") == ["r"]
    assert _live_out(fn, "return r") == []
    assert "r" not in _live_out(fn, "for x in xs:")


def test_extra_loop_test_reads_are_live_at_the_end_of_the_body():
    tree = gast.parse(textwrap.dedent("""
        def f(xs):
            brk = False
            for x in xs:
                brk = x > 3
            return 0
    """))
    anno.setanno(tree.body[0].body[1], anno.Basic.EXTRA_LOOP_TEST,
                 gast.parse("not brk", mode="eval").body)
    fn = liveness.resolve(activity.resolve(qual_names.resolve(tree))).body[0]
    assert _live_out(fn, "brk = x > 3") == ["brk"]
    assert _live_in(fn, "for x in xs:") == ["brk", "xs"]


# Branches ---------------------------------------------------------------------------------
def test_variable_defined_in_one_branch_and_read_after_is_state():
    fn = _analyze("""
        def f(x):
            if x > 0:
                y = x
            return y
    """)
    assert _state(fn, "if x > 0:") == ["y"]
    assert _live_in(fn, "if x > 0:") == ["x", "y"]  # when x <= 0 the old y is read


def test_variable_defined_in_both_branches_is_not_live_before():
    fn = _analyze("""
        def f(x):
            if x > 0:
                y = 1
            else:
                y = 2
            return y
    """)
    assert _state(fn, "if x > 0:") == ["y"]
    assert _live_in(fn, "if x > 0:") == ["x"]


def test_variable_defined_before_and_rebound_after_the_branch_is_not_state():
    fn = _analyze("""
        def f(x):
            y = 0
            if x > 0:
                y = 1
            y = 2
            return y
    """)
    assert _state(fn, "if x > 0:") == []


def test_variable_used_only_inside_the_branch_is_not_state():
    fn = _analyze("""
        def f(x):
            if x > 0:
                t = x * 2
                x = t
            return x
    """)
    assert _state(fn, "if x > 0:") == ["x"]


# Kinds of writes --------------------------------------------------------------------------
def test_augmented_assignment_needs_the_old_value():
    fn = _analyze("""
        def f(n):
            s = 0
            s += n
            return s
    """)
    assert _live_in(fn, "s += n") == ["n", "s"]
    assert _live_out(fn, "s = 0") == ["n", "s"]


def test_tuple_targets_kill_each_name():
    fn = _analyze("""
        def f(p):
            a, b = p
            return a + b
    """)
    # Looked up by line: Python 3.10 prints the target as `(a, b)`.
    assert _live_in(fn, "return a + b") == ["a", "b"]
    assert sorted(map(str, anno.getanno(fn.body[0], anno.Static.LIVE_VARS_IN))) == ["p"]


def test_attribute_write_makes_the_attribute_live_not_the_rebinding_of_its_owner():
    fn = _analyze("""
        def f(a, c):
            if c:
                a.b = 1
            return a.b
    """)
    assert _live_out(fn, "if c:") == ["a", "a.b"]
    assert _state(fn, "if c:") == []
    assert _live_in(fn, "a.b = 1") == ["a"]


def test_rebinding_the_owner_kills_its_attributes():
    fn = _analyze("""
        def f(make):
            a = make()
            return a.b
    """)
    assert _live_in(fn, "a = make()") == ["make"]


def test_rebinding_a_subscript_key_kills_the_item():
    fn = _analyze("""
        def f(x, i):
            i = 0
            return x[i]
    """)
    assert _live_in(fn, "i = 0") == ["x"]


def test_deleted_names_are_read_then_dead():
    fn = _analyze("""
        def f(x):
            y = x
            del y
            return x
    """)
    assert _live_in(fn, "del y") == ["x", "y"]
    assert _live_out(fn, "del y") == ["x"]


# Functions and comprehensions -------------------------------------------------------------
def test_variable_read_by_a_nested_function_stays_live_to_the_end():
    # g may be called after the loop, and sees the last value of total.
    fn = _analyze("""
        def f(xs):
            total = 0
            def g():
                return total
            for x in xs:
                total = total + x
            return g
    """)
    assert _state(fn, "for x in xs:") == ["total"]
    assert _live_out(fn, "return g") == ["total"]


def test_variable_read_by_a_lambda_stays_live_to_the_end():
    fn = _analyze("""
        def f(xs):
            k = 1
            g = lambda v: v * k
            if xs:
                k = 2
            return g
    """)
    assert _state(fn, "if xs:") == ["k"]


def test_variable_read_by_a_lambda_in_a_default_value_stays_live_to_the_end():
    fn = _analyze("""
        def f(xs):
            k = 1
            def g(h=lambda: k):
                return h()
            if xs:
                k = 2
            return g
    """)
    assert _state(fn, "if xs:") == ["k"]


def test_global_names_are_live_at_the_end():
    fn = _analyze("""
        def f(xs):
            global count
            for x in xs:
                count = x
    """)
    assert _live_out(fn, "for x in xs:") == ["count"]


def test_comprehension_targets_are_not_live_outside():
    fn = _analyze("""
        def f(xs):
            x = 0
            ys = [x for x in xs]
            return ys
    """)
    assert _live_out(fn, "x = 0") == ["xs"]


def test_statements_in_nested_functions_are_annotated_too():
    fn = _analyze("""
        def f(a):
            def g(b):
                c = b + a
                return c
            return g
    """)
    assert _live_in(fn, "c = b + a") == ["a", "b"]
    assert _live_out(fn, "c = b + a") == ["c"]


def test_every_statement_gets_both_annotations():
    fn = _analyze("""
        def f(x):
            while x:
                with ctx() as c:
                    try:
                        x = c(x)
                    except E:
                        pass
            match x:
                case 1:
                    pass
            return x
    """)
    for node in gast.walk(fn):
        if isinstance(node, gast.stmt) and node is not fn:
            assert anno.hasanno(node, anno.Static.LIVE_VARS_IN)
            assert anno.hasanno(node, anno.Static.LIVE_VARS_OUT)


# Exceptions -------------------------------------------------------------------------------
def test_variable_read_in_a_handler_is_live_through_the_try_body():
    fn = _analyze("""
        def f(x):
            try:
                if x:
                    y = 1
                z = g()
            except ValueError:
                return y
            return z
    """)
    assert _state(fn, "if x:") == ["y"]  # g() may raise, and the handler reads y
    assert _live_in(fn, "z = g()") == ["ValueError", "g", "y"]
    assert _live_out(fn, "z = g()") == ["z"]  # after it completes, only z is read


def test_a_statement_that_raises_part_way_does_not_rebind_what_a_handler_reads():
    fn = _analyze("""
        def f(x):
            y = 0
            try:
                if x:
                    y = 1
                y = g()
            finally:
                return y
    """)
    assert _state(fn, "if x:") == ["y"]  # g() may raise before `y = g()` binds y
    assert "y" in _live_in(fn, "y = g()")
    assert "y" not in _live_in(fn, "y = 0")  # it completes before the `try` begins


def test_variable_read_in_finally_is_live_at_a_return_through_it():
    fn = _analyze("""
        def f(x):
            try:
                if x:
                    n = 1
                    return x
            finally:
                log(n)
    """)
    assert _live_out(fn, "return x") == ["log", "n"]
    assert _state(fn, "if x:") == ["n"]


def test_unreachable_statements_are_live_only_for_what_they_read():
    fn = _analyze("""
        def f(x):
            return x
            y = z
    """)
    assert _live_in(fn, "y = z") == ["z"] and _live_out(fn, "y = z") == []


def test_graphs_can_be_given():
    tree = activity.resolve(qual_names.resolve(gast.parse("def f(x):\n    y = x")))
    liveness.resolve(tree, cfg.build_all(tree))
    assert anno.getanno(tree.body[0].body[0], anno.Static.LIVE_VARS_IN) == {
        qual_names.QN("x")}


def test_activity_must_run_first():
    tree = qual_names.resolve(gast.parse("def f(x):\n    y = x"))
    with pytest.raises(KeyError, match="run the analysis that sets it first"):
        liveness.resolve(tree)
