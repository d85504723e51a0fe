"""Input pipelines next to tf.data's, in the same run (when a TensorFlow interpreter is given),
and next to a plain Python generator with manual batching:

1. `Dataset.range(200_000).map(lambda x: x * 2 + 1).batch(256)` iterated eagerly;
2. the same pipeline consumed by a `for` loop inside an `ag.function` / `tf.function`;
3. `from_tensor_slices` of a 200 000 x 32 float32 array, `.shuffle(10_000).batch(128)`.

Also: pipeline 1 with a `map` function that reads values (so it runs per element, eagerly).

    python3 benchmarks/data_pipeline.py [/path/to/python-with-tensorflow]
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time

import numpy as np
from headline import headline

import autograph as ag

N, BATCH = 200_000, 256
TF_SCRIPT = """
import time, numpy as np, tensorflow as tf
def best(fn):
    times = []
    for _ in range(3):
        start = time.perf_counter(); fn(); times.append(time.perf_counter() - start)
    return min(times)
ds = tf.data.Dataset.range(%(n)d).map(lambda x: x * 2 + 1).batch(%(b)d)
def eager():
    for _ in ds:
        pass
@tf.function
def loop(ds):
    s = tf.constant(0, tf.int64)
    for b in ds:
        s += tf.reduce_sum(b)
    return s
loop(ds)
rows = np.random.default_rng(0).normal(size=(%(n)d, 32)).astype(np.float32)
def shuffled():
    for _ in tf.data.Dataset.from_tensor_slices(rows).shuffle(10_000, seed=0).batch(128):
        pass
print(best(eager), best(lambda: loop(ds)), best(shuffled))
""" % {"n": N, "b": BATCH}


def best(fn) -> float:
    times = []
    for _ in range(3):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def per_element(x):
    return x * 2 + 1 if x.numpy() >= 0 else x  # reads a value: runs on each element, eagerly


def generator_batches() -> None:
    def batches():
        batch = []
        for i in range(N):
            batch.append(i * 2 + 1)
            if len(batch) == BATCH:
                yield np.array(batch)
                batch = []
        if batch:
            yield np.array(batch)
    for _ in batches():
        pass


def main() -> None:
    theirs = None
    if len(sys.argv) > 1:  # from a file: tf.function reads its function's source
        with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as script:
            script.write(TF_SCRIPT)
        out = subprocess.run([sys.argv[1], script.name], capture_output=True, text=True,
                             check=True, timeout=300, stdin=subprocess.DEVNULL).stdout
        os.unlink(script.name)
        theirs = [float(v) for v in out.split()[-3:]]
    D = ag.data.Dataset
    pipeline = D.range(N).map(lambda x: x * 2 + 1).batch(BATCH)

    def eager() -> None:
        for _ in pipeline:
            pass

    @ag.function
    def loop(dataset):
        s = ag.constant(0, ag.int64)
        for b in dataset:
            s += ag.reduce_sum(b)
        return s
    loop(pipeline)
    rows = np.random.default_rng(0).normal(size=(N, 32)).astype(np.float32)

    def shuffled() -> None:
        for _ in D.from_tensor_slices(rows).shuffle(10_000, seed=0).batch(128):
            pass
    ours = [best(eager), best(lambda: loop(pipeline)), best(shuffled)]
    generator = best(generator_batches)
    unfused = best(lambda: [None for _ in D.range(N).map(per_element).batch(BATCH)])
    names = ["range.map.batch, eager", "range.map.batch, function loop",
             "slices.shuffle.batch, eager"]
    print(f"{'pipeline':34} {'autograph':>10} {'tf.data':>10} {'speed-up':>9}")
    for i, name in enumerate(names):
        tf_text = f"{theirs[i]:9.3f}s {theirs[i] / ours[i]:8.0f}x" if theirs else ""
        print(f"{name:34} {ours[i]:9.4f}s {tf_text}")
    print(f"Python generator, manual batching: {generator:.4f} s (pipeline 1 is "
          f"{ours[0] / generator:.2f}x of it)")
    print(f"pipeline 1 with a map that reads values (per element, eager): {unfused:.3f} s")
    headline("range.map.batch, eager / Python generator", ours[0] / generator)
    if theirs:
        for i, name in enumerate(names):
            headline(f"{name} / tf.data", ours[i] / theirs[i])


if __name__ == "__main__":
    main()
