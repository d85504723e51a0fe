"""Checkpoint edge cases: bad roots, the status of `restore(None)`, the repr, atomic writes
that fail, the `checkpoint` state file's odd contents, `list_variables` of an empty
directory, colliding child names, TensorFlow-1 graph variables, and a variable made (not yet
used) while values wait for it. Where TensorFlow 2.21 has the same program, its answer is
quoted."""

import os
import re

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.train import checkpoint_io
from tests.train.helpers import LazyVariable, mismatch


def test_a_root_without_trackable_children_is_refused():
    # TensorFlow 2.21: tf.train.Checkpoint(root=42) raises ValueError ("`Checkpoint` was
    # expecting root to be a trackable object"), as for a list root; the message is ours.
    with pytest.raises(ValueError, match="^" + re.escape(
            "ag.train.Checkpoint root must be an object with _trackable_children (such "
            "as an ag.Module); got 42.") + "$"):
        ag.train.Checkpoint(root=42)
    with pytest.raises(ValueError, match="^" + re.escape(
            "ag.train.Checkpoint root must be an object with _trackable_children (such "
            "as an ag.Module); got [<ag.Variable 'Variable:0' shape=() dtype=float32, "
            "numpy=1.0>].") + "$"):
        ag.train.Checkpoint(root=[ag.Variable(1.0)])


def test_the_repr_lists_the_named_objects():
    ckpt = ag.train.Checkpoint(step=ag.Variable(0), model=ag.Module())
    assert repr(ckpt) == "<ag.train.Checkpoint of step, model>"
    assert repr(ag.train.Checkpoint()) == "<ag.train.Checkpoint of nothing>"


def test_restore_of_none_matches_no_objects():
    # TensorFlow 2.21: tf.train.Checkpoint().restore(None).assert_existing_objects_matched()
    # raises AssertionError ("No checkpoint specified (save_path=None); nothing is being
    # restored."), as assert_consumed does.
    status = ag.train.Checkpoint(v=ag.Variable(1.0)).restore(None)
    with pytest.raises(AssertionError, match="^" + re.escape(
            "No checkpoint specified (save_path=None); no objects matched.") + "$"):
        status.assert_existing_objects_matched()
    with pytest.raises(AssertionError, match="^" + re.escape(
            "No checkpoint specified (save_path=None); nothing is being restored.") + "$"):
        status.assert_consumed()
    assert status.expect_partial() is status


def test_a_failed_atomic_write_leaves_the_old_file_and_no_temporary(tmp_path):
    target = tmp_path / "state"
    target.write_bytes(b"old")

    def write(file):
        file.write(b"half of the new")
        raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):
        checkpoint_io.atomic_write(str(target), write)
    assert target.read_bytes() == b"old"
    assert os.listdir(tmp_path) == ["state"]


def test_without_o_directory_the_directory_is_not_synced(tmp_path, monkeypatch):
    # Windows has no os.O_DIRECTORY: the file is synced, the directory (which cannot be
    # opened there) is not.
    synced = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real_fsync(fd)))
    monkeypatch.delattr(os, "O_DIRECTORY")
    checkpoint_io.atomic_write(str(tmp_path / "f"), lambda file: file.write(b"new"))
    assert (tmp_path / "f").read_bytes() == b"new"
    assert len(synced) == 1


def test_with_o_directory_the_file_and_the_directory_are_synced(tmp_path, monkeypatch):
    synced = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real_fsync(fd)))
    checkpoint_io.atomic_write(str(tmp_path / "f"), lambda file: file.write(b"new"))
    assert len(synced) == 2


def test_a_state_file_with_a_bad_quoted_string_is_data_loss(tmp_path):
    (tmp_path / "checkpoint").write_text('model_checkpoint_path: "ckpt-\\q"\n')
    with pytest.raises(ag.errors.DataLossError, match="^" + re.escape(
            f"'{tmp_path}/checkpoint' line 1: \"ckpt-\\q\" is not a quoted string. Delete "
            "or fix the file.") + "$"):
        ag.train.latest_checkpoint(str(tmp_path))


@pytest.mark.parametrize("text", ['all_model_checkpoint_paths: "ckpt-1"\n',
                                  'model_checkpoint_path: ""\n', ""],
                         ids=["no_latest", "empty_latest", "empty_file"])
def test_a_state_file_naming_no_latest_checkpoint_is_invalid(tmp_path, text):
    # TensorFlow 2.21: tf.train.latest_checkpoint raises ValueError ("Invalid checkpoint
    # state loaded from <dir>") for each of these files (it returned None here before).
    np.savez(tmp_path / "ckpt-1.npz", **{".format": np.array("autograph-checkpoint-v1")})
    (tmp_path / "checkpoint").write_text(text)
    with pytest.raises(ValueError, match="^" + re.escape(
            f"Invalid checkpoint state loaded from '{tmp_path}': '{tmp_path}/checkpoint' "
            "has no model_checkpoint_path line. Delete or fix the file.") + "$"):
        ag.train.latest_checkpoint(str(tmp_path))


def test_a_checkpoint_outside_the_directory_is_recorded_by_its_absolute_path(tmp_path):
    directory, elsewhere = tmp_path / "state", tmp_path / "elsewhere"
    directory.mkdir()
    ckpt = ag.train.Checkpoint(v=ag.Variable(1.0))
    inside = ckpt.write(str(directory / "ckpt-1"))
    outside = ckpt.write(str(elsewhere / "ckpt-2"))
    checkpoint_io.write_state(str(directory), outside, [inside, outside])
    lines = (directory / "checkpoint").read_text().splitlines()
    assert lines == [f'model_checkpoint_path: "{outside}"',
                     'all_model_checkpoint_paths: "ckpt-1"',
                     f'all_model_checkpoint_paths: "{outside}"']
    assert ag.train.latest_checkpoint(str(directory)) == outside


def test_latest_checkpoint_supports_only_the_default_state_file_name(tmp_path):
    # TensorFlow 2.21 reads `<dir>/state` for latest_filename="state" (None here: there is
    # none); this runtime supports only the default name and says so.
    assert ag.train.latest_checkpoint(str(tmp_path), latest_filename="checkpoint") is None
    with pytest.raises(ValueError, match="^" + re.escape(
            "latest_filename='state': only the default state file name 'checkpoint' is "
            "supported.") + "$"):
        ag.train.latest_checkpoint(str(tmp_path), latest_filename="state")


def test_list_variables_of_a_directory_without_checkpoints_is_a_value_error(tmp_path):
    # TensorFlow 2.21: tf.train.list_variables(empty_dir) raises ValueError ("Couldn't find
    # 'checkpoint' file or checkpoints in given directory"); this raised NotFoundError before.
    with pytest.raises(ValueError, match="^" + re.escape(
            f"Couldn't find a 'checkpoint' file or checkpoints in directory '{tmp_path}'.") + "$"):
        ag.train.list_variables(str(tmp_path))


def test_children_whose_names_are_equal_as_strings_are_refused(tmp_path):
    ckpt = ag.train.Checkpoint(d={1: ag.Variable(1.0), "1": ag.Variable(2.0)})
    with pytest.raises(ValueError, match="^" + re.escape(
            "Two children of 'd' are named '1' (dict keys that are equal as strings); "
            "rename one.") + "$"):
        ckpt.write(str(tmp_path / "w"))
    assert os.listdir(tmp_path) == []


def test_reading_into_a_graph_variable_is_refused_and_assigns_nothing(tmp_path):
    path = ag.train.Checkpoint(a=ag.Variable(5.0), v=ag.Variable(2.0)).write(
        str(tmp_path / "w"))
    with ag.Graph().as_default():
        in_graph = ag.Variable(1.0)
    eager = ag.Variable(0.0)
    with pytest.raises(ValueError, match="^" + re.escape(mismatch(
            path, "dtype/shape: v: variable Variable:0 belongs to a graph (TensorFlow 1 "
            "style); ag.train.Checkpoint restores eager variables")) + "$"):
        ag.train.Checkpoint(a=eager, v=in_graph).read(path)
    assert eager.numpy() == 0.0


def test_a_variable_made_but_not_yet_used_gets_its_value_when_the_status_is_checked(
        tmp_path):
    # The check assigns the waiting value, which is the variable's first use: the wait for
    # variables does not run a second time inside it.
    lazy = LazyVariable()
    lazy()
    lazy.v.assign([7.0, 8.0])
    path = ag.train.Checkpoint(lazy=lazy).save(str(tmp_path / "lazy"))
    fresh = LazyVariable()
    status = ag.train.Checkpoint(lazy=fresh).restore(path)
    fresh.v = ag.Variable([0.0, 0.0])
    assert status.assert_consumed() is status
    np.testing.assert_array_equal(fresh.v.numpy(), [7.0, 8.0])


class _Holder:
    """An object whose children are given as they are (None and shared ones included)."""

    def __init__(self, children):
        self.children = children

    def _trackable_children(self):
        return self.children


def test_a_none_child_is_skipped_and_the_children_after_it_are_kept():
    from autograph.runtime.train.trackable import variables_by_path

    b = ag.Variable(2.0)
    assert variables_by_path([("x", _Holder({"a": None, "b": b}))]) == {"x/b": b}


def test_a_variable_met_twice_is_listed_once_and_the_walk_goes_on():
    from autograph.runtime.train.trackable import variables_by_path

    a, b = ag.Variable(1.0), ag.Variable(2.0)
    assert variables_by_path([("x", [a, a, b])]) == {"x/0": a, "x/2": b}
