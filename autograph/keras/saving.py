"""`ag.keras.saving`: the registry of custom Keras classes."""

from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.train.keras.saving import (
    get_registered_name,
    get_registered_object,
    register_keras_serializable,
)

__all__ = ["get_registered_name", "get_registered_object", "register_keras_serializable"]


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


_filter_exports(globals())  # errors show the user's frames
