"""`ag.keras.preprocessing`: `image`, Keras's image files and `ImageDataGenerator`."""

from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.keras.preprocessing import image

__all__ = ["image"]


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


_filter_exports(globals())  # errors show the user's frames
