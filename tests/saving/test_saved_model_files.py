"""The export directory: atomic replacement, and one clear error for any damaged export."""

import json
import os
import pathlib
import random
import signal

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.saving.saved_model import files
from tests.killing import kill_when

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _module(value):
    module = ag.Module()
    module.v = ag.Variable(np.full([3, 4], value, np.float32))
    module.table = ag.constant(np.arange(40, dtype=np.float32).reshape(10, 4))
    module.f = ag.function(lambda x: ag.reduce_sum(x * module.v) + module.table[1, 0],
                           input_signature=[ag.TensorSpec([3, 4], ag.float32)])
    return module


@pytest.fixture(scope="module")
def export(tmp_path_factory):
    directory = tmp_path_factory.mktemp("export")
    ag.saved_model.save(_module(1.0), str(directory))
    return {name: (directory / name).read_bytes() for name in os.listdir(directory)}


def _write(directory, contents):
    for name, data in contents.items():
        (directory / name).write_bytes(data)


def _damaged_copies(export):
    """(description, {file: bytes}) for truncations and flipped bytes of each file."""
    rng = random.Random(0)
    for name, data in sorted(export.items()):
        # (not the last byte: the manifest ends in a newline, which JSON does not need)
        for cut in sorted({0, 1, len(data) // 3, len(data) // 2, len(data) - 2}):
            yield f"{name} cut to {cut} bytes", {**export, name: data[:cut]}
        for _ in range(6):
            at = rng.randrange(len(data))
            flipped = bytearray(data)
            flipped[at] ^= 1 << rng.randrange(8)
            yield f"{name} byte {at} flipped", {**export, name: bytes(flipped)}


def test_every_truncation_and_flipped_byte_is_one_data_loss_error(export, tmp_path):
    cases = list(_damaged_copies(export))
    assert len(cases) >= 30
    for description, contents in cases:
        directory = tmp_path / str(abs(hash(description)))
        directory.mkdir()
        _write(directory, contents)
        with pytest.raises(ag.errors.DataLossError, match="damaged|cannot be loaded"):
            ag.saved_model.load(str(directory))


def test_a_missing_array_file_is_a_data_loss_error(export, tmp_path):
    _write(tmp_path, {k: v for k, v in export.items() if not k.startswith("variables.")})
    with pytest.raises(ag.errors.DataLossError, match=r"variables\.[0-9a-f]+\.npz cannot be read"):
        ag.saved_model.load(str(tmp_path))


def _edit_manifest(export, tmp_path, edit, rehash=True):
    manifest = json.loads(export[files.MANIFEST])
    edit(manifest)
    if rehash:
        import hashlib
        manifest["sha256"] = hashlib.sha256(files.canonical(manifest["content"])).hexdigest()
    _write(tmp_path, {**export, files.MANIFEST: json.dumps(manifest).encode()})


def test_another_format_version_is_refused_naming_both_versions(export, tmp_path):
    _edit_manifest(export, tmp_path, lambda m: m.update(version=99))
    with pytest.raises(ag.errors.DataLossError, match="format version 99; this version of "
                                                      "autograph reads version 1"):
        ag.saved_model.load(str(tmp_path))


def test_an_edited_manifest_fails_its_checksum(export, tmp_path):
    def edit(manifest):
        manifest["content"]["variables"][0]["trainable"] = False
    _edit_manifest(export, tmp_path, edit, rehash=False)
    with pytest.raises(ag.errors.DataLossError, match="checksum does not match its content"):
        ag.saved_model.load(str(tmp_path))


def test_a_rehashed_manifest_naming_an_unknown_op_is_refused(export, tmp_path):
    def edit(manifest):
        manifest["content"]["functions"][0]["graph"]["nodes"][1]["op"] = "RunShellCommand"
    _edit_manifest(export, tmp_path, edit)
    with pytest.raises(ag.errors.DataLossError, match="the op 'RunShellCommand', which this "
                                                      "autograph does not have"):
        ag.saved_model.load(str(tmp_path))


def test_a_rehashed_manifest_naming_a_python_function_op_is_refused(export, tmp_path):
    def edit(manifest):
        manifest["content"]["functions"][0]["graph"]["nodes"][1]["op"] = "EagerPyFunc"
    _edit_manifest(export, tmp_path, edit)
    with pytest.raises(ag.errors.DataLossError, match="never loaded"):
        ag.saved_model.load(str(tmp_path))


@pytest.mark.parametrize("edit", [
    lambda m: m["content"].update(functions="x"),
    lambda m: m["content"]["functions"][0]["graph"]["nodes"][-1].update(inputs=["nowhere:0"]),
    lambda m: m["content"]["functions"][0].update(parameters=[["x", "NOT_A_KIND"]]),
    lambda m: m["content"]["objects"][0].update(kind="lambda"),
    lambda m: m["content"]["variables"][0].update(shape=[7]),
    lambda m: m["content"].update(root=12),
], ids=["functions", "input", "parameter", "object kind", "variable shape", "root"])
def test_a_rehashed_malformed_manifest_is_a_data_loss_error(export, tmp_path, edit):
    _edit_manifest(export, tmp_path, edit)
    with pytest.raises(ag.errors.DataLossError, match="cannot be loaded"):
        ag.saved_model.load(str(tmp_path))


def test_no_export_is_not_found(tmp_path):
    with pytest.raises(ag.errors.NotFoundError, match="No saved model"):
        ag.saved_model.load(str(tmp_path))


def test_saving_again_replaces_the_export_and_removes_the_old_files(tmp_path):
    ag.saved_model.save(_module(1.0), str(tmp_path))
    ag.saved_model.save(_module(2.0), str(tmp_path))
    assert len(os.listdir(tmp_path)) == 3  # the manifest, variables, constants
    assert float(ag.saved_model.load(str(tmp_path)).f(np.ones([3, 4], np.float32))) == 28.0


def test_a_save_failing_before_its_manifest_leaves_the_previous_export(tmp_path, monkeypatch):
    ag.saved_model.save(_module(1.0), str(tmp_path))
    real = files.atomic_write

    def fail_on_manifest(path, write):
        if path.endswith(files.MANIFEST):
            raise OSError("disk full")
        real(path, write)
    monkeypatch.setattr(files, "atomic_write", fail_on_manifest)
    with pytest.raises(OSError, match="disk full"):
        ag.saved_model.save(_module(2.0), str(tmp_path))
    monkeypatch.undo()
    assert float(ag.saved_model.load(str(tmp_path)).f(np.ones([3, 4], np.float32))) == 16.0


CHILD = """
import os, sys, time
import numpy as np
import autograph as ag
from tests.killing import kill_when

directory, pause_at = sys.argv[1], sys.argv[2]
parent = os.getppid()
module = ag.Module()
module.v = ag.Variable(np.zeros(1 << 20, np.float32))
module.f = ag.function(lambda: ag.reduce_max(module.v), input_signature=[])

def pause(function, when):
    def paused(*args):
        if when(*args):
            open(os.path.join(directory, "paused"), "w").close()
            while os.getppid() == parent:
                time.sleep(0.05)
            sys.exit(1)
        return function(*args)
    return paused

if pause_at == "manifest":  # the new array files are in place, the manifest is not
    os.replace = pause(os.replace, lambda src, dst: dst.endswith("saved_model.json")
                       and module.v.numpy()[0] == 2)
else:  # the new manifest is in place, the old array files are not yet removed
    os.unlink = pause(os.unlink, lambda path: module.v.numpy()[0] == 2
                      and os.path.basename(path).startswith("variables."))
for i in (1, 2):
    module.v.assign(np.full(1 << 20, i, np.float32))
    ag.saved_model.save(module, directory)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize("pause_at, expected", [("manifest", 1.0), ("cleanup", 2.0)])
def test_a_save_killed_midway_leaves_a_whole_export(tmp_path, pause_at, expected):
    kill_when(CHILD, [str(tmp_path), pause_at], tmp_path / "paused")
    assert float(ag.saved_model.load(str(tmp_path)).f()) == expected


def test_the_manifest_is_readable_json_with_one_node_per_line(tmp_path):
    ag.saved_model.save(_module(1.0), str(tmp_path))
    text = (tmp_path / files.MANIFEST).read_text()
    assert text.startswith('{\n "format": "autograph.saved_model",\n "version": 1,')
    assert '   {"kind": "variable", "variable": 0}' in text
    assert max(len(line) for line in text.splitlines()) <= 160
