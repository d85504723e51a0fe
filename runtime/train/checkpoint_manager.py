"""`CheckpointManager`: numbered checkpoints in one directory, the oldest deleted beyond
`max_to_keep` (TensorFlow's `tf.train.CheckpointManager`).

A save writes the checkpoint, then records it in the directory's `checkpoint` file, then
deletes the checkpoints beyond `max_to_keep`, then records the state again (TensorFlow's
order): each step is atomic, so a process killed at any point leaves a `checkpoint` file naming
checkpoints that exist, the latest one whole.

>>> import tempfile
>>> from autograph.runtime.state.variables import Variable
>>> from autograph.runtime.train.checkpoint import Checkpoint
>>> with tempfile.TemporaryDirectory() as folder:
...     manager = CheckpointManager(Checkpoint(v=Variable(1.0)), folder, max_to_keep=2)
...     paths = [manager.save() for _ in range(3)]
...     kept = [p.rsplit("/", 1)[1] for p in manager.checkpoints]
>>> kept, manager.latest_checkpoint == paths[-1]
(['ckpt-2', 'ckpt-3'], True)
"""

from __future__ import annotations

import contextlib
import os
from typing import Any, Callable

from autograph.runtime.train import checkpoint_io
from autograph.runtime.train.checkpoint import Checkpoint

__all__ = ["CheckpointManager"]


class CheckpointManager:
    """Saves numbered checkpoints of `checkpoint` in `directory`, keeping the newest
    `max_to_keep`.

    Args:
        checkpoint: the `Checkpoint` to save and restore.
        directory: where the checkpoints and the `checkpoint` state file go (made on the first
            save). Checkpoints recorded there already are picked up: `latest_checkpoint` is the
            newest, and they count towards `max_to_keep`.
        max_to_keep: how many checkpoints to keep (a positive int), or None to keep all.
        checkpoint_name: the prefix of the checkpoints' names (`ckpt-1`, `ckpt-2`, ...).
        init_fn: called by `restore_or_initialize` when there is no checkpoint to restore.

    Raises:
        ValueError: `max_to_keep` is not a positive int or None.
        TypeError: `checkpoint` is not an `ag.train.Checkpoint`.
    """

    def __init__(self, checkpoint: Checkpoint, directory: str, max_to_keep: int | None,
                 checkpoint_name: str = "ckpt", init_fn: Callable[[], Any] | None = None):
        if not isinstance(checkpoint, Checkpoint):
            raise TypeError(f"CheckpointManager needs an ag.train.Checkpoint; got "
                            f"{type(checkpoint).__name__}. Wrap the objects: "
                            f"ag.train.Checkpoint(model=model, optimizer=optimizer).")
        if max_to_keep is not None and (isinstance(max_to_keep, bool)
                                        or not isinstance(max_to_keep, int) or max_to_keep < 1):
            raise ValueError(f"Expected a positive integer or `None` for `max_to_keep`, got "
                             f"{max_to_keep!r}.")
        self._checkpoint = checkpoint
        self._directory = os.fspath(directory)
        self._max_to_keep = max_to_keep
        self._prefix = os.path.join(self._directory, checkpoint_name)
        self._init_fn = init_fn
        state = checkpoint_io.read_state(self._directory)
        self._latest = state.latest if state is not None else None
        self._paths = list(state.all_paths) if state is not None else []

    @property
    def checkpoint(self) -> Checkpoint:
        return self._checkpoint

    @property
    def directory(self) -> str:
        return self._directory

    @property
    def checkpoints(self) -> list[str]:
        """The checkpoints kept, oldest first."""
        return list(self._paths)

    @property
    def latest_checkpoint(self) -> str | None:
        """The newest checkpoint's path, or None before the first save (for `restore`)."""
        return self._latest

    def save(self, checkpoint_number: Any = None) -> str:
        """Saves a checkpoint numbered `checkpoint_number` (default: the checkpoint's save
        counter, which is incremented either way), then deletes the oldest beyond
        `max_to_keep`.

        Returns:
            The new checkpoint's path.
        """
        counter = self._checkpoint.save_counter
        counter.assign_add(1)
        number = int(counter.numpy() if checkpoint_number is None else checkpoint_number)
        try:
            path = self._checkpoint.write(f"{self._prefix}-{number}")
        except BaseException:
            counter.assign_sub(1)  # nothing was saved
            raise
        if path in self._paths:  # saved again under the same number: now the newest
            self._paths.remove(path)
        self._paths.append(path)
        self._latest = path
        checkpoint_io.write_state(self._directory, path, self._paths)
        if self._max_to_keep is not None and len(self._paths) > self._max_to_keep:
            while len(self._paths) > self._max_to_keep:
                with contextlib.suppress(FileNotFoundError):
                    os.remove(checkpoint_io.data_file(self._paths.pop(0)))
            checkpoint_io.write_state(self._directory, path, self._paths)
        return path

    def restore_or_initialize(self) -> str | None:
        """Restores the latest checkpoint if there is one and returns its path; else calls
        `init_fn` (if given) and returns None."""
        if self._latest is not None:
            self._checkpoint.restore(self._latest)
            return self._latest
        if self._init_fn is not None:
            self._init_fn()
        return None
