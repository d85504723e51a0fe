"""`BackupAndRestore`: Keras 3's callback that lets an interrupted `fit` resume.

At the end of each epoch (or every `save_freq` batches) it writes the model's weights to
`backup_dir/latest.weights.h5` and `{"epoch": ..., "batch": ...}` to
`backup_dir/training_metadata.json`; a later `fit` with the same callback loads them when it
begins and starts at the saved epoch (a backup made mid-epoch reruns that whole epoch from the
saved weights, as Keras 3 does). A `fit` that ends normally deletes the directory.

>>> BackupAndRestore("/tmp/backup").save_freq
'epoch'
"""

from __future__ import annotations

import json
import os
import shutil
from typing import Any

from autograph.runtime.train.keras.callbacks import Callback

__all__ = ["BackupAndRestore"]


class BackupAndRestore(Callback):
    """Backs up the model each epoch (or every `save_freq` batches) and restores it when
    `fit` begins again (see the module docstring).

    Args:
        backup_dir: where the backup lives (one `fit` at a time per directory).
        save_freq: `"epoch"`, or a number of batches.
        double_checkpoint: keep the previous backup too (`*.bkp`), used when the latest
            cannot be read.
        delete_checkpoint: delete `backup_dir` when `fit` ends normally.

    Raises:
        ValueError: an empty `backup_dir`, or a `save_freq` that is neither.
    """

    def __init__(self, backup_dir: str, save_freq: Any = "epoch",
                 double_checkpoint: bool = False, delete_checkpoint: bool = True):
        super().__init__()
        if not backup_dir:
            raise ValueError("Empty `backup_dir` argument passed")
        if save_freq != "epoch" and (isinstance(save_freq, bool)
                                     or not isinstance(save_freq, int)):
            raise ValueError(f"Invalid value for argument `save_freq`. Received: "
                             f"save_freq={save_freq}. Expected either 'epoch' or an integer "
                             f"value.")
        self.backup_dir = os.fspath(backup_dir)
        self.save_freq = save_freq
        self.double_checkpoint = double_checkpoint
        self.delete_checkpoint = delete_checkpoint
        self._weights_path = os.path.join(self.backup_dir, "latest.weights.h5")
        self._metadata_path = os.path.join(self.backup_dir, "training_metadata.json")
        self._current_epoch = 0
        self._last_batch_seen = 0
        self._batches_since_saving = 0

    def on_train_begin(self, logs: dict | None = None) -> None:
        try:
            self._load()
        except (OSError, ValueError):  # an unreadable backup (our load_weights says ValueError)
            previous = self._weights_path + ".bkp"
            if not os.path.exists(previous):
                raise
            shutil.copyfile(previous, self._weights_path)
            if os.path.exists(self._metadata_path + ".bkp"):
                shutil.copyfile(self._metadata_path + ".bkp", self._metadata_path)
            elif os.path.exists(self._metadata_path):
                os.remove(self._metadata_path)
            self._load()

    def _load(self) -> None:
        model = self.model
        if not model.built:
            raise ValueError(f"To use the BackupAndRestore callback, you model must be built "
                             f"before you call `fit()`. Model {model} is unbuilt. You can "
                             f"build it beforehand by calling it on a batch of data.")
        if os.path.exists(self._weights_path):
            optimizer = getattr(model, "optimizer", None)
            if optimizer is not None and not optimizer.built:
                optimizer.build(model.trainable_variables)
            model.load_weights(self._weights_path)
        if os.path.exists(self._metadata_path):
            with open(self._metadata_path) as file:
                model._initial_epoch = json.load(file)["epoch"]

    def on_epoch_end(self, epoch: int, logs: dict | None = None) -> None:
        self._current_epoch = epoch + 1
        self._last_batch_seen = 0
        if self.save_freq == "epoch":
            self._save()

    def on_train_batch_end(self, batch: int, logs: dict | None = None) -> None:
        if self.save_freq == "epoch":
            return
        seen = batch + 1 if batch <= self._last_batch_seen else batch - self._last_batch_seen
        self._batches_since_saving += seen
        self._last_batch_seen = batch
        if self._batches_since_saving >= self.save_freq:
            self._batches_since_saving = 0
            self._save()

    def _save(self) -> None:
        os.makedirs(self.backup_dir, exist_ok=True)
        for path in (self._weights_path, self._metadata_path):
            if self.double_checkpoint and os.path.exists(path):
                shutil.copyfile(path, path + ".bkp")
        self.model.save_weights(self._weights_path, overwrite=True)
        with open(self._metadata_path, "w") as file:
            file.write(json.dumps({"epoch": self._current_epoch,
                                   "batch": self._last_batch_seen}))

    def on_train_end(self, logs: dict | None = None) -> None:
        if self.delete_checkpoint and os.path.exists(self.backup_dir):
            shutil.rmtree(self.backup_dir)
