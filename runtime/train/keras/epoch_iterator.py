"""Keras 3's `EpochIterator`: which batches each epoch takes, with `steps_per_epoch`.

Without `steps_per_epoch` an epoch is one pass over the data. With it, an epoch takes that
many batches and the next epoch goes on where it stopped; when data of known length run out
the epoch ends early with Keras's warning ("Your input ran out of data; ...") and the next
one starts a new pass. Data of unknown length that end (a generator, a filtered dataset)
end the epoch with the same warning; their length is then known.

The loop asks for the step number first (`steps()`), calls the batch-begin hooks, and only
then for the batch (`next_batch()`, None when the data ran out), as Keras does. Also here:
which epochs validate (`should_validate`) and `fit`'s validation data as batches.

>>> from autograph.runtime.train.keras.data_adapter import ArrayBatches
>>> import numpy as np
>>> epochs = EpochIterator(ArrayBatches(np.arange(4), None, None, 1, False), steps_per_epoch=2)
>>> [[int(epochs.next_batch()[0][0]) for _ in epochs.steps()] for epoch in range(3)]
[[0, 1], [2, 3], [0, 1]]
"""

from __future__ import annotations

import itertools
import warnings
from typing import Any, Iterator

from autograph.runtime.train.keras.data_adapter import Batch, Batches, batches

__all__ = ["EpochIterator", "RAN_OUT", "should_validate", "validation_batches"]

RAN_OUT = ("Your input ran out of data; interrupting training. Make sure that your dataset or "
           "generator can generate at least `steps_per_epoch * epochs` batches. You may need "
           "to use the `.repeat()` function when building your dataset.")


class EpochIterator:
    """The batches of `data` epoch by epoch (see the module docstring).

    Args:
        data: the batches.
        steps_per_epoch: batches per epoch (None: one pass).
    """

    def __init__(self, data: Batches, steps_per_epoch: int | None = None):
        if steps_per_epoch is not None and (not isinstance(steps_per_epoch, int) or
                                            steps_per_epoch < 1):
            raise ValueError(f"steps_per_epoch must be a positive integer or None, got "
                             f"{steps_per_epoch!r}.")
        self.data = data
        self.steps_per_epoch = steps_per_epoch
        self._num_batches = data.num_batches
        self._iterator: Iterator[Batch] | None = None
        self._seen: int  # batches taken from the iterator; steps() sets it with the iterator
        data.on_epoch_end()  # Keras's reset(), before the first epoch

    @property
    def num_batches(self) -> int | None:
        """Batches per epoch: `steps_per_epoch`, else the data's (None until known)."""
        return self.steps_per_epoch or self._num_batches

    def steps(self) -> Iterator[int]:
        """The step numbers of one epoch; after each, `next_batch()` gives its batch."""
        self.data.on_epoch_begin()
        steps = self.steps_per_epoch or self._num_batches
        if steps is None:
            self._iterator = self.data.iterator()
            for step in itertools.count():  # until next_batch finds the end
                self._seen = step + 1
                yield step
            return
        if self._iterator is None or self.steps_per_epoch is None:
            self._iterator, self._seen = self.data.iterator(), 0
        for step in range(steps):
            if self._num_batches and self._seen >= self._num_batches:
                if self.steps_per_epoch:
                    _ran_out()
                break
            self._seen += 1
            yield step
        if self._num_batches and self._seen >= self._num_batches:
            self._iterator, self._seen = self.data.iterator(), 0
        self.data.on_epoch_end()

    def next_batch(self) -> Batch | None:
        """The batch of the current step, or None when the data ran out (Keras's
        `catch_stop_iteration`: the epoch ends, with its warning; the caller leaves the
        loop over `steps()`)."""
        assert self._iterator is not None
        batch = next(self._iterator, None)
        if batch is None:
            if self._num_batches is None:
                self._num_batches = self._seen
            _ran_out()
            self._iterator = None
            self.data.on_epoch_end()
        return batch


def _ran_out() -> None:
    warnings.warn(RAN_OUT, stacklevel=2)


def should_validate(epoch: int, validation_freq: int | list) -> bool:
    """Keras's `_should_eval`: every `validation_freq`-th epoch, or those listed (from 1)."""
    if isinstance(validation_freq, int):
        return (epoch + 1) % validation_freq == 0
    return epoch + 1 in validation_freq


def validation_batches(validation_data: Any, batch_size: int | None) -> Batches:
    """`fit`'s validation data as batches: `(x, y)`, `(x, y, sample_weight)` or a source of
    batches (Keras's `unpack_x_y_sample_weight`)."""
    if isinstance(validation_data, list):
        validation_data = tuple(validation_data)
    if isinstance(validation_data, tuple):
        if len(validation_data) not in (2, 3):
            raise ValueError(f"fit: validation_data must be (x_val, y_val), (x_val, y_val, "
                             f"sample_weight_val) or a dataset; got a tuple of "
                             f"{len(validation_data)}.")
        x, y, weight = validation_data + (None,) * (3 - len(validation_data))
        return batches(x, y, batch_size, "evaluate", sample_weight=weight)
    return batches(validation_data, None, None, "evaluate")
