"""Eager iteration of `Dataset.range(200_000).map(lambda x: x * 2 + 1).batch(256)`, next to
tf.data's time for the same pipeline in the same run (when a TensorFlow interpreter is given).

Printed: the fused pipeline (the elementwise function runs once per batch), the same map run
per element (a function that needs values, so it cannot be fused), and TensorFlow's time.

    python3 benchmarks/data_pipeline.py [/path/to/python-with-tensorflow]
"""

from __future__ import annotations

import subprocess
import sys
import time

import autograph as ag

N, BATCH = 200_000, 256
TF_SCRIPT = """
import time, tensorflow as tf
ds = tf.data.Dataset.range(%d).map(lambda x: x * 2 + 1).batch(%d)
start = time.perf_counter()
for _ in ds:
    pass
print(time.perf_counter() - start)
""" % (N, BATCH)


def timed(ds: ag.data.Dataset) -> float:
    start = time.perf_counter()
    for _ in ds:
        pass
    return time.perf_counter() - start


def per_element(x):
    return x * 2 + 1 if x.numpy() >= 0 else x  # reads a value: runs on each element


def main() -> None:
    D = ag.data.Dataset
    fused = min(timed(D.range(N).map(lambda x: x * 2 + 1).batch(BATCH)) for _ in range(3))
    print(f"autograph, map fused into batch: {fused:.3f} s")
    unfused = timed(D.range(N).map(per_element).batch(BATCH))
    print(f"autograph, map per element:      {unfused:.3f} s")
    if len(sys.argv) > 1:
        out = subprocess.run([sys.argv[1], "-c", TF_SCRIPT], capture_output=True, text=True,
                             check=True).stdout
        print(f"tf.data:                         {float(out.split()[-1]):.3f} s")


if __name__ == "__main__":
    main()
