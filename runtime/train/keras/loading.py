"""`load_model`: a model made again from a `.keras` file, ours or one Keras 3 wrote.

The model is rebuilt from `config.json` (each layer's class found by name among ours, the
user's `custom_objects` and the registered classes), built from its build configs, compiled
again from its compile config when asked, and its weights, and the optimizer's state, read
from `model.weights.h5`. Nothing stored in the file runs: no pickle, no code.

This module imports every layer and model module, so that their classes are known by name.
"""

from __future__ import annotations

import os
from typing import Any

from autograph.runtime.train.keras import (  # noqa: F401  (registers the classes by name)
    conv_layers,
    h5_weights,
    layers,
    model,
    sequential,
)
from autograph.runtime.train.keras.model_files import read_model_file
from autograph.runtime.train.keras.serialization import deserialize, loading_scope

__all__ = ["load_model"]


def load_model(filepath: Any, custom_objects: dict | None = None, compile: bool = True,
               safe_mode: bool = True) -> Any:
    """The model saved in the `.keras` file `filepath`, weights restored.

    Args:
        filepath: a `.keras` file (written by `model.save` here or by Keras 3).
        custom_objects: `{name: class or function}` for the custom layers, models and
            functions the file names (or register them with
            `ag.keras.saving.register_keras_serializable`).
        compile: compile the model again as it was compiled (optimizer, loss, metrics).
        safe_mode: Keras's switch for loading stored code (`Lambda` layers); nothing here
            ever runs stored code, so a file that needs it cannot be loaded either way.

    Raises:
        FileNotFoundError: no such file.
        ValueError: not a `.keras` file, a corrupt one, a class not found, or weights that do
            not fit the model.
    """
    path = os.fspath(filepath)
    config, weights = read_model_file(path)
    with loading_scope(custom_objects):
        try:
            model = deserialize(config)
        except (ValueError, TypeError, KeyError, NotImplementedError) as error:
            raise ValueError(f"load_model: cannot make the model of {path!r} again: "
                             f"{error}") from None
        compile_config = config.get("compile_config")
        if compile and compile_config:
            try:
                model.compile_from_config(compile_config)
            except (ValueError, TypeError) as error:
                raise ValueError(f"load_model: cannot compile the model of {path!r} as it was "
                                 f"compiled: {error} Load it with compile=False and compile "
                                 f"it yourself.") from None
    try:
        source = h5_weights.as_file(weights)
        h5_weights.read_weights(model, source, f"load_model({path!r})")
    except OSError as error:
        raise ValueError(f"load_model: the weights in {path!r} (model.weights.h5) are not a "
                         f"valid HDF5 file: {error}") from None
    return model
