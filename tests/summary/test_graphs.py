"""Graphs for TensorBoard's Graphs dashboard: `ag.summary.graph`, `trace_on` / `trace_export`,
read back with TensorBoard's own reader."""

import warnings

import pytest

import autograph as ag
from autograph.runtime.graph import recording
from autograph.runtime.summary import graphs as summary_graphs
from autograph.runtime.summary import profiler
from autograph.runtime.summary.graph_def import graph_def
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


def _one_warning(record):
    (warning,) = record
    assert warning.filename == __file__  # the caller's line, not ours
    return str(warning.message)


def test_graph_writes_at_step_zero_and_only_with_a_writer(tmp_path):
    g = ag.function(branchy).get_concrete_function(ag.TensorSpec([2], ag.float32))
    assert not summary.graph(g).numpy()  # no default writer
    writer = summary.create_file_writer(str(tmp_path))
    with writer.as_default():
        assert summary.graph(g).numpy()
    writer.close()
    (event,) = [e for e in events_on_disk(tmp_path) if e.graph_def]
    assert event.step == 0


def test_graph_takes_a_graph_def_and_refuses_other_objects_exactly(tmp_path):
    proto = graph_def(ag.function(branchy).get_concrete_function(
        ag.TensorSpec([2], ag.float32)).graph)
    writer = summary.create_file_writer(str(tmp_path))
    with writer.as_default():
        assert summary.graph(proto).numpy()
    writer.close()
    assert "cond" in _nodes(tmp_path)

    class NodesOnly:
        node = []
    with pytest.raises(TypeError) as e:
        summary.graph(NodesOnly())
    assert str(e.value) == "graph() takes a Graph, a ConcreteFunction or a GraphDef; got NodesOnly."

    @ag.function
    def inside(x):
        summary.graph(ag.Graph())
        return x
    with pytest.raises(ValueError) as e:
        inside(ag.constant(1.0))
    assert str(e.value).endswith("graph() cannot be invoked inside a graph context.")


def test_warnings_name_the_callers_line_and_say_exactly_what(tmp_path):
    with pytest.warns(UserWarning) as record:
        summary.trace_export("x", step=0)
    assert _one_warning(record) == "Cannot export trace before turning it on."
    summary.trace_on()
    with pytest.warns(UserWarning) as record:
        summary.trace_on()
    assert _one_warning(record) == "Trace already enabled"
    with pytest.warns(UserWarning) as record:
        summary.trace_export("mine", step=0)
    assert _one_warning(record) == ("trace_export('mine'): no default summary writer; nothing "
                                    "is written.")
    profiler.start(str(tmp_path))
    try:
        with pytest.warns(UserWarning) as record:
            summary.trace_on(profiler=True)
        assert _one_warning(record) == ("trace_on(profiler=True) could not start the profiler: "
                                        "Another profiler is running.")
    finally:
        summary.trace_off()
        profiler.stop(save=False)


def test_trace_export_in_a_function_says_so_exactly():
    @ag.function
    def inside(x):
        with pytest.warns(UserWarning) as record:
            summary.trace_on()
        assert str(record[0].message) == "Cannot enable trace inside a function being traced."
        with pytest.raises(ValueError) as e:
            summary.trace_export("x", step=0)
        assert str(e.value) == "trace_export() cannot be invoked inside a graph context."
        return x
    inside(ag.constant(1.0))


def test_a_trace_without_graphs_writes_the_profile_only(tmp_path):
    f = ag.function(branchy)
    summary.trace_on(graph=False, profiler=True)
    f(ag.constant([1.0]))
    writer = summary.create_file_writer(str(tmp_path))
    with writer.as_default():
        summary.trace_export("profile only", step=0)
    writer.close()
    assert not [e for e in events_on_disk(tmp_path) if e.graph_def]
    assert list(tmp_path.glob("plugins/profile/*/*.trace.json.gz"))
    assert recording.observers == []


def test_graphs_of_sessions_and_functions_are_named_side_by_side(tmp_path):
    graph = ag.Graph()
    with graph.as_default():
        x = ag.compat.v1.placeholder(ag.float32, [2], name="x")
        doubled = x * 2.0
    f = ag.function(branchy)
    summary.trace_on()
    with ag.compat.v1.Session(graph=graph) as session:
        session.run(doubled, {x: [1.0, 2.0]})
    f(ag.constant([1.0]))
    writer = summary.create_file_writer(str(tmp_path))
    with writer.as_default():
        summary.trace_export("both", step=0)
    writer.close()
    nodes = _nodes(tmp_path)
    assert {name.split("/")[0] for name in nodes} == {"graph_0", "branchy_1"}
    assert nodes["branchy_1/cond"].op == "If" and nodes["graph_0/mul"].op == "Mul"
