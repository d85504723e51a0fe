"""The export directory on disk: a JSON manifest, array files it names by checksum, and how
both are written so that a save never leaves a broken export behind.

An export directory holds:

    saved_model.json                      the manifest: format, version, content, checksum
    variables.<sha256 prefix>.npz         the variables' values (NumPy, no pickle)
    constants.<sha256 prefix>.npz         the graphs' large constants (NumPy, no pickle)

The manifest is `{"format": "autograph.saved_model", "version": 1, "sha256": ..., "content":
{...}}`; `sha256` is the SHA-256 of `content` written canonically (sorted keys, no spaces), and
`content["files"]` gives the SHA-256 of each array file. **Writing** puts the array files first,
under names that include their checksum (so they never replace the files of the export they
follow), then replaces the manifest atomically (a temporary file, `fsync`, `os.replace`), and
only then removes array files the new manifest does not name. A save killed at any point leaves
the previous export whole: its manifest and the files it names are untouched until the new
manifest is in place. **Reading** checks the format, the version and every checksum before
anything is built, so a truncated, damaged or edited export is refused with one
`DataLossError`, never half loaded.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import zipfile
from typing import IO, Any, Callable

import numpy as np

from autograph.runtime.core import errors
from autograph.runtime.train.checkpoint_io import atomic_write

FORMAT = "autograph.saved_model"
VERSION = 1
MANIFEST = "saved_model.json"
_ARRAY_FILE = re.compile(r"^(variables|constants)\.[0-9a-f]{16}\.npz$")
_MAX_MANIFEST_BYTES = 1 << 30


def canonical(content: Any) -> bytes:
    """The bytes the manifest's checksum is taken over."""
    return json.dumps(content, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=True, allow_nan=False).encode("ascii")


def write_export(export_dir: str, content: dict[str, Any],
                 arrays: dict[str, dict[str, np.ndarray]]) -> None:
    """Writes `content` (JSON-able) and the array groups (`{"variables": {...}, "constants":
    {...}}`) as the export at `export_dir`, replacing any export there atomically."""
    os.makedirs(export_dir, exist_ok=True)
    files = {}
    for group, group_arrays in arrays.items():
        data = _npz_bytes(group_arrays)
        digest = hashlib.sha256(data).hexdigest()
        name = f"{group}.{digest[:16]}.npz"
        atomic_write(os.path.join(export_dir, name), _writer(data))
        files[group] = {"name": name, "sha256": digest}
    content = {**content, "files": files}
    manifest = {"format": FORMAT, "version": VERSION,
                "sha256": hashlib.sha256(canonical(content)).hexdigest(), "content": content}
    text = (readable_json(manifest) + "\n").encode("ascii")
    atomic_write(os.path.join(export_dir, MANIFEST), _writer(text))
    kept = {entry["name"] for entry in files.values()}
    for name in os.listdir(export_dir):
        if _ARRAY_FILE.match(name) and name not in kept:
            try:
                os.unlink(os.path.join(export_dir, name))
            except OSError:  # another process removed it first: nothing left to do
                pass


def _writer(data: bytes) -> Callable[[IO[bytes]], object]:
    return lambda file: file.write(data)


def readable_json(value: Any, indent: str = "") -> str:
    """`value` as JSON, one item per line, except that an object or list short enough is
    written on one line (a graph node usually is)."""
    compact = json.dumps(value, separators=(", ", ": "), ensure_ascii=True, allow_nan=False)
    if len(compact) + len(indent) <= 100 or not isinstance(value, (dict, list)) or not value:
        return compact
    inner = indent + " "
    if isinstance(value, dict):
        items = [f"{inner}{json.dumps(k)}: {readable_json(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    items = [inner + readable_json(v, inner) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + indent + "]"


def _npz_bytes(arrays: dict[str, np.ndarray]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED, allowZip64=True) as archive:
        for key in sorted(arrays):
            with archive.open(key + ".npy", "w", force_zip64=True) as entry:
                np.lib.format.write_array(entry, np.asarray(arrays[key]), allow_pickle=False)
    return buffer.getvalue()


def contains_export(export_dir: str) -> bool:
    """Whether `export_dir` holds an export's manifest (`ag.saved_model.contains_saved_model`)."""
    return os.path.isfile(os.path.join(os.fspath(export_dir), MANIFEST))


def read_export(export_dir: str) -> tuple[dict[str, Any], dict[str, dict[str, np.ndarray]]]:
    """The manifest's content and the array groups of the export at `export_dir`, checked.

    Raises:
        NotFoundError: there is no export at `export_dir`.
        DataLossError: the export is damaged, edited, truncated or of another format or
            version.
    """
    path = os.path.join(export_dir, MANIFEST)
    if not os.path.isfile(path):
        raise errors.NotFoundError(
            f"No saved model at {export_dir!r}: {MANIFEST!r} does not exist there. Pass the "
            f"directory given to ag.saved_model.save.")
    content = _read_manifest(path)
    files = content.get("files")
    if not isinstance(files, dict):
        raise _damaged(export_dir, "the manifest lists no array files")
    arrays = {}
    for group, entry in files.items():
        arrays[group] = _read_arrays(export_dir, group, entry)
    return content, arrays


def _read_manifest(path: str) -> dict[str, Any]:
    export_dir = os.path.dirname(path)
    with open(path, "rb") as file:
        data = file.read(_MAX_MANIFEST_BYTES + 1)
    if len(data) > _MAX_MANIFEST_BYTES:
        raise _damaged(export_dir, f"{MANIFEST} is larger than {_MAX_MANIFEST_BYTES} bytes")
    try:
        manifest = json.loads(data.decode("ascii"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as e:
        raise _damaged(export_dir, f"{MANIFEST} is not valid JSON ({e})") from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise _damaged(export_dir, f"{MANIFEST} does not name the format {FORMAT!r}")
    version = manifest.get("version")
    if version != VERSION:
        raise errors.DataLossError(
            f"The saved model at {export_dir!r} has format version {version!r}; this version "
            f"of autograph reads version {VERSION}. Save it again with this version.")
    content = manifest.get("content")
    if not isinstance(content, dict):
        raise _damaged(export_dir, f"{MANIFEST} has no content")
    # Parsed JSON without NaN or infinities: written again, it always encodes.
    if hashlib.sha256(canonical(content)).hexdigest() != manifest.get("sha256"):
        raise _damaged(export_dir, f"{MANIFEST}'s checksum does not match its content")
    return content


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


def _read_arrays(export_dir: str, group: Any, entry: Any) -> dict[str, np.ndarray]:
    if not (isinstance(entry, dict) and isinstance(entry.get("name"), str)
            and _ARRAY_FILE.match(entry["name"]) and isinstance(entry.get("sha256"), str)):
        raise _damaged(export_dir, f"the manifest's entry for {group!r} files is malformed")
    path = os.path.join(export_dir, entry["name"])
    try:
        with open(path, "rb") as file:
            data = file.read()
    except OSError as e:
        raise _damaged(export_dir, f"{entry['name']} cannot be read ({e.strerror})") from None
    if hashlib.sha256(data).hexdigest() != entry["sha256"]:
        raise _damaged(export_dir, f"{entry['name']}'s checksum does not match the manifest")
    try:
        with np.load(io.BytesIO(data), allow_pickle=False) as archive:
            return {key: archive[key] for key in archive.files}
    except (OSError, ValueError, zipfile.BadZipFile, EOFError) as e:
        raise _damaged(export_dir, f"{entry['name']} cannot be read ({e})") from None


def _damaged(export_dir: str, why: str) -> errors.DataLossError:
    return errors.DataLossError(
        f"The saved model at {export_dir!r} is damaged: {why}. It was changed or cut short "
        f"after it was written; save it again.")
