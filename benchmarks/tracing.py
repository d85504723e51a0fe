"""What tracing costs: per op at 100, 1 000 and 10 000 ops, and the trace cache per trace.

Tracing: a straight-line function of N statements `x = x + 1.0` (generated source, new each
time so that its conversion is not cached; each statement adds a Const and an AddV2) and the
same body in a Python `for` loop over `range(N)` (which unrolls), each converted, then traced
by `get_concrete_function` on a float32 scalar spec; printed per statement, conversion and
trace apart, with the trace's ratio to its 100-statement cost (the issue's bar: at most 1.3 at
10 000) and the number of unrolled-loop warnings (the straight-line function must give none,
the loop one). Best of several repeats, in CPU time of this process (`time.process_time`):
on a machine shared with other work, wall-clock time of a whole trace varies twofold.

Trace cache: a one-op function traced once per new Python int argument, with the default
limit: the cost of a new trace early and late in a run of many traces (flat when neither
lookup nor expiry checks grow with the cache), and a call that hits the cache; then the memory
each kept trace holds, the limit raised so that all are kept.

Kept conversions: a function with a loop, branches and a `try`, converted anew many times
(each a new code object, as a program's many functions are): the objects each conversion
leaves for Python's garbage collector to walk, and the time of a full collection before and
after (`gc_after_conversions`), which every later full collection of the process pays.

    python3 benchmarks/tracing.py [--quick]
"""

from __future__ import annotations

import argparse
import gc
import itertools
import linecache
import platform
import statistics
import time
import tracemalloc
import warnings
from typing import Any, Callable

from headline import headline

import autograph as ag
from autograph.runtime.function.function import DEFAULT_TRACE_CACHE_SIZE, RetracingWarning
from autograph.runtime.graph.graph import UnrolledLoopWarning

_names = itertools.count()


def straight_line(n: int) -> Callable[[Any], Any]:
    """A new function of `n` statements `x = x + 1.0`, its source known to `linecache`."""
    number = next(_names)  # in the docstring: equal code objects share a conversion
    source = f'def f(x):\n    """{number}"""\n' + "    x = x + 1.0\n" * n + "    return x\n"
    filename = f"<straight-line {n} #{number}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    namespace: dict[str, Any] = {}
    exec(compile(source, filename, "exec"), namespace)
    return namespace["f"]


def python_loop(n: int) -> Callable[[Any], Any]:
    """A new function whose Python loop unrolls into `n` statements `x = x + 1.0`."""
    def f(x):
        for _ in range(n):
            x = x + 1.0
        return x
    return f


def trace_once(python_function: Callable[[Any], Any]) -> tuple[float, float, int, int]:
    """Seconds to convert, seconds to trace, the graph's op count, unrolled-loop warnings."""
    fn = ag.function(python_function)
    gc.collect()
    start = time.process_time()
    fn._traced_function()  # the conversion, which the first trace would do
    converted = time.process_time() - start
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        start = time.process_time()
        graph = fn.get_concrete_function(ag.TensorSpec([], ag.float32)).graph
        elapsed = time.process_time() - start
    unrolled = sum(issubclass(w.category, UnrolledLoopWarning) for w in caught)
    return converted, elapsed, len(graph.get_operations()), unrolled


def tracing_table(sizes: list[int], repeat: int) -> None:
    trace_once(straight_line(10))  # warm-up: first conversions fill the converter's caches
    print("per statement                     convert µs  trace µs  trace ratio to 100    ops  "
          "warnings")
    for kind, make in (("straight-line", straight_line), ("Python loop", python_loop)):
        base = None
        for n in sizes:
            runs = [trace_once(make(n)) for _ in range(repeat if n < 10_000 else max(
                1, repeat - 1))]
            convert = min(r[0] for r in runs) / n
            per = min(r[1] for r in runs) / n
            base = base or per
            _, _, ops, unrolled = runs[0]
            print(f"  {kind:14s}{n:6d} statements {convert * 1e6:10.1f} {per * 1e6:9.1f} "
                  f"{per / base:19.2f} {ops:6d} {unrolled:9d}")
            if n == sizes[-1]:
                headline(f"trace per statement, {kind}, {n} / 100 statements", per / base)


_CONTROL_FLOW = """def f(x, n):
    \"\"\"{number}\"\"\"
    total = 0.0
    for i in range(n):
        if x > i:
            total += x * i
        elif x < -i:
            total -= x
        else:
            while total > 10.0:
                total = total / 2.0
                if total < 3.0:
                    break
    try:
        y = total + 1.0
    except ValueError:
        y = 0.0
    return y
"""


def control_flow() -> Callable[..., Any]:
    """A new function with a loop, branches and a `try`, its source known to `linecache`."""
    number = next(_names)
    source = _CONTROL_FLOW.format(number=number)
    filename = f"<control-flow #{number}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    namespace: dict[str, Any] = {}
    exec(compile(source, filename, "exec"), namespace)
    return namespace["f"]


def conversions_table(count: int) -> None:
    def full_collection() -> float:
        return min(_timed(gc.collect, 1) for _ in range(5))
    kept = [ag.autograph.to_graph(control_flow())]  # warm-up
    before_time, before_objects = full_collection(), len(gc.get_objects())
    kept += [ag.autograph.to_graph(control_flow()) for _ in range(count)]
    after_time, after_objects = full_collection(), len(gc.get_objects())
    print(f"kept conversions, {count} functions with control flow")
    print(f"  objects for the collector per conversion "
          f"{(after_objects - before_objects) / count:7.1f}")
    print(f"  gc_after_conversions: full collection {before_time * 1e3:6.2f} ms before, "
          f"{after_time * 1e3:6.2f} ms after")


def one_op(x, k):
    return x + 1.0


def cache_table(traces: int) -> None:
    x = ag.constant(1.0)
    bounded = ag.function(one_op)  # the default limit
    bounded(x, -1)
    times = []
    for k in range(traces):
        start = time.process_time()
        bounded(x, k)
        times.append(time.process_time() - start)
    fifth = max(1, traces // 5)
    early, late = statistics.median(times[:fifth]), statistics.median(times[-fifth:])
    hit = min(_timed(lambda: bounded(x, traces - 1), 1000) for _ in range(5))
    keyword = min(_timed(lambda: bounded(x, k=traces - 1), 1000) for _ in range(5))

    keeping_all = ag.function(one_op, experimental_trace_cache_size=traces + 1)
    keeping_all(x, -1)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for k in range(traces):
        keeping_all(x, k)
    gc.collect()
    per_trace = (tracemalloc.get_traced_memory()[0] - before) / traces
    tracemalloc.stop()
    print(f"trace cache, {traces} traces of a one-op function (limit "
          f"DEFAULT_TRACE_CACHE_SIZE = {DEFAULT_TRACE_CACHE_SIZE}, kept {len(bounded._cache)})")
    print(f"  new trace (median), first fifth {early * 1e3:5.2f} ms, last fifth "
          f"{late * 1e3:5.2f} ms, ratio {late / early:.2f}")
    print(f"  memory per kept trace {per_trace / 1024:6.2f} KiB (all {traces} kept)")
    print(f"  cache hit: positional {hit * 1e6:.2f} µs, keyword {keyword * 1e6:.2f} µs per call")


def _timed(fn: Callable[[], Any], number: int) -> float:
    start = time.process_time()
    for _ in range(number):
        fn()
    return (time.process_time() - start) / number


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="100 and 1 000 statements, 200 traces, two repeats (for CI)")
    args = parser.parse_args()
    warnings.simplefilter("ignore", RetracingWarning)  # the cache part retraces on purpose
    try:
        ag.config.threading.set_intra_op_parallelism_threads(1)
        pinned = "one BLAS thread"
    except ImportError:
        pinned = "BLAS threads not pinned (no threadpoolctl)"
    print(f"tracing; Python {platform.python_version()}, {platform.machine()}, {pinned}")
    sizes = [100, 1_000] if args.quick else [100, 1_000, 10_000]
    tracing_table(sizes, repeat=2 if args.quick else 3)
    cache_table(200 if args.quick else 2_000)
    conversions_table(200 if args.quick else 1_000)


if __name__ == "__main__":
    main()
