"""Eager iteration over a dataset: `iter(dataset)`, `next(iterator)`, `as_numpy_iterator`."""

from __future__ import annotations

from typing import Any, Callable, Iterator

from autograph.runtime.data.dataset_type import IteratorType
from autograph.runtime.data.structure import Structure


class OwnedIterator:
    """An iterator over a dataset's elements as eager tensors (TensorFlow's `OwnedIterator`).

    Dropping it (or exhausting it) stops the pipeline's background threads.
    """

    def __init__(self, elements: Iterator[tuple], structure: Structure,
                 convert: Callable[[Structure, tuple], Any] | None = None):
        self._elements = elements
        self._structure = structure
        self._convert = convert or Structure.to_tensors

    @property
    def element_spec(self) -> Any:
        return self._structure.element_spec

    def __iter__(self) -> OwnedIterator:
        return self

    def __next__(self) -> Any:
        return self._convert(self._structure, next(self._elements))

    def _next_flat(self) -> tuple:
        """The next element as a flat tuple of arrays (what a graph's iterator op takes)."""
        return next(self._elements)

    def __tf_tracing_type__(self, context: Any) -> Any:
        return IteratorType(self.element_spec)

    def get_next(self) -> Any:
        """The next element (raises `StopIteration` at the end, as `next()` does)."""
        return next(self)

    def close(self) -> None:
        """Stops the pipeline now (its threads end); later `next()` calls raise StopIteration."""
        close = getattr(self._elements, "close", None)
        if close is not None:
            close()


class NumpyIterator(OwnedIterator):
    """An iterator over a dataset's elements as NumPy values (`Dataset.as_numpy_iterator`)."""

    def __init__(self, elements: Iterator[tuple], structure: Structure):
        super().__init__(elements, structure, Structure.to_numpy)
