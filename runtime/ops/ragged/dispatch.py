"""The ops that accept ragged tensors, one handler per kind, registered with
`runtime.eager.fallback` when this module loads: an op whose inputs do not convert to tensors
asks them before it raises.
"""

from __future__ import annotations

from typing import Any, Sequence

from autograph.runtime.eager.fallback import (
    register_fallback,
    register_mapper,
    register_shape_type,
)
from autograph.runtime.ops.ragged.combine import combine
from autograph.runtime.ops.ragged.dynamic_shape import DynamicRaggedShape
from autograph.runtime.ops.ragged.elementwise import elementwise
from autograph.runtime.ops.ragged.mapping import map_flat_values
from autograph.runtime.ops.ragged.ragged_tensor import RaggedTensor
from autograph.runtime.ops.ragged.reduction import reduce
from autograph.runtime.ops.ragged.shape_ops import shape_ops
from autograph.runtime.ops.ragged.tiling import tile_or_reverse

__all__ = ["ragged_fallback"]

_HANDLERS = (elementwise, reduce, combine, tile_or_reverse, shape_ops)


def ragged_fallback(op_name: str, inputs: Sequence[Any], attrs: dict[str, Any] | None,
                    name: str | None) -> Any:
    """The first handler's result for this op call with ragged inputs, or NotImplemented."""
    for handler in _HANDLERS:
        result = handler(op_name, inputs, attrs, name)
        if result is not NotImplemented:
            return result
    return NotImplemented


def ragged_mapper(fn: Any, *args: Any, **kwargs: Any) -> Any:
    """`fn` through the ragged tensors among `args` (on their flat values), or
    NotImplemented."""
    if not any(isinstance(a, RaggedTensor) for a in args):
        return NotImplemented
    return map_flat_values(fn, *args, **kwargs)


register_fallback(ragged_fallback)
register_mapper(ragged_mapper)
register_shape_type(DynamicRaggedShape)
