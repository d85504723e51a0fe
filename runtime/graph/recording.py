"""The hooks through which gradient tapes, and observers of running ops, see the ops.

While no tape records and nothing observes, `recorder[0]` is None and each op pays one check
for both features. The gradients layer installs its recorder (`set_recorder`) while a tape
records; it is called as `recorder(op_type, inputs, outputs, attrs, op)` after an eager op ran
(`op` None, the inputs and outputs flat lists of eager tensors) and after an op was added to a
graph (`op` the `Operation`, whose inputs and outputs are passed too). An eager op passes the
time it started as a sixth argument.

Observers (`add_observer`: the profiler, `enable_check_numerics`) are told of every op that
runs, eagerly or in a plan, with an `OpRun`: its type, name, device, the user's line that made
it, when it started and ended, and its output arrays. While one is installed, eager ops leave
their fast paths so that each is seen (they pay one check for it), and plans run a variant
written with a call after each op (`runtime/exec/executor.py`, which swaps `Plan.run` through
`on_observers`: with none installed, a plan pays nothing).
"""

from __future__ import annotations

import time
from typing import Any, Callable, NamedTuple, Protocol

from autograph.runtime.core.eager_context import context_changed
from autograph.runtime.graph.source_lines import user_frame

Recorder = Callable[..., None]

recorder: list[Recorder | None] = [None]  # what ops call: the tapes', observers', or both
tape_recorder: list[Recorder | None] = [None]  # the tapes' alone: whether a tape records


class OpRun(NamedTuple):
    """One op that ran: `name` and `graph` are empty for an eager op; `source` is the user's
    line that made a graph's op or ran an eager one ("model.py:12", empty where unknown);
    `start` and `end` are `time.perf_counter()` seconds; `outputs` the op's output arrays."""

    op_type: str
    name: str
    graph: str
    device: str
    source: str
    start: float
    end: float
    outputs: tuple
    inputs: tuple = ()  # eager ops only: the input tensors


class Observer(Protocol):
    """Told of every op that runs. `exact` asks plans to run each op as the user's graph has
    it, with the graph optimiser's passes off (a fused op would hide which op did what). An
    observer may also have `plan_started(graph)`, called as a plan of `graph` starts."""

    exact: bool

    def op_ran(self, run: OpRun) -> None: ...


observers: list[Observer] = []
_switches: list[Callable[[bool], None]] = []  # told whether any observer is installed


def set_recorder(fn: Recorder | None) -> None:
    """Installs `fn` as the tapes' recorder of every op (None: no tape records)."""
    tape_recorder[0] = fn
    _install()


def add_observer(observer: Observer) -> None:
    """Tells `observer` of every op that runs from now on, until `remove_observer`."""
    observers.append(observer)
    _install()


def remove_observer(observer: Observer) -> None:
    if observer in observers:
        observers.remove(observer)
    _install()


def exact_plans_wanted() -> bool:
    return any(o.exact for o in observers)


def on_observers(switch: Callable[[bool], None]) -> None:
    """Calls `switch(observing)` now and whenever observers come or go: plans swap their `run`
    for the observed one so that, with none, they pay not even a check."""
    _switches.append(switch)
    switch(bool(observers))


def _install() -> None:
    recorder[0] = _observed if observers else tape_recorder[0]
    context_changed()
    for switch in _switches:
        switch(bool(observers))


def _observed(op_type: str, inputs: list, outputs: list, attrs: dict, op: Any,
              start: float | None = None) -> None:
    tape = tape_recorder[0]
    if tape is not None:
        tape(op_type, inputs, outputs, attrs, op)
    if op is not None or start is None:  # an op added to a graph: it has not run
        return
    end = time.perf_counter()
    device = outputs[0]._device.name if outputs else "CPU:0"
    run = OpRun(op_type, "", "", device, user_frame(), start, end,
                tuple(t._value for t in outputs), tuple(inputs))
    for observer in list(observers):
        observer.op_ran(run)


def plan_started(graph: Any) -> None:
    """Tells the observers that care (`ag.summary.trace_on`) that a plan of `graph` runs."""
    for observer in list(observers):
        started = getattr(observer, "plan_started", None)
        if started is not None:
            started(graph)


def plan_observer(ops: list, graph_name: str) -> Callable[[int, float, tuple], None]:
    """The function a plan written for observers calls after its op number `i` (of `ops`,
    pairs of `Operation` and device name) ran, started at `start`, with `outputs`. An op's
    graph is named by its own name (a branch's, a loop body's), else `graph_name` (the plan's:
    the graph passes work on an unnamed copy)."""
    runs = [(op.type, op.name, getattr(op.graph, "name", "") or graph_name, device,
             op.source or "") for op, device in ops]

    def ran(i: int, start: float, outputs: tuple) -> None:
        end = time.perf_counter()
        op_type, name, graph, device, source = runs[i]
        run = OpRun(op_type, name, graph, device, source, start, end, outputs)
        for observer in list(observers):
            observer.op_ran(run)
    return ran
