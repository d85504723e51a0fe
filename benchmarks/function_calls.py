"""Calls of `ag.function`s next to the same Python function run eagerly on NumPy scalars.

Steady state: a traced function of 1, 10 and 100 scalar ops (multiply and add, alternately),
called with a float32 scalar tensor, next to the same Python function called with a NumPy
float32 scalar; printed per call, with the difference (the call's overhead) and the ratio.
First call: the time of the first call of a new `Function` of 10 ops, and of the 40-line
control-flow function of `conversion.py`, conversion included (the converter's caches are
cleared first) and without it (converted code cached). Times are the best of several repeats.

    python3 benchmarks/function_calls.py
"""

from __future__ import annotations

import inspect
import platform
import timeit

import numpy as np
from conversion import forty_lines

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
    return best(call, number=5, repeat=5)


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

    print("first call (trace)             cold   converted")
    x_tensor = ag.constant(1.0)
    vector, count, threshold = ag.constant(np.arange(12, dtype=np.int32)), ag.constant(12), \
        ag.constant(3)
    for label, fn, args in (("10-op function", ten_ops, (x_tensor,)),
                            ("40-line control flow", forty_lines, (vector, count, threshold))):
        cold = first_call(fn, *args, cold=True)
        warm = first_call(fn, *args, cold=False)
        print(f"  {label:22s} {cold * 1e3:8.2f} ms {warm * 1e3:8.2f} ms")


if __name__ == "__main__":
    main()
