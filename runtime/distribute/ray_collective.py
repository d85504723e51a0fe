"""The collective operations of Ray workers: a ring all-reduce over actor calls, each worker
sending chunks to the next one through Ray's object store (no sockets of our own).

Each worker holds a `Mailbox`: its actor method `deliver(key, array)` (run on one of the
actor's spare threads while its main thread runs a step) puts arrivals there, and
`ring_all_reduce` takes them. A ring of `n` workers sums in `2 (n - 1)` rounds, each worker
sending `1/n` of the data per round (reduce-scatter, then all-gather), so every worker sends
and receives `2 (n - 1) / n` times the data whatever `n` is; every worker ends with the same
bits (each chunk is summed once, along the ring, then copied).

>>> mailbox = Mailbox()
>>> mailbox.put((0, "a"), 1.5)
>>> mailbox.take((0, "a"))
1.5
"""

from __future__ import annotations

import threading
from typing import Any, Callable

import numpy as np

__all__ = ["Mailbox", "ring_all_reduce", "WorkerAborted"]


class WorkerAborted(RuntimeError):
    """Raised in a worker waiting for a collective when the step was abandoned (another
    worker failed)."""


class Mailbox:
    """Arrays sent to this worker, by key; `take` waits for one (or for `abort`)."""

    def __init__(self) -> None:
        self._condition = threading.Condition()
        self._items: dict[tuple, Any] = {}
        self._aborted = False

    def put(self, key: tuple, value: Any) -> None:
        with self._condition:
            self._items[key] = value
            self._condition.notify_all()

    def take(self, key: tuple) -> Any:
        """The value sent under `key` (waiting for it).

        Raises:
            WorkerAborted: `abort` was called while waiting.
        """
        with self._condition:
            self._condition.wait_for(lambda: key in self._items or self._aborted)
            if key not in self._items:
                raise WorkerAborted("The step was abandoned: another worker failed.")
            return self._items.pop(key)

    def abort(self) -> None:
        """Wakes every `take` with WorkerAborted, until `reset`."""
        with self._condition:
            self._aborted = True
            self._condition.notify_all()

    def start(self, step: int) -> None:
        """Begins step `step`: forgets an abort, and what was left from earlier steps (keys
        are tuples that begin with their step); chunks of this step may have come already."""
        with self._condition:
            self._aborted = False
            self._items = {k: v for k, v in self._items.items() if k[0] >= step}


def ring_all_reduce(arrays: list[np.ndarray], rank: int, size: int, key: tuple,
                    send: Callable[[int, tuple, np.ndarray], None],
                    mailbox: Mailbox) -> list[np.ndarray]:
    """The elementwise sums of `arrays` over the `size` workers (this one is `rank`), by a
    ring: `send(to_rank, key, chunk)` delivers to that worker's mailbox. `key` (a tuple that
    begins with the step) names this reduction; arrays of each dtype travel as one buffer."""
    if size == 1:
        return [np.array(a) for a in arrays]
    results: list[np.ndarray | None] = [None] * len(arrays)
    by_dtype: dict[np.dtype, list[int]] = {}
    for i, array in enumerate(arrays):
        by_dtype.setdefault(np.asarray(array).dtype, []).append(i)
    for group, positions in enumerate(by_dtype.values()):
        flat = np.concatenate([np.asarray(arrays[i]).ravel() for i in positions])
        summed = _ring(flat, rank, size, (*key, group), send, mailbox)
        start = 0
        for i in positions:
            shape = np.shape(arrays[i])
            count = int(np.prod(shape, dtype=np.int64))
            results[i] = summed[start:start + count].reshape(shape)
            start += count
    return results  # type: ignore[return-value]


def _ring(flat: np.ndarray, rank: int, size: int, key: tuple,
          send: Callable[[int, tuple, np.ndarray], None], mailbox: Mailbox) -> np.ndarray:
    chunks = np.array_split(flat, size)
    after = (rank + 1) % size
    for step in range(size - 1):  # reduce-scatter: chunk (rank + 1) ends summed here
        send(after, (*key, "sum", step), chunks[(rank - step) % size])
        i = (rank - step - 1) % size
        chunks[i] = chunks[i] + mailbox.take((*key, "sum", step))
    for step in range(size - 1):  # all-gather: the summed chunks go round
        send(after, (*key, "copy", step), chunks[(rank + 1 - step) % size])
        chunks[(rank - step) % size] = mailbox.take((*key, "copy", step))
    return np.concatenate(chunks)
