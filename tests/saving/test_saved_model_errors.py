"""The export format's checks, one by one: each damage gets its own message, and the manifest's
checksum is defined as the format says (SHA-256 of the content in canonical JSON)."""

import hashlib
import io
import json
import os

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.saving.saved_model import files


@pytest.fixture()
def export_dir(tmp_path):
    module = ag.Module()
    module.v = ag.Variable([1.0, 2.0])
    module.f = ag.function(lambda x: x * module.v, input_signature=[ag.TensorSpec([2])])
    ag.saved_model.save(module, str(tmp_path))
    return tmp_path


def _manifest(export_dir):
    return json.loads((export_dir / files.MANIFEST).read_text())


def _write_manifest(export_dir, manifest, rehash=True):
    if rehash:
        manifest["sha256"] = hashlib.sha256(files.canonical(manifest["content"])).hexdigest()
    (export_dir / files.MANIFEST).write_text(json.dumps(manifest))


def _load_error(export_dir):
    with pytest.raises(ag.errors.DataLossError) as caught:
        ag.saved_model.load(str(export_dir))
    return str(caught.value)


def _damaged(export_dir, why):
    return (f"The saved model at {str(export_dir)!r} is damaged: {why}. It was changed or cut "
            f"short after it was written; save it again.")


def test_the_checksum_is_sha256_of_the_content_as_canonical_json(export_dir):
    manifest = _manifest(export_dir)
    canonical = json.dumps(manifest["content"], sort_keys=True, separators=(",", ":"))
    assert manifest["sha256"] == hashlib.sha256(canonical.encode("ascii")).hexdigest()


def test_a_manifest_rewritten_by_a_json_tool_still_loads(export_dir):
    manifest = _manifest(export_dir)
    (export_dir / files.MANIFEST).write_text(json.dumps(manifest, indent=4, sort_keys=True))
    assert ag.saved_model.load(str(export_dir)).f([1.0, 1.0]).numpy().tolist() == [1.0, 2.0]


def test_names_outside_ascii_are_written_as_json_escapes(tmp_path):
    module = ag.Module()
    module.by_name = {"clé": ag.Variable(1.0, name="poids_é")}
    ag.saved_model.save(module, str(tmp_path))
    assert "\\u00e9" in (tmp_path / files.MANIFEST).read_text()
    loaded = ag.saved_model.load(str(tmp_path))
    assert loaded.by_name["clé"].name == "poids_é:0"


def test_no_manifest_says_which_directory_to_pass(tmp_path):
    with pytest.raises(ag.errors.NotFoundError) as caught:
        ag.saved_model.load(str(tmp_path))
    assert str(caught.value) == (f"No saved model at {str(tmp_path)!r}: 'saved_model.json' does "
                                 f"not exist there. Pass the directory given to "
                                 f"ag.saved_model.save.")


def test_a_manifest_that_is_not_json_says_so(export_dir):
    (export_dir / files.MANIFEST).write_text('{"format": ')
    assert _load_error(export_dir).startswith(
        _damaged(export_dir, "saved_model.json is not valid JSON (Expecting value")[:-70])


def test_nan_in_the_manifest_is_not_json_here(export_dir):
    (export_dir / files.MANIFEST).write_text('{"format": NaN}')
    assert "saved_model.json is not valid JSON (NaN is not allowed)" in _load_error(export_dir)


@pytest.mark.parametrize("text", ['[1, 2]', '{"format": "other"}'], ids=["list", "format"])
def test_a_manifest_of_another_format_says_which_format_it_needs(export_dir, text):
    (export_dir / files.MANIFEST).write_text(text)
    assert _load_error(export_dir) == _damaged(
        export_dir, "saved_model.json does not name the format 'autograph.saved_model'")


def test_a_manifest_without_content_says_so(export_dir):
    manifest = _manifest(export_dir)
    manifest["content"] = [1]
    _write_manifest(export_dir, manifest, rehash=False)
    assert _load_error(export_dir) == _damaged(export_dir, "saved_model.json has no content")


def test_an_edited_content_fails_the_checksum(export_dir):
    manifest = _manifest(export_dir)
    manifest["content"]["root"] = 0
    manifest["sha256"] = "0" * 64
    _write_manifest(export_dir, manifest, rehash=False)
    assert _load_error(export_dir) == _damaged(
        export_dir, "saved_model.json's checksum does not match its content")


def test_a_manifest_larger_than_the_limit_is_refused_and_one_at_the_limit_loads(
        export_dir, monkeypatch):
    size = (export_dir / files.MANIFEST).stat().st_size
    monkeypatch.setattr(files, "_MAX_MANIFEST_BYTES", size)
    ag.saved_model.load(str(export_dir))
    monkeypatch.setattr(files, "_MAX_MANIFEST_BYTES", size - 1)
    assert _load_error(export_dir) == _damaged(
        export_dir, f"saved_model.json is larger than {size - 1} bytes")


def test_a_manifest_without_files_says_so(export_dir):
    manifest = _manifest(export_dir)
    del manifest["content"]["files"]
    _write_manifest(export_dir, manifest)
    assert _load_error(export_dir) == _damaged(export_dir, "the manifest lists no array files")


@pytest.mark.parametrize("entry", [
    "variables.npz", {"name": "../variables.0123456789abcdef.npz", "sha256": "0"},
    {"name": "variables.0123456789abcdef.npz"}, {"name": 3, "sha256": "0"}],
    ids=["not a dict", "path", "no checksum", "name not text"])
def test_a_malformed_file_entry_is_refused_before_any_file_is_read(export_dir, entry):
    manifest = _manifest(export_dir)
    manifest["content"]["files"]["variables"] = entry
    _write_manifest(export_dir, manifest)
    assert _load_error(export_dir) == _damaged(
        export_dir, "the manifest's entry for 'variables' files is malformed")


def test_a_missing_array_file_names_it(export_dir):
    name = _manifest(export_dir)["content"]["files"]["variables"]["name"]
    os.unlink(export_dir / name)
    assert _load_error(export_dir) == _damaged(
        export_dir, f"{name} cannot be read (No such file or directory)")


def test_a_changed_array_file_fails_its_checksum(export_dir):
    name = _manifest(export_dir)["content"]["files"]["constants"]["name"]
    (export_dir / name).write_bytes((export_dir / name).read_bytes() + b"\0")
    assert _load_error(export_dir) == _damaged(
        export_dir, f"{name}'s checksum does not match the manifest")


def test_pickled_arrays_are_never_loaded_even_with_a_matching_checksum(export_dir):
    manifest = _manifest(export_dir)
    entry = manifest["content"]["files"]["variables"]
    buffer = io.BytesIO()
    np.savez(buffer, v0=np.array([{"a": 1}], dtype=object), allow_pickle=True)
    (export_dir / entry["name"]).write_bytes(buffer.getvalue())
    entry["sha256"] = hashlib.sha256(buffer.getvalue()).hexdigest()
    _write_manifest(export_dir, manifest)
    assert _load_error(export_dir) == _damaged(
        export_dir, f"{entry['name']} cannot be read (Object arrays cannot be loaded when "
                    f"allow_pickle=False)")
