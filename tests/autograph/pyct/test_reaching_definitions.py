"""Reaching definitions: what is defined before each statement, and what each read sees."""

import ast
import textwrap

import gast

from autograph.pyct import anno, qual_names
from autograph.pyct.static_analysis import activity, reaching_definitions


def _analyze(src):
    tree = gast.parse(textwrap.dedent(src))
    tree = activity.resolve(qual_names.resolve(tree))
    return reaching_definitions.resolve(tree).body[0]


def _find(tree, first_line):
    [stmt] = [n for n in gast.walk(tree) if isinstance(n, gast.stmt)
              and ast.unparse(gast.gast_to_ast(n)).split("\n")[0] == first_line]
    return stmt


def _defined(fn, first_line):
    qns = anno.getanno(_find(fn, first_line), anno.Static.DEFINED_VARS_IN)
    return sorted(str(q) for q in qns)


def _maybe(fn, first_line):
    qns = anno.getanno(_find(fn, first_line), anno.Static.MAYBE_DEFINED_VARS_IN)
    return sorted(str(q) for q in qns)


def _reads(node, name):
    """The DEFINITIONS of each read of `name` under `node`, as sorted source lines."""
    found = []
    for n in gast.walk(node):
        if isinstance(n, gast.Name) and n.id == name and anno.hasanno(
                n, anno.Static.DEFINITIONS):
            found.append(sorted(_where(d) for d in anno.getanno(n, anno.Static.DEFINITIONS)))
    return found


def _where(definition):
    node = definition.node
    if isinstance(node, (gast.arguments, gast.comprehension)):
        return type(node).__name__
    return ast.unparse(gast.gast_to_ast(node)).split("\n")[0]


# Defined before a statement ---------------------------------------------------------------
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


# Definitions reaching each read -----------------------------------------------------------
def test_a_read_sees_the_definitions_of_both_branches():
    fn = _analyze("""
        def f(c):
            if c:
                x = 1
            else:
                x = 2
            return x
    """)
    assert _reads(_find(fn, "return x"), "x") == [["x = 1", "x = 2"]]


def test_a_read_in_a_loop_sees_the_definition_before_and_in_the_loop():
    fn = _analyze("""
        def f(n):
            s = 0
            while n > 0:
                s = s + n
                n = n - 1
            return s
    """)
    assert _reads(_find(fn, "s = s + n"), "s") == [["s = 0", "s = s + n"]]
    assert _reads(_find(fn, "s = s + n"), "n") == [["arguments", "n = n - 1"]]


def test_a_parameter_read_sees_the_parameters():
    fn = _analyze("""
        def f(x):
            return x
    """)
    assert _reads(fn.body[0], "x") == [["arguments"]]


def test_augmented_assignment_target_is_a_read():
    fn = _analyze("""
        def f():
            total = 0
            total += 1
    """)
    assert _reads(_find(fn, "total += 1"), "total") == [["total = 0"]]


def test_a_read_before_any_definition_sees_none():
    fn = _analyze("""
        def f():
            y = x
            x = 1
            return len(y)
    """)
    assert _reads(_find(fn, "y = x"), "x") == [[]]
    assert _reads(_find(fn, "return len(y)"), "len") == [[]]


def test_for_target_definitions_are_the_target():
    fn = _analyze("""
        def f(xs):
            for x in xs:
                y = x
    """)
    assert _reads(_find(fn, "y = x"), "x") == [["x"]]


def test_handler_name_definition_is_the_handler():
    fn = _analyze("""
        def f():
            try:
                pass
            except E as e:
                y = e
    """)
    assert _reads(_find(fn, "y = e"), "e") == [["except E as e:"]]
    assert _reads(_find(fn, "try:").handlers[0], "E") == [[]]


def test_nested_function_sees_the_outer_definitions_where_it_is_defined():
    fn = _analyze("""
        def f(x):
            y = 1
            def g(x):
                return x + y
            return g
    """)
    inner = _find(fn, "return x + y")
    assert _reads(inner, "x") == [["arguments"]]  # its own parameter shadows the outer x
    assert _reads(inner, "y") == [["y = 1"]]


def test_nested_function_can_read_its_own_name():
    fn = _analyze("""
        def f():
            def g(n):
                return g(n - 1)
    """)
    assert _reads(_find(fn, "return g(n - 1)"), "g") == [["def g(n):"]]


def test_methods_see_the_definitions_before_their_class():
    fn = _analyze("""
        def f():
            k = 1
            class C:
                def m(self):
                    return k
            return C
    """)
    assert _reads(_find(fn, "return k"), "k") == [["k = 1"]]


def test_comprehension_targets_shadow_outer_names():
    fn = _analyze("""
        def f(x):
            return [x for x in x if x]
    """)
    reads = _reads(fn.body[0], "x")
    assert sorted(map(tuple, reads)) == [("arguments",), ("comprehension",),
                                         ("comprehension",)]


def test_lambda_parameters_shadow_outer_names():
    fn = _analyze("""
        def f(a, b):
            g = lambda a, c=b: a + c + b
            return g
    """)
    reads = _reads(_find(fn, "g = lambda a, c=b: a + c + b"), "a")
    assert reads == [["arguments"]]
    assert all(r == ["arguments"] for r in _reads(_find(fn, "g = lambda a, c=b: a + c + b"),
                                                   "b"))


def test_deleted_name_has_no_definition_after():
    fn = _analyze("""
        def f(x):
            y = x
            del y
            return y
    """)
    assert _reads(_find(fn, "del y"), "y") == [["y = x"]]
    assert _reads(_find(fn, "return y"), "y") == [[]]


def test_definitions_are_equal_for_the_same_name_and_node():
    fn = _analyze("""
        def f():
            x = 1
            return x + x
    """)
    first, second = [anno.getanno(n, anno.Static.DEFINITIONS) for n in gast.walk(fn.body[1])
                     if isinstance(n, gast.Name)]
    assert first == second
    assert "Definition(x by Assign, line 3)" == repr(next(iter(first)))


def test_without_reads_statements_get_the_same_annotations_and_names_none():
    src = """
        def f(c):
            if c:
                x = 1
            def g(d):
                if d:
                    y = x
                return y
            return x
    """
    keys = (anno.Static.DEFINED_VARS_IN, anno.Static.MAYBE_DEFINED_VARS_IN)

    def annotations(**options):
        tree = activity.resolve(qual_names.resolve(gast.parse(textwrap.dedent(src))))
        fn = reaching_definitions.resolve(tree, **options).body[0]
        reads = [n for n in gast.walk(fn) if anno.hasanno(n, anno.Static.DEFINITIONS)]
        return [[anno.getanno(n, key, None) for key in keys] for n in gast.walk(fn)
                if isinstance(n, gast.stmt)], reads

    statements, reads = annotations()
    statements_only, no_reads = annotations(annotate_reads=False)
    assert statements_only == statements and reads and not no_reads
