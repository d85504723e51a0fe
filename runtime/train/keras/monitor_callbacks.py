"""Keras 3's callbacks that watch one logged value: `EarlyStopping`, `ModelCheckpoint` and
`ReduceLROnPlateau`, over a shared `MonitorCallback`.

`mode="auto"` minimizes a loss (`loss`, `val_loss`) and the metrics that Keras marks as
going down (a loss function or loss object used as a metric), maximizes the accuracies, and
refuses any other name, as Keras does. An improvement is `value - min_delta < best` (or `>`).

>>> stop = EarlyStopping(monitor="loss", patience=1)
>>> stop.patience, stop.min_delta
(1, 0)
"""

from __future__ import annotations

import inspect
import operator
import os
import warnings
from typing import Any, Callable

import numpy as np

from autograph.runtime.train import losses as losses_module
from autograph.runtime.train.keras.callbacks import Callback

__all__ = ["EarlyStopping", "ModelCheckpoint", "ReduceLROnPlateau"]


def _minimizes(metric: Any) -> bool | None:
    """Whether mode "auto" minimizes `metric`, from Keras's `metric._direction`; None when
    that is not known."""
    found = getattr(metric, "_direction", None)
    if found is not None:
        return found != "up"
    function = getattr(metric, "_fn", None)
    if function is None:
        return None
    function = inspect.unwrap(function)
    known = [getattr(losses_module, name) for name in losses_module.__all__]
    if any(function is loss or type(function) is loss for loss in known):
        return True  # a loss function or a loss object used as a metric
    return None


class MonitorCallback(Callback):
    """What the watching callbacks share: `monitor`, `mode`, `min_delta` and `best`."""

    def __init__(self, monitor: str, mode: str, baseline: Any = None, min_delta: float = 0):
        super().__init__()
        if mode not in ("auto", "min", "max"):
            warnings.warn(f"{type(self).__name__} mode '{mode}' is unknown, fallback to auto "
                          f"mode.", stacklevel=3)
            mode = "auto"
        self.monitor = monitor
        self.mode = mode
        self.best = baseline
        self.min_delta = abs(min_delta)
        self.monitor_op: Callable[[Any, Any], bool] | None = None

    def _set_monitor_op(self) -> None:
        if self.mode == "min":
            self.monitor_op = operator.lt
        elif self.mode == "max":
            self.monitor_op = operator.gt
        else:
            name = self.monitor.removeprefix("val_")
            if name == "loss":
                self.monitor_op = operator.lt
            for metric in getattr(self.model, "metrics", [])[1:]:  # after the loss tracker
                minimizes = _minimizes(metric) if metric.name == name else None
                if minimizes is not None:
                    self.monitor_op = operator.lt if minimizes else operator.gt
            if self.monitor_op is None:
                raise ValueError(
                    f"{type(self).__name__} callback received monitor={self.monitor}, but "
                    f"Keras isn't able to automatically determine whether that metric should "
                    f"be maximized or minimized. Pass `mode='max'` in order to monitor based "
                    f"on the highest metric value, or pass `mode='min'` in order to use the "
                    f"lowest value.")
        if self.monitor_op is operator.lt:
            self.min_delta *= -1

    def _is_improvement(self, value: Any, reference: Any) -> bool:
        if reference is None:
            return True
        assert self.monitor_op is not None
        return bool(self.monitor_op(value - self.min_delta, reference))


class EarlyStopping(MonitorCallback):
    """Stops `fit` when `monitor` has not improved for `patience` epochs.

    Args:
        monitor: the logged value to watch (`"val_loss"`).
        min_delta: the least change that counts as an improvement.
        patience: epochs without improvement before stopping.
        verbose: 1 prints the epoch it stopped at.
        mode: `"auto"`, `"min"` or `"max"`.
        baseline: stop unless the value improves on it within `patience` epochs.
        restore_best_weights: at the end, set the weights of the best epoch.
        start_from_epoch: epochs to let pass before watching.
    """

    def __init__(self, monitor: str = "val_loss", min_delta: float = 0, patience: int = 0,
                 verbose: int = 0, mode: str = "auto", baseline: Any = None,
                 restore_best_weights: bool = False, start_from_epoch: int = 0):
        super().__init__(monitor, mode, min_delta=min_delta)
        self.patience = patience
        self.verbose = verbose
        self.baseline = baseline
        self.wait = 0
        self.stopped_epoch = 0
        self.restore_best_weights = restore_best_weights
        self.best_weights: list[np.ndarray] | None = None
        self.best_epoch = 0
        self.start_from_epoch = start_from_epoch

    def on_train_begin(self, logs: dict | None = None) -> None:
        self.wait = 0
        self.stopped_epoch = 0
        self.best = None
        self.best_weights = None
        self.best_epoch = 0

    def on_epoch_end(self, epoch: int, logs: dict | None = None) -> None:
        if self.monitor_op is None:
            self._set_monitor_op()
        current = self.get_monitor_value(logs)
        if current is None or epoch < self.start_from_epoch:
            return
        if self.restore_best_weights and self.best_weights is None:
            self.best_weights = self.model.get_weights()
            self.best_epoch = epoch
        self.wait += 1
        if self._is_improvement(current, self.best):
            self.best = current
            self.best_epoch = epoch
            if self.restore_best_weights:
                self.best_weights = self.model.get_weights()
            if self.baseline is None or self._is_improvement(current, self.baseline):
                self.wait = 0
            return
        if self.wait >= self.patience and epoch > 0:
            self.stopped_epoch = epoch
            self.model.stop_training = True

    def on_train_end(self, logs: dict | None = None) -> None:
        if self.stopped_epoch > 0 and self.verbose > 0:
            print(f"Epoch {self.stopped_epoch + 1}: early stopping")
        if self.restore_best_weights and self.best_weights is not None:
            if self.verbose > 0:
                print(f"Restoring model weights from the end of the best epoch: "
                      f"{self.best_epoch + 1}.")
            self.model.set_weights(self.best_weights)

    def get_monitor_value(self, logs: dict | None) -> Any:
        logs = logs or {}
        value = logs.get(self.monitor)
        if value is None:
            warnings.warn(f"Early stopping conditioned on metric `{self.monitor}` which is not "
                          f"available. Available metrics are: {','.join(logs)}", stacklevel=3)
        return value


class ModelCheckpoint(MonitorCallback):
    """Saves the model (`.keras`) or its weights (`.weights.h5`) after every epoch, or every
    `save_freq` batches.

    Args:
        filepath: the file's name; a template filled with `epoch` (from 1), `batch` and the
            logs (`"ckpt-{epoch:02d}-{val_loss:.2f}.weights.h5"`).
        monitor, mode: what `save_best_only` compares.
        verbose: 1 prints each save.
        save_best_only: save only when `monitor` improves.
        save_weights_only: `model.save_weights` (the name must end in `.weights.h5`), else
            `model.save` (`.keras`).
        save_freq: `"epoch"`, or a number of batches.
        initial_value_threshold: the value the first save must improve on.

    Raises:
        ValueError: a `save_freq` that is neither, or a name of the wrong kind.
    """

    def __init__(self, filepath: Any, monitor: str = "val_loss", verbose: int = 0,
                 save_best_only: bool = False, save_weights_only: bool = False,
                 mode: str = "auto", save_freq: Any = "epoch",
                 initial_value_threshold: Any = None):
        super().__init__(monitor, mode, initial_value_threshold)
        self.verbose = verbose
        self.filepath = os.fspath(filepath)
        self.save_best_only = save_best_only
        self.save_weights_only = save_weights_only
        self.save_freq = save_freq
        self._batches_seen_since_last_saving = 0
        self._last_batch_seen: int | None = None
        self._current_epoch = 0
        if save_freq != "epoch" and not isinstance(save_freq, int):
            raise ValueError(f"Unrecognized save_freq: {save_freq}. Expected save_freq are "
                             f"'epoch' or integer values")
        if save_weights_only:
            if not self.filepath.endswith(".weights.h5"):
                raise ValueError(f"When using `save_weights_only=True` in `ModelCheckpoint`, "
                                 f"the filepath provided must end in `.weights.h5` (Keras "
                                 f"weights format). Received: filepath={self.filepath}")
        elif not self.filepath.endswith(".keras"):  # Keras also takes legacy HDF5 (.h5)
            raise ValueError(f"The filepath provided must end in `.keras` (Keras model "
                             f"format). Received: filepath={self.filepath}")

    def on_train_batch_end(self, batch: int, logs: dict | None = None) -> None:
        if self._should_save_on_batch(batch):
            self._save_model(self._current_epoch, batch, logs)

    def on_epoch_begin(self, epoch: int, logs: dict | None = None) -> None:
        self._current_epoch = epoch

    def on_epoch_end(self, epoch: int, logs: dict | None = None) -> None:
        if self.monitor_op is None:
            self._set_monitor_op()
        if self.save_freq == "epoch":
            self._save_model(epoch, None, logs)

    def _should_save_on_batch(self, batch: int) -> bool:
        if self.save_freq == "epoch":
            return False
        if self._last_batch_seen is None or batch <= self._last_batch_seen:
            added = batch + 1
        else:
            added = batch - self._last_batch_seen
        self._batches_seen_since_last_saving += added
        self._last_batch_seen = batch
        if self._batches_seen_since_last_saving >= self.save_freq:
            self._batches_seen_since_last_saving = 0
            return True
        return False

    def _should_save(self, epoch: int, logs: dict, filepath: str) -> bool:
        if not self.save_best_only:
            if self.verbose > 0:
                print(f"\nEpoch {epoch + 1}: saving model to {filepath}")
            return True
        current = logs.get(self.monitor)
        if current is None:
            warnings.warn(f"Can save best model only with {self.monitor} available.",
                          stacklevel=4)
            return True
        best = "None" if self.best is None else f"{self.best:.5f}"
        if self._is_improvement(current, self.best):
            if self.verbose > 0:
                print(f"\nEpoch {epoch + 1}: {self.monitor} improved from {best} to "
                      f"{current:.5f}, saving model to {filepath}")
            self.best = current
            return True
        if self.verbose > 0:
            print(f"\nEpoch {epoch + 1}: {self.monitor} did not improve from {best}")
        return False

    def _save_model(self, epoch: int, batch: int | None, logs: dict | None) -> None:
        logs = logs or {}
        filepath = self._file_path(epoch, batch, logs)
        if not self._should_save(epoch, logs, filepath):
            return
        if os.path.isdir(filepath):
            raise OSError(f"Please specify a non-directory filepath for ModelCheckpoint. "
                          f"Filepath used is an existing directory: {filepath}")
        directory = os.path.dirname(filepath)
        if directory:
            os.makedirs(directory, exist_ok=True)
        if self.save_weights_only:
            self.model.save_weights(filepath, overwrite=True)
        else:
            self.model.save(filepath, overwrite=True)
        if self.verbose > 0:
            print(f"\nEpoch {epoch + 1}: finished saving model to {filepath}")

    def _file_path(self, epoch: int, batch: int | None, logs: dict) -> str:
        try:
            if batch is None or "batch" in logs:
                return self.filepath.format(epoch=epoch + 1, **logs)
            return self.filepath.format(epoch=epoch + 1, batch=batch + 1, **logs)
        except KeyError as error:
            raise KeyError(f'Failed to format this callback filepath: "{self.filepath}". '
                           f"Reason: {error}") from None


def learning_rate(optimizer: Any) -> float:
    """The optimizer's current learning rate as a Python float."""
    return float(optimizer.learning_rate)


class ReduceLROnPlateau(MonitorCallback):
    """Multiplies the learning rate by `factor` when `monitor` has not improved for
    `patience` epochs; adds `learning_rate` to the epoch's logs.

    Args:
        monitor, mode, min_delta: what counts as an improvement.
        factor: the multiplier (< 1).
        patience: epochs without improvement before reducing.
        verbose: 1 prints each reduction.
        cooldown: epochs to wait after a reduction.
        min_lr: the rate's floor.

    Raises:
        ValueError: a factor of 1 or more.
    """

    def __init__(self, monitor: str = "val_loss", factor: float = 0.1, patience: int = 10,
                 verbose: int = 0, mode: str = "auto", min_delta: float = 1e-4,
                 cooldown: int = 0, min_lr: float = 0.0, **kwargs: Any):
        super().__init__(monitor, mode, min_delta=min_delta)
        if factor >= 1.0:
            raise ValueError(f"ReduceLROnPlateau does not support a factor >= 1.0. Received "
                             f"factor={factor}")
        self.factor = factor
        self.min_lr = min_lr
        self.patience = patience
        self.verbose = verbose
        self.cooldown = cooldown
        self.cooldown_counter = 0
        self.wait = 0

    def on_train_begin(self, logs: dict | None = None) -> None:
        self.best = None
        self.cooldown_counter = 0
        self.wait = 0

    def on_epoch_end(self, epoch: int, logs: dict | None = None) -> None:
        if self.monitor_op is None:
            self._set_monitor_op()
        logs = logs or {}
        logs["learning_rate"] = learning_rate(self.model.optimizer)
        current = logs.get(self.monitor)
        if current is None:
            warnings.warn(f"Learning rate reduction is conditioned on metric `{self.monitor}` "
                          f"which is not available. Available metrics are: "
                          f"{','.join(logs)}.", stacklevel=2)
            return
        if self.in_cooldown():
            self.cooldown_counter -= 1
            self.wait = 0
        if self._is_improvement(current, self.best):
            self.best = current
            self.wait = 0
        elif not self.in_cooldown():
            self.wait += 1
            if self.wait >= self.patience and self._reduce(epoch):
                self.cooldown_counter = self.cooldown
                self.wait = 0

    def _reduce(self, epoch: int) -> bool:
        optimizer = self.model.optimizer
        old = learning_rate(optimizer)
        if old <= np.float32(self.min_lr):
            return False
        new = max(old * self.factor, self.min_lr)
        optimizer.learning_rate = new
        if self.verbose > 0:
            print(f"\nEpoch {epoch + 1}: ReduceLROnPlateau reducing learning rate to {new}.")
        return True

    def in_cooldown(self) -> bool:
        return self.cooldown_counter > 0
