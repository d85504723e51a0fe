"""`ag.keras.callbacks.TensorBoard`: `fit` written to TensorBoard with Keras 3's tags.

Under `log_dir/train`: `epoch_<metric>` (and `epoch_learning_rate`) at each epoch's number,
`batch_<metric>` every `update_freq` batches at the optimizer's step (the epoch's running
values, as `fit` reports them), `<model>/<layer>/<weight>/histogram` (and `/image`, with
`write_images`) every `histogram_freq` epochs, the model's JSON config as the text `keras`,
and with `write_graph` the graph of the first training step. Under `log_dir/validation`:
`epoch_<metric>` of the validation data and `evaluation_<metric>_vs_iterations` at the
optimizer's step. `profile_batch` profiles a range of batches (`ag.profiler`) into
`log_dir/train`.

>>> TensorBoard(update_freq="weekly")
Traceback (most recent call last):
...
ValueError: update_freq must be 'epoch', 'batch' or a positive int; got 'weekly'.
"""

from __future__ import annotations

import os
import time
from typing import Any

import numpy as np

from autograph.runtime.summary import graphs, profiler
from autograph.runtime.summary import summaries as summary
from autograph.runtime.summary.writer import SummaryWriter, create_file_writer
from autograph.runtime.train.keras.callbacks import Callback
from autograph.runtime.train.keras.model_files import config_json

__all__ = ["TensorBoard"]


class TensorBoard(Callback):
    """Writes the training's metrics, weights and graph for TensorBoard, as Keras 3 does.

    Args:
        log_dir: the run's directory (`train/` and `validation/` go under it).
        histogram_freq: every how many epochs to write weight histograms (0: never).
        write_graph: write the model's config (`keras`) and the first training step's graph.
        write_images: also write each weight as an image when histograms are written.
        write_steps_per_second: also write `batch_steps_per_second` / `epoch_steps_per_second`.
        update_freq: `"epoch"`, or `"batch"` / an int: write `batch_<metric>` every so many
            batches.
        profile_batch: a batch (int), a range `(start, stop)` or `"start,stop"` to profile; 0
            profiles nothing.
        embeddings_freq, embeddings_metadata: the embedding projector, which is not supported:
            a non-zero `embeddings_freq` is refused.
    """

    def __init__(self, log_dir: str = "logs", histogram_freq: int = 0, write_graph: bool = True,
                 write_images: bool = False, write_steps_per_second: bool = False,
                 update_freq: Any = "epoch", profile_batch: Any = 0, embeddings_freq: int = 0,
                 embeddings_metadata: Any = None):
        super().__init__()
        if embeddings_freq:
            raise ValueError("TensorBoard(embeddings_freq=...) is not supported: autograph does "
                             "not write the embedding projector's files; leave it at 0.")
        if update_freq == "batch":
            update_freq = 1
        if update_freq != "epoch" and not (isinstance(update_freq, int) and update_freq > 0):
            raise ValueError(f"update_freq must be 'epoch', 'batch' or a positive int; got "
                             f"{update_freq!r}.")
        self.log_dir = os.fspath(log_dir)
        self.histogram_freq = histogram_freq
        self.write_graph = write_graph
        self.write_images = write_images
        self.write_steps_per_second = write_steps_per_second
        self.update_freq = update_freq
        self._profile_range = _profile_range(profile_batch)
        self._writers: dict[str, SummaryWriter] = {}
        self._batches_this_run = 0
        self._profiling = False
        self._tracing = False
        self._batch_started = 0.0
        self._epoch_started = 0.0
        self._epoch_batches = 0

    # Writers --------------------------------------------------------------------------------
    def _writer(self, run: str) -> SummaryWriter:
        writer = self._writers.get(run)
        if writer is None:
            writer = self._writers[run] = create_file_writer(os.path.join(self.log_dir, run))
        return writer

    def _step(self) -> int:
        optimizer = getattr(self.model, "optimizer", None)
        iterations = getattr(optimizer, "iterations", None)
        return int(iterations.numpy()) if iterations is not None else self._batches_this_run

    # Training ---------------------------------------------------------------------------------
    def on_train_begin(self, logs: dict | None = None) -> None:
        self._batches_this_run = 0
        if self.write_graph:
            with self._writer("train").as_default(step=0):
                summary.text("keras", config_json(self.model))

    def on_train_batch_begin(self, batch: int, logs: dict | None = None) -> None:
        self._batch_started = time.perf_counter()
        if self.write_graph and self._batches_this_run == 0 and not graphs.tracing():
            graphs.trace_on(graph=True)
            self._tracing = True
        if self._profile_range and self._batches_this_run + 1 == self._profile_range[0]:
            profiler.start(os.path.join(self.log_dir, "train"))
            self._profiling = True

    def on_train_batch_end(self, batch: int, logs: dict | None = None) -> None:
        self._batches_this_run += 1
        if self._tracing:
            self._tracing = False
            with self._writer("train").as_default(step=0):
                graphs.trace_export("keras_train_step", step=0)
        last = self._profile_range[1] if self._profile_range else 0
        if self._profiling and self._batches_this_run == last:
            self._profiling = False
            profiler.stop()
        if self.update_freq == "epoch" or self._batches_this_run % self.update_freq:
            return
        values = dict(logs or {})
        if self.write_steps_per_second:
            values["steps_per_second"] = 1.0 / max(time.perf_counter() - self._batch_started,
                                                   1e-9)
        with self._writer("train").as_default(step=self._step()):
            for name, value in values.items():
                summary.scalar(f"batch_{name}", float(np.asarray(value)))

    def on_epoch_begin(self, epoch: int, logs: dict | None = None) -> None:
        self._epoch_started = time.perf_counter()
        self._epoch_batches = self._batches_this_run

    def on_epoch_end(self, epoch: int, logs: dict | None = None) -> None:
        logs = dict(logs or {})
        train = {k: v for k, v in logs.items() if not k.startswith("val_")}
        validation = {k[4:]: v for k, v in logs.items() if k.startswith("val_")}
        learning_rate = _learning_rate(self.model)
        if learning_rate is not None:
            train["learning_rate"] = learning_rate
        if self.write_steps_per_second:
            steps = self._batches_this_run - self._epoch_batches
            train["steps_per_second"] = steps / max(time.perf_counter() - self._epoch_started,
                                                    1e-9)
        with self._writer("train").as_default(step=epoch):
            for name, value in train.items():
                summary.scalar(f"epoch_{name}", float(np.asarray(value)))
            if self.histogram_freq and epoch % self.histogram_freq == 0:
                self._write_weights(epoch)
        if validation:
            with self._writer("validation").as_default(step=epoch):
                iterations = self._step()
                for name, value in validation.items():
                    summary.scalar(f"evaluation_{name}_vs_iterations",
                                   float(np.asarray(value)), step=iterations)
                for name, value in validation.items():
                    summary.scalar(f"epoch_{name}", float(np.asarray(value)))

    def on_train_end(self, logs: dict | None = None) -> None:
        if self._profiling:
            self._profiling = False
            profiler.stop()
        if self._tracing:
            self._tracing = False
            graphs.trace_off()
        for writer in self._writers.values():
            writer.close()
        self._writers.clear()

    def _write_weights(self, epoch: int) -> None:
        prefix = getattr(self.model, "name", "model")
        for weight in self.model.weights:
            name = f"{prefix}/{weight.name.split(':')[0]}"
            value = weight.numpy()
            summary.histogram(f"{name}/histogram", value)
            if self.write_images:
                image = _weight_image(value)
                if image is not None:
                    summary.image(f"{name}/image", image)


def _learning_rate(model: Any) -> float | None:
    rate = getattr(getattr(model, "optimizer", None), "learning_rate", None)
    if rate is None:
        return None
    value = rate.numpy() if hasattr(rate, "numpy") else rate
    try:
        return float(np.asarray(value))
    except (TypeError, ValueError):  # a schedule object
        return None


def _weight_image(value: np.ndarray) -> np.ndarray | None:
    """A weight as Keras 3 draws it: a bias as a column, a kernel as its (wide) matrix, a
    convolution's kernels one image per output channel; None where it has no such form."""
    w = np.squeeze(value)
    if w.ndim == 1:
        w = w.reshape(1, w.shape[0], 1, 1)
    elif w.ndim == 2:
        if w.shape[0] > w.shape[1]:
            w = w.T
        w = w.reshape(1, w.shape[0], w.shape[1], 1)
    elif w.ndim == 3:
        w = np.transpose(w, (2, 0, 1))
        w = w.reshape(w.shape[0], w.shape[1], w.shape[2], 1)
    else:
        return None
    return w


def _profile_range(profile_batch: Any) -> tuple[int, int] | None:
    """(first, last) batch to profile, counted from 1; None for none."""
    if isinstance(profile_batch, str):
        parts = [p.strip() for p in profile_batch.split(",")]
        profile_batch = tuple(int(p) for p in parts) if all(p.isdigit() for p in parts) else None
    if isinstance(profile_batch, int) and not isinstance(profile_batch, bool):
        profile_batch = (profile_batch, profile_batch)
    if (not isinstance(profile_batch, tuple) or len(profile_batch) != 2
            or not all(isinstance(b, int) and b >= 0 for b in profile_batch)
            or profile_batch[0] > profile_batch[1]):
        raise ValueError(f"profile_batch must be a non-negative int, a pair (start, stop) or "
                         f"'start,stop' with start <= stop; got {profile_batch!r}.")
    return None if profile_batch[0] == 0 else profile_batch
