"""`ag.keras.losses`: loss classes (`MeanSquaredError`, ...) and per-sample loss functions
(`mean_squared_error`, ...)."""

from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.train.losses import *  # noqa: F403
from autograph.runtime.train.losses import __all__  # noqa: F401


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


_filter_exports(globals())  # errors show the user's frames
