"""`ag.distribute.experimental`: collective options and `CentralStorageStrategy`, as
`tf.distribute.experimental`."""

from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.distribute.cross_device_ops import (
    CommunicationImplementation,
    CommunicationOptions,
)
from autograph.runtime.distribute.local_strategies import CentralStorageStrategy

__all__ = ["CentralStorageStrategy", "CommunicationImplementation", "CommunicationOptions"]


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


_filter_exports(globals())  # errors show the user's frames
