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

from types import ModuleType as _ModuleType

from autograph import config_threading as threading  # noqa: F401
from autograph.impl.tracebacks import filter_exports as _filter_exports  # noqa: E402
from autograph.runtime.core.devices import (  # noqa: F401
    get_soft_device_placement,
    list_physical_devices,
    set_soft_device_placement,
)
from autograph.runtime.exec.optimize import options as _optimizer_options
from autograph.runtime.function.function import functions_run_eagerly, run_functions_eagerly  # noqa: F401

optimizer = _ModuleType(
    "autograph.config.optimizer",
    "The graph optimiser's options, as `tf.config.optimizer`: `set_experimental_options`, "
    "`get_experimental_options`.")
optimizer.__dict__.update(
    set_experimental_options=_optimizer_options.set_experimental_options,
    get_experimental_options=_optimizer_options.get_experimental_options,
    __all__=["set_experimental_options", "get_experimental_options"])

_filter_exports(globals())  # errors show the user's frames
_filter_exports(optimizer.__dict__)
