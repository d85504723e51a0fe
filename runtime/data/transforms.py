"""Transformations of element streams: batching, slicing, repeating, filtering, mixing.

Each is a generator over flat elements (tuples of NumPy arrays, see `structure`); `Dataset`
wires them together and keeps their specs and cardinalities.
"""

from __future__ import annotations

import itertools
from typing import Any, Callable, Iterable, Iterator, Sequence

import numpy as np

from autograph.runtime.core import errors

Flat = tuple  # one element: a tuple of NumPy arrays
Maker = Callable[[], Iterator[Flat]]


def _stacked(parts: Sequence, spec: Any = None) -> Any:
    # The element spec batches composites (ragged rows, which are plain arrays, too).
    if not getattr(spec, "_batchable", False):
        spec = getattr(parts[0], "_type_spec", None)  # a composite tensor: its spec batches it
    return np.stack(parts) if spec is None else spec._batch(parts)


def stack(elements: Sequence[Flat], index: int, specs: Sequence[Any] = ()) -> Flat:
    """One batch of `elements` (batch number `index`, for errors; `specs` their leaves')."""
    specs = tuple(specs) or (None,) * len(elements[0])
    try:
        return tuple(_stacked(parts, spec) for parts, spec in zip(zip(*elements), specs))
    except ValueError:
        shapes = [[e[k].shape for e in elements] for k in range(len(elements[0]))]
        raise errors.InvalidArgumentError(
            f"Cannot batch elements of different shapes in batch {index}: component shapes "
            f"{shapes}. Use padded_batch to pad them to one shape.") from None


def batch(source: Maker, size: int, drop_remainder: bool,
          specs: Sequence[Any] = ()) -> Iterator[Flat]:
    it = source()
    for index in itertools.count():
        chunk = list(itertools.islice(it, size))
        if not chunk or (drop_remainder and len(chunk) < size):
            return
        yield stack(chunk, index, specs)


def padded_batch(source: Maker, size: int, drop_remainder: bool,
                 shapes: Sequence[tuple | None], values: Sequence[np.ndarray]) -> Iterator[Flat]:
    """Batches padded per component to `shapes` (a dim None: the batch's longest)."""
    it = source()
    for index in itertools.count():
        chunk = list(itertools.islice(it, size))
        if not chunk or (drop_remainder and len(chunk) < size):
            return
        out = []
        for k, parts in enumerate(zip(*chunk)):
            longest = tuple(max(dims) for dims in zip(*(p.shape for p in parts)))
            wanted = shapes[k] or (None,) * len(longest)
            target = tuple(m if w is None else w for m, w in zip(longest, wanted))
            if any(t < m for t, m in zip(target, longest)):
                raise errors.InvalidArgumentError(
                    f"padded_batch: component {k} of batch {index} has shape {longest}, larger "
                    f"than its padded shape {shapes[k]}.")
            array = np.full((len(parts),) + target, values[k], dtype=parts[0].dtype)
            for i, p in enumerate(parts):
                array[(i,) + tuple(slice(0, d) for d in p.shape)] = p
            out.append(array)
        yield tuple(out)


def unbatch(source: Maker) -> Iterator[Flat]:
    for element in source():
        rows = [a._type_spec._unbatch(a) if hasattr(a, "_type_spec") else a for a in element]
        for i in range(len(rows[0])):
            yield tuple(a[i] for a in rows)


def take(source: Maker, count: int) -> Iterator[Flat]:
    return itertools.islice(source(), count) if count >= 0 else source()


def skip(source: Maker, count: int) -> Iterator[Flat]:
    if count < 0:
        return iter(())
    return itertools.islice(source(), count, None)


def repeat(source: Maker, count: int) -> Iterator[Flat]:
    for _ in itertools.count() if count < 0 else range(count):
        empty = True
        for element in source():
            empty = False
            yield element
        if empty:
            return  # an empty dataset repeated forever is empty, not a hang


def enumerate_(source: Maker, start: int) -> Iterator[Flat]:
    for i, element in enumerate(source(), start):
        yield (np.array(i, dtype=np.int64),) + element


def zip_(sources: Sequence[Maker]) -> Iterator[Flat]:
    for parts in zip(*(s() for s in sources)):
        yield tuple(a for part in parts for a in part)


def filter_(source: Maker, keep: Callable[[Flat, int], bool]) -> Iterator[Flat]:
    for index, element in enumerate(source()):
        if keep(element, index):
            yield element


def flat_map(source: Maker, inner: Callable[[Flat, int], Iterable[Flat]]) -> Iterator[Flat]:
    for index, element in enumerate(source()):
        yield from inner(element, index)


def interleave(source: Maker, inner: Callable[[Flat, int], Iterable[Flat]], cycle: int,
               block: int) -> Iterator[Flat]:
    """TensorFlow's interleave: up to `cycle` inner iterators open, `block` elements from each
    in turn; an exhausted one frees its slot, which the next input element fills when the
    cycle comes back to it."""
    outer = enumerate(source())
    slots: list[Iterator[Flat] | None] = [None] * cycle
    k = taken = opened = 0
    end_of_input = False
    while not end_of_input or opened:
        it = slots[k]
        if it is not None:
            element = next(it, None)
            if element is not None:
                yield element
                taken += 1
                if taken < block:
                    continue
            else:
                slots[k] = None
                opened -= 1
        elif not end_of_input:
            nxt = next(outer, None)
            if nxt is None:
                end_of_input = True
            else:
                slots[k] = iter(inner(nxt[1], nxt[0]))
                opened += 1
            continue
        k, taken = (k + 1) % cycle, 0


def cache(source: Maker, store: list, done: list) -> Iterator[Flat]:
    """The source's elements, kept in `store` on the first full pass and replayed after."""
    if done[0]:
        yield from store
        return
    kept = []
    for element in source():
        kept.append(element)
        yield element
    store[:] = kept
    done[0] = True


def shuffle(source: Maker, buffer_size: int, rng: np.random.Generator) -> Iterator[Flat]:
    """TensorFlow's buffer algorithm: fill a buffer, then emit a random slot and refill it."""
    buffer: list[Flat] = []
    draws = _slot_draws(rng, buffer_size)
    for element in source():
        if len(buffer) < buffer_size:
            buffer.append(element)
            continue
        k = next(draws)
        yield buffer[k]
        buffer[k] = element
    for k in rng.permutation(len(buffer)).tolist():
        yield buffer[k]


SLOT_DRAW_BLOCK = 1024


def _slot_draws(rng: np.random.Generator, buffer_size: int) -> Iterator[int]:
    """Uniform slot numbers below `buffer_size`, drawn in blocks as `rows.buffer_shuffle_order`
    draws them, so that both give the same order for the same generator."""
    while True:
        yield from rng.integers(0, buffer_size, size=SLOT_DRAW_BLOCK).tolist()
