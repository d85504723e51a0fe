"""`ag.keras.metrics`: `Mean`, `Accuracy`, `BinaryAccuracy`, `CategoricalAccuracy`,
`SparseCategoricalAccuracy` and their per-sample functions."""

from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.train.metrics import *  # noqa: F403
from autograph.runtime.train.metrics import __all__  # noqa: F401


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


_filter_exports(globals())  # errors show the user's frames
