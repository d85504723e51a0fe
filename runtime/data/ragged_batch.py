"""`Dataset.ragged_batch` (and `ag.data.experimental.dense_to_ragged_batch`): batches in which
a component whose shape is not fully known becomes a `RaggedTensor`, as TensorFlow's.

Such a component's spec becomes a `RaggedTensorSpec` of ragged rank the last dimension of
unknown size (0 when only the first is unknown: the rows are its values as they are); its
batches then have one more ragged dimension. Components of fully known shape batch as
`Dataset.batch` stacks them.
"""

from __future__ import annotations

import functools
from typing import Any, Iterator

from autograph.runtime.core import dtypes
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.graph.tensor_spec import TensorSpec
from autograph.runtime.ops.ragged.ragged_spec import RaggedTensorSpec
from autograph.runtime.ops.ragged.ragged_tensor import RaggedTensor

__all__ = ["ragged_batch"]


def _ragged_spec(spec: Any, splits_dtype: dtypes.DType) -> Any:
    """The spec a component is batched by: a `RaggedTensorSpec` for a tensor of known rank but
    not fully known shape, else `spec` itself."""
    if (not isinstance(spec, TensorSpec) or spec.shape.rank is None
            or spec.shape.is_fully_defined()):
        return spec
    ragged_rank = max(axis for axis, size in enumerate(spec.shape.as_list()) if size is None)
    return RaggedTensorSpec(spec.shape, spec.dtype, ragged_rank, splits_dtype)


def _as_ragged(source: Any, specs: list[Any]) -> Iterator[tuple]:
    """The elements of `source`, each component of a ragged spec as the value it batches:
    a ragged tensor (ragged rank above 0) or a tensor (the rows of a ragged rank 0)."""
    def ragged(part: Any, spec: Any) -> Any:
        if not isinstance(spec, RaggedTensorSpec):
            return part
        if spec.ragged_rank == 0:
            return convert_to_tensor(part)
        return RaggedTensor.from_tensor(convert_to_tensor(part), ragged_rank=spec.ragged_rank,
                                        row_splits_dtype=spec.row_splits_dtype)
    for element in source():
        yield tuple(ragged(part, spec) for part, spec in zip(element, specs))


def ragged_batch(dataset: Any, batch_size: int, drop_remainder: bool,
                 row_splits_dtype: Any) -> Any:
    """`dataset`'s elements in batches of `batch_size`, components of shapes not fully known
    as ragged tensors with row splits of `row_splits_dtype` (int32 or int64).

    Raises:
        ValueError: another row splits dtype.
    """
    splits_dtype = dtypes.as_dtype(row_splits_dtype)
    if splits_dtype not in (dtypes.int32, dtypes.int64):
        raise ValueError(f"row_splits_dtype must be int32 or int64, got {splits_dtype.name}.")
    structure = dataset._structure
    specs = [_ragged_spec(s, splits_dtype) for s in structure.specs]
    ragged = dataset._derived("ragged()", functools.partial(_as_ragged, dataset._make, specs),
                              structure=structure.with_specs(specs))
    return ragged.batch(batch_size, drop_remainder)
