"""Datasets whose elements are rows that can be fetched by index: ranges and tensor slices.

Such a dataset hands out whole batches with one slice or gather per component instead of
stacking elements one by one, and a `shuffle` of it becomes an order of row indices drawn with
NumPy for a whole pass at once (`buffer_shuffle_order`), so `from_tensor_slices(x)
.shuffle(10_000).batch(128)` costs one gather per batch and no Python work per element.

>>> rows = Rows.of_range(0, 10, 3, np.dtype(np.int64))
>>> [b[0].tolist() for b in rows.batches(2, drop_remainder=False)()]
[[0, 3], [6, 9]]
"""

from __future__ import annotations

from typing import Any, Callable, Iterator

import numpy as np

from autograph.runtime.data.transforms import SLOT_DRAW_BLOCK

Flat = tuple  # one element: a tuple of NumPy arrays
Gather = Callable[[Any], Flat]  # rows (a slice or an index array) -> one array per component


class Rows:
    """`count` rows, read `gather`-wise, in the order `order()` gives on each pass (None: in
    index order)."""

    def __init__(self, count: int, gather: Gather,
                 order: Callable[[], np.ndarray] | None = None):
        self.count = count
        self._gather = gather
        self._order = order

    @staticmethod
    def of_range(start: int, stop: int, step: int, np_dtype: Any) -> Rows:
        """The values of `range(start, stop, step)`, computed per batch (a huge range costs
        no memory)."""
        def gather(rows: Any) -> Flat:
            if isinstance(rows, slice):
                return (np.arange(start + rows.start * step, start + rows.stop * step, step,
                                  dtype=np_dtype),)
            return ((start + rows * step).astype(np_dtype, copy=False),)
        return Rows(len(range(start, stop, step)), gather)

    @staticmethod
    def of_arrays(arrays: tuple[np.ndarray, ...]) -> Rows:
        """The slices of `arrays` along their first dimension."""
        def gather(rows: Any) -> Flat:
            if isinstance(rows, slice):
                return tuple(a[rows] for a in arrays)
            return tuple(np.take(a, rows, axis=0) for a in arrays)  # 2x faster than a[rows]
        return Rows(len(arrays[0]), gather)

    def elements(self) -> Iterator[Flat]:
        """The rows one by one (read a chunk at a time)."""
        for batch in self.batches(256, drop_remainder=False)():
            for i in range(len(batch[0])):
                yield tuple(a[i] if a.ndim > 1 else a[i:i + 1].reshape(()) for a in batch)

    def batches(self, size: int, drop_remainder: bool) -> Callable[[], Iterator[Flat]]:
        """A maker of iterators over batches of `size` rows."""
        def make() -> Iterator[Flat]:
            order = None if self._order is None else self._order()
            end = self.count - self.count % size if drop_remainder else self.count
            for i in range(0, end, size):
                rows = slice(i, min(i + size, self.count))
                yield self._gather(rows if order is None else order[rows])
        return make

    def shuffled(self, buffer_size: int, next_rng: Callable[[], np.random.Generator]) -> Rows:
        """These rows in the order of a shuffle buffer, drawn anew by each pass's `next_rng()`."""
        def order() -> np.ndarray:
            shuffled = buffer_shuffle_order(self.count, buffer_size, next_rng())
            return shuffled if self._order is None else self._order()[shuffled]
        return Rows(self.count, self._gather, order)


def buffer_shuffle_order(count: int, buffer_size: int, rng: np.random.Generator) -> np.ndarray:
    """The positions a shuffle buffer emits, in order, for inputs `0 .. count - 1`.

    TensorFlow's buffer fills with the first `buffer_size` inputs; then each step emits a
    uniformly drawn slot and refills it with the next input; once the input ends, the rest of
    the buffer comes out in uniform random order. With the slot draws `j` known in advance,
    step `t` emits the input that slot `j[t]` last received: `buffer_size + s` for the latest
    earlier step `s` that drew the same slot, or the slot's first input `j[t]`. A stable sort of
    the draws groups each slot's steps in time order, which finds every `s` at once.
    """
    if buffer_size >= count:
        return rng.permutation(count)
    steps = count - buffer_size
    key = np.uint16 if buffer_size <= 1 << 16 else np.int64  # 16 bits: NumPy's radix sort
    # Drawn in the blocks `transforms.shuffle` draws: the same generator gives the same order.
    blocks = [rng.integers(0, buffer_size, size=SLOT_DRAW_BLOCK)
              for _ in range(-(-steps // SLOT_DRAW_BLOCK))]
    draws = np.concatenate(blocks)[:steps].astype(key)
    by_slot = np.argsort(draws, kind="stable")
    slots = draws[by_slot]
    same_slot = slots[1:] == slots[:-1]
    previous = np.full(steps, -1, dtype=np.int64)
    previous[by_slot[1:][same_slot]] = by_slot[:-1][same_slot]
    emitted = np.where(previous >= 0, buffer_size + previous, draws)
    held = np.arange(buffer_size, dtype=np.int64)
    last_of_slot = np.append(~same_slot, True)
    held[slots[last_of_slot]] = buffer_size + by_slot[last_of_slot]
    return np.concatenate([emitted, held[rng.permutation(buffer_size)]])
