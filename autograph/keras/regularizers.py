"""`ag.keras.regularizers`: weight penalties (`L1`, `L2`, `L1L2`) for a layer's
`kernel_regularizer` and `bias_regularizer`."""

from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.train.keras.regularizers import L1, L1L2, L2, Regularizer, get, serialize

l1, l2, l1_l2 = L1, L2, L1L2  # Keras's lowercase aliases

__all__ = ["L1", "L1L2", "L2", "Regularizer", "get", "l1", "l1_l2", "l2", "serialize"]


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


_filter_exports(globals())  # errors show the user's frames
