"""`PerReplica`: one value for each replica, as `Strategy.run` returns them.

>>> PerReplica((1, 2))
PerReplica:{
  0: 1,
  1: 2
}
"""

from __future__ import annotations

from typing import Any

__all__ = ["PerReplica", "local_results"]


class PerReplica:
    """The values of the replicas, in replica order (`values`)."""

    def __init__(self, values: tuple | list):
        self.values = tuple(values)

    def __repr__(self) -> str:
        lines = ",\n".join(f"  {i}: {value!r}" for i, value in enumerate(self.values))
        return f"PerReplica:{{\n{lines}\n}}"


def local_results(value: Any) -> tuple:
    """The values of this worker's replicas: a PerReplica's values, else `(value,)`."""
    return value.values if isinstance(value, PerReplica) else (value,)
