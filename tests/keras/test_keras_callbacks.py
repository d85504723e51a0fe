"""ag.keras.callbacks: the hooks fit, evaluate and predict call, in Keras 3's order, and the
built-in callbacks. Expected values were recorded from TensorFlow 2.21 (Keras 3.15) on the
same fits (see fit_cases.py)."""

import json
import os
import pathlib
import re
import warnings

import numpy as np
import pytest

import autograph as ag
from tests.keras import monitor_cases
from tests.keras.fit_cases import MAE, X, Y, assert_history, assert_weights, model

keras = ag.keras
callbacks = keras.callbacks
Y_OFF = Y * 0.5 - 1  # validation targets the fit moves away from: val_loss rises


class Recorder(callbacks.Callback):
    """Every hook call: [hook, epoch or batch (None for begin/end hooks), sorted log keys]."""

    def __init__(self):
        super().__init__()
        self.calls = []

    def set_model(self, model):
        self.calls.append(["set_model", None, None])
        super().set_model(model)

    def set_params(self, params):
        self.calls.append(["set_params", None, sorted(params)])
        super().set_params(params)


def _record(hook, numbered):
    if numbered:
        def method(self, index, logs=None):
            self.calls.append([hook, index, None if logs is None else sorted(logs)])
    else:
        def method(self, logs=None):
            self.calls.append([hook, None, None if logs is None else sorted(logs)])
    return method


for _hook in ("train_begin", "train_end", "test_begin", "test_end", "predict_begin",
              "predict_end"):
    setattr(Recorder, f"on_{_hook}", _record(_hook, False))
for _hook in ("epoch_begin", "epoch_end", "train_batch_begin", "train_batch_end",
              "test_batch_begin", "test_batch_end", "predict_batch_begin",
              "predict_batch_end"):
    setattr(Recorder, f"on_{_hook}", _record(_hook, True))

_SETUP = [["set_model", None, None], ["set_params", None, ["epochs", "steps", "verbose"]]]
_VALIDATION = [["test_begin", None, []],
               ["test_batch_begin", 0, []], ["test_batch_end", 0, ["loss", "mean_absolute_error"]],
               ["test_batch_begin", 1, []], ["test_batch_end", 1, ["loss", "mean_absolute_error"]],
               ["test_end", None, ["loss", "mean_absolute_error"]]]
_EPOCH_LOGS = ["loss", "mean_absolute_error", "val_loss", "val_mean_absolute_error"]


def _epoch(epoch):
    return [["epoch_begin", epoch, []],
            ["train_batch_begin", 0, []],
            ["train_batch_end", 0, ["loss", "mean_absolute_error"]],
            ["train_batch_begin", 1, []],
            ["train_batch_end", 1, ["loss", "mean_absolute_error"]],
            *_VALIDATION, ["epoch_end", epoch, _EPOCH_LOGS]]


# TensorFlow 2.21 (Keras 3.15), the same 2-epoch fit of 2 batches with validation data
_FIT_HOOKS = [*_SETUP, ["train_begin", None, []], *_epoch(0), *_epoch(1),
              ["train_end", None, _EPOCH_LOGS]]


def test_fit_calls_every_hook_in_keras_order_with_keras_logs():
    recorder = Recorder()
    x, y = X[:4], Y[:4]
    model(metrics=[MAE]).fit(x, y, batch_size=2, epochs=2, validation_data=(x, y),
                             callbacks=[recorder], verbose=0)
    assert recorder.calls == _FIT_HOOKS


def test_evaluate_calls_the_test_hooks_in_keras_order():
    recorder = Recorder()
    model(metrics=[MAE]).evaluate(X[:4], Y[:4], batch_size=2, callbacks=[recorder], verbose=0)
    assert recorder.calls == [*_SETUP, *_VALIDATION]


def test_predict_calls_the_predict_hooks_with_the_outputs():
    recorder = Recorder()
    model().predict(X[:4], batch_size=2, callbacks=[recorder], verbose=0)
    assert recorder.calls == [*_SETUP, ["predict_begin", None, []],
                              ["predict_batch_begin", 0, []],
                              ["predict_batch_end", 0, ["outputs"]],
                              ["predict_batch_begin", 1, []],
                              ["predict_batch_end", 1, ["outputs"]],
                              ["predict_end", None, []]]


def test_predict_batch_logs_hold_each_batchs_outputs_as_arrays():
    shapes = []
    model().predict(X, batch_size=4, verbose=0, callbacks=[callbacks.LambdaCallback(
        on_predict_batch_end=lambda batch, logs: shapes.append(
            (batch, type(logs["outputs"]).__name__, list(logs["outputs"].shape))))])
    assert shapes == [(0, "ndarray", [4, 1]), (1, "ndarray", [4, 1]), (2, "ndarray", [2, 1])]


def test_fit_returns_the_history_the_model_keeps_and_its_params():
    made = model()
    history = made.fit(X, Y, batch_size=5, epochs=2, verbose=0)
    assert made.history is history and history.epoch == [0, 1]
    assert history.params == {"verbose": 0, "epochs": 2, "steps": 2}


def test_fit_returns_a_history_it_was_given():
    # as TensorFlow 2.21: no second History is added
    given, made = callbacks.History(), model()
    assert made.fit(X, Y, epochs=2, verbose=0, callbacks=[given]) is given
    assert made.history is given and given.epoch == [0, 1]


def test_a_given_progbar_logger_prints_each_epoch_once(capsys):
    # as TensorFlow 2.21: no second ProgbarLogger is added
    model().fit(X, Y, epochs=2, verbose=2, callbacks=[callbacks.ProgbarLogger()])
    lines = capsys.readouterr().out.splitlines()
    assert [line for line in lines if line.startswith("Epoch")] == ["Epoch 1/2", "Epoch 2/2"]
    assert len([line for line in lines if line.startswith("1/1 - ")]) == 2


def test_a_callback_list_is_used_as_given():
    recorder = Recorder()
    made = model()
    given = callbacks.CallbackList([recorder], add_history=True, model=made, verbose=0,
                                   epochs=1, steps=2)
    made.fit(X, Y, batch_size=5, epochs=1, verbose=0, callbacks=given)
    assert recorder.calls[:3] == [*_SETUP, ["train_begin", None, []]]
    assert made.history.epoch == [0]


def test_a_callback_list_flattens_nested_logs_and_keeps_what_is_not_a_number():
    # TensorFlow 2.21's pythonify_logs: the same names, types and values, in this order
    seen = []
    given = callbacks.LambdaCallback(on_epoch_end=lambda epoch, logs: seen.append(logs))
    callbacks.CallbackList([given]).on_epoch_end(0, {
        "z": np.float32(0.5), "a": {"b": np.float64(1.5), "c": "text"},
        "d": np.array([1, 2]), "e": [3]})
    assert [(name, type(value).__name__) for name, value in seen[0].items()] == [
        ("b", "float"), ("c", "str"), ("d", "ndarray"), ("e", "list"), ("z", "float")]
    assert seen[0]["b"] == 1.5 and seen[0]["c"] == "text" and seen[0]["z"] == 0.5
    assert seen[0]["d"].tolist() == [1, 2] and seen[0]["e"] == [3]


def test_something_not_a_callback_is_refused():
    with pytest.raises(TypeError, match="^" + re.escape(
            "callbacks must be ag.keras.callbacks.Callback objects (a subclass, or "
            "LambdaCallback for plain functions); got 'print'.") + "$"):
        model().fit(X, Y, verbose=0, callbacks=["print"])


class _StopAtBatch1(callbacks.Callback):
    def __init__(self):
        super().__init__()
        self.calls = []

    def on_train_batch_end(self, batch, logs=None):
        self.calls.append(["train_batch_end", batch])
        if batch == 1:
            self.model.stop_training = True

    def on_test_begin(self, logs=None):
        self.calls.append(["test_begin"])

    def on_epoch_end(self, epoch, logs=None):
        self.calls.append(["epoch_end", epoch, sorted(logs)])

    def on_train_end(self, logs=None):
        self.calls.append(["train_end", sorted(logs)])


def test_stop_training_in_a_batch_ends_the_epoch_then_validates_and_stops():
    stop = _StopAtBatch1()
    history = model().fit(X, Y, batch_size=2, epochs=3, validation_data=(X, Y),
                          shuffle=False, verbose=0, callbacks=[stop])
    assert stop.calls == [["train_batch_end", 0], ["train_batch_end", 1], ["test_begin"],
                          ["epoch_end", 0, ["loss", "val_loss"]],
                          ["train_end", ["loss", "val_loss"]]]
    assert_history(history, {"loss": [0.362502], "val_loss": [0.575754]})


def test_lambda_callback_runs_the_functions_it_was_given():
    seen = []
    model().fit(X, Y, batch_size=5, epochs=2, verbose=0, callbacks=[callbacks.LambdaCallback(
        on_epoch_end=lambda epoch, logs: seen.append((epoch, sorted(logs))),
        on_train_batch_begin=lambda batch, logs: seen.append(("batch", batch)))])
    assert seen == [("batch", 0), ("batch", 1), (0, ["loss"]),
                    ("batch", 0), ("batch", 1), (1, ["loss"])]


# -- EarlyStopping --------------------------------------------------------------------------

def test_early_stopping_stops_when_val_loss_rises_and_restores_the_best_weights():
    made = model(lr=0.05)
    stop = callbacks.EarlyStopping(patience=1, restore_best_weights=True)
    history = made.fit(X, Y, batch_size=5, epochs=20, validation_data=(X, Y_OFF),
                       shuffle=False, verbose=0, callbacks=[stop])
    assert_history(history, {"loss": [1.135628, 0.192154], "val_loss": [1.434675, 2.169961]})
    assert (stop.stopped_epoch, stop.best_epoch) == (1, 0)
    assert stop.best == pytest.approx(1.434675, rel=1e-5)
    assert_weights(made, [[[0.721], [-0.008849]], [0.201513]])  # the first epoch's


def test_early_stopping_from_epoch_waits_before_watching():
    stop = callbacks.EarlyStopping(monitor="loss", mode="max", start_from_epoch=2)
    history = model(lr=0.05).fit(X, Y, batch_size=5, epochs=10, shuffle=False, verbose=0,
                                 callbacks=[stop])
    assert history.epoch == [0, 1, 2, 3] and stop.stopped_epoch == 3


def test_early_stopping_never_stops_while_improving_short_of_the_baseline():
    # improvements short of the baseline do not reset the wait, but Keras stops only at an
    # epoch without improvement: a fit that improves every epoch runs to the end
    stop = callbacks.EarlyStopping(monitor="loss", baseline=1e-9, patience=2)
    history = model(lr=0.05).fit(X, Y, batch_size=5, epochs=10, shuffle=False, verbose=0,
                                 callbacks=[stop])
    assert history.epoch == list(range(10)) and stop.stopped_epoch == 0


def test_early_stopping_on_a_missing_value_warns_as_keras_and_goes_on():
    with pytest.warns(UserWarning, match="^" + re.escape(
            "Early stopping conditioned on metric `val_loss` which is not available. "
            "Available metrics are: loss") + "$"):
        history = model().fit(X, Y, batch_size=5, epochs=2, verbose=0,
                              callbacks=[callbacks.EarlyStopping()])
    assert history.epoch == [0, 1]


def test_early_stopping_on_a_name_of_unknown_direction_is_refused_as_keras_does():
    with pytest.raises(ValueError, match="^" + re.escape(
            "EarlyStopping callback received monitor=foo, but Keras isn't able to "
            "automatically determine whether that metric should be maximized or minimized. "
            "Pass `mode='max'` in order to monitor based on the highest metric value, or pass "
            "`mode='min'` in order to use the lowest value.") + "$"):
        model().fit(X, Y, batch_size=5, verbose=0,
                    callbacks=[callbacks.EarlyStopping(monitor="foo")])


def test_early_stopping_maximizes_an_accuracy_in_auto_mode():
    stop = callbacks.EarlyStopping(monitor="binary_accuracy")
    made = model(loss="binary_crossentropy", activation="sigmoid", metrics=["binary_accuracy"])
    made.fit(X, (X[:, :1] > 0.9).astype(np.float32), batch_size=5, verbose=0, callbacks=[stop])
    assert stop.monitor_op(2, 1) and stop.min_delta == 0


def test_early_stopping_takes_a_negative_min_delta_as_positive():
    # TensorFlow 2.21: min_delta -0.05 stops where 0.05 does, after the third epoch
    for min_delta in (-0.05, 0.05):
        stop = callbacks.EarlyStopping(monitor="loss", patience=0, min_delta=min_delta)
        history = model().fit(X, Y, batch_size=4, epochs=8, verbose=0, shuffle=False,
                              callbacks=[stop])
        assert_history(history, {"loss": [0.612182, 0.004449, 0.000189]})
        assert stop.stopped_epoch == 2


@pytest.mark.parametrize("mode", ["auto", "min", "max"])
def test_the_known_modes_warn_of_nothing(mode):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        callbacks.EarlyStopping(mode=mode)
        callbacks.ReduceLROnPlateau(mode=mode)
    assert caught == []


def test_an_unknown_mode_warns_at_the_callers_line_and_falls_back_to_auto():
    # TensorFlow 2.21's warning, and its fit: auto mode minimizes the loss
    with pytest.warns(UserWarning) as caught:
        stop = callbacks.EarlyStopping(monitor="loss", patience=0, mode="bad")
    assert [str(w.message) for w in caught] == [
        "EarlyStopping mode 'bad' is unknown, fallback to auto mode."]
    assert caught[0].filename == __file__ and stop.mode == "auto"
    history = model().fit(X, Y, batch_size=4, epochs=8, verbose=0, shuffle=False,
                          callbacks=[stop])
    assert len(history.history["loss"]) == 8 and stop.stopped_epoch == 0


def test_early_stopping_verbose_prints_keras_lines(capsys):
    stop = callbacks.EarlyStopping(patience=1, restore_best_weights=True, verbose=1)
    model(lr=0.05).fit(X, Y, batch_size=5, epochs=20, validation_data=(X, Y_OFF),
                       shuffle=False, verbose=0, callbacks=[stop])
    assert capsys.readouterr().out == (
        "Epoch 2: early stopping\n"
        "Restoring model weights from the end of the best epoch: 1.\n")


# -- EarlyStopping, ReduceLROnPlateau and ModelCheckpoint driven by hand, against TensorFlow -

MONITOR = json.loads((pathlib.Path(__file__).parent / "monitor_expected.json").read_text())


@pytest.mark.parametrize("name", sorted(monitor_cases.SCENARIOS))
def test_monitoring_callbacks_act_step_by_step_as_tf_keras(name, tmp_path):
    # defaults, counters, resets, printed lines, warnings, learning rates, restored weights and
    # files written, after every hook (monitor_cases.py, recorded by record_monitor_answers.py)
    assert monitor_cases.run(keras, name, str(tmp_path)) == MONITOR["scenarios"][name]


@pytest.mark.parametrize("name", sorted(monitor_cases.DIRECTIONS))
def test_auto_mode_minimizes_or_maximizes_each_kind_of_metric_as_tf_keras(name):
    assert monitor_cases.direction(keras, *monitor_cases.DIRECTIONS[name]) == \
        MONITOR["directions"][name]


def test_a_fresh_early_stopping_has_best_epoch_0():
    # Keras 3.15 makes best_epoch only when training begins; ours exists from the start
    assert callbacks.EarlyStopping().best_epoch == 0


def test_model_checkpoint_saving_a_batch_before_any_epoch_began_names_epoch_1(tmp_path):
    # Keras 3.15 raises AttributeError (it knows no epoch yet); ours counts from epoch 0
    checkpoint = callbacks.ModelCheckpoint(str(tmp_path / "m-{epoch}-{batch}.keras"),
                                           save_freq=1)
    checkpoint.set_model(model())
    checkpoint.on_train_batch_end(0, {"loss": 1.0})
    assert os.listdir(tmp_path) == ["m-1-1.keras"]


def _warned_file(hook, *args):
    """The files of the warnings `hook(*args)` gives, each with `:here` where the warning
    points at the line below that calls the hook."""
    with pytest.warns(UserWarning) as caught:
        hook(*args)
    calling_line = _warned_file.__code__.co_firstlineno + 4
    return [w.filename + (":here" if w.lineno == calling_line else "") for w in caught]


def test_a_missing_monitored_value_warns_at_the_line_that_called_the_hook(tmp_path):
    # Keras's warnings point inside its callback modules; ours at the hook's caller, as the
    # unknown mode's warning does
    made = model()
    stop, reduce = callbacks.EarlyStopping(), callbacks.ReduceLROnPlateau()
    best = callbacks.ModelCheckpoint(str(tmp_path / "m.keras"), save_best_only=True)
    every = callbacks.ModelCheckpoint(str(tmp_path / "b.keras"), save_best_only=True,
                                      save_freq=1)
    for callback in (stop, reduce, best, every):
        callback.set_model(made)
    here = [__file__ + ":here"]
    assert _warned_file(stop.on_epoch_end, 0, {"loss": 1.0}) == here
    assert _warned_file(reduce.on_epoch_end, 0, {"loss": 1.0}) == here
    assert _warned_file(best.on_epoch_end, 0, {"loss": 1.0}) == here
    assert _warned_file(every.on_train_batch_end, 0, {"loss": 1.0}) == here


# -- ModelCheckpoint -------------------------------------------------------------------------

def test_model_checkpoint_saves_the_best_weights_under_a_template(tmp_path):
    template = str(tmp_path / "ckpt-{epoch:02d}-{val_loss:.2f}.weights.h5")
    checkpoint = callbacks.ModelCheckpoint(template, save_weights_only=True,
                                           save_best_only=True)
    model(lr=0.05).fit(X, Y, batch_size=5, epochs=6, validation_data=(X, Y_OFF),
                       shuffle=False, verbose=0, callbacks=[checkpoint])
    assert sorted(os.listdir(tmp_path)) == ["ckpt-01-1.43.weights.h5"]
    loaded = model()
    loaded.load_weights(tmp_path / "ckpt-01-1.43.weights.h5")
    assert_weights(loaded, [[[0.721], [-0.008849]], [0.201513]])


def test_model_checkpoint_every_few_batches_fills_epoch_and_batch(tmp_path, capsys):
    checkpoint = callbacks.ModelCheckpoint(str(tmp_path / "m-{epoch}-{batch}.keras"),
                                           save_freq=3, verbose=1)
    model(lr=0.05).fit(X, Y, batch_size=2, epochs=2, shuffle=False, verbose=0,
                       callbacks=[checkpoint])
    assert sorted(os.listdir(tmp_path)) == ["m-1-3.keras", "m-2-1.keras", "m-2-4.keras"]
    lines = capsys.readouterr().out.replace(str(tmp_path), "DIR")
    assert lines == "".join(f"\nEpoch {e}: saving model to DIR/m-{e}-{b}.keras\n"
                            f"\nEpoch {e}: finished saving model to DIR/m-{e}-{b}.keras\n"
                            for e, b in ((1, 3), (2, 1), (2, 4)))
    assert keras.models.load_model(tmp_path / "m-2-4.keras").get_weights()[0].shape == (2, 1)


def test_model_checkpoint_best_only_verbose_says_what_improved(tmp_path, capsys):
    checkpoint = callbacks.ModelCheckpoint(str(tmp_path / "best.keras"), monitor="loss",
                                           save_best_only=True, verbose=1)
    model(lr=0.05).fit(X, Y, batch_size=5, epochs=3, shuffle=False, verbose=0,
                       callbacks=[checkpoint])
    text = capsys.readouterr().out.replace(str(tmp_path), "DIR")
    assert text == (
        "\nEpoch 1: loss improved from None to 1.13563, saving model to DIR/best.keras\n"
        "\nEpoch 1: finished saving model to DIR/best.keras\n"
        "\nEpoch 2: loss improved from 1.13563 to 0.19215, saving model to DIR/best.keras\n"
        "\nEpoch 2: finished saving model to DIR/best.keras\n"
        "\nEpoch 3: loss improved from 0.19215 to 0.03304, saving model to DIR/best.keras\n"
        "\nEpoch 3: finished saving model to DIR/best.keras\n")


def test_model_checkpoint_without_its_monitor_warns_and_saves(tmp_path):
    with pytest.warns(UserWarning, match="^" + re.escape(
            "Can save best model only with val_loss available.") + "$"):
        model().fit(X, Y, batch_size=5, verbose=0, callbacks=[callbacks.ModelCheckpoint(
            str(tmp_path / "a.keras"), save_best_only=True)])
    assert os.listdir(tmp_path) == ["a.keras"]


@pytest.mark.parametrize("kwargs, message", [
    ({"filepath": "w.h5", "save_weights_only": True},
     "When using `save_weights_only=True` in `ModelCheckpoint`, the filepath provided must "
     "end in `.weights.h5` (Keras weights format). Received: filepath=w.h5"),
    ({"filepath": "m.ckpt"},
     "The filepath provided must end in `.keras` (Keras model format). Received: "
     "filepath=m.ckpt"),
    ({"filepath": "m.keras", "save_freq": "batch"},
     "Unrecognized save_freq: batch. Expected save_freq are 'epoch' or integer values"),
])
def test_model_checkpoint_refuses_bad_arguments_as_keras(kwargs, message):
    with pytest.raises(ValueError, match="^" + re.escape(message) + "$"):
        callbacks.ModelCheckpoint(**kwargs)


def test_model_checkpoint_template_naming_a_missing_log_is_one_error(tmp_path):
    template = str(tmp_path / "{epoch}-{val_loss}.keras")
    with pytest.raises(KeyError) as raised:
        model().fit(X, Y, verbose=0, callbacks=[callbacks.ModelCheckpoint(template)])
    assert raised.value.args == (
        f'Failed to format this callback filepath: "{template}". Reason: \'val_loss\'',)


# -- learning rates ---------------------------------------------------------------------------

def test_model_checkpoint_refuses_a_path_that_is_a_directory(tmp_path):
    # TensorFlow 2.21's error, word for word
    (tmp_path / "m.keras").mkdir()
    with pytest.raises(OSError, match="^" + re.escape(
            f"Please specify a non-directory filepath for ModelCheckpoint. Filepath used is "
            f"an existing directory: {tmp_path / 'm.keras'}") + "$"):
        model().fit(X, Y, verbose=0, callbacks=[callbacks.ModelCheckpoint(tmp_path / "m.keras")])


def test_model_checkpoint_makes_the_directories_of_its_path(tmp_path):
    # as TensorFlow 2.21
    model().fit(X, Y, verbose=0,
                callbacks=[callbacks.ModelCheckpoint(tmp_path / "a" / "b" / "m.keras")])
    assert os.listdir(tmp_path / "a" / "b") == ["m.keras"]


def test_model_checkpoint_counts_batches_across_epochs_of_one_batch(tmp_path):
    # TensorFlow 2.21: every second batch is the only batch of every second epoch
    model().fit(X, Y, batch_size=10, epochs=5, verbose=0, callbacks=[
        callbacks.ModelCheckpoint(str(tmp_path / "m-{epoch}-{batch}.keras"), save_freq=2)])
    assert sorted(os.listdir(tmp_path)) == ["m-2-1.keras", "m-4-1.keras"]


def test_reduce_lr_on_plateau_stops_reducing_at_min_lr(capsys):
    # TensorFlow 2.21: one reduction to min_lr, then none (and nothing printed) at min_lr
    reduce = callbacks.ReduceLROnPlateau(monitor="loss", mode="max", factor=0.5, patience=1,
                                         min_lr=0.05, verbose=1)
    history = model().fit(X, Y, batch_size=4, epochs=5, verbose=0, shuffle=False,
                          callbacks=[reduce])
    assert capsys.readouterr().out == (
        "\nEpoch 2: ReduceLROnPlateau reducing learning rate to 0.05000000074505806.\n")
    np.testing.assert_allclose(history.history["learning_rate"], [0.1, 0.1, 0.05, 0.05, 0.05])


def test_reduce_lr_on_plateau_halves_the_rate_down_to_min_lr_with_cooldown():
    made = model(lr=0.05)
    reduce = callbacks.ReduceLROnPlateau(factor=0.5, patience=1, min_lr=0.01, cooldown=1)
    history = made.fit(X, Y, batch_size=5, epochs=8, validation_data=(X, Y_OFF),
                       shuffle=False, verbose=0, callbacks=[reduce])
    assert_history(history, {
        "loss": [1.135628, 0.192154, 0.036996, 0.01892, 0.013671, 0.010507, 0.008099,
                 0.006266],
        "val_loss": [1.434675, 2.169961, 2.352249, 2.418996, 2.464748, 2.505021, 2.540428,
                     2.571527],
        "learning_rate": [0.05, 0.05, 0.025, 0.0125, 0.01, 0.01, 0.01, 0.01]})
    assert float(made.optimizer.learning_rate.numpy()) == pytest.approx(0.009999999776482582)


def test_reduce_lr_on_plateau_on_a_missing_value_warns_as_keras():
    with pytest.warns(UserWarning, match="^" + re.escape(
            "Learning rate reduction is conditioned on metric `val_loss` which is not "
            "available. Available metrics are: loss,learning_rate.") + "$"):
        model().fit(X, Y, batch_size=5, verbose=0, callbacks=[callbacks.ReduceLROnPlateau()])


def test_reduce_lr_on_plateau_refuses_a_factor_of_one():
    with pytest.raises(ValueError, match="^" + re.escape(
            "ReduceLROnPlateau does not support a factor >= 1.0. Received factor=1.0") + "$"):
        callbacks.ReduceLROnPlateau(factor=1.0)


def test_learning_rate_scheduler_sets_the_rate_from_epoch_and_rate():
    history = model(lr=0.1).fit(X, Y, batch_size=5, epochs=3, shuffle=False, verbose=0,
                                callbacks=[callbacks.LearningRateScheduler(
                                    lambda epoch, lr: lr if epoch == 0 else lr * 0.5)])
    assert_history(history, {"loss": [0.910286, 0.002845, 0.000716],
                             "learning_rate": [0.1, 0.05, 0.025]})


def test_learning_rate_scheduler_takes_a_schedule_of_the_epoch_alone():
    history = model(lr=0.1).fit(X, Y, batch_size=5, epochs=3, shuffle=False, verbose=0,
                                callbacks=[callbacks.LearningRateScheduler(
                                    lambda epoch: 0.1 / (epoch + 1))])
    assert_history(history, {"loss": [0.910286, 0.002845, 0.000723],
                             "learning_rate": [0.1, 0.05, 0.033333]})


def test_learning_rate_scheduler_refuses_a_schedule_returning_an_int():
    with pytest.raises(ValueError, match="^" + re.escape(
            "The output of the `schedule` function should be a float. Got: 1") + "$"):
        model().fit(X, Y, verbose=0, callbacks=[callbacks.LearningRateScheduler(lambda e: 1)])


class _NoRate:
    """An optimizer that compile takes (it has apply_gradients) without a learning rate."""

    def apply_gradients(self, grads_and_vars):
        pass


def test_learning_rate_scheduler_refuses_an_optimizer_without_a_rate():
    # Keras 3.15's message (its compile takes only Keras optimizers, so TensorFlow 2.21 cannot
    # get this far)
    made = model()
    made.compile(_NoRate(), "mse")
    with pytest.raises(ValueError, match="^" + re.escape(
            'Optimizer must have a "learning_rate" attribute.') + "$"):
        made.fit(X, Y, verbose=0,
                 callbacks=[callbacks.LearningRateScheduler(lambda epoch: 0.1)])


def test_a_callback_adding_a_log_shows_it_last_in_the_progress_line(capsys):
    # TensorFlow 2.21: "2/2 - 0s - 11ms/step - loss: 0.0427 - learning_rate: 0.0500"
    model().fit(X[:4], Y[:4], batch_size=2, epochs=2, verbose=2, callbacks=[
        callbacks.LearningRateScheduler(lambda epoch, lr: lr * 0.5, verbose=1)])
    lines = capsys.readouterr().out.splitlines()
    assert lines[:3] == ["", "Epoch 1: LearningRateScheduler setting learning rate to "
                         "0.05000000074505806.", "Epoch 1/2"]
    assert re.fullmatch(r"2/2 - \d+s - \d+(us|ms|s)/step - loss: \d\.\d{4} - "
                        r"learning_rate: 0\.0500", lines[3])


# -- CSVLogger and TerminateOnNaN ----------------------------------------------------------

def _constant_model():
    """A model that does not learn (rate 0, kernel 0): its losses are exact."""
    made = keras.Sequential([keras.Input((2,)),
                             keras.layers.Dense(1, kernel_initializer="zeros")])
    made.compile(keras.optimizers.SGD(0.0), "mse", metrics=[MAE])
    return made


_Y4 = np.array([[1.0], [2.0], [3.0], [4.0]], np.float32)


def test_csv_logger_writes_keras_file(tmp_path):
    path = tmp_path / "log.csv"
    _constant_model().fit(X[:4], _Y4, batch_size=2, epochs=2, verbose=0, shuffle=False,
                          callbacks=[callbacks.CSVLogger(path)])
    assert path.read_bytes().decode() == (
        "epoch,loss,mean_absolute_error,val_loss,val_mean_absolute_error\r\n"
        "0,7.5,2.5,NA,NA\r\n1,7.5,2.5,NA,NA\r\n")


class _AddLogs(callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        logs["pair"], logs["scalar"], logs["name"] = [epoch, 0.5], np.array(2.5), "abc"


def test_csv_logger_writes_list_values_quoted_and_other_values_as_they_are(tmp_path):
    # TensorFlow 2.21's file, byte for byte
    path = tmp_path / "log.csv"
    made = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, kernel_initializer="zeros")])
    made.compile(keras.optimizers.SGD(0.0), "mse")
    made.fit(X[:4], _Y4, batch_size=2, epochs=2, verbose=0, shuffle=False,
             callbacks=[_AddLogs(), callbacks.CSVLogger(path)])
    assert path.read_bytes().decode() == (
        "epoch,loss,name,pair,scalar,val_loss,val_name,val_pair,val_scalar\r\n"
        '0,7.5,abc,"""[0, 0.5]""",2.5,NA,NA,NA,NA\r\n'
        '1,7.5,abc,"""[1, 0.5]""",2.5,NA,NA,NA,NA\r\n')


def test_csv_logger_appends_without_a_second_header(tmp_path):
    path = tmp_path / "log.csv"
    made = _constant_model()
    made.fit(X[:4], _Y4, batch_size=2, epochs=2, verbose=0, shuffle=False,
             callbacks=[callbacks.CSVLogger(path)])
    made.fit(X[:4], _Y4, batch_size=2, epochs=1, verbose=0, shuffle=False,
             validation_data=(X[:2], _Y4[:2]),
             callbacks=[callbacks.CSVLogger(path, separator=";", append=True)])
    assert path.read_bytes().decode() == (
        "epoch,loss,mean_absolute_error,val_loss,val_mean_absolute_error\r\n"
        "0,7.5,2.5,NA,NA\r\n1,7.5,2.5,NA,NA\r\n0;7.5;2.5;2.5;1.5\r\n")


def test_csv_logger_fills_epochs_without_validation_with_na(tmp_path):
    path = tmp_path / "log.csv"
    made = keras.Sequential([keras.Input((2,)),
                             keras.layers.Dense(1, kernel_initializer="zeros")])
    made.compile(keras.optimizers.SGD(0.0), "mse")
    made.fit(X[:4], _Y4, batch_size=2, epochs=2, verbose=0, validation_data=(X[:2], _Y4[:2]),
             validation_freq=2, callbacks=[callbacks.CSVLogger(path)])
    assert path.read_bytes().decode() == "epoch,loss,val_loss\r\n0,7.5,NA\r\n1,7.5,2.5\r\n"


def _nan_targets():
    targets = Y.copy()
    targets[5] = np.nan
    return targets


def test_terminate_on_nan_stops_at_the_first_nan_batch(capsys):
    history = model().fit(X, _nan_targets(), batch_size=2, epochs=3, shuffle=False,
                          verbose=0, callbacks=[callbacks.TerminateOnNaN()])
    assert capsys.readouterr().out == "Batch 2: Invalid loss, terminating training\n"
    assert history.epoch == [0] and np.isnan(history.history["loss"][0])


def test_terminate_on_nan_stops_at_an_infinite_loss_too(capsys):
    # TensorFlow 2.21: a target of 1e30 makes the third batch's squared error overflow
    targets = Y.copy()
    targets[5] = 1e30
    history = model().fit(X, targets, batch_size=2, epochs=3, shuffle=False, verbose=0,
                          callbacks=[callbacks.TerminateOnNaN()])
    assert capsys.readouterr().out == "Batch 2: Invalid loss, terminating training\n"
    assert history.epoch == [0] and history.history["loss"] == [np.inf]


def test_terminate_on_nan_can_raise_instead():
    with pytest.raises(RuntimeError, match="^" + re.escape(
            "NaN or Inf loss encountered at batch 2. Loss value: nan. Terminating training "
            "immediately.") + "$"):
        model().fit(X, _nan_targets(), batch_size=2, epochs=3, shuffle=False, verbose=0,
                    callbacks=[callbacks.TerminateOnNaN(raise_error=True)])


# -- cost ----------------------------------------------------------------------------------

def test_fit_reads_no_batch_logs_when_no_callback_wants_them(monkeypatch):
    made = model()
    made.fit(X, Y, batch_size=5, epochs=1, verbose=0)  # the metrics exist now
    reads = []
    compiled = made._compiled
    original = compiled.results
    monkeypatch.setattr(compiled, "results", lambda: reads.append(1) or original())
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        made.fit(X, Y, batch_size=2, epochs=2, verbose=0)
    assert len(reads) == 2  # once per epoch, none per batch


def test_a_new_callback_has_no_params_and_no_model():
    # as TensorFlow 2.21: both None until fit sets them
    fresh = callbacks.Callback()
    assert fresh.params is None and fresh.model is None


def test_a_callback_defining_only_the_older_batch_hooks_is_called_every_train_batch():
    # TensorFlow 2.21 calls on_batch_begin/on_batch_end through on_train_batch_*
    class Older(callbacks.Callback):
        def __init__(self):
            super().__init__()
            self.calls = []

        def on_batch_begin(self, batch, logs=None):
            self.calls.append(["begin", batch])

        def on_batch_end(self, batch, logs=None):
            self.calls.append(["end", batch, sorted(logs)])

    older = Older()
    model().fit(X[:4], Y[:4], batch_size=2, epochs=1, verbose=0, callbacks=[older])
    assert older.calls == [["begin", 0], ["end", 0, ["loss"]], ["begin", 1], ["end", 1, ["loss"]]]


def test_a_callback_list_given_a_model_makes_its_history_the_models():
    made, history = model(), callbacks.History()
    callbacks.CallbackList([history], model=made)
    assert made.history is history


def test_a_callback_list_passes_each_hook_to_every_callback_in_order():
    first, second = Recorder(), Recorder()
    given = callbacks.CallbackList([first, second])
    expected = []
    for hook in ("epoch_begin", "epoch_end", "train_batch_begin", "train_batch_end",
                 "test_batch_begin", "test_batch_end", "predict_batch_begin",
                 "predict_batch_end"):
        getattr(given, f"on_{hook}")(3, {"loss": 1.0})
        expected.append([hook, 3, ["loss"]])
    for hook in ("train_begin", "train_end", "test_begin", "test_end", "predict_begin",
                 "predict_end"):
        getattr(given, f"on_{hook}")({"loss": 1.0})
        expected.append([hook, None, ["loss"]])
    assert first.calls == expected and second.calls == expected


def test_a_callback_list_passes_the_older_batch_hooks_on():
    seen = []
    given = callbacks.CallbackList([callbacks.LambdaCallback(
        on_batch_begin=lambda batch, logs: seen.append(["begin", batch]),
        on_batch_end=lambda batch, logs: seen.append(["end", batch]))])
    given.on_batch_begin(4)
    given.on_batch_end(4)
    assert seen == [["begin", 4], ["end", 4]]


def test_a_fresh_history_shows_no_epochs_and_no_keys():
    assert repr(callbacks.History()) == "<History epochs=0 keys=[]>"


def _bar_lines(text):
    """The printed lines with the times replaced by T."""
    return re.sub(r"\d+[mu]?s(/step)?", "T", text).splitlines()


def _two_batches():
    for _ in range(2):
        yield X[:2], Y[:2]


# TensorFlow 2.21 ends the bar at 2/2 too (fit's validation has one batch, which the count
# must leave out)
@pytest.mark.parametrize("run", [
    lambda made: made.fit(_two_batches(), epochs=1, verbose=1, validation_data=(X[:4], Y[:4])),
    lambda made: made.evaluate(_two_batches(), verbose=1)], ids=["fit", "evaluate"])
def test_a_run_on_data_of_unknown_length_counts_its_steps(capsys, run):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the generator runs out: Keras's warning
        run(model())
    (line,) = _bar_lines(capsys.readouterr().out)
    assert line.startswith("2/2 ━━━━━━━━━━━━━━━━━━━━ T T - loss: ")


@pytest.mark.parametrize("epoch_begins", [True, False])
def test_a_progbar_logger_driven_by_hand_without_params_prints_keras_default_bar(
        capsys, epoch_begins):
    # TensorFlow 2.21 prints the same final line, with or without on_epoch_begin (and no
    # "Epoch" line for its default of one epoch)
    logger = callbacks.ProgbarLogger()
    if epoch_begins:
        logger.on_epoch_begin(0)
    logger.on_train_batch_end(0, {"loss": 1.0})
    logger.on_train_batch_end(1, {"loss": 2.0})
    logger.on_epoch_end(0, {"loss": 2.0})
    assert _bar_lines(capsys.readouterr().out) == ["2/2 ━━━━━━━━━━━━━━━━━━━━ T T - loss: 2.0000"]


def test_a_progbar_logger_ends_an_epoch_of_no_batches_with_one_line(capsys):
    # Deliberately kinder than TensorFlow 2.21, which raises AttributeError ('NoneType'
    # object has no attribute 'update') when an epoch ends before any batch or begin hook.
    logger = callbacks.ProgbarLogger()
    logger.on_epoch_end(0, {"loss": 1.0})
    begun = callbacks.ProgbarLogger()
    begun.on_epoch_begin(0)
    begun.on_epoch_end(0, {"loss": 1.0})
    expected = ["0/0 ━━━━━━━━━━━━━━━━━━━━ T T - loss: 1.0000"]
    assert _bar_lines(capsys.readouterr().out) == expected * 2


class _Terminal:
    def write(self, text):
        return len(text)

    def flush(self):
        pass

    def isatty(self):
        return True


@pytest.mark.parametrize("verbose, steps, terminal, draws", [
    (1, 2, True, True), (1, 2, False, False), (2, 2, True, False), (1, None, False, True),
    (2, None, False, True), (0, None, True, False)])
def test_a_progbar_logger_needs_batch_ends_only_to_redraw_or_to_count(
        monkeypatch, verbose, steps, terminal, draws):
    if terminal:
        monkeypatch.setattr("sys.stdout", _Terminal())
    logger = callbacks.ProgbarLogger()
    logger.set_params({"verbose": verbose, "epochs": 1, "steps": steps})
    assert logger.draws_batches() is draws


def test_a_fresh_progbar_logger_counts_batches_as_keras_default_verbose_1():
    assert callbacks.ProgbarLogger().draws_batches() is True  # steps unknown: it counts them


def test_lambda_callback_calls_each_of_its_six_hooks():
    seen = []
    model().fit(X[:4], Y[:4], batch_size=2, epochs=1, verbose=0,
                callbacks=[callbacks.LambdaCallback(
                    on_train_begin=lambda logs: seen.append("train_begin"),
                    on_epoch_begin=lambda epoch, logs: seen.append(("epoch_begin", epoch)),
                    on_train_batch_begin=lambda batch, logs: seen.append(("begin", batch)),
                    on_train_batch_end=lambda batch, logs: seen.append(("end", batch)),
                    on_epoch_end=lambda epoch, logs: seen.append(("epoch_end", epoch)),
                    on_train_end=lambda logs: seen.append("train_end"))])
    assert seen == ["train_begin", ("epoch_begin", 0), ("begin", 0), ("end", 0), ("begin", 1),
                    ("end", 1), ("epoch_end", 0), "train_end"]


def test_learning_rate_scheduler_is_quiet_by_default(capsys):
    model(lr=0.1).fit(X, Y, epochs=1, verbose=0,
                      callbacks=[callbacks.LearningRateScheduler(lambda epoch, lr: lr)])
    assert capsys.readouterr().out == ""


def test_csv_logger_replaces_an_existing_file_by_default(tmp_path):
    path = tmp_path / "log.csv"
    path.write_text("old\n")
    _constant_model().fit(X[:4], _Y4, batch_size=2, epochs=1, verbose=0, shuffle=False,
                          callbacks=[callbacks.CSVLogger(path)])
    assert path.read_bytes().decode() == (
        "epoch,loss,mean_absolute_error,val_loss,val_mean_absolute_error\r\n"
        "0,7.5,2.5,NA,NA\r\n")


def test_csv_logger_appending_to_an_empty_file_writes_the_header(tmp_path):
    path = tmp_path / "log.csv"
    path.write_text("")
    _constant_model().fit(X[:4], _Y4, batch_size=2, epochs=1, verbose=0, shuffle=False,
                          callbacks=[callbacks.CSVLogger(path, append=True)])
    assert path.read_bytes().decode().startswith("epoch,loss,")


def test_csv_logger_closes_its_file_when_training_ends(tmp_path):
    logger = callbacks.CSVLogger(tmp_path / "log.csv")
    _constant_model().fit(X[:4], _Y4, batch_size=2, epochs=1, verbose=0, callbacks=[logger])
    assert logger.csv_file.closed


def test_csv_logger_closes_a_file_left_open_when_training_begins_again(tmp_path):
    logger = callbacks.CSVLogger(tmp_path / "log.csv")
    logger.on_train_begin()  # a fit that stopped on an error leaves its file open
    first = logger.csv_file
    logger.on_train_begin()
    logger.on_train_end()
    assert first.closed and logger.csv_file.closed


def test_csv_logger_ending_training_it_never_began_does_nothing(tmp_path):
    # Deliberately kinder than TensorFlow 2.21, which raises AttributeError on its None file
    logger = callbacks.CSVLogger(tmp_path / "log.csv")
    logger.on_train_end()
    assert logger.csv_file is None and not (tmp_path / "log.csv").exists()
