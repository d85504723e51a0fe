"""`ag.config`: devices and placement settings, and threads (`ag.config.threading`)."""

from autograph import config_threading as threading  # noqa: F401
from autograph.tracebacks import filter_exports as _filter_exports  # noqa: E402
from runtime.core.devices import (  # noqa: F401
    get_soft_device_placement,
    list_physical_devices,
    set_soft_device_placement,
)
from runtime.function.function import functions_run_eagerly, run_functions_eagerly  # noqa: F401

_filter_exports(globals())  # errors show the user's frames
