"""`while_loop` eagerly and in graphs, the `While` op's kernel and inline execution, errors."""

import collections

import numpy as np
import pytest

import autograph as ag
from autograph.runtime import execute
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.graph.func_graph import func_graph_from_py_func
from autograph.runtime.ops.control_flow.ops import Assert, cond, while_loop
from autograph.runtime.ops.list.tensor_array import TensorArray
from tests.graph.graph_testing import run

State = collections.namedtuple("State", "step total")


def triangle(n):
    """Sums 0..n-1 with a loop of two variables."""
    return while_loop(lambda i, s: i < n, lambda i, s: (i + 1, s + i), (0, 0))


# Eagerly ---------------------------------------------------------------------------------------
def test_eager_while_loop_is_a_python_loop(device):
    i, total = triangle(ag.convert_to_tensor(5))
    assert (int(i), int(total)) == (5, 10)


def test_eager_maximum_iterations_stops_the_loop(device):
    assert while_loop(lambda i: True, lambda i: i + 1, [0], maximum_iterations=7) == [7]


def test_eager_single_loop_variable_may_be_bare(device):
    assert while_loop(lambda x: x < 50, lambda x: x * 3, 1) == 81


def test_eager_result_has_the_structure_of_loop_vars(device):
    out = while_loop(lambda s: s.step < 3, lambda s: State(s.step + 1, s.total + 2.0),
                     [State(0, 0.0)])
    assert out == [State(3, 6.0)]


def test_eager_body_must_keep_the_structure(device):
    with pytest.raises(ValueError, match="body must return the structure of loop_vars"):
        while_loop(lambda a, b: a < 3, lambda a, b: (a + 1,), (0, 0))


# In graphs ---------------------------------------------------------------------------------------
def test_graph_while_loop_matches_eager(graph):
    with graph.as_default():
        n = ag.placeholder(ag.int32, [])
        i, total = triangle(n)
    assert run(graph, [i, total], {n: 5}) == [5, 10]
    assert [int(v) for v in triangle(ag.convert_to_tensor(5))] == [5, 10]
    graph.lint()


def test_graph_while_loop_is_one_op_whatever_the_iteration_count(graph):
    with graph.as_default():
        n = ag.placeholder(ag.int32, [])
        i, _ = triangle(n)
    ops = len(graph.get_operations())
    assert run(graph, i, {n: 1000}) == 1000
    assert len(graph.get_operations()) == ops
    assert graph.get_operation_by_name("while").type == "While"


def test_ten_thousand_iterations(graph):
    # the cost per iteration is in benchmarks/graph_session.py
    with graph.as_default():
        n = ag.placeholder(ag.int32, [])
        i, total = triangle(n)
    with ag.Session(graph=graph) as sess:
        assert sess.run([i, total], {n: 10}) == [10, 45]
        assert sess.run([i, total], {n: 10_000}) == [10_000, sum(range(10_000))]


def test_body_and_cond_are_traced_once(graph):
    traced = []
    with graph.as_default():
        n = ag.placeholder(ag.int32, [])
        i = while_loop(lambda i: traced.append("cond") or i < n,
                       lambda i: traced.append("body") or i + 1, [0])
    assert run(graph, i, {n: 20}) == [20]
    assert traced == ["cond", "body"]


def test_nested_structures_of_loop_variables(graph):
    def f(x):
        def body(s):
            return {"state": State(s["state"].step + 1, s["state"].total + x), "k": s["k"]}
        return while_loop(lambda s: s["state"].step < 4, body,
                          [{"k": 2.0, "state": State(0, ag.zeros_like(x))}])
    with graph.as_default():
        x = ag.placeholder(ag.float32, [2])
        (out,) = f(x)
    assert isinstance(out["state"], State)
    step, total, k = run(graph, [out["state"].step, out["state"].total, out["k"]],
                         {x: [1.0, 0.5]})
    assert (step, k) == (4, 2.0)
    np.testing.assert_array_equal(total, [4.0, 2.0])
    (eager,) = f(ag.convert_to_tensor([1.0, 0.5]))
    np.testing.assert_array_equal(eager["state"].total.numpy(), total)


def test_graph_maximum_iterations_is_an_extra_counter(graph):
    with graph.as_default():
        limit = ag.placeholder(ag.int32, [])
        (x,) = while_loop(lambda x: x < 1000, lambda x: x * 2, [1], maximum_iterations=limit)
    assert run(graph, x, {limit: 3}) == 8
    assert run(graph, x, {limit: 100}) == 1024
    op = graph.get_operation_by_name("while")
    assert [t.op.type for t in op.inputs] == ["Const", "Const", "Placeholder"]  # counter, x, limit


def test_loop_captures_outer_tensors(graph):
    with graph.as_default():
        n = ag.placeholder(ag.int32, [], name="n")
        step = ag.placeholder(ag.int32, [], name="step")
        (i,) = while_loop(lambda i: i < n, lambda i: i + step, [0])
    op = graph.get_operation_by_name("while")
    assert [t.name for t in op.inputs[1:]] == ["n:0", "step:0"]
    assert run(graph, i, {n: 10, step: 3}) == 12


def test_cond_inside_while_inside_cond(graph):
    def f(p, n, x):
        def body(i, acc):
            return i + 1, cond(i % 2 == 0, lambda: acc + x, lambda: acc - 1.0)
        return cond(p, lambda: while_loop(lambda i, acc: i < n, body, (0, 0.0))[1],
                    lambda: x)
    with graph.as_default():
        p, n = ag.placeholder(ag.bool, []), ag.placeholder(ag.int32, [])
        x = ag.placeholder(ag.float32, [])
        y = f(p, n, x)
    assert run(graph, y, {p: True, n: 5, x: 10.0}) == 28.0
    assert run(graph, y, {p: False, n: 5, x: 10.0}) == 10.0
    eager = f(ag.convert_to_tensor(True), ag.convert_to_tensor(5), ag.convert_to_tensor(10.0))
    assert float(eager) == 28.0
    graph.lint()


def test_while_inside_while(graph):
    def f(n):
        def outer(i, total):
            (_, inner) = while_loop(lambda j, t: j < i, lambda j, t: (j + 1, t + j), (0, 0))
            return i + 1, total + inner
        return while_loop(lambda i, t: i < n, outer, (0, 0))[1]
    with graph.as_default():
        n = ag.placeholder(ag.int32, [])
        y = f(n)
    expected = sum(sum(range(i)) for i in range(6))
    assert run(graph, y, {n: 6}) == expected == int(f(ag.convert_to_tensor(6)))


def test_a_shape_invariant_lets_a_shape_vary(graph):
    with graph.as_default():
        x = ag.placeholder(ag.float32, [2])
        (v,) = while_loop(lambda v: ag.reduce_sum(v) < 20.0, lambda v: ag.concat([v, v], 0),
                          [x], shape_invariants=[ag.TensorShape([None])])
    assert v.shape.as_list() == [None]
    np.testing.assert_array_equal(run(graph, v, {x: [1.0, 2.0]}), [1.0, 2.0] * 8)


# Errors ------------------------------------------------------------------------------------------
def test_a_shape_change_without_invariant_names_the_variable(graph):
    with graph.as_default():
        x = ag.placeholder(ag.float32, [2])
        with pytest.raises(ValueError, match=r"loop variable loop_vars\[1\]\['v'\] enters the "
                                             r"loop with shape \(2,\) but has shape \(4,\) "
                                             r".*shape_invariants.*\(None,\)"):
            while_loop(lambda i, d: i < 3, lambda i, d: (i + 1, {"v": ag.concat([x, x], 0)}),
                       (0, {"v": x}))


def test_a_dtype_change_names_the_variable_and_both_dtypes(graph):
    with graph.as_default():
        with pytest.raises(TypeError, match=r"loop variable loop_vars\[0\] has dtype int32 "
                                            r"before the loop but float32 after one iteration"):
            while_loop(lambda i: i < 3, lambda i: ag.cast(i, ag.float32), [0])


def test_an_invariant_must_fit_the_initial_shape(graph):
    with graph.as_default():
        x = ag.placeholder(ag.float32, [2])
        with pytest.raises(ValueError, match=r"shape invariant \(3,\) of loop variable "
                                             r"loop_vars\[0\] does not fit its initial shape "
                                             r"\(2,\)"):
            while_loop(lambda v: True, lambda v: v, [x], shape_invariants=[[3]])


def test_invariants_must_have_the_structure_of_loop_vars(graph):
    with graph.as_default():
        with pytest.raises(ValueError, match="shape_invariants must have the structure"):
            while_loop(lambda a, b: True, lambda a, b: (a, b), (1, 2), shape_invariants=[[]])


def test_cond_must_return_a_bool_scalar(graph):
    with graph.as_default():
        with pytest.raises(TypeError, match="cond must return a bool scalar, but returns an "
                                            "int32 tensor"):
            while_loop(lambda i: i, lambda i: i + 1, [0])


def test_body_must_return_the_structure_of_loop_vars(graph):
    with graph.as_default():
        with pytest.raises(ValueError, match="body must return the structure of loop_vars: "
                                             "The structures differ at the top level"):
            while_loop(lambda a, b: a < 3, lambda a, b: [a], (0, 0))


def test_a_tensor_array_variable_must_stay_one(graph):
    with graph.as_default():
        ta = TensorArray(ag.float32, size=1)
        with pytest.raises(TypeError, match=r"loop_vars\[0\] is a TensorArray of float32 "
                                            r"before the loop but body returns a float32"):
            while_loop(lambda t: True, lambda t: t.read(0), [ta])


@pytest.mark.parametrize("kwargs, error, message", [
    ({"loop_vars": []}, ValueError, "loop_vars must be provided"),
    ({"cond": None}, TypeError, "cond must be callable"),
    ({"parallel_iterations": 0}, TypeError, "parallel_iterations must be a positive integer"),
])
def test_bad_arguments(kwargs, error, message):
    args = dict(cond=lambda i: i < 2, body=lambda i: i + 1, loop_vars=[0])
    with pytest.raises(error, match=message):
        while_loop(**{**args, **kwargs})


# The While op itself ---------------------------------------------------------------------------
def loop_functions():
    i, x = ag.convert_to_tensor(0), ag.convert_to_tensor(np.zeros(2, np.float32))
    cond_fn = func_graph_from_py_func("below_3", lambda i, x: i < 3, [i, x])
    body = func_graph_from_py_func("step", lambda i, x: (i + 1, x * 2.0), [i, x])
    return {"cond": cond_fn, "body": body}


def test_while_kernel_and_inline_code_agree(device, graph):
    eager = execute("While", [[0, [1.0, 1.5]]], loop_functions())
    with graph.as_default():
        x = ag.placeholder(ag.float32, [2])
        inline = execute("While", [[0, x]], loop_functions())
    assert int(eager[0]) == run(graph, inline[0], {x: [1.0, 1.5]}) == 3
    np.testing.assert_array_equal(eager[1].numpy(), run(graph, inline[1], {x: [1.0, 1.5]}))
    np.testing.assert_array_equal(eager[1].numpy(), [8.0, 12.0])


def test_while_kernel_runs_every_op_of_the_body(device):
    i = ag.convert_to_tensor(0)
    cond_fn = func_graph_from_py_func("below_3", lambda i: i < 3, [i])
    body = func_graph_from_py_func("checked", lambda i: (Assert(i < 2, ["i is", i]), i + 1)[1],
                                   [i])
    with pytest.raises(InvalidArgumentError, match=r"assertion failed: \[i is\] \[2\]"):
        execute("While", [[0]], {"cond": cond_fn, "body": body})


def test_while_checks_its_functions(device):
    functions = loop_functions()
    with pytest.raises(InvalidArgumentError, match="cond 'below_3' takes 2 inputs but the op "
                                                   "passes 1"):
        execute("While", [[0]], functions)
    bad_cond = dict(functions, cond=functions["body"])
    with pytest.raises(InvalidArgumentError, match="cond 'step' must return one bool scalar"):
        execute("While", [[0, [1.0, 2.0]]], bad_cond)
