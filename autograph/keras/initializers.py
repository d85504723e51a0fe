"""`ag.keras.initializers`: Keras's initializers by class and by name (`glorot_uniform`,
`he_normal`, `zeros`, `ones`, ...), with Keras's defaults."""

from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.train.keras.initializers import *  # noqa: F403
from autograph.runtime.train.keras.initializers import __all__  # noqa: F401


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


_filter_exports(globals())  # errors show the user's frames
