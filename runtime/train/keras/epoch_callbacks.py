"""Keras 3's small callbacks: `LearningRateScheduler`, `CSVLogger`, `LambdaCallback` and
`TerminateOnNaN`.

`CSVLogger` writes what Keras writes: a header `epoch,<sorted log names>` (with the `val_`
names added when the first epoch has none), then one row per epoch, through Python's `csv`
module (so lines end in `\\r\\n`), values as `str(float)`.

>>> LearningRateScheduler(lambda epoch, rate: rate / 2).verbose
0
"""

from __future__ import annotations

import collections
import csv
import math
import os
from typing import Any, Callable

import numpy as np

from autograph.runtime.train.keras.callbacks import Callback
from autograph.runtime.train.keras.monitor_callbacks import learning_rate

__all__ = ["LearningRateScheduler", "CSVLogger", "LambdaCallback", "TerminateOnNaN"]


class LearningRateScheduler(Callback):
    """Sets the optimizer's learning rate at the start of each epoch to
    `schedule(epoch, current_rate)` (or `schedule(epoch)`), and logs it as `learning_rate`.

    Raises (during `fit`):
        ValueError: the schedule returns something other than a float.
    """

    def __init__(self, schedule: Callable[..., Any], verbose: int = 0):
        super().__init__()
        self.schedule = schedule
        self.verbose = verbose

    def on_epoch_begin(self, epoch: int, logs: dict | None = None) -> None:
        optimizer = self.model.optimizer
        if not hasattr(optimizer, "learning_rate"):
            raise ValueError('Optimizer must have a "learning_rate" attribute.')
        try:  # Keras's newer form first, then schedule(epoch)
            rate = self.schedule(epoch, learning_rate(optimizer))
        except TypeError:
            rate = self.schedule(epoch)
        if not isinstance(rate, (float, np.float32, np.float64)):
            raise ValueError(f"The output of the `schedule` function should be a float. "
                             f"Got: {rate}")
        optimizer.learning_rate = rate
        if self.verbose > 0:
            print(f"\nEpoch {epoch + 1}: LearningRateScheduler setting learning rate to "
                  f"{rate}.")

    def on_epoch_end(self, epoch: int, logs: dict | None = None) -> None:
        if logs is not None:
            logs["learning_rate"] = learning_rate(self.model.optimizer)


class CSVLogger(Callback):
    """Writes each epoch's logs to a CSV file (see the module docstring).

    Args:
        filename: the file to write.
        separator: the column separator.
        append: add to an existing file (its header is kept) instead of replacing it.
    """

    def __init__(self, filename: Any, separator: str = ",", append: bool = False):
        super().__init__()
        self.sep = separator
        self.filename = os.fspath(filename)
        self.append = append
        self.writer: Any = None
        self.keys: list[str] | None = None
        self.append_header = True
        self.csv_file: Any = None

    def on_train_begin(self, logs: dict | None = None) -> None:
        if self.append:
            if os.path.exists(self.filename):
                with open(self.filename) as existing:
                    self.append_header = not existing.readline()
            mode = "a"
        else:
            mode = "w"
        if self.csv_file is not None and not self.csv_file.closed:
            self.csv_file.close()
        self.csv_file = open(self.filename, mode)  # noqa: SIM115  (closed at on_train_end)
        self.writer = None
        self.keys = None

    def on_epoch_end(self, epoch: int, logs: dict | None = None) -> None:
        logs = logs or {}
        if self.keys is None:
            self.keys = sorted(logs)
            if self.keys and not any(key.startswith("val_") for key in self.keys):
                self.keys.extend(f"val_{key}" for key in list(self.keys))
        if self.writer is None:
            dialect = type("Dialect", (csv.excel,), {"delimiter": self.sep})
            self.writer = csv.DictWriter(self.csv_file, fieldnames=["epoch", *self.keys],
                                         dialect=dialect)
            if self.append_header:
                self.writer.writeheader()
        row = collections.OrderedDict({"epoch": epoch})
        row.update((key, _csv_value(logs.get(key, "NA"))) for key in self.keys)
        self.writer.writerow(row)
        self.csv_file.flush()

    def on_train_end(self, logs: dict | None = None) -> None:
        if self.csv_file is not None and not self.csv_file.closed:
            self.csv_file.close()
        self.writer = None


def _csv_value(value: Any) -> Any:
    """Keras's `handle_value`: a list-like value as `"[a, b]"`, anything else as it is."""
    if isinstance(value, str) or (isinstance(value, np.ndarray) and value.ndim == 0):
        return value
    if isinstance(value, collections.abc.Iterable):
        return f'"[{", ".join(map(str, value))}]"'
    return value


class LambdaCallback(Callback):
    """A callback of plain functions: `on_epoch_begin(epoch, logs)`, `on_epoch_end(epoch,
    logs)`, `on_train_begin(logs)`, `on_train_end(logs)`, `on_train_batch_begin(batch,
    logs)`, `on_train_batch_end(batch, logs)`; other keyword arguments become attributes
    (any hook's name among them)."""

    def __init__(self, on_epoch_begin: Callable | None = None,
                 on_epoch_end: Callable | None = None, on_train_begin: Callable | None = None,
                 on_train_end: Callable | None = None,
                 on_train_batch_begin: Callable | None = None,
                 on_train_batch_end: Callable | None = None, **kwargs: Any):
        super().__init__()
        self.__dict__.update(kwargs)
        hooks = {"on_epoch_begin": on_epoch_begin, "on_epoch_end": on_epoch_end,
                 "on_train_begin": on_train_begin, "on_train_end": on_train_end,
                 "on_train_batch_begin": on_train_batch_begin,
                 "on_train_batch_end": on_train_batch_end}
        for name, hook in hooks.items():
            if hook is not None:
                setattr(self, name, hook)


class TerminateOnNaN(Callback):
    """Stops `fit` at the first batch whose loss is NaN or infinite (`raise_error=True`:
    raises `RuntimeError` instead)."""

    def __init__(self, raise_error: bool = False):
        super().__init__()
        self.raise_error = raise_error

    def on_batch_end(self, batch: int, logs: dict | None = None) -> None:
        loss = (logs or {}).get("loss")
        if loss is None or not (math.isnan(loss) or math.isinf(loss)):
            return
        if self.raise_error:
            raise RuntimeError(f"NaN or Inf loss encountered at batch {batch}. Loss value: "
                               f"{loss}. Terminating training immediately.")
        print(f"Batch {batch}: Invalid loss, terminating training")
        self.model.stop_training = True
