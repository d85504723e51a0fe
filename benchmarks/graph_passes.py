"""The graph passes (`ag.config.optimizer`): what they save per call, what they cost per plan,
and whether a fused NumPy kernel for an elementwise chain would pay.

Per call: a function with repeated subexpressions, constant expressions and `x * 1`, on 10^6
float32 values, called with every pass on and with every pass off. Per plan: the time to make
the plan of a traced straight-line function of 100 and 1 000 ops, passes on and off. Fusion:
the 8-op elementwise chain of issue 17 on 10^7 float32 values, traced, with fusion
(`remapping`) off and on, next to NumPy computing it op by op into one preallocated buffer.
Best of several repeats, BLAS on one thread.

    python3 benchmarks/graph_passes.py
"""

from __future__ import annotations

import platform
import timeit
import warnings

import numpy as np
from headline import headline
from programs import chain, numpy_chain
from threadpoolctl import threadpool_limits

import autograph as ag
from autograph.runtime.exec.executor import Plan

ALL_OFF = {"constant_folding": False, "arithmetic_optimization": False,
           "dependency_optimization": False, "disable_model_pruning": True, "remapping": False}
ALL_ON = {"constant_folding": True, "arithmetic_optimization": True,
          "dependency_optimization": True, "disable_model_pruning": False, "remapping": True}


def best(fn, number: int = 1, repeat: int = 7) -> float:
    return min(timeit.repeat(fn, number=number, repeat=repeat)) / number


def standardize(x):
    centered = x - ag.reduce_mean(x)
    spread = ag.sqrt(ag.reduce_mean(ag.square(x - ag.reduce_mean(x))) + 1e-5)
    scale = ag.sqrt(ag.constant(2.0)) * ag.constant(np.pi, ag.float32)
    return ag.identity(centered * 1.0) / spread * scale


def straight_line(n: int):
    def f(x):
        for i in range(n // 2):
            x = x * 1.5 + ag.constant(float(i % 7))
        return x
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return ag.function(f).get_concrete_function(ag.TensorSpec([8], ag.float32))


def per_call() -> None:
    x = ag.constant(np.random.default_rng(0).random(1_000_000, dtype=np.float32))
    times = {}
    for label, options in (("on", ALL_ON), ("off", ALL_OFF)):
        ag.config.optimizer.set_experimental_options(options)
        f = ag.function(standardize)
        f(x)
        times[label] = best(lambda f=f: f(x), repeat=9)
    print(f"standardize(1e6 float32)  passes on {times['on'] * 1e3:6.2f} ms   "
          f"off {times['off'] * 1e3:6.2f} ms   on/off {times['on'] / times['off']:.2f}")
    headline("standardize(1e6), passes on / off", times["on"] / times["off"])


def per_plan() -> None:
    for n in (100, 1000):
        concrete = straight_line(n)
        graph, ops = concrete.graph, len(concrete.graph.get_operations())
        times = {}
        for label, options in (("on", ALL_ON), ("off", ALL_OFF)):
            ag.config.optimizer.set_experimental_options(options)
            times[label] = best(lambda g=graph: Plan(g, g.inputs, g.outputs), repeat=9)
        print(f"plan of {ops:5d} ops           passes on {times['on'] / ops * 1e6:6.1f} µs/op "
              f"off {times['off'] / ops * 1e6:6.1f} µs/op   on/off "
              f"{times['on'] / times['off']:.2f}")


def fusion() -> None:
    values = np.random.default_rng(0).random(10_000_000, dtype=np.float32)
    x, out = ag.constant(values), np.empty_like(values)

    numpy_time = best(lambda: numpy_chain(values, out), repeat=11)
    print(f"8-op chain, 1e7 float32    NumPy op by op into one buffer {numpy_time * 1e3:6.1f} ms")
    for label, remapping in (("fusion off", False), ("fusion on ", True)):
        ag.config.optimizer.set_experimental_options({"remapping": remapping})
        f = ag.function(chain)
        f(x)
        t = best(lambda f=f: f(x), repeat=11)
        print(f"  ag.function, {label}           {t * 1e3:6.1f} ms   vs NumPy "
              f"{t / numpy_time:.2f}")
    headline("8-op chain 1e7, fused plan / NumPy out= (one thread)", t / numpy_time)


def main() -> None:
    print(f"graph passes; Python {platform.python_version()}, NumPy {np.__version__}, "
          f"{platform.machine()}")
    with threadpool_limits(1):
        ag.config.threading.set_intra_op_parallelism_threads(1)  # our kernels too: one thread
        per_call()
        per_plan()
        fusion()
    ag.config.optimizer.set_experimental_options(ALL_ON)


if __name__ == "__main__":
    main()
