"""Data-parallel training: one training step under each `ag.distribute` strategy, the Ray
workers' all-reduce, and a projection of both to many workers.

1. The step time of two models, a custom training loop in TensorFlow's style (the replicas'
   losses scaled by the global batch with `ag.nn.compute_average_loss`, `strategy.run` in an
   `ag.function`, the losses summed with `strategy.reduce`), for: one replica (the default
   strategy, `get_strategy()`); `MirroredStrategy(["/cpu:0", "/cpu:1"])` (two replicas in this
   process, the second CPU falling back to the first); `RayStrategy` with 1 and 2 workers (each
   a Ray worker process). The models: the MLP 784-512-256-10 of `training_step.py` on batches
   of 256, and the "digits MLP" 64-64-10 on batches of 64 (random 8x8 images flattened), both
   ReLU, sparse softmax cross-entropy and SGD. The same step written by hand in NumPy
   (forward, backward, update) is the reference. The batches are taken from
   `experimental_distribute_dataset` before timing, so the figure is the step, not the input
   pipeline. The global batch is the same for every strategy: with 2 replicas each computes
   half of it, so perfect scaling halves the step time. Hence
       speedup = t(one replica) / t(n replicas), efficiency = speedup / n,
   100% when 2 replicas take half the time, 50% when they take as long as one.
2. The all-reduce of the 2 Ray workers: inside `strategy.run`, each worker times
   `get_replica_context().all_reduce("SUM", t)` (eager) on float32 tensors of 0.25 to 16 MB;
   the figures are the slower worker's median per call, as ms per MB and as bandwidth (size /
   time; for 2 workers the ring's "bus" bandwidth, 2 (n-1)/n size / time, is the same).
3. A projection, a model computed from the figures above (not a measurement): the MLP's step
   on 8, 64 and 512 workers, its gradients summed by a ring all-reduce taking
       2 (n-1)/n * bytes / bandwidth + 2 (n-1) * latency
   (bytes: the gradients' size; bandwidth: a network's, 10 Gbit/s unless `--bandwidth-gbit`
   says otherwise; latency: the measured cost of one message, see `message_latency`, unless
   `--latency-ms` says otherwise), after the compute of one replica, either divided among the
   workers (global batch fixed: strong scaling) or the same on each (batch per worker fixed:
   weak scaling, where efficiency = t1 / t_n).

Every time is the median over `timeit` repeats, per step, after a warm-up (the first calls
trace), with BLAS pinned to one thread in this process and in each Ray worker. Ray starts
here with 2 CPUs (`ray.init(num_cpus=2)`), afresh for each number of workers; the Ray parts
are skipped when Ray is not installed.

    pip install ".[bench,ray]" && python3 benchmarks/distribute.py [--quick]
        [--bandwidth-gbit 10] [--latency-ms MS]

Reading the figures: "ms/step" is one step of the global batch, "spread" the range of the
repeats over their median (a measure of the noise), "vs NumPy" the step over the
hand-written NumPy step, "speedup" and "efficiency" the step against the one-replica step
of the same model (see 1.); "1st loss" is the same in every row when the strategies train
alike (every model starts from the NumPy step's weights). On this machine the replicas of
`MirroredStrategy` take turns (one thread at a time), so its speedup stays near 1, and Ray's
pay a round trip to the worker processes a step (the batch travels to them) and an
all-reduce through Ray's object store; the projection says how the same step would scale
with the all-reduce on a network.
"""

from __future__ import annotations

import argparse
import itertools
import os
import platform
import statistics
import time
import timeit
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np
from headline import headline

import autograph as ag
from autograph.distribute import Strategy

try:
    from threadpoolctl import threadpool_info, threadpool_limits
except ImportError:
    raise SystemExit("This benchmark pins BLAS to one thread with threadpoolctl: "
                     "pip install \".[bench]\"") from None

try:
    import ray
except ImportError:
    ray = None

LEARNING_RATE = 0.01
HELD_BATCHES = 4  # elements taken from the distributed dataset before timing, used in turn
ALL_REDUCE_MB = (0.25, 1.0, 4.0, 16.0)
PROJECTED_WORKERS = (8, 64, 512)


@dataclass(frozen=True)
class Model:
    name: str
    sizes: tuple[int, ...]  # layer widths, inputs first
    batch: int

    @property
    def gradient_bytes(self) -> int:
        return 4 * sum(a * b + b for a, b in zip(self.sizes[:-1], self.sizes[1:]))


MODELS = (Model("MLP 784-512-256-10", (784, 512, 256, 10), 256),
          Model("digits MLP 64-64-10", (64, 64, 10), 64))


@dataclass(frozen=True)
class Timing:
    seconds: float  # median per step
    spread: float  # (slowest - fastest repeat) / median
    first: float  # the first call (traces)
    loss: float  # of the first step


# The NumPy reference --------------------------------------------------------------------------
def numpy_step(params: list[np.ndarray], x: np.ndarray, labels: np.ndarray) -> np.float32:
    """Forward, hand-written backward and SGD update of the MLP, in place; returns the loss."""
    layers = len(params) // 2
    activations = [x]
    for i in range(layers):
        z = activations[-1] @ params[2 * i] + params[2 * i + 1]
        activations.append(np.maximum(z, 0) if i < layers - 1 else z)
    logits = activations.pop()
    exp = np.exp(logits - logits.max(axis=1, keepdims=True))
    probabilities = exp / exp.sum(axis=1, keepdims=True)
    rows = np.arange(len(labels))
    loss = -np.log(probabilities[rows, labels]).mean()
    delta = probabilities
    delta[rows, labels] -= 1
    delta /= len(labels)
    grads: list[np.ndarray] = [np.empty(0)] * len(params)
    for i in reversed(range(layers)):
        grads[2 * i], grads[2 * i + 1] = activations[i].T @ delta, delta.sum(0)
        if i:
            delta = (delta @ params[2 * i].T) * (activations[i] > 0)
    for p, g in zip(params, grads):
        p -= np.float32(LEARNING_RATE) * g
    return loss


# The distributed step -------------------------------------------------------------------------
def make_data(model: Model, seed: int = 1) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    n = model.batch * HELD_BATCHES
    x = rng.standard_normal((n, model.sizes[0])).astype(np.float32)
    return x, rng.integers(0, model.sizes[-1], n).astype(np.int32)


def initial_weights(model: Model, seed: int = 0) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    weights = []
    for n_in, n_out in zip(model.sizes[:-1], model.sizes[1:]):
        weights.append((rng.standard_normal((n_in, n_out)) * np.sqrt(2 / n_in)).astype(
            np.float32))
        weights.append(np.zeros(n_out, np.float32))
    return weights


def build_keras(model: Model) -> Any:
    hidden = [ag.keras.layers.Dense(n, activation="relu") for n in model.sizes[1:-1]]
    keras_model = ag.keras.Sequential([ag.keras.Input((model.sizes[0],)), *hidden,
                                       ag.keras.layers.Dense(model.sizes[-1])])
    keras_model.set_weights(initial_weights(model))  # the NumPy step's, for the loss check
    return keras_model


def make_distributed_step(strategy: Strategy, model: Model) -> ag.Function:
    with strategy.scope():
        keras_model = build_keras(model)
        optimizer = ag.keras.optimizers.SGD(LEARNING_RATE)

    def train_step(batch: tuple) -> Any:
        x, y = batch
        with ag.GradientTape() as tape:
            per_example = ag.keras.losses.sparse_categorical_crossentropy(
                y, keras_model(x, training=True), from_logits=True)
            loss = ag.nn.compute_average_loss(per_example, global_batch_size=model.batch)
        grads = tape.gradient(loss, keras_model.trainable_variables)
        optimizer.apply_gradients(zip(grads, keras_model.trainable_variables))
        return loss

    @ag.function
    def distributed_step(batch: tuple) -> Any:
        return strategy.reduce("SUM", strategy.run(train_step, args=(batch,)), axis=None)
    return distributed_step


def held_batches(strategy: Strategy, model: Model) -> list:
    dataset = ag.data.Dataset.from_tensor_slices(make_data(model)).batch(model.batch).repeat()
    return list(itertools.islice(strategy.experimental_distribute_dataset(dataset),
                                 HELD_BATCHES))


def median_per_call(fn: Callable[[], Any], number: int, repeat: int) -> tuple[float, float]:
    """(median seconds per call over the repeats, their spread: (max - min) / median)."""
    times = timeit.repeat(fn, number=number, repeat=repeat)
    median = statistics.median(times)
    return median / number, (max(times) - min(times)) / median


def time_strategy(strategy: Strategy, model: Model, number: int, repeat: int) -> Timing:
    step = make_distributed_step(strategy, model)
    batches = held_batches(strategy, model)
    start = time.perf_counter()
    loss = float(step(batches[0]))
    first = time.perf_counter() - start
    for batch in batches[1:]:  # warm-up
        step(batch)
    cycle = itertools.cycle(batches)
    return Timing(*median_per_call(lambda: float(step(next(cycle))), number, repeat), first,
                  loss)


def time_numpy(model: Model, number: int, repeat: int) -> Timing:
    x, labels = make_data(model)
    params = initial_weights(model)
    loss = float(numpy_step([p.copy() for p in params], x[:model.batch], labels[:model.batch]))
    cycle = itertools.cycle(range(HELD_BATCHES))

    def step() -> None:
        start = next(cycle) * model.batch
        numpy_step(params, x[start:start + model.batch], labels[start:start + model.batch])
    return Timing(*median_per_call(step, number, repeat), 0.0, loss)


# Ray ------------------------------------------------------------------------------------------
def start_ray() -> float:
    """Starts Ray on this machine; the seconds it took."""
    start = time.perf_counter()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    return time.perf_counter() - start


def pin_blas() -> int:
    """On a worker: BLAS pinned to one thread for the rest of its life; the threads now."""
    threadpool_limits(limits=1)
    return max((pool["num_threads"] for pool in threadpool_info()), default=1)


def all_reduce_seconds(megabytes: float, calls: int) -> float:
    """On a worker: the median seconds of `calls` eager all-reduces of a float32 tensor of
    `megabytes`."""
    tensor = ag.ones([int(megabytes * 2**20) // 4], ag.float32)
    context = ag.distribute.get_replica_context()
    context.all_reduce("SUM", tensor)  # warm-up, and the workers meet
    times = []
    for _ in range(calls):
        start = time.perf_counter()
        context.all_reduce("SUM", tensor)
        times.append(time.perf_counter() - start)
    return np.float64(statistics.median(times))


def time_all_reduce(strategy: Strategy, calls: int) -> dict[float, float]:
    """The slower worker's median seconds per all-reduce, by size in MB."""
    times = {}
    for megabytes in ALL_REDUCE_MB:
        per_worker = strategy.run(all_reduce_seconds, args=(megabytes, calls))
        times[megabytes] = max(float(t) for t in strategy.experimental_local_results(
            per_worker))
    return times


# The projection -------------------------------------------------------------------------------
def ring_seconds(n: int, nbytes: float, bandwidth: float, latency: float) -> float:
    """A ring all-reduce of `nbytes` over `n` workers: 2 (n-1) messages, each worker sending
    and receiving 2 (n-1)/n of the data."""
    return 2 * (n - 1) / n * nbytes / bandwidth + 2 * (n - 1) * latency


def message_latency(times: dict[float, float], workers: int = 2) -> tuple[float, float]:
    """(bandwidth in bytes/s, latency per message in s) of the measured ring: the bandwidth
    from the largest size (its time taken as all transfer), the latency from the smallest
    size's time less its transfer at that bandwidth, shared among its 2 (n-1) messages.
    (Ray sends an argument over 100 KB through its object store, as the 128 KB chunks of a
    0.25 MB ring of 2; a larger ring's smaller chunks may travel faster.)"""
    share = 2 * (workers - 1) / workers
    largest, smallest = max(times), min(times)
    bandwidth = share * largest * 2**20 / times[largest]
    transfer = share * smallest * 2**20 / bandwidth
    return bandwidth, max(times[smallest] - transfer, 0.0) / (2 * (workers - 1))


def projection_rows(compute: float, nbytes: float, bandwidth: float, latency: float,
                    strong: bool) -> list[tuple[int, float, float, float, float]]:
    """(n, compute per worker, all-reduce, step, efficiency) for each projected n."""
    rows = []
    for n in PROJECTED_WORKERS:
        per_worker = compute / n if strong else compute
        reduce = ring_seconds(n, nbytes, bandwidth, latency)
        step = per_worker + reduce
        rows.append((n, per_worker, reduce, step, compute / step / (n if strong else 1)))
    return rows


# Printing -------------------------------------------------------------------------------------
def print_steps(model: Model, timings: dict[str, Timing], replicas: dict[str, int]) -> None:
    numpy_time = timings["hand-written NumPy"].seconds
    one = timings["one replica"].seconds
    print(f"\n{model.name}, global batch {model.batch}")
    print(f"  {'':32} {'ms/step':>8} {'spread':>7} {'vs NumPy':>9} {'speedup':>8} "
          f"{'effic.':>7} {'1st call':>9} {'1st loss':>9}")
    for name, timing in timings.items():
        n = replicas.get(name)
        scaling = (f"{one / timing.seconds:8.2f} {one / timing.seconds / n:7.0%}" if n
                   else f"{'':8} {'':7}")
        first = f"{timing.first * 1e3:7.0f}ms" if timing.first else ""
        print(f"  {name:32} {timing.seconds * 1e3:8.2f} {timing.spread:7.0%} "
              f"{timing.seconds / numpy_time:9.2f} {scaling} {first:>9} {timing.loss:9.5f}")
    headline(f"{model.name} step, one replica / NumPy", one / numpy_time)


def print_all_reduce(times: dict[float, float]) -> None:
    print("\nall-reduce (SUM, float32, eager) over 2 Ray workers: the slower worker's median "
          "per call")
    print(f"  {'MB':>6} {'ms/call':>8} {'ms/MB':>7} {'GB/s':>6}")
    for megabytes, seconds in times.items():
        print(f"  {megabytes:6.2f} {seconds * 1e3:8.2f} {seconds * 1e3 / megabytes:7.2f} "
              f"{megabytes * 2**20 / seconds / 1e9:6.2f}")


def print_projection(model: Model, compute: float, dispatch: float, times: dict[float, float],
                     bandwidth_gbit: float, latency_ms: float | None) -> None:
    measured_bandwidth, measured_latency = message_latency(times)
    latency = measured_latency if latency_ms is None else latency_ms / 1e3
    bandwidth = bandwidth_gbit * 1e9 / 8
    nbytes = model.gradient_bytes
    print(f"\nPROJECTION (a model computed from the figures above, not a measurement): the "
          f"{model.name} step on n workers")
    print(f"  step = compute per worker + all-reduce, all-reduce = 2 (n-1)/n * "
          f"{nbytes / 2**20:.2f} MB / {bandwidth_gbit:g} Gbit/s + 2 (n-1) * "
          f"{latency * 1e3:.2f} ms; assuming:")
    for line in (
            f"the gradients, {nbytes / 2**20:.2f} MB of float32, summed by one ring "
            f"all-reduce per step, not overlapped with the compute",
            f"a network of {bandwidth_gbit:g} Gbit/s to each worker (--bandwidth-gbit; the "
            f"2 Ray workers here reached {measured_bandwidth / 1e9:.2f} GB/s)",
            f"{latency * 1e3:.2f} ms per message " + (
                f"(--latency-ms; measured {measured_latency * 1e3:.2f} ms)" if latency_ms
                is not None else f"(measured: the {min(times):g} MB all-reduce's time, less "
                f"its transfer at the {max(times):g} MB one's bandwidth, over its 2 messages)"),
            f"the compute of the one-replica step, {compute * 1e3:.2f} ms per batch of "
            f"{model.batch}; no input pipeline, no stragglers, and no per-step dispatch (Ray "
            f"with 1 worker added {dispatch * 1e3:.2f} ms a step here)"):
        print(f"  - {line}")
    for strong in (True, False):
        title = (f"strong scaling: global batch {model.batch} fixed, compute / n, "
                 f"efficiency = t1 / (n t_n)" if strong else
                 f"weak scaling: batch {model.batch} per worker, compute fixed, "
                 f"efficiency = t1 / t_n")
        print(f"  {title}")
        print(f"  {'n':>6} {'compute ms':>11} {'all-reduce ms':>14} {'step ms':>8} "
              f"{'efficiency':>11}")
        for n, per_worker, reduce, step, efficiency in projection_rows(
                compute, nbytes, bandwidth, latency, strong):
            print(f"  {n:6} {per_worker * 1e3:11.3f} {reduce * 1e3:14.2f} {step * 1e3:8.2f} "
                  f"{efficiency:11.1%}")
    if model.batch < max(PROJECTED_WORKERS):
        print(f"  (strong scaling past {model.batch} workers leaves each under one example: "
              f"those rows only extend the formula)")


# Running --------------------------------------------------------------------------------------
def local_strategies() -> dict[str, tuple[Callable[[], Strategy], int]]:
    return {"one replica": (ag.distribute.get_strategy, 1),
            "MirroredStrategy, 2 replicas": (
                lambda: ag.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"]), 2)}


def run_ray(workers: int, number: int, repeat: int, reduce_calls: int
            ) -> tuple[dict[str, Timing], dict[float, float]]:
    """Ray started afresh with a RayStrategy of `workers`: (step timings by model name,
    all-reduce seconds by MB where `workers` is 2). Ray is stopped after: the
    workers of a RayStrategy hold each other's handles, so they outlive the strategy, and
    with them their CPUs, until `ray.shutdown()`."""
    started = start_ray()
    try:
        start = time.perf_counter()
        strategy = ag.distribute.experimental.RayStrategy(num_workers=workers)
        started += time.perf_counter() - start
        threads = strategy.run(pin_blas)
        print(f"Ray with {workers} worker(s) started in {started:.1f} s; BLAS threads per "
              f"worker: {threads}", flush=True)
        timings = {m.name: time_strategy(strategy, m, number, repeat) for m in MODELS}
        reduces = time_all_reduce(strategy, reduce_calls) if workers == 2 else {}
    finally:
        ray.shutdown()
    return timings, reduces


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats (under 40 s)")
    parser.add_argument("--bandwidth-gbit", type=float, default=10.0,
                        help="the network bandwidth of the projection, Gbit/s (default 10)")
    parser.add_argument("--latency-ms", type=float,
                        help="the projection's latency per message (default: the measured one)")
    args = parser.parse_args()
    began = time.perf_counter()
    number, repeat, reduce_calls = (5, 3, 10) if args.quick else (20, 9, 30)
    print(f"{platform.platform()}, {platform.processor() or platform.machine()}, "
          f"{os.cpu_count()} CPUs; Python {platform.python_version()}, numpy {np.__version__}, "
          f"ray {ray.__version__ if ray else 'not installed'}; one BLAS thread; median of "
          f"{repeat} repeats of {number} steps")
    timings: dict[str, dict[str, Timing]] = {m.name: {} for m in MODELS}
    replicas: dict[str, int] = {}
    with threadpool_limits(limits=1):
        for model in MODELS:
            timings[model.name]["hand-written NumPy"] = time_numpy(model, number, repeat)
        for name, (make, n) in local_strategies().items():
            replicas[name] = n
            strategy = make()
            for model in MODELS:
                timings[model.name][name] = time_strategy(strategy, model, number, repeat)
        reduces: dict[float, float] = {}
        if ray is None:
            print("Ray is not installed (pip install \".[ray]\"): RayStrategy, the all-reduce "
                  "and the projection are skipped")
        for workers in (1, 2) if ray else ():
            name = f"RayStrategy, {workers} worker{'s' if workers > 1 else ''}"
            replicas[name] = workers
            by_model, found = run_ray(workers, number, repeat, reduce_calls)
            reduces.update(found)
            for model_name, timing in by_model.items():
                timings[model_name][name] = timing
    for model in MODELS:
        print_steps(model, timings[model.name], replicas)
    if reduces:
        print_all_reduce(reduces)
        mlp = timings[MODELS[0].name]
        compute = mlp["one replica"].seconds
        print_projection(MODELS[0], compute, mlp["RayStrategy, 1 worker"].seconds - compute,
                         reduces, args.bandwidth_gbit, args.latency_ms)
    print(f"\n({time.perf_counter() - began:.0f} s in all)")


if __name__ == "__main__":
    main()
