"""Graphs for TensorBoard's Graphs dashboard: `ag.summary.graph`, `trace_on` / `trace_export`,
read back with TensorBoard's own reader."""

import warnings

import pytest

import autograph as ag
from autograph.runtime.summary import graphs as summary_graphs
from autograph.runtime.summary import profiler
from tests.summary.reading import accumulator, events_on_disk

summary = ag.summary


def branchy(x):
    with ag.name_scope("scaled"):
        y = x * 2.0
    if ag.reduce_sum(y) > 0:
        y = y + 1.0
    else:
        y = -y
    return y


def _nodes(logdir):
    return {n.name: n for n in accumulator(logdir).Graph().node}


def test_a_traced_functions_graph_has_its_ops_scopes_inputs_and_shapes(tmp_path):
    f = ag.function(branchy)
    with summary.create_file_writer(str(tmp_path)).as_default():
        assert summary.graph(f.get_concrete_function(ag.TensorSpec([3], ag.float32, "x")))
    nodes = _nodes(tmp_path)
    mul = nodes["scaled/mul"]
    assert mul.op == "Mul" and mul.input[0] == "x" and nodes[mul.input[1]].op == "Const"
    assert mul.attr["T"].type == 1  # DT_FLOAT
    assert [d.size for d in mul.attr["_output_shapes"].list.shape[0].dim] == [3]
    assert nodes["cond"].op == "If"
    assert nodes["cond"].attr["then_branch"].func.name == "cond/then_branch"


def test_branch_bodies_are_laid_out_under_their_op_and_take_its_inputs(tmp_path):
    f = ag.function(branchy)
    with summary.create_file_writer(str(tmp_path)).as_default():
        summary.graph(f.get_concrete_function(ag.TensorSpec([3], ag.float32, "x")).graph)
    nodes = _nodes(tmp_path)
    then_ops = {name: n.op for name, n in nodes.items() if name.startswith("cond/then_branch/")}
    assert "AddV2" in then_ops.values() and "Placeholder" in then_ops.values()
    (argument,) = [n for name, n in nodes.items()
                   if name.startswith("cond/then_branch/") and n.op == "Placeholder"]
    assert list(argument.input) == ["scaled/mul"]
    assert any(name.startswith("cond/else_branch/") and n.op == "Neg"
               for name, n in nodes.items())


def test_graph_is_refused_inside_a_function_and_for_other_objects():
    @ag.function
    def inside(x):
        summary.graph(ag.Graph())
        return x
    with pytest.raises(ValueError, match="graph\\(\\) cannot be invoked inside a graph "
                                         "context"):
        inside(ag.constant(1.0))
    with pytest.raises(TypeError, match="graph\\(\\) takes a Graph"):
        summary.graph(42)


def test_trace_export_writes_the_graph_of_the_function_that_ran(tmp_path):
    f = ag.function(branchy)
    writer = summary.create_file_writer(str(tmp_path))
    summary.trace_on(graph=True)
    f(ag.constant([1.0, 2.0]))
    with writer.as_default():
        summary.trace_export("branchy_trace", step=3)
    assert "cond" in _nodes(tmp_path)
    f(ag.constant([1.0, 2.0]))  # the trace is off again: nothing more is collected
    assert profiler._active == []


def test_two_functions_are_exported_side_by_side(tmp_path):
    f, g = ag.function(branchy), ag.function(lambda x: x - 1.0, autograph=False)
    summary.trace_on()
    f(ag.constant([1.0]))
    g(ag.constant([1.0]))
    with summary.create_file_writer(str(tmp_path)).as_default():
        summary.trace_export("both", step=0)
    roots = {name.split("/")[0] for name in _nodes(tmp_path)}
    assert roots == {"branchy_0", "<lambda>_1"}


def test_trace_with_the_profiler_writes_a_chrome_trace_too(tmp_path):
    f = ag.function(branchy)
    f(ag.constant([1.0]))
    summary.trace_on(graph=True, profiler=True)
    f(ag.constant([1.0]))
    with summary.create_file_writer(str(tmp_path)).as_default():
        summary.trace_export("profiled", step=0, profiler_outdir=str(tmp_path / "profile"))
    (trace,) = (tmp_path / "profile").glob("plugins/profile/*/*.trace.json.gz")
    names = {e["name"] for e in profiler.read_trace(str(trace)) if e.get("cat") == "op"}
    assert {"Mul", "AddV2"} <= names


def test_trace_export_without_trace_on_or_a_writer_warns_and_writes_nothing(tmp_path):
    with pytest.warns(UserWarning, match="before turning it on"):
        summary.trace_export("nothing", step=0)
    summary.trace_on()
    with pytest.warns(UserWarning, match="no default summary writer"):
        summary.trace_export("nothing", step=0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        summary.trace_off()  # nothing left to stop


def test_trace_on_twice_or_in_a_function_warns_and_trace_export_in_one_raises():
    summary.trace_on()
    try:
        with pytest.warns(UserWarning, match="Trace already enabled"):
            summary.trace_on()
    finally:
        summary.trace_off()

    @ag.function
    def inside(x):
        with pytest.warns(UserWarning, match="Cannot enable trace inside a function"):
            summary.trace_on()
        with pytest.raises(ValueError, match="trace_export\\(\\) cannot be invoked inside a "
                                             "graph context"):
            summary.trace_export("x", step=0)
        return x
    inside(ag.constant(1.0))
    assert not summary_graphs.tracing()


def test_trace_off_stops_the_profiler_that_trace_on_started(tmp_path):
    summary.trace_on(graph=True, profiler=True, profiler_outdir=str(tmp_path))
    assert profiler._active
    summary.trace_off()
    assert profiler._active == [] and not summary_graphs.tracing()
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_trace_export_takes_the_default_step_and_the_outdir_given_to_trace_on(tmp_path):
    f = ag.function(branchy)
    summary.trace_on(graph=True, profiler=True, profiler_outdir=str(tmp_path / "profile"))
    f(ag.constant([1.0]))
    with summary.create_file_writer(str(tmp_path / "log")).as_default(step=7):
        summary.trace_export("defaults")
    (event,) = [e for e in events_on_disk(tmp_path / "log") if e.graph_def]
    assert event.step == 7
    assert list((tmp_path / "profile").glob("plugins/profile/*/*.trace.json.gz"))
