"""A process killed (SIGKILL) in the middle of a save leaves the previous checkpoint whole.

A child process saves a large checkpoint in a loop; the parent kills it at a deterministic
point (a file the child writes: just before a save, or from inside the save, between writing
the values and renaming them into place, or between that rename and the state file's), then
restores what the directory says is the latest checkpoint.
"""

import pathlib
import signal

import numpy as np
import pytest

import autograph as ag
from tests.killing import kill_when

ROOT = pathlib.Path(__file__).resolve().parents[2]
SIZE = 1 << 22  # 4M float32: 16 MiB a save

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")

CHILD = """
import os, sys, time
import numpy as np
import autograph as ag
from tests.killing import kill_when

directory, pause_in = sys.argv[1], sys.argv[2]
parent = os.getppid()  # the test; if it dies without killing us, we stop too
v = ag.Variable(np.zeros({size}, np.float32))
manager = ag.train.CheckpointManager(ag.train.Checkpoint(v=v), directory, max_to_keep=2)

def trigger(name):
    with open(os.path.join(directory, name), "w"):
        pass

def pause_at(function, when):
    def paused(*args):
        result = function(*args)
        if when(*args):
            trigger("paused")
            while os.getppid() == parent:
                time.sleep(0.05)
            sys.exit(1)
        return result
    return paused

if pause_in == "values":  # after the values are written and fsynced, before the rename
    os.fsync = pause_at(os.fsync, lambda fd: v.numpy()[0] == 3)
elif pause_in == "state":  # after the values are renamed into place, before the state file
    os.replace = pause_at(os.replace, lambda src, dst: dst.endswith("ckpt-3.npz"))
for i in range(1, 1000):
    if os.getppid() != parent:
        sys.exit(1)
    v.assign(np.full({size}, i, np.float32))
    trigger(f"about-to-save-{{i}}")
    manager.save()
""".format(size=SIZE)


def _kill_when(directory, trigger, pause_in):
    kill_when(CHILD, [str(directory), pause_in], directory / trigger)


def _restore_latest(directory):
    latest = ag.train.latest_checkpoint(str(directory))
    v = ag.Variable(np.zeros(SIZE, np.float32))
    ag.train.Checkpoint(v=v).restore(latest).assert_consumed()
    values = v.numpy()
    np.testing.assert_array_equal(values, np.full(SIZE, values[0], np.float32))  # not torn
    return latest, int(values[0])


def test_a_kill_during_the_third_save_keeps_a_whole_checkpoint(tmp_path):
    _kill_when(tmp_path, "about-to-save-3", "nowhere")
    latest, value = _restore_latest(tmp_path)
    # The kill lands during the third save or just after it: the latest is whichever
    # finished, and it holds the values saved with its number.
    assert latest in (str(tmp_path / "ckpt-2"), str(tmp_path / "ckpt-3"))
    assert value == int(latest.rsplit("-", 1)[1])


def test_a_kill_before_the_values_are_renamed_keeps_the_previous(tmp_path):
    _kill_when(tmp_path, "paused", "values")
    assert not (tmp_path / "ckpt-3.npz").exists()
    assert [p.name for p in tmp_path.glob(".ckpt-3.npz.*.tmp")] != []  # the partial save
    assert _restore_latest(tmp_path) == (str(tmp_path / "ckpt-2"), 2)


def test_a_kill_before_the_state_file_is_written_keeps_the_previous(tmp_path):
    _kill_when(tmp_path, "paused", "state")
    assert (tmp_path / "ckpt-3.npz").exists()
    assert _restore_latest(tmp_path) == (str(tmp_path / "ckpt-2"), 2)
    # The manager made next picks up the recorded checkpoints.
    manager = ag.train.CheckpointManager(ag.train.Checkpoint(v=ag.Variable(0.0)),
                                         str(tmp_path), max_to_keep=2)
    assert manager.checkpoints == [str(tmp_path / "ckpt-1"), str(tmp_path / "ckpt-2")]
