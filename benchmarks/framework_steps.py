"""The training step of `training_step.py` in TensorFlow, JAX or PyTorch, on one thread.

`training_step.py` runs this script in an interpreter that has the framework (none is a
dependency; this script imports neither autograph nor threadpoolctl) and sends it, on stdin,
an `.npz` of the batch (`x`, `labels`), the initial weights (`w1`, `b1`, `w2`, `b2`, `w3`,
`b3`, each `w` laid out (inputs, outputs)) and the `learning_rate`. The step: dense layers with
ReLU between them, mean sparse softmax cross-entropy, plain SGD. The script runs CHECK_STEPS
steps from those weights (the first ones trace or compile), then times NUMBER steps REPEAT
times, and prints one JSON line: the framework's `version`, the `loss` of step CHECK_STEPS,
`seconds`, the best repeat per step, and `cpu_per_wall`, the process's CPU time over the wall
time of all repeats (near 1 or below on one thread).

    python framework_steps.py {tensorflow,jax,torch} CHECK_STEPS NUMBER REPEAT < inputs.npz
"""

from __future__ import annotations

import gc
import io
import json
import os
import sys
import time
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    import numpy as np

# Read when the libraries load, so set before NumPy or a framework is imported. XLA's newer
# CPU runtime ignores the XLA_FLAGS and sizes its thread pool from NPROC.
ONE_THREAD = {
    "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
    "TF_NUM_INTRAOP_THREADS": "1", "TF_NUM_INTEROP_THREADS": "1", "TF_CPP_MIN_LOG_LEVEL": "2",
    "XLA_FLAGS": "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1",
    "NPROC": "1",
}
WEIGHTS = ("w1", "b1", "w2", "b2", "w3", "b3")


def best_and_cpu(fn: Callable[[], object], number: int, repeat: int) -> tuple[float, float]:
    """The best of `repeat` times of `number` calls, per call; CPU time over wall time."""
    times = []
    gc.disable()  # as timeit does
    cpu = time.process_time()
    try:
        for _ in range(repeat):
            start = time.perf_counter()
            for _ in range(number):
                fn()
            times.append(time.perf_counter() - start)
    finally:
        cpu = time.process_time() - cpu
        gc.enable()
    return min(times) / number, cpu / sum(times)


# Each builder takes the arrays and returns (version, step): step() runs one training step,
# done when it returns, and returns the loss before the update.
Step = Callable[[], object]


def tensorflow_step(arrays: dict[str, np.ndarray]) -> tuple[str, Step]:
    import tensorflow as tf
    tf.config.threading.set_intra_op_parallelism_threads(1)
    tf.config.threading.set_inter_op_parallelism_threads(1)
    weights = [tf.Variable(arrays[name]) for name in WEIGHTS]
    x, labels = tf.constant(arrays["x"]), tf.constant(arrays["labels"])
    learning_rate = tf.constant(arrays["learning_rate"])

    @tf.function
    def step(x, labels):
        w1, b1, w2, b2, w3, b3 = weights
        with tf.GradientTape() as tape:
            h1 = tf.nn.relu(tf.matmul(x, w1) + b1)
            h2 = tf.nn.relu(tf.matmul(h1, w2) + b2)
            logits = tf.matmul(h2, w3) + b3
            loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(
                labels=labels, logits=logits))
        for w, g in zip(weights, tape.gradient(loss, weights)):
            w.assign_sub(learning_rate * g)
        return loss
    return tf.__version__, lambda: step(x, labels)


def jax_step(arrays: dict[str, np.ndarray]) -> tuple[str, Step]:
    import jax
    import jax.numpy as jnp

    def loss_of(params, x, labels):
        w1, b1, w2, b2, w3, b3 = params
        h1 = jax.nn.relu(x @ w1 + b1)
        h2 = jax.nn.relu(h1 @ w2 + b2)
        log_p = jax.nn.log_softmax(h2 @ w3 + b3)
        return -jnp.mean(jnp.take_along_axis(log_p, labels[:, None], axis=1))

    def update(params, x, labels, learning_rate):
        loss, grads = jax.value_and_grad(loss_of)(params, x, labels)
        return [p - learning_rate * g for p, g in zip(params, grads)], loss
    # Donated weights are updated in place, as the other steps update theirs.
    update = jax.jit(update, donate_argnums=0)

    state = [jnp.asarray(arrays[name]) for name in WEIGHTS]
    x, labels = jnp.asarray(arrays["x"]), jnp.asarray(arrays["labels"])
    learning_rate = jnp.asarray(arrays["learning_rate"])

    def step():
        nonlocal state
        state, loss = update(state, x, labels, learning_rate)
        return jax.block_until_ready((state, loss))[1]
    return jax.__version__, step


def torch_step(arrays: dict[str, np.ndarray]) -> tuple[str, Step]:
    import torch
    torch.set_num_threads(1)
    torch.set_num_interop_threads(1)
    params = [torch.tensor(arrays[name], requires_grad=True) for name in WEIGHTS]
    x = torch.from_numpy(arrays["x"])
    labels = torch.from_numpy(arrays["labels"]).long()
    learning_rate = torch.tensor(arrays["learning_rate"])

    def step():
        w1, b1, w2, b2, w3, b3 = params
        h1 = torch.relu(torch.addmm(b1, x, w1))
        h2 = torch.relu(torch.addmm(b2, h1, w2))
        loss = torch.nn.functional.cross_entropy(torch.addmm(b3, h2, w3), labels)
        loss.backward()
        with torch.no_grad():
            for p in params:
                p.sub_(learning_rate * p.grad)
                p.grad = None
        return loss.detach()
    return torch.__version__, step


BUILDERS = {"tensorflow": tensorflow_step, "jax": jax_step, "torch": torch_step}


def main() -> None:
    if len(sys.argv) != 5 or sys.argv[1] not in BUILDERS:
        raise SystemExit(__doc__.strip().splitlines()[-1].strip())
    check_steps, number, repeat = map(int, sys.argv[2:])
    os.environ.update(ONE_THREAD)
    import numpy as np
    with np.load(io.BytesIO(sys.stdin.buffer.read())) as inputs:
        arrays = dict(inputs)
    version, step = BUILDERS[sys.argv[1]](arrays)
    for _ in range(check_steps):
        loss = step()
    seconds, cpu_per_wall = best_and_cpu(step, number, repeat)
    print(json.dumps({"version": version, "loss": float(np.asarray(loss)), "seconds": seconds,
                      "cpu_per_wall": cpu_per_wall}))


if __name__ == "__main__":
    main()
