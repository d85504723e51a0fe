"""The real TensorBoard server shows what a traced training loop wrote: its scalars and its
graph, through TensorBoard's HTTP API."""

import json
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

import numpy.testing as npt
import pytest

import autograph as ag

summary = ag.summary


def _train(log_dir):
    """Four steps of a linear model's training in an ag.function, logging its loss."""
    w = ag.Variable([[0.5], [-0.5]])
    optimizer = ag.keras.optimizers.SGD(0.1)
    x, y = ag.constant([[1.0, 2.0], [3.0, 4.0]]), ag.constant([[1.0], [2.0]])

    @ag.function
    def train_step():
        with ag.GradientTape() as tape:
            loss = ag.reduce_mean(ag.square(ag.matmul(x, w) - y))
        optimizer.apply_gradients([(tape.gradient(loss, w), w)])
        summary.scalar("loss", loss, step=optimizer.iterations)
        return loss

    writer = summary.create_file_writer(str(log_dir))
    losses = []
    with writer.as_default():
        summary.trace_on(graph=True)
        losses.append(float(train_step()))
        summary.trace_export("train_step", step=0)
        losses += [float(train_step()) for _ in range(3)]
    writer.close()
    return losses


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(port, path, timeout=60.0):
    """The body of `path` once the server answers it with data."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as r:
                body = r.read()
            if body not in (b"", b"[]"):
                return body
        except (urllib.error.URLError, ConnectionError):
            pass
        if time.monotonic() > deadline:
            raise TimeoutError(f"TensorBoard did not serve {path} within {timeout} s")
        time.sleep(0.2)


@pytest.fixture
def server(tmp_path):
    losses = _train(tmp_path)
    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "tensorboard.main", "--logdir", str(tmp_path), "--host",
         "127.0.0.1", "--port", str(port), "--load_fast=false", "--reload_interval", "1"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        yield port, losses
    finally:
        process.terminate()
        process.wait(timeout=30)
        process.stderr.close()


def test_the_server_shows_the_loss_and_the_train_steps_graph(server):
    port, losses = server
    points = json.loads(_get(port, "/data/plugin/scalars/scalars?run=.&tag=loss"))
    assert [step for _, step, _ in points] == [1, 2, 3, 4]  # optimizer.iterations, after update
    npt.assert_allclose([value for _, _, value in points], losses, rtol=1e-6)
    graph = _get(port, "/data/plugin/graphs/graph?run=.").decode()
    assert 'op: "MatMul"' in graph and 'op: "WriteSummary"' in graph
