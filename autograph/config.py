"""`ag.config`: devices and placement settings, threads (`ag.config.threading`), and the graph
optimiser's options.

`ag.config.optimizer.set_experimental_options({...})` / `get_experimental_options()` switch the
graph passes by TensorFlow's option names (`constant_folding`, `arithmetic_optimization`,
`dependency_optimization`, `disable_model_pruning`, ...); they apply to plans made afterwards.

>>> import autograph as ag
>>> ag.config.optimizer.set_experimental_options({"constant_folding": False})
>>> ag.config.optimizer.get_experimental_options()["constant_folding"]
False
>>> ag.config.optimizer.set_experimental_options({"constant_folding": True})
"""

from autograph import config_experimental as experimental  # noqa: F401
from autograph import config_optimizer as optimizer  # noqa: F401
from autograph import config_threading as threading  # noqa: F401
from autograph.impl.tracebacks import filter_exports as _filter_exports  # noqa: E402
from autograph.runtime.core.devices import (  # noqa: F401
    LogicalDevice,
    LogicalDeviceConfiguration,
    get_logical_device_configuration,
    get_soft_device_placement,
    list_logical_devices,
    list_physical_devices,
    set_logical_device_configuration,
    set_soft_device_placement,
)
from autograph.runtime.function.function import functions_run_eagerly, run_functions_eagerly  # noqa: F401

_filter_exports(globals())  # errors show the user's frames
