"""Datasets split among replicas (TensorFlow's `DistributedDataset`).

`DistributedDataset` splits each element of a batched dataset along its first axis, one part
per replica, the first replicas one larger where the batch does not divide (a batch of 3 over
2 replicas: 2 and 1). `PerReplicaDatasets` gives successive elements of a dataset that already
yields per-replica batches to successive replicas. Both yield elements whose tensors are
`PerReplica` values, ready for `strategy.run`; a replica left without rows at the end gets
an empty batch.

They are iterated eagerly (`for x in dist`, `iter`, `next`, `get_next`); a traced function
takes their elements as arguments.
"""

from __future__ import annotations

from typing import Any, Iterator

from autograph.runtime.core.errors import OutOfRangeError
from autograph.runtime.distribute.values import regroup
from autograph.runtime.graph.func_graph import flatten, pack_sequence_as
from autograph.runtime.graph.graph import executing_eagerly
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.graph.tensor_spec import TensorSpec

__all__ = ["DistributedDataset", "PerReplicaDatasets", "split_batch"]


class _Distributed:
    """What both kinds share: iteration, eagerly only."""

    def __init__(self, dataset: Any, num_replicas: int):
        self._dataset = dataset
        self._num_replicas = num_replicas

    @property
    def element_spec(self) -> Any:
        """The spec of each replica's part: the dataset's, its batch axis unknown (parts
        differ in length). TensorFlow wraps it in a `PerReplicaSpec`, one per replica."""
        return pack_sequence_as(self._dataset.element_spec, [
            TensorSpec([None, *spec.shape[1:]], spec.dtype, spec.name) if spec.shape.rank
            else spec for spec in flatten(self._dataset.element_spec)])

    def __iter__(self) -> _DistributedIterator:
        if not executing_eagerly():
            raise NotImplementedError(
                "A distributed dataset is iterated eagerly: iterate it outside the traced "
                "function and pass each element to it (e.g. `for x in dist_dataset: "
                "train_step(x)` with `train_step` an ag.function).")
        return _DistributedIterator(self._elements())

    def _elements(self) -> Iterator[Any]:
        raise NotImplementedError


class DistributedDataset(_Distributed):
    """Each batch of `dataset` split among the replicas (see the module docstring)."""

    def _elements(self) -> Iterator[Any]:
        for element in self._dataset:
            yield split_batch(element, self._num_replicas)


class PerReplicaDatasets(_Distributed):
    """Successive elements of `dataset` to successive replicas (see the module docstring).
    Where the last group has fewer elements than replicas, the others get empty batches
    (no rows), as in TensorFlow."""

    def _elements(self) -> Iterator[Any]:
        group: list[Any] = []
        for element in self._dataset:
            group.append(element)
            if len(group) == self._num_replicas:
                yield regroup(group)
                group = []
        if group:
            empty = _no_rows(group[-1])
            yield regroup(group + [empty] * (self._num_replicas - len(group)))


class _DistributedIterator:
    def __init__(self, elements: Iterator[Any]):
        self._elements = elements

    def __iter__(self) -> _DistributedIterator:
        return self

    def __next__(self) -> Any:
        return next(self._elements)

    def get_next(self) -> Any:
        """The next element (OutOfRangeError at the end, as TensorFlow's iterators)."""
        try:
            return next(self._elements)
        except StopIteration:
            raise OutOfRangeError("End of sequence") from None


def split_batch(element: Any, num_replicas: int) -> Any:
    """`element` (a nest of tensors with a batch axis) split among `num_replicas` replicas:
    the nest with PerReplica leaves."""
    return regroup([_part(element, i, num_replicas) for i in range(num_replicas)])


def _no_rows(element: Any) -> Any:
    """`element` with each tensor's first axis emptied (scalars as they are)."""
    leaves = [convert_to_tensor(leaf) for leaf in flatten(element)]
    return pack_sequence_as(element, [leaf[:0] if leaf.shape.rank else leaf
                                      for leaf in leaves])


def _part(element: Any, replica: int, num_replicas: int) -> Any:
    """Replica `replica`'s rows of each tensor of `element`."""
    leaves = [convert_to_tensor(leaf) for leaf in flatten(element)]
    parts = []
    for leaf in leaves:
        if not leaf.shape.rank:
            parts.append(leaf)  # a scalar: every replica gets it
            continue
        rows = int(leaf.shape[0])
        size, extra = divmod(rows, num_replicas)
        start = replica * size + min(replica, extra)
        stop = start + size + (1 if replica < extra else 0)
        parts.append(leaf[start:stop])
    return pack_sequence_as(element, parts)
