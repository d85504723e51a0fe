"""One training step of an MLP 784-512-256-10 (ReLU, softmax cross-entropy, SGD), batch 256:
an `ag.function` holding a `GradientTape`, next to the same step with its backward written by
hand in NumPy, in one run with BLAS pinned to one thread. Also: the first call of the function
(conversion, forward and backward traces, plan), and what a tape costs an eager op.

    pip install ".[bench]" && python3 benchmarks/training_step.py
"""

from __future__ import annotations

import platform
import time
import timeit

import numpy as np

import autograph as ag

try:
    from threadpoolctl import threadpool_limits
except ImportError:
    raise SystemExit("This benchmark pins BLAS to one thread with threadpoolctl: "
                     "pip install \".[bench]\"") from None

SIZES = (784, 512, 256, 10)
BATCH = 256
LEARNING_RATE = np.float32(0.01)


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


def main() -> None:
    rng = np.random.default_rng(1)
    x = rng.standard_normal((BATCH, SIZES[0])).astype(np.float32)
    labels = rng.integers(0, SIZES[-1], BATCH).astype(np.int32)
    print(f"MLP {'-'.join(map(str, SIZES))}, batch {BATCH}, one BLAS thread; "
          f"{platform.processor() or platform.machine()}, Python {platform.python_version()}")
    with threadpool_limits(limits=1):
        params = initial_weights()
        variables = [ag.Variable(p.copy()) for p in params]
        step = make_ag_step(variables)
        xt, lt = ag.constant(x), ag.constant(labels)
        start = time.perf_counter()
        first_loss = float(step(xt, lt))
        first = time.perf_counter() - start
        reference = float(numpy_step([p.copy() for p in params], x, labels))
        print(f"first call (convert, trace forward and backward, plan): {first * 1e3:.1f} ms; "
              f"loss {first_loss:.6f} (NumPy {reference:.6f})")
        t_numpy = best(lambda: numpy_step(params, x, labels), 20)
        t_ag = best(lambda: step(xt, lt), 20)
        print(f"hand-written NumPy step: {t_numpy * 1e3:.2f} ms")
        print(f"ag.function step:        {t_ag * 1e3:.2f} ms   ratio {t_ag / t_numpy:.3f}")

    a, b = ag.constant(1.5), ag.constant(2.5)
    untaped = best(lambda: a * b, 20000)
    with ag.GradientTape() as tape:
        tape.watch(a)
        taped = best(lambda: a * b, 20000)
    print(f"eager multiply: {untaped * 1e6:.2f} us untaped, {taped * 1e6:.2f} us recorded on "
          f"a tape (+{(taped - untaped) * 1e6:.2f} us)")


if __name__ == "__main__":
    main()
