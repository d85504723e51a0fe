"""What the profiler costs: nothing while it is off, about two microseconds an op while it runs.

Off: `Plan.run` is swapped for the observed variant only while an observer (the profiler,
`enable_check_numerics`) is installed, so a plan pays nothing for the feature. The table runs
the plans of traced functions of 1, 10 and 100 scalar ops through `Plan.run` and through the
bare plan function in the same `try` (all `run` did before observers existed), interleaved
repeat by repeat; the difference is noise around zero. Eager ops pay one check in their fast
path; an eager scalar add is shown beside `np.add` for scale.

On: the same functions called under `ag.profiler.experimental`, per op over the call without
it (the clock read around each op and the event kept).

    python3 benchmarks/profiler.py
"""

from __future__ import annotations

import platform
import tempfile
import timeit

import numpy as np
from function_calls import chain
from headline import headline

import autograph as ag
from autograph.runtime.exec.executor import _PlanError

SIZES = (1, 10, 100)


def best(fn, number: int, repeat: int = 9) -> float:
    return min(timeit.repeat(fn, number=number, repeat=repeat)) / number


def bare_run(plan, feeds):
    """The plan's function in `Plan.run`'s `try`, as `run` was before observers."""
    try:
        return plan._run(feeds)
    except _PlanError as e:
        failure = e
    raise failure.error from failure.cause


def interleaved(a, b, number: int, repeat: int = 15) -> tuple[float, float]:
    """Best seconds per call of `a` and of `b`, measured in alternation."""
    times_a, times_b = [], []
    for _ in range(repeat):
        times_a.append(timeit.timeit(a, number=number) / number)
        times_b.append(timeit.timeit(b, number=number) / number)
    return min(times_a), min(times_b)


def plan_call(n: int) -> tuple[float, float]:
    """Seconds per run of the plan of the traced `chain(x, n)`: by `Plan.run`, and bare."""
    traced = ag.function(chain)
    x = ag.constant(1.0)
    traced(x, n)
    plan = traced.get_concrete_function(x, n)._plan
    feeds = [np.float32(1.0)]
    return interleaved(lambda: plan.run(feeds), lambda: bare_run(plan, feeds), 20000 // n)


def profiled_call(n: int, logdir: str) -> tuple[float, float]:
    """Seconds per call of the traced `chain(x, n)`, without and with the profiler."""
    traced = ag.function(chain)
    x = ag.constant(1.0)
    traced(x, n)
    plain = best(lambda: traced(x, n), 2000 // n)
    ag.profiler.experimental.start(logdir)
    try:
        profiled = best(lambda: traced(x, n), 2000 // n)
    finally:
        ag.profiler.experimental.stop(save=False)
    return plain, profiled


def main() -> None:
    print(f"profiler cost; Python {platform.python_version()}, NumPy {np.__version__}, "
          f"{platform.machine()}")
    print("plan call, no profiler    ops   Plan.run       bare  difference  ratio")
    for n in SIZES:
        checked, bare = plan_call(n)
        print(f"{'':24}{n:5d}  {checked * 1e6:7.2f}us  {bare * 1e6:7.2f}us  "
              f"{(checked - bare) * 1e9:8.0f}ns  {checked / bare:5.3f}")
    a, b = ag.constant(1.0), ag.constant(2.0)
    na, nb = np.float32(1.0), np.float32(2.0)
    eager, numpy = interleaved(lambda: a + b, lambda: np.add(na, nb), 20000)
    print(f"eager scalar add {eager * 1e6:.2f}us, np.add {numpy * 1e6:.2f}us")
    headline(f"plan call of {SIZES[-1]} ops, Plan.run / bare plan", checked / bare)
    print("function call, profiled   ops   profiled      plain   per op")
    with tempfile.TemporaryDirectory() as logdir:
        for n in SIZES:
            plain, profiled = profiled_call(n, logdir)
            print(f"{'':24}{n:5d}  {profiled * 1e6:7.2f}us  {plain * 1e6:7.2f}us  "
                  f"{(profiled - plain) / n * 1e6:6.2f}us")


if __name__ == "__main__":
    main()
