"""`RowPartition`, as TensorFlow's `tf.experimental.RowPartition`: how one dimension of a
ragged tensor (or of a `DynamicRaggedShape`) cuts values into rows, as row splits, and the
length every row has where they share one (a uniform dimension).

>>> RowPartition.from_row_lengths([2, 0, 1])
ag.RowPartition(row_splits=[0 2 2 3])
>>> RowPartition.from_uniform_row_length(2, nvals=6)
ag.RowPartition(nrows=3, uniform_row_length=2)
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.core import dtypes
from autograph.runtime.graph.tensor import EagerTensor, Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array.gathering import gather
from autograph.runtime.ops.array.ops import concat
from autograph.runtime.ops.creation.ops import cast
from autograph.runtime.ops.creation.ops import range as range_
from autograph.runtime.ops.math.ops import maximum
from autograph.runtime.ops.ragged import partition as rp

__all__ = ["RowPartition"]


class RowPartition:
    """A partition of `nvals()` values into `nrows()` rows; build one with a `from_*` factory.

    Raises:
        ValueError: the constructor called directly.
    """

    def __init__(self, row_splits: Any, uniform_row_length: Any = None,
                 internal: bool = False):
        if not internal:
            raise ValueError("RowPartition constructor is private; please use one of the "
                             "factory methods instead (e.g., RowPartition.from_row_lengths())")
        self._splits: Tensor = row_splits
        self._uniform: Tensor | None = uniform_row_length

    @classmethod
    def _of(cls, row_splits: Tensor, uniform_row_length: Tensor | None = None
            ) -> RowPartition:
        return cls(row_splits, uniform_row_length, internal=True)

    # Factories ---------------------------------------------------------------------------
    @classmethod
    def from_row_splits(cls, row_splits: Any, validate: bool = True,
                        dtype: Any = None, dtype_hint: Any = None) -> RowPartition:
        """Row `i` is values `row_splits[i]` to `row_splits[i + 1]`."""
        splits = rp.partition_tensor(row_splits, "row_splits", _dtype(row_splits, dtype))
        if validate and isinstance(splits, EagerTensor) and splits.shape[0]:
            splits = rp.check_splits(splits, None, "from_row_splits")
        return cls._of(splits)

    @classmethod
    def from_row_lengths(cls, row_lengths: Any, validate: bool = True,
                         dtype: Any = None, dtype_hint: Any = None) -> RowPartition:
        """Rows of `row_lengths[i]` values each."""
        lengths = rp.partition_tensor(row_lengths, "row_lengths", _dtype(row_lengths, dtype))
        return cls._of(rp.splits_from_lengths(lengths))

    @classmethod
    def from_value_rowids(cls, value_rowids: Any, nrows: Any = None, validate: bool = True,
                          dtype: Any = None, dtype_hint: Any = None) -> RowPartition:
        """Value `j` in row `value_rowids[j]` (sorted ids); `nrows` rows, by default one more
        than the last id."""
        ids = rp.partition_tensor(value_rowids, "value_rowids", _dtype(value_rowids, dtype))
        if nrows is None:  # one more than the last id (0 for none)
            last = gather(concat([convert_to_tensor([-1], dtype=ids.dtype), ids], 0),
                          rp.size_of(ids))
            nrows = maximum(last + 1, convert_to_tensor(0, dtype=ids.dtype))
        rows = _scalar(nrows, ids.dtype)
        if validate:
            rp.row_ids_checked(ids, rows)
        return cls._of(rp.splits_from_rowids(ids, rows))

    @classmethod
    def from_uniform_row_length(cls, uniform_row_length: Any, nvals: Any,
                                nrows: Any = None, validate: bool = True, dtype: Any = None,
                                dtype_hint: Any = None) -> RowPartition:
        """`nrows` rows of `uniform_row_length` values each (by default as many as `nvals`
        values fill; none when the length is 0).

        Raises:
            ValueError: `uniform_row_length` times `nrows` is not `nvals` (checked eagerly).
        """
        dtype = _dtype(uniform_row_length if dtype_hint is None else dtype_hint, dtype)
        length = _scalar(uniform_row_length, dtype)
        count = _scalar(nvals, dtype)
        if nrows is None:
            nrows = 0 if _static(length) == 0 else count // length
        rows_t = _scalar(nrows, dtype)
        known = [_static(t) for t in (length, rows_t, count)]
        if validate and None not in known:
            size, rows, vals = (int(k or 0) for k in known)
            if size * rows != vals:
                raise ValueError(f"uniform_row_length={size} times nrows={rows} must equal "
                                 f"nvals={vals}")
        splits = range_(0, rows_t + 1, dtype=dtype) * length
        return cls._of(splits, length)

    # Accessors -----------------------------------------------------------------------------
    @property
    def dtype(self) -> dtypes.DType:
        return self._splits.dtype

    def row_splits(self) -> Tensor:
        return self._splits

    def row_lengths(self) -> Tensor:
        return rp.lengths_from_splits(self._splits)

    def value_rowids(self) -> Tensor:
        return rp.rowids_from_splits(self._splits)

    def row_starts(self) -> Tensor:
        return self._splits[:-1]

    def row_limits(self) -> Tensor:
        return self._splits[1:]

    def nrows(self) -> Tensor:
        n = rp.nrows_of(self._splits)
        return convert_to_tensor(n, dtype=self.dtype) if n is not None else (
            rp.size_of(self._splits) - 1)

    def nvals(self) -> Tensor:
        return gather(self._splits, -1 + rp.size_of(self._splits))

    def uniform_row_length(self) -> Tensor | None:
        """Every row's length where the partition is uniform, else None."""
        return self._uniform

    def is_uniform(self) -> bool:
        return self._uniform is not None

    @property
    def static_nrows(self) -> int | None:
        return rp.nrows_of(self._splits)

    @property
    def static_nvals(self) -> int | None:
        return None if not isinstance(self._splits, EagerTensor) else int(self.nvals())

    @property
    def static_uniform_row_length(self) -> int | None:
        return None if self._uniform is None else _static(self._uniform)

    def with_dtype(self, dtype: Any) -> RowPartition:
        """This partition with row splits (and uniform length) of `dtype`."""
        dtype = dtypes.as_dtype(dtype)
        if dtype is self.dtype:
            return self
        return RowPartition._of(cast(self._splits, dtype),
                                None if self._uniform is None else cast(self._uniform, dtype))

    def __repr__(self) -> str:
        if self._uniform is not None:
            return (f"ag.RowPartition(nrows={_text(self.nrows())}, "
                    f"uniform_row_length={_text(self._uniform)})")
        return f"ag.RowPartition(row_splits={_text(self._splits)})"


def _text(t: Tensor) -> str:
    return str(t.numpy()) if isinstance(t, EagerTensor) else repr(t)


def _dtype(value: Any, dtype: Any) -> dtypes.DType:
    if dtype is not None:
        return dtypes.as_dtype(dtype)
    return rp.row_splits_dtype_of(value)


def _scalar(value: Any, dtype: dtypes.DType) -> Tensor:
    if isinstance(value, Tensor):
        return value if value.dtype is dtype else cast(value, dtype)
    return convert_to_tensor(value, dtype=dtype)


def _static(t: Tensor) -> int | None:
    return rp.static_int(t)
