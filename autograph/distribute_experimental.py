"""`ag.distribute.experimental`: collective options and `CentralStorageStrategy`, as
`tf.distribute.experimental`, and `RayStrategy` (replicas on Ray workers)."""

from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.distribute.cross_device_ops import (
    CommunicationImplementation,
    CommunicationOptions,
)
from autograph.runtime.distribute.local_strategies import CentralStorageStrategy

__all__ = ["CentralStorageStrategy", "CommunicationImplementation", "CommunicationOptions",
           "RayStrategy"]  # noqa: F822 (imported on first use, below)


def __getattr__(name: str) -> object:
    """`RayStrategy`, imported on first use (it imports Ray's serialisation)."""
    if name == "RayStrategy":
        from autograph.runtime.distribute.ray_strategy import RayStrategy
        globals()[name] = RayStrategy
        return RayStrategy
    raise AttributeError(f"module 'autograph.distribute.experimental' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


_filter_exports(globals())  # errors show the user's frames
