"""`ag.keras`: Keras's layers, losses, metrics, initializers, activations, callbacks,
`Sequential` and functional models and their `.keras` files (`models`, `saving`),
`utils.PyDataset` and `preprocessing.image`'s `ImageDataGenerator`; `ag.keras.optimizers` is
`ag.optimizers`.

>>> import autograph as ag
>>> model = ag.keras.Sequential([ag.keras.layers.Dense(1, kernel_initializer="ones")])
>>> model.predict(ag.constant([[1.0, 2.0]]), verbose=0)
array([[3.]], dtype=float32)
"""

import sys as _sys

from autograph import optimizers
from autograph.impl.coverage import install_namespace as _install_namespace
from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.keras import (
    activations,
    callbacks,
    initializers,
    layers,
    losses,
    metrics,
    models,
    preprocessing,
    regularizers,
    saving,
    utils,
)
from autograph.runtime.saving import keras_export as _keras_export  # noqa: F401  (Model.export)
from autograph.runtime.train.keras.model import Input, Model
from autograph.runtime.train.keras.sequential import Sequential

__all__ = ["Input", "Model", "Sequential", "activations", "callbacks", "initializers", "layers",
           "losses", "metrics", "models", "optimizers", "preprocessing", "regularizers",
           "saving", "utils"]


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


_filter_exports(globals())  # errors show the user's frames
_install_namespace(_sys.modules[__name__])  # loaded on first use: autograph/__init__.py
