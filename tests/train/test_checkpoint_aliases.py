"""A value reachable through several paths is saved once and restored through any of them, as
TensorFlow's object graph does; attributes assigned after a restore get their values too.
Expected values are TensorFlow 2.21's (its checkpoint guide, `site/en/guide/checkpoint`)."""

import gc
import re
import zipfile

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.train import checkpoint_io
from autograph.runtime.train import restoration as restoring


def _guides_checkpoint(tmp_path):
    """The checkpoint guide's save: two variables in a list, then a dict holding both."""
    save = ag.train.Checkpoint()
    save.listed = [ag.Variable(1.0)]
    save.listed.append(ag.Variable(2.0))
    save.mapped = {"one": save.listed[0]}
    save.mapped["two"] = save.listed[1]
    return save.save(str(tmp_path / "tf_list_example"))


def test_a_variable_saved_under_a_list_restores_through_the_dict_that_also_held_it(tmp_path):
    path = _guides_checkpoint(tmp_path)
    restore = ag.train.Checkpoint()
    v2 = ag.Variable(0.0)
    restore.mapped = {"two": v2}
    restore.restore(path).expect_partial()
    assert v2.numpy() == 2.0  # TensorFlow 2.21: 2.0


def test_a_list_assigned_after_the_restore_gets_its_values_as_items_are_appended(tmp_path):
    path = _guides_checkpoint(tmp_path)
    restore = ag.train.Checkpoint()
    restore.mapped = {"two": ag.Variable(0.0)}
    status = restore.restore(path)
    restore.listed = []
    v1 = ag.Variable(0.0)
    restore.listed.append(v1)
    assert v1.numpy() == 1.0  # TensorFlow 2.21: 1.0
    status.assert_existing_objects_matched()


def test_each_value_is_saved_once_whatever_the_number_of_its_paths(tmp_path):
    # TensorFlow 2.21 lists these keys.
    assert [name for name, _ in ag.train.list_variables(_guides_checkpoint(tmp_path))] == [
        "_CHECKPOINTABLE_OBJECT_GRAPH", "listed/0/.ATTRIBUTES/VARIABLE_VALUE",
        "listed/1/.ATTRIBUTES/VARIABLE_VALUE", "save_counter/.ATTRIBUTES/VARIABLE_VALUE"]


def test_a_module_saved_under_two_names_restores_through_the_second(tmp_path):
    module = ag.Module()
    module.v = ag.Variable(3.0)
    path = ag.train.Checkpoint(a=module, b=module).save(str(tmp_path / "ckpt"))
    fresh = ag.Module()
    fresh.v = ag.Variable(0.0)
    status = ag.train.Checkpoint(b=fresh).restore(path)
    assert fresh.v.numpy() == 3.0  # TensorFlow 2.21: 3.0
    status.assert_existing_objects_matched()  # TensorFlow 2.21: passes


@pytest.mark.parametrize("graph, reason", [
    (np.array([1, 2, 3]), "it is missing or not a bytes scalar"),
    (np.array(b"{}"), "the object graph cannot be read (KeyError('format'))"),
    (np.array(b'{"format": "other", "nodes": []}'),
     "the object graph is of format 'other', not 'autograph-object-graph-v1'"),
    (np.array(b'{"format": "autograph-object-graph-v1", "nodes": [{"children": '
              b'[{"node_id": 1, "local_name": "a"}]}]}'),
     "the object graph links node 1, which it does not have"),
    (np.array(b'{"format": "autograph-object-graph-v1", "nodes": [{"children": '
              b'[{"node_id": 0, "local_name": "a"}]}]}'),
     "the object graph links node 0, which it does not have")])
def test_a_damaged_object_graph_is_refused_as_damage(tmp_path, graph, reason):
    path = _guides_checkpoint(tmp_path)
    data = checkpoint_io.data_file(path)
    with zipfile.ZipFile(data) as archive:
        entries = {name: archive.read(name) for name in archive.namelist()}
    with zipfile.ZipFile(data, "w") as archive:
        for name, content in entries.items():
            if name == "_CHECKPOINTABLE_OBJECT_GRAPH.npy":
                with archive.open(name, "w") as entry:
                    np.lib.format.write_array(entry, graph)
            else:
                archive.writestr(name, content)
    with pytest.raises(ag.errors.DataLossError) as raised:
        ag.train.Checkpoint().restore(path)
    assert str(raised.value) == (f"Cannot read checkpoint '{data}': its "
                                 f"'_CHECKPOINTABLE_OBJECT_GRAPH' entry is damaged ({reason}).")


def test_a_restore_stops_waiting_for_variables_when_its_checkpoint_is_gone(tmp_path):
    path = _guides_checkpoint(tmp_path)
    restore = ag.train.Checkpoint()
    restore.mapped = {"two": ag.Variable(0.0)}
    restoration = restore.read(path).expect_partial()._restoration
    assert restoration in restoring._waiting  # listed/0 and the save counter wait
    del restore
    gc.collect()
    assert restoration not in restoring._waiting


def test_a_checkpoint_without_its_object_graph_is_refused_as_damage(tmp_path):
    path = _guides_checkpoint(tmp_path)
    data = checkpoint_io.data_file(path)
    with zipfile.ZipFile(data) as archive:
        entries = {name: archive.read(name) for name in archive.namelist()}
    with zipfile.ZipFile(data, "w") as archive:
        for name, content in entries.items():
            if name != "_CHECKPOINTABLE_OBJECT_GRAPH.npy":
                archive.writestr(name, content)
    with pytest.raises(ag.errors.DataLossError, match=re.escape(
            "'_CHECKPOINTABLE_OBJECT_GRAPH' entry is damaged (it is missing or not a bytes "
            "scalar).")):
        ag.train.Checkpoint().restore(path)
