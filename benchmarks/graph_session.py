"""Graph-mode execution next to the same computation in plain Python over NumPy scalars.

Two programs, each run both ways:
  * a chain of 100 scalar ops (25 rounds of multiply, add, subtract, tanh), run with
    `Session.run` and fed a new value each call;
  * a `while_loop` of 10 000 iterations whose body has 3 ops (x = x * a + b; i = i + 1).
Prints per-call (or per-iteration) times and the ratio graph / plain Python. Times are the
best of several repeats, as `timeit` advises.

    python3 benchmarks/graph_session.py
"""

from __future__ import annotations

import platform
import timeit

import numpy as np
from headline import headline

import autograph as ag

A, B, C = np.float32(0.999), np.float32(0.01), np.float32(0.002)


def chain_python(x):
    for _ in range(25):
        x = x * A
        x = x + B
        x = x - C
        x = np.tanh(x)
    return x


def chain_graph():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [], name="x")
        y = x
        for _ in range(25):
            y = ag.tanh(y * A + B - C)
    return g, x, y


def loop_python(n):
    n, one = np.int32(n), np.int32(1)  # constants made once, as in the graph
    i, x = np.int32(0), np.float32(1.0)
    while i < n:
        x = x * A + B
        i = i + one
    return i, x


def loop_graph(n):
    g = ag.Graph()
    with g.as_default():
        limit = ag.placeholder(ag.int32, [], name="n")
        result = ag.while_loop(lambda i, x: i < limit, lambda i, x: (i + 1, x * A + B),
                               (ag.constant(0), ag.constant(1.0)))
    return g, limit, result


def best(fn, number: int, repeat: int = 7) -> float:
    return min(timeit.repeat(fn, number=number, repeat=repeat)) / number


def main() -> None:
    print(f"graph mode on CPU; Python {platform.python_version()}, NumPy {np.__version__}, "
          f"{platform.machine()}")
    g, x, y = chain_graph()
    value = np.float32(0.5)
    with ag.Session(graph=g) as sess:
        np.testing.assert_allclose(sess.run(y, {x: value}), chain_python(value), rtol=1e-5)
        t_graph = best(lambda: sess.run(y, {x: value}), 2000)
    t_python = best(lambda: chain_python(value), 2000)
    print("\n100-op scalar graph, one Session.run")
    print(f"  plain Python over NumPy scalars {t_python * 1e6:9.2f} µs")
    print(f"  Session.run                     {t_graph * 1e6:9.2f} µs   ratio "
          f"{t_graph / t_python:.2f}")
    headline("100 scalar ops, Session.run / Python", t_graph / t_python)

    n = 10_000
    g, limit, y = loop_graph(n)
    with ag.Session(graph=g) as sess:
        count, x = sess.run(y, {limit: n})
        assert count == n, f"the loop ran {count} times, not {n}"
        np.testing.assert_allclose(x, loop_python(n)[1], rtol=1e-5)
        t_graph = best(lambda: sess.run(y, {limit: n}), 5)
    t_python = best(lambda: loop_python(n), 5)
    print(f"\nwhile_loop of {n} iterations, 3-op body, per iteration")
    print(f"  plain Python loop               {t_python / n * 1e9:9.1f} ns")
    print(f"  Session.run of the while_loop   {t_graph / n * 1e9:9.1f} ns   ratio "
          f"{t_graph / t_python:.2f}")
    headline("while_loop of 10 000 iterations / Python loop", t_graph / t_python)


if __name__ == "__main__":
    main()
