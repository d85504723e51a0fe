"""`Trainer`: Keras's `compile`, `fit`, `evaluate` and `predict` for a model (`Sequential`).

Data are NumPy arrays (or eager tensors), cut into batches here, or `ag.data` datasets,
Python generators or `PyDataset`s of batches (`data_adapter`), each `(x, y)` or
`(x, y, sample_weight)`; floats become float32 as in Keras. `epoch_iterator` decides which
batches each epoch takes (`steps_per_epoch`, data that run out). Each of the train, test and
predict steps is one `ag.function` whose input signature leaves the batch axis unknown, so a
fit traces its step once per kind of input (with or without sample weights), whatever the
batch sizes (the last batch may be smaller) and the number of epochs; the functions are kept
until the next `compile`. The train step runs the model under a `GradientTape`, applies the
gradients with the optimizer and updates the metrics' variables. The loss is Keras's: the
per-sample losses times the sample weights, reduced by the loss's reduction (by default
divided by the batch size, not by the weights' sum); `metrics` are not weighted,
`weighted_metrics` are. The epoch's `loss` is the mean of the batch losses weighted by batch
size (Keras's loss tracker); logs are sorted by name, as Keras's. Callbacks
(`callbacks.py`) hear every hook in Keras 3's order; `fit` adds `History` and
`ProgbarLogger`.

Departures from Keras: `fit` prints `Epoch 1/1` for a single epoch (Keras prints no epoch line
then); a batch's logs are computed only when a callback defines a batch hook (Keras computes
them every batch; the values are the same); callbacks run in the calling thread (Keras 3 may
run batch-end hooks that no callback overrides on a thread pool); arrays are shuffled with
NumPy's global generator (seed it with `numpy.random.seed` for repeatable runs; Keras's
TensorFlow backend shuffles with `tf.random`); a `PyDataset`'s `workers` are not used;
`ModelCheckpoint` writes `.keras` and `.weights.h5` files only (not legacy `.h5` models);
`steps_per_execution`, multiple outputs and dict inputs are not supported.
"""

from __future__ import annotations

import io
import os
import warnings
from typing import Any

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.function.function import function
from autograph.runtime.gradients.tape import GradientTape
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array import ops as array_ops
from autograph.runtime.ops.creation import ops as creation_ops
from autograph.runtime.train import losses as losses_module
from autograph.runtime.train import metrics as metrics_module
from autograph.runtime.train import optimizers as optimizers_module
from autograph.runtime.train.checkpoint import Checkpoint
from autograph.runtime.train.keras import h5_weights, model_files
from autograph.runtime.train.keras.callbacks import CallbackList, History
from autograph.runtime.train.keras.compile_config import compile_arguments, compile_config
from autograph.runtime.train.keras.data_adapter import Batches, batches, no_batches, split_arrays
from autograph.runtime.train.keras.epoch_iterator import EpochIterator

__all__ = ["Trainer"]


_OPTIMIZERS = {"sgd": optimizers_module.SGD, "adam": optimizers_module.Adam,
               "adamw": optimizers_module.AdamW, "rmsprop": optimizers_module.RMSprop,
               "adagrad": optimizers_module.Adagrad}


def _optimizer(identifier: Any) -> Any:
    """An optimizer object, or a new one with Keras's defaults from its name (`"adam"`)."""
    if isinstance(identifier, str):
        found = _OPTIMIZERS.get(identifier.lower())
        if found is None:
            raise ValueError(f"compile: unknown optimizer {identifier!r}. Known names: "
                             f"{', '.join(sorted(_OPTIMIZERS))}; or pass an optimizer object "
                             f"such as ag.keras.optimizers.SGD(0.01).")
        return found()
    if not hasattr(identifier, "apply_gradients"):
        raise TypeError(f"compile: the optimizer must be an optimizer object (with "
                        f"apply_gradients), e.g. ag.keras.optimizers.SGD(0.01), or a name; "
                        f"got {identifier!r}.")
    return identifier


class _Compiled:
    """What `compile` set. Not a `Module`, so that the metrics' and optimizer's variables
    are not the model's (`model.variables` is its layers' weights, as in Keras)."""

    def __init__(self, optimizer: Any, loss: Any, metrics: list[Any], run_eagerly: bool = False,
                 weighted_metrics: list[Any] | None = None):
        self.run_eagerly = run_eagerly  # as compile was given it, for the compile config
        self.optimizer = _optimizer(optimizer)
        self.loss_spec = loss  # what `model.loss` gives back, as Keras: "mse" stays "mse"
        self.loss = losses_module.compiled(loss)
        self.metric_specs = metrics
        self.weighted_metric_specs = weighted_metrics or []
        self.metrics: list[metrics_module.Metric] | None = None  # made from the first data
        self.weighted_metrics: list[metrics_module.Metric] = []
        self.names: list[str] = []  # the logs' names of metrics + weighted_metrics
        self.loss_tracker = metrics_module.Mean(name="loss")
        self.functions: dict[tuple, Any] = {}  # (kind, x spec, y spec, weights spec) -> Function

    def loss_value(self, y_true: Tensor, y_pred: Tensor, sample_weight: Any = None) -> Tensor:
        if isinstance(self.loss, losses_module.Loss):
            return self.loss(y_true, y_pred, sample_weight=sample_weight)
        return losses_module.reduce_weighted_values(convert_to_tensor(self.loss(y_true, y_pred)),
                                                    sample_weight)

    def resolve_metrics(self, y_shape: TensorShape, y_pred_shape: TensorShape) -> None:
        if self.metrics is not None:
            return
        self.metrics = [_metric(spec, y_shape, y_pred_shape) for spec in self.metric_specs]
        self.weighted_metrics = [_metric(spec, y_shape, y_pred_shape)
                                 for spec in self.weighted_metric_specs]
        # As Keras: a weighted metric whose name is taken is logged as `weighted_<name>`.
        self.names = [m.name for m in self.metrics]
        for metric in self.weighted_metrics:
            name = metric.name if metric.name not in self.names else f"weighted_{metric.name}"
            self.names.append(name)

    def update(self, loss: Tensor, y: Tensor, y_pred: Tensor, sample_weight: Any = None) -> None:
        batch = creation_ops.cast(array_ops.shape(y_pred)[0], dtypes.float32)
        self.loss_tracker.update_state(loss, sample_weight=batch)
        for metric in self.metrics or []:
            metric.update_state(y, y_pred)
        for metric in self.weighted_metrics:
            metric.update_state(y, y_pred, sample_weight=sample_weight)

    def tracked(self) -> list[tuple[str, metrics_module.Metric]]:
        """(logged name, metric): the loss tracker, the metrics, the weighted metrics."""
        return [("loss", self.loss_tracker),
                *zip(self.names, [*(self.metrics or []), *self.weighted_metrics])]

    def reset(self) -> None:
        for _, metric in self.tracked():
            metric.reset_state()

    def results(self) -> dict[str, float]:
        """The trackers' values, sorted by name (Keras's order in logs)."""
        return dict(sorted((name, float(m.result().numpy())) for name, m in self.tracked()))


def _metric(spec: Any, y_shape: TensorShape, y_pred_shape: TensorShape) -> metrics_module.Metric:
    """A metric from `compile`'s list; `"accuracy"` (or `"acc"`, in any case) picks the kind
    the shapes call for, as Keras does: binary for outputs whose last axis has size 1, sparse
    for labels of lower rank or with a last axis of size 1, else categorical. (`fit` refuses
    data of unknown rank before this.)"""
    if str(spec).lower() not in ("accuracy", "acc"):
        metric = metrics_module.get(spec)
        if isinstance(spec, str):  # logged as written, as Keras: "mae", not its class's name
            metric = type(metric)(name=spec)
        return metric
    y_dims, y_pred_dims = y_shape.as_list(), y_pred_shape.as_list()
    if y_pred_dims[-1] == 1:
        return metrics_module.BinaryAccuracy(name=spec)
    if len(y_dims) < len(y_pred_dims) or y_dims[-1] == 1:
        return metrics_module.SparseCategoricalAccuracy(name=spec)
    return metrics_module.CategoricalAccuracy(name=spec)


# Format name -> exporter(model, filepath, verbose, input_signature), installed by the saving
# layer (runtime/saving/keras_export.py), which sits above this one.
EXPORT_FORMATS: dict[str, Any] = {}


class Trainer:
    """The training methods of a Keras model; the model supplies `__call__`,
    `trainable_variables` and `_maybe_build`."""

    def __init__(self) -> None:
        self._compiled: _Compiled | None = None
        self._predict_function: Any = None
        self.run_eagerly = False
        self.history: History | None = None  # the last fit's (Keras's `model.history`)
        # set by callbacks to end fit after the batch or epoch, evaluate or predict
        self.stop_training = self.stop_evaluating = self.stop_predicting = False

    def compile(self, optimizer: Any = "rmsprop", loss: Any = None,
                metrics: list[Any] | None = None, run_eagerly: bool = False,
                steps_per_execution: int = 1, jit_compile: Any = "auto",
                weighted_metrics: list[Any] | None = None) -> None:
        """Sets the optimizer, the loss and the metrics that `fit` and `evaluate` use.

        Args:
            optimizer: an optimizer (`ag.keras.optimizers.Adam(...)`, or any object with
                `apply_gradients(grads_and_vars)`), or its name with Keras's defaults
                (`"sgd"`, `"adam"`, `"adamw"`, `"rmsprop"`, `"adagrad"`).
            loss: a `Loss`, a loss name (`"mse"`, `"sparse_categorical_crossentropy"`) or a
                function `(y_true, y_pred) -> per-sample losses`.
            metrics: metric names (`"accuracy"`) or `Metric` objects.
            weighted_metrics: metrics weighted by `fit`'s and `evaluate`'s sample weights
                (`metrics` are not); one whose name `metrics` has is logged as
                `weighted_<name>`.
            run_eagerly: run the train, test and predict steps as plain Python (for
                debugging), not as `ag.function`s; `model.run_eagerly` reads and sets it
                later, taking effect at the next `fit`, `evaluate` or `predict` (Keras keeps
                the steps a first call made).
            steps_per_execution, jit_compile: accepted for Keras compatibility; they do not
                change how the steps run.

        Raises:
            ValueError: no loss, or an unknown optimizer, loss or metric name.
            TypeError: an optimizer object without `apply_gradients`.
        """
        if loss is None:
            raise ValueError("compile: a loss is needed for fit and evaluate, e.g. "
                             "loss='mse' or loss=ag.keras.losses.MeanSquaredError().")
        for name, given in (("metrics", metrics), ("weighted_metrics", weighted_metrics)):
            if given is not None and not isinstance(given, (list, tuple)):
                raise TypeError(f"compile: {name} must be a list, got {given!r}.")
        self._compiled = _Compiled(optimizer, loss, list(metrics or []), bool(run_eagerly),
                                   list(weighted_metrics or []))
        self.run_eagerly = bool(run_eagerly)

    def get_compile_config(self) -> dict | None:
        """What `compile` was given, as Keras 3 writes it in a `.keras` file (None before
        `compile`)."""
        if self._compiled is None:
            return None
        compiled = self._compiled
        return compile_config(compiled.optimizer, compiled.loss_spec, compiled.metric_specs,
                              compiled.run_eagerly, compiled.weighted_metric_specs)

    def compile_from_config(self, config: dict) -> None:
        """Compiles the model as `get_compile_config()` (or Keras 3's) says; a built model's
        optimizer makes its slots at once, so that a saved optimizer state can fill them."""
        self.compile(**compile_arguments(config))
        if self.built and self.trainable_variables:  # type: ignore[attr-defined]
            build = getattr(self.optimizer, "build", None)
            if build is not None:
                build(h5_weights.trainable_in_keras_order(self))  # type: ignore[arg-type]

    # Files -----------------------------------------------------------------------------------
    def export(self, filepath: Any, format: str = "tf_saved_model", verbose: bool = True,
               input_signature: Any = None) -> None:
        """Writes an inference-only artifact of the model, as Keras 3: a saved model whose
        `serve` runs the model (`ag.saved_model.load(filepath).serve(x)`), or with
        `format="onnx"` an ONNX file.

        Raises:
            ValueError: an unknown format, or a model not built and no `input_signature`.
        """
        exporter = EXPORT_FORMATS.get(format)
        if exporter is None:
            raise ValueError(f"export: format {format!r} is not supported; use one of "
                             f"{sorted(EXPORT_FORMATS)}.")
        exporter(self, filepath, verbose, input_signature)

    def save(self, filepath: Any, overwrite: bool = True) -> None:
        """Writes the model to a Keras 3 `.keras` file: its config, its compile config and
        its weights (with the optimizer's state); `ag.keras.models.load_model` reads it, and
        so does Keras 3 for models of layers it has.

        Raises:
            ValueError: a name not ending in `.keras`, or a model not built yet.
            FileExistsError: the file exists and `overwrite` is False.
        """
        model_files.save_model(self, filepath, overwrite)

    def save_weights(self, filepath: Any, overwrite: bool = True) -> None:
        """Writes the weights (and the optimizer's state): Keras 3's HDF5 weights file for a
        name ending in `.weights.h5` (needs h5py), else a TensorFlow checkpoint with that
        prefix.

        Raises:
            ValueError: a `.h5`/`.hdf5`/`.keras` name not ending in `.weights.h5`, or a model
                not built yet.
        """
        path = model_files.check_weights_path(filepath, "save_weights")
        if not model_files.is_weights_h5(path):
            Checkpoint(model=self).write(path)
            return
        if not self.built:  # type: ignore[attr-defined]
            raise ValueError(f"save_weights: model {self.name!r} is not built yet, so it has "  # type: ignore[attr-defined]
                             f"no weights: call it on data, build(input_shape) it or fit it first.")
        buffer = io.BytesIO()
        h5_weights.write_weights(self, buffer)  # type: ignore[arg-type]
        model_files.write_atomically(path, buffer.getvalue(), overwrite, "save_weights")

    def load_weights(self, filepath: Any) -> None:
        """Reads weights written by `save_weights` (here or by Keras 3, `.weights.h5`). A
        model not built yet is built from the input shape our `.weights.h5` files record.

        Raises:
            ValueError: the file's layers or weight shapes do not match the model's, or an
                unbuilt model and a file that does not say how to build it.
        """
        path = model_files.check_weights_path(filepath, "load_weights")
        if not model_files.is_weights_h5(path):
            Checkpoint(model=self).read(path).expect_partial()
            return
        if not os.path.exists(path):
            raise FileNotFoundError(f"load_weights: no such file: {path!r}.")
        try:
            if not self.built:  # type: ignore[attr-defined]
                shape = h5_weights.stored_build_shape(path)
                if shape is None:
                    raise ValueError(
                        f"load_weights: model {self.name!r} is not built yet and "  # type: ignore[attr-defined]
                        f"{path!r} does not record an input shape: build it first "
                        f"(call it on data or build(input_shape)).")
                self.build_from_config({"input_shape": shape})  # type: ignore[attr-defined]
            h5_weights.read_weights(self, path, f"load_weights({path!r})")  # type: ignore
        except OSError as error:
            raise ValueError(f"load_weights: {path!r} is not a valid HDF5 weights file: "
                             f"{error}") from None

    @property
    def optimizer(self) -> Any:
        return None if self._compiled is None else self._compiled.optimizer

    @property
    def loss(self) -> Any:
        return None if self._compiled is None else self._compiled.loss_spec


    @property
    def metrics(self) -> list[Any]:
        """The loss tracker, the compiled metrics and the weighted ones (made on the first
        data seen)."""
        if self._compiled is None:
            return []
        return [metric for _, metric in self._compiled.tracked()]

    @property
    def metrics_names(self) -> list[str]:
        if self._compiled is None:
            return []
        return [name for name, _ in self._compiled.tracked()]

    def _compiled_for(self, method: str) -> _Compiled:
        if self._compiled is None:
            raise RuntimeError(f"You must compile the model before calling {method}: "
                               f"model.compile(optimizer=..., loss=...).")
        return self._compiled

    def _prepare(self, data: Batches, compiled: _Compiled) -> None:
        assert data.y_spec is not None  # fit and evaluate take targets
        self._maybe_build(data.x_spec.shape)  # type: ignore[attr-defined]
        compiled.resolve_metrics(data.y_spec.shape,
                                 self.compute_output_shape(data.x_spec.shape))  # type: ignore

    def _function(self, compiled: _Compiled, kind: str, data: Batches) -> Any:
        """The train or test step for `data`'s specs: one `ag.function` per signature (the
        sample weights' spec is part of it when there are weights)."""
        step = self._train_step if kind == "train" else self._test_step
        if self.run_eagerly:
            return step
        specs = data.specs
        key = (kind, *specs)
        found = compiled.functions.get(key)
        if found is None:
            found = compiled.functions[key] = function(
                step, input_signature=specs, autograph=False, name=f"{kind}_function")
        return found

    def _train_step(self, x: Tensor, y: Tensor, sample_weight: Tensor | None = None) -> Tensor:
        compiled = self._compiled
        assert compiled is not None
        with GradientTape() as tape:
            y_pred = self(x, training=True)  # type: ignore[operator]
            loss = compiled.loss_value(y, y_pred, sample_weight)
        variables = list(self.trainable_variables)  # type: ignore[attr-defined]
        if variables:
            gradients = tape.gradient(loss, variables)
            compiled.optimizer.apply_gradients(zip(gradients, variables))
        compiled.update(loss, y, y_pred, sample_weight)
        return loss

    def _test_step(self, x: Tensor, y: Tensor, sample_weight: Tensor | None = None) -> Tensor:
        compiled = self._compiled
        assert compiled is not None
        y_pred = self(x, training=False)  # type: ignore[operator]
        loss = compiled.loss_value(y, y_pred, sample_weight)
        compiled.update(loss, y, y_pred, sample_weight)
        return loss

    def _callback_list(self, callbacks: Any, verbose: Any, epochs: int, steps: int | None,
                       add_history: bool = False) -> CallbackList:
        if isinstance(callbacks, CallbackList):
            return callbacks
        return CallbackList(callbacks, add_history=add_history, add_progbar=verbose != 0,
                            model=self, verbose=verbose, epochs=epochs, steps=steps)

    def fit(self, x: Any = None, y: Any = None, batch_size: int | None = None,
            epochs: int = 1, verbose: Any = "auto", callbacks: Any = None,
            validation_split: float = 0.0, validation_data: Any = None, shuffle: Any = True,
            class_weight: dict | None = None, sample_weight: Any = None,
            initial_epoch: int = 0, steps_per_epoch: int | None = None,
            validation_steps: int | None = None, validation_batch_size: int | None = None,
            validation_freq: Any = 1) -> History:
        """Trains the model for `epochs - initial_epoch` epochs over `(x, y)`.

        Args:
            x, y: inputs and targets, arrays with the same number of samples; or `x` an
                `ag.data` dataset, a Python generator or an `ag.keras.utils.PyDataset`
                yielding `(x, y)` or `(x, y, sample_weight)` batches (then no `y`,
                `sample_weight`, `batch_size` or `validation_split`).
            batch_size: samples per step (default 32, or the samples divided by
                `steps_per_epoch`); the last batch may be smaller.
            epochs: the index of the last epoch.
            verbose: `"auto"` or 1 (a progress bar per epoch), 2 (one line per epoch), 0.
            callbacks: `ag.keras.callbacks.Callback`s whose hooks run during training.
            validation_split: the fraction of the samples (the last ones, before shuffling)
                kept for validation.
            validation_data: `(x_val, y_val)`, `(x_val, y_val, sample_weight_val)` or a
                dataset, evaluated after every `validation_freq`-th epoch (`val_` logs).
            shuffle: shuffle the training samples before each epoch (`"batch"`: within
                each batch); a `PyDataset`'s batch order.
            class_weight: `{class index: weight}`, each sample weighted by its label's class.
            sample_weight: a weight per sample (arrays only), for the loss and the
                `weighted_metrics`.
            initial_epoch: the epoch to start from (to resume a fit).
            steps_per_epoch: batches per epoch; the next epoch goes on where the last
                stopped (see `epoch_iterator`).
            validation_steps, validation_batch_size: for the validation data.
            validation_freq: validate every so many epochs, or at the epochs (counting
                from 1) in a list.

        Returns:
            A `History` (also `model.history`) whose `history` maps each log name to its
            values per epoch.
        """
        compiled = self._compiled_for("fit")
        if not 0 <= validation_split < 1:
            raise ValueError(f"fit: validation_split must be in [0, 1), got {validation_split}.")
        if not isinstance(validation_freq, (int, list)):
            raise ValueError(f"Expected `validation_freq` to be a list or int. Received: "
                             f"validation_freq={validation_freq} of the type "
                             f"{type(validation_freq)}.")
        if validation_split and validation_data is None:
            (x, y, sample_weight), validation_data = split_arrays(
                x, y, sample_weight, validation_split)
        data = batches(x, y, batch_size, "fit", sample_weight=sample_weight,
                       class_weight=class_weight, steps=steps_per_epoch, shuffle=shuffle)
        epoch_iterator = EpochIterator(data, steps_per_epoch)
        self._prepare(data, compiled)
        if not self.trainable_variables:  # type: ignore[attr-defined]
            # as Keras: the epochs still run, and report the loss and metrics
            warnings.warn("The model does not have any trainable weights.", stacklevel=2)
        build = getattr(compiled.optimizer, "build", None)
        if build is not None:  # slots made now, eagerly: the train step then traces once
            build(self.trainable_variables)  # type: ignore[attr-defined]
        train = self._function(compiled, "train", data)
        arity = len(data.specs)
        callbacks = self._callback_list(callbacks, verbose, epochs,
                                        epoch_iterator.num_batches, add_history=True)
        validation: Batches | None = None
        self.stop_training = False
        callbacks.on_train_begin()
        training_logs = None
        for epoch in range(initial_epoch, epochs):
            compiled.reset()
            callbacks.on_epoch_begin(epoch)
            begin = callbacks.batch_hooks("on_train_batch_begin")
            end = callbacks.batch_hooks("on_train_batch_end")
            done = 0
            for step in epoch_iterator.steps():
                if begin:
                    callbacks.call_hooks(begin, "on_train_batch_begin", step, None)
                batch = epoch_iterator.next_batch()
                if batch is None:
                    break
                train(*batch[:arity])
                done += 1
                if end:
                    callbacks.call_hooks(end, "on_train_batch_end", step, compiled.results())
                if self.stop_training:
                    break
            if done == 0 and epoch == initial_epoch and data.num_batches is None:
                raise no_batches("fit")  # a dataset of unknown length that yielded nothing
            logs = compiled.results()
            if validation_data is not None and _should_validate(epoch, validation_freq):
                if validation is None:
                    validation = _validation_batches(validation_data,
                                                     validation_batch_size or batch_size)
                val_logs = self._evaluate(compiled, validation, callbacks, validation_steps)
                logs.update({f"val_{name}": value for name, value in val_logs.items()})
            callbacks.on_epoch_end(epoch, logs)
            training_logs = logs
            if self.stop_training:
                break
        callbacks.on_train_end(training_logs)
        assert self.history is not None  # the list's History set it
        return self.history

    def _evaluate(self, compiled: _Compiled, data: Batches, callbacks: CallbackList,
                  steps: int | None) -> dict[str, float]:
        """One pass of the test step over `data`, with `callbacks`' test hooks: the logs."""
        epoch_iterator = EpochIterator(data, steps)
        self._prepare(data, compiled)
        test = self._function(compiled, "test", data)
        arity = len(data.specs)
        self.stop_evaluating = False
        callbacks.on_test_begin()
        compiled.reset()
        begin = callbacks.batch_hooks("on_test_batch_begin")
        end = callbacks.batch_hooks("on_test_batch_end")
        done = 0
        for step in epoch_iterator.steps():
            if begin:
                callbacks.call_hooks(begin, "on_test_batch_begin", step, None)
            batch = epoch_iterator.next_batch()
            if batch is None:
                break
            test(*batch[:arity])
            done += 1
            if end:
                callbacks.call_hooks(end, "on_test_batch_end", step, compiled.results())
            if self.stop_evaluating:
                break
        if done == 0:
            raise no_batches("evaluate")
        logs = compiled.results()
        callbacks.on_test_end(logs)
        return logs

    def evaluate(self, x: Any = None, y: Any = None, batch_size: int | None = None,
                 verbose: Any = "auto", sample_weight: Any = None, steps: int | None = None,
                 callbacks: Any = None, return_dict: bool = False) -> Any:
        """The loss and metrics over `(x, y)` (weighted by `sample_weight`: the loss and the
        `weighted_metrics`), without training; `x` may be a dataset, generator or
        `PyDataset` as in `fit`, and `steps` limits the batches.

        Returns:
            The loss alone when there are no metrics, else `[loss, *metrics]` in
            `metrics_names` order; with `return_dict`, a dict by name.
        """
        compiled = self._compiled_for("evaluate")
        data = batches(x, y, batch_size, "evaluate", sample_weight=sample_weight, steps=steps)
        callback_list = self._callback_list(callbacks, verbose, 1,
                                            steps or data.num_batches)
        logs = self._evaluate(compiled, data, callback_list, steps)
        if return_dict:
            return logs
        values = [logs[name] for name in self.metrics_names]
        return values[0] if len(values) == 1 else values

    def predict(self, x: Any, batch_size: int | None = None, verbose: Any = "auto",
                steps: int | None = None, callbacks: Any = None) -> Any:
        """The model's outputs for `x` (an array, or a dataset, generator or `PyDataset` of
        batches, whose targets and weights are ignored; inference: dropout off), as one
        NumPy array; `steps` limits the batches."""
        data = batches(x, None, batch_size, "predict", needs_y=False, steps=steps)
        epoch_iterator = EpochIterator(data, steps)
        spec = data.x_spec
        self._maybe_build(spec.shape)  # type: ignore[attr-defined]
        if self.run_eagerly:
            run = lambda batch: self(batch, training=False)  # type: ignore  # noqa: E731
        else:
            if self._predict_function is None or self._predict_function[0] != spec:
                self._predict_function = (spec, function(
                    lambda batch: self(batch, training=False),  # type: ignore
                    input_signature=[spec], autograph=False, name="predict_function"))
            run = self._predict_function[1]
        callback_list = self._callback_list(callbacks, verbose, 1, epoch_iterator.num_batches)
        self.stop_predicting = False
        callback_list.on_predict_begin()
        begin = callback_list.batch_hooks("on_predict_batch_begin")
        end = callback_list.batch_hooks("on_predict_batch_end")
        outputs = []
        for step in epoch_iterator.steps():
            if begin:
                callback_list.call_hooks(begin, "on_predict_batch_begin", step, None)
            batch = epoch_iterator.next_batch()
            if batch is None:
                break
            outputs.append(run(batch[0]).numpy())
            if end:
                callback_list.call_hooks(end, "on_predict_batch_end", step,
                                         {"outputs": outputs[-1]})
            if self.stop_predicting:
                break
        if not outputs:
            raise no_batches("predict")
        callback_list.on_predict_end()
        return np.concatenate(outputs)


def _should_validate(epoch: int, validation_freq: int | list) -> bool:
    """Keras's `_should_eval`: every `validation_freq`-th epoch, or those listed (from 1)."""
    if isinstance(validation_freq, int):
        return (epoch + 1) % validation_freq == 0
    return epoch + 1 in validation_freq


def _validation_batches(validation_data: Any, batch_size: int | None) -> Batches:
    """`fit`'s validation data as batches: `(x, y)`, `(x, y, sample_weight)` or a source of
    batches (Keras's `unpack_x_y_sample_weight`)."""
    if isinstance(validation_data, list):
        validation_data = tuple(validation_data)
    if isinstance(validation_data, tuple):
        if len(validation_data) not in (2, 3):
            raise ValueError(f"fit: validation_data must be (x_val, y_val), (x_val, y_val, "
                             f"sample_weight_val) or a dataset; got a tuple of "
                             f"{len(validation_data)}.")
        x, y, weight = validation_data + (None,) * (3 - len(validation_data))
        return batches(x, y, batch_size, "evaluate", sample_weight=weight)
    return batches(validation_data, None, None, "evaluate")
