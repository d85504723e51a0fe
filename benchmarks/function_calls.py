"""Calls of `ag.function`s next to the same Python function run eagerly on NumPy scalars.

Steady state: a traced function of 1, 10 and 100 scalar ops (multiply and add, alternately),
called with a float32 scalar tensor, next to the same Python function called with a NumPy
float32 scalar; printed per call, with the difference (the call's overhead) and the ratio.
First call: the time of the first call of a new `Function` of 10 ops, and of the 40-line
control-flow function of `conversion.py`, conversion included (the converter's caches are
cleared first) and without it (converted code cached); and the first call of new straight-line
functions of 100, 1 000 and 10 000 statements, end to end, per op of their graphs. Times are
the best of several repeats.

    python3 benchmarks/function_calls.py
"""

from __future__ import annotations

import inspect
import itertools
import linecache
import platform
import time
import timeit

import numpy as np
from conversion import forty_lines
from headline import headline

import autograph as ag
from autograph.impl import transpiler

A, B = np.float32(0.999), np.float32(0.01)


def chain(x, n):
    for _ in range(n // 2):
        x = x * A
        x = x + B
    if n % 2:
        x = x * A
    return x


def ten_ops(x):
    x = x * A
    x = x + B
    x = x * A
    x = x + B
    x = x * A
    x = x + B
    x = x * A
    x = x + B
    x = x * A
    return x + B


def best(fn, number: int, repeat: int = 7) -> float:
    return min(timeit.repeat(fn, number=number, repeat=repeat)) / number


def clear_conversions(*functions) -> None:
    transpiler._cache.clear()
    for fn in functions:
        transpiler._functions.pop(inspect.unwrap(fn), None)


def first_call(python_function, *args, cold: bool) -> float:
    def call():
        if cold:
            clear_conversions(python_function)
        ag.function(python_function)(*args)
    # The best single call: on a shared machine the mean of a few calls mostly measures
    # the neighbours.
    return best(call, number=1, repeat=25)


def straight_line(statements: int):
    """A new Python function of `statements` lines `x = x * 1.0001 + c`, its source where
    the converter finds it (linecache), so that nothing about it is cached yet."""
    filename = f"<straight line of {statements} statements #{next(_made)}>"
    source = "def f(x, c):\n" + "    x = x * 1.0001 + c\n" * statements + "    return x\n"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    namespace: dict = {}
    exec(compile(source, filename, "exec"), namespace)
    return namespace["f"]


_made = itertools.count()


def straight_line_first_call(statements: int, repeat: int) -> tuple[float, int]:
    """The best first call (convert, trace, passes, plan, run) of a new straight-line
    function, in seconds, and the number of ops its graph holds."""
    x, c = ag.constant(np.ones(4, np.float32)), ag.constant(np.float32(0.5))
    times, ops = [], 0
    for _ in range(repeat):
        function = ag.function(straight_line(statements))
        start = time.perf_counter()
        function(x, c)
        times.append(time.perf_counter() - start)
        ops = len(function.get_concrete_function(x, c).graph.get_operations())
    return min(times), ops


def steady_state(n: int) -> tuple[float, float]:
    """Seconds per call of `chain(x, n)`: eagerly on a NumPy scalar, and traced."""
    x_numpy, x_tensor = np.float32(1.0), ag.constant(1.0)
    traced = ag.function(chain)
    traced(x_tensor, n)  # traces
    return (best(lambda: chain(x_numpy, n), 20000 // n),
            best(lambda: traced(x_tensor, n), 20000 // n))


def main() -> None:
    print(f"ag.function calls; Python {platform.python_version()}, NumPy {np.__version__}, "
          f"{platform.machine()}")
    print("steady state, per call       NumPy eager     traced   overhead    ratio")
    for n in (1, 10, 100):
        eager, graph = steady_state(n)
        print(f"  {n:3d} ops                  {eager * 1e6:9.2f} µs {graph * 1e6:7.2f} µs "
              f"{(graph - eager) * 1e6:7.2f} µs {graph / eager:8.2f}")
        headline(f"steady call, {n} ops / NumPy eager", graph / eager)

    print("first call (trace)             cold   converted")
    x_tensor = ag.constant(1.0)
    vector, count, threshold = ag.constant(np.arange(12, dtype=np.int32)), ag.constant(12), \
        ag.constant(3)
    for label, fn, args, target in (
            ("10-op function", ten_ops, (x_tensor,), "<= 1 ms"),
            ("40-line control flow", forty_lines, (vector, count, threshold), "<= 5 ms")):
        cold = first_call(fn, *args, cold=True)
        warm = first_call(fn, *args, cold=False)
        print(f"  {label:22s} {cold * 1e3:8.2f} ms {warm * 1e3:8.2f} ms")
        headline(f"first call, {label}", cold * 1e3, " ms", target)

    print("first call of a straight-line function (x = x * 1.0001 + c per line), end to end")
    for statements, repeat in ((100, 5), (1000, 3), (10_000, 3)):
        seconds, ops = straight_line_first_call(statements, repeat)
        print(f"  {statements:6d} statements, {ops:6d} ops   {seconds * 1e3:9.1f} ms "
              f"{seconds / ops * 1e6:7.1f} µs/op")
        headline(f"first call, {statements} straight-line statements, per op", seconds / ops * 1e6,
                 " µs", "<= 25 µs")


if __name__ == "__main__":
    main()
