"""`RaggedTensor`, as TensorFlow's `tf.RaggedTensor`: a tensor whose rows may differ in length.

A ragged tensor is its `values` (a tensor, or a ragged tensor for more ragged dimensions) cut
into rows by `row_splits` (row `i` is `values[row_splits[i]:row_splits[i + 1]]`). It is a
composite tensor (`runtime.graph.type_spec`): its components are the flat values and one row
splits vector per ragged dimension, so it traces by its `RaggedTensorSpec` as a function
argument or result and travels through loops, its rows changing length between iterations.

>>> rt = RaggedTensor.from_row_splits([1, 2, 3], row_splits=[0, 2, 3])
>>> rt
<ag.RaggedTensor [[1, 2], [3]]>
>>> rt.shape, rt.ragged_rank, rt.row_lengths().numpy()
(TensorShape([2, None]), 1, array([2, 1]))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.tensor import EagerTensor, Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.graph.type_spec import CompositeTensor
from autograph.runtime.ops.array.gathering import gather
from autograph.runtime.ops.array.ops import concat, reshape, shape
from autograph.runtime.ops.creation.ops import cast
from autograph.runtime.ops.math.ops import maximum
from autograph.runtime.ops.ragged import dense
from autograph.runtime.ops.ragged import partition as rp
from autograph.runtime.ops.ragged.numpy_value import nested_array, nested_list
from autograph.runtime.ops.ragged.ragged_spec import RaggedTensorSpec
from autograph.runtime.ops.ragged.row_partition import RowPartition
from autograph.runtime.ops.ragged.text import ragged_repr

__all__ = ["RaggedTensor"]


class RaggedTensor(CompositeTensor):
    """A tensor with one or more ragged dimensions; build one with `ag.ragged.constant` or a
    `from_*` factory (`from_row_splits`, `from_row_lengths`, `from_value_rowids`, ...).

    Raises:
        ValueError: the constructor called directly (use a factory method).
    """

    def __init__(self, values: Any, row_partition: Any, internal: bool = False):
        if not internal:
            raise ValueError("RaggedTensor constructor is private; please use one of the "
                             "factory methods instead (e.g., RaggedTensor.from_row_lengths())")
        self._values = values
        self._row_splits = row_partition
        self._uniform: Tensor | None = None  # every row's length, where rows share one

    @classmethod
    def _wrap(cls, values: Any, row_splits: Tensor, uniform: Tensor | None = None
              ) -> RaggedTensor:
        rt = cls(values, row_splits, internal=True)
        rt._uniform = uniform
        return rt

    # Factories -----------------------------------------------------------------------------
    @classmethod
    def from_row_splits(cls, values: Any, row_splits: Any, name: str | None = None,
                        validate: bool = True) -> RaggedTensor:
        """Rows `values[row_splits[i]:row_splits[i + 1]]`.

        Raises:
            InvalidArgumentError: `row_splits` does not start at 0, decreases, or does not
                end at the number of values (checked eagerly when `validate`).
        """
        values = _as_values(values)
        splits = rp.partition_tensor(row_splits, "row_splits", rp.row_splits_dtype_of(
            row_splits))
        if validate:
            splits = rp.check_splits(splits, rp.flat_length(values), "from_row_splits")
        return cls._wrap(values, splits)

    @classmethod
    def from_row_lengths(cls, values: Any, row_lengths: Any, name: str | None = None,
                         validate: bool = True) -> RaggedTensor:
        """Rows of `row_lengths[i]` values each, in order.

        >>> RaggedTensor.from_row_lengths([1, 2, 3], [1, 0, 2]).to_list()
        [[1], [], [2, 3]]
        """
        values = _as_values(values)
        lengths = rp.partition_tensor(row_lengths, "row_lengths",
                                      rp.row_splits_dtype_of(row_lengths))
        splits = rp.splits_from_lengths(lengths)
        if validate:
            splits = rp.check_splits(splits, rp.flat_length(values), "_from_row_partition")
        return cls._wrap(values, splits)

    @classmethod
    def from_value_rowids(cls, values: Any, value_rowids: Any, nrows: Any = None,
                          name: str | None = None, validate: bool = True) -> RaggedTensor:
        """Value `j` in row `value_rowids[j]` (sorted ids); `nrows` rows, by default one more
        than the last id.

        >>> RaggedTensor.from_value_rowids([1, 2, 3], [0, 0, 2], nrows=4).to_list()
        [[1, 2], [], [3], []]
        """
        values = _as_values(values)
        rowids = rp.partition_tensor(value_rowids, "value_rowids",
                                     rp.row_splits_dtype_of(value_rowids))
        if nrows is None:
            n = rowids.shape[0]
            nrows = (0 if n == 0 else gather(rowids, n - 1) + 1) if n is not None else (
                _last_plus_one(rowids))
        else:
            nrows = convert_to_tensor(nrows, dtype=rowids.dtype) if not isinstance(
                nrows, Tensor) else cast(nrows, rowids.dtype)
        if validate:
            rp.row_ids_checked(rowids, nrows)
        splits = rp.splits_from_rowids(rowids, nrows)
        if validate:
            splits = rp.check_splits(splits, rp.flat_length(values), "from_value_rowids")
        return cls._wrap(values, splits)

    @classmethod
    def from_row_starts(cls, values: Any, row_starts: Any, name: str | None = None,
                        validate: bool = True) -> RaggedTensor:
        """Row `i` from `row_starts[i]` to the next row's start (the last to the end)."""
        values = _as_values(values)
        starts = rp.partition_tensor(row_starts, "row_starts", rp.row_splits_dtype_of(
            row_starts))
        nvals = rp.flat_length(values)
        end = cast(convert_to_tensor(nvals) if not isinstance(nvals, Tensor) else nvals,
                   starts.dtype)
        splits = concat([starts, rp.as_row_vector(end)], axis=0)
        if validate:
            splits = rp.check_splits(splits, nvals, "from_row_starts")
        return cls._wrap(values, splits)

    @classmethod
    def from_row_limits(cls, values: Any, row_limits: Any, name: str | None = None,
                        validate: bool = True) -> RaggedTensor:
        """Row `i` from the previous row's limit (0 for the first) to `row_limits[i]`."""
        values = _as_values(values)
        limits = rp.partition_tensor(row_limits, "row_limits", rp.row_splits_dtype_of(
            row_limits))
        splits = concat([convert_to_tensor([0], dtype=limits.dtype), limits], axis=0)
        if validate:
            splits = rp.check_splits(splits, rp.flat_length(values), "from_row_limits")
        return cls._wrap(values, splits)

    @classmethod
    def from_uniform_row_length(cls, values: Any, uniform_row_length: Any, nrows: Any = None,
                                validate: bool = True, name: str | None = None
                                ) -> RaggedTensor:
        """Rows of `uniform_row_length` values each; `nrows` rows (by default as many as the
        values fill). The dimension stays uniform: it shows in `shape`.

        >>> RaggedTensor.from_uniform_row_length([1, 2, 3, 4], 2).shape
        TensorShape([2, 2])

        Raises:
            ValueError: `uniform_row_length` times `nrows` is not the number of values.
        """
        values = _as_values(values)
        part = RowPartition.from_uniform_row_length(
            uniform_row_length, rp.flat_length(values), nrows=nrows, validate=validate,
            dtype_hint=uniform_row_length)
        return cls._wrap(values, part.row_splits(), part.uniform_row_length())

    @classmethod
    def from_nested_row_splits(cls, flat_values: Any, nested_row_splits: Sequence[Any],
                               name: str | None = None, validate: bool = True
                               ) -> RaggedTensor:
        """One ragged dimension per splits vector, outermost first."""
        if isinstance(nested_row_splits, Tensor):
            raise TypeError("nested_row_splits must be a list of Tensors")
        result = flat_values
        for splits in reversed(list(nested_row_splits)):
            result = cls.from_row_splits(result, splits, validate=validate)
        return result

    @classmethod
    def from_nested_row_lengths(cls, flat_values: Any, nested_row_lengths: Sequence[Any],
                                name: str | None = None, validate: bool = True
                                ) -> RaggedTensor:
        """One ragged dimension per row lengths vector, outermost first."""
        result = flat_values
        for lengths in reversed(list(nested_row_lengths)):
            result = cls.from_row_lengths(result, lengths, validate=validate)
        return result

    @classmethod
    def from_nested_value_rowids(cls, flat_values: Any, nested_value_rowids: Sequence[Any],
                                 nested_nrows: Sequence[Any] | None = None,
                                 name: str | None = None, validate: bool = True
                                 ) -> RaggedTensor:
        """One ragged dimension per value row ids vector, outermost first."""
        ids = list(nested_value_rowids)
        counts = [None] * len(ids) if nested_nrows is None else list(nested_nrows)
        if len(counts) != len(ids):
            raise ValueError("Argument `nested_nrows` must have the same length as "
                             "argument `nested_value_rowids`. len(nested_nrows) = "
                             f"{len(counts)} vs. len(nested_values_rowids) = {len(ids)}.")
        result = flat_values
        for rowids, nrows in reversed(list(zip(ids, counts))):
            result = cls.from_value_rowids(result, rowids, nrows, validate=validate)
        return result

    @classmethod
    def from_tensor(cls, tensor: Any, lengths: Any = None, padding: Any = None,
                    ragged_rank: int = 1, name: str | None = None,
                    row_splits_dtype: Any = dtypes.int64) -> RaggedTensor:
        """The ragged tensor of dense `tensor`'s rows, cut to `lengths` or before trailing
        `padding` (not both); `ragged_rank` leading dimensions after the first become ragged.

        >>> RaggedTensor.from_tensor([[1, 0, 0], [2, 3, 0]], padding=0).to_list()
        [[1], [2, 3]]
        """
        return dense.from_tensor(cls, tensor, lengths, padding, ragged_rank,
                           dtypes.as_dtype(row_splits_dtype))

    # Accessors -----------------------------------------------------------------------------
    @property
    def values(self) -> Any:
        """The concatenated rows: a tensor, or a ragged tensor when `ragged_rank > 1`."""
        return self._values

    @property
    def row_splits(self) -> Tensor:
        return self._row_splits

    @property
    def uniform_row_length(self) -> Tensor | None:
        """The length every row has, a scalar, where this tensor was built with one
        (`from_uniform_row_length`); else None."""
        return self._uniform

    @property
    def _row_partition(self) -> RowPartition:
        return RowPartition._of(self._row_splits, self._uniform)

    @property
    def flat_values(self) -> Tensor:
        """The innermost values, a dense tensor."""
        values = self._values
        while isinstance(values, RaggedTensor):
            values = values._values
        return values

    @property
    def nested_row_splits(self) -> tuple:
        """The row splits of each ragged dimension, outermost first."""
        found: list = []
        rt: Any = self
        while isinstance(rt, RaggedTensor):
            found.append(rt._row_splits)
            rt = rt._values
        return tuple(found)

    @property
    def ragged_rank(self) -> int:
        return len(self.nested_row_splits)

    @property
    def dtype(self) -> dtypes.DType:
        return self.flat_values.dtype

    @property
    def row_splits_dtype(self) -> dtypes.DType:
        return self._row_splits.dtype

    @property
    def shape(self) -> TensorShape:
        """`[nrows, None (each ragged dimension), ...uniform inner dimensions]`."""
        flat = self.flat_values.shape
        inner = flat[1:] if flat.rank is not None else TensorShape(None)
        dims: list = [rp.nrows_of(self._row_splits)]
        rt: Any = self
        while isinstance(rt, RaggedTensor):
            dims.append(rt._static_uniform())
            rt = rt._values
        return TensorShape(dims).concatenate(inner)

    def _static_uniform(self) -> int | None:
        return None if self._uniform is None else rp.static_int(self._uniform)

    def get_shape(self) -> TensorShape:
        return self.shape

    @property
    def _type_spec(self) -> RaggedTensorSpec:
        # the spec's components are the row splits only: a uniform row length is not carried
        dims = self.shape.as_list() if self.shape.rank is not None else None
        if dims is not None:
            dims[1:self.ragged_rank + 1] = [None] * self.ragged_rank
        return RaggedTensorSpec(TensorShape(dims), self.dtype, self.ragged_rank,
                                self.row_splits_dtype)

    def row_lengths(self, axis: int = 1, name: str | None = None) -> Any:
        """The length of each row (`axis=1`), or of each row of a deeper ragged dimension."""
        if axis == 0:
            return self.nrows()
        if axis == 1:
            return rp.lengths_from_splits(self._row_splits)
        if isinstance(self._values, RaggedTensor):
            return self.with_values(self._values.row_lengths(axis - 1))
        raise ValueError(f"axis={axis} is not a ragged dimension of a RaggedTensor of "
                         f"ragged_rank {self.ragged_rank}.")

    def nested_row_lengths(self, name: str | None = None) -> tuple:
        return tuple(rp.lengths_from_splits(s) for s in self.nested_row_splits)

    def value_rowids(self, name: str | None = None) -> Tensor:
        """The row of each of `values`."""
        return rp.rowids_from_splits(self._row_splits)

    def nested_value_rowids(self, name: str | None = None) -> tuple:
        return tuple(rp.rowids_from_splits(s) for s in self.nested_row_splits)

    def nrows(self, out_type: Any = None, name: str | None = None) -> Tensor:
        """The number of rows, a scalar of `out_type` (the row splits' dtype by default)."""
        out = self.row_splits_dtype if out_type is None else dtypes.as_dtype(out_type)
        n = rp.nrows_of(self._row_splits)
        if n is not None:
            return convert_to_tensor(n, dtype=out)
        return cast(shape(self._row_splits, out_type=out)[0] - 1, out)

    def row_starts(self, name: str | None = None) -> Tensor:
        return self._row_splits[:-1]

    def row_limits(self, name: str | None = None) -> Tensor:
        return self._row_splits[1:]

    def bounding_shape(self, axis: Any = None, name: str | None = None,
                       out_type: Any = None) -> Tensor:
        """The shape of the smallest dense tensor that holds this one: each ragged dimension
        its longest row's length."""
        out = self.row_splits_dtype if out_type is None else dtypes.as_dtype(out_type)
        found = dense.bounding_shape(self, out)
        return found if axis is None else gather(found, axis)

    # Values with this partition ---------------------------------------------------------------
    def with_values(self, new_values: Any) -> RaggedTensor:
        """This tensor's outermost row splits over `new_values` (as many rows as `values`)."""
        return RaggedTensor._wrap(_as_values(new_values), self._row_splits, self._uniform)

    def with_flat_values(self, new_values: Any) -> RaggedTensor:
        """This tensor's row partitions over `new_values` (as many rows as `flat_values`)."""
        if isinstance(self._values, RaggedTensor):
            return self.with_values(self._values.with_flat_values(new_values))
        return self.with_values(new_values)

    def with_row_splits_dtype(self, dtype: Any) -> RaggedTensor:
        dtype = dtypes.as_dtype(dtype)
        values = self._values.with_row_splits_dtype(dtype) if isinstance(
            self._values, RaggedTensor) else self._values
        splits = self._row_splits if self._row_splits.dtype is dtype else cast(
            self._row_splits, dtype)
        uniform = None if self._uniform is None else cast(self._uniform, dtype)
        return RaggedTensor._wrap(values, splits, uniform)

    def merge_dims(self, outer_axis: int, inner_axis: int) -> Any:
        """This tensor with dimensions `outer_axis` to `inner_axis` merged into one (a dense
        tensor when every ragged dimension is merged into the first).

        Raises:
            ValueError: `outer_axis` after `inner_axis`, or an axis out of range.
        """
        rank = self.shape.rank
        outer, inner = outer_axis, inner_axis
        if rank is not None:
            outer, inner = (a + rank if a < 0 else a for a in (outer_axis, inner_axis))
            if not (0 <= outer < rank and 0 <= inner < rank):
                raise ValueError(f"axis={inner_axis if not 0 <= inner < rank else outer_axis}"
                                 f" out of bounds: expected {-rank}<=axis<{rank}")
        if outer > inner:
            raise ValueError(f"Expected outer_axis ({outer_axis}) to be less than or equal "
                             f"to inner_axis ({inner_axis})")
        if outer == inner:
            return self
        if outer > 1:
            values = self._values.merge_dims(outer - 1, inner - 1) if isinstance(
                self._values, RaggedTensor) else _merge_dense(self._values, outer - 1,
                                                              inner - 1)
            return self.with_values(values)
        if outer == 1:  # each row's values: its splits carried through the merged levels
            splits, level = self._row_splits, self._values
            for _ in range(inner - 1):
                if isinstance(level, RaggedTensor):
                    splits = gather(cast(level.row_splits, splits.dtype), splits)
                    level = level.values
                else:
                    splits = splits * cast(shape(level)[1], splits.dtype)
                    level = _merge_dense(level, 0, 1)
            return RaggedTensor._wrap(level, splits)
        merged = self._values  # its rows are the first two dimensions merged
        if inner == 1:
            return merged
        return merged.merge_dims(0, inner - 1) if isinstance(merged, RaggedTensor) else (
            _merge_dense(merged, 0, inner - 1))

    # Conversions ------------------------------------------------------------------------------
    def to_tensor(self, default_value: Any = None, name: str | None = None,
                  shape: Any = None) -> Tensor:
        """The dense tensor of this one's bounding shape (or `shape`, cropping or padding),
        `default_value` (zero by default) where a row has no value."""
        return dense.to_tensor(self, default_value, shape)

    def to_list(self) -> list:
        """The nested Python list of this tensor's values (eagerly)."""
        return nested_list(self._eager_parts())

    def numpy(self) -> Any:
        """A NumPy array: of the rows, or of objects (one array a row) where their lengths
        differ, as TensorFlow's."""
        return nested_array(self._eager_parts())

    def _eager_parts(self) -> tuple[np.ndarray, list[np.ndarray]]:
        parts = [self.flat_values, *self.nested_row_splits]
        if not all(isinstance(p, EagerTensor) for p in parts):
            raise ValueError("RaggedTensor.to_list() is only supported in eager mode; in "
                             "graph mode, evaluate the RaggedTensor first and then use "
                             "RaggedTensorValue.to_list().")
        return parts[0].numpy(), [p.numpy() for p in parts[1:]]

    def __repr__(self) -> str:
        if isinstance(self.flat_values, EagerTensor):
            return ragged_repr(self.numpy())
        return f"ag.RaggedTensor(values={self._values!s}, row_splits={self._row_splits!s})"

    __str__ = __repr__

    def __bool__(self) -> bool:
        raise TypeError("RaggedTensor may not be used as a boolean.")

    __hash__ = None  # type: ignore[assignment]  # elementwise ==, as TensorFlow's

    if TYPE_CHECKING:  # installed with the other operators by `operators`
        def __getitem__(self, key: Any) -> Any: ...

    @classmethod
    def _batch_of(cls, values: list, splits_dtype: dtypes.DType) -> RaggedTensor:
        """One ragged tensor whose rows are `values` (tensors or ragged tensors of one
        ragged rank less), as a dataset's batch of them."""
        if all(isinstance(v, RaggedTensor) for v in values):
            inner = values[0]
            for v in values[1:]:
                inner = _concat_rows(inner, v)
        else:
            inner = concat([convert_to_tensor(v) for v in values], axis=0)
        lengths = [int(rp.flat_length(v)) for v in values]
        return cls.from_row_lengths(inner, convert_to_tensor(lengths, dtype=splits_dtype))


def _concat_rows(a: RaggedTensor, b: RaggedTensor) -> RaggedTensor:
    """The rows of `a` then those of `b` (same ragged rank)."""
    values = _concat_rows(a.values, b.values) if isinstance(a.values, RaggedTensor) else (
        concat([a.values, b.values], axis=0))
    offset = cast(gather(a.row_splits, -1 + rp.size_of(a.row_splits)), a.row_splits_dtype)
    splits = concat([a.row_splits, cast(b.row_splits[1:], a.row_splits_dtype) + offset], 0)
    return RaggedTensor._wrap(values, splits)


RaggedTensorSpec.value_type = RaggedTensor


def _merge_dense(t: Tensor, outer: int, inner: int) -> Tensor:
    """Dense `t` with dimensions `outer` to `inner` merged."""
    dims = shape(t, out_type=dtypes.int64)
    merged = concat([dims[:outer], [-1], dims[inner + 1:]], axis=0)
    return reshape(t, merged)


def _as_values(values: Any) -> Any:
    if isinstance(values, RaggedTensor):
        return values
    t = convert_to_tensor(values, name="values")
    if t.shape.rank == 0:
        raise ValueError(f"Shape {t.shape} must have rank at least 1")
    return t


def _last_plus_one(rowids: Tensor) -> Any:
    n = shape(rowids, out_type=rowids.dtype)[0]
    last = gather(concat([convert_to_tensor([-1], dtype=rowids.dtype), rowids], 0), n)
    return maximum(last + 1, convert_to_tensor(0, dtype=rowids.dtype))
