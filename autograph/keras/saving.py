"""`ag.keras.saving`: Keras 3's model files (`save_model` / `load_model`, `.keras`), configs
(`serialize_keras_object` / `deserialize_keras_object`) and the registry of custom classes."""

from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.train.keras.loading import load_model
from autograph.runtime.train.keras.model_files import save_model
from autograph.runtime.train.keras.saving import (
    get_registered_name,
    get_registered_object,
    register_keras_serializable,
)
from autograph.runtime.train.keras.serialization import deserialize as deserialize_keras_object
from autograph.runtime.train.keras.serialization import serialize as serialize_keras_object

__all__ = ["deserialize_keras_object", "get_registered_name", "get_registered_object",
           "load_model", "register_keras_serializable", "save_model", "serialize_keras_object"]


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


_filter_exports(globals())  # errors show the user's frames
