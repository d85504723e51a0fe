"""A training step of an embedding of 100,000 rows x 64 (a batch of 256 ids), by how its
gradient reaches the table: the rows read (`IndexedSlices`, the gradient of the lookup) against
the dense gradient (the whole table, as the lookup's gradient was before it was sparse).

Each step is an `ag.function` holding a `GradientTape`: the loss is the sum of the looked-up
rows times fixed weights. Rows: SGD and `LazyAdam` update only the rows read, in place;
`Adam` gets the same sparse gradient but, as Keras' rule decays both moments of every row,
its step stays dense (Keras' numbers). Dense: the same optimizers given the gradient as a
tensor. NumPy: the lazy Adam step written by hand on the rows read, for scale. BLAS pinned to
one thread.

    pip install ".[bench]" && python3 benchmarks/sparse_embedding.py
"""

from __future__ import annotations

import platform
import timeit

import numpy as np

import autograph as ag

try:
    from threadpoolctl import threadpool_limits
except ImportError:
    raise SystemExit("This benchmark pins BLAS to one thread with threadpoolctl: "
                     "pip install \".[bench]\"") from None

VOCABULARY, WIDTH, BATCH = 100_000, 64, 256


def step_function(optimizer, table: ag.Variable, dense: bool):
    @ag.function
    def step(ids, weights):
        with ag.GradientTape() as tape:
            loss = ag.reduce_sum(ag.gather(table, ids) * weights)
        (grad,) = tape.gradient(loss, [table])
        if dense:
            grad = ag.convert_to_tensor(grad)
        optimizer.apply_gradients([(grad, table)])
    return step


def numpy_lazy_adam(table, m, v, ids, weights, t: int, lr=0.001, b1=0.9, b2=0.999, eps=1e-7):
    rows, slot = np.unique(ids, return_inverse=True)
    grad = np.zeros((rows.size, WIDTH), np.float32)
    np.add.at(grad, slot, weights)
    m[rows] = b1 * m[rows] + (1 - b1) * grad
    v[rows] = b2 * v[rows] + (1 - b2) * grad * grad
    alpha = lr * np.sqrt(1 - b2 ** t) / (1 - b1 ** t)
    table[rows] -= alpha * m[rows] / (np.sqrt(v[rows]) + eps)


def best_ms(fn, number: int = 20, repeat: int = 5) -> float:
    return min(timeit.repeat(fn, number=number, repeat=repeat)) / number * 1e3


def main() -> None:
    rng = np.random.default_rng(0)
    start = (rng.standard_normal((VOCABULARY, WIDTH)) * 0.05).astype(np.float32)
    ids = ag.constant(rng.integers(0, VOCABULARY, BATCH).astype(np.int32))
    weights = ag.constant(rng.standard_normal((BATCH, WIDTH)).astype(np.float32))
    print(f"{platform.machine()}, Python {platform.python_version()}, NumPy {np.__version__}; "
          f"table {VOCABULARY} x {WIDTH} float32, batch {BATCH}; ms per step (best of 5 x 20)")
    print(f"{'optimizer':<10}{'rows':>10}{'dense':>10}{'dense/rows':>12}")
    for name in ("SGD", "LazyAdam", "Adam"):
        times = []
        for dense in (False, True):
            table = ag.Variable(start)
            step = step_function(getattr(ag.optimizers, name)(0.001), table, dense)
            step(ids, weights)  # trace
            times.append(best_ms(lambda step=step: step(ids, weights)))
        print(f"{name:<10}{times[0]:>10.3f}{times[1]:>10.3f}{times[1] / times[0]:>12.1f}")
    table, m, v = start.copy(), np.zeros_like(start), np.zeros_like(start)
    host_ids, host_weights = ids.numpy(), weights.numpy()
    counter = iter(range(1, 10**9))
    numpy_ms = best_ms(lambda: numpy_lazy_adam(table, m, v, host_ids, host_weights,
                                               next(counter)))
    print(f"NumPy lazy Adam by hand: {numpy_ms:.3f} ms per step")


if __name__ == "__main__":
    with threadpool_limits(limits=1):
        main()
