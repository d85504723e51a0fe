"""`ag.train.CheckpointManager` and `ag.train.latest_checkpoint`: numbering, deletion, state.

Expected lists and state files are TensorFlow 2.21's answers for the same calls (its state file
also records timestamps, which this one leaves out).
"""

import os
import re

import numpy as np
import pytest

import autograph as ag


def _manager(directory, max_to_keep=2, value=1.0, **kwargs):
    ckpt = ag.train.Checkpoint(v=ag.Variable(value))
    return ag.train.CheckpointManager(ckpt, str(directory), max_to_keep=max_to_keep, **kwargs)


def test_saves_are_numbered_and_the_oldest_deleted(tmp_path):
    manager = _manager(tmp_path)
    assert manager.latest_checkpoint is None and manager.checkpoints == []
    paths = [manager.save() for _ in range(4)]
    assert paths == [str(tmp_path / f"ckpt-{i}") for i in range(1, 5)]
    assert manager.checkpoints == paths[2:]
    assert sorted(os.listdir(tmp_path)) == ["checkpoint", "ckpt-3.npz", "ckpt-4.npz"]
    assert (tmp_path / "checkpoint").read_text() == (
        'model_checkpoint_path: "ckpt-4"\n'
        'all_model_checkpoint_paths: "ckpt-3"\n'
        'all_model_checkpoint_paths: "ckpt-4"\n')


def test_latest_checkpoint_is_the_newest_save(tmp_path):
    manager = _manager(tmp_path)
    manager.save()
    newest = manager.save()
    assert manager.latest_checkpoint == newest
    assert ag.train.latest_checkpoint(str(tmp_path)) == newest


def test_an_explicit_number_still_advances_the_counter(tmp_path):
    manager = _manager(tmp_path)
    for _ in range(4):
        manager.save()
    assert manager.save(checkpoint_number=10) == str(tmp_path / "ckpt-10")
    assert manager.checkpoints == [str(tmp_path / "ckpt-4"), str(tmp_path / "ckpt-10")]
    assert manager.checkpoint.save_counter.numpy() == 5


def test_a_save_under_a_number_already_kept_moves_it_to_the_newest(tmp_path):
    # TensorFlow 2.21, max_to_keep=2, saving numbers 1, 2, 1, 3: the lists after each save
    # are [1], [1, 2], [2, 1], [1, 3]; ckpt-2 alone is deleted.
    manager = _manager(tmp_path)
    listed = []
    for number in (1, 2, 1, 3):
        manager.save(checkpoint_number=number)
        listed.append([os.path.basename(p) for p in manager.checkpoints])
    assert listed == [["ckpt-1"], ["ckpt-1", "ckpt-2"], ["ckpt-2", "ckpt-1"],
                      ["ckpt-1", "ckpt-3"]]
    assert sorted(os.listdir(tmp_path)) == ["checkpoint", "ckpt-1.npz", "ckpt-3.npz"]
    assert (tmp_path / "checkpoint").read_text() == (
        'model_checkpoint_path: "ckpt-3"\n'
        'all_model_checkpoint_paths: "ckpt-1"\n'
        'all_model_checkpoint_paths: "ckpt-3"\n')


def test_a_new_manager_picks_up_the_directory(tmp_path):
    first = _manager(tmp_path)
    for _ in range(4):
        first.save()
    first.save(checkpoint_number=10)
    second = _manager(tmp_path, max_to_keep=3, value=0.0)
    assert second.latest_checkpoint == str(tmp_path / "ckpt-10")
    assert second.checkpoints == [str(tmp_path / "ckpt-4"), str(tmp_path / "ckpt-10")]
    assert second.save() == str(tmp_path / "ckpt-1")  # its own counter starts at 0
    assert second.checkpoints == [str(tmp_path / f"ckpt-{i}") for i in (4, 10, 1)]


def test_max_to_keep_none_keeps_every_checkpoint(tmp_path):
    manager = _manager(tmp_path, max_to_keep=None)
    paths = [manager.save() for _ in range(3)]
    assert manager.checkpoints == paths
    assert sorted(os.listdir(tmp_path)) == ["checkpoint", "ckpt-1.npz", "ckpt-2.npz",
                                            "ckpt-3.npz"]


@pytest.mark.parametrize("bad", [0, -1, 1.5, True])
def test_max_to_keep_must_be_positive(tmp_path, bad):
    with pytest.raises(ValueError) as raised:
        _manager(tmp_path, max_to_keep=bad)
    assert str(raised.value) == (
        f"Expected a positive integer or `None` for `max_to_keep`, got {bad!r}.")


def test_the_manager_needs_a_checkpoint(tmp_path):
    with pytest.raises(TypeError) as raised:
        ag.train.CheckpointManager(ag.Variable(1.0), str(tmp_path), max_to_keep=1)
    assert str(raised.value) == (
        "CheckpointManager needs an ag.train.Checkpoint; got Variable. Wrap the objects: "
        "ag.train.Checkpoint(model=model, optimizer=optimizer).")


def test_checkpoint_name_prefixes_the_files(tmp_path):
    manager = _manager(tmp_path, max_to_keep=1, checkpoint_name="model")
    assert manager.save() == str(tmp_path / "model-1")
    assert manager.directory == str(tmp_path)


def test_restore_or_initialize_restores_the_latest(tmp_path):
    manager = _manager(tmp_path, value=3.0)
    path = manager.save()
    restored = _manager(tmp_path, value=0.0)
    assert restored.restore_or_initialize() == path
    assert restored.checkpoint.v.numpy() == 3.0
    assert restored.checkpoint.save_counter.numpy() == 1


def test_restore_or_initialize_calls_init_fn_when_there_is_none(tmp_path):
    called = []
    manager = _manager(tmp_path, init_fn=lambda: called.append(True))
    assert manager.restore_or_initialize() is None and called == [True]


def test_latest_checkpoint_of_a_missing_or_empty_directory_is_none(tmp_path):
    assert ag.train.latest_checkpoint(str(tmp_path / "missing")) is None
    assert ag.train.latest_checkpoint(str(tmp_path)) is None


def test_latest_checkpoint_whose_file_is_gone_is_none(tmp_path):
    path = _manager(tmp_path).save()
    os.remove(path + ".npz")
    assert ag.train.latest_checkpoint(str(tmp_path)) is None


def test_latest_checkpoint_reads_tensorflows_state_file(tmp_path):
    # A state file as TensorFlow writes it, timestamps included.
    np.savez(tmp_path / "ckpt-4.npz", **{".format": np.array("autograph-checkpoint-v1")})
    (tmp_path / "checkpoint").write_text(
        'model_checkpoint_path: "ckpt-4"\nall_model_checkpoint_paths: "ckpt-4"\n'
        'all_model_checkpoint_timestamps: 1795600179.8745446\n'
        'last_preserved_timestamp: 1795600178.8388646\n')
    assert ag.train.latest_checkpoint(str(tmp_path)) == str(tmp_path / "ckpt-4")


def test_latest_checkpoint_reads_past_blank_and_timestamp_lines(tmp_path):
    np.savez(tmp_path / "ckpt-4.npz", **{".format": np.array("autograph-checkpoint-v1")})
    (tmp_path / "checkpoint").write_text(
        '\nlast_preserved_timestamp: 1795600178.8388646\nmodel_checkpoint_path: "ckpt-4"\n')
    assert ag.train.latest_checkpoint(str(tmp_path)) == str(tmp_path / "ckpt-4")


def test_a_damaged_state_file_is_data_loss(tmp_path):
    (tmp_path / "checkpoint").write_text("model_checkpoint_path ckpt-4\n")
    with pytest.raises(ag.errors.DataLossError, match="^" + re.escape(
            f"'{tmp_path}/checkpoint' line 1: cannot parse 'model_checkpoint_path "
            "ckpt-4'; expected 'key: \"path\"'. Delete or fix the file.") + "$"):
        ag.train.latest_checkpoint(str(tmp_path))


def test_a_save_that_fails_takes_its_number_back(tmp_path):
    it = iter(ag.data.Dataset.from_generator(lambda: iter(range(3)),
                                             output_signature=ag.TensorSpec((), ag.int64)))
    next(it)
    checkpoint = ag.train.Checkpoint(it=it)
    manager = ag.train.CheckpointManager(checkpoint, str(tmp_path), max_to_keep=2)
    with pytest.raises(ValueError, match="Cannot save the position of an iterator"):
        manager.save()
    assert int(checkpoint.save_counter.numpy()) == 0 and manager.latest_checkpoint is None
    assert list(tmp_path.iterdir()) == []  # nothing written
