"""Graphs in TensorBoard: `ag.summary.graph`, and `trace_on` / `trace_export` / `trace_off`.

`graph(g)` writes a graph (a `Graph`, a function graph, a `ConcreteFunction` or a ready
`GraphDef`) to the default writer, for TensorBoard's Graphs dashboard (`graph_def.py` lays it
out). `trace_on(graph=True)` collects the graph of every function that runs from then on;
`trace_export(name, step)` writes them (several functions side by side, each under its own
name) and ends the trace. With `profiler=True` the profiler runs too, and its trace is written
under `profiler_outdir` (given to `trace_on` or `trace_export`; default: the writer's log
directory), as TensorFlow does.

>>> import tempfile
>>> from autograph.runtime.graph.graph import Graph
>>> from autograph.runtime.summary.writer import create_file_writer
>>> with tempfile.TemporaryDirectory() as logdir:
...     writer = create_file_writer(logdir)
...     with writer.as_default():
...         written = graph(Graph()).numpy()
...     writer.close()
>>> written
np.True_
"""

from __future__ import annotations

import time
import warnings
from typing import Any

from autograph.runtime.core.traceback_utils import user_stacklevel
from autograph.runtime.graph.graph import building_graph
from autograph.runtime.graph.recording import OpRun, add_observer, remove_observer
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.summary import profiler
from autograph.runtime.summary.graph_def import graph_def
from autograph.runtime.summary.summaries import eager_step, recording
from autograph.runtime.summary.writer import state

__all__ = ["graph", "trace_on", "trace_export", "trace_off"]


def graph(graph_data: Any) -> Any:
    """Writes `graph_data` to the default writer; returns whether it was written.

    Raises:
        ValueError: called while a function is traced.
        TypeError: `graph_data` is not a graph.
    """
    if building_graph() is not None:
        raise ValueError("graph() cannot be invoked inside a graph context.")
    proto = _as_graph_def(graph_data)
    writer = state.writer
    if not bool(recording(writer).numpy()):
        return convert_to_tensor(False)
    assert writer is not None
    writer.write_event(_graph_event(proto, 0))
    return convert_to_tensor(True)


def _as_graph_def(graph_data: Any) -> Any:
    if hasattr(graph_data, "get_operations"):
        return graph_def(graph_data)
    if hasattr(getattr(graph_data, "graph", None), "get_operations"):  # a ConcreteFunction
        return graph_def(graph_data.graph)
    if hasattr(graph_data, "node") and hasattr(graph_data, "SerializeToString"):
        return graph_data
    raise TypeError(f"graph() takes a Graph, a ConcreteFunction or a GraphDef; got "
                    f"{type(graph_data).__name__}.")


def _graph_event(proto: Any, step: int) -> Any:
    from tensorboardX.proto.event_pb2 import Event

    return Event(wall_time=time.time(), step=step, graph_def=proto.SerializeToString())


class _GraphTrace:
    """Collects the graphs whose plans run."""

    exact = False

    def __init__(self, graphs: bool, profiler_outdir: str | None):
        self.collect = graphs
        self.graphs: list[Any] = []
        self.profiler_outdir = profiler_outdir
        self.profiling = False

    def op_ran(self, run: OpRun) -> None:
        pass

    def plan_started(self, graph: Any) -> None:
        if self.collect and graph is not None and all(g is not graph for g in self.graphs):
            self.graphs.append(graph)


_trace: list[_GraphTrace] = []


def tracing() -> bool:
    """Whether a trace (`trace_on`) is collecting graphs."""
    return bool(_trace)


def trace_on(graph: bool = True, profiler: bool = False,
             profiler_outdir: str | None = None) -> None:
    """Starts collecting the graphs of the functions that run (and, with `profiler`, their
    ops' times) until `trace_export` or `trace_off`."""
    if building_graph() is not None:
        warnings.warn("Cannot enable trace inside a function being traced.",
                      stacklevel=user_stacklevel())
        return
    if _trace:
        warnings.warn("Trace already enabled", stacklevel=user_stacklevel())
        return
    trace = _GraphTrace(graph, profiler_outdir)
    if profiler:
        _start_profiler(trace)
    _trace.append(trace)
    add_observer(trace)


def _start_profiler(trace: _GraphTrace) -> None:
    try:
        profiler.start(trace.profiler_outdir or "")
        trace.profiling = True
    except Exception as e:  # another profiler runs: trace the graphs anyway
        warnings.warn(f"trace_on(profiler=True) could not start the profiler: {e}",
                      stacklevel=user_stacklevel())


def trace_export(name: str, step: Any = None, profiler_outdir: str | None = None) -> None:
    """Writes the graphs collected since `trace_on` to the default writer at `step`, and the
    profiler's trace when it ran; then stops tracing.

    Raises:
        ValueError: no step is given or set.
    """
    if building_graph() is not None:
        raise ValueError("trace_export() cannot be invoked inside a graph context.")
    if not _trace:
        warnings.warn("Cannot export trace before turning it on.",
                      stacklevel=user_stacklevel())
        return
    trace = _trace[0]
    writer = state.writer
    try:
        if writer is None or writer.logdir is None:
            warnings.warn(f"trace_export({name!r}): no default summary writer; nothing is "
                          f"written.", stacklevel=user_stacklevel())
            return
        at = eager_step(step)
        if trace.graphs:
            writer.write_event(_graph_event(_merged(trace.graphs), at))
        if trace.profiling:
            outdir = profiler_outdir or trace.profiler_outdir or writer.logdir
            _stop_profiler(trace, outdir)
    finally:
        trace_off()


def _merged(graphs: list[Any]) -> Any:
    """One GraphDef: a single graph as it is, several each under its own name."""
    if len(graphs) == 1:
        return graph_def(graphs[0])
    merged = graph_def(graphs[0], prefix=f"{_label(graphs[0], 0)}/")
    for i, g in enumerate(graphs[1:], start=1):
        merged.node.extend(graph_def(g, prefix=f"{_label(g, i)}/").node)
    return merged


def _label(g: Any, index: int) -> str:
    return f"{getattr(g, 'name', '') or 'graph'}_{index}"


def _stop_profiler(trace: _GraphTrace, outdir: str) -> None:
    trace.profiling = False
    profiler.stop(save=True, logdir=outdir)


def trace_off() -> None:
    """Stops collecting graphs (and the profiler `trace_on` started), writing nothing."""
    while _trace:
        trace = _trace.pop()
        remove_observer(trace)
        if trace.profiling:
            profiler.stop(save=False)
