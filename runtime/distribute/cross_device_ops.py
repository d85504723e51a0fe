"""How replicas' values meet, as TensorFlow names the choices: `ReductionToOneDevice`,
`HierarchicalCopyAllReduce`, `NcclAllReduce` (`MirroredStrategy(cross_device_ops=...)`), and
`experimental.CommunicationOptions` (`MultiWorkerMirroredStrategy(communication_options=...)`).

TensorFlow picks an all-reduce algorithm by them (NCCL between GPUs, copies along a hierarchy
of GPUs, or a sum on one device). Here the replicas of one process always meet the same way, a
sum on the first replica's device copied back to each, so these objects are accepted and
kept, and change nothing.

>>> ReductionToOneDevice(reduce_to_device="/cpu:0").reduce_to_device
'/cpu:0'
"""

from __future__ import annotations

import enum
from typing import Any

from autograph.runtime.ops.math.ops import add_n

__all__ = ["CrossDeviceOps", "ReductionToOneDevice", "HierarchicalCopyAllReduce",
           "NcclAllReduce", "CommunicationImplementation", "CommunicationOptions"]


class CrossDeviceOps:
    """The base of the all-reduce choices of `MirroredStrategy`."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__}>"


class ReductionToOneDevice(CrossDeviceOps):
    """Sums on one device (`reduce_to_device`, default the first replica's) and copies back."""

    def __init__(self, reduce_to_device: str | None = None, accumulation_fn: Any = None):
        self.reduce_to_device = reduce_to_device
        self.accumulation_fn = accumulation_fn or add_n


class _Packed(CrossDeviceOps):
    def __init__(self, num_packs: int = 1):
        if num_packs < 0:
            raise ValueError(f"NCCL all-reduce requires num_packs >= 0, but {num_packs} is "
                             f"specified")
        self._num_packs = num_packs  # private, as in TensorFlow


class HierarchicalCopyAllReduce(_Packed):
    """TensorFlow's all-reduce along a hierarchy of GPU copies (for GPUs without NVLink)."""


class NcclAllReduce(_Packed):
    """TensorFlow's all-reduce with NVIDIA's NCCL (its default between GPUs)."""


class CommunicationImplementation(enum.Enum):
    """Which collective implementation workers use: `AUTO`, `RING` or `NCCL`."""

    AUTO = "AUTO"
    RING = "RING"
    NCCL = "NCCL"


class CommunicationOptions:
    """Options of cross-worker collectives: pack size, timeout, implementation (a
    `CommunicationImplementation`, or its name in any case)."""

    def __init__(self, bytes_per_pack: int = 0, timeout_seconds: float | None = None,
                 implementation: CommunicationImplementation = CommunicationImplementation.AUTO):
        if bytes_per_pack < 0:
            raise ValueError(f"Argument `bytes_per_pack` must be >=0, Received "
                             f"{bytes_per_pack}.")
        if isinstance(implementation, str):
            implementation = CommunicationImplementation(implementation.upper())
        if not isinstance(implementation, CommunicationImplementation):
            raise ValueError("Argument `implementation` must be instance of "
                             "`tf.distribute.experimental.CommunicationImplementation`.")
        self.bytes_per_pack = bytes_per_pack
        self.timeout_seconds = timeout_seconds
        self.implementation = implementation
