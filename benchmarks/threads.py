"""Both cores: the 8-op elementwise chain on 1e7 float32 values with its fused kernel split
across two intra-op threads; two independent 1024x1024 matmuls run side by side on two
inter-op threads (BLAS on one thread each); the row sums of a 4096x4096 matrix split across two
intra-op threads. Each is timed next to its one-thread plan and NumPy on one thread, in one run,
and its results are compared bit for bit with the one-thread plan's.

    pip install ".[bench]" && python3 benchmarks/threads.py [--quick]
"""

from __future__ import annotations

import argparse
import os
import platform
import timeit

import numpy as np
from headline import headline
from programs import chain, numpy_chain

import autograph as ag

try:
    from threadpoolctl import threadpool_limits
except ImportError:
    raise SystemExit("This benchmark pins BLAS to one thread with threadpoolctl: "
                     "pip install \".[bench]\"") from None

threading = ag.config.threading


def best(fn, repeat: int) -> float:
    fn()
    return min(timeit.repeat(fn, number=1, repeat=repeat))


def planned(fn, *specs, intra: int, inter: int):
    """`fn` traced and planned with these thread settings (a plan keeps those it was made
    with), and the settings to run it under."""
    threading.set_intra_op_parallelism_threads(intra)
    threading.set_inter_op_parallelism_threads(inter)
    return ag.function(fn).get_concrete_function(*specs), (intra, inter)


def timed(case, args, repeat: int) -> tuple[float, list[np.ndarray]]:
    (concrete, (intra, inter)) = case
    threading.set_intra_op_parallelism_threads(intra)
    threading.set_inter_op_parallelism_threads(inter)
    args = [ag.constant(a) for a in args]  # tensors: a NumPy argument would be copied per call
    result = concrete(*args)
    values = [t.numpy() for t in (result if isinstance(result, (list, tuple)) else [result])]
    return best(lambda: concrete(*args), repeat), values


def two_products(x, w1, w2):
    return ag.matmul(x, w1), ag.matmul(x, w2)


def row_sums(x):
    return ag.reduce_sum(x, axis=1)


def compare(label: str, numpy_fn, fn, specs, args, repeat: int, intra: int, inter: int,
            versus: str, target: str | None = None) -> None:
    """Prints `fn`'s time on one thread and with these thread settings, next to NumPy's; its
    headline figure is the latter as a ratio to `versus` ("NumPy" or "one thread")."""
    one = planned(fn, *specs, intra=1, inter=1)
    two = planned(fn, *specs, intra=intra, inter=inter)
    reference = best(numpy_fn, repeat)
    rounds = {"one": [], "two": []}
    for _ in range(3):  # alternated, so that a disturbance falls on both
        t1, v1 = timed(one, args, repeat)
        t2, v2 = timed(two, args, repeat)
        rounds["one"].append(t1)
        rounds["two"].append(t2)
    same = all(a.tobytes() == b.tobytes() for a, b in zip(v1, v2))
    t1, t2 = min(rounds["one"]), min(rounds["two"])
    print(f"{label:<34} NumPy {reference * 1e3:7.2f} ms   one thread {t1 * 1e3:7.2f} ms "
          f"({t1 / reference:.2f}x)   two {t2 * 1e3:7.2f} ms ({t2 / reference:.2f}x NumPy, "
          f"{t2 / t1:.2f}x one thread)   same bits: {same}")
    headline(f"{label}, two threads / {versus}", t2 / (reference if versus == "NumPy" else t1),
             target=target)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    args = parser.parse_args()
    repeat = 5 if args.quick else 15
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
          f"NumPy {np.__version__}; best of {repeat}, BLAS on one thread for NumPy")
    rng = np.random.default_rng(0)
    x = rng.random(10_000_000, dtype=np.float32)
    out = np.empty_like(x)
    a, b, c = (rng.random((1024, 1024), dtype=np.float32) for _ in range(3))
    m = rng.random((4096, 4096), dtype=np.float32)
    with threadpool_limits(1, "blas"):
        compare("8-op chain, 1e7 float32", lambda: numpy_chain(x, out), chain,
                [ag.TensorSpec(x.shape, ag.float32)], [x], repeat, intra=2, inter=1,
                versus="NumPy", target="<= 0.6")
        compare("two 1024x1024 matmuls", lambda: (a @ b, a @ c), two_products,
                [ag.TensorSpec(a.shape, ag.float32)] * 3, [a, b, c], repeat, intra=1, inter=2,
                versus="one thread", target="<= 0.6")
        compare("row sums of 4096x4096", lambda: m.sum(axis=1), row_sums,
                [ag.TensorSpec(m.shape, ag.float32)], [m], repeat, intra=2, inter=1,
                versus="one thread")
    threading.set_intra_op_parallelism_threads(0)
    threading.set_inter_op_parallelism_threads(0)


if __name__ == "__main__":
    main()
