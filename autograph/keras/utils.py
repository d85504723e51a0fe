"""`ag.keras.utils`: `PyDataset` (also `Sequence`), batches by index for `fit`, `evaluate`
and `predict`; `set_random_seed`, one seed for Python, NumPy and autograph."""

from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.train.keras.py_dataset import PyDataset, Sequence
from autograph.runtime.train.keras.rng_utils import set_random_seed

__all__ = ["PyDataset", "Sequence", "set_random_seed"]


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


_filter_exports(globals())  # errors show the user's frames
