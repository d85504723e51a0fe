"""`ag.keras.activations`: Keras's activation functions, with Keras's arguments
(`relu(x, negative_slope=0.0, max_value=None, threshold=0.0)`, `elu(x, alpha=1.0)`, ...), and
`get` / `serialize` by name."""

from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.train.keras.activations import *  # noqa: F403
from autograph.runtime.train.keras.activations import __all__  # noqa: F401


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


_filter_exports(globals())  # errors show the user's frames
