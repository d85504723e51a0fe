"""`ReduceOp`: how values of the replicas combine (TensorFlow's `tf.distribute.ReduceOp`).

>>> ReduceOp("SUM") is ReduceOp.SUM
True
"""

from __future__ import annotations

import enum
from typing import Any

__all__ = ["ReduceOp"]


class ReduceOp(enum.Enum):
    """`SUM` adds the replicas' values; `MEAN` divides that sum by their number."""

    SUM = "SUM"
    MEAN = "MEAN"


def as_reduce_op(value: Any) -> ReduceOp:
    """`value` (a ReduceOp or its name, "SUM" or "MEAN") as a ReduceOp."""
    return value if isinstance(value, ReduceOp) else ReduceOp(value)
