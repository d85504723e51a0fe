"""Scenarios for the callbacks that watch one logged value (`EarlyStopping`,
`ReduceLROnPlateau`, `ModelCheckpoint`), run the same way under `tf.keras` and `ag.keras`.

Each scenario builds its callback, attaches a `Dense(1)` model compiled with SGD(0.1), and
drives the hooks by hand: `on_train_begin`, then for every epoch `on_epoch_begin`, the
scenario's batch logs through `on_train_batch_end`, and `on_epoch_end` with the epoch's logs,
then `on_train_end`. Before each epoch the kernel is set to `epoch + 1` (so the kernel shows
which epoch's weights were restored), and the scenario may set attributes of the callback as a
user could. After every step it records what a user sees: the callback's attributes, the
model's `stop_training` (EarlyStopping), the learning rate (ReduceLROnPlateau), the files
written (ModelCheckpoint), what was printed, the warnings' texts, the keys of the logs passed
and, at the end, the kernel; each step only what changed. A step that raises is recorded and
ends the scenario.

`run(keras, name, directory)` takes the framework's `keras` and an empty directory for the
files. `direction(keras, metric, monitor)` fits once with `EarlyStopping(monitor)` in mode
"auto" and reports the direction chosen, or the error.
"""

from __future__ import annotations

import contextlib
import io
import os
import warnings
from typing import Any, Callable, NamedTuple

import numpy as np

DIR = "DIR"  # what the scenarios' directory reads as in names and printed lines


class Scenario(NamedTuple):
    callback: str  # the class's name in keras.callbacks
    kwargs: dict[str, Any]  # its arguments; "filepath" is a name inside the directory
    logs: tuple[dict[str, float], ...]  # each epoch's logs
    batches: tuple[dict[str, float], ...] = ()  # every epoch's train batch logs
    changes: dict[int, dict[str, Any]] = {}  # before epoch i (len(logs): train end): setattr
    train_begin: bool = True


def _losses(*values: float, name: str = "val_loss") -> tuple[dict[str, float], ...]:
    return tuple({"loss": 1.0, name: value} if name != "loss" else {"loss": value}
                 for value in values)


SCENARIOS: dict[str, Scenario] = {
    "early_stopping_defaults": Scenario("EarlyStopping", {}, _losses(1.0, 1.2, 0.9)),
    "early_stopping_waits_patience_epochs": Scenario(
        "EarlyStopping", {"monitor": "loss", "patience": 3, "verbose": 1},
        _losses(1.0, 1.1, 1.2, 0.5, 0.6, 0.7, 0.8, name="loss")),
    "early_stopping_min_mode_restores_quietly": Scenario(
        "EarlyStopping", {"mode": "min", "patience": 1, "restore_best_weights": True},
        _losses(1.0, 0.5, 0.7)),
    "early_stopping_min_mode_takes_any_name": Scenario(
        "EarlyStopping", {"monitor": "foo", "mode": "min"},
        ({"foo": 3.0}, {"foo": 2.0}, {"foo": 2.5})),
    "early_stopping_max_mode_with_min_delta": Scenario(
        "EarlyStopping", {"monitor": "acc", "mode": "max", "min_delta": 0.1, "patience": 1},
        ({"acc": 0.5}, {"acc": 0.65}, {"acc": 0.7})),
    "early_stopping_min_delta_in_min_mode": Scenario(
        "EarlyStopping", {"min_delta": 0.1, "patience": 2},
        _losses(1.0, 0.85, 0.8, 0.75, 0.7)),
    "early_stopping_restores_verbosely_from_a_late_start": Scenario(
        "EarlyStopping", {"start_from_epoch": 2, "restore_best_weights": True, "patience": 1,
                          "verbose": 1},
        _losses(5.0, 4.0, 3.0, 3.5, 3.6)),
    "early_stopping_restore_without_epochs": Scenario(
        "EarlyStopping", {"restore_best_weights": True, "start_from_epoch": 5, "verbose": 1},
        _losses(1.0, 0.5)),
    "early_stopping_resets_wait_only_past_the_baseline": Scenario(
        "EarlyStopping", {"baseline": 0.5, "patience": 2},
        _losses(1.0, 0.9, 0.4, 0.45, 0.5)),
    "early_stopping_restore_turned_on_later": Scenario(
        "EarlyStopping", {"patience": 5, "verbose": 1}, _losses(1.0, 1.2, 1.1),
        changes={1: {"restore_best_weights": True}}),
    "early_stopping_restore_turned_off_before_the_end": Scenario(
        "EarlyStopping", {"patience": 5, "restore_best_weights": True}, _losses(1.0, 1.2),
        changes={2: {"restore_best_weights": False}}),
    "early_stopping_never_stops_at_epoch_0": Scenario(
        "EarlyStopping", {"patience": 0}, _losses(0.6, 0.7), changes={0: {"best": 0.5}}),
    "early_stopping_without_its_value": Scenario(
        "EarlyStopping", {}, ({"loss": 1.0, "acc": 0.5},)),
    "early_stopping_driven_without_train_begin": Scenario(
        "EarlyStopping", {"patience": 1}, _losses(1.0, 1.1, 1.2), train_begin=False),
    "reduce_lr_defaults": Scenario(
        "ReduceLROnPlateau", {}, _losses(1.0, 0.99995, 0.9998, *[0.9998] * 10)),
    "reduce_lr_cooldown_down_to_min_lr": Scenario(
        "ReduceLROnPlateau", {"monitor": "loss", "factor": 0.5, "patience": 1, "cooldown": 2,
                              "min_lr": 0.01, "verbose": 1},
        _losses(*[1.0] * 14, name="loss")),
    "reduce_lr_improvement_resets_wait": Scenario(
        "ReduceLROnPlateau", {"patience": 2, "min_delta": 0}, _losses(1.0, 1.1, 0.5, 0.6, 0.7)),
    "reduce_lr_cooldown_of_one": Scenario(
        "ReduceLROnPlateau", {"patience": 1, "cooldown": 1, "factor": 0.5},
        _losses(1.0, 1.0, 1.0, 1.0, 1.0)),
    "reduce_lr_without_its_value": Scenario("ReduceLROnPlateau", {}, ({"loss": 1.0},)),
    "reduce_lr_with_empty_logs": Scenario("ReduceLROnPlateau", {"monitor": "loss"}, ({},)),
    "checkpoint_defaults": Scenario(
        "ModelCheckpoint", {"filepath": "m-{epoch}.keras"}, _losses(1.0, 1.2)),
    "checkpoint_best_weights_verbose": Scenario(
        "ModelCheckpoint", {"filepath": "best.weights.h5", "save_best_only": True,
                            "save_weights_only": True, "verbose": 1},
        _losses(1.0, 1.2, 0.8)),
    "checkpoint_best_quiet": Scenario(
        "ModelCheckpoint", {"filepath": "m-{epoch}.keras", "save_best_only": True},
        _losses(1.0, 1.2, 0.8)),
    "checkpoint_initial_value_threshold": Scenario(
        "ModelCheckpoint", {"filepath": "m-{epoch}.keras", "save_best_only": True,
                            "initial_value_threshold": 0.5},
        _losses(0.8, 0.4)),
    "checkpoint_without_its_value": Scenario(
        "ModelCheckpoint", {"filepath": "m.keras", "save_best_only": True},
        ({"loss": 1.0},)),
    "checkpoint_batch_from_the_logs": Scenario(
        "ModelCheckpoint", {"filepath": "m-{epoch}-{batch}.keras", "save_freq": 1},
        ({"loss": 1.0},), batches=({"batch": 7.0, "loss": 1.0},)),
}

_WATCHED = ("monitor", "mode", "min_delta", "best", "verbose")
_ATTRIBUTES = {
    "EarlyStopping": _WATCHED + ("patience", "baseline", "wait", "stopped_epoch", "best_epoch",
                                 "restore_best_weights", "start_from_epoch", "best_weights"),
    "ReduceLROnPlateau": _WATCHED + ("factor", "min_lr", "patience", "cooldown",
                                     "cooldown_counter", "wait"),
    "ModelCheckpoint": _WATCHED + ("save_best_only", "save_weights_only", "save_freq"),
}


def _value(name: str, value: Any) -> Any:
    if name == "min_delta":
        return repr(value)  # 0 and -0.0 read differently
    if name == "best_weights":
        return None if value is None else [float(np.ravel(w)[0]) for w in value]
    if isinstance(value, (np.floating, np.integer)):
        return value.item()
    return value


def _state(callback: Any, model: Any, directory: str, fresh: bool) -> dict[str, Any]:
    names = _ATTRIBUTES[type(callback).__name__]
    if fresh:  # Keras makes best_epoch only when training begins
        names = tuple(name for name in names if name != "best_epoch")
    state = {name: _value(name, getattr(callback, name)) for name in names}
    op = callback.monitor_op
    state["minimizes"] = None if op is None else bool(op(1.0, 2.0))
    kind = type(callback).__name__
    if kind == "EarlyStopping":
        state["stop_training"] = bool(model.stop_training)
    elif kind == "ReduceLROnPlateau":
        state["learning_rate"] = float(model.optimizer.learning_rate.numpy())
    else:
        state["files"] = sorted(os.listdir(directory))
    return state


def _model(keras: Any) -> Any:
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.set_weights([np.zeros((2, 1), np.float32), np.zeros(1, np.float32)])
    model.compile(keras.optimizers.SGD(0.1), "mse")
    model.stop_training = False
    return model


def _step(record: list, label: str, action: Callable[[], Any], directory: str,
          observe: Callable[[], dict[str, Any]], before: dict[str, Any]) -> bool:
    """Runs `action` and appends to `record` what it printed, warned or raised and what of the
    state it changed from `before` (updated in place); False when it raised."""
    out = io.StringIO()
    entry: dict[str, Any] = {"step": label}
    with warnings.catch_warnings(record=True) as caught, contextlib.redirect_stdout(out):
        warnings.simplefilter("always")
        try:
            action()
        except Exception as error:  # noqa: BLE001 - recorded and compared with Keras's
            entry["raised"] = type(error).__name__
    if out.getvalue():
        entry["printed"] = out.getvalue().replace(directory, DIR)
    warned = [str(w.message).replace(directory, DIR) for w in caught
              if issubclass(w.category, UserWarning)]
    if warned:
        entry["warned"] = warned
    if "raised" not in entry:
        state = observe()
        entry.update({key: value for key, value in state.items()
                      if key not in before or before[key] != value})
        before.update(state)
    record.append(entry)
    return "raised" not in entry


def run(keras: Any, name: str, directory: str) -> list[dict[str, Any]]:
    """Every step of scenario `name`: its label, what it printed, warned or raised, and what
    it changed of the state (all of it after the first step; the kernel after the last)."""
    scenario = SCENARIOS[name]
    kwargs = dict(scenario.kwargs)
    if "filepath" in kwargs:
        kwargs["filepath"] = os.path.join(directory, kwargs["filepath"])
    model = _model(keras)
    record: list[dict[str, Any]] = []
    made: list[Any] = []
    before: dict[str, Any] = {}

    def observe(fresh: bool = False) -> dict[str, Any]:
        return _state(made[0], model, directory, fresh)

    def build() -> None:
        made.append(getattr(keras.callbacks, scenario.callback)(**kwargs))
        made[0].set_model(model)

    def step(label: str, action: Callable[[], Any],
             look: Callable[[], dict[str, Any]] = observe) -> bool:
        return _step(record, label, action, directory, look, before)

    if not step("init", build, lambda: observe(fresh=True)):
        return record
    callback = made[0]
    if scenario.train_begin and not step("train_begin", callback.on_train_begin):
        return record
    for epoch, logs in enumerate(scenario.logs):
        for attribute, value in scenario.changes.get(epoch, {}).items():
            setattr(callback, attribute, value)
        model.set_weights([np.full((2, 1), epoch + 1.0, np.float32), np.zeros(1, np.float32)])
        passed = dict(logs)

        def epoch_hooks(epoch: int = epoch, passed: dict = passed) -> None:
            callback.on_epoch_begin(epoch, {})
            for batch, batch_logs in enumerate(scenario.batches):
                callback.on_train_batch_end(batch, dict(batch_logs))
            callback.on_epoch_end(epoch, passed)

        if not step(f"epoch {epoch}", epoch_hooks,
                    lambda passed=passed: {**observe(), "logs": sorted(passed)}):
            return record
    for attribute, value in scenario.changes.get(len(scenario.logs), {}).items():
        setattr(callback, attribute, value)
    step("train_end", callback.on_train_end,
         lambda: {**observe(), "kernel": float(model.get_weights()[0][0, 0])})
    return record


X = np.array([[0.1, 0.2], [0.3, 0.4], [0.5, 0.6], [0.7, 0.8]], np.float32)
Y = np.array([[0.5], [0.3], [0.2], [0.9]], np.float32)

METRICS: dict[str, Callable[[Any], Any]] = {
    "mse": lambda keras: "mse",
    "loss_function": lambda keras: keras.losses.mae,
    "loss_object": lambda keras: keras.losses.MeanAbsoluteError(),
    "accuracy": lambda keras: "accuracy",
    "accuracy_object": lambda keras: keras.metrics.Accuracy(),
    "sparse_categorical_accuracy_object":
        lambda keras: keras.metrics.SparseCategoricalAccuracy(),
    "categorical_accuracy_object": lambda keras: keras.metrics.CategoricalAccuracy(),
    "mean_absolute_error_object": lambda keras: keras.metrics.MeanAbsoluteError(),
    "user_function": lambda keras: distance,
    "user_metric": lambda keras: _mean_prediction(keras),
}


DIRECTIONS: dict[str, tuple[str, str]] = {  # case: (METRICS key, monitor)
    "mse_string": ("mse", "mse"),
    "loss_function": ("loss_function", "val_mean_absolute_error"),
    "loss_object": ("loss_object", "mean_absolute_error"),
    "accuracy": ("accuracy", "accuracy"),
    "accuracy_object": ("accuracy_object", "val_accuracy"),
    "sparse_categorical_accuracy_object": ("sparse_categorical_accuracy_object",
                                           "val_sparse_categorical_accuracy"),
    "categorical_accuracy_object": ("categorical_accuracy_object", "val_categorical_accuracy"),
    "mean_absolute_error_object": ("mean_absolute_error_object", "val_mean_absolute_error"),
    "user_function": ("user_function", "distance"),
    "user_metric": ("user_metric", "mean_prediction"),
}


def distance(y_true: Any, y_pred: Any) -> Any:
    """A user's metric: not a loss, so of no known direction."""
    return (y_true - y_pred) * (y_true - y_pred)


def _mean_prediction(keras: Any) -> Any:
    """A user's metric class: the mean prediction, of no known direction."""
    class MeanPrediction(keras.metrics.Mean):
        def update_state(self, y_true: Any, y_pred: Any, sample_weight: Any = None) -> Any:
            return super().update_state(y_pred, sample_weight)
    return MeanPrediction(name="mean_prediction")


def direction(keras: Any, metric: str, monitor: str) -> str:
    """"min" or "max", what a fit with `EarlyStopping(monitor)` in mode "auto" chose for the
    model compiled with METRICS[metric], or the error's type."""
    model = _model(keras)
    model.compile(keras.optimizers.SGD(0.1), "mse", metrics=[METRICS[metric](keras)])
    stop = keras.callbacks.EarlyStopping(monitor=monitor)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # a val_ name is missing from the logs
            model.fit(X, Y, epochs=1, verbose=0, callbacks=[stop])
    except ValueError:
        return "ValueError"
    return "min" if bool(stop.monitor_op(1.0, 2.0)) else "max"
