"""`Dataset.rejection_resample`'s method, as TensorFlow's.

With the class distribution `p` of the input (given, or estimated) and the target `t`, let
`r = t / p`, `m = min(r)` and `a = (r - m) / (max(r) - m)`. Each output element comes, with
probability `m`, from a pass over the input that keeps every element, else from a pass that
keeps each element of class `i` with probability `a[i]`, whose classes then follow
`(t - m p) / (1 - m)`: the mixture follows `t`. The two passes read the input on their own, so
an element can come out twice. Where `m` is 1 only the first pass is read, where it is 0 only
the second.

Without a given `p`, it is estimated as the elements come, as TensorFlow does: counts start at
10 per class and take in the classes of each 32 elements; the estimate after a group of 32
applies to its elements. The draws that choose the pass to take the next element from follow a
third pass's estimates, element by element.

>>> target, p = np.float32([0.5, 0.5]), np.float32([0.8, 0.2])
>>> accept, m = mixing(p, target)
>>> accept.tolist(), round(float(m), 4)
([0.0, 1.0], 0.625)
"""

from __future__ import annotations

import itertools
from typing import Callable, Iterator

import numpy as np

from autograph.runtime.core import errors

Flat = tuple  # one element: a tuple of NumPy arrays
TINY = np.finfo(np.float32).tiny  # added to `p` so that a class never seen divides nothing
ESTIMATE_BATCH, SMOOTHING = 32, 10  # TensorFlow's estimation: classes per update, first count


def mixing(p: np.ndarray, target: np.ndarray) -> tuple[np.ndarray, np.float32]:
    """(the acceptance probability of each class, the probability `m` of the first pass)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = target / (p + TINY)
        m = ratio.min()
        return (ratio - m) / (ratio.max() - m), m


class Resampler:
    """The resampled elements of `source` (flat), each with its class in front.

    Args:
        source: makes the input's flat elements.
        class_of: the class of a flat element (and its index), a 0-d integer array.
        target: the target distribution, float32.
        initial: the input's class distribution, float32, or None to estimate it.
    """

    def __init__(self, source: Callable[[], Iterator[Flat]],
                 class_of: Callable[[Flat, int], np.ndarray], target: np.ndarray,
                 initial: np.ndarray | None):
        self._source = source
        self._class_of = class_of
        self._target = target
        self._initial = initial
        static = None
        if initial is not None:
            with np.errstate(divide="ignore", invalid="ignore"):
                static = np.min(target / initial)
        self.original_only = bool(static == 1)
        self.filtered_only = bool(static == 0)

    def elements(self, rng: np.random.Generator) -> Iterator[Flat]:
        """One pass over the resampled elements, drawn with `rng`."""
        if self.original_only:
            return self._with_classes()
        filtered = self._filtered(rng)
        if self.filtered_only:
            return filtered
        return self._mixed(rng, self._with_classes(), filtered)

    def _with_classes(self) -> Iterator[Flat]:
        for index, flat in enumerate(self._source()):
            yield (self._class_of(flat, index),) + flat

    def _with_mixing(self) -> Iterator[tuple[Flat, np.ndarray, np.float32]]:
        """(element with its class, acceptance probabilities, m) for each element of a pass,
        after the given distribution or the estimate at that element."""
        elements = self._with_classes()
        if self._initial is not None:
            accept, m = mixing(self._initial, self._target)
            for element in elements:
                yield element, accept, m
            return
        n = len(self._target)
        counts = np.full(n, SMOOTHING, dtype=np.int64)
        while True:
            chunk = list(itertools.islice(elements, ESTIMATE_BATCH))
            if not chunk:
                return
            classes = np.array([int(e[0]) for e in chunk])
            counts += np.bincount(classes[(classes >= 0) & (classes < n)], minlength=n)
            accept, m = mixing((counts / counts.sum()).astype(np.float32), self._target)
            for element in chunk:
                yield element, accept, m

    def _filtered(self, rng: np.random.Generator) -> Iterator[Flat]:
        for element, accept, _ in self._with_mixing():
            k = int(element[0])
            if not 0 <= k < len(accept):
                raise errors.InvalidArgumentError(
                    f"Dataset.rejection_resample: the class {k} is not in [0, {len(accept)}) "
                    f"(target_dist has {len(accept)} classes).")
            if rng.random(dtype=np.float32) < accept[k]:
                yield element

    def _mixed(self, rng: np.random.Generator, original: Iterator[Flat],
               filtered: Iterator[Flat]) -> Iterator[Flat]:
        """TensorFlow's `sample_from_datasets([original, filtered], (m, 1 - m))`, stopping when
        the chosen pass has no element left."""
        if self._initial is not None:
            weights: Iterator[np.float32] = itertools.repeat(
                mixing(self._initial, self._target)[1])
        else:
            weights = (m for _, _, m in self._with_mixing())
        for m in weights:
            element = next(original if rng.random() < m else filtered, None)
            if element is None:
                return
            yield element
