"""`ag.config`: devices and placement settings."""

from runtime.core.devices import (get_soft_device_placement, list_physical_devices,  # noqa: F401
                             set_soft_device_placement)
from runtime.function.function import functions_run_eagerly, run_functions_eagerly  # noqa: F401

from autograph.tracebacks import filter_exports as _filter_exports  # noqa: E402

_filter_exports(globals())  # errors show the user's frames
