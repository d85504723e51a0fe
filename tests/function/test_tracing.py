"""`ag.function` tracing: when it traces, what the graph holds, Python side effects, outputs."""

import collections

import numpy as np
import numpy.testing as npt
import pytest

import autograph as ag
from autograph.runtime.graph.func_graph import FuncGraph


def test_first_call_traces_and_returns_eager_result():
    add = ag.function(lambda a, b: a + b)
    result = add(ag.ones([2, 2]), ag.ones([2, 2]))
    npt.assert_array_equal(result.numpy(), np.full((2, 2), 2.0, np.float32))


def test_new_dtype_traces_again_same_dtype_reuses_trace():
    traced = []

    @ag.function
    def double(a):
        traced.append(a.dtype)
        return a + a
    assert double(ag.constant(1)).numpy() == 2
    npt.assert_allclose(double(ag.constant(1.1)).numpy(), 2.2, rtol=1e-6)
    assert double(ag.constant("a")).numpy() == b"aa"
    assert double(ag.constant("b")).numpy() == b"bb"
    assert traced == [ag.int32, ag.float32, ag.string]
    assert double.experimental_get_tracing_count() == 3


def test_placeholder_is_named_after_the_parameter():
    seen = []

    @ag.function
    def double(a):
        seen.append(a.name)
        return a + a
    double(ag.constant(1))
    assert seen == ["a:0"]


def test_python_side_effect_runs_only_while_tracing():
    external_list = []

    @ag.function
    def side_effect(x):
        external_list.append(x)
    side_effect(1)
    side_effect(1)
    side_effect(1)
    assert len(external_list) == 1


def test_ag_print_runs_on_every_call(capsys):
    @ag.function
    def f(x):
        ag.print("Executed with", x)
    f(1)
    f(1)
    f(2)
    assert capsys.readouterr().out == "Executed with 1\nExecuted with 1\nExecuted with 2\n"


def test_separate_functions_do_not_share_traces(capsys):
    def f():
        ag.print("Executing")
    first, second = ag.function(f), ag.function(f)
    first()
    second()
    second()
    assert first.experimental_get_tracing_count() == 1
    assert second.experimental_get_tracing_count() == 1
    assert capsys.readouterr().out == "Executing\n" * 3


def test_closed_over_python_value_keeps_its_trace_time_value():
    state = {"foo": 1}

    @ag.function
    def buggy_add():
        return 1 + state["foo"]
    assert buggy_add() == 2
    state["foo"] = 100
    assert buggy_add() == 2


def test_closed_over_variable_is_read_live():
    foo = ag.Variable(1)

    @ag.function
    def variable_add():
        return 1 + foo
    assert variable_add().numpy() == 2
    foo.assign(100)
    assert variable_add().numpy() == 101


def test_closed_over_eager_tensor_is_captured():
    offset = ag.constant([10.0, 20.0])

    @ag.function
    def shift(x):
        return x + offset
    npt.assert_array_equal(shift(ag.constant([1.0, 2.0])).numpy(), [11.0, 22.0])


def test_structured_outputs_keep_their_structure():
    Pair = collections.namedtuple("Pair", "low high")

    @ag.function
    def split(x):
        return {"pair": Pair(x - 1, x + 1), "same": [x, None], "n": 3}
    out = split(ag.constant(5))
    assert out["pair"].low.numpy() == 4 and out["pair"].high.numpy() == 6
    assert out["same"][0].numpy() == 5 and out["same"][1] is None
    assert out["n"].numpy() == 3  # a returned Python number comes back as a tensor


def test_outputs_go_through_identity_ops():
    @ag.function
    def double(a):
        return a + a
    graph = double.get_concrete_function(ag.constant("a")).graph
    nodes = [(node.input, node.name) for node in graph.as_graph_def().node]
    assert nodes == [([], "a"), (["a", "a"], "add"), (["add"], "Identity")]


def test_graph_is_a_func_graph_marked_returned():
    @ag.function
    def f(x):
        return x * 2
    graph = f.get_concrete_function(ag.constant(1.0)).graph
    assert isinstance(graph, FuncGraph)
    assert graph.name == "f" and graph.returned_from == "f"


def test_tensor_if_becomes_graph_control_flow():
    @ag.function
    def relu(x):
        if x > 0:
            return x
        return -x * 0
    assert relu(ag.constant(3.0)).numpy() == 3.0
    assert relu(ag.constant(-3.0)).numpy() == 0.0
    assert relu.experimental_get_tracing_count() == 1


def test_autograph_false_does_not_convert():
    def f(x):
        if x > 0:
            return x
        return -x
    with pytest.raises(TypeError, match="bool"):
        ag.function(f, autograph=False)(ag.constant(1))


def test_name_option_names_the_graph():
    f = ag.function(lambda x: x + 1, name="inc")
    assert f.get_concrete_function(ag.constant(1)).graph.name == "inc"


def test_stateful_ops_run_in_program_order(capsys):
    v = ag.Variable(1)

    @ag.function
    def f():
        ag.print("before", v)
        v.assign_add(1)
        ag.print("after", v)
    f()
    assert capsys.readouterr().out == "before 1\nafter 2\n"


def test_returned_operation_runs_and_gives_none():
    v = ag.Variable(0)

    @ag.function
    def f():
        return v.assign_add(5, read_value=False)
    assert f() is None
    assert v.numpy() == 5
