"""Reaching definitions: what is defined, on every path or on some, before each statement."""

import textwrap

import gast

from autograph.pyct import anno, qual_names
from autograph.pyct.static_analysis import activity, reaching_definitions
from tests.autograph.pyct.analysis_testing import find_statement


def _analyze(src):
    tree = gast.parse(textwrap.dedent(src))
    tree = activity.resolve(qual_names.resolve(tree))
    return reaching_definitions.resolve(tree).body[0]


def _defined(fn, first_line):
    qns = anno.getanno(find_statement(fn, first_line), anno.Static.DEFINED_VARS_IN)
    return sorted(str(q) for q in qns)


def _maybe(fn, first_line):
    qns = anno.getanno(find_statement(fn, first_line), anno.Static.MAYBE_DEFINED_VARS_IN)
    return sorted(str(q) for q in qns)


def test_parameters_are_defined_from_the_start():
    fn = _analyze("""
        def f(a, *b, c=1, **d):
            return a
    """)
    assert _defined(fn, "return a") == ["a", "b", "c", "d"]


def test_a_variable_is_defined_after_its_assignment_not_before():
    fn = _analyze("""
        def f():
            y = z
            x = 1
            return x
    """)
    assert _defined(fn, "x = 1") == ["y"]
    assert _defined(fn, "return x") == ["x", "y"]


def test_defined_only_in_one_branch_is_maybe_defined_after():
    fn = _analyze("""
        def f(c):
            if c:
                x = 1
            return x
    """)
    assert _defined(fn, "return x") == ["c"]
    assert _maybe(fn, "return x") == ["c", "x"]


def test_defined_in_both_branches_is_defined_after():
    fn = _analyze("""
        def f(c):
            if c:
                x = 1
            else:
                x = 2
            return x
    """)
    assert _defined(fn, "return x") == ["c", "x"]


def test_defined_before_and_rebound_in_a_branch_stays_defined():
    fn = _analyze("""
        def f(c):
            x = 0
            if c:
                x = 1
            return x
    """)
    assert _defined(fn, "if c:") == ["c", "x"]
    assert _defined(fn, "return x") == ["c", "x"]


def test_defined_only_in_a_loop_body_is_not_defined_after_it():
    fn = _analyze("""
        def f(n):
            while n > 0:
                last = n
                n = n - 1
            return last
    """)
    assert _defined(fn, "return last") == ["n"]
    assert _maybe(fn, "return last") == ["last", "n"]


def test_a_loop_is_described_by_the_state_before_it_not_by_its_back_edge():
    # What the converter binds to Undefined: names bound by the loop are not defined before it.
    fn = _analyze("""
        def f(xs):
            for x in xs:
                s = x
            return 0
    """)
    assert _defined(fn, "for x in xs:") == ["xs"]
    assert _maybe(fn, "for x in xs:") == ["xs"]
    assert _maybe(fn, "s = x") == ["s", "x", "xs"]  # s from the previous iteration


def test_for_target_is_not_defined_after_the_loop():
    fn = _analyze("""
        def f(xs):
            for x in xs:
                pass
            return x
    """)
    assert _defined(fn, "return x") == ["xs"]
    assert _defined(fn, "pass") == ["x", "xs"]


def test_break_skips_the_rest_of_the_body():
    fn = _analyze("""
        def f(xs):
            for x in xs:
                if x:
                    break
                y = x
            else:
                y = 0
            return y
    """)
    assert _defined(fn, "return y") == ["xs"]


def test_del_undefines_a_name():
    fn = _analyze("""
        def f(x):
            y = x
            del y
            return x
    """)
    assert _defined(fn, "return x") == ["x"]
    assert _maybe(fn, "return x") == ["x"]


def test_with_target_is_defined_in_the_body():
    fn = _analyze("""
        def f(p):
            with open(p) as h:
                data = h.read()
            return data
    """)
    assert _defined(fn, "data = h.read()") == ["h", "p"]


def test_a_name_assigned_in_try_is_only_maybe_defined_in_the_handler():
    fn = _analyze("""
        def f(x):
            try:
                y = g(x)
            except ValueError as e:
                z = e
            return 0
    """)
    assert _defined(fn, "z = e") == ["e", "x"]
    assert _maybe(fn, "z = e") == ["e", "x", "y"]


def test_finally_sees_what_is_defined_on_every_way_in():
    fn = _analyze("""
        def f(x):
            a = 1
            try:
                b = 2
                return b
            finally:
                c = a
    """)
    assert _defined(fn, "c = a") == ["a", "x"]


def test_attribute_is_defined_after_its_write_until_its_owner_is_rebound():
    fn = _analyze("""
        def f(a, make):
            a.b = 1
            x = a.b
            a = make()
            return a.b
    """)
    assert _defined(fn, "x = a.b") == ["a", "a.b", "make"]
    assert _defined(fn, "return a.b") == ["a", "make", "x"]


def test_match_binds_the_names_of_the_matching_case():
    fn = _analyze("""
        def f(p):
            match p:
                case (a, b):
                    return a + b
                case _:
                    return 0
    """)
    assert _defined(fn, "return a + b") == ["a", "b", "p"]
    assert _defined(fn, "return 0") == ["p"]


def test_walrus_in_a_test_is_defined_in_the_body():
    fn = _analyze("""
        def f(xs):
            if (n := len(xs)) > 1:
                return n
    """)
    assert _defined(fn, "return n") == ["n", "xs"]


def test_unreachable_statements_have_nothing_defined():
    fn = _analyze("""
        def f(x):
            return x
            y = 1
    """)
    assert _defined(fn, "y = 1") == [] and _maybe(fn, "y = 1") == []


# Nested functions -------------------------------------------------------------------------
def test_nested_function_starts_with_what_is_defined_where_it_is_defined():
    fn = _analyze("""
        def f(c, x):
            y = 1
            if c:
                z = 2
            def g(x):
                return x + y
            return g
    """)
    # Its own parameter x counts, not the outer one; g is bound before its body runs.
    assert _defined(fn, "return x + y") == ["c", "g", "x", "y"]
    assert _maybe(fn, "return x + y") == ["c", "g", "x", "y", "z"]


def test_methods_start_with_what_is_defined_after_their_class():
    fn = _analyze("""
        def f():
            k = 1
            class C:
                def m(self):
                    return k
            return C
    """)
    assert _defined(fn, "return k") == ["C", "k", "self"]
