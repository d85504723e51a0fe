"""The file methods every Keras model has: `save` (a `.keras` file), `save_weights` /
`load_weights` (Keras 3's `.weights.h5`, or a checkpoint) and `export` (an inference artifact:
a saved model or an ONNX file, by the exporters the saving layer installs)."""

from __future__ import annotations

import io
import os
from typing import Any

from autograph.runtime.train.checkpoint import Checkpoint
from autograph.runtime.train.keras import h5_weights, model_files

__all__ = ["EXPORT_FORMATS", "ModelFiles"]

# Format name -> exporter(model, filepath, verbose, input_signature), installed by the saving
# layer (runtime/saving/keras_export.py), which sits above this one.
EXPORT_FORMATS: dict[str, Any] = {}



class ModelFiles:
    """`save`, `save_weights`, `load_weights` and `export` of a Keras model (a `Trainer`)."""

    def export(self, filepath: Any, format: str = "tf_saved_model", verbose: bool = True,
               input_signature: Any = None) -> None:
        """Writes an inference-only artifact of the model, as Keras 3: a saved model whose
        `serve` runs the model (`ag.saved_model.load(filepath).serve(x)`), or with
        `format="onnx"` an ONNX file.

        Raises:
            ValueError: an unknown format, or a model not built and no `input_signature`.
        """
        exporter = EXPORT_FORMATS.get(format)
        if exporter is None:
            raise ValueError(f"export: format {format!r} is not supported; use one of "
                             f"{sorted(EXPORT_FORMATS)}.")
        exporter(self, filepath, verbose, input_signature)

    def save(self, filepath: Any, overwrite: bool = True) -> None:
        """Writes the model to a Keras 3 `.keras` file: its config, its compile config and
        its weights (with the optimizer's state); `ag.keras.models.load_model` reads it, and
        so does Keras 3 for models of layers it has.

        Raises:
            ValueError: a name not ending in `.keras`, or a model not built yet.
            FileExistsError: the file exists and `overwrite` is False.
        """
        model_files.save_model(self, filepath, overwrite)

    def save_weights(self, filepath: Any, overwrite: bool = True) -> None:
        """Writes the weights (and the optimizer's state): Keras 3's HDF5 weights file for a
        name ending in `.weights.h5` (needs h5py), else a TensorFlow checkpoint with that
        prefix.

        Raises:
            ValueError: a `.h5`/`.hdf5`/`.keras` name not ending in `.weights.h5`, or a model
                not built yet.
        """
        path = model_files.check_weights_path(filepath, "save_weights")
        if not model_files.is_weights_h5(path):
            Checkpoint(model=self).write(path)
            return
        if not self.built:  # type: ignore[attr-defined]
            raise ValueError(f"save_weights: model {self.name!r} is not built yet, so it has "  # type: ignore[attr-defined]
                             f"no weights: call it on data, build(input_shape) it or fit it first.")
        buffer = io.BytesIO()
        h5_weights.write_weights(self, buffer)  # type: ignore[arg-type]
        model_files.write_atomically(path, buffer.getvalue(), overwrite, "save_weights")

    def load_weights(self, filepath: Any) -> None:
        """Reads weights written by `save_weights` (here or by Keras 3, `.weights.h5`). A
        model not built yet is built from the input shape our `.weights.h5` files record.

        Raises:
            ValueError: the file's layers or weight shapes do not match the model's, or an
                unbuilt model and a file that does not say how to build it.
        """
        path = model_files.check_weights_path(filepath, "load_weights")
        if not model_files.is_weights_h5(path):
            Checkpoint(model=self).read(path).expect_partial()
            return
        if not os.path.exists(path):
            raise FileNotFoundError(f"load_weights: no such file: {path!r}.")
        try:
            if not self.built:  # type: ignore[attr-defined]
                shape = h5_weights.stored_build_shape(path)
                if shape is None:
                    raise ValueError(
                        f"load_weights: model {self.name!r} is not built yet and "  # type: ignore[attr-defined]
                        f"{path!r} does not record an input shape: build it first "
                        f"(call it on data or build(input_shape)).")
                self.build_from_config({"input_shape": shape})  # type: ignore[attr-defined]
            h5_weights.read_weights(self, path, f"load_weights({path!r})")  # type: ignore
        except OSError as error:
            raise ValueError(f"load_weights: {path!r} is not a valid HDF5 weights file: "
                             f"{error}") from None
