"""The profiler: one trace event per op that runs, with its type, name, device and the user's
line, in a Chrome trace file; nothing recorded and nothing paid when it is not running."""

import gzip
import json
import re
import threading
import time

import numpy.testing as npt
import pytest

import autograph as ag
from autograph.runtime.exec import executor
from autograph.runtime.exec.executor import Plan
from autograph.runtime.graph import recording
from autograph.runtime.summary import profiler

experimental = ag.profiler.experimental


def scaled_log(x):
    y = x * 2.0
    z = ag.math.log(y + 1.0)
    return ag.reduce_sum(z)


LINE = scaled_log.__code__.co_firstlineno


def _ops(events):
    return [e for e in events if e.get("ph") == "X" and e["cat"] == "op"]


def test_trace_events_match_the_ops_and_lines_of_the_plan(tmp_path):
    f = ag.function(scaled_log)
    x = ag.constant([1.0, 2.0, 3.0])
    concrete = f.get_concrete_function(x)
    f(x)
    experimental.start(str(tmp_path))
    f(x)
    path = experimental.stop()
    events = _ops(profiler.read_trace(path))
    planned = [(op.type, op.name) for op in concrete._plan.ops if op.type != "Const"]
    assert [(e["name"], e["args"]["name"]) for e in events] == planned
    lines = {e["args"]["name"]: e["args"]["source"] for e in events}
    assert lines["mul"] == f"{__file__}:{LINE + 1}"
    assert lines["Log"] == f"{__file__}:{LINE + 2}"
    assert lines["Sum"] == f"{__file__}:{LINE + 3}"
    assert all(e["args"]["graph"] == "scaled_log" for e in events)
    assert all(e["dur"] >= 0 and e["ts"] >= 0 for e in events)
    assert {e["args"]["bytes"] for e in events if e["args"]["name"] == "mul"} == {12}


def test_the_file_is_a_gzipped_chrome_trace_under_plugins_profile(tmp_path):
    experimental.start(str(tmp_path))
    ag.constant([1.0]) + 1.0
    path = experimental.stop()
    relative = path[len(str(tmp_path)) + 1:].split("/")
    assert relative[:2] == ["plugins", "profile"] and relative[3].endswith(".trace.json.gz")
    with gzip.open(path, "rt") as f:
        trace = json.load(f)
    devices = [e["args"]["name"] for e in trace["traceEvents"] if e["ph"] == "M"]
    assert devices == ["Host: Trace spans", "/job:localhost/replica:0/task:0/device:CPU:0"]


def test_eager_ops_are_events_at_the_users_line(tmp_path):
    experimental.start(str(tmp_path))
    ag.math.exp(ag.constant([0.0]))
    path = experimental.stop()
    (event,) = [e for e in _ops(profiler.read_trace(path)) if e["name"] == "Exp"]
    assert event["args"]["source"].startswith(f"{__file__}:")
    assert event["args"]["name"] == ""


def test_trace_spans_carry_their_step(tmp_path):
    with experimental.Profile(str(tmp_path)):
        for step in range(2):
            with experimental.Trace("train", step_num=step):
                ag.constant([1.0]) * 3.0
    (path,) = tmp_path.glob("plugins/profile/*/*.trace.json.gz")
    spans = [e for e in profiler.read_trace(str(path)) if e.get("cat") == "trace"]
    assert [(s["name"], s["args"]) for s in spans] == [("train", {"step_num": 0}),
                                                       ("train", {"step_num": 1})]
    muls = [e for e in _ops(profiler.read_trace(str(path))) if e["name"] == "Mul"]
    assert all(s["ts"] <= m["ts"] and m["ts"] + m["dur"] <= s["ts"] + s["dur"] + 1e-3
               for s, m in zip(spans, muls))


def test_ops_of_other_threads_have_their_own_thread_id(tmp_path):
    experimental.start(str(tmp_path))
    worker = threading.Thread(target=lambda: ag.math.sqrt(ag.constant([4.0])))
    worker.start()
    worker.join()
    ag.math.sqrt(ag.constant([9.0]))
    path = experimental.stop()
    threads = {e["tid"] for e in _ops(profiler.read_trace(path)) if e["name"] == "Sqrt"}
    assert len(threads) == 2


def test_starting_twice_and_stopping_without_start_are_tensorflows_errors(tmp_path):
    with pytest.raises(ag.errors.UnavailableError, match="No profiler is running"):
        experimental.stop()
    experimental.start(str(tmp_path))
    try:
        with pytest.raises(ag.errors.AlreadyExistsError, match="Another profiler is running"):
            experimental.start(str(tmp_path))
    finally:
        assert experimental.stop(save=False) is None
    assert list(tmp_path.iterdir()) == []


def test_no_observer_and_no_observed_plan_when_no_profiler_runs(tmp_path):
    f = ag.function(scaled_log)
    x = ag.constant([1.0, 2.0])
    f(x)
    plan = f.get_concrete_function(x)._plan
    # with no observer, `Plan.run` is the plain method: plans pay nothing for the profiler
    assert recording.observers == [] and Plan.run is executor._plain_run
    assert plan._observed == {}
    experimental.start(str(tmp_path))
    assert Plan.run is Plan._run_observed
    f(x)
    experimental.stop(save=False)
    assert recording.observers == [] and Plan.run is executor._plain_run
    assert list(plan._observed) == [False]
    npt.assert_allclose(f(x).numpy(), scaled_log(x).numpy(), rtol=1e-6)


def test_op_table_sums_runs_per_op_longest_first(tmp_path):
    f = ag.function(scaled_log)
    x = ag.constant([1.0, 2.0])
    f(x)
    experimental.start(str(tmp_path))
    for _ in range(3):
        f(x)
    rows = profiler.op_table(profiler.read_trace(experimental.stop()))
    assert {r.runs for r in rows} == {3}
    assert [r.total_us for r in rows] == sorted((r.total_us for r in rows), reverse=True)
    assert "scaled_log/Log" in {r.name for r in rows}
    text = profiler.format_table(rows)
    assert text.splitlines()[0].split() == ["total", "ms", "share", "runs", "mean", "us", "MB",
                                            "out", "op", "type", "line"]


def test_times_are_microseconds_from_the_start_and_spans_hold_their_ops(tmp_path):
    def slow(x):
        time.sleep(0.02)
        return x

    sleeper = ag.function(lambda x: ag.py_function(slow, [x], ag.float32), autograph=False)
    sleeper(ag.constant(1.0))  # traced before the profile
    experimental.start(str(tmp_path))
    began = time.perf_counter()
    time.sleep(0.01)
    with experimental.Trace("step", step_num=0):
        sleeper(ag.constant(1.0))
    elapsed_us = (time.perf_counter() - began) * 1e6
    events = profiler.read_trace(experimental.stop())
    (call,) = [e for e in _ops(events) if e["dur"] >= 20_000]
    (span,) = [e for e in events if e.get("cat") == "trace"]
    assert 20_000 <= call["dur"] <= elapsed_us  # the 20 ms sleep, in microseconds
    assert 10_000 <= span["ts"] <= call["ts"]  # after the 10 ms before the span
    assert call["ts"] + call["dur"] <= span["ts"] + span["dur"]
    assert span["ts"] + span["dur"] <= elapsed_us + 10_000  # from the start, not the epoch


def test_one_process_per_device_and_one_for_the_spans(tmp_path, sim_device):
    experimental.start(str(tmp_path))
    with experimental.Trace("both"):
        ag.constant([1.0]) * 2.0
        with ag.device("/SIM:0"):
            ag.constant([1.0]) * 3.0
    with gzip.open(experimental.stop(), "rt") as f:
        trace = json.load(f)
    names = {e["pid"]: e["args"]["name"] for e in trace["traceEvents"]
             if e["ph"] == "M" and e["name"] == "process_name"}
    assert names == {0: "Host: Trace spans",
                     1: "/job:localhost/replica:0/task:0/device:CPU:0",
                     2: "/job:localhost/replica:0/task:0/device:SIM:0"}
    pids = {e["name"]: e["pid"] for e in trace["traceEvents"] if e["ph"] == "X"}
    assert pids["both"] == 0 and pids["Mul"] in (1, 2)
    assert trace["displayTimeUnit"] == "ms" and "started" in trace["otherData"]


def test_the_op_table_sums_runs_times_and_bytes_exactly():
    def op(name, dur, produced, graph="f", pid=1):
        return {"ph": "X", "cat": "op", "name": name, "pid": pid, "dur": dur,
                "args": {"name": name.lower() if graph else "", "graph": graph,
                         "source": "m.py:3", "bytes": produced}}
    events = [{"ph": "M", "pid": 1, "name": "process_name", "args": {"name": "CPU:0"}},
              op("Mul", 10_000.0, 400), op("Mul", 30_000.0, 400), op("Add", 25_000.0, 1_000_000),
              op("Exp", 5_000.0, 8, graph="", pid=7),  # eager, on a process without a name
              {"ph": "X", "cat": "trace", "name": "step", "pid": 0, "dur": 99.0, "args": {}}]
    rows = profiler.op_table(events)
    assert rows == [profiler.OpTotal("Mul", "f/mul", "m.py:3", "CPU:0", 2, 40_000.0, 800),
                    profiler.OpTotal("Add", "f/add", "m.py:3", "CPU:0", 1, 25_000.0, 1_000_000),
                    profiler.OpTotal("Exp", "", "m.py:3", "", 1, 5_000.0, 8)]
    assert profiler.op_table(events, top=1) == rows[:1]
    lines = profiler.format_table(rows, total_us=80_000.0).splitlines()
    assert lines[1].split() == ["40.000", "50.0%", "2", "20000.0", "0.001", "f/mul", "Mul",
                                "m.py:3"]
    assert lines[2].split() == ["25.000", "31.2%", "1", "25000.0", "1.000", "f/add", "Add",
                                "m.py:3"]
    assert lines[3].split() == ["5.000", "6.2%", "1", "5000.0", "0.000", "(eager)", "Exp",
                                "m.py:3"]
    assert profiler.format_table(rows).splitlines()[1].split()[1] == "57.1%"  # of the rows'


def test_errors_say_exactly_what_tensorflow_says(tmp_path):
    with pytest.raises(ag.errors.UnavailableError) as e:
        experimental.stop()
    assert str(e.value) == "Cannot export profiling results. No profiler is running."
    experimental.start(str(tmp_path))
    try:
        with pytest.raises(ag.errors.AlreadyExistsError) as e:
            experimental.start(str(tmp_path))
        assert str(e.value) == "Another profiler is running."
    finally:
        experimental.stop(save=False)


def test_options_are_tensorflows_and_delay_the_start(tmp_path):
    assert experimental.ProfilerOptions() == (2, 0, 1, None)  # TensorFlow's defaults
    began = time.perf_counter()
    with experimental.Profile(str(tmp_path), experimental.ProfilerOptions(delay_ms=50)):
        assert time.perf_counter() - began >= 0.05


def test_traces_go_to_one_folder_per_start_under_plugins_profile(tmp_path):
    paths = []
    for _ in range(2):  # twice in the same second: the same folder, written again
        experimental.start(str(tmp_path))
        ag.constant([1.0]) + 1.0
        paths.append(experimental.stop())
    for path in paths:
        folder = path.split("/")[-2]
        assert re.fullmatch(r"\d{4}_\d{2}_\d{2}_\d{2}_\d{2}_\d{2}", folder)
