"""`ag.config.optimizer`: the graph optimiser's options, as `tf.config.optimizer`."""

from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.exec.optimize.options import (
    get_experimental_options,
    set_experimental_options,
)

__all__ = ["get_experimental_options", "set_experimental_options"]


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


_filter_exports(globals())  # errors show the user's frames
