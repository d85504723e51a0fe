"""The ops taking or giving a `DynamicRaggedShape`, as TensorFlow's dispatch for them:
`ag.shape` of a ragged tensor, and `ag.reshape`, `ag.fill` (so `ag.zeros`, `ag.ones`) to one,
which give a ragged tensor of that shape (a dense one where it has no row partitions).
"""

from __future__ import annotations

from typing import Any, Sequence

from autograph.runtime.core import dtypes
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.ops.array.ops import reshape
from autograph.runtime.ops.creation.ops import fill
from autograph.runtime.ops.ragged.dynamic_shape import DynamicRaggedShape
from autograph.runtime.ops.ragged.ragged_tensor import RaggedTensor

__all__ = ["shape_ops"]


def shape_ops(op_name: str, inputs: Sequence[Any], attrs: dict[str, Any] | None,
              name: str | None) -> Any:
    """`Shape` of a ragged tensor, or `Reshape`/`Fill` to a ragged shape; or NotImplemented."""
    if op_name == "Shape" and isinstance(inputs[0], RaggedTensor):
        out_type = (attrs or {}).get("out_type", dtypes.int32)
        return DynamicRaggedShape.from_tensor(inputs[0], out_type)
    if op_name == "Reshape" and isinstance(inputs[1], DynamicRaggedShape):
        tensor = inputs[0]
        values = tensor.flat_values if isinstance(tensor, RaggedTensor) else tensor
        return _with_partitions(inputs[1], reshape(reshape(values, [-1]), inputs[1].inner_shape))
    if op_name == "Fill" and isinstance(inputs[0], DynamicRaggedShape):
        return _with_partitions(inputs[0], fill(inputs[0].inner_shape, inputs[1]))
    return NotImplemented


def _with_partitions(shape: DynamicRaggedShape, flat_values: Tensor) -> Any:
    """`flat_values` cut by `shape`'s row partitions, innermost last."""
    result: Any = flat_values
    for p in reversed(shape.row_partitions):
        result = RaggedTensor._wrap(result, p.row_splits(), p.uniform_row_length())
    return result
