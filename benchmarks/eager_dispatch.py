"""Cost of one eager op next to the raw NumPy (or CuPy) call it wraps.

Measures `ag.add(a, b)` and `a + b` on float32 scalars and on 1e6-element float32 arrays, each
next to `xp.add(x, y)` on the same data, and prints per-call times, the overhead in µs and the
ratio. Times are the best of several repeats (the least disturbed run), as `timeit` advises,
the three calls taking turns so that a disturbance falls on all of them. The headline is the
scalar `ag.add`'s overhead over `np.add` (target: at most 1 µs).

    python benchmarks/eager_dispatch.py            # CPU
    python benchmarks/eager_dispatch.py --device GPU
"""

from __future__ import annotations

import argparse
import platform
import timeit

import numpy as np
from headline import headline

import autograph as ag


def best_time(fn, number: int, repeat: int, sync=None) -> float:
    """Seconds per call: the best of `repeat` runs of `number` calls."""
    def run():
        for _ in range(number):
            fn()
        if sync is not None:
            sync()
    return min(timeit.repeat(run, number=1, repeat=repeat)) / number


def measure(device: str, size: int, number: int, repeat: int) -> dict[str, float]:
    with ag.device(f"/{device}:0"):
        a = ag.convert_to_tensor(np.full(size, 1.5, np.float32).reshape(() if size == 1 else -1))
        b = ag.convert_to_tensor(np.full(size, 2.5, np.float32).reshape(() if size == 1 else -1))
        x, y = a._value, b._value  # the very arrays the kernel receives
        xp = a._device.xp
        sync = (lambda: xp.cuda.Device().synchronize()) if device == "GPU" else None
        calls = {"raw": lambda: xp.add(x, y), "ag.add": lambda: ag.add(a, b),
                  "a + b": lambda: a + b}
        for fn in calls.values():
            fn()  # the first call settles what the later ones reuse
        best = dict.fromkeys(calls, float("inf"))
        for _ in range(repeat):  # in turns: a disturbance falls on each of them
            for name, fn in calls.items():
                best[name] = min(best[name], best_time(fn, number, 1, sync))
        return best


def report(title: str, times: dict[str, float], raw_name: str) -> None:
    raw = times["raw"]
    print(f"\n{title}")
    print(f"  {'call':<12}{'µs/call':>12}{'overhead µs':>14}{'ratio':>9}")
    for name, t in times.items():
        label = raw_name if name == "raw" else name
        print(f"  {label:<12}{t * 1e6:>12.3f}{(t - raw) * 1e6:>14.3f}{t / raw:>9.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--device", default="CPU", choices=["CPU", "GPU"])
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    if args.device == "GPU" and not ag.config.list_physical_devices("GPU"):
        raise SystemExit("No GPU is available here (CuPy and a CUDA device are needed).")
    ag.config.set_soft_device_placement(False)
    raw_name = "cupy.add" if args.device == "GPU" else "np.add"
    print(f"eager dispatch on {args.device}; Python {platform.python_version()}, "
          f"NumPy {np.__version__}, {platform.machine()}")
    scalar = measure(args.device, 1, 10000, args.repeat)
    report("scalar float32 add", scalar, raw_name)
    report("1e6-element float32 add", measure(args.device, 10 ** 6, 50, args.repeat), raw_name)
    headline(f"eager scalar ag.add overhead over {raw_name} ({args.device})",
             (scalar["ag.add"] - scalar["raw"]) * 1e6, " µs", "<= 1")


if __name__ == "__main__":
    main()
