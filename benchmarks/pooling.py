"""Max pooling and its gradient on MNIST-sized feature maps (64x28x28x32 float32, one thread):
the kernels working a tap at a time (windows of up to `MAX_TAPS_ONE_AT_A_TIME` taps) next to
the same kernels reducing whole windows, and next to NumPy's whole-window maximum
(`sliding_window_view(...).max(axis=(4, 5))`), in one run. Each op runs eagerly: `MaxPoolGrad`
is timed as a tape's gradient of `max_pool2d`, so its time holds a forward pass too. The
results of the two ways are compared bit for bit.

    pip install ".[bench]" && python3 benchmarks/pooling.py [--quick]
"""

from __future__ import annotations

import argparse
import platform
import timeit

import numpy as np
from headline import headline

import autograph as ag
from autograph.kernels import nn_kernels

try:
    from threadpoolctl import threadpool_limits
except ImportError:
    raise SystemExit("This benchmark pins BLAS to one thread with threadpoolctl: "
                     "pip install \".[bench]\"") from None

SHAPE = (64, 28, 28, 32)
CASES = [(2, 2), (3, 2), (3, 1)]  # (window, stride)


def best(fn, repeat: int) -> float:
    fn()
    return min(timeit.repeat(fn, number=3, repeat=repeat)) / 3


def pooling(x, window: int, stride: int):
    """`ag.nn.max_pool2d` (MaxPool), and its gradient for a fixed output gradient through a
    `GradientTape` (MaxPoolGrad), as calls taking nothing."""
    def forward():
        return ag.nn.max_pool2d(x, window, stride, "VALID")

    grad = ag.constant(np.random.default_rng(1).standard_normal(
        forward().shape).astype(np.float32))

    def backward():
        with ag.GradientTape() as tape:
            tape.watch(x)
            y = forward()
        return tape.gradient(y, x, output_gradients=grad)
    return forward, backward


def numpy_maximum(values: np.ndarray, window: int, stride: int):
    """NumPy's whole-window maximum, as a call taking nothing."""
    view = np.lib.stride_tricks.sliding_window_view(values, (window, window), axis=(1, 2))
    return lambda: view[:, ::stride, ::stride].max(axis=(4, 5))


def timed_both_ways(forward, backward, repeat: int) -> tuple[dict, bool]:
    """{"taps" / "whole": (forward, backward) seconds}, and whether both gave the same bits."""
    taps = nn_kernels.MAX_TAPS_ONE_AT_A_TIME
    times, results = {}, {}
    for label, limit in (("taps", taps), ("whole", 0)):
        nn_kernels.MAX_TAPS_ONE_AT_A_TIME = limit
        try:
            times[label] = best(forward, repeat), best(backward, repeat)
            results[label] = [forward().numpy().tobytes(), backward().numpy().tobytes()]
        finally:
            nn_kernels.MAX_TAPS_ONE_AT_A_TIME = taps
    return times, results["taps"] == results["whole"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    repeat = 3 if parser.parse_args().quick else 7
    values = np.random.default_rng(0).standard_normal(SHAPE).astype(np.float32)
    x = ag.constant(values)
    print(f"{'x'.join(map(str, SHAPE))} float32, one thread; {platform.machine()}, "
          f"NumPy {np.__version__}; best of {repeat}; whole windows -> a tap at a time")
    print(f"  {'window':<12} {'NumPy max':>10} {'MaxPool':>20} {'MaxPool + its grad':>22}"
          f"   same bits")
    with threadpool_limits(limits=1):
        ag.config.threading.set_intra_op_parallelism_threads(1)
        for window, stride in CASES:
            numpy_max = best(numpy_maximum(values, window, stride), repeat)
            times, same = timed_both_ways(*pooling(x, window, stride), repeat)
            (f_taps, b_taps), (f_whole, b_whole) = times["taps"], times["whole"]
            print(f"  {f'{window}x{window}/{stride}':<12} {numpy_max * 1e3:8.2f}ms "
                  f"{f_whole * 1e3:7.2f} -> {f_taps * 1e3:6.2f} ms "
                  f"{b_whole * 1e3:8.2f} -> {b_taps * 1e3:6.2f} ms   {same}")
            if (window, stride) == CASES[0]:
                headline("MaxPool 2x2/2, tap at a time / NumPy's whole windows",
                         f_taps / numpy_max)
                headline("MaxPool + MaxPoolGrad 2x2/2, tap at a time / whole windows",
                         b_taps / b_whole)


if __name__ == "__main__":
    main()
