"""`ag.nn.compute_average_loss` and `scale_regularization_loss`: a replica's loss scaled so
that the replicas' gradients, summed, are those of the whole batch (they count the replicas of
the current strategy, through `runtime.core.replicas`).

>>> float(compute_average_loss([1.0, 2.0, 6.0]))
3.0
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.core import replicas
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.ops.array.ops import shape
from autograph.runtime.ops.creation.ops import cast
from autograph.runtime.ops.graph.ops import name_scope
from autograph.runtime.ops.math.ops import add_n, divide, multiply
from autograph.runtime.ops.op_args import floating as _floating
from autograph.runtime.ops.reduction.ops import reduce_sum

__all__ = ["compute_average_loss", "scale_regularization_loss"]


def compute_average_loss(per_example_loss: Any, sample_weight: Any = None,
                         global_batch_size: Any = None) -> Tensor:
    """The sum of the (weighted) per-example losses divided by the global batch size:
    `global_batch_size`, else the first axis of `per_example_loss` times the replicas in sync
    (each replica holds its part of the batch).

    >>> float(compute_average_loss([1.0, 2.0, 6.0]))
    3.0

    Raises:
        RuntimeError: without `global_batch_size`, called in a strategy's cross-replica
            context (where no replica's batch is at hand).
    """
    with name_scope(None, "average_loss"):
        loss = _floating(per_example_loss, "ag.nn.compute_average_loss")
        if sample_weight is not None:
            loss = multiply(loss, cast(sample_weight, loss.dtype))
        if global_batch_size is None:
            _in_replica_context("compute_average_loss")
            global_batch_size = shape(loss)[0] if loss.shape.rank else 1
            if replicas.num_replicas_in_sync() > 1:
                global_batch_size = global_batch_size * replicas.num_replicas_in_sync()
        return divide(reduce_sum(loss), cast(global_batch_size, loss.dtype))


def scale_regularization_loss(regularization_loss: Any) -> Tensor:
    """The regularization loss (a tensor or a list of them, summed) divided by the number of
    replicas in sync, so that the replicas' gradients, summed, count it once.

    >>> float(scale_regularization_loss([1.0, 2.0]))
    3.0

    Raises:
        RuntimeError: called in a strategy's cross-replica context.
    """
    with name_scope(None, "scale_regularization_loss"):
        _in_replica_context("scale_regularization_loss")
        if isinstance(regularization_loss, (list, tuple)):
            regularization_loss = add_n(list(regularization_loss))
        total = reduce_sum(regularization_loss)
        n = replicas.num_replicas_in_sync()
        return total if n == 1 else divide(total, cast(n, total.dtype))


def _in_replica_context(name: str) -> None:
    if replicas.in_cross_replica_context_of_a_strategy():
        raise RuntimeError(f"You are calling `{name}` in cross replica context, while it was "
                           f"expected to be called in replica context.")
