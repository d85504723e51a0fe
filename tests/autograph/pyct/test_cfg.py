"""Control-flow graphs: one small function per construct, checked edge by edge.

Nodes are named by their source text (`str(node)`): the first line of a statement, a test
or iterable expression, a `for` target, a `with` item, `except ...:`, a case pattern or guard,
`(params)` for the entry and `exit` for the exit.
"""

import ast
import sys
import textwrap

import gast
import pytest

from autograph.pyct import anno, cfg


def _graph(src):
    return cfg.build(gast.parse(textwrap.dedent(src)).body[0])


def _node(graph, text):
    [node] = [n for n in graph.nodes if str(n) == text]
    return node


def _next(graph, text):
    return sorted(str(n) for n in _node(graph, text).next)


def _prev(graph, text):
    return sorted(str(n) for n in _node(graph, text).prev)


def _stmt(graph, first_line):
    [stmt] = [s for s in graph.stmt_next
              if ast.unparse(gast.gast_to_ast(s)).split("\n")[0] == first_line]
    return stmt


def _texts(nodes):
    return sorted(str(n) for n in nodes)


# The whole graph --------------------------------------------------------------------------
def test_straight_line_code_is_a_chain_from_entry_to_exit():
    graph = _graph("""
        def f(a):
            b = a
            c = b
    """)
    assert [str(n) for n in graph.nodes] == ["(a)", "b = a", "c = b", "exit"]
    assert _next(graph, "(a)") == ["b = a"] and _next(graph, "c = b") == ["exit"]


def test_entry_is_the_parameters_and_exit_is_synthetic():
    fn = gast.parse("def f(x, *, y):\n    return x").body[0]
    graph = cfg.build(fn)
    assert graph.entry.ast_node is fn.args and graph.exit.ast_node is None
    assert graph.nodes[0] is graph.entry and graph.nodes[-1] is graph.exit


def test_index_maps_ast_nodes_to_their_nodes():
    fn = gast.parse("def f(x):\n    if x:\n        y = 1").body[0]
    graph = cfg.build(fn)
    assert str(graph.index[fn.body[0].test]) == "x"
    assert graph.index[fn.body[0].body[0]].ast_node is fn.body[0].body[0]


def test_predecessors_mirror_successors():
    graph = _graph("""
        def f(x):
            while x:
                if x > 1:
                    break
                x = x - 1
            return x
    """)
    for node in graph.nodes:
        assert all(node in m.prev for m in node.next)
        assert all(node in p.next for p in node.prev)


def test_an_empty_body_leads_from_entry_to_exit():
    graph = _graph("def f():\n    pass")
    assert _next(graph, "()") == ["pass"] and _next(graph, "pass") == ["exit"]


# if ---------------------------------------------------------------------------------------
def test_if_without_else_branches_to_the_body_and_past_it():
    graph = _graph("""
        def f(x):
            if x > 0:
                x = 1
            return x
    """)
    assert _next(graph, "x > 0") == ["return x", "x = 1"]
    assert _next(graph, "x = 1") == ["return x"]


def test_if_else_branches_join_after():
    graph = _graph("""
        def f(x):
            if x > 0:
                y = 1
            else:
                y = 2
            return y
    """)
    assert _next(graph, "x > 0") == ["y = 1", "y = 2"]
    assert _prev(graph, "return y") == ["y = 1", "y = 2"]


def test_elif_tests_follow_each_other():
    graph = _graph("""
        def f(x):
            if x > 0:
                y = 1
            elif x < 0:
                y = 2
            return y
    """)
    assert _next(graph, "x > 0") == ["x < 0", "y = 1"]
    assert _next(graph, "x < 0") == ["return y", "y = 2"]


# while ------------------------------------------------------------------------------------
def test_while_loops_back_to_its_test():
    graph = _graph("""
        def f(x):
            while x > 0:
                x = x - 1
            return x
    """)
    assert _next(graph, "x > 0") == ["return x", "x = x - 1"]
    assert _next(graph, "x = x - 1") == ["x > 0"]


def test_while_else_runs_when_the_test_fails_and_break_skips_it():
    graph = _graph("""
        def f(x):
            while x > 0:
                if x == 5:
                    break
                x = x - 1
            else:
                x = 0
            return x
    """)
    assert _next(graph, "x > 0") == ["x = 0", "x == 5"]
    assert _next(graph, "break") == ["return x"]
    assert _next(graph, "x = 0") == ["return x"]


def test_continue_in_while_goes_to_the_test():
    graph = _graph("""
        def f(x):
            while x > 0:
                x = x - 1
                if x == 3:
                    continue
                y = x
    """)
    assert _next(graph, "continue") == ["x > 0"]
    assert _next(graph, "y = x") == ["x > 0"]


# for --------------------------------------------------------------------------------------
def test_for_evaluates_the_iterable_once_then_assigns_the_target_each_iteration():
    graph = _graph("""
        def f(xs):
            for x in xs:
                y = x
            return 0
    """)
    assert _next(graph, "xs") == ["return 0", "x"]
    assert _next(graph, "x") == ["y = x"]
    assert _next(graph, "y = x") == ["return 0", "x"]
    assert _prev(graph, "xs") == ["(xs)"]


def test_for_exit_does_not_pass_through_the_target():
    # An empty iterable leaves the target unassigned: no path out of the loop goes through it.
    graph = _graph("""
        def f(xs):
            for x in xs:
                pass
            return x
    """)
    assert "return x" not in _next(graph, "x")


def test_for_else_runs_when_exhausted_and_break_skips_it():
    graph = _graph("""
        def f(xs):
            for x in xs:
                if x:
                    break
            else:
                x = None
            return x
    """)
    assert _next(graph, "xs") == ["x", "x = None"]
    assert _next(graph, "break") == ["return x"]
    assert _next(graph, "x = None") == ["return x"]


def test_continue_in_for_goes_to_the_next_item_or_out():
    graph = _graph("""
        def f(xs):
            for x in xs:
                if x:
                    continue
                y = x
            return 0
    """)
    assert _next(graph, "continue") == ["return 0", "x"]


def test_extra_loop_test_is_checked_before_each_iteration():
    fn = gast.parse(textwrap.dedent("""
        def f(xs):
            for x in xs:
                done = x
            return 0
    """)).body[0]
    anno.setanno(fn.body[0], anno.Basic.EXTRA_LOOP_TEST,
                 gast.parse("not done", mode="eval").body)
    graph = cfg.build(fn)
    assert _next(graph, "xs") == ["not done"]
    assert _next(graph, "not done") == ["return 0", "x"]
    assert _next(graph, "done = x") == ["not done"]


def test_async_for_is_a_loop_too():
    graph = _graph("""
        async def f(xs):
            async for x in xs:
                y = x
            return 0
    """)
    assert _next(graph, "y = x") == ["return 0", "x"]


# Nested loops and jumps -------------------------------------------------------------------
def test_break_leaves_only_the_innermost_loop():
    graph = _graph("""
        def f(xs, ys):
            for x in xs:
                for y in ys:
                    if y:
                        break
                z = x
            return 0
    """)
    assert _next(graph, "break") == ["z = x"]
    assert _next(graph, "z = x") == ["return 0", "x"]


def test_continue_in_the_inner_loop_goes_on_with_the_inner_loop_or_after_it():
    graph = _graph("""
        def f(xs, ys):
            for x in xs:
                for y in ys:
                    if y:
                        continue
                    w = y
            return 0
    """)
    # The next item of ys, or (ys exhausted) the next item of xs, or (both) after the loops.
    assert _next(graph, "continue") == ["return 0", "x", "y"]
    assert _next(graph, "w = y") == ["return 0", "x", "y"]


def test_return_inside_nested_loops_goes_to_the_exit():
    graph = _graph("""
        def f(xs, ys):
            for x in xs:
                while ys:
                    return x
            return 0
    """)
    assert _next(graph, "return x") == ["exit"]


def test_code_after_return_is_unreachable():
    graph = _graph("""
        def f(x):
            return x
            y = 1
    """)
    assert _prev(graph, "y = 1") == []
    assert _next(graph, "return x") == ["exit"]


def test_break_outside_a_loop_is_an_error():
    with pytest.raises(ValueError, match="'break' outside a loop at line 3"):
        _graph("""
            def f(x):
                break
        """)


def test_continue_in_a_loop_else_belongs_to_the_outer_loop():
    graph = _graph("""
        def f(xs, n):
            while n:
                for x in xs:
                    pass
                else:
                    continue
                n = 0
    """)
    assert _next(graph, "continue") == ["n"]


# try --------------------------------------------------------------------------------------
def test_every_node_of_a_try_body_and_the_one_before_may_raise_into_the_handler():
    graph = _graph("""
        def f(x):
            a = 1
            try:
                b = g(x)
                c = h(b)
            except ValueError:
                c = 0
            return c
    """)
    assert _prev(graph, "except ValueError:") == ["a = 1", "b = g(x)", "c = h(b)"]
    assert _next(graph, "except ValueError:") == ["c = 0"]
    assert _next(graph, "c = 0") == ["return c"]


def test_the_body_raises_into_handlers_and_finally_part_way_the_node_before_once_done():
    graph = _graph("""
        def f(x):
            a = 1
            try:
                b = g(x)
            except ValueError:
                c = 0
            finally:
                d = 2
    """)
    raising = {str(n): sorted(str(m) for m in n.raising) for n in graph.nodes if n.raising}
    assert raising == {"b = g(x)": ["d = 2", "except ValueError:"], "c = 0": ["d = 2"],
                       "except ValueError:": ["d = 2"]}
    assert "except ValueError:" in _next(graph, "a = 1")


def test_try_else_follows_the_body_only():
    graph = _graph("""
        def f(x):
            try:
                b = g(x)
            except ValueError:
                b = 0
            else:
                b = b + 1
            return b
    """)
    assert _prev(graph, "b = b + 1") == ["b = g(x)"]
    assert _next(graph, "b = 0") == ["return b"]


def test_each_handler_may_receive_the_exception():
    graph = _graph("""
        def f(x):
            try:
                b = g(x)
            except ValueError:
                b = 1
            except TypeError as e:
                b = 2
            return b
    """)
    assert _next(graph, "b = g(x)") == ["except TypeError as e:", "except ValueError:",
                                        "return b"]


def test_finally_runs_after_the_body_the_handlers_and_on_exceptions():
    graph = _graph("""
        def f(x):
            try:
                b = g(x)
            except ValueError:
                b = 0
            finally:
                done = 1
            return b
    """)
    assert _prev(graph, "done = 1") == ["(x)", "b = 0", "b = g(x)", "except ValueError:"]
    assert _next(graph, "done = 1") == ["return b"]


def test_return_passes_through_finally_then_leaves():
    graph = _graph("""
        def f(x):
            try:
                return x
            finally:
                done = 1
            y = 2
    """)
    assert _next(graph, "return x") == ["done = 1"]
    assert _next(graph, "done = 1") == ["exit", "y = 2"]


def test_break_passes_through_finally_to_after_the_loop():
    graph = _graph("""
        def f(xs):
            for x in xs:
                try:
                    if x:
                        break
                finally:
                    done = x
            return 0
    """)
    assert _next(graph, "break") == ["done = x"]
    assert _next(graph, "done = x") == ["return 0", "x"]


def test_nested_finally_blocks_each_see_the_return():
    graph = _graph("""
        def f(x):
            try:
                try:
                    return x
                finally:
                    a = 1
            finally:
                b = 2
    """)
    assert _next(graph, "return x") == ["a = 1", "b = 2"]  # b = 2 directly if it raises
    assert _next(graph, "a = 1") == ["b = 2"]
    assert _next(graph, "b = 2") == ["exit"]


def test_raise_outside_try_may_leave_the_function():
    graph = _graph("""
        def f(x):
            if x:
                raise ValueError(x)
            return x
    """)
    assert [str(n) for n in graph.error] == ["raise ValueError(x)"]
    assert _next(graph, "raise ValueError(x)") == []


def test_raise_inside_try_goes_to_the_handler():
    graph = _graph("""
        def f(x):
            try:
                raise ValueError(x)
            except ValueError:
                x = 0
            return x
    """)
    assert graph.error == frozenset()
    assert _next(graph, "raise ValueError(x)") == ["except ValueError:"]


def test_raise_in_a_handler_without_finally_leaves_the_function():
    graph = _graph("""
        def f(x):
            try:
                x = g(x)
            except ValueError:
                raise
            return x
    """)
    assert [str(n) for n in graph.error] == ["raise"]


@pytest.mark.skipif(sys.version_info < (3, 11), reason="except* is new in Python 3.11")
def test_try_star_is_a_try():
    graph = _graph("""
        def f(x):
            try:
                b = g(x)
            except* ValueError:
                b = 0
            return b
    """)
    assert _prev(graph, "except ValueError:") == ["(x)", "b = g(x)"]  # printed alone


# with, match, nested definitions ----------------------------------------------------------
def test_with_items_come_in_order_before_the_body():
    graph = _graph("""
        def f(p):
            with open(p) as a, lock:
                b = a.read()
            return b
    """)
    assert _next(graph, "(p)") == ["open(p) as a"]
    assert _next(graph, "open(p) as a") == ["lock"]
    assert _next(graph, "lock") == ["b = a.read()"]


def test_match_tries_the_cases_in_order():
    graph = _graph("""
        def f(x):
            match x:
                case 0:
                    y = 0
                case [a, *rest] if a > 1:
                    y = a
            return y
    """)
    assert _next(graph, "x") == ["0", "[a, *rest]", "return y"]
    assert _next(graph, "[a, *rest]") == ["a > 1"]
    assert _next(graph, "a > 1") == ["return y", "y = a"]


def test_an_irrefutable_last_case_leaves_no_way_past_the_match():
    graph = _graph("""
        def f(x):
            match x:
                case 0:
                    y = 0
                case _:
                    y = 1
            return y
    """)
    assert _next(graph, "x") == ["0", "_"]
    assert _prev(graph, "return y") == ["y = 0", "y = 1"]


def test_a_nested_function_is_one_node():
    graph = _graph("""
        def f(x):
            def g(y):
                if y:
                    return y
            return g(x)
    """)
    assert [str(n) for n in graph.nodes] == ["(x)", "def g(y):", "return g(x)", "exit"]


def test_a_lambda_stays_inside_its_statement():
    graph = _graph("""
        def f(x):
            g = lambda y: y if y else x
            return g
    """)
    assert len(graph.nodes) == 4


def test_build_all_gives_every_function_outermost_first():
    tree = gast.parse(textwrap.dedent("""
        def f(x):
            def g(y):
                class C:
                    def m(self):
                        return 1
                return C
            return g
    """))
    graphs = cfg.build_all(tree)
    assert [fn.name for fn in graphs] == ["f", "g", "m"]


def test_build_all_finds_definitions_in_every_block_in_the_order_of_a_walk():
    tree = gast.parse(textwrap.dedent("""
        def f(x):
            try:
                pass
            except E:
                def in_handler():
                    pass
            finally:
                def in_finally():
                    pass
            match x:
                case 0:
                    def in_case():
                        pass
            while x:
                pass
            else:
                def in_else():
                    def nested():
                        pass
            async def coroutine():
                pass
            g = lambda: 0
    """))
    walked = [n for n in gast.walk(tree) if isinstance(n, (gast.FunctionDef,
                                                           gast.AsyncFunctionDef))]
    assert list(cfg.build_all(tree)) == walked and len(walked) == 7


def test_build_takes_only_function_definitions():
    with pytest.raises(TypeError, match="function definition, not Module"):
        cfg.build(gast.parse("x = 1"))


# Statement boundaries ---------------------------------------------------------------------
def test_statement_edges_of_a_simple_statement():
    graph = _graph("""
        def f(x):
            a = x
            b = a
    """)
    stmt = _stmt(graph, "a = x")
    assert _texts(graph.stmt_prev[stmt]) == ["(x)"]
    assert _texts(graph.stmt_entry[stmt]) == ["a = x"]
    assert _texts(graph.stmt_next[stmt]) == ["b = a"]


def test_statement_edges_of_a_loop_are_those_of_the_whole_loop():
    graph = _graph("""
        def f(x):
            while x > 0:
                if x == 2:
                    break
                x = x - 1
            return x
    """)
    loop = _stmt(graph, "while x > 0:")
    assert _texts(graph.stmt_prev[loop]) == ["(x)"]
    assert _texts(graph.stmt_entry[loop]) == ["x > 0"]
    assert _texts(graph.stmt_next[loop]) == ["return x"]


def test_statement_edges_of_a_loop_body_statement_include_the_loop_head():
    graph = _graph("""
        def f(x):
            while x > 0:
                if x == 2:
                    continue
                x = x - 1
    """)
    branch = _stmt(graph, "if x == 2:")
    assert _texts(graph.stmt_next[branch]) == ["x = x - 1", "x > 0"]


def test_statement_edges_leave_out_exceptions():
    graph = _graph("""
        def f(x):
            try:
                if x:
                    y = 1
                z = 2
            except ValueError:
                z = 3
    """)
    branch = _stmt(graph, "if x:")
    assert _texts(graph.stmt_next[branch]) == ["z = 2"]


def test_statement_edges_of_the_last_statement_reach_the_exit():
    graph = _graph("""
        def f(x):
            if x:
                x = 1
    """)
    assert _texts(graph.stmt_next[_stmt(graph, "if x:")]) == ["exit"]


def test_a_try_is_entered_at_its_body_and_its_handlers():
    graph = _graph("""
        def f(x):
            a = 1
            try:
                b = 2
            except ValueError:
                b = 3
    """)
    stmt = _stmt(graph, "try:")
    assert _texts(graph.stmt_entry[stmt]) == ["b = 2", "except ValueError:"]
    assert _texts(graph.stmt_prev[stmt]) == ["a = 1"]


def test_nodes_print_with_their_index():
    graph = _graph("def f(x):\n    return x")
    assert repr(graph.nodes[1]) == "<Node 1: return x>"
    assert "<Node 2: exit> -> []" in repr(graph)
