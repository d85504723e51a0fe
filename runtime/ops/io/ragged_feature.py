"""`ag.io.RaggedFeature`: a feature of any number of values per Example, parsed as a
`RaggedTensor` (one row per Example of a batch; for one Example, a vector of its values).

The values are read as a `VarLenFeature`'s are (the same op), then given the row partition of
their Examples.
"""

from __future__ import annotations

import collections
from typing import Any

from autograph.runtime.core import dtypes
from autograph.runtime.ops.creation.ops import cast
from autograph.runtime.ops.ragged.ragged_tensor import RaggedTensor

__all__ = ["RaggedFeature", "ragged_from_parts"]

_Fields = collections.namedtuple(
    "_Fields", ["dtype", "value_key", "partitions", "row_splits_dtype", "validate"])


class RaggedFeature(_Fields):
    """A feature parsed as a `RaggedTensor` of `dtype` (int64, float32 or string), read from
    the Example feature `value_key` (by default, the key it is given under), its row splits
    of `row_splits_dtype` (int32 or int64).

    Only a ragged rank of one (the Examples) is supported: `partitions` that split the values
    further raise a ValueError.

    Raises:
        ValueError: another dtype or row splits dtype, or `partitions`.
    """

    __slots__ = ()

    def __new__(cls, dtype: Any, value_key: str | None = None, partitions: Any = (),
                row_splits_dtype: Any = dtypes.int32, validate: bool = False) -> RaggedFeature:
        dtype = dtypes.as_dtype(dtype)
        if dtype not in (dtypes.int64, dtypes.float32, dtypes.string):
            raise ValueError(f"Argument `dtype` must be int64, float32, or bytes; got "
                             f"{dtype!r}")
        row_splits_dtype = dtypes.as_dtype(row_splits_dtype)
        if row_splits_dtype not in (dtypes.int32, dtypes.int64):
            raise ValueError(f"Argument `row_splits_dtype` must be int32 or int64; got "
                             f"{row_splits_dtype!r}")
        if value_key is not None and (not isinstance(value_key, str) or not value_key):
            raise ValueError(f"Argument `value_key` must be a non-empty string; got "
                             f"{value_key!r}")
        if tuple(partitions):
            raise ValueError("ag.io.RaggedFeature supports no `partitions` yet: parse the "
                             "values with partitions=() and split them with "
                             "ag.RaggedTensor.from_row_splits or from_row_lengths.")
        return super().__new__(cls, dtype, value_key, tuple(partitions), row_splits_dtype,
                               bool(validate))


def ragged_from_parts(feature: RaggedFeature, indices: Any, values: Any, dense_shape: Any,
                      single: bool) -> Any:
    """The parsed values of a ragged feature: for one Example (`single`), its vector of
    values; else a ragged tensor with one row per Example. `indices`, `values` and
    `dense_shape` are the feature's parts as a sparse tensor of the batch."""
    if single:
        return values
    rowids = cast(indices[:, 0], feature.row_splits_dtype)
    nrows = cast(dense_shape[0], feature.row_splits_dtype)
    return RaggedTensor.from_value_rowids(values, rowids, nrows, validate=False)
