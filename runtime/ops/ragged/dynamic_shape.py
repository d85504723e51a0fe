"""`DynamicRaggedShape`, as TensorFlow's `tf.experimental.DynamicRaggedShape`: the shape of a
ragged tensor, as `ag.shape` gives it: its row partitions (outermost first) and the dense
shape of its flat values (`inner_shape`). `ag.reshape`, `ag.zeros`, `ag.ones` and `ag.fill`
take one and give a ragged tensor of that shape.

>>> DynamicRaggedShape.from_lengths([4, (2, 1, 0, 8), 12])
<DynamicRaggedShape lengths=[4, (2, 1, 0, 8), 12] num_row_partitions=1>
"""

from __future__ import annotations

from typing import Any, Sequence

from autograph.runtime.core import dtypes
from autograph.runtime.graph.tensor import EagerTensor, Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array.ops import concat, shape
from autograph.runtime.ops.creation.ops import cast
from autograph.runtime.ops.ragged.ragged_tensor import RaggedTensor
from autograph.runtime.ops.ragged.row_partition import RowPartition

__all__ = ["DynamicRaggedShape"]


class DynamicRaggedShape:
    """The shape of a ragged (or dense) tensor: `row_partitions` then `inner_shape`.

    Args:
        row_partitions: `RowPartition`s, outermost first; each partitions the rows of the
            next (its number of values is the next one's number of rows).
        inner_shape: the shape of the flat values, an integer vector; its first element is
            the last partition's number of values.
        dtype: int32 or int64; by default that of the partitions (int64 when there are none
            and `inner_shape` is not a tensor).

    Raises:
        ValueError: `inner_shape` not a vector, or empty with row partitions; partitions
            whose sizes do not chain (checked where known).
    """

    def __init__(self, row_partitions: Sequence[RowPartition], inner_shape: Any,
                 dtype: Any = None, validate: bool = False):
        parts = tuple(row_partitions)
        for p in parts:
            if not isinstance(p, RowPartition):
                raise TypeError(f"row_partitions must be RowPartitions, got {p!r}.")
        if dtype is None:
            dtype = parts[0].dtype if parts else (
                inner_shape.dtype if isinstance(inner_shape, Tensor) else dtypes.int64)
        dtype = dtypes.as_dtype(dtype)
        inner = inner_shape if isinstance(inner_shape, Tensor) else convert_to_tensor(
            list(inner_shape) if isinstance(inner_shape, (list, tuple)) else inner_shape,
            dtype=dtype) if not _is_empty(inner_shape) else convert_to_tensor([], dtype=dtype)
        if inner.shape.rank != 1:
            raise ValueError(f"Shape {inner.shape} must have rank 1")
        inner = inner if inner.dtype is dtype else cast(inner, dtype)
        self._parts = tuple(p.with_dtype(dtype) for p in parts)
        self._inner = inner
        self._check()

    def _check(self) -> None:
        for outer, nxt in zip(self._parts, self._parts[1:]):
            _same("the number of values of a row partition", outer.static_nvals,
                  "the number of rows of the next", nxt.static_nrows)
        if not self._parts:
            return
        if self._inner.shape[0] == 0:
            raise ValueError("inner_shape must have at least one dimension when there are "
                             "row partitions: its first is the number of values.")
        first = _static_list(self._inner)
        _same("the number of values of the last row partition", self._parts[-1].static_nvals,
              "inner_shape[0]", None if first is None else first[0])

    # Factories ---------------------------------------------------------------------------
    @classmethod
    def from_lengths(cls, lengths: Sequence[Any], num_row_partitions: int | None = None,
                     dtype: Any = dtypes.int64) -> DynamicRaggedShape:
        """The shape of the given lengths: an int per uniform dimension, a tuple of row
        lengths per ragged one (`[4, (2, 1, 0, 8), 12]`).

        Raises:
            ValueError: a tuple whose length is not the number of rows it partitions.
        """
        lengths = list(lengths)
        if num_row_partitions is None:
            ragged = [i for i, x in enumerate(lengths) if not isinstance(x, int)]
            num_row_partitions = ragged[-1] if ragged else 0
        if num_row_partitions == 0:
            return cls([], lengths, dtype)
        parts, size = [], lengths[0]
        for current in lengths[1:num_row_partitions + 1]:
            if isinstance(current, int):
                parts.append(RowPartition.from_uniform_row_length(
                    current, current * size, nrows=size, dtype=dtype))
                size = current * size
            else:
                if size != len(current):
                    raise ValueError("Shape not consistent.")
                parts.append(RowPartition.from_row_lengths(list(current), dtype=dtype))
                size = sum(current)
        return cls(parts, [size, *lengths[num_row_partitions + 1:]], dtype)

    @classmethod
    def from_row_partitions(cls, row_partitions: Sequence[RowPartition],
                            dtype: Any = None) -> DynamicRaggedShape:
        """The shape of these partitions over a vector of their values."""
        parts = list(row_partitions)
        if not parts:
            raise ValueError("row_partitions cannot be empty")
        return cls(parts, [parts[-1].nvals()] if parts[-1].static_nvals is None
                   else [parts[-1].static_nvals], dtype)

    @classmethod
    def from_tensor(cls, t: Any, dtype: Any = None) -> DynamicRaggedShape:
        """The shape of `t`, a ragged or dense tensor."""
        dtype = dtypes.int64 if dtype is None else dtypes.as_dtype(dtype)
        if isinstance(t, RaggedTensor):
            parts = []
            level: Any = t
            while isinstance(level, RaggedTensor):
                parts.append(level._row_partition)
                level = level.values
            return cls(parts, shape(level, out_type=dtype), dtype)
        return cls([], shape(t, out_type=dtype), dtype)

    # Accessors -----------------------------------------------------------------------------
    @property
    def row_partitions(self) -> tuple[RowPartition, ...]:
        return self._parts

    @property
    def num_row_partitions(self) -> int:
        return len(self._parts)

    @property
    def inner_shape(self) -> Tensor:
        """The shape of the flat values, an integer vector."""
        return self._inner

    @property
    def inner_rank(self) -> int | None:
        return self._inner.shape[0]

    @property
    def rank(self) -> int | None:
        inner = self.inner_rank
        return None if inner is None else inner + len(self._parts)

    @property
    def dtype(self) -> dtypes.DType:
        return self._inner.dtype

    def with_dtype(self, dtype: Any) -> DynamicRaggedShape:
        """This shape with partitions and inner shape of `dtype` (int32 or int64)."""
        return DynamicRaggedShape(self._parts, self._inner, dtype)

    def is_uniform(self, axis: int) -> bool:
        """Whether every row has one length in dimension `axis`."""
        if 1 <= axis <= len(self._parts):
            return self._parts[axis - 1].is_uniform()
        return True

    def static_lengths(self, ragged_lengths: bool = True) -> list:
        """The lengths known now: an int per uniform dimension, a tuple of row lengths per
        ragged one (None where not known, in a graph)."""
        inner = _static_list(self._inner, keep_unknown=True)
        tail = [...] if inner is None else inner
        if not self._parts:
            return tail
        found: list = [self._parts[0].static_nrows]
        for p in self._parts:
            if p.is_uniform():
                found.append(p.static_uniform_row_length)
            else:
                lengths = p.row_lengths()
                found.append(tuple(int(x) for x in lengths.numpy()) if ragged_lengths
                             and isinstance(lengths, EagerTensor) else None)
        return found + tail[1:]

    # Indexing ------------------------------------------------------------------------------
    def __getitem__(self, index: Any) -> Any:
        """Dimension `index` (a scalar tensor; it must be uniform) or, for a slice, the shape
        of those dimensions.

        Raises:
            ValueError: the dimension is ragged ("Index 1 is not uniform").
            IndexError: the index is out of range, or the slice has a step.
        """
        rank = self.rank
        if isinstance(index, slice):
            if index.step not in (None, 1):
                raise IndexError("Cannot stride through a shape")
            start = 0 if index.start is None else index.start
            stop = rank if index.stop is None else index.stop
            if (start < 0 or (stop is not None and stop < 0)) and rank is None:
                raise ValueError("Rank must be known to use __getitem__ with a negative "
                                 "index.")
            start = start + rank if start < 0 and rank is not None else start
            stop = stop + rank if stop is not None and stop < 0 and rank is not None else stop
            if rank is not None and stop is not None:
                stop = min(stop, rank)
            return self._slice(max(start, 0), stop)
        if isinstance(index, bool) or not isinstance(index, int):
            raise TypeError("Argument is not an int or a slice")
        if index < 0:
            if rank is None:
                raise ValueError("Rank must be known to use __getitem__ with a negative "
                                 "index.")
            index += rank
        return self._dimension(index)

    def _dimension(self, index: int) -> Tensor:
        rank, nrp = self.rank, len(self._parts)
        if nrp == 0 or index > nrp + 1:
            if rank is None:
                raise ValueError("Rank must be known to use __getitem__ on a large index.")
            if index >= rank:
                raise IndexError(f"Index is too big: {index}>={rank}")
        if index < 0:
            raise IndexError(f"Index must be non-negative: {index}")
        if not self.is_uniform(index):
            raise ValueError(f"Index {index} is not uniform")
        if index == 0 and nrp:
            return self._parts[0].nrows()
        if index > nrp or nrp == 0:
            return self._inner[index - nrp]
        uniform = self._parts[index - 1].uniform_row_length()
        assert uniform is not None  # is_uniform
        return uniform

    def _slice(self, start: int, stop: int | None) -> DynamicRaggedShape:
        nrp = len(self._parts)
        if stop is not None and stop <= start:
            return DynamicRaggedShape([], [], self.dtype)
        if start == 0:
            if stop is not None and stop <= nrp:
                if stop == 1:
                    return DynamicRaggedShape([], _vector([self._parts[0].nrows()]),
                                              self.dtype)
                parts = self._parts[:stop - 1]
                return DynamicRaggedShape(parts, _vector([parts[-1].nvals()]), self.dtype)
            if stop is None or (self.rank is not None and stop >= self.rank):
                return self
            return DynamicRaggedShape(self._parts, self._inner[:stop - nrp], self.dtype)
        partial = self._slice(0, stop)
        if not all(p.is_uniform() for p in partial._parts):
            raise ValueError("All relevant dimensions must be uniform")
        return DynamicRaggedShape([], partial._dense_shape()[start:stop], self.dtype)

    def _dense_shape(self) -> Tensor:
        """The shape as one vector (every partition uniform)."""
        if not self._parts:
            return self._inner
        dims = [self._parts[0].nrows()] + [p.uniform_row_length() for p in self._parts]
        return concat([_vector(dims), self._inner[1:]], axis=0)

    def __repr__(self) -> str:
        lengths = ", ".join("..." if x is ... else str(x) for x in self.static_lengths())
        return (f"<DynamicRaggedShape lengths=[{lengths}] "
                f"num_row_partitions={len(self._parts)}>")


def _vector(dims: list) -> Tensor:
    from autograph.runtime.ops.array.ops import stack
    return stack(dims)


def _is_empty(value: Any) -> bool:
    return isinstance(value, (list, tuple)) and not value


def _static_list(t: Tensor, keep_unknown: bool = False) -> list | None:
    """`t`'s values where known: eagerly all; in a graph, None per element (its length
    known), or None when its length is not."""
    if isinstance(t, EagerTensor):
        return [int(x) for x in t.numpy()]
    n = t.shape[0] if t.shape.rank == 1 else None
    return None if n is None else [None] * n if keep_unknown else None


def _same(what: str, a: int | None, other: str, b: int | None) -> None:
    if a is not None and b is not None and a != b:
        raise ValueError(f"{what} ({a}) must equal {other} ({b}).")


