"""`examples/digits_cnn.py`'s model trained by `ag.keras` and, given a Python that has
TensorFlow, by `tf.keras`: the same layers, data split, epochs, batch size, validation split and
best-only `.keras` checkpoint, one thread on each side (`threadpoolctl` for our BLAS, TensorFlow's
intra- and inter-op settings for it). Each side builds and fits a new model three times and
keeps its fastest `fit` + `evaluate`, the first epoch's tracing included; early stopping is
left out, so that both train the same number of epochs.

    pip install ".[examples,bench]" && python3 benchmarks/digits_cnn.py [--epochs N] \\
        [/path/to/python-with-tensorflow]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import pathlib
import platform
import subprocess
import tempfile
import time

import numpy as np
from headline import headline

import autograph as ag

ROOT = pathlib.Path(__file__).resolve().parents[1]
REPEATS, BATCH, VALIDATION = 3, 32, 0.15

# The example's make_model in tf.keras; its parameter count is checked against ours.
TF_SCRIPT = """
import os, sys, tempfile, time
import numpy as np
import tensorflow as tf
tf.config.threading.set_intra_op_parallelism_threads(1)
tf.config.threading.set_inter_op_parallelism_threads(1)
keras = tf.keras
data = np.load(sys.argv[1])
epochs = int(sys.argv[2])

def conv_block(filters):
    return [keras.layers.Conv2D(filters, 3, padding="same", use_bias=False),
            keras.layers.BatchNormalization(momentum=0.9), keras.layers.ReLU()]

def make_model():
    model = keras.Sequential([
        keras.Input((8, 8, 1)), *conv_block(32), keras.layers.MaxPooling2D(2),
        *conv_block(64), keras.layers.MaxPooling2D(2), *conv_block(64),
        keras.layers.Flatten(), keras.layers.Dropout(0.3), keras.layers.Dense(10)])
    model.compile(optimizer=keras.optimizers.Adam(3e-3),
                  loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])
    return model

times = []
for repeat in range(%(repeats)d):
    keras.utils.set_random_seed(repeat)
    model = make_model()
    with tempfile.TemporaryDirectory() as folder:
        best = keras.callbacks.ModelCheckpoint(os.path.join(folder, "best.keras"),
                                               save_best_only=True)
        start = time.perf_counter()
        model.fit(data["x_train"], data["y_train"], batch_size=%(batch)d, epochs=epochs,
                  validation_split=%(validation)r, callbacks=[best], verbose=0)
        _, accuracy = model.evaluate(data["x_test"], data["y_test"], batch_size=128, verbose=0)
        times.append(time.perf_counter() - start)
print("RESULT", tf.__version__, keras.version(), model.count_params(), min(times), accuracy)
""" % {"repeats": REPEATS, "batch": BATCH, "validation": VALIDATION}


def load_example():
    """`examples/digits_cnn.py` as a module (its `main` does not run)."""
    spec = importlib.util.spec_from_file_location("digits_cnn", ROOT / "examples" /
                                                  "digits_cnn.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def ours(example, data: dict, epochs: int) -> tuple[int, float, float]:
    """(parameters, fastest fit + evaluate in seconds, the last run's test accuracy)."""
    times = []
    for repeat in range(REPEATS):
        ag.keras.utils.set_random_seed(repeat)
        model = example.make_model()
        with tempfile.TemporaryDirectory() as folder:
            best = ag.keras.callbacks.ModelCheckpoint(os.path.join(folder, "best.keras"),
                                                      save_best_only=True)
            start = time.perf_counter()
            model.fit(data["x_train"], data["y_train"], batch_size=BATCH, epochs=epochs,
                      validation_split=VALIDATION, callbacks=[best], verbose=0)
            _, accuracy = model.evaluate(data["x_test"], data["y_test"], batch_size=128,
                                         verbose=0)
            times.append(time.perf_counter() - start)
    return model.count_params(), min(times), accuracy


def theirs(python: str, data: dict, epochs: int) -> list[str]:
    """TensorFlow's version, Keras's version, parameters, fastest time, accuracy."""
    with tempfile.TemporaryDirectory() as folder:
        arrays = os.path.join(folder, "digits.npz")
        np.savez(arrays, **data)
        script = os.path.join(folder, "digits_tf.py")
        pathlib.Path(script).write_text(TF_SCRIPT)
        out = subprocess.run([python, script, arrays, str(epochs)], capture_output=True,
                             text=True, check=True, timeout=600, stdin=subprocess.DEVNULL,
                             env={**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3"}).stdout
    return out.split("RESULT ")[1].split()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=16,
                        help="epochs per fit (16: as many as the example's run trains)")
    parser.add_argument("tensorflow_python", nargs="?", default=None,
                        help="a Python interpreter that has TensorFlow")
    args = parser.parse_args()
    ag.config.threading.set_intra_op_parallelism_threads(1)  # needs threadpoolctl: "bench"
    ag.config.threading.set_inter_op_parallelism_threads(1)
    example = load_example()
    x_train, x_test, y_train, y_test = example.load_splits()
    data = {"x_train": x_train, "y_train": y_train, "x_test": x_test, "y_test": y_test}

    parameters, seconds, accuracy = ours(example, data, args.epochs)
    print(f"digits CNN ({parameters} parameters), {args.epochs} epochs of {len(x_train)} "
          f"images, batch {BATCH}, validation_split {VALIDATION}; one thread; fastest of "
          f"{REPEATS} fits; Python {platform.python_version()}, {platform.machine()}, "
          f"{os.cpu_count()} cores")
    print(f"{'':26}fit+evaluate   per epoch   test accuracy")
    rows = [("autograph", seconds, accuracy)]
    if args.tensorflow_python:
        tf_version, keras_version, tf_parameters, tf_seconds, tf_accuracy = theirs(
            args.tensorflow_python, data, args.epochs)
        if int(tf_parameters) != parameters:
            raise SystemExit(f"tf.keras's model has {tf_parameters} parameters, ours "
                             f"{parameters}: TF_SCRIPT no longer builds the example's model")
        rows.append((f"TF {tf_version} / Keras {keras_version}", float(tf_seconds),
                     float(tf_accuracy)))
    for name, total, score in rows:
        print(f"  {name:24}{total:10.2f} s{total / args.epochs:10.3f} s{score:16.4f}")
    if len(rows) == 2:
        print(f"  ratio autograph / tf.keras: {rows[0][1] / rows[1][1]:.2f}")
        headline("digits CNN fit + evaluate / tf.keras", rows[0][1] / rows[1][1])


if __name__ == "__main__":
    main()
