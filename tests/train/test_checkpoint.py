"""`ag.train.Checkpoint`: round trips, paths, numbering, formats, functions, bad input."""

import os
import re

import numpy as np
import pytest

import autograph as ag
from tests.train.helpers import Dense

_V = "/.ATTRIBUTES/VARIABLE_VALUE"  # the suffix of a variable's key, as TensorFlow's


def _files(directory):
    return sorted(os.listdir(directory))


def test_module_variables_round_trip(tmp_path):
    model = Dense()
    path = ag.train.Checkpoint(model=model).save(str(tmp_path / "ckpt"))
    saved = [v.numpy().copy() for v in model.variables]
    for v in model.variables:
        v.assign(ag.zeros_like(v))
    ag.train.Checkpoint(model=model).restore(path).assert_consumed()
    for v, expected in zip(model.variables, saved):
        np.testing.assert_array_equal(v.numpy(), expected)


def test_restore_into_a_fresh_module(tmp_path):
    model = Dense()
    model.w.assign([5.0, 6.0])
    path = ag.train.Checkpoint(model=model).save(str(tmp_path / "ckpt"))
    fresh = Dense()
    ag.train.Checkpoint(model=fresh).restore(path).assert_consumed()
    np.testing.assert_array_equal(fresh.w.numpy(), [5.0, 6.0])
    np.testing.assert_array_equal(fresh.layers[1]["b"].numpy(), 4)


def test_paths_are_tensorflows_object_paths(tmp_path):
    # TensorFlow 2.21 lists these keys, and the object graph.
    path = ag.train.Checkpoint(model=Dense()).save(str(tmp_path / "ckpt"))
    with np.load(path + ".npz", allow_pickle=False) as archive:
        keys = sorted(k for k in archive.files if not k.startswith("."))
    assert keys == ["_CHECKPOINTABLE_OBJECT_GRAPH", "model/layers/0" + _V,
                    "model/layers/1/b" + _V, "model/w" + _V, "save_counter" + _V]


def test_a_shared_variable_is_saved_once_under_its_shortest_path(tmp_path):
    # TensorFlow 2.21 lists only w/.ATTRIBUTES/VARIABLE_VALUE for Checkpoint(model=m, w=m.w).
    model = Dense()
    path = ag.train.Checkpoint(model=model, w=model.w).write(str(tmp_path / "w"))
    with np.load(path + ".npz", allow_pickle=False) as archive:
        assert "w" + _V in archive.files and "model/w" + _V not in archive.files


def test_names_with_dots_and_slashes_are_escaped(tmp_path):
    # TensorFlow 2.21 names the dict entries "a/b" and "a.b" d/a.Sb and d/a..b.
    objects = {"a/b": ag.Variable(1.0), "a.b": ag.Variable(2.0)}
    path = ag.train.Checkpoint(d=objects).write(str(tmp_path / "w"))
    with np.load(path + ".npz", allow_pickle=False) as archive:
        assert {"d/a.Sb" + _V, "d/a..b" + _V} <= set(archive.files)
    objects["a/b"].assign(0.0)
    ag.train.Checkpoint(d=objects).read(path).assert_consumed()
    assert objects["a/b"].numpy() == 1.0


def test_save_numbers_checkpoints_and_records_the_latest(tmp_path):
    ckpt = ag.train.Checkpoint(model=Dense())
    first, second = ckpt.save(str(tmp_path / "ckpt")), ckpt.save(str(tmp_path / "ckpt"))
    assert (first, second) == (str(tmp_path / "ckpt-1"), str(tmp_path / "ckpt-2"))
    assert _files(tmp_path) == ["checkpoint", "ckpt-1.npz", "ckpt-2.npz"]
    # TensorFlow's state file after Checkpoint.save, as TensorFlow 2.21 writes it.
    assert (tmp_path / "checkpoint").read_text() == (
        'model_checkpoint_path: "ckpt-2"\nall_model_checkpoint_paths: "ckpt-2"\n')
    assert ag.train.latest_checkpoint(str(tmp_path)) == second
    assert ckpt.save_counter.numpy() == 2


def test_restore_brings_back_the_save_counter(tmp_path):
    # TensorFlow: restoring ckpt-1 and saving again writes ckpt-2.
    ckpt = ag.train.Checkpoint(model=Dense())
    first = ckpt.save(str(tmp_path / "ckpt"))
    ckpt.save(str(tmp_path / "ckpt"))
    again = ag.train.Checkpoint(model=Dense())
    again.restore(first).assert_consumed()
    assert again.save_counter.numpy() == 1
    assert again.save(str(tmp_path / "ckpt")) == str(tmp_path / "ckpt-2")


def test_write_and_read_use_the_exact_path_and_no_state_file(tmp_path):
    v = ag.Variable([1.0, 2.0])
    ckpt = ag.train.Checkpoint(v=v)
    assert ckpt.write(str(tmp_path / "sub" / "w")) == str(tmp_path / "sub" / "w")
    assert _files(tmp_path / "sub") == ["w.npz"]
    v.assign([0.0, 0.0])
    ag.train.Checkpoint(v=v).read(str(tmp_path / "sub" / "w")).assert_consumed()
    np.testing.assert_array_equal(v.numpy(), [1.0, 2.0])


@pytest.mark.parametrize("value", [
    np.array([1, -2], np.int32), np.array([True, False]), np.array([1 + 2j], np.complex64),
    np.array(2.5, np.float64), np.array([7], np.uint8), np.array([1.5], np.float16)])
def test_dtypes_round_trip(tmp_path, value):
    v = ag.Variable(value)
    path = ag.train.Checkpoint(v=v).write(str(tmp_path / "w"))
    v.assign(np.zeros_like(value))
    ag.train.Checkpoint(v=v).read(path).assert_consumed()
    assert v.dtype == ag.as_dtype(value.dtype)
    np.testing.assert_array_equal(v.numpy(), value)


def test_strings_round_trip(tmp_path):
    v = ag.Variable(["a", "bcd"])
    path = ag.train.Checkpoint(v=v).write(str(tmp_path / "w"))
    v.assign(["", ""])
    ag.train.Checkpoint(v=v).read(path).assert_consumed()
    assert v.numpy().tolist() == [b"a", b"bcd"]


@pytest.mark.parametrize("value", ["one", [["a", "bc"], ["", "def"]]])
def test_scalar_and_matrix_strings_round_trip(tmp_path, value):
    v = ag.Variable(value)
    path = ag.train.Checkpoint(v=v).write(str(tmp_path / "w"))
    v.assign(np.full(np.shape(value), "x", object))
    ag.train.Checkpoint(v=v).read(path).assert_consumed()
    assert v.dtype == ag.string
    np.testing.assert_array_equal(v.numpy(), np.array(value, dtype=object).astype(bytes))


def test_a_string_ending_in_nul_is_refused(tmp_path):
    with pytest.raises(ValueError, match="^" + re.escape(
            "Variable Variable:0 at 'v' holds a string ending in a NUL byte, which the "
            "checkpoint format (fixed-width bytes) cannot keep; strip trailing NULs "
            "before saving.") + "$"):
        ag.train.Checkpoint(v=ag.Variable([b"a\0"])).write(str(tmp_path / "w"))


def test_loading_refuses_pickled_objects(tmp_path):
    # A file that would need unpickling to load is refused, not run.
    np.savez(tmp_path / "evil.npz", **{".format": np.array("autograph-checkpoint-v1"),
                                       "v": np.array([object()], dtype=object)})
    # The middle of the message is NumPy's reason.
    with pytest.raises(ag.errors.DataLossError, match=(
            "^" + re.escape(f"Cannot read checkpoint '{tmp_path}/evil.npz': ") + r".*[^.]"
            + re.escape(". The file is damaged or was not written by ag.train.Checkpoint.")
            + "$")):
        ag.train.Checkpoint(v=ag.Variable([1.0])).restore(str(tmp_path / "evil"))


def test_a_foreign_npz_is_not_a_checkpoint(tmp_path):
    np.savez(tmp_path / "other.npz", v=np.ones(1))
    with pytest.raises(ag.errors.DataLossError, match="^" + re.escape(
            f"'{tmp_path}/other.npz' is not a checkpoint of format "
            "'autograph-checkpoint-v2' (no '.format' entry naming it); it was not "
            "written by ag.train.Checkpoint.") + "$"):
        ag.train.Checkpoint(v=ag.Variable([1.0])).restore(str(tmp_path / "other"))


def _damaged_message(path, reason):
    return "^" + re.escape(f"Cannot read checkpoint '{path}': {reason}. The file is damaged "
                           "or was not written by ag.train.Checkpoint.") + "$"


def test_a_file_that_is_not_a_zip_archive_is_data_loss(tmp_path):
    (tmp_path / "bad.npz").write_bytes(b"not a zip file")
    with pytest.raises(ag.errors.DataLossError, match=_damaged_message(
            tmp_path / "bad.npz", "it is not a zip archive")):
        ag.train.Checkpoint(v=ag.Variable([1.0])).restore(str(tmp_path / "bad"))


def test_a_truncated_checkpoint_is_data_loss(tmp_path):
    path = ag.train.Checkpoint(v=ag.Variable(np.ones(100))).write(str(tmp_path / "w"))
    data = (tmp_path / "w.npz").read_bytes()
    (tmp_path / "w.npz").write_bytes(data[:len(data) // 2])
    with pytest.raises(ag.errors.DataLossError, match=_damaged_message(
            tmp_path / "w.npz", "it is not a zip archive")):
        ag.train.Checkpoint(v=ag.Variable(np.ones(100))).restore(path)


def test_a_corrupted_array_in_a_checkpoint_is_data_loss(tmp_path):
    v = ag.Variable(np.ones(100))
    path = ag.train.Checkpoint(v=v).write(str(tmp_path / "w"))
    data = bytearray((tmp_path / "w.npz").read_bytes())
    start = data.rindex(b"\x93NUMPY")
    data[start + 200:start + 220] = bytes(20)  # inside the array's bytes: the CRC fails
    (tmp_path / "w.npz").write_bytes(bytes(data))
    with pytest.raises(ag.errors.DataLossError, match=_damaged_message(
            tmp_path / "w.npz", f"Bad CRC-32 for file 'v{_V}.npy'")):
        ag.train.Checkpoint(v=v).restore(path)


def test_restore_of_a_missing_path_is_not_found(tmp_path):
    # TensorFlow: NotFoundError, hinting at the checkpoint suffix ('-1').
    with pytest.raises(ag.errors.NotFoundError, match="^" + re.escape(
            f"No checkpoint at '{tmp_path}/ckpt-9': '{tmp_path}/ckpt-9.npz' does not "
            "exist. Check the path; a checkpoint path ends in its number (the '-1' in "
            "'path/to/ckpt-1'), without the '.npz'.") + "$"):
        ag.train.Checkpoint(v=ag.Variable(1.0)).restore(str(tmp_path / "ckpt-9"))


def test_restore_of_a_directory_points_to_latest_checkpoint(tmp_path):
    with pytest.raises(ag.errors.NotFoundError, match="^" + re.escape(
            f"No checkpoint at '{tmp_path}': '{tmp_path}.npz' does not exist. "
            f"'{tmp_path}' is a directory: pass a checkpoint in it, e.g. "
            f"ag.train.latest_checkpoint('{tmp_path}').") + "$"):
        ag.train.Checkpoint(v=ag.Variable(1.0)).restore(str(tmp_path))


def test_restore_none_restores_nothing():
    # TensorFlow's message for restore(None).assert_consumed().
    status = ag.train.Checkpoint(v=ag.Variable(1.0)).restore(None)
    with pytest.raises(AssertionError, match="^" + re.escape(
            "No checkpoint specified (save_path=None); nothing is being restored.") + "$"):
        status.assert_consumed()
    assert status.expect_partial() is status


def test_an_object_that_is_not_trackable_is_refused():
    # TensorFlow: ValueError "`Checkpoint` was expecting x to be a trackable object ..., got 3."
    with pytest.raises(ValueError, match="^" + re.escape(
            "ag.train.Checkpoint was expecting x to be a variable, an object with "
            "_trackable_children (such as an ag.Module or an optimizer), or a list or "
            "dict of them; got 3 (int).") + "$"):
        ag.train.Checkpoint(x=3)


def test_save_counter_is_a_reserved_name():
    # TensorFlow raises AttributeError (the property has no setter); a ValueError says why.
    with pytest.raises(ValueError, match="^" + re.escape(
            "save_counter is the name of the checkpoint's own counter of saves; give the "
            "object another name.") + "$"):
        ag.train.Checkpoint(save_counter=ag.Variable(1))


def test_root_children_are_top_level(tmp_path):
    model = Dense()
    path = ag.train.Checkpoint(root=model).write(str(tmp_path / "w"))
    with np.load(path + ".npz", allow_pickle=False) as archive:
        assert "w" + _V in archive.files and "layers/0" + _V in archive.files


def test_a_function_sees_restored_values(tmp_path):
    v = ag.Variable([1.0, 2.0])

    @ag.function
    def double():
        return v * 2.0

    path = ag.train.Checkpoint(v=v).save(str(tmp_path / "ckpt"))
    v.assign([10.0, 20.0])
    np.testing.assert_array_equal(double().numpy(), [20.0, 40.0])
    ag.train.Checkpoint(v=v).restore(path)
    np.testing.assert_array_equal(double().numpy(), [2.0, 4.0])
    assert double.experimental_get_tracing_count() == 1


def test_variables_made_inside_a_function_are_saved(tmp_path):
    class Counter(ag.Module):
        def __init__(self):
            super().__init__()
            self.count = None

        @ag.function
        def increment(self):
            if self.count is None:
                self.count = ag.Variable(0)
            self.count.assign_add(1)
            return self.count.read_value()

    counter = Counter()
    counter.increment()
    counter.increment()
    path = ag.train.Checkpoint(counter=counter).save(str(tmp_path / "ckpt"))
    counter.increment()
    ag.train.Checkpoint(counter=counter).restore(path).assert_consumed()
    assert counter.increment().numpy() == 3


@pytest.mark.parametrize("method", ["save", "write", "read"])
def test_save_write_and_read_inside_a_function_are_errors(tmp_path, method):
    # TensorFlow 2.21 writes and reads from inside a tf.function; ours does so eagerly only
    path = ag.train.Checkpoint(v=ag.Variable(1.0)).write(str(tmp_path / "saved"))
    ckpt = ag.train.Checkpoint(v=ag.Variable(0.0))

    @ag.function
    def call():
        getattr(ckpt, method)(path if method == "read" else str(tmp_path / "ckpt"))
        return 1

    # The function puts the frames of user code before the message.
    with pytest.raises(RuntimeError, match=r"(?s)^in user code:\n\n.*\n\n    RuntimeError: "
                       + re.escape(f"Checkpoint.{method} runs eagerly, but it was called while "
                                   f"a graph is being built (inside an ag.function or an "
                                   f"ag.Graph). Call it outside the function; the variables "
                                   f"the function uses are saved and restored all the same.")
                       + "$"):
        call()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["saved.npz"]
    assert ckpt.v.numpy() == 0.0


def test_the_save_counter_is_not_trainable():
    assert ag.train.Checkpoint().save_counter.trainable is False  # TensorFlow 2.21: False


def test_graph_variables_are_refused(tmp_path):
    with ag.Graph().as_default():
        v = ag.Variable(1.0)
    with pytest.raises(ValueError, match="^" + re.escape(
            "Variable Variable:0 at 'v' belongs to a graph (TensorFlow 1 style): its "
            "value lives in a Session. ag.train.Checkpoint saves eager variables; create "
            "the variables outside any ag.Graph.") + "$"):
        ag.train.Checkpoint(v=v).write(str(tmp_path / "w"))


def test_trackable_children_must_return_a_dict(tmp_path):
    class Bad:
        def _trackable_children(self):
            return [ag.Variable(1.0)]

    with pytest.raises(TypeError, match="^" + re.escape(
            "Bad._trackable_children() returned a list; it must return a dict of name -> "
            "child.") + "$"):
        ag.train.Checkpoint(bad=Bad()).write(str(tmp_path / "w"))


def test_trackable_children_values_must_be_state(tmp_path):
    class Bad:
        def _trackable_children(self):
            return {"n": 3}

    with pytest.raises(TypeError, match="^" + re.escape(
            "Bad._trackable_children() returned 'n': int; children must be variables, "
            "objects with _trackable_children, lists or dicts of them, or None.") + "$"):
        ag.train.Checkpoint(bad=Bad()).write(str(tmp_path / "w"))


def test_objects_are_attributes_and_attributes_are_objects(tmp_path):
    # TensorFlow's guide: ckpt = tf.train.Checkpoint(step=tf.Variable(1), ...);
    # ckpt.step.assign_add(1); objects assigned as attributes later are saved too.
    ckpt = ag.train.Checkpoint(step=ag.Variable(1))
    ckpt.step.assign_add(1)
    ckpt.model = Dense()
    path = ckpt.write(str(tmp_path / "w"))
    with np.load(path + ".npz", allow_pickle=False) as archive:
        assert archive["step" + _V] == 2 and "model/w" + _V in archive.files
    with pytest.raises(AttributeError, match="^" + re.escape(
            "This ag.train.Checkpoint has no object 'optimizer'; it has ['model', "
            "'step'].") + "$"):
        ckpt.optimizer


def test_variables_on_each_device_round_trip(tmp_path, device):
    v = ag.Variable([1.0, 2.0])
    placed = v.device
    path = ag.train.Checkpoint(v=v).write(str(tmp_path / "w"))
    v.assign([0.0, 0.0])
    ag.train.Checkpoint(v=v).read(path).assert_consumed()
    np.testing.assert_array_equal(v.numpy(), [1.0, 2.0])
    assert v.device == placed and device in placed


def test_list_variables_names_each_value_with_its_shape(tmp_path):
    module = ag.Module()
    module.w = ag.Variable(np.zeros((3, 2), np.float32))
    module.b = ag.Variable(np.zeros(2, np.float32))
    path = ag.train.Checkpoint(model=module).save(str(tmp_path / "ckpt"))
    # TensorFlow 2.21 gives these keys and shapes.
    assert ag.train.list_variables(path) == [
        ("_CHECKPOINTABLE_OBJECT_GRAPH", []), ("model/b" + _V, [2]), ("model/w" + _V, [3, 2]),
        ("save_counter" + _V, [])]
    assert ag.train.list_variables(str(tmp_path)) == ag.train.list_variables(path)


def test_a_checkpoint_saved_under_a_bare_name_lands_in_the_working_directory(tmp_path,
                                                                           monkeypatch):
    # TensorFlow 2.21: save("ckpt") returns "ckpt-1", and restoring it gives [1.0]
    monkeypatch.chdir(tmp_path)
    path = ag.train.Checkpoint(v=ag.Variable([1.0])).save("ckpt")
    restored = ag.train.Checkpoint(v=ag.Variable([0.0]))
    restored.restore(path)
    assert path == "ckpt-1" and (tmp_path / "ckpt-1.npz").is_file()
    np.testing.assert_array_equal(restored.v.numpy(), [1.0])


def test_a_checkpoint_file_gets_the_mode_the_umask_gives_new_files(tmp_path):
    umask = os.umask(0o022)
    os.umask(umask)
    path = ag.train.Checkpoint(v=ag.Variable([1.0])).save(str(tmp_path / "ckpt"))
    assert os.stat(path + ".npz").st_mode & 0o777 == 0o666 & ~umask
