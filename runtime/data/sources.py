"""Where datasets' elements come from: ranges, slices of tensors, whole tensors, generators.

Each source is a function that makes a fresh iterator of flat elements (tuples of NumPy
arrays, see `structure`); sources that can hand out whole batches at once (`range`, slices)
also offer a batch maker, which `batch` uses instead of stacking elements one by one.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator

import numpy as np

from runtime.core import errors
from runtime.data.structure import Structure

Flat = tuple  # one element: a tuple of NumPy arrays


def range_elements(start: int, stop: int, step: int, np_dtype: Any) -> Iterator[Flat]:
    values = np.arange(start, stop, step, dtype=np_dtype)
    for i in range(len(values)):
        yield (values[i:i + 1].reshape(()),)


def range_batches(start: int, stop: int, step: int, np_dtype: Any, size: int,
                  drop_remainder: bool) -> Iterator[Flat]:
    values = np.arange(start, stop, step, dtype=np_dtype)
    yield from slice_batches((values,), size, drop_remainder)


def slice_elements(arrays: tuple[np.ndarray, ...]) -> Iterator[Flat]:
    for i in range(len(arrays[0])):
        yield tuple(a[i] if a.ndim > 1 else a[i:i + 1].reshape(()) for a in arrays)


def slice_batches(arrays: tuple[np.ndarray, ...], size: int,
                  drop_remainder: bool) -> Iterator[Flat]:
    n = len(arrays[0])
    end = n - n % size if drop_remainder else n
    for i in range(0, end, size):
        yield tuple(a[i:i + size] for a in arrays)


def generator_elements(make: Callable[[], Any], structure: Structure) -> Iterator[Flat]:
    """The elements of a Python generator, each checked against `structure`.

    Raises:
        InvalidArgumentError: the generator raised (the original error is the cause), or it
            yielded an element that does not match the signature.
    """
    it = iter(make())
    index = 0
    while True:
        try:
            value = next(it)
        except StopIteration:
            return
        except Exception as e:
            raise errors.InvalidArgumentError(
                f"The generator of Dataset.from_generator raised {type(e).__name__}: {e} "
                f"while producing element {index}.") from e
        yield tuple(structure.from_value(value, f"Element {index} of the generator"))
        index += 1
