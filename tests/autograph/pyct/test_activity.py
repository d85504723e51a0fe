"""Activity analysis: what each statement and block reads and modifies."""

import textwrap

import gast
import pytest

from autograph.pyct import anno, qual_names
from autograph.pyct.static_analysis import activity
from tests.autograph.pyct.analysis_testing import find_statement


def _analyze(src):
    tree = gast.parse(textwrap.dedent(src))
    return activity.resolve(qual_names.resolve(tree)).body[0]


def _scope(node, key=anno.Static.SCOPE):
    return anno.getanno(node, key)


def _names(qns):
    return sorted(str(q) for q in qns)


# Simple statements ------------------------------------------------------------------------
def test_assignment_modifies_its_target_and_reads_its_value():
    scope = _scope(_analyze("x = y + z"))
    assert _names(scope.modified) == ["x"] and _names(scope.read) == ["y", "z"]


def test_augmented_assignment_reads_and_modifies_its_target():
    scope = _scope(_analyze("x += y"))
    assert _names(scope.modified) == ["x"] and _names(scope.read) == ["x", "y"]


def test_tuple_and_starred_targets_are_all_modified():
    scope = _scope(_analyze("a, (b, *c) = d"))
    assert _names(scope.modified) == ["a", "b", "c"] and _names(scope.read) == ["d"]


def test_attribute_write_modifies_the_attribute_and_reads_its_owner():
    scope = _scope(_analyze("a.b = 1"))
    assert _names(scope.modified) == ["a.b"] and _names(scope.read) == ["a"]


def test_augmented_attribute_reads_the_attribute_but_modifies_only_it():
    scope = _scope(_analyze("a.b += 1"))
    assert _names(scope.modified) == ["a.b"] and _names(scope.read) == ["a", "a.b"]


def test_subscript_write_modifies_the_item_and_reads_the_container_and_key():
    scope = _scope(_analyze("a[i] = v"))
    assert _names(scope.modified) == ["a[i]"] and _names(scope.read) == ["a", "i", "v"]


def test_write_to_a_computed_subscript_modifies_no_name():
    scope = _scope(_analyze("a[i + 1] = v"))
    assert _names(scope.modified) == [] and _names(scope.read) == ["a", "i", "v"]


def test_reading_an_attribute_reads_it_and_its_owner():
    assert _names(_scope(_analyze("y = a.b.c")).read) == ["a", "a.b", "a.b.c"]


def test_del_reads_modifies_and_deletes():
    scope = _scope(_analyze("del x, a.b"))
    assert _names(scope.deleted) == ["a.b", "x"]
    assert _names(scope.modified) == ["a.b", "x"] and _names(scope.read) == ["a", "a.b", "x"]


def test_annotated_assignment_with_a_value_modifies_and_ignores_the_annotation():
    scope = _scope(_analyze("x: T = y"))
    assert _names(scope.modified) == ["x"] and _names(scope.read) == ["y"]


def test_annotation_without_value_binds_nothing():
    scope = _scope(_analyze("x: int"))
    assert _names(scope.modified) == [] and _names(scope.read) == []


@pytest.mark.parametrize("src, bound", [
    ("import os", ["os"]), ("import os.path", ["os"]), ("import numpy as np", ["np"]),
    ("from os import path, sep as s", ["path", "s"]), ("from m import *", [])])
def test_imports_bind_their_names(src, bound):
    assert _names(_scope(_analyze(src)).modified) == bound


def test_walrus_modifies_its_target():
    scope = _scope(_analyze("y = (n := len(a)) + 1"))
    assert _names(scope.modified) == ["n", "y"]


def test_scopes_have_a_readable_repr():
    assert repr(_scope(_analyze("x = y"))) == "Scope(read=[<QN y>], modified=[<QN x>])"


def test_names_must_be_resolved_first():
    tree = gast.parse("x = y")
    with pytest.raises(ValueError, match=r"run qual_names.resolve\(tree\) before"):
        activity.resolve(tree)


# Compound statements ----------------------------------------------------------------------
def test_if_has_scopes_for_its_test_body_and_else():
    node = _analyze("""
        if (c := x > 0):
            y = a
        else:
            z = b
    """)
    assert _names(_scope(node.test).modified) == ["c"]
    assert _names(_scope(node.test).read) == ["x"]
    assert _names(_scope(node, anno.Static.BODY_SCOPE).modified) == ["y"]
    assert _names(_scope(node, anno.Static.ORELSE_SCOPE).read) == ["b"]


def test_a_compound_statement_scope_includes_its_blocks():
    scope = _scope(_analyze("""
        if x:
            y = a
        else:
            z = b
    """))
    assert _names(scope.modified) == ["y", "z"] and _names(scope.read) == ["a", "b", "x"]


def test_while_has_scopes_for_its_test_and_body():
    node = _analyze("""
        while i < n:
            i += 1
    """)
    assert _names(_scope(node.test).read) == ["i", "n"]
    assert _names(_scope(node, anno.Static.BODY_SCOPE).modified) == ["i"]
    assert _names(_scope(node, anno.Static.ORELSE_SCOPE).modified) == []


def test_for_target_is_in_its_own_scope_not_the_body():
    node = _analyze("""
        for i, (j, k) in pairs:
            s = s + i
        else:
            t = 1
    """)
    assert _names(_scope(node.target).modified) == ["i", "j", "k"]
    assert _names(_scope(node, anno.Static.BODY_SCOPE).modified) == ["s"]
    assert _names(_scope(node, anno.Static.ORELSE_SCOPE).modified) == ["t"]
    assert _names(_scope(node.iter).read) == ["pairs"]


def test_for_extra_loop_test_gets_a_scope():
    tree = gast.parse("for i in xs:\n    done = i")
    test = gast.parse("not done", mode="eval").body
    anno.setanno(tree.body[0], anno.Basic.EXTRA_LOOP_TEST, test)
    activity.resolve(qual_names.resolve(tree))
    assert _names(_scope(test).read) == ["done"]
    assert "done" in _names(_scope(tree.body[0]).read)


def test_nested_blocks_are_visible_from_the_outer_body():
    node = _analyze("""
        for i in xs:
            if i:
                while j:
                    k = 1
    """)
    assert _names(_scope(node, anno.Static.BODY_SCOPE).modified) == ["k"]
    assert _names(_scope(node, anno.Static.BODY_SCOPE).read) == ["i", "j"]


def test_with_targets_are_modified():
    node = _analyze("""
        with open(p) as f, lock:
            data = f.read()
    """)
    assert _names(_scope(node).modified) == ["data", "f"]
    assert _names(_scope(node.items[0]).modified) == ["f"]
    assert _names(_scope(node.items[1]).read) == ["lock"]


def test_except_handler_binds_its_name():
    node = _analyze("""
        try:
            x = f()
        except ValueError as e:
            y = e
    """)
    handler = node.handlers[0]
    assert _names(_scope(handler).modified) == ["e"]
    assert _names(_scope(handler).read) == ["ValueError"]
    assert _names(_scope(node).modified) == ["e", "x", "y"]


def test_match_patterns_bind_names_and_guards_read():
    node = _analyze("""
        match command:
            case [Point(x=px), *rest] if px > limit:
                y = px
            case {"k": v, **others}:
                y = v
            case Color.RED as c:
                y = c
    """)
    first, second, third = node.cases
    assert _names(_scope(first.pattern).modified) == ["px", "rest"]
    assert _names(_scope(first.pattern).read) == ["Point"]
    assert _names(_scope(first.guard).read) == ["limit", "px"]
    assert _names(_scope(second.pattern).modified) == ["others", "v"]
    assert _names(_scope(third.pattern).read) == ["Color", "Color.RED"]
    assert _names(_scope(first, anno.Static.BODY_SCOPE).modified) == ["y"]
    assert _names(_scope(node.subject).read) == ["command"]


# Functions, lambdas, classes, comprehensions ----------------------------------------------
def test_function_parameters_are_in_the_scope_of_its_args():
    node = _analyze("def f(a, /, b, *args, c, d=1, **kw):\n    return a")
    assert _names(_scope(node.args).params) == ["a", "args", "b", "c", "d", "kw"]
    assert "a" in _names(_scope(node, anno.Static.BODY_SCOPE).params)


def test_def_statement_binds_the_name_and_reads_what_it_evaluates_at_definition():
    node = _analyze("""
        @decorate
        def f(x: T = default) -> R:
            return x
    """)
    scope = _scope(node)
    assert _names(scope.modified) == ["f"]
    assert _names(scope.read) == ["R", "T", "decorate", "default"]


def test_nested_function_reads_of_outer_names_are_read_where_it_is_defined():
    fn = _analyze("""
        def f(x):
            y = 1
            def g(z):
                w = z + y
                return w + x + other
            return g
    """)
    inner = find_statement(fn, "def g(z):")
    assert _names(_scope(inner).read) == ["other", "x", "y"]
    assert _names(_scope(inner).modified) == ["g"]
    assert _names(_scope(inner, anno.Static.BODY_SCOPE).read) == ["other", "w", "x", "y", "z"]


def test_free_reads_of_a_deeper_function_reach_the_outer_function():
    fn = _analyze("""
        def f(x):
            def g():
                def h():
                    return x
                return h
            return g
    """)
    assert _names(_scope(find_statement(fn, "def g():")).read) == ["x"]


def test_a_function_scope_lists_the_scopes_defined_directly_in_it():
    fn = _analyze("""
        def f(xs, key=lambda k: k):
            def g():
                def h():
                    pass
            class C:
                pass
            return [lambda: x for x in xs]
    """)
    body = _scope(fn, anno.Static.BODY_SCOPE)
    nested = [_scope(find_statement(fn, "def g():"), anno.Static.BODY_SCOPE),
              _scope(find_statement(fn, "class C:"), anno.Static.BODY_SCOPE),
              _scope(fn.body[-1].value.elt, anno.Static.BODY_SCOPE)]
    assert body.nested == nested  # a default's lambda is defined where `f` is, not in it
    assert nested[0].nested == [_scope(find_statement(fn, "def h():"), anno.Static.BODY_SCOPE)]


def test_reads_of_an_attribute_of_a_local_object_do_not_leave_the_function():
    fn = _analyze("""
        def f():
            def g():
                a = make()
                return a.b
    """)
    assert _names(_scope(find_statement(fn, "def g():")).read) == ["make"]


def test_global_and_nonlocal_names_are_recorded_for_the_function():
    fn = _analyze("""
        def f():
            global counter
            def g():
                nonlocal total
                total = counter
            if True:
                counter = 1
    """)
    body = _scope(fn, anno.Static.BODY_SCOPE)
    assert _names(body.globals) == ["counter"]
    inner = find_statement(fn, "def g():")
    assert _names(_scope(inner, anno.Static.BODY_SCOPE).nonlocals) == ["total"]
    branch = find_statement(fn, "if True:")
    assert _names(_scope(branch).globals) == ["counter"]  # any scope in f sees f's


def test_nonlocal_reads_reach_the_enclosing_function_and_global_reads_do_not():
    fn = _analyze("""
        def f():
            def g():
                global a
                nonlocal b
                return a + b
    """)
    assert _names(_scope(find_statement(fn, "def g():")).read) == ["b"]


def test_lambda_parameters_are_local_and_its_defaults_are_read_outside():
    node = _analyze("g = lambda a, b=default: a + b + outer")
    lam = node.value
    assert _names(_scope(lam.args).params) == ["a", "b"]
    assert _names(_scope(node).read) == ["default", "outer"]
    assert _names(_scope(node).modified) == ["g"]


def test_class_body_names_are_local_to_the_class():
    node = _analyze("""
        class C(Base, metaclass=Meta):
            size = default
            def m(self):
                return outer
    """)
    assert _names(_scope(node).modified) == ["C"]
    assert _names(_scope(node).read) == ["Base", "Meta", "default", "outer"]
    assert _names(_scope(node, anno.Static.BODY_SCOPE).modified) == ["m", "size"]


def test_comprehension_targets_are_local_to_it():
    scope = _scope(_analyze("ys = [x * k for x in xs if x > limit]"))
    assert _names(scope.modified) == ["ys"]
    assert _names(scope.read) == ["k", "limit", "xs"]


def test_comprehension_first_iterable_is_read_in_the_enclosing_scope():
    scope = _scope(_analyze("x = [x for x in x]"))
    assert _names(scope.read) == ["x"] and _names(scope.modified) == ["x"]


def test_later_comprehension_iterables_see_earlier_targets():
    scope = _scope(_analyze("z = {k: v for row in rows for k, v in row.items()}"))
    assert _names(scope.read) == ["rows"]


def test_walrus_in_a_comprehension_binds_in_the_enclosing_function():
    scope = _scope(_analyze("ys = [last := x for x in xs]"))
    assert _names(scope.modified) == ["last", "ys"]


def test_generator_and_set_comprehensions_are_scopes_too():
    scope = _scope(_analyze("t = sum(i for i in a) + len({j for j in b})"))
    assert _names(scope.read) == ["a", "b", "len", "sum"]


def test_resolve_returns_the_tree():
    tree = qual_names.resolve(gast.parse("x = 1"))
    assert activity.resolve(tree) is tree
