"""Strategies that TensorFlow runs across workers or with variables on one device, here on
the devices of this process: `MultiWorkerMirroredStrategy` (one worker: TensorFlow's own
behaviour without a `TF_CONFIG` naming others) and `CentralStorageStrategy`.

Both replicate like `MirroredStrategy`. A `CentralStorageStrategy` keeps its variables'
copies on the replicas' devices rather than one copy on a parameter device: the values, and
so every result, are the same.

>>> MultiWorkerMirroredStrategy().num_replicas_in_sync
1
"""

from __future__ import annotations

import json
import os
from typing import Any

from autograph.runtime.distribute.cross_device_ops import CommunicationOptions
from autograph.runtime.distribute.mirrored_strategy import MirroredStrategy

__all__ = ["MultiWorkerMirroredStrategy", "CentralStorageStrategy"]


class MultiWorkerMirroredStrategy(MirroredStrategy):
    """Synchronous training over workers, here the one worker of this process: its GPUs,
    else its CPU.

    Args:
        cluster_resolver: accepted for TensorFlow's signature; must be None.
        communication_options: a `CommunicationOptions` (kept; changes nothing here).

    Raises:
        ValueError: `TF_CONFIG` names a cluster of several workers, or a cluster resolver
            is given: training across processes is not supported by this strategy.
    """

    def __init__(self, cluster_resolver: Any = None,
                 communication_options: CommunicationOptions | None = None):
        workers = _workers_in_tf_config()
        if cluster_resolver is not None or workers > 1:
            where = ("a cluster_resolver was given" if cluster_resolver is not None
                     else f"TF_CONFIG names {workers} workers")
            raise ValueError(f"MultiWorkerMirroredStrategy runs one worker, this process, "
                             f"but {where}. Unset TF_CONFIG to train on this process's "
                             f"devices.")
        super().__init__()
        self.communication_options = communication_options or CommunicationOptions()


class CentralStorageStrategy(MirroredStrategy):
    """Replicas on `compute_devices` (default: every GPU, else the CPU) with variables meant
    for `parameter_device` (see the module docstring)."""

    def __init__(self, compute_devices: Any = None, parameter_device: str | None = None):
        super().__init__(compute_devices)
        self.parameter_device = parameter_device


def _workers_in_tf_config() -> int:
    text = os.environ.get("TF_CONFIG")
    if not text:
        return 1
    try:
        cluster = json.loads(text).get("cluster", {})
    except (ValueError, AttributeError):
        raise ValueError(f"TF_CONFIG is not a JSON object with a `cluster`: {text!r}.") from None
    return sum(len(cluster.get(job, [])) for job in ("chief", "worker")) or 1
