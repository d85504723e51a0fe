"""One training step of an MLP 784-512-256-10 (ReLU, softmax cross-entropy, SGD), batch 256:
an `ag.function` holding a `GradientTape`, next to the same step with its backward written by
hand in NumPy, in one run with BLAS (and autograph's own kernels) pinned to one thread. Also:
the first call of the function (conversion, forward and backward traces, plan), and what a tape
costs an eager op. The step's eight matrix products alone, timed in NumPy, show how far below
the NumPy step any step can go with the same BLAS on one thread.

`--tensorflow`, `--jax` and `--torch` each name a Python that has the framework (none is a
dependency): the same step, from the same weights on the same batch, runs there
(`framework_steps.py`: `tf.function`, `jax.jit`, PyTorch's eager autograd), on one thread, and
is reported as a ratio to the NumPy step of this run. Every step's loss after CHECK_STEPS steps
is checked against the NumPy step's, and each step's CPU time over its wall time shows that it
ran on one thread (near 1, or below when other work shares the core).

    pip install ".[bench]" && python3 benchmarks/training_step.py [--tensorflow PYTHON]
        [--jax PYTHON] [--torch PYTHON]
"""

from __future__ import annotations

import argparse
import io
import json
import pathlib
import platform
import shutil
import subprocess
import time
import timeit

import numpy as np
from framework_steps import WEIGHTS, best_and_cpu
from headline import headline

import autograph as ag

try:
    from threadpoolctl import threadpool_limits
except ImportError:
    raise SystemExit("This benchmark pins BLAS to one thread with threadpoolctl: "
                     "pip install \".[bench]\"") from None

SIZES = (784, 512, 256, 10)
BATCH = 256
LEARNING_RATE = np.float32(0.01)
CHECK_STEPS = 10  # steps from the initial weights before the losses are compared
TOLERANCE = 1e-4  # relative, on the loss after CHECK_STEPS steps
NUMBER, REPEAT = 20, 5  # each step's time: the best of REPEAT runs of NUMBER steps
FRAMEWORKS = {"tensorflow": "TensorFlow tf.function", "jax": "JAX jax.jit",
              "torch": "PyTorch (eager)"}
HERE = pathlib.Path(__file__).parent


def initial_weights(seed: int = 0) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    weights = []
    for n_in, n_out in zip(SIZES[:-1], SIZES[1:]):
        weights.append((rng.standard_normal((n_in, n_out)) * np.sqrt(2 / n_in)).astype(
            np.float32))
        weights.append(np.zeros(n_out, np.float32))
    return weights


def numpy_step(params: list[np.ndarray], x: np.ndarray, labels: np.ndarray) -> np.float32:
    """Forward, hand-written backward and SGD update, in place; returns the loss."""
    w1, b1, w2, b2, w3, b3 = params
    h1 = np.maximum(x @ w1 + b1, 0)
    h2 = np.maximum(h1 @ w2 + b2, 0)
    logits = h2 @ w3 + b3
    shifted = logits - logits.max(axis=1, keepdims=True)
    exp = np.exp(shifted)
    probabilities = exp / exp.sum(axis=1, keepdims=True)
    rows = np.arange(len(labels))
    loss = -np.log(probabilities[rows, labels]).mean()
    d_logits = probabilities
    d_logits[rows, labels] -= 1
    d_logits /= len(labels)
    d_w3, d_b3 = h2.T @ d_logits, d_logits.sum(0)
    d_h2 = (d_logits @ w3.T) * (h2 > 0)
    d_w2, d_b2 = h1.T @ d_h2, d_h2.sum(0)
    d_h1 = (d_h2 @ w2.T) * (h1 > 0)
    d_w1, d_b1 = x.T @ d_h1, d_h1.sum(0)
    for p, g in zip(params, (d_w1, d_b1, d_w2, d_b2, d_w3, d_b3)):
        p -= LEARNING_RATE * g
    return loss


def matrix_products(seed: int = 2):
    """The step's eight matrix products on operands of their shapes (forward: three; backward:
    two per layer but one, the input's gradient being needed by no one), as a function taking
    nothing: NumPy's time for them is the least a step takes with this BLAS on one thread."""
    rng = np.random.default_rng(seed)

    def operand(*shape: int) -> np.ndarray:
        return rng.standard_normal(shape).astype(np.float32)
    x, (n0, n1, n2, n3) = operand(BATCH, SIZES[0]), SIZES
    w1, w2, w3 = operand(n0, n1), operand(n1, n2), operand(n2, n3)
    h1, h2, d_logits = operand(BATCH, n1), operand(BATCH, n2), operand(BATCH, n3)
    d_h2, d_h1 = operand(BATCH, n2), operand(BATCH, n1)

    def products() -> None:
        x @ w1, h1 @ w2, h2 @ w3  # forward
        h2.T @ d_logits, d_logits @ w3.T, h1.T @ d_h2, d_h2 @ w2.T, x.T @ d_h1  # backward
    return products


def make_ag_step(variables: list[ag.Variable]) -> ag.Function:
    w1, b1, w2, b2, w3, b3 = variables

    @ag.function
    def train_step(x, labels):
        with ag.GradientTape() as tape:
            h1 = ag.nn.relu(ag.matmul(x, w1) + b1)
            h2 = ag.nn.relu(ag.matmul(h1, w2) + b2)
            logits = ag.matmul(h2, w3) + b3
            loss = ag.reduce_mean(ag.nn.sparse_softmax_cross_entropy_with_logits(
                labels=labels, logits=logits))
        for v, g in zip(variables, tape.gradient(loss, variables)):
            v.assign_sub(LEARNING_RATE * g)
        return loss
    return train_step


def best(fn, number: int, repeat: int = 5) -> float:
    return min(timeit.repeat(fn, number=number, repeat=repeat)) / number


def framework_step(framework: str, python: str, inputs: bytes) -> dict:
    """The step in `framework`, run by `python`: its version, loss, seconds and CPU/wall."""
    command = [python, str(HERE / "framework_steps.py"), framework,
               *map(str, (CHECK_STEPS, NUMBER, REPEAT))]
    result = subprocess.run(command, input=inputs, capture_output=True)
    if result.returncode:
        raise SystemExit(f"--{framework} {python}: framework_steps.py failed there:\n"
                         f"{result.stderr.decode(errors='replace')[-3000:]}\n"
                         f"Give a Python that has {FRAMEWORKS[framework].split()[0]} and "
                         f"NumPy installed.")
    return json.loads(result.stdout.decode().splitlines()[-1])


def parse_options() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for framework, name in FRAMEWORKS.items():
        parser.add_argument(f"--{framework}", metavar="PYTHON",
                            help=f"a Python that has {name.split()[0]}")
    options = parser.parse_args()
    for framework in FRAMEWORKS:
        python = getattr(options, framework)
        if python is not None and shutil.which(python) is None:
            parser.error(f"--{framework} {python}: no such interpreter; give the path of a "
                         f"Python that has {FRAMEWORKS[framework].split()[0]}")
    return options


def main() -> int:
    options = parse_options()
    rng = np.random.default_rng(1)
    x = rng.standard_normal((BATCH, SIZES[0])).astype(np.float32)
    labels = rng.integers(0, SIZES[-1], BATCH).astype(np.int32)
    params = initial_weights()
    inputs = io.BytesIO()  # what the other frameworks start from, before the timing trains
    np.savez(inputs, x=x, labels=labels, learning_rate=LEARNING_RATE,
             **dict(zip(WEIGHTS, params)))
    print(f"MLP {'-'.join(map(str, SIZES))}, batch {BATCH}, one BLAS thread; "
          f"{platform.processor() or platform.machine()}, Python {platform.python_version()}")
    with threadpool_limits(limits=1):
        ag.config.threading.set_intra_op_parallelism_threads(1)  # our kernels too
        ag.config.threading.set_inter_op_parallelism_threads(1)
        variables = [ag.Variable(p.copy()) for p in params]
        step = make_ag_step(variables)
        xt, lt = ag.constant(x), ag.constant(labels)
        start = time.perf_counter()
        ag_loss = float(step(xt, lt))
        first = time.perf_counter() - start
        for _ in range(CHECK_STEPS - 1):
            ag_loss = float(step(xt, lt))
        reference_params = [p.copy() for p in params]
        for _ in range(CHECK_STEPS):
            reference = float(numpy_step(reference_params, x, labels))
        print(f"first call (convert, trace forward and backward, plan): {first * 1e3:.1f} ms")
        t_numpy, cpu_numpy = best_and_cpu(lambda: numpy_step(params, x, labels), NUMBER,
                                          REPEAT)
        t_ag, cpu_ag = best_and_cpu(lambda: step(xt, lt), NUMBER, REPEAT)
        t_products, _ = best_and_cpu(matrix_products(), NUMBER, REPEAT)
    rows = [("hand-written NumPy", t_numpy, cpu_numpy, reference),
            ("ag.function", t_ag, cpu_ag, ag_loss)]
    for framework, name in FRAMEWORKS.items():
        python = getattr(options, framework)
        if python is not None:
            result = framework_step(framework, python, inputs.getvalue())
            rows.append((f"{name} {result['version']}", result["seconds"],
                         result["cpu_per_wall"], result["loss"]))

    print(f"  {'':34} {'ms/step':>8} {'/ NumPy':>8} {'CPU/wall':>9}   loss after "
          f"{CHECK_STEPS} steps (relative difference to NumPy's)")
    agree = True
    for name, seconds, cpu_per_wall, loss in rows:
        difference = abs(loss - reference) / abs(reference)
        agree &= difference <= TOLERANCE
        verdict = "same" if difference <= TOLERANCE else f"DIFFERS: over {TOLERANCE:g}"
        print(f"  {name:34} {seconds * 1e3:8.2f} {seconds / t_numpy:8.3f} {cpu_per_wall:9.2f}"
              f"   {loss:.7f} ({difference:.1e}, {verdict})")

    print(f"  {'its 8 matrix products alone (NumPy)':34} {t_products * 1e3:8.2f} "
          f"{t_products / t_numpy:8.3f}   the least a step takes with this BLAS on one thread")
    a, b = ag.constant(1.5), ag.constant(2.5)
    untaped = best(lambda: a * b, 20000)
    with ag.GradientTape() as tape:
        tape.watch(a)
        taped = best(lambda: a * b, 20000)
    print(f"eager multiply: {untaped * 1e6:.2f} us untaped, {taped * 1e6:.2f} us recorded on "
          f"a tape (+{(taped - untaped) * 1e6:.2f} us)")
    headline("MLP step / NumPy", t_ag / t_numpy, target="<= 0.85")
    headline("MLP step, its matrix products alone / NumPy", t_products / t_numpy)
    for name, seconds, _, _ in rows[2:]:
        headline(f"MLP step, {name.split()[0]} / NumPy", seconds / t_numpy)
    if not agree:
        print(f"the losses after {CHECK_STEPS} steps differ: the steps do not compute the same")
    return 0 if agree else 1


if __name__ == "__main__":
    raise SystemExit(main())
