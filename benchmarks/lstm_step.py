"""One training step of an LSTM: `ag.keras` next to `tf.keras` and PyTorch's `nn.LSTM`.

The model: inputs of 50 time steps of 32 features, `LSTM(128)`, `Dense(1)`, mean squared error,
SGD, batches of 64. Each framework fits 8 batches once (warm-up: traces, plans), then the
figure is the best of several epochs of 8 batches, per batch, with BLAS pinned to one thread
(and TensorFlow's and PyTorch's own thread pools to one). `ag.keras` and `tf.keras` run
`model.fit` (`jit_compile=False` for TensorFlow); PyTorch runs the same step written by hand.
TensorFlow and PyTorch run in the interpreters given (they are never dependencies):

    pip install ".[bench]" && python3 benchmarks/lstm_step.py [--tensorflow PYTHON]
        [--torch PYTHON] [--quick]
"""

from __future__ import annotations

import argparse
import platform
import subprocess
import sys
import time

from headline import headline

try:
    from threadpoolctl import threadpool_limits
except ImportError:
    raise SystemExit("This benchmark pins BLAS to one thread with threadpoolctl: "
                     "pip install \".[bench]\"") from None

BATCH, TIME, FEATURES, UNITS, BATCHES = 64, 50, 32, 128, 8

# Shared by every framework's script: the data and the timing loop.
COMMON = f"""
import time
import numpy as np
from threadpoolctl import threadpool_limits
BATCH, TIME, FEATURES, UNITS, BATCHES = {BATCH}, {TIME}, {FEATURES}, {UNITS}, {BATCHES}
rng = np.random.default_rng(0)
x = rng.normal(size=(BATCH * BATCHES, TIME, FEATURES)).astype(np.float32)
y = rng.normal(size=(BATCH * BATCHES, 1)).astype(np.float32)


def per_batch(epoch, repeat):
    epoch()  # warm-up: traces, plans, allocations
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        epoch()
        best = min(best, time.perf_counter() - start)
    return best / BATCHES
"""

KERAS_EPOCH = """
def keras_epoch(keras, **compile_options):
    model = keras.Sequential([keras.Input((TIME, FEATURES)), keras.layers.LSTM(UNITS),
                              keras.layers.Dense(1)])
    model.compile(optimizer=keras.optimizers.SGD(0.01), loss="mse", **compile_options)
    return lambda: model.fit(x, y, batch_size=BATCH, epochs=1, shuffle=False, verbose=0)
"""

TENSORFLOW = COMMON + KERAS_EPOCH + """
import sys, tensorflow as tf
tf.config.threading.set_intra_op_parallelism_threads(1)
tf.config.threading.set_inter_op_parallelism_threads(1)
with threadpool_limits(1):
    print(per_batch(keras_epoch(tf.keras, jit_compile=False), int(sys.argv[1])))
"""

TORCH = COMMON + """
import sys, torch
torch.set_num_threads(1)
torch.manual_seed(0)
lstm, dense = torch.nn.LSTM(FEATURES, UNITS, batch_first=True), torch.nn.Linear(UNITS, 1)
optimizer = torch.optim.SGD([*lstm.parameters(), *dense.parameters()], lr=0.01)
xs, ys = torch.from_numpy(x), torch.from_numpy(y)

def epoch():
    for i in range(BATCHES):
        batch = slice(i * BATCH, (i + 1) * BATCH)
        optimizer.zero_grad()
        outputs, _ = lstm(xs[batch])
        loss = torch.nn.functional.mse_loss(dense(outputs[:, -1]), ys[batch])
        loss.backward()
        optimizer.step()
with threadpool_limits(1):
    print(per_batch(epoch, int(sys.argv[1])))
"""


def ours(repeat: int) -> float:
    namespace: dict = {}
    exec(COMMON + KERAS_EPOCH, namespace)  # the same data and loop as the others'
    import autograph as ag
    with threadpool_limits(1):
        return namespace["per_batch"](namespace["keras_epoch"](ag.keras), repeat)


def other(python: str | None, script: str, repeat: int) -> float | None:
    if python is None:
        return None
    result = subprocess.run([python, "-c", script, str(repeat)], capture_output=True,
                            text=True, check=True)
    return float(result.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tensorflow", metavar="PYTHON", help="an interpreter with TensorFlow")
    parser.add_argument("--torch", metavar="PYTHON", help="an interpreter with PyTorch")
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    options = parser.parse_args()
    repeat = 2 if options.quick else 5
    start = time.perf_counter()
    table = [("ag.keras (fit)", ours(repeat)),
             ("tf.keras (fit, jit_compile=False)",
              other(options.tensorflow, TENSORFLOW, repeat)),
             ("torch nn.LSTM (hand-written step)", other(options.torch, TORCH, repeat))]
    print(f"LSTM({UNITS}) + Dense(1) training step: batch {BATCH}, {TIME} steps of "
          f"{FEATURES} features, SGD; BLAS on one thread; {platform.machine()}, "
          f"Python {platform.python_version()}")
    base = table[0][1]
    print(f"  {'':36} {'ms/step':>9} {'ag.keras /':>11}")
    for name, seconds in table:
        if seconds is None:
            print(f"  {name:36} {'(not run: give its interpreter)':>21}")
            continue
        print(f"  {name:36} {seconds * 1e3:9.2f} {base / seconds:11.2f}")
    headline("LSTM step, ag.keras", base * 1e3, unit="ms")
    for name, seconds in table[1:]:
        if seconds is not None:
            headline(f"LSTM step, ag.keras / {name.split()[0]}", base / seconds)
    print(f"({time.perf_counter() - start:.0f} s)", file=sys.stderr)


if __name__ == "__main__":
    main()
