"""An iterator's position, saved in a checkpoint and restored (`ag.train.Checkpoint(it=it)`).

**What is saved.** An iterator counts the elements it has handed out. Its state is that count,
and for each `shuffle` of its pipeline the seeds and the epochs (passes) whose orders it has
drawn; restoring rebuilds the pipeline from its dataset and reads that many elements again,
with the same seeds and epochs, so the restored iterator goes on with the element that would
have come next. Elements a `prefetch` produced ahead but the user did not take are not part of
the count, so none is lost or skipped. Replaying costs the time of reading those elements
again (TensorFlow saves each stage's buffers instead); it needs a pipeline that gives the same
elements each time it is built from the same state, so a stage that cannot (a Python generator
of `from_generator`, a `map` with `deterministic=False` running in parallel, a `shuffle` made
inside the function of `flat_map` or `interleave`) makes the save fail with one error naming
it, where a restore would silently continue elsewhere.

**The format** is one int64 vector, `ITERATOR_STATE` (TensorFlow's attribute name):
`[version, pipeline fingerprint, position, shuffles, (seed, seed2, epochs, epoch...)...]`,
the fingerprint a CRC-32 of the pipeline's description (`range(0, 8, 1).shuffle(4).batch(2,
False)`), so that a state restored into another pipeline (another batch size, for example) is
refused.
"""

from __future__ import annotations

import contextvars
import threading
import zlib
from typing import Any, Callable, Iterator, Sequence

import numpy as np

__all__ = ["ShuffleSeeds", "IterationState", "state_of", "current", "refuse_saving",
           "running", "VERSION"]

VERSION = 1
ATTRIBUTE = "ITERATOR_STATE"

# The state of the iterator whose `next` is running (its stages run in that call's context).
running: contextvars.ContextVar[IterationState | None] = contextvars.ContextVar(
    "dataset_iteration", default=None)


def current() -> IterationState | None:
    """The state of the iterator whose pipeline is running in this context, if any."""
    return running.get()


def refuse_saving(reason: str) -> None:
    """Marks the running iterator's position as one that cannot be saved, for `reason`."""
    state = running.get()
    if state is not None:
        state.refuse(reason)


class ShuffleSeeds:
    """The seeds of one `shuffle` and its count of epochs: each pass over it draws its order
    from a generator seeded with (seed, seed2, epoch); the epoch moves on with each pass
    when `reshuffle` (`reshuffle_each_iteration`), and stays 0 otherwise."""

    def __init__(self, seeds: tuple[int, int], reshuffle: bool):
        self.seeds = seeds
        self.reshuffle = reshuffle
        self._next_epoch = 0
        self._lock = threading.Lock()

    def next_rng(self) -> np.random.Generator:
        """The generator of the next pass (the running iterator's, when there is one)."""
        state = running.get()
        if state is not None:
            return state.rng_for(self)
        return _rng(self.seeds, self.take_epoch())

    def take_epoch(self) -> int:
        with self._lock:
            epoch = self._next_epoch
            if self.reshuffle:
                self._next_epoch += 1
            return epoch

    def epoch_used(self, epoch: int) -> None:
        """Later passes of other iterators draw epochs after `epoch` (restored ones too)."""
        with self._lock:
            if self.reshuffle:
                self._next_epoch = max(self._next_epoch, epoch + 1)


def _rng(seeds: tuple[int, int], epoch: int) -> np.random.Generator:
    return np.random.default_rng((seeds[0], seeds[1], epoch))


class IterationState:
    """The position of one iterator and what its shuffles drew, for a checkpoint.

    Args:
        shuffles: the `ShuffleSeeds` of the pipeline's shuffles, in a fixed order.
        fingerprint: the pipeline's description.
    """

    def __init__(self, shuffles: Sequence[ShuffleSeeds], fingerprint: str):
        self.position = 0
        self.fingerprint = fingerprint
        self.refused: str | None = None
        self._shuffles = list(shuffles)
        self._index = {id(s): i for i, s in enumerate(self._shuffles)}
        self._seeds = [s.seeds for s in self._shuffles]
        self._epochs: list[list[int]] = [[] for _ in self._shuffles]
        self._used = [0] * len(self._shuffles)
        self._lock = threading.Lock()

    def run(self, step: Callable[[], Any]) -> Any:
        """`step()` with this state as the running iterator's (what its stages consult)."""
        token = running.set(self)
        try:
            return step()
        finally:
            running.reset(token)

    def refuse(self, reason: str) -> None:
        if self.refused is None:
            self.refused = reason

    def rng_for(self, shuffle: ShuffleSeeds) -> np.random.Generator:
        """The generator of `shuffle`'s next pass: the epoch recorded for it, when this state
        was restored and has not used them all, else the shuffle's next epoch (recorded)."""
        i = self._index.get(id(shuffle))
        if i is None:
            self.refuse("a shuffle made inside the function of flat_map or interleave (its "
                        "seeds are not known when the iterator is made)")
            return _rng(shuffle.seeds, shuffle.take_epoch())
        with self._lock:
            epochs = self._epochs[i]
            if self._used[i] < len(epochs):
                epoch = epochs[self._used[i]]
            else:
                epoch = shuffle.take_epoch()
                epochs.append(epoch)
            self._used[i] += 1
        shuffle.epoch_used(epoch)
        return _rng(self._seeds[i], epoch)

    def to_array(self) -> np.ndarray:
        """The state as the int64 vector a checkpoint stores.

        Raises:
            ValueError: a stage of the pipeline cannot be replayed (`refused`).
        """
        if self.refused is not None:
            raise ValueError(
                f"Cannot save the position of an iterator over {self.fingerprint}: its pipeline "
                f"has {self.refused}, so a restored iterator could not go on with the same "
                f"elements. Leave the iterator out of the checkpoint (and start a new one "
                f"after a restore), or build the pipeline from data the dataset holds "
                f"(from_tensor_slices, range) with a seeded shuffle.")
        with self._lock:
            words = [VERSION, _crc(self.fingerprint), self.position, len(self._shuffles)]
            for seeds, epochs in zip(self._seeds, self._epochs):
                words += [seeds[0], seeds[1], len(epochs), *epochs]
        return np.array(words, dtype=np.int64)

    def restore(self, array: np.ndarray) -> None:
        """Takes the seeds, epochs and position of a saved state (this state is new).

        Raises:
            ValueError: `array` is not a state of this format, or was saved from an iterator
                over another pipeline.
        """
        words = _words(array)
        if words[:2] != [VERSION, _crc(self.fingerprint)] or words[3] != len(self._shuffles):
            raise ValueError(f"its {ATTRIBUTE} was saved from an iterator over another "
                             f"pipeline; this iterator is over {self.fingerprint}. Restore "
                             f"into an iterator over the dataset that was saved.")
        at = 4
        for i, shuffle in enumerate(self._shuffles):
            if at + 3 > len(words) or at + 3 + words[at + 2] > len(words):
                raise ValueError(f"its {ATTRIBUTE} is damaged (too short).")
            self._seeds[i] = (words[at], words[at + 1])
            self._epochs[i] = words[at + 3:at + 3 + words[at + 2]]
            for epoch in self._epochs[i]:
                shuffle.epoch_used(epoch)
            at += 3 + words[at + 2]
        if at != len(words) or words[2] < 0:
            raise ValueError(f"its {ATTRIBUTE} is damaged ({len(words) - at} words left over).")
        self.position = words[2]


def state_of(dataset: Any) -> IterationState:
    """A new iterator's state over `dataset`: its shuffles, and its description."""
    stages = _stages(dataset)
    shuffles: dict[int, ShuffleSeeds] = {}
    for stage in stages:
        if stage._shuffle is not None:
            shuffles.setdefault(id(stage._shuffle), stage._shuffle)
    return IterationState(list(shuffles.values()), describe(dataset))


def _stages(dataset: Any) -> list[Any]:
    """The datasets of a pipeline, each stage after its inputs (`Dataset._inputs`)."""
    stages: list[Any] = []
    for source in dataset._inputs:
        stages += _stages(source)
    return stages + [dataset]


def describe(dataset: Any) -> str:
    """A pipeline as the chain of calls that made it: `range(0, 8, 1).shuffle(4).batch(2,
    False)` (a stage of several inputs lists them: `zip(range(0, 2, 1), range(0, 3, 1))`).

    >>> from autograph.runtime.data.dataset import Dataset
    >>> describe(Dataset.range(8).shuffle(4, seed=1).batch(2))
    'range(0, 8, 1).shuffle(4).batch(2, False)'
    """
    inputs = [describe(source) for source in dataset._inputs]
    if len(inputs) == 1:
        return f"{inputs[0]}.{dataset._kind}"
    if inputs:
        return f"{dataset._kind.removesuffix('()')}({', '.join(inputs)})"
    return dataset._kind


def _words(array: Any) -> list[int]:
    array = np.asarray(array)
    if array.dtype != np.int64 or array.ndim != 1 or len(array) < 4:
        raise ValueError(f"its {ATTRIBUTE} is not an iterator state (an int64 vector of at "
                         f"least 4 numbers); got {array.dtype} of shape {array.shape}.")
    return [int(w) for w in array]


def _crc(text: str) -> int:
    return zlib.crc32(text.encode())


def replay(elements: Iterator[tuple], count: int, what: str) -> None:
    """Reads `count` elements of `elements` (a restored iterator's way back to its position).

    Raises:
        ValueError: the pipeline ends before `count` elements.
    """
    for done in range(count):
        if next(elements, None) is None:
            raise ValueError(f"its {ATTRIBUTE} is at element {count}, but {what} ends after "
                             f"{done} elements: it is not the pipeline that was saved.")
