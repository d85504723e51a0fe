"""`ag.ragged.map_flat_values`: a function of dense tensors applied to the flat values of
ragged tensors that share one row partition.

>>> from autograph.runtime.ops.ragged.factory import constant
>>> map_flat_values(lambda x: x + 1, constant([[1], [2, 3]]))
<ag.RaggedTensor [[2], [3, 4]]>
"""

from __future__ import annotations

from typing import Any, Callable

from autograph.runtime.ops.array.ops import identity
from autograph.runtime.ops.graph.ops import control_dependencies
from autograph.runtime.ops.ragged.elementwise import same_partition_checks
from autograph.runtime.ops.ragged.ragged_tensor import RaggedTensor

__all__ = ["map_flat_values"]


def map_flat_values(op: Callable, *args: Any, **kwargs: Any) -> Any:
    """`op` applied to the flat values of the ragged tensors among `args` and `kwargs` (their
    row partitions must match), as a ragged tensor of that partition.

    Raises:
        ValueError: no ragged tensor among the arguments.
        InvalidArgumentError: ragged arguments of different row partitions.
    """
    raggeds = [v for v in [*args, *kwargs.values()] if isinstance(v, RaggedTensor)]
    if not raggeds:
        return op(*args, **kwargs)
    first = raggeds[0]
    checks = [c for other in raggeds[1:] for c in same_partition_checks(first, other)]

    def flat(v: Any) -> Any:
        return v.flat_values if isinstance(v, RaggedTensor) else v
    result = op(*[flat(a) for a in args], **{k: flat(v) for k, v in kwargs.items()})
    if checks:  # in a graph: the result waits for the partitions to be found equal
        with control_dependencies(checks):
            result = identity(result)
    return first.with_flat_values(result)
