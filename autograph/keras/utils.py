"""`ag.keras.utils`: `PyDataset` (also `Sequence`), batches by index for `fit`, `evaluate`
and `predict`."""

from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.train.keras.py_dataset import PyDataset, Sequence

__all__ = ["PyDataset", "Sequence"]


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


_filter_exports(globals())  # errors show the user's frames
