"""Keras 3's callbacks: the `Callback` base, `CallbackList`, `History` and `ProgbarLogger`.

`fit`, `evaluate` and `predict` call each callback's hooks in Keras 3's order: `set_model`,
`set_params({"verbose", "epochs", "steps"})`, then `on_train_begin`, per epoch
`on_epoch_begin(epoch)`, per batch `on_train_batch_begin(batch)` and
`on_train_batch_end(batch, logs)`, the validation's `on_test_*` hooks (fit evaluates with the
same callbacks), `on_epoch_end(epoch, logs)` and `on_train_end(logs)`. Logs are plain dicts of
floats sorted by name, made anew for each hook call (Keras's `pythonify_logs`), so a callback
that adds a value (`learning_rate`) shows it to the callbacks after it, `History` included:
`fit` puts `History` after the user's callbacks and `ProgbarLogger` last, as Keras does.

A batch hook that no callback defines costs nothing: `CallbackList` notes, once per list,
which callbacks override each batch hook, and `fit` computes a batch's logs only when one
will read them (Keras computes them every batch; the values are the same).

>>> class Count(Callback):
...     def on_epoch_end(self, epoch, logs=None):
...         print(epoch, sorted(logs))
>>> CallbackList([Count()]).on_epoch_end(0, {"loss": 1.0})
0 ['loss']
"""

from __future__ import annotations

from typing import Any

import numpy as np

from autograph.runtime.train.keras.progress import Progbar

__all__ = ["Callback", "CallbackList", "History", "ProgbarLogger"]

# Keras's train-batch hooks call the older on_batch_begin/on_batch_end by default.
_FALLBACKS = {"on_train_batch_begin": "on_batch_begin", "on_train_batch_end": "on_batch_end"}


class Callback:
    """The base of callbacks: every hook does nothing; a subclass overrides the ones it needs.

    `self.model` is the model being trained (set by `set_model`), `self.params` the
    `{"verbose", "epochs", "steps"}` of the run (set by `set_params`).
    """

    def __init__(self) -> None:
        self.params: dict[str, Any] | None = None
        self._model: Any = None

    def set_params(self, params: dict[str, Any]) -> None:
        self.params = params

    def set_model(self, model: Any) -> None:
        self._model = model

    @property
    def model(self) -> Any:
        return self._model

    def on_batch_begin(self, batch: int, logs: dict | None = None) -> None:
        """Called by the default `on_train_batch_begin`."""

    def on_batch_end(self, batch: int, logs: dict | None = None) -> None:
        """Called by the default `on_train_batch_end`."""

    def on_epoch_begin(self, epoch: int, logs: dict | None = None) -> None:
        """At the start of an epoch of `fit` (`epoch` counts from 0)."""

    def on_epoch_end(self, epoch: int, logs: dict | None = None) -> None:
        """At the end of an epoch: `logs` holds the epoch's metrics and the `val_` ones."""

    def on_train_batch_begin(self, batch: int, logs: dict | None = None) -> None:
        self.on_batch_begin(batch, logs=logs)

    def on_train_batch_end(self, batch: int, logs: dict | None = None) -> None:
        """After a training step: `logs` holds the metrics so far this epoch."""
        self.on_batch_end(batch, logs=logs)

    def on_test_batch_begin(self, batch: int, logs: dict | None = None) -> None:
        """Before a step of `evaluate` (also the validation within `fit`)."""

    def on_test_batch_end(self, batch: int, logs: dict | None = None) -> None:
        """After a step of `evaluate`: `logs` holds the metrics so far."""

    def on_predict_batch_begin(self, batch: int, logs: dict | None = None) -> None:
        """Before a step of `predict`."""

    def on_predict_batch_end(self, batch: int, logs: dict | None = None) -> None:
        """After a step of `predict`: `logs["outputs"]` is the batch's outputs."""

    def on_train_begin(self, logs: dict | None = None) -> None:
        """At the start of `fit`."""

    def on_train_end(self, logs: dict | None = None) -> None:
        """At the end of `fit`: `logs` are the last epoch's."""

    def on_test_begin(self, logs: dict | None = None) -> None:
        """At the start of `evaluate` (and of each validation within `fit`)."""

    def on_test_end(self, logs: dict | None = None) -> None:
        """At the end of `evaluate`: `logs` hold its results."""

    def on_predict_begin(self, logs: dict | None = None) -> None:
        """At the start of `predict`."""

    def on_predict_end(self, logs: dict | None = None) -> None:
        """At the end of `predict`."""


def overrides(callback: Callback, hook: str) -> bool:
    """Whether `callback` does something in `hook`: its class defines it (or the older hook
    the default calls), or it was given one (`LambdaCallback`)."""
    names = (hook, _FALLBACKS[hook]) if hook in _FALLBACKS else (hook,)
    return any(name in vars(callback) or getattr(type(callback), name) is not
               getattr(Callback, name) for name in names)


def _pythonify(logs: dict | None) -> dict:
    """Keras's `pythonify_logs`: a new dict, sorted by name, of floats where they convert."""
    result = {}
    for key, value in sorted((logs or {}).items()):
        if isinstance(value, dict):
            result.update(_pythonify(value))
            continue
        if not (isinstance(value, np.ndarray) and value.ndim):  # outputs stay arrays
            try:
                value = float(value)
            except (TypeError, ValueError):
                pass
        result[key] = value
    return result


class CallbackList(Callback):
    """Calls its callbacks' hooks in order; `fit` adds `History` (`add_history`) and, unless
    `verbose=0`, `ProgbarLogger` (`add_progbar`) after the given ones, unless the list already
    has one.

    Args:
        callbacks: a list of `Callback`s (or None).
        add_history, add_progbar: add the default callbacks.
        model: the model, given to each callback's `set_model`.
        **params: given to each callback's `set_params` (`verbose`, `epochs`, `steps`).

    Raises:
        TypeError: an entry that is not a `Callback`.
    """

    def __init__(self, callbacks: Any = None, add_history: bool = False,
                 add_progbar: bool = False, model: Any = None, **params: Any):
        super().__init__()
        self.callbacks: list[Callback] = list(_flatten(callbacks)) if callbacks else []
        for callback in self.callbacks:
            if not isinstance(callback, Callback):
                raise TypeError(f"callbacks must be ag.keras.callbacks.Callback objects (a "
                                f"subclass, or LambdaCallback for plain functions); got "
                                f"{callback!r}.")
        self._history = next((c for c in self.callbacks if isinstance(c, History)), None)
        self._progbar = next((c for c in self.callbacks if isinstance(c, ProgbarLogger)), None)
        if self._history is None and add_history:
            self._history = History()
            self.callbacks.append(self._history)
        if self._progbar is None and add_progbar:
            self._progbar = ProgbarLogger()
            self.callbacks.append(self._progbar)
        self.set_model(model)
        self.set_params(params)

    def set_params(self, params: dict[str, Any]) -> None:
        self.params = params
        if params:
            for callback in self.callbacks:
                callback.set_params(params)

    def set_model(self, model: Any) -> None:
        if not model:
            return
        super().set_model(model)
        if self._history is not None:
            model.history = self._history
        for callback in self.callbacks:
            callback.set_model(model)

    def batch_hooks(self, hook: str) -> list[Callback]:
        """The callbacks that do something in the batch `hook` (see the module docstring)."""
        return [c for c in self.callbacks
                if overrides(c, hook) and not (isinstance(c, ProgbarLogger) and
                                               not c.draws_batches())]

    def call_hooks(self, callbacks: list[Callback], hook: str, batch: int,
                   logs: dict | None) -> None:
        """Calls the batch `hook` of `callbacks` (those `batch_hooks(hook)` found)."""
        logs = _pythonify(logs)
        for callback in callbacks:
            getattr(callback, hook)(batch, logs)

    def _call(self, hook: str, *args: Any) -> None:
        logs = _pythonify(args[-1])
        for callback in self.callbacks:
            getattr(callback, hook)(*args[:-1], logs)

    def on_batch_begin(self, batch: int, logs: dict | None = None) -> None:
        self._call("on_batch_begin", batch, logs)

    def on_batch_end(self, batch: int, logs: dict | None = None) -> None:
        self._call("on_batch_end", batch, logs)

    def on_epoch_begin(self, epoch: int, logs: dict | None = None) -> None:
        self._call("on_epoch_begin", epoch, logs)

    def on_epoch_end(self, epoch: int, logs: dict | None = None) -> None:
        self._call("on_epoch_end", epoch, logs)

    def on_train_batch_begin(self, batch: int, logs: dict | None = None) -> None:
        self._call("on_train_batch_begin", batch, logs)

    def on_train_batch_end(self, batch: int, logs: dict | None = None) -> None:
        self._call("on_train_batch_end", batch, logs)

    def on_test_batch_begin(self, batch: int, logs: dict | None = None) -> None:
        self._call("on_test_batch_begin", batch, logs)

    def on_test_batch_end(self, batch: int, logs: dict | None = None) -> None:
        self._call("on_test_batch_end", batch, logs)

    def on_predict_batch_begin(self, batch: int, logs: dict | None = None) -> None:
        self._call("on_predict_batch_begin", batch, logs)

    def on_predict_batch_end(self, batch: int, logs: dict | None = None) -> None:
        self._call("on_predict_batch_end", batch, logs)

    def on_train_begin(self, logs: dict | None = None) -> None:
        self._call("on_train_begin", logs)

    def on_train_end(self, logs: dict | None = None) -> None:
        self._call("on_train_end", logs)

    def on_test_begin(self, logs: dict | None = None) -> None:
        self._call("on_test_begin", logs)

    def on_test_end(self, logs: dict | None = None) -> None:
        self._call("on_test_end", logs)

    def on_predict_begin(self, logs: dict | None = None) -> None:
        self._call("on_predict_begin", logs)

    def on_predict_end(self, logs: dict | None = None) -> None:
        self._call("on_predict_end", logs)


def _flatten(callbacks: Any) -> list[Any]:
    if isinstance(callbacks, (list, tuple)):
        return [c for item in callbacks for c in _flatten(item)]
    return [callbacks]


class History(Callback):
    """What `fit` returns (`model.history` too): `history` maps each logged name (`loss`,
    `accuracy`, `val_loss`, ...) to its value at the end of every epoch; `epoch` lists the
    epochs run; `params` holds `verbose`, `epochs` and `steps` (batches per epoch)."""

    def __init__(self) -> None:
        super().__init__()
        self.history: dict[str, list[Any]] = {}
        self.epoch: list[int] = []

    def on_train_begin(self, logs: dict | None = None) -> None:
        self.epoch = []

    def on_epoch_end(self, epoch: int, logs: dict | None = None) -> None:
        self.epoch.append(epoch)
        for name, value in (logs or {}).items():
            self.history.setdefault(name, []).append(value)
        self.model.history = self

    def __repr__(self) -> str:
        return f"<History epochs={len(self.epoch)} keys={sorted(self.history)}>"


class ProgbarLogger(Callback):
    """Prints `fit`'s, `evaluate`'s and `predict`'s progress (see `progress.Progbar`): `Epoch
    n/N`, then a bar per epoch (redrawn per batch on a terminal), with the logs."""

    def __init__(self) -> None:
        super().__init__()
        self.seen = 0
        self.progbar: Progbar | None = None
        self.target: int | None = None
        self.verbose = 1
        self.epochs = 1
        self._called_in_fit = False

    def set_params(self, params: dict[str, Any]) -> None:
        verbose = params["verbose"]
        self.verbose = 1 if verbose == "auto" else int(verbose)
        self.epochs = params["epochs"]
        self.target = params["steps"]

    def draws_batches(self) -> bool:
        """Whether it needs the batch ends: to redraw the bar (`verbose=1` on a terminal), or
        to count the steps of data of unknown length."""
        return bool(self.verbose) and (self.target is None or (
            self.verbose == 1 and Progbar(None, 0).interactive))

    def on_train_begin(self, logs: dict | None = None) -> None:
        self._called_in_fit = True

    def on_test_begin(self, logs: dict | None = None) -> None:
        if not self._called_in_fit:
            self._reset()

    def on_predict_begin(self, logs: dict | None = None) -> None:
        self._reset()

    def on_epoch_begin(self, epoch: int, logs: dict | None = None) -> None:
        self._reset()
        if self.verbose and self.epochs > 1:  # as Keras 3: no such line for one epoch
            print(f"Epoch {epoch + 1}/{self.epochs}")

    def on_train_batch_end(self, batch: int, logs: dict | None = None) -> None:
        self._update(batch, logs)

    def on_test_batch_end(self, batch: int, logs: dict | None = None) -> None:
        if not self._called_in_fit:
            self._update(batch, logs)

    def on_predict_batch_end(self, batch: int, logs: dict | None = None) -> None:
        self._update(batch, None)

    def on_epoch_end(self, epoch: int, logs: dict | None = None) -> None:
        self._finalize(logs)

    def on_test_end(self, logs: dict | None = None) -> None:
        if not self._called_in_fit:
            self._finalize(logs)

    def on_predict_end(self, logs: dict | None = None) -> None:
        self._finalize(logs)

    def _reset(self) -> None:
        self.seen = 0
        self.progbar = None
        self._bar()  # its clock starts now

    def _bar(self) -> Progbar:
        """The bar, made on first use where no begin hook made it."""
        if self.progbar is None:
            self.progbar = Progbar(self.target, self.verbose)
        return self.progbar

    def _update(self, batch: int, logs: dict | None) -> None:
        self.seen = batch + 1
        bar = self._bar()
        if self.verbose == 1 and self.seen != self.target:  # the last one is drawn at the end
            bar.update(self.seen, logs)

    def _finalize(self, logs: dict | None) -> None:
        bar = self._bar()
        if self.target is None:
            self.target = bar.target = self.seen
        bar.update(self.target, logs, finalize=True)
