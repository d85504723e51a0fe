"""Gathering replicas' values into one tensor: `Strategy.gather` (cross-replica context) and
`ReplicaContext.all_gather` (inside `run`).

Both concatenate the replicas' values along `axis` in replica order; the values may differ in
length along `axis` (the last, short batch), as in TensorFlow. `all_gather` is built on the
strategy's all-reduce, so every strategy has it: each replica's value, padded to the longest
along `axis`, fills its own slot of a buffer of zeros; the sum of the replicas' buffers holds
every value, and each replica cuts the padding off. It costs two all-reduces (the lengths,
then the buffers) of `num_replicas` times the data.

>>> from autograph.runtime.distribute.values import PerReplica
>>> from autograph.runtime.graph.tensor_conversion import convert_to_tensor
>>> parts = PerReplica([convert_to_tensor([1.0]), convert_to_tensor([2.0, 3.0])])
>>> concatenated(parts, axis=0).numpy()
array([1., 2., 3.], dtype=float32)
"""

from __future__ import annotations

from typing import Any, Callable

from autograph.runtime.core import dtypes
from autograph.runtime.distribute.reduce_util import ReduceOp
from autograph.runtime.distribute.values import PerReplica, local_results
from autograph.runtime.graph.func_graph import flatten, pack_sequence_as
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array.ops import concat, expand_dims, pad, shape, stack, transpose
from autograph.runtime.ops.creation.ops import cast
from autograph.runtime.ops.reduction.ops import reduce_max

__all__ = ["concatenated", "replica_parts", "all_gathered"]


def concatenated(value: Any, axis: int,
                 parts: Callable[[Any], tuple | None] | None = None) -> Any:
    """Each distributed value of the nest `value` as its replicas' values concatenated along
    `axis`; other values as they are (every replica holds the same). `parts(leaf)` gives a
    leaf's replicas' values, or None for a leaf that is not distributed (by default: the
    values of a PerReplica value or a distributed variable)."""
    parts = parts or replica_parts
    gathered = []
    for leaf in flatten(value):
        found = parts(leaf)
        gathered.append(leaf if found is None else
                        concat([convert_to_tensor(v) for v in found], axis))
    return pack_sequence_as(value, gathered)


def replica_parts(leaf: Any) -> tuple | None:
    """The replicas' values of a PerReplica value or a distributed variable, else None."""
    if isinstance(leaf, PerReplica) or hasattr(leaf, "_replica_copies"):
        return local_results(leaf)
    return None


def all_gathered(context: Any, value: Any, axis: int) -> Any:
    """`value` (a tensor or a nest of them) of every replica of `context`, concatenated along
    `axis`: the same result on each replica.

    Raises:
        ValueError: a tensor is a scalar, or `axis` is not one of its axes.
        TypeError: a tensor's type has no sum (strings).
    """
    tensors = [_axis_first(convert_to_tensor(leaf), axis) for leaf in flatten(value)]
    if not tensors:
        return value
    n = context.num_replicas_in_sync
    if n == 1:
        return pack_sequence_as(value, [_axis_back(t, axis) for t in tensors])
    me = context.replica_id_in_sync_group
    strategy = context.strategy
    lengths = [shape(t)[0] for t in tensors]
    slots = [pad(expand_dims(length, 0), [[me, n - 1 - me]]) for length in lengths]
    all_lengths = strategy._all_reduce(ReduceOp.SUM, slots, context)
    buffers = []
    for t, length, every in zip(tensors, lengths, all_lengths):
        rows = stack([[me, n - 1 - me], stack([0, reduce_max(every) - length])]
                     + [[0, 0]] * (t.shape.rank - 1))
        buffers.append(pad(expand_dims(_summable(t), 0), rows))
    summed = strategy._all_reduce(ReduceOp.SUM, buffers, context)
    gathered = [concat([buffer[i, :every[i]] for i in range(n)], 0)
                for buffer, every in zip(summed, all_lengths)]
    return pack_sequence_as(value, [_axis_back(cast(g, t.dtype), axis)
                                    for g, t in zip(gathered, tensors)])


def _axis_first(tensor: Any, axis: int) -> Any:
    rank = tensor.shape.rank
    if rank is None:
        raise ValueError(f"all_gather needs tensors of known rank; {tensor!r} has none.")
    if rank == 0:
        raise ValueError(f"all_gather needs tensors with at least one axis; got the scalar "
                         f"{tensor!r}.")
    if not -rank <= axis < rank:
        raise ValueError(f"all_gather's axis {axis} is out of range for a tensor of rank "
                         f"{rank}.")
    axis %= rank
    if axis == 0:
        return tensor
    return transpose(tensor, [axis, *range(axis), *range(axis + 1, rank)])


def _axis_back(tensor: Any, axis: int) -> Any:
    rank = tensor.shape.rank
    axis %= rank
    if axis == 0:
        return tensor
    return transpose(tensor, [*range(1, axis + 1), 0, *range(axis + 1, rank)])


def _summable(tensor: Any) -> Any:
    """`tensor` in a type whose sum with zeros gives it back."""
    if tensor.dtype == dtypes.string:
        raise TypeError("all_gather cannot gather strings: it sums the replicas' values.")
    return cast(tensor, dtypes.int32) if tensor.dtype == dtypes.bool_ else tensor
