"""`ag.keras.models`: `Sequential`, `Model`, and Keras 3's model files: `save_model` /
`load_model` (`.keras`)."""

from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.train.keras.loading import load_model
from autograph.runtime.train.keras.model import Model
from autograph.runtime.train.keras.model_files import save_model
from autograph.runtime.train.keras.sequential import Sequential

__all__ = ["Model", "Sequential", "load_model", "save_model"]


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


_filter_exports(globals())  # errors show the user's frames
