"""The profiler: every op that runs, as a Chrome trace that Perfetto and TensorBoard open.

`start(logdir)` installs an observer of running ops (`graph/recording.py`); until `stop()`,
each op that runs, eagerly or in a plan, is kept as one event: its type, name, graph, device,
the user's line that made it, its start, duration and the bytes of its outputs. `Trace(name,
step_num=...)` adds a span of the user's own (a training step). `stop()` writes the events to
`logdir/plugins/profile/<YYYY_MM_DD_HH_MM_SS>/<host>.trace.json.gz` in the Chrome trace event
format (one process per device, one thread per Python thread), which `ui.perfetto.dev`,
`chrome://tracing` and TensorBoard's profile plugin read. `op_table` sums a trace by op.

While no profiler runs, plans and ops pay nothing but the observer check they make anyway
(`benchmarks/profiler.py` measures it); while one runs, plans run a variant that reads the clock
around each op (about a microsecond an op).

>>> import tempfile, autograph as ag
>>> with tempfile.TemporaryDirectory() as logdir:
...     start(logdir)
...     with Trace("step", step_num=1):
...         y = ag.constant([1.0, 2.0]) * 2.0
...     rows = op_table(read_trace(stop()))
>>> [row.op_type for row in rows]
['Mul']
"""

from __future__ import annotations

import datetime
import gzip
import json
import os
import socket
import threading
import time
from typing import Any, Iterator, NamedTuple

from autograph.runtime.core.errors import AlreadyExistsError, UnavailableError
from autograph.runtime.graph.recording import OpRun, add_observer, remove_observer

__all__ = ["start", "stop", "Trace", "Profile", "ProfilerOptions", "op_table", "read_trace",
           "OpTotal", "format_table"]

_HOST_PID = 0  # the process of the user's `Trace` spans


class ProfilerOptions(NamedTuple):
    """TensorFlow's options; the tracer levels are accepted, `delay_ms` delays the start."""

    host_tracer_level: int = 2
    python_tracer_level: int = 0
    device_tracer_level: int = 1
    delay_ms: int | None = None


class _Event(NamedTuple):
    """One op run or span, without its arrays (a profile must not keep tensors alive)."""

    name: str
    category: str  # "op" or "trace"
    device: str
    thread: int
    start: float
    end: float
    args: dict


class _Profiler:
    exact = False  # the ops that run, as planned

    def __init__(self, logdir: str):
        self.logdir = logdir
        self.events: list[_Event] = []
        self.origin = time.perf_counter()
        self.wall_start = datetime.datetime.now()

    def op_ran(self, run: OpRun) -> None:
        produced = sum(int(getattr(v, "nbytes", 0)) for v in run.outputs)
        self.events.append(_Event(
            run.op_type, "op", run.device, threading.get_ident(), run.start, run.end,
            {"name": run.name, "graph": run.graph, "source": run.source, "bytes": produced}))


_lock = threading.Lock()
_active: list[_Profiler] = []  # the running profiler, if any


def start(logdir: str, options: ProfilerOptions | None = None) -> None:
    """Starts recording every op that runs, for `stop()` to write under `logdir`.

    Raises:
        AlreadyExistsError: a profiler is running already.
    """
    if options is not None and options.delay_ms:
        time.sleep(options.delay_ms / 1000)
    with _lock:
        if _active:
            raise AlreadyExistsError("Another profiler is running.")
        profiler = _Profiler(os.path.abspath(os.fspath(logdir)))  # as the directory is now
        _active.append(profiler)
    add_observer(profiler)


def stop(save: bool = True, logdir: str | None = None) -> str | None:
    """Stops the profiler; with `save`, writes its trace (under `logdir`, default the one
    given to `start`) and returns the file's path.

    Raises:
        UnavailableError: no profiler is running.
    """
    with _lock:
        if not _active:
            raise UnavailableError("Cannot export profiling results. No profiler is running.")
        profiler = _active.pop()
    remove_observer(profiler)
    if logdir is not None:
        profiler.logdir = os.fspath(logdir)
    return _write(profiler) if save else None


class Trace:
    """A span of the program's own, shown above the ops it ran (`step_num` marks a step).

    Costs a check when no profiler runs. Keyword arguments are kept as the span's arguments.
    """

    def __init__(self, name: str, **kwargs: Any):
        self.name = name
        self.args = kwargs
        self._start = 0.0

    def __enter__(self) -> Trace:
        self._start = time.perf_counter()
        return self

    def __exit__(self, *exc: Any) -> None:
        if _active:
            profiler = _active[-1]
            profiler.events.append(_Event(self.name, "trace", "", threading.get_ident(),
                                          self._start, time.perf_counter(), dict(self.args)))


class Profile:
    """`with Profile(logdir):` runs `start(logdir)` and `stop()` around its body."""

    def __init__(self, logdir: str, options: ProfilerOptions | None = None):
        self.logdir = logdir
        self.options = options

    def __enter__(self) -> Profile:
        start(self.logdir, self.options)
        return self

    def __exit__(self, *exc: Any) -> None:
        stop()


# The trace file -----------------------------------------------------------------------------
def _write(profiler: _Profiler) -> str:
    run = profiler.wall_start.strftime("%Y_%m_%d_%H_%M_%S")
    folder = os.path.join(profiler.logdir, "plugins", "profile", run)
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, f"{socket.gethostname()}.trace.json.gz")
    with gzip.open(path, "wt", encoding="utf-8") as f:
        json.dump(_chrome_trace(profiler), f)
    return path


def _chrome_trace(profiler: _Profiler) -> dict:
    """The events in the Chrome trace event format: complete events ("ph": "X") in
    microseconds from the start, a process per device and one for the program's spans."""
    devices = sorted({e.device for e in profiler.events if e.category == "op"})
    pids = {device: i + 1 for i, device in enumerate(devices)}
    events: list[dict] = [{"ph": "M", "pid": _HOST_PID, "name": "process_name",
                           "args": {"name": "Host: Trace spans"}}]
    events += [{"ph": "M", "pid": pid, "name": "process_name", "args": {"name": device}}
               for device, pid in pids.items()]
    for e in profiler.events:
        events.append({"ph": "X", "name": e.name, "cat": e.category,
                       "pid": pids.get(e.device, _HOST_PID), "tid": e.thread,
                       "ts": round((e.start - profiler.origin) * 1e6, 3),
                       "dur": round((e.end - e.start) * 1e6, 3), "args": e.args})
    return {"displayTimeUnit": "ms", "traceEvents": events,
            "otherData": {"started": profiler.wall_start.isoformat(timespec="seconds")}}


def read_trace(path: str) -> list[dict]:
    """The events of a trace file that `stop()` wrote (gzip or plain JSON)."""
    opener: Any = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        return json.load(f)["traceEvents"]


class OpTotal(NamedTuple):
    """The runs of one op (an eager op: of one type at one line), summed."""

    op_type: str
    name: str
    source: str
    device: str
    runs: int
    total_us: float
    bytes: int


def op_table(events: list[dict], top: int | None = None) -> list[OpTotal]:
    """The trace's ops summed per op, the longest total first (the first `top`)."""
    devices = {e["pid"]: e["args"]["name"] for e in events if e.get("ph") == "M"}
    totals: dict[tuple, list] = {}
    for e in _op_events(events):
        args = e["args"]
        key = (e["name"], args["graph"], args["name"], args["source"], e["pid"])
        entry = totals.setdefault(key, [0, 0.0, 0])
        entry[0] += 1
        entry[1] += e["dur"]
        entry[2] += args["bytes"]
    rows = [OpTotal(op_type, f"{graph}/{name}" if graph else name, source,
                    devices.get(pid, ""), runs, total, produced)
            for (op_type, graph, name, source, pid), (runs, total, produced) in totals.items()]
    rows.sort(key=lambda r: -r.total_us)
    return rows[:top] if top is not None else rows


def _op_events(events: list[dict]) -> Iterator[dict]:
    return (e for e in events if e.get("ph") == "X" and e.get("cat") == "op")


def format_table(rows: list[OpTotal], total_us: float | None = None) -> str:
    """The rows as an aligned text table, with each op's share of `total_us` (default: of
    the rows' own total)."""
    total = total_us or sum(r.total_us for r in rows) or 1.0
    header = ("total ms", "share", "runs", "mean us", "MB out", "op", "type", "line")
    lines = [[f"{r.total_us / 1000:.3f}", f"{100 * r.total_us / total:.1f}%", str(r.runs),
              f"{r.total_us / r.runs:.1f}", f"{r.bytes / 1e6:.3f}", r.name or "(eager)",
              r.op_type, r.source] for r in rows]
    widths = [max(len(h), *(len(line[i]) for line in lines)) if lines else len(h)
              for i, h in enumerate(header)]
    out = ["  ".join(h.ljust(w) for h, w in zip(header, widths)).rstrip()]
    out += ["  ".join(c.ljust(w) for c, w in zip(line, widths)).rstrip() for line in lines]
    return "\n".join(out)
