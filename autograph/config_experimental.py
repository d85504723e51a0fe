"""`ag.config.experimental`: a GPU's memory growth setting, and the older names of the logical
device configuration (`VirtualDeviceConfiguration`), as `tf.config.experimental`."""

from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.core.devices import (
    LogicalDeviceConfiguration,
    get_logical_device_configuration,
    get_memory_growth,
    list_logical_devices,
    list_physical_devices,
    set_logical_device_configuration,
    set_memory_growth,
)

VirtualDeviceConfiguration = LogicalDeviceConfiguration
set_virtual_device_configuration = set_logical_device_configuration
get_virtual_device_configuration = get_logical_device_configuration

__all__ = ["VirtualDeviceConfiguration", "get_memory_growth", "get_virtual_device_configuration",
           "list_logical_devices", "list_physical_devices", "set_memory_growth",
           "set_virtual_device_configuration"]


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


_filter_exports(globals())  # errors show the user's frames
