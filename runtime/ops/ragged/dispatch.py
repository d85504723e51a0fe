"""The ops that accept ragged tensors, one handler per kind, registered with
`runtime.eager.fallback` when this module loads: an op whose inputs do not convert to tensors
asks them before it raises.
"""

from __future__ import annotations

from typing import Any

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

__all__ = ["ragged_mapper"]

_HANDLERS = (elementwise, reduce, combine, tile_or_reverse, shape_ops)


def ragged_mapper(fn: Any, *args: Any, **kwargs: Any) -> Any:
    """`fn` through the ragged tensors among `args` (on their flat values), or
    NotImplemented."""
    if not any(isinstance(a, RaggedTensor) for a in args):
        return NotImplemented
    return map_flat_values(fn, *args, **kwargs)


for _handler in _HANDLERS:
    register_fallback(_handler)
register_mapper(ragged_mapper)
register_shape_type(DynamicRaggedShape)
