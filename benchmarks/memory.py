"""Time and peak memory of an 8-op elementwise chain in an `ag.function`, next to NumPy.

The chain (x*2, +1, square, -3, abs, sqrt, *0.5, +x) runs over a float32 vector of 1e7
elements (1e6 with `--quick`) five ways:
  * `ag.function`, whose plan writes each op's result into its dead input's buffer (`out=`);
  * the same graph planned without buffer reuse (what every plan did before); these two with
    the graph passes' elementwise fusion off;
  * `ag.function` with the default passes, which fuse the chain into one blocked kernel;
  * NumPy with `out=` into one buffer allocated once, outside the timed call;
  * NumPy with `out=` into a new result per call (what a function returning its result does);
  * plain NumPy, a new array per op.
Times are the best of several rounds (each way once a round) with BLAS pinned to one thread;
ratios are to NumPy's one-buffer time. Peak memory is what `tracemalloc` sees during one call
beyond what was allocated before it (the input), NumPy's arrays included. A function returns
a new array, so its floor is NumPy's new-result line: the one-buffer line also saves the new
output's first-touch page faults (about 3 ms for 38 MiB here).

    python3 -m pip install ".[bench]" && python3 benchmarks/memory.py [--quick]
"""

from __future__ import annotations

import argparse
import platform
import timeit
import tracemalloc
from typing import Any, Callable

import numpy as np
from headline import headline
from programs import chain, numpy_chain
from threadpoolctl import threadpool_limits

import autograph as ag
from autograph.runtime.exec.executor import Plan


def numpy_plain(x: np.ndarray) -> np.ndarray:
    y = (x * np.float32(2.0) + np.float32(1.0)) ** 2 - np.float32(3.0)
    return np.sqrt(np.abs(y)) * np.float32(0.5) + x


def peak_bytes(fn: Callable[[], Any]) -> int:
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1e6 elements, fewer repeats")
    quick = parser.parse_args().quick
    n, repeat = (1_000_000, 5) if quick else (10_000_000, 15)
    xa = np.random.default_rng(0).random(n, dtype=np.float32)
    x = ag.constant(xa)
    # buffer reuse alone: the graph passes' elementwise fusion (`remapping`) off while planning
    ag.config.optimizer.set_experimental_options({"remapping": False})
    function = ag.function(chain)
    function(x)
    graph = function.get_concrete_function(x).graph
    plain_plan = Plan(graph, graph.inputs, graph.outputs, reuse_buffers=False)
    ag.config.optimizer.set_experimental_options({"remapping": True})
    fused = ag.function(chain)
    fused(x)
    out = np.empty_like(xa)
    ways = {
        "ag.function (reuse)": lambda: function(x),
        "plan without reuse": lambda: plain_plan.run([xa]),
        "ag.function (fusion)": lambda: fused(x),
        "NumPy out=, one buffer": lambda: numpy_chain(xa, out),
        "NumPy out=, new result": lambda: numpy_chain(xa, np.empty_like(xa)),
        "NumPy plain": lambda: numpy_plain(xa),
    }
    expected = numpy_plain(xa)
    for name in ("ag.function (reuse)", "plan without reuse", "ag.function (fusion)"):
        result = ways[name]()
        value = result[0] if isinstance(result, list) else result.numpy()
        np.testing.assert_allclose(value, expected, rtol=1e-5, err_msg=name)
    print(f"8-op elementwise chain on {n:.0e} float32 ({xa.nbytes / 2**20:.0f} MiB); Python "
          f"{platform.python_version()}, NumPy {np.__version__}, {platform.machine()}")
    print(f"  {'':24} {'ms/call':>9} {'ratio':>7} {'peak MiB':>9}")
    times = dict.fromkeys(ways, float("inf"))
    with threadpool_limits(1):
        ag.config.threading.set_intra_op_parallelism_threads(1)  # our kernels too: one thread
        for _ in range(repeat):  # rounds over every way, so that a busy moment hits them all
            for name, fn in ways.items():
                times[name] = min(times[name], timeit.timeit(fn, number=1))
    floor = times["NumPy out=, one buffer"]
    for name, fn in ways.items():
        fn()  # warm: the plan's first call after tracing
        print(f"  {name:24} {times[name] * 1e3:9.2f} {times[name] / floor:7.2f} "
              f"{peak_bytes(fn) / 2**20:9.1f}")
    headline("8-op chain 1e7, plan with buffer reuse / NumPy out=",
             times["ag.function (reuse)"] / floor)


if __name__ == "__main__":
    main()
