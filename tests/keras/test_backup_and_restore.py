"""`ag.keras.callbacks.BackupAndRestore`: an interrupted `fit` resumes where the backup was
made, against TensorFlow 2.21 / Keras 3.15's answers (the same program run there)."""

import json
import os

import numpy as np
import pytest

import autograph as ag

X = np.arange(24, dtype=np.float32).reshape(8, 3) / 10
Y = np.ones((8, 1), np.float32)
FINAL_KERNEL = [0.00167885422706604, 0.04291548579931259, 0.08415211737155914]
FINAL_BIAS = 0.41236621141433716


def _model():
    model = ag.keras.Sequential([ag.keras.Input((3,)), ag.keras.layers.Dense(
        1, kernel_initializer="zeros")])
    model.compile(optimizer=ag.keras.optimizers.SGD(0.1), loss="mse")
    return model


class _Interrupt(ag.keras.callbacks.Callback):
    def __init__(self, at_batch):
        super().__init__()
        self.at_batch, self.seen = at_batch, 0

    def on_train_batch_begin(self, batch, logs=None):
        self.seen += 1
        if self.seen == self.at_batch:
            raise RuntimeError("interrupted")


def _interrupted_fit(backup_dir, at_batch, **options):
    callback = ag.keras.callbacks.BackupAndRestore(backup_dir, **options)
    with pytest.raises(RuntimeError, match="interrupted"):
        _model().fit(X, Y, batch_size=4, epochs=4, shuffle=False, verbose=0,
                     callbacks=[callback, _Interrupt(at_batch)])
    with open(os.path.join(backup_dir, "training_metadata.json")) as file:
        return sorted(os.listdir(backup_dir)), json.load(file)


def test_an_interrupted_fit_leaves_a_backup_of_the_last_epoch(tmp_path):
    files, metadata = _interrupted_fit(str(tmp_path / "backup"), at_batch=5)
    assert files == ["latest.weights.h5", "training_metadata.json"]
    assert metadata == {"epoch": 2, "batch": 0}


def test_a_resumed_fit_ends_as_an_uninterrupted_one_and_deletes_the_backup(tmp_path):
    backup = str(tmp_path / "backup")
    _interrupted_fit(backup, at_batch=5)
    model = _model()
    history = model.fit(X, Y, batch_size=4, epochs=4, shuffle=False, verbose=0,
                        callbacks=[ag.keras.callbacks.BackupAndRestore(backup)])
    assert history.epoch == [2, 3]
    np.testing.assert_allclose(history.history["loss"],
                               [0.25292226672172546, 0.1454484760761261], rtol=1e-5)
    kernel, bias = model.get_weights()
    np.testing.assert_allclose(kernel[:, 0], FINAL_KERNEL, rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(bias, [FINAL_BIAS], rtol=1e-5)
    assert not os.path.exists(backup)


def test_a_backup_every_batch_reruns_the_interrupted_epoch_from_its_last_batch(tmp_path):
    backup = str(tmp_path / "backup")
    _, metadata = _interrupted_fit(backup, at_batch=4, save_freq=1)
    assert metadata == {"epoch": 1, "batch": 0}
    model = _model()
    history = model.fit(X, Y, batch_size=4, epochs=4, shuffle=False, verbose=0,
                        callbacks=[ag.keras.callbacks.BackupAndRestore(backup, save_freq=1)])
    assert history.epoch == [1, 2, 3]
    np.testing.assert_allclose(history.history["loss"], [0.3012200593948364,
                                                         0.28771790862083435,
                                                         0.13872674107551575], rtol=1e-5)


def test_a_save_frequency_that_is_not_epoch_or_a_number_is_refused(tmp_path):
    with pytest.raises(ValueError, match="^Invalid value for argument `save_freq`. Received: "
                                         "save_freq=bogus. Expected either 'epoch' or an "
                                         "integer value.$"):
        ag.keras.callbacks.BackupAndRestore(str(tmp_path), save_freq="bogus")


def test_an_empty_backup_directory_is_refused():
    with pytest.raises(ValueError, match="^Empty `backup_dir` argument passed$"):
        ag.keras.callbacks.BackupAndRestore("")


def test_a_double_checkpoint_falls_back_to_the_previous_backup(tmp_path):
    backup = str(tmp_path / "backup")
    files, metadata = _interrupted_fit(backup, at_batch=7, double_checkpoint=True)
    assert files == ["latest.weights.h5", "latest.weights.h5.bkp", "training_metadata.json",
                     "training_metadata.json.bkp"]
    assert metadata == {"epoch": 3, "batch": 0}
    with open(os.path.join(backup, "latest.weights.h5"), "wb") as file:
        file.write(b"not an HDF5 file")
    history = _model().fit(X, Y, batch_size=4, epochs=4, shuffle=False, verbose=0,
                           callbacks=[ag.keras.callbacks.BackupAndRestore(backup)])
    assert history.epoch == [2, 3]
