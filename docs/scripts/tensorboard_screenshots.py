"""Screenshots of TensorBoard showing a training run that autograph logged, for the docs.

Trains a small classifier for 60 steps in an `ag.function` that writes its loss and accuracy
with `ag.summary.scalar` (the step read from the optimizer's variable when each call runs) and
its first call's graph with `trace_on` / `trace_export`; starts the real TensorBoard server on a
free loopback port; and has headless Chromium take two screenshots: the Scalars dashboard and
the Graphs dashboard. Needs the `tensorboard` package and Chromium (`apt-get install
chromium`).

    python3 docs/scripts/tensorboard_screenshots.py [--out docs/images]
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

import numpy as np

import autograph as ag


def train(logdir: str, steps: int = 60) -> None:
    rng = np.random.default_rng(0)
    x = rng.standard_normal((256, 8)).astype(np.float32)
    y = (x[:, :4].sum(axis=1) > 0).astype(np.int32)
    ag.keras.utils.set_random_seed(0)
    model = ag.keras.Sequential([ag.keras.Input((8,)),
                                 ag.keras.layers.Dense(16, activation="relu", name="hidden"),
                                 ag.keras.layers.Dense(2, name="logits")])
    optimizer = ag.keras.optimizers.SGD(0.1)
    loss_fn = ag.keras.losses.SparseCategoricalCrossentropy(from_logits=True)

    @ag.function
    def train_step(features, labels):
        with ag.GradientTape() as tape:
            logits = model(features, training=True)
            loss = loss_fn(labels, logits)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        predicted = ag.cast(ag.argmax(logits, axis=1), ag.int32)
        accuracy = ag.reduce_mean(ag.cast(ag.equal(predicted, labels), ag.float32))
        ag.summary.scalar("loss", loss, step=optimizer.iterations)
        ag.summary.scalar("accuracy", accuracy, step=optimizer.iterations)
        return loss

    writer = ag.summary.create_file_writer(logdir)
    with writer.as_default():
        ag.summary.trace_on(graph=True)
        train_step(x, y)
        ag.summary.trace_export("train_step", step=0)
        for _ in range(steps - 1):
            train_step(x, y)
    writer.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(url: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=5) as r:
                if r.read() not in (b"", b"[]"):
                    return
        except OSError:
            pass
        time.sleep(0.3)
    raise TimeoutError(f"TensorBoard did not answer {url}")


def screenshot(browser: str, url: str, path: str) -> None:
    subprocess.run([browser, "--headless=new", "--no-sandbox", "--disable-gpu",
                    "--hide-scrollbars", "--window-size=1400,900",
                    "--virtual-time-budget=20000", f"--screenshot={path}", url],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "images"))
    args = parser.parse_args()
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        sys.exit("Chromium is needed: apt-get install chromium")
    with tempfile.TemporaryDirectory() as logdir:
        train(os.path.join(logdir, "run"))
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "tensorboard.main", "--logdir", logdir, "--host", "127.0.0.1",
             "--port", str(port), "--load_fast=false"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            base = f"http://127.0.0.1:{port}"
            wait_for(f"{base}/data/plugin/scalars/scalars?run=run&tag=loss")
            os.makedirs(args.out, exist_ok=True)
            for dashboard in ("scalars", "graphs"):
                path = os.path.abspath(os.path.join(args.out, f"tensorboard-{dashboard}.png"))
                screenshot(browser, f"{base}/#{dashboard}", path)
                print(path)
        finally:
            server.terminate()
            server.wait(timeout=30)


if __name__ == "__main__":
    main()
