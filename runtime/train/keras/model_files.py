"""Keras 3's model file, `.keras`: a zip of `metadata.json`, `config.json` (the model's
serialized config, with its build and compile configs) and `model.weights.h5` (`h5_weights`);
and `.weights.h5` files of weights alone.

The contract, as Keras 3 reads and writes it: `metadata.json` names the Keras version whose
layout the file follows (`keras_version`, 3.x; we write the version we were checked
against); `config.json` is `{"module", "class_name", "config", "registered_name",
"build_config", "compile_config"}`; the zip's CRCs guard the members. A file is written to a
temporary file in the same directory and renamed, so a crash never leaves half a file under
the name. The reader refuses, with one error, what is not such a zip: another suffix, a
corrupt or truncated zip, a missing member, a Keras 2 file, JSON that does not parse.
"""

from __future__ import annotations

import datetime
import io
import json
import os
import zipfile
from typing import Any

from autograph.runtime.train.checkpoint_io import atomic_write
from autograph.runtime.train.keras import h5_weights
from autograph.runtime.train.keras.serialization import serialize

__all__ = ["KERAS_VERSION", "save_model", "read_model_file", "write_atomically",
           "check_weights_path", "is_weights_h5"]

KERAS_VERSION = "3.15.1"  # the Keras whose file layout we write and were checked against
_CONFIG, _METADATA, _WEIGHTS = "config.json", "metadata.json", "model.weights.h5"
_LEGACY = (".h5", ".hdf5")


def write_atomically(path: str, data: bytes, overwrite: bool, method: str) -> None:
    """Writes `data` to a temporary file beside `path`, then renames it to `path`; `method`
    names the call in errors.

    Raises:
        FileExistsError: `path` exists and `overwrite` is False.
    """
    path = os.fspath(path)
    if not overwrite and os.path.exists(path):
        raise FileExistsError(f"{method}: {path!r} exists already; pass overwrite=True to "
                              f"replace it.")
    atomic_write(path, lambda f: f.write(data))  # the umask's mode, as Keras's files get


def is_weights_h5(path: Any) -> bool:
    return os.fspath(path).endswith(".weights.h5")


def check_weights_path(path: Any, method: str) -> str:
    """`.weights.h5` for Keras 3's weights file, another name without an HDF5 or `.keras`
    suffix for a TensorFlow checkpoint prefix (`save_weights("ckpt/model")`).

    Raises:
        ValueError: a `.h5`/`.hdf5` name without `.weights`, or a `.keras` name.
    """
    path = os.fspath(path)
    if path.endswith(".keras"):
        raise ValueError(f"{method}: {path!r} is a model file name; use model.save({path!r}) "
                         f"and ag.keras.models.load_model, or a name ending in .weights.h5.")
    if path.endswith(_LEGACY) and not is_weights_h5(path):
        verb = "reads" if method == "load_weights" else "writes"
        raise ValueError(f"{method}: the file name must end in .weights.h5 (Keras 3's weights "
                         f"file), got {path!r}; Keras 2's HDF5 layout is not supported. A "
                         f"name without a suffix {verb} a TensorFlow checkpoint.")
    return path


def config_json(model: Any) -> str:
    """The model's config and compile config as JSON, as a `.keras` file and Keras' `to_json`
    write it."""
    serialized = serialize(model)
    compile_config = model.get_compile_config()
    serialized["compile_config"] = compile_config
    return json.dumps(serialized, indent=None, default=_json_default)


def _json_default(value: Any) -> Any:
    if hasattr(value, "tolist"):  # NumPy scalars and arrays in a config
        return value.tolist()
    raise TypeError(f"Cannot write {value!r} ({type(value).__name__}) in a model's config: "
                    f"configs hold numbers, strings, lists and dicts.")


def save_model(model: Any, filepath: Any, overwrite: bool = True) -> None:
    """Writes `model` to a `.keras` file (see the module docstring).

    Raises:
        ValueError: another suffix, or a model not built yet (it has no weights to write).
    """
    path = os.fspath(filepath)
    if not path.endswith(".keras"):
        hint = (" Keras 2's HDF5 model files are not supported." if path.endswith(_LEGACY)
                else "")
        raise ValueError(f"model.save: the file name must end in .keras (Keras 3's model "
                         f"file), got {path!r}.{hint} For weights alone use "
                         f"save_weights('name.weights.h5').")
    if not model.built:
        raise ValueError(f"model.save: model {model.name!r} is not built yet, so it has no "
                         f"weights: call it on data, build(input_shape) it or fit it first.")
    config = config_json(model)
    weights = io.BytesIO()
    h5_weights.write_weights(model, weights)
    metadata = json.dumps({"keras_version": KERAS_VERSION, "date_saved": datetime.datetime.now(
        ).strftime("%Y-%m-%d@%H:%M:%S")})
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_STORED) as zf:
        zf.writestr(_METADATA, metadata)
        zf.writestr(_CONFIG, config)
        zf.writestr(_WEIGHTS, weights.getvalue())
    write_atomically(path, archive.getvalue(), overwrite, "model.save")


def read_model_file(filepath: Any) -> tuple[dict, bytes]:
    """The config (`config.json`) and the weights file (`model.weights.h5`, as bytes) of a
    `.keras` file.

    Raises:
        FileNotFoundError: no such file.
        ValueError: another suffix, or not a Keras 3 model file (see the module docstring).
    """
    path = os.fspath(filepath)
    if os.path.isdir(path):
        raise ValueError(f"load_model: {path!r} is a directory (a SavedModel?); only Keras 3 "
                         f".keras files can be loaded (ag.saved_model loads SavedModels).")
    if not path.endswith(".keras"):
        raise ValueError(f"load_model: the file name must end in .keras (Keras 3's model "
                         f"file), got {path!r}; Keras 2's .h5 model files are not supported.")
    if not os.path.exists(path):
        raise FileNotFoundError(f"load_model: no such file: {path!r}.")
    try:
        with zipfile.ZipFile(path, "r") as zf:
            names = set(zf.namelist())
            missing = [n for n in (_CONFIG, _WEIGHTS) if n not in names]
            if missing:
                extra = (" (its weights are in model.weights.npz, which is not supported)"
                         if "model.weights.npz" in names else "")
                raise ValueError(f"load_model: {path!r} is not a Keras 3 model file: it has no "
                                 f"{' or '.join(missing)}{extra}.")
            metadata = json.loads(zf.read(_METADATA)) if _METADATA in names else {}
            config = json.loads(zf.read(_CONFIG))
            weights = zf.read(_WEIGHTS)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, UnicodeDecodeError,
            json.JSONDecodeError, OSError) as error:
        if isinstance(error, FileNotFoundError):
            raise
        raise ValueError(f"load_model: {path!r} is not a valid .keras file (a corrupt or "
                         f"truncated zip, or not a zip at all): {error}") from None
    # metadata.json only tells the Keras version; without one, the layout says Keras 3
    version = str(metadata.get("keras_version", "3")) if isinstance(metadata, dict) else "3"
    if not version.startswith("3"):
        raise ValueError(f"load_model: {path!r} was written by Keras {version}; only Keras 3 "
                         f"files can be loaded (load it with Keras 3 and save it again).")
    if not isinstance(config, dict):
        raise ValueError(f"load_model: {path!r} has no model config (config.json holds "
                         f"{type(config).__name__}).")
    if "class_name" not in config:
        raise ValueError(f"load_model: {path!r} has no model config (config.json names no "
                         f"class_name).")
    return config, weights
