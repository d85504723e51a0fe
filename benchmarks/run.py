"""Every benchmark, one after another, each in a process of its own.

Each prints its figures as ratios to NumPy (or to plain Python) measured in the same run; the
data pipelines also run `tf.data`, the digits CNN and the LSTM step `tf.keras`, when
`--tensorflow` names a Python that has TensorFlow, the jit benchmark `jax.jit` when `--jax`
names one with JAX, the LSTM step PyTorch when `--torch` names one with PyTorch, and the MLP
training step each of the three given (none is a dependency). `--quick` passes `--quick` to
the benchmarks that have a shorter mode (the others take a few seconds, the digits CNN half a
minute). At the end, a table gathers every benchmark's headline figures (`headline.py`), with
their targets.

    python3 -m pip install ".[bench]" && python3 benchmarks/run.py [--quick]
        [--tensorflow /path/to/python] [--jax /path/to/python] [--torch /path/to/python]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import pathlib
import subprocess
import sys
import time

from headline import parse

HERE = pathlib.Path(__file__).parent

# (script, takes --quick, the modules that extras install which it needs)
BENCHMARKS = [
    ("import_time.py", False, ()),
    ("eager_dispatch.py", False, ()),
    ("graph_session.py", False, ()),
    ("conversion.py", False, ()),
    ("function_calls.py", False, ()),
    ("profiler.py", False, ()),
    ("training_step.py", False, ("threadpoolctl",)),
    ("data_pipeline.py", False, ()),
    ("fast_paths.py", True, ("threadpoolctl",)),
    ("tracing.py", True, ()),
    ("memory.py", True, ("threadpoolctl",)),
    ("graph_passes.py", True, ("threadpoolctl",)),
    ("threads.py", True, ("threadpoolctl",)),
    ("jit.py", True, ("numba", "threadpoolctl")),
    ("pooling.py", True, ("threadpoolctl",)),
    ("digits_cnn.py", False, ("sklearn", "h5py", "threadpoolctl")),
    ("lstm_step.py", True, ("threadpoolctl",)),
    ("distribute.py", True, ("threadpoolctl", "ray")),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shorter runs where there are")
    parser.add_argument("--tensorflow", help="a Python with TensorFlow, for data_pipeline.py, "
                        "digits_cnn.py, lstm_step.py and training_step.py")
    parser.add_argument("--jax", help="a Python with JAX, for jit.py and training_step.py")
    parser.add_argument("--torch", help="a Python with PyTorch, for training_step.py and "
                        "lstm_step.py")
    args = parser.parse_args()
    failed: list[str] = []
    headlines: list[tuple[str, str, str, str]] = []
    for script, has_quick, needs in BENCHMARKS:
        if not (HERE / script).exists():
            continue
        print(f"\n=== {script}", flush=True)
        missing = [name for name in needs if importlib.util.find_spec(name) is None]
        if missing:
            print(f"skipped: needs {', '.join(missing)} (pip install \".[bench]\", "
                  f"\".[jit]\" for numba, \".[examples]\" for scikit-learn and h5py)")
            continue
        command = [sys.executable, str(HERE / script)]
        if args.quick and has_quick:
            command.append("--quick")
        if script in ("data_pipeline.py", "digits_cnn.py") and args.tensorflow:
            command.append(args.tensorflow)
        for option, takers in (("tensorflow", ("lstm_step.py", "training_step.py")),
                               ("jax", ("jit.py", "training_step.py")),
                               ("torch", ("lstm_step.py", "training_step.py"))):
            if script in takers and getattr(args, option):
                command += [f"--{option}", getattr(args, option)]
        start = time.perf_counter()
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                   text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        assert process.stdout is not None
        for line in process.stdout:  # shown as it comes, and its headline figures kept
            print(line, end="", flush=True)
            figure = parse(line)
            if figure:
                headlines.append((script, *figure))
        print(f"({time.perf_counter() - start:.1f} s)")
        if process.wait():
            failed.append(script)
    print_table(headlines)
    if failed:
        print(f"\nfailed: {', '.join(failed)}")
    return 1 if failed else 0


def print_table(headlines: list[tuple[str, str, str, str]]) -> None:
    """The headline figures of every benchmark that ran, in one table."""
    print("\n=== headline figures (ratios to NumPy or plain Python in the same run, unless a "
          "time)")
    width = max((len(label) for _, label, _, _ in headlines), default=10)
    for script, label, value, target in headlines:
        print(f"  {script:<20} {label:<{width}} {value:>10}  {target}")


if __name__ == "__main__":
    raise SystemExit(main())
