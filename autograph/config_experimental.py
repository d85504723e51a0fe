"""`ag.config.experimental`: a GPU's memory growth setting, as `tf.config.experimental`."""

from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.core.devices import (
    get_memory_growth,
    list_physical_devices,
    set_memory_growth,
)

__all__ = ["get_memory_growth", "list_physical_devices", "set_memory_growth"]


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


_filter_exports(globals())  # errors show the user's frames
