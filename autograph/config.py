"""`ag.config`: devices and placement settings."""

from runtime.devices import (get_soft_device_placement, list_physical_devices,  # noqa: F401
                             set_soft_device_placement)
