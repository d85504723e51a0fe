"""Eager iteration over a dataset: `iter(dataset)`, `next(iterator)`, `as_numpy_iterator`.

An iterator made from a dataset is saved and restored by `ag.train.Checkpoint` (TensorFlow's
`_serialize_to_tensors` protocol): its position, replayed on restore (`iterator_state`).
"""

from __future__ import annotations

from typing import Any, Callable, Iterator

import numpy as np

from autograph.runtime.data import iterator_state
from autograph.runtime.data.dataset_type import IteratorType
from autograph.runtime.data.iterator_state import running as _running
from autograph.runtime.data.structure import Structure


class OwnedIterator:
    """An iterator over a dataset's elements as eager tensors (TensorFlow's `OwnedIterator`).

    Dropping it (or exhausting it) stops the pipeline's background threads.

    Args:
        elements: the flat elements, or None to make them from `dataset`.
        structure: the elements' structure.
        convert: turns a flat element into what `next` returns (eager tensors by default).
        dataset: the dataset iterated over: with it, the iterator's position can be saved in
            a checkpoint.
    """

    def __init__(self, elements: Iterator[tuple] | None, structure: Structure,
                 convert: Callable[[Structure, tuple], Any] | None = None,
                 dataset: Any = None):
        self._dataset = dataset
        self._state = None if dataset is None else iterator_state.state_of(dataset)
        if elements is None:
            if self._state is None:
                raise ValueError("An iterator needs its elements or the dataset making them.")
            elements = self._state.run(dataset._make)
        self._structure = structure
        self._convert = convert or Structure.to_tensors
        self._use(elements)

    def _use(self, elements: Iterator[tuple]) -> None:
        self._elements = elements

    @property
    def element_spec(self) -> Any:
        return self._structure.element_spec

    def __iter__(self) -> OwnedIterator:
        return self

    def __next__(self) -> Any:
        return self._convert(self._structure, self._next_flat())

    def _next_flat(self) -> tuple:
        """The next element as a flat tuple of arrays (what a graph's iterator op takes)."""
        state = self._state
        if state is None:
            return next(self._elements)
        token = _running.set(state)  # the stages see it (shuffle epochs, refusals)
        try:
            flat = next(self._elements)
        finally:
            _running.reset(token)
        state.position += 1
        return flat

    # Checkpoints (TensorFlow's protocol) ------------------------------------------------------
    def _serialize_to_tensors(self) -> dict[str, np.ndarray]:
        """The iterator's position, as `{"ITERATOR_STATE": int64 vector}`.

        Raises:
            ValueError: the iterator was not made from a dataset, or its pipeline has a stage
                that cannot be replayed (a Python generator, for example).
        """
        if self._state is None:
            raise ValueError("This iterator was not made by iter(dataset), so its position "
                             "cannot be saved.")
        return {iterator_state.ATTRIBUTE: self._state.to_array()}

    def _restore_from_tensors(self, restored_tensors: dict[str, Any]) -> None:
        """Goes to the saved position: the pipeline is made again and read up to it.

        Raises:
            ValueError: the state is not an iterator state, or is one of another pipeline.
        """
        if self._state is None or iterator_state.ATTRIBUTE not in restored_tensors:
            raise ValueError(f"cannot restore this iterator from {sorted(restored_tensors)}: "
                             f"it was not made by iter(dataset), or the checkpoint holds no "
                             f"{iterator_state.ATTRIBUTE}.")
        dataset = self._dataset
        state = iterator_state.state_of(dataset)
        state.restore(restored_tensors[iterator_state.ATTRIBUTE])
        elements = state.run(dataset._make)
        try:
            state.run(lambda: iterator_state.replay(elements, state.position,
                                                    state.fingerprint))
        except BaseException:
            getattr(elements, "close", lambda: None)()
            raise
        self.close()
        self._state = state
        self._use(elements)

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

    def __init__(self, elements: Iterator[tuple] | None, structure: Structure,
                 dataset: Any = None):
        super().__init__(elements, structure, Structure.to_numpy, dataset)
