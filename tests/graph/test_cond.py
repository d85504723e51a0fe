"""`cond` eagerly and in graphs, the `If` op's kernel and its inline execution, errors."""

import collections
import re

import numpy as np
import pytest

import autograph as ag
from autograph.runtime import execute
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.graph.func_graph import FuncGraph, func_graph_from_py_func
from autograph.runtime.ops.control_flow.ops import Assert, cond
from tests.graph.graph_testing import run

Pair = collections.namedtuple("Pair", "first second")


def failing():
    """A branch whose op fails when it runs."""
    Assert(False, ["the branch not taken ran"])
    return ag.convert_to_tensor(0.0)


def passing():
    return ag.convert_to_tensor(1.0)


# Eagerly ---------------------------------------------------------------------------------------
def test_eager_cond_calls_only_the_chosen_branch(device):
    calls = []
    result = cond(ag.convert_to_tensor(False), lambda: calls.append("true") or 1,
                  lambda: calls.append("false") or 2)
    assert result == 2 and calls == ["false"]


def test_eager_cond_returns_the_branch_result_as_it_is(device):
    x = ag.convert_to_tensor([1.0, 2.0])
    result = cond(True, lambda: {"x": x * 2.0, "n": None}, lambda: {"x": x, "n": None})
    np.testing.assert_array_equal(result["x"].numpy(), [2.0, 4.0])
    assert result["n"] is None


def test_eager_cond_refuses_a_non_bool_pred(device):
    with pytest.raises(TypeError, match="pred must be a bool scalar, got a float32 tensor"):
        cond(ag.convert_to_tensor(1.0), passing, passing)


def test_eager_cond_refuses_a_vector_pred(device):
    with pytest.raises(ValueError, match=r"pred must be a scalar, got shape \(2,\)"):
        cond(ag.convert_to_tensor([True, False]), passing, passing)


@pytest.mark.parametrize("bad", ["true_fn", "false_fn"])
def test_cond_needs_callable_branches(bad):
    fns = {"true_fn": passing, "false_fn": passing, bad: 3}
    with pytest.raises(TypeError, match=f"{bad} must be callable, got 3"):
        cond(True, **fns)


# In graphs ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("pred, expected", [(True, [2.0, 4.0]), (False, [0.0, 1.0])])
def test_graph_cond_matches_eager(graph, pred, expected):
    def f(p, x):
        return cond(p, lambda: x * 2.0, lambda: x - 1.0)
    eager = f(ag.convert_to_tensor(pred), ag.convert_to_tensor([1.0, 2.0]))
    with graph.as_default():
        p = ag.placeholder(ag.bool, [])
        x = ag.placeholder(ag.float32, [None])
        y = f(p, x)
    np.testing.assert_array_equal(run(graph, y, {p: pred, x: [1.0, 2.0]}), expected)
    np.testing.assert_array_equal(eager.numpy(), expected)


def test_graph_cond_is_one_if_op_with_traced_branches(graph):
    with graph.as_default():
        p = ag.placeholder(ag.bool, [], name="p")
        cond(p, lambda: ag.convert_to_tensor(1.0), lambda: ag.convert_to_tensor(2.0))
    op = graph.get_operation_by_name("cond")
    assert op.type == "If"
    assert isinstance(op.attrs["then_branch"], FuncGraph)
    assert (op.attrs["then_branch"].name, op.attrs["else_branch"].name) == ("cond_true",
                                                                           "cond_false")
    graph.lint()


def test_branches_are_traced_once(graph):
    traced = []
    with graph.as_default():
        p = ag.placeholder(ag.bool, [])
        y = cond(p, lambda: traced.append("t") or passing(),
                 lambda: traced.append("f") or passing())
    for value in (True, False, True):
        run(graph, y, {p: value})
    assert traced == ["t", "f"]


@pytest.mark.parametrize("pred", [True, False])
def test_only_the_taken_branch_runs(graph, pred):
    with graph.as_default():
        p = ag.placeholder(ag.bool, [])
        y = cond(p, passing, failing) if pred else cond(p, failing, passing)
    assert run(graph, y, {p: pred}) == 1.0
    with pytest.raises(InvalidArgumentError, match="assertion failed: .the branch not taken"):
        run(graph, y, {p: not pred})


def test_cond_captures_outer_tensors(graph):
    with graph.as_default():
        p = ag.placeholder(ag.bool, [])
        x = ag.placeholder(ag.float32, [2], name="x")
        k = ag.placeholder(ag.float32, [], name="k")
        y = cond(p, lambda: x * k, lambda: x + 1.0)
    op = graph.get_operation_by_name("cond")
    assert [t.name for t in op.inputs] == ["Placeholder:0", "x:0", "k:0"]
    for branch in (op.attrs["then_branch"], op.attrs["else_branch"]):
        assert [outer.name for outer, _ in branch.captures] == ["x:0", "k:0"]
    feeds = {x: [1.0, 2.0], k: 3.0}
    np.testing.assert_array_equal(run(graph, y, {p: True, **feeds}), [3.0, 6.0])
    np.testing.assert_array_equal(run(graph, y, {p: False, **feeds}), [2.0, 3.0])


def test_nested_cond_captures_through_every_level(graph):
    def f(p, q, x):
        return cond(p, lambda: cond(q, lambda: x * 10.0, lambda: x), lambda: -x)
    with graph.as_default():
        p, q = ag.placeholder(ag.bool, []), ag.placeholder(ag.bool, [])
        x = ag.placeholder(ag.float32, [])
        y = f(p, q, x)
    # Plain Python's answer: x * 10 when p and q, x when p only, -x otherwise.
    for pv, qv, expected in [(True, True, 20.0), (True, False, 2.0), (False, True, -2.0)]:
        assert run(graph, y, {p: pv, q: qv, x: 2.0}) == expected
    graph.lint()


def test_cond_returns_nested_structures_and_python_values(graph):
    with graph.as_default():
        p = ag.placeholder(ag.bool, [])
        x = ag.placeholder(ag.float32, [])
        out = cond(p, lambda: Pair(x, {"n": 1, "none": None}),
                   lambda: Pair(x * 2.0, {"n": 2, "none": None}))
    assert isinstance(out, Pair) and out.second["none"] is None
    values = run(graph, [out.first, out.second["n"]], {p: False, x: 3.0})
    assert values == [6.0, 2]


def test_output_shapes_are_the_most_specific_both_branches_fit(graph):
    with graph.as_default():
        p = ag.placeholder(ag.bool, [])
        a = ag.placeholder(ag.float32, [2, 3])
        b = ag.placeholder(ag.float32, [2, 4])
        same, mixed = cond(p, lambda: (a, a), lambda: (a + 1.0, b))
    assert same.shape.as_list() == [2, 3]
    assert mixed.shape.as_list() == [2, None]


def test_dtype_mismatch_names_the_output_and_both_dtypes(graph):
    with graph.as_default():
        p = ag.placeholder(ag.bool, [])
        with pytest.raises(TypeError, match=r"output\[1\]\['a'\] is float32 in true_fn and "
                                            r"int32 in false_fn"):
            cond(p, lambda: (1, {"a": 1.0}), lambda: (1, {"a": 1}))


def test_structure_mismatch_is_a_value_error(graph):
    with graph.as_default():
        p = ag.placeholder(ag.bool, [])
        with pytest.raises(ValueError, match="must return the same structure of values"):
            cond(p, lambda: (1.0, 2.0), lambda: 1.0)


def test_none_against_a_tensor_is_an_error(graph):
    with graph.as_default():
        p = ag.placeholder(ag.bool, [])
        with pytest.raises(TypeError, match=r"output\[0\] is None in true_fn and float32"):
            cond(p, lambda: [None], lambda: [1.0])


@pytest.mark.parametrize("pred, error, message", [
    (np.float32(1.0), TypeError, "pred must be a bool scalar, got a float32 tensor"),
    (np.array([True]), ValueError, r"pred must be a scalar, got shape \(1,\)"),
])
def test_graph_cond_checks_pred(graph, pred, error, message):
    with graph.as_default():
        with pytest.raises(error, match=message):
            cond(pred, passing, passing)


def test_a_branch_returning_an_op_returns_pred_in_its_place(graph):
    with graph.as_default():
        p = ag.placeholder(ag.bool, [])
        out = cond(p, lambda: ag.no_op(), lambda: Assert(True, ["fine"]))
    assert out.dtype == ag.bool
    assert run(graph, out, {p: False}) == np.False_


def test_branches_returning_none_give_the_if_op_to_run(graph):
    with graph.as_default():
        p = ag.placeholder(ag.bool, [])
        op = cond(p, lambda: Assert(False, ["ran"]) and None, lambda: None)
    assert op.type == "If"
    run(graph, op, {p: False})
    with pytest.raises(InvalidArgumentError, match=r"assertion failed: \[ran\]"):
        run(graph, op, {p: True})


def test_a_tensor_made_in_a_branch_cannot_be_used_outside(graph):
    leaked = []
    with graph.as_default():
        p = ag.placeholder(ag.bool, [])
        cond(p, lambda: leaked.append(passing() * 2.0) or 1.0, lambda: 1.0)
        with pytest.raises(ValueError, match="mul:0"):
            leaked[0] + 1.0


def test_a_tensor_of_a_finished_function_names_where_it_was_made(graph):
    leaked = []
    with graph.as_default():
        p = ag.placeholder(ag.bool, [])
        cond(p, lambda: leaked.append(passing() * 2.0) or 1.0, lambda: 1.0)
        with pytest.raises(ValueError, match=r"mul:0 \(created at .*test_cond.py:\d+\) cannot "
                                             r"be used in function 'cond_1_true'"):
            cond(p, lambda: leaked[0], lambda: 1.0)


# The If op itself: kernel (eager) and inline (Session) paths agree -------------------------------
def branch_pair():
    x = ag.convert_to_tensor(np.zeros(2, np.float32))
    then = func_graph_from_py_func("double", lambda v: v * 2.0, [x])
    other = func_graph_from_py_func("check", lambda v: (Assert(False, ["else ran"]), v)[1], [x])
    return then, other


def test_if_kernel_and_inline_code_agree(device, graph):
    then, other = branch_pair()
    attrs = {"Tout": [ag.float32], "then_branch": then, "else_branch": other}
    (eager,) = execute("If", [True, [[1.0, 2.0]]], attrs)
    with graph.as_default():
        x = ag.placeholder(ag.float32, [2])
        (inline,) = execute("If", [True, [x]], attrs)
    np.testing.assert_array_equal(eager.numpy(), run(graph, inline, {x: [1.0, 2.0]}))
    np.testing.assert_array_equal(eager.numpy(), [2.0, 4.0])


def test_if_outputs_live_on_the_ops_device(device):
    # A host array left among a device kernel's outputs would make a CPU tensor.
    then, other = branch_pair()
    attrs = {"Tout": [ag.float32], "then_branch": then, "else_branch": other}
    (out,) = execute("If", [True, [[1.0, 2.0]]], attrs)
    assert out.device.endswith(f"/device:{device}:0")
    np.testing.assert_array_equal((out * 3.0).numpy(), [6.0, 12.0])


def test_a_branch_is_planned_once_until_its_graph_changes():
    from autograph.kernels.control_flow_kernels import _plan

    then, _ = branch_pair()
    first = _plan(then)
    assert _plan(then) is first
    with then.as_default():
        ag.constant(1.0)  # a new op: the graph's version moves on
    assert _plan(then) is not first


def test_if_kernel_runs_only_the_taken_branch(device):
    then, other = branch_pair()
    attrs = {"Tout": [ag.float32], "then_branch": then, "else_branch": other}
    with pytest.raises(InvalidArgumentError) as raised:
        execute("If", [False, [[1.0, 2.0]]], attrs)
    assert re.search(r"test_cond.py:\d+: assertion failed: \[else ran\]$", raised.value.message)


def test_if_checks_its_branches_against_its_inputs(device):
    then, other = branch_pair()
    attrs = {"Tout": [ag.float32], "then_branch": then, "else_branch": other}
    with pytest.raises(InvalidArgumentError, match="then_branch 'double' takes 1 inputs but "
                                                   "the op passes 2"):
        execute("If", [True, [[1.0, 2.0], [3.0, 4.0]]], attrs)
    with pytest.raises(InvalidArgumentError, match="input 0 of then_branch 'double' is float32 "
                                                   "but the op passes int32"):
        execute("If", [True, [[1, 2]]], attrs)
    with pytest.raises(InvalidArgumentError, match="output 0 of then_branch 'double' is "
                                                   "float32 but the op declares int32"):
        execute("If", [True, [[1.0, 2.0]]], dict(attrs, Tout=[ag.int32]))


# Function graphs and structures (what cond is built on) --------------------------------------
def test_function_graph_inputs_are_arguments_then_captures(graph):
    with graph.as_default():
        k = ag.placeholder(ag.float32, [], name="k")
        fn = func_graph_from_py_func("scale", lambda v: Pair(v * k, None), [k])
    assert fn.building_function and fn.outer_graph is graph
    assert [t.name for t in fn.inputs] == ["arg_0:0", "k:0"]
    assert [(outer.name, inner.name) for outer, inner in fn.captures] == [("k:0", "k:0")]
    assert isinstance(fn.structured_outputs, Pair) and fn.structured_outputs.second is None
    assert [t.name for t in fn.outputs] == ["mul:0"]


def test_nested_function_graphs_capture_through_their_parents(graph):
    with graph.as_default():
        x = ag.placeholder(ag.float32, [], name="x")
        inner = []
        outer = func_graph_from_py_func(
            "outer", lambda: inner.append(func_graph_from_py_func("inner", lambda: x + 1.0))
            or 1.0)
    ((captured, middle),) = outer.captures
    assert captured is x and middle.graph is outer
    ((via, placeholder),) = inner[0].captures
    assert via is middle and placeholder.graph is inner[0]


def test_flatten_and_pack_round_trip_nested_structures():
    from autograph.runtime.graph.func_graph import flatten, flatten_with_paths, pack_sequence_as
    structure = {"b": [1, Pair(2, None)], "a": (3,)}
    assert flatten(structure) == [3, 1, 2, None]
    assert [p for p, _ in flatten_with_paths(structure)] == [
        "['a'][0]", "['b'][0]", "['b'][1].first", "['b'][1].second"]
    assert pack_sequence_as(structure, flatten(structure)) == structure
