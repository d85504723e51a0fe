"""What the layers below the strategies need to know of replicas: how many run each step in
sync, and whether code runs in a strategy's cross-replica context. `runtime.distribute`
installs the answers when imported; until then there is one replica and no strategy.

>>> num_replicas_in_sync()
1
"""

from __future__ import annotations

from typing import Any, Callable

__all__ = ["num_replicas_in_sync", "in_cross_replica_context_of_a_strategy",
           "replica_context_of_several", "install"]

_hooks: dict[str, Callable[[], Any]] = {
    "num_replicas_in_sync": lambda: 1,
    "in_cross_replica_context_of_a_strategy": lambda: False,
    "replica_context_of_several": lambda: None,
}


def num_replicas_in_sync() -> int:
    """The replicas of the current strategy (1 without one)."""
    return int(_hooks["num_replicas_in_sync"]())


def in_cross_replica_context_of_a_strategy() -> bool:
    """Whether code runs inside a strategy's `scope()` but outside its `run`."""
    return bool(_hooks["in_cross_replica_context_of_a_strategy"]())


def replica_context_of_several() -> Any:
    """The `ReplicaContext` of the replica running this code when its strategy runs several
    (its `all_reduce`, `merge_call` and `strategy`), else None."""
    return _hooks["replica_context_of_several"]()


def install(num_replicas: Callable[[], int], in_cross_replica: Callable[[], bool],
            replica_context: Callable[[], Any]) -> None:
    """Sets where the answers come from (the strategy layer calls it once)."""
    _hooks["num_replicas_in_sync"] = num_replicas
    _hooks["in_cross_replica_context_of_a_strategy"] = in_cross_replica
    _hooks["replica_context_of_several"] = replica_context
