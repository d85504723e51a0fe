"""`PerReplica`: one value for each replica, as `Strategy.run` returns them, and the helpers
that take a structure of values apart by replica (`select_replica`) and put the replicas'
structures back together (`regroup`).

A `PerReplica` of tensors is a composite value: a traced function may take one as an argument
(traced by the types of its values) and return one.

>>> PerReplica((1, 2))
PerReplica:{
  0: 1,
  1: 2
}
>>> regroup([(1, "same"), (2, "same")])
(PerReplica:{
  0: 1,
  1: 2
}, 'same')
"""

from __future__ import annotations

from typing import Any, Sequence

from autograph.runtime.function.trace_type import TraceType, TupleType, from_value
from autograph.runtime.graph.func_graph import assert_same_structure, flatten, pack_sequence_as

__all__ = ["PerReplica", "PerReplicaType", "local_results", "regroup", "select_replica"]


class PerReplica:
    """The values of the replicas, in replica order (`values`)."""

    def __init__(self, values: Sequence[Any]):
        self.values = tuple(values)

    # The composite protocol: a traced function returns a PerReplica's values as its outputs.
    def _components(self) -> list[Any]:
        return list(self.values)

    def _from_components(self, components: Sequence[Any]) -> PerReplica:
        return PerReplica(components)

    def __tf_tracing_type__(self, context: Any) -> PerReplicaType:
        values_type = from_value(self.values, context)
        assert isinstance(values_type, TupleType)
        return PerReplicaType(values_type)

    def __repr__(self) -> str:
        lines = ",\n".join(f"  {i}: {value!r}" for i, value in enumerate(self.values))
        return f"PerReplica:{{\n{lines}\n}}"

    def __str__(self) -> str:
        lines = ",\n".join(f"  {i}: {value!s}" for i, value in enumerate(self.values))
        return f"PerReplica:{{\n{lines}\n}}"


class PerReplicaType(TraceType):
    """The trace type of a `PerReplica`: the types of its values, in replica order."""

    __slots__ = ("values_type",)

    def __init__(self, values_type: TupleType):
        self.values_type = values_type

    def is_subtype_of(self, other: Any) -> bool:
        return type(other) is PerReplicaType and self.values_type.is_subtype_of(other.values_type)

    def most_specific_common_supertype(self, others: Sequence[Any]) -> TraceType | None:
        if any(type(other) is not PerReplicaType for other in others):
            return None
        found = self.values_type.most_specific_common_supertype(
            [other.values_type for other in others])
        return None if found is None else PerReplicaType(found)  # type: ignore[arg-type]

    def placeholder_value(self, placeholder_context: Any = None) -> PerReplica:
        return PerReplica(self.values_type.placeholder_value(placeholder_context))

    def to_tensors(self, value: Any) -> list:
        return self.values_type.to_tensors(value.values)

    def describe(self) -> str:
        return f"PerReplica{self.values_type.describe()}"

    def __eq__(self, other: Any) -> bool:
        return type(other) is PerReplicaType and other.values_type == self.values_type

    def __hash__(self) -> int:
        return hash((PerReplicaType, self.values_type))

    def __repr__(self) -> str:
        return f"PerReplicaType({self.values_type!r})"


def local_results(value: Any) -> tuple:
    """The values of this worker's replicas: a PerReplica's values, a distributed variable's
    copies, else `(value,)`."""
    if isinstance(value, PerReplica):
        return value.values
    copies = getattr(value, "_replica_copies", None)
    return tuple(copies) if copies is not None else (value,)


def select_replica(replica_id: int, structure: Any) -> Any:
    """`structure` as replica `replica_id` sees it: each PerReplica replaced by its value."""
    leaves = flatten(structure)
    if not any(isinstance(leaf, PerReplica) for leaf in leaves):
        return structure
    return pack_sequence_as(structure, [leaf.values[replica_id] if isinstance(leaf, PerReplica)
                                        else leaf for leaf in leaves])


def regroup(per_replica: Sequence[Any]) -> Any:
    """The replicas' results (one structure each, alike) as one structure whose leaves are
    PerReplica values, or the leaf itself where every replica gave the same object.

    Raises:
        ValueError: the replicas' structures differ.
    """
    if len(per_replica) == 1:
        return per_replica[0]
    for result in per_replica[1:]:
        try:
            assert_same_structure(per_replica[0], result)
        except ValueError as error:
            raise ValueError(f"The replicas returned structures that differ ({error}): "
                             f"{', '.join(repr(result) for result in per_replica)}.") from None
    flats = [flatten(result) for result in per_replica]
    leaves = []
    for values in zip(*flats):
        same = all(value is values[0] for value in values)
        leaves.append(values[0] if same else PerReplica(values))
    return pack_sequence_as(per_replica[0], leaves)
