"""Keras 3's `PyDataset` (`keras.utils.PyDataset`, also `Sequence`): batches by index.

A subclass defines `__len__` (the number of batches; or a `num_batches` property, None for
endless data) and `__getitem__(index)` returning `(x,)`, `(x, y)` or `(x, y, sample_weight)`
(a bare array is `(x,)`); `fit` calls `on_epoch_begin` and `on_epoch_end` around every epoch
(and `on_epoch_end` once before the first, as Keras does), and with `shuffle=True` takes the
batches in an order drawn from Python's `random` module.

Departure from Keras: `workers`, `use_multiprocessing` and `max_queue_size` are kept but
batches are always loaded in the calling thread.

>>> import numpy as np
>>> class Squares(PyDataset):
...     def __len__(self):
...         return 2
...     def __getitem__(self, index):
...         x = np.array([[index], [index + 1.0]])
...         return x, x * x
>>> Squares()[1][1].tolist()
[[1.0], [4.0]]
"""

from __future__ import annotations

import itertools
import warnings
from typing import Any, Iterator

__all__ = ["PyDataset", "Sequence"]


class PyDataset:
    """The base of index-addressed datasets (see the module docstring).

    Args:
        workers, use_multiprocessing, max_queue_size: kept for Keras compatibility; batches
            are loaded in the calling thread.
    """

    def __init__(self, workers: int = 1, use_multiprocessing: bool = False,
                 max_queue_size: int = 10):
        self._workers = workers
        self._use_multiprocessing = use_multiprocessing
        self._max_queue_size = max_queue_size

    def _warn_if_super_not_called(self) -> None:
        missing = [name for name in ("_workers", "_use_multiprocessing", "_max_queue_size")
                   if not hasattr(self, name)]
        if missing:
            self._workers = getattr(self, "_workers", 1)
            self._use_multiprocessing = getattr(self, "_use_multiprocessing", False)
            self._max_queue_size = getattr(self, "_max_queue_size", 10)
            warnings.warn("Your `PyDataset` class should call `super().__init__(**kwargs)` in "
                          "its constructor. `**kwargs` can include `workers`, "
                          "`use_multiprocessing`, `max_queue_size`. Do not pass these "
                          "arguments to `fit()`, as they will be ignored.", stacklevel=3)

    @property
    def workers(self) -> int:
        self._warn_if_super_not_called()
        return self._workers

    @workers.setter
    def workers(self, value: int) -> None:
        self._workers = value

    @property
    def use_multiprocessing(self) -> bool:
        self._warn_if_super_not_called()
        return self._use_multiprocessing

    @use_multiprocessing.setter
    def use_multiprocessing(self, value: bool) -> None:
        self._use_multiprocessing = value

    @property
    def max_queue_size(self) -> int:
        self._warn_if_super_not_called()
        return self._max_queue_size

    @max_queue_size.setter
    def max_queue_size(self, value: int) -> None:
        self._max_queue_size = value

    def __getitem__(self, index: int) -> Any:
        """The batch at `index`; subclasses define it."""
        raise NotImplementedError(f"{type(self).__name__} must define __getitem__(index), "
                                  f"returning (x,), (x, y) or (x, y, sample_weight).")

    def __iter__(self) -> Iterator[Any]:
        count = self.num_batches
        for index in itertools.count() if count is None else range(count):
            yield self[index]

    @property
    def num_batches(self) -> int | None:
        """The number of batches (`len(self)`), or None for endless data."""
        if hasattr(self, "__len__"):
            return len(self)  # type: ignore[arg-type]
        raise NotImplementedError("You need to implement the `num_batches` property:\n\n"
                                  "@property\ndef num_batches(self):\n  return ...")

    def on_epoch_begin(self) -> None:
        """Called at the start of every epoch."""

    def on_epoch_end(self) -> None:
        """Called at the end of every epoch (and once before the first)."""


Sequence = PyDataset
