"""`ag.keras.layers`: `Dense`, `Conv2D`, `MaxPooling2D`, `Flatten`, `Dropout`, the merge
layers (`Add`, `Concatenate`, ...), `Input` and `InputLayer`, and the base `Layer`."""

from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.train.keras.base_layer import Layer
from autograph.runtime.train.keras.conv_layers import Conv2D, MaxPooling2D
from autograph.runtime.train.keras.layers import Dense, Dropout, Flatten
from autograph.runtime.train.keras.merge_layers import (
    Add,
    Average,
    Concatenate,
    Maximum,
    Minimum,
    Multiply,
    Subtract,
)
from autograph.runtime.train.keras.model import Input, InputLayer

__all__ = ["Layer", "Dense", "Conv2D", "MaxPooling2D", "Flatten", "Dropout", "Input",
           "InputLayer", "Add", "Average", "Concatenate", "Maximum", "Minimum", "Multiply",
           "Subtract"]


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


_filter_exports(globals())  # errors show the user's frames
