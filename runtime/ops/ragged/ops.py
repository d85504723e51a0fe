"""The functions of `ag.ragged`, as TensorFlow's `tf.ragged`: `constant`, `range`,
`map_flat_values`, `boolean_mask`, `stack`, `segment_ids_to_row_splits` and
`row_splits_to_segment_ids`.

Loading this module also gives ragged tensors their Python operators and lets the dense ops
(`ag.add`, `ag.math.*`, `ag.reduce_*`, `ag.concat`, `ag.stack`) take them.

>>> rt = constant([[1, 2], [3]])
>>> map_flat_values(lambda x: x * 10, rt)
<ag.RaggedTensor [[10, 20], [30]]>
"""

from __future__ import annotations

from typing import Any, Sequence

from autograph.runtime.core import dtypes
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.graph.tensor import EagerTensor, Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array import gathering
from autograph.runtime.ops.array.ops import identity
from autograph.runtime.ops.array.ops import stack as dense_stack
from autograph.runtime.ops.array.sorting import argsort
from autograph.runtime.ops.creation.ops import cast
from autograph.runtime.ops.graph.ops import control_dependencies
from autograph.runtime.ops.math.segment import unsorted_segment_sum
from autograph.runtime.ops.ragged import dispatch as _dispatch  # noqa: F401  (registers it)
from autograph.runtime.ops.ragged import operators as _operators  # noqa: F401  (installs them)
from autograph.runtime.ops.ragged.elementwise import same_partition_checks
from autograph.runtime.ops.ragged.factory import (
    constant,
    gather_rows,
    range,
    row_splits_to_segment_ids,
    segment_ids_to_row_splits,
)
from autograph.runtime.ops.ragged.mapping import map_flat_values
from autograph.runtime.ops.ragged.ragged_spec import RaggedTensorSpec
from autograph.runtime.ops.ragged.ragged_tensor import RaggedTensor

__all__ = ["RaggedTensor", "RaggedTensorSpec", "constant", "range", "map_flat_values",
           "boolean_mask", "stack", "stack_dynamic_partitions", "segment_ids_to_row_splits",
           "row_splits_to_segment_ids"]


def boolean_mask(data: Any, mask: Any, name: str | None = None) -> Any:
    """The values (or rows) of `data` where `mask` is true: a ragged `mask` of `data`'s row
    partition keeps values within each row; a dense boolean vector keeps whole rows.

    >>> boolean_mask(constant([[1, 2], [3]]), constant([[True, False], [True]]))
    <ag.RaggedTensor [[1], [3]]>
    """
    if isinstance(mask, RaggedTensor):
        if not isinstance(data, RaggedTensor):
            raise ValueError("boolean_mask of a dense tensor takes a dense mask: use "
                             "ag.boolean_mask.")
        checks = same_partition_checks(data, mask)
        if data.ragged_rank != 1:
            return data.with_values(boolean_mask(data.values, mask.values))
        keep = mask.values
        if checks:  # in a graph: masking waits for the partitions to be found equal
            with control_dependencies(checks):
                keep = identity(keep)
        values = gathering.boolean_mask(data.values, keep)
        lengths = unsorted_segment_sum(cast(keep, data.row_splits_dtype), data.value_rowids(),
                                       data.nrows())
        return RaggedTensor.from_row_lengths(values, lengths, validate=False)
    if isinstance(data, RaggedTensor):
        keep = convert_to_tensor(mask, dtype=dtypes.bool_)
        rows = gathering.where(keep)[:, 0]
        return gather_rows(data, rows)
    return gathering.boolean_mask(data, mask)


def stack(values: Sequence[Any], axis: int = 0, name: str | None = None) -> Any:
    """`values` (ragged tensors, nested lists, or dense tensors) stacked along a new dimension
    `axis`: a ragged tensor (see `ag.stack`).

    >>> stack([[[1, 2], [3]], [[4]]])
    <ag.RaggedTensor [[[1, 2], [3]], [[4]]]>
    """
    parts = [v if isinstance(v, (RaggedTensor, Tensor)) else constant(v) for v in values]
    if not any(isinstance(v, RaggedTensor) for v in parts):
        return RaggedTensor.from_tensor(dense_stack(parts, axis=axis), ragged_rank=1)
    return dense_stack(parts, axis=axis)


def stack_dynamic_partitions(data: Any, partitions: Any, num_partitions: int,
                             name: str | None = None) -> RaggedTensor:
    """One row per partition: the rows of `data` (a tensor or ragged tensor) whose entry of
    `partitions` is that partition's number, in their order.

    Raises:
        InvalidArgumentError: a partition number outside [0, num_partitions) (eagerly).

    >>> stack_dynamic_partitions(["a", "b", "c"], [1, 0, 1], 2)
    <ag.RaggedTensor [[b'b'], [b'a', b'c']]>
    """
    parts = cast(convert_to_tensor(partitions), dtypes.int64)
    if isinstance(parts, EagerTensor):
        found = parts.numpy()
        if found.size and (found.min() < 0 or found.max() >= num_partitions):
            raise InvalidArgumentError("partitions must be less than num_partitions")
    order = argsort(parts, stable=True)
    rows = data if isinstance(data, RaggedTensor) else convert_to_tensor(data)
    picked = gather_rows(rows, order) if isinstance(rows, RaggedTensor) else gathering.gather(
        rows, order)
    return RaggedTensor.from_value_rowids(picked, gathering.gather(parts, order),
                                          num_partitions, validate=False)
