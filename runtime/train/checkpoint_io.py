"""Checkpoint files: the values file, the `checkpoint` state file, and atomic writes.

A checkpoint written to the prefix `dir/ckpt-3` is one file, `dir/ckpt-3.npz`: a NumPy `.npz`
archive (an uncompressed zip of `.npy` arrays) holding one array per value, named by the key
TensorFlow gives it (`model/layers/0/w/.ATTRIBUTES/VARIABLE_VALUE`, see `trackable.key_of`),
the object graph as JSON bytes under TensorFlow's `_CHECKPOINTABLE_OBJECT_GRAPH` key, plus a
`.format` entry naming this format (`autograph-checkpoint-v2`). Checkpoints of the format
before it (`-v1`: keys without `/.ATTRIBUTES/...`, an `.aliases` table) are refused with one
error saying so. The directory's `checkpoint` file records the latest checkpoint and those
kept, in TensorFlow's text format (`model_checkpoint_path: "ckpt-3"`,
`all_model_checkpoint_paths: "ckpt-2"`, ...), paths relative to the directory.

Why `.npz` rather than `safetensors`: both store raw tensors with no code, and loading runs
none (`numpy.load(..., allow_pickle=False)` refuses object arrays, so a crafted file cannot
unpickle anything). `.npz` needs no dependency beyond NumPy, which the runtime already uses,
and it stores every dtype a variable may have: `complex64`/`complex128`, `bool`, unsigned
integers and strings (as fixed-width bytes), where `safetensors` has no complex or string
dtypes. `safetensors`' memory-mapped, zero-copy loading pays off for multi-gigabyte weights,
which is not this runtime's use.

Every file is written atomically: into a temporary file in the same directory, flushed and
`fsync`ed, then renamed over the target with `os.replace` (atomic on POSIX and Windows), and
the directory `fsync`ed. A process killed mid-save leaves the previous files whole: at worst a
stray `.<name>.*.tmp` file next to them.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import uuid
import zipfile
from typing import IO, Any, Callable

import numpy as np

from autograph.runtime.core import dtypes, errors
from autograph.runtime.train.trackable import OBJECT_GRAPH_KEY, aliases_from_object_graph, key_of

__all__ = ["latest_checkpoint", "list_variables", "load_checkpoint", "CheckpointReader",
           "read_checkpoint", "read_values", "write_values", "CheckpointState",
           "read_state", "write_state", "data_file", "atomic_write"]

SUFFIX = ".npz"
FORMAT_KEY = ".format"  # escaped names never start with "." (trackable.escape_name)
FORMAT = "autograph-checkpoint-v2"
OLD_FORMATS = ("autograph-checkpoint-v1",)
STATE_FILE = "checkpoint"


def data_file(prefix: str) -> str:
    """The file holding the values of the checkpoint `prefix` (`dir/ckpt-3.npz`)."""
    return prefix + SUFFIX


def atomic_write(path: str, write: Callable[[IO[bytes]], object]) -> None:
    """Writes `path` with `write(file)` so that readers see the old file or the whole new one.

    The bytes go to a temporary file in the same directory (same file system, so the rename is
    atomic), which is flushed and `fsync`ed before `os.replace` puts it in place; the directory
    is `fsync`ed after, so that the rename itself survives a crash.
    """
    directory = os.path.dirname(path) or "."
    temporary = os.path.join(directory, f".{os.path.basename(path)}.{uuid.uuid4().hex}.tmp")
    # Not tempfile.mkstemp: its files are private (0600); this one gets the umask's mode.
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0),
                 0o666)
    try:
        with os.fdopen(fd, "wb") as file:
            write(file)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _fsync_directory(directory)


def _fsync_directory(directory: str) -> None:
    if not hasattr(os, "O_DIRECTORY"):  # Windows: directories cannot be opened
        return
    fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_values(prefix: str, values: dict[str, np.ndarray], object_graph: bytes) -> str:
    """Writes `values` (key -> array) and the `object_graph` that links them (JSON bytes,
    `trackable.serialize`) as the checkpoint `prefix`; returns `prefix`."""
    directory = os.path.dirname(prefix)
    if directory:
        os.makedirs(directory, exist_ok=True)
    entries = [(FORMAT_KEY, np.array(FORMAT)),
               (OBJECT_GRAPH_KEY, np.array(object_graph, dtype=bytes)), *values.items()]

    def write(file: IO[bytes]) -> None:
        with zipfile.ZipFile(file, "w", zipfile.ZIP_STORED, allowZip64=True) as archive:
            for key, array in entries:
                with archive.open(key + ".npy", "w", force_zip64=True) as entry:
                    np.lib.format.write_array(entry, array, allow_pickle=False)

    atomic_write(data_file(prefix), write)
    return prefix


def read_values(prefix: str) -> dict[str, np.ndarray]:
    """Every entry of the checkpoint `prefix` by key, the object graph's included (what
    `list_variables` and the reader show)."""
    return _read_entries(prefix)


def read_checkpoint(prefix: str) -> tuple[dict[str, np.ndarray], dict[str, str]]:
    """The values of the checkpoint `prefix` by key, and the aliases its object graph gives
    (other object path -> saved object path). Loading runs no code (no pickle).

    Raises:
        NotFoundError: there is no checkpoint at `prefix`.
        DataLossError: the file is not a checkpoint of this format, or is damaged.
    """
    values = _read_entries(prefix)
    graph = values.pop(OBJECT_GRAPH_KEY, None)
    try:
        if graph is None or graph.dtype.kind != "S" or graph.ndim != 0:
            raise ValueError("it is missing or not a bytes scalar")
        aliases = aliases_from_object_graph(bytes(graph[()]))
    except ValueError as e:
        raise errors.DataLossError(f"Cannot read checkpoint {data_file(prefix)!r}: its "
                                   f"{OBJECT_GRAPH_KEY!r} entry is damaged ({e}).") from None
    return values, aliases


def _read_entries(prefix: str) -> dict[str, np.ndarray]:
    path = data_file(prefix)
    if not os.path.isfile(path):
        hint = (f" {prefix!r} is a directory: pass a checkpoint in it, e.g. "
                f"ag.train.latest_checkpoint({prefix!r})." if os.path.isdir(prefix) else
                " Check the path; a checkpoint path ends in its number (the '-1' in "
                "'path/to/ckpt-1'), without the '.npz'.")
        raise errors.NotFoundError(f"No checkpoint at {prefix!r}: {path!r} does not exist."
                                   + hint)
    try:
        if not zipfile.is_zipfile(path):
            # Otherwise NumPy's reason is that the file holds pickled data.
            raise ValueError("it is not a zip archive")
        with np.load(path, allow_pickle=False) as archive:
            values = {key: archive[key] for key in archive.files}
    except (OSError, ValueError, zipfile.BadZipFile, EOFError) as e:
        raise errors.DataLossError(f"Cannot read checkpoint {path!r}: {e}. The file is "
                                   f"damaged or was not written by ag.train.Checkpoint.") from None
    found = str(values.pop(FORMAT_KEY, ""))
    if found in OLD_FORMATS:
        raise errors.DataLossError(
            f"{path!r} is a checkpoint of format {found!r}, written before checkpoints used "
            f"TensorFlow's key names ('.../.ATTRIBUTES/VARIABLE_VALUE'); this version reads "
            f"{FORMAT!r} only. Its arrays can still be read with numpy.load({path!r}) (one "
            f"per variable, named by its path) and assigned to the variables before saving "
            f"again.")
    if found != FORMAT:
        raise errors.DataLossError(f"{path!r} is not a checkpoint of format {FORMAT!r} (no "
                                   f"{FORMAT_KEY!r} entry naming it); it was not written by "
                                   f"ag.train.Checkpoint.")
    return values


class CheckpointState:
    """The `checkpoint` state file's content: the latest checkpoint and those kept (absolute
    paths, oldest first)."""

    def __init__(self, latest: str, all_paths: list[str]):
        self.latest = latest
        self.all_paths = all_paths


_LINE = re.compile(r'^(\w+):\s*(".*")\s*$')


def read_state(directory: str) -> CheckpointState | None:
    """The state recorded in `directory/checkpoint`, or None when there is none.

    Raises:
        DataLossError: the file exists but cannot be parsed.
        ValueError: the file names no latest checkpoint (no `model_checkpoint_path`), as
            TensorFlow's `get_checkpoint_state` refuses it.
    """
    path = os.path.join(directory, STATE_FILE)
    try:
        with open(path, encoding="utf-8") as file:
            lines = file.read().splitlines()
    except (FileNotFoundError, NotADirectoryError):
        return None
    fields: dict[str, list[str]] = {}
    for number, line in enumerate(lines, 1):
        match = _LINE.match(line)
        if match is None:
            if line.strip() and not re.match(r"^\w+:\s*[-+0-9.eE]+\s*$", line):  # timestamps
                raise errors.DataLossError(f"{path!r} line {number}: cannot parse {line!r}; "
                                           f"expected 'key: \"path\"'. Delete or fix the file.")
            continue
        try:
            fields.setdefault(match[1], []).append(json.loads(match[2]))
        except ValueError:
            raise errors.DataLossError(f"{path!r} line {number}: {match[2]} is not a quoted "
                                       f"string. Delete or fix the file.") from None
    latest = fields.get("model_checkpoint_path")
    if not latest or not latest[-1]:
        raise ValueError(f"Invalid checkpoint state loaded from {directory!r}: {path!r} has no "
                         f"model_checkpoint_path line. Delete or fix the file.")
    absolute = [_absolute(directory, p) for p in fields.get("all_model_checkpoint_paths", [])]
    return CheckpointState(_absolute(directory, latest[-1]), absolute)


def write_state(directory: str, latest: str, all_paths: list[str]) -> None:
    """Records `latest` and `all_paths` in `directory/checkpoint` (atomically), paths inside
    `directory` relative to it, as TensorFlow's `save_relative_paths=True`."""
    lines = [f"model_checkpoint_path: {json.dumps(_relative(directory, latest))}"]
    lines += [f"all_model_checkpoint_paths: {json.dumps(_relative(directory, p))}"
              for p in all_paths]
    text = "\n".join(lines) + "\n"
    atomic_write(os.path.join(directory, STATE_FILE), lambda f: f.write(text.encode()))


def _absolute(directory: str, path: str) -> str:
    return path if os.path.isabs(path) else os.path.join(directory, path)


def _relative(directory: str, path: str) -> str:
    if os.path.dirname(os.path.abspath(path)) == os.path.abspath(directory):
        return os.path.basename(path)
    return path


def latest_checkpoint(checkpoint_dir: str, latest_filename: str | None = None) -> str | None:
    """The path of the latest checkpoint saved in `checkpoint_dir` (TensorFlow's
    `tf.train.latest_checkpoint`), or None when there is none or its file is gone.

    Args:
        checkpoint_dir: the directory holding the checkpoints and their `checkpoint` file.
        latest_filename: TensorFlow's name for the state file; only None ("checkpoint") is
            supported.
    """
    if latest_filename not in (None, STATE_FILE):
        raise ValueError(f"latest_filename={latest_filename!r}: only the default state file "
                         f"name {STATE_FILE!r} is supported.")
    state = read_state(checkpoint_dir)
    if state is None or not os.path.isfile(data_file(state.latest)):
        return None
    return state.latest


def list_variables(ckpt_dir_or_file: str) -> list[tuple[str, list[int]]]:
    """The (key, shape) of each value a checkpoint holds, sorted by key, as `tf.train.
    list_variables` gives them (`model/w/.ATTRIBUTES/VARIABLE_VALUE`, and the object graph,
    `_CHECKPOINTABLE_OBJECT_GRAPH`, a scalar); a directory means its latest checkpoint."""
    values = read_values(_checkpoint_in(ckpt_dir_or_file))
    return [(path, list(value.shape)) for path, value in sorted(values.items())]


def load_checkpoint(ckpt_dir_or_file: str) -> CheckpointReader:
    """A reader of the values a checkpoint holds, by path (`tf.train.load_checkpoint`); a
    directory means its latest checkpoint.

    Raises:
        NotFoundError: there is no checkpoint there.
        DataLossError: the file is damaged or not a checkpoint.
    """
    return CheckpointReader(_checkpoint_in(ckpt_dir_or_file))


class CheckpointReader:
    """The values of one checkpoint, read once, by key (`listed/0/.ATTRIBUTES/VARIABLE_VALUE`:
    the keys `list_variables` shows). Strings come back as bytes, as TensorFlow's reader
    gives them; the object graph (`_CHECKPOINTABLE_OBJECT_GRAPH`) is JSON bytes here, where
    TensorFlow's is a serialized protobuf."""

    def __init__(self, prefix: str):
        self._prefix = prefix
        self._values = read_values(prefix)

    def has_tensor(self, name: str) -> bool:
        return name in self._values

    def get_tensor(self, name: str) -> Any:
        """The value at key `name`: a NumPy array (of bytes objects for strings), or for a
        scalar a NumPy scalar (bytes for a string), as TensorFlow's reader gives them.

        Raises:
            NotFoundError: the checkpoint holds no value at `name`.
        """
        if name not in self._values:
            key = key_of(name)
            hint = (f"its key is {key!r}" if key in self._values else
                    "get_variable_to_shape_map() lists its keys")
            raise errors.NotFoundError(f"Key {name} not found in checkpoint {self._prefix!r}; "
                                       f"{hint}.")
        value = self._values[name]
        if value.dtype.kind == "S":  # strings are stored as fixed-width bytes
            value = value.astype(object)
        return value[()] if value.ndim == 0 else value.copy()

    def get_variable_to_shape_map(self) -> dict[str, list[int]]:
        return {name: list(value.shape) for name, value in self._values.items()}

    def get_variable_to_dtype_map(self) -> dict[str, Any]:
        return {name: dtypes.as_dtype(value.dtype) for name, value in self._values.items()}


def _checkpoint_in(ckpt_dir_or_file: str) -> str:
    """The checkpoint `ckpt_dir_or_file` names: itself, or a directory's latest."""
    prefix = os.fspath(ckpt_dir_or_file)
    if os.path.isdir(prefix):
        latest = latest_checkpoint(prefix)
        if latest is None:  # ValueError, as TensorFlow's
            raise ValueError(f"Couldn't find a 'checkpoint' file or checkpoints in directory "
                             f"{prefix!r}.")
        prefix = latest
    return prefix
