"""`Trainer`: Keras's `compile`, `fit`, `evaluate` and `predict` for a model (`Sequential`).

Data are NumPy arrays (or eager tensors), cut into batches here, or `ag.data` datasets of
batches (`data_adapter`); floats become float32 as in Keras. Each of the train, test and
predict steps is one `ag.function` whose input signature leaves the batch axis unknown, so a
fit traces its step once, whatever the batch sizes (the last batch may be smaller) and the
number of epochs; the functions are kept until the next `compile`. The train step runs the
model under a `GradientTape`, applies the gradients with the optimizer and updates the
metrics' variables. The epoch's `loss` is the mean of the batch losses weighted by batch size
(Keras's loss tracker); logs are sorted by name, as Keras's.

Departures from Keras: no Python generators or `steps_per_epoch`; no callbacks,
`sample_weight` or `class_weight`; arrays are shuffled with NumPy's global generator (seed it
with `numpy.random.seed` for repeatable runs).
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
from autograph.runtime.ops.iterator.ops import is_dataset
from autograph.runtime.train import losses as losses_module
from autograph.runtime.train import metrics as metrics_module
from autograph.runtime.train import optimizers as optimizers_module
from autograph.runtime.train.checkpoint import Checkpoint
from autograph.runtime.train.keras import h5_weights, model_files
from autograph.runtime.train.keras.compile_config import compile_arguments, compile_config
from autograph.runtime.train.keras.data_adapter import ArrayBatches, Batches, batches, no_batches
from autograph.runtime.train.keras.progress import History, Progbar

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

    def __init__(self, optimizer: Any, loss: Any, metrics: list[Any], run_eagerly: bool = False):
        self.run_eagerly = run_eagerly  # as compile was given it, for the compile config
        self.optimizer = _optimizer(optimizer)
        self.loss_spec = loss  # what `model.loss` gives back, as Keras: "mse" stays "mse"
        self.loss = losses_module.compiled(loss)
        self.metric_specs = metrics
        self.metrics: list[metrics_module.Metric] | None = None  # made from the first data
        self.loss_tracker = metrics_module.Mean(name="loss")
        self.functions: dict[tuple, Any] = {}  # (kind, x spec, y spec) -> Function

    def loss_value(self, y_true: Tensor, y_pred: Tensor) -> Tensor:
        if isinstance(self.loss, losses_module.Loss):
            return self.loss(y_true, y_pred)
        return losses_module.reduce_weighted_values(convert_to_tensor(self.loss(y_true, y_pred)))

    def resolve_metrics(self, y_shape: TensorShape, y_pred_shape: TensorShape) -> None:
        if self.metrics is None:
            self.metrics = [_metric(spec, y_shape, y_pred_shape)
                            for spec in self.metric_specs]

    def update(self, loss: Tensor, y: Tensor, y_pred: Tensor) -> None:
        batch = creation_ops.cast(array_ops.shape(y_pred)[0], dtypes.float32)
        self.loss_tracker.update_state(loss, sample_weight=batch)
        for metric in self.metrics or []:
            metric.update_state(y, y_pred)

    def reset(self) -> None:
        for metric in [self.loss_tracker, *(self.metrics or [])]:
            metric.reset_state()

    def results(self) -> dict[str, float]:
        """The trackers' values, sorted by name (Keras's order in logs)."""
        values = {m.name: float(m.result().numpy())
                  for m in [self.loss_tracker, *(self.metrics or [])]}
        return dict(sorted(values.items()))


def _metric(spec: Any, y_shape: TensorShape, y_pred_shape: TensorShape) -> metrics_module.Metric:
    """A metric from `compile`'s list; `"accuracy"` (or `"acc"`, in any case) picks the kind
    the shapes call for, as Keras does: binary for outputs whose last axis has size 1, sparse
    for labels of lower rank or with a last axis of size 1, else categorical. (`fit` refuses
    data of unknown rank before this.)"""
    if str(spec).lower() not in ("accuracy", "acc"):
        return metrics_module.get(spec)
    y_dims, y_pred_dims = y_shape.as_list(), y_pred_shape.as_list()
    if y_pred_dims[-1] == 1:
        return metrics_module.BinaryAccuracy(name=spec)
    if len(y_dims) < len(y_pred_dims) or y_dims[-1] == 1:
        return metrics_module.SparseCategoricalAccuracy(name=spec)
    return metrics_module.CategoricalAccuracy(name=spec)


def _verbose(verbose: Any) -> int:
    return 1 if verbose == "auto" else int(verbose)


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

    def compile(self, optimizer: Any = "rmsprop", loss: Any = None,
                metrics: list[Any] | None = None, run_eagerly: bool = False,
                steps_per_execution: int = 1, jit_compile: Any = "auto") -> None:
        """Sets the optimizer, the loss and the metrics that `fit` and `evaluate` use.

        Args:
            optimizer: an optimizer (`ag.keras.optimizers.Adam(...)`, or any object with
                `apply_gradients(grads_and_vars)`), or its name with Keras's defaults
                (`"sgd"`, `"adam"`, `"adamw"`, `"rmsprop"`, `"adagrad"`).
            loss: a `Loss`, a loss name (`"mse"`, `"sparse_categorical_crossentropy"`) or a
                function `(y_true, y_pred) -> per-sample losses`.
            metrics: metric names (`"accuracy"`) or `Metric` objects.
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
        if metrics is not None and not isinstance(metrics, (list, tuple)):
            raise TypeError(f"compile: metrics must be a list, got {metrics!r}.")
        self._compiled = _Compiled(optimizer, loss, list(metrics or []), bool(run_eagerly))
        self.run_eagerly = bool(run_eagerly)

    def get_compile_config(self) -> dict | None:
        """What `compile` was given, as Keras 3 writes it in a `.keras` file (None before
        `compile`)."""
        if self._compiled is None:
            return None
        compiled = self._compiled
        return compile_config(compiled.optimizer, compiled.loss_spec, compiled.metric_specs,
                              compiled.run_eagerly)

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
        """The loss tracker and the compiled metrics (made on the first data seen)."""
        if self._compiled is None:
            return []
        return [self._compiled.loss_tracker, *(self._compiled.metrics or [])]

    @property
    def metrics_names(self) -> list[str]:
        return [m.name for m in self.metrics]

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
        step = self._train_step if kind == "train" else self._test_step
        if self.run_eagerly:
            return step
        key = (kind, data.x_spec, data.y_spec)
        found = compiled.functions.get(key)
        if found is None:
            found = compiled.functions[key] = function(
                step, input_signature=[data.x_spec, data.y_spec], autograph=False,
                name=f"{kind}_function")
        return found

    def _train_step(self, x: Tensor, y: Tensor) -> Tensor:
        compiled = self._compiled
        assert compiled is not None
        with GradientTape() as tape:
            y_pred = self(x, training=True)  # type: ignore[operator]
            loss = compiled.loss_value(y, y_pred)
        variables = list(self.trainable_variables)  # type: ignore[attr-defined]
        if variables:
            gradients = tape.gradient(loss, variables)
            compiled.optimizer.apply_gradients(zip(gradients, variables))
        compiled.update(loss, y, y_pred)
        return loss

    def _test_step(self, x: Tensor, y: Tensor) -> Tensor:
        compiled = self._compiled
        assert compiled is not None
        y_pred = self(x, training=False)  # type: ignore[operator]
        loss = compiled.loss_value(y, y_pred)
        compiled.update(loss, y, y_pred)
        return loss

    def fit(self, x: Any = None, y: Any = None, batch_size: int | None = None,
            epochs: int = 1, verbose: Any = "auto", validation_split: float = 0.0,
            validation_data: Any = None, shuffle: bool = True,
            initial_epoch: int = 0) -> History:
        """Trains the model for `epochs - initial_epoch` passes over `(x, y)`.

        Args:
            x, y: inputs and targets, arrays with the same number of samples; or `x` an
                `ag.data` dataset of `(x, y)` batches (then no `y`, `batch_size` or
                `validation_split`; the dataset does its own shuffling).
            batch_size: samples per step (default 32); the last batch may be smaller.
            epochs: the index of the last epoch.
            verbose: `"auto"` or 1 (a progress bar per epoch), 2 (one line per epoch), 0.
            validation_split: the fraction of the samples (the last ones, before shuffling)
                kept for validation.
            validation_data: `(x_val, y_val)` or a dataset, evaluated after every epoch
                (`val_` logs).
            shuffle: shuffle the training samples before each epoch.
            initial_epoch: the epoch to start from (to resume a fit).

        Returns:
            A `History` whose `history` maps each log name to its values per epoch.
        """
        compiled = self._compiled_for("fit")
        data = batches(x, y, batch_size, "fit")
        if not 0 <= validation_split < 1:
            raise ValueError(f"fit: validation_split must be in [0, 1), got {validation_split}.")
        if validation_split and validation_data is None:
            if not isinstance(data, ArrayBatches):
                raise ValueError("fit: validation_split needs arrays; with a dataset, pass "
                                 "validation_data (another dataset).")
            split = int(len(data.x) * (1 - validation_split))
            if split in (0, len(data.x)):
                raise ValueError(f"Training data contains {len(data.x)} samples, which is not "
                                 f"sufficient to split it into a validation and training set "
                                 f"as specified by `validation_split={validation_split}`. "
                                 f"Either provide more data, or a different value for the "
                                 f"`validation_split` argument.")
            validation_data = (data.x[split:], data.y[split:])  # type: ignore[index]
            data = ArrayBatches(data.x[:split], data.y[:split],  # type: ignore[index]
                                data.batch_size)
        self._prepare(data, compiled)
        steps = data.steps
        verbose = _verbose(verbose)
        if not self.trainable_variables:  # type: ignore[attr-defined]
            # as Keras: the epochs still run, and report the loss and metrics
            warnings.warn("The model does not have any trainable weights.", stacklevel=2)
        build = getattr(compiled.optimizer, "build", None)
        if build is not None:  # slots made now, eagerly: the train step then traces once
            build(self.trainable_variables)  # type: ignore[attr-defined]
        train = self._function(compiled, "train", data)
        history = History(self, {"verbose": verbose, "epochs": epochs, "steps": steps})
        for epoch in range(initial_epoch, epochs):
            if verbose:
                print(f"Epoch {epoch + 1}/{epochs}")
            bar = Progbar(steps, verbose)
            compiled.reset()
            done = 0
            for done, (x_batch, y_batch) in enumerate(data.epoch(shuffle), 1):
                train(x_batch, y_batch)
                if bar.interactive and verbose == 1 and done != steps:
                    bar.update(done, compiled.results())
            if done == 0:  # a dataset of unknown length that yielded nothing
                raise no_batches("fit")
            steps = history.params["steps"] = bar.target = done  # known after one pass
            logs = compiled.results()
            if validation_data is not None:
                val = validation_data if is_dataset(validation_data) else None
                val_x, val_y = (val, None) if val is not None else validation_data
                val_logs = self.evaluate(val_x, val_y, verbose=0, return_dict=True,
                                         batch_size=None if val is not None else batch_size)
                logs.update({f"val_{name}": value for name, value in val_logs.items()})
            bar.update(done, logs, finalize=True)
            history.record(epoch, logs)
        return history

    def evaluate(self, x: Any = None, y: Any = None, batch_size: int | None = None,
                 verbose: Any = "auto", return_dict: bool = False) -> Any:
        """The loss and metrics over `(x, y)`, without training.

        Returns:
            The loss alone when there are no metrics, else `[loss, *metrics]` in
            `metrics_names` order; with `return_dict`, a dict by name.
        """
        compiled = self._compiled_for("evaluate")
        data = batches(x, y, batch_size, "evaluate")
        self._prepare(data, compiled)
        test = self._function(compiled, "test", data)
        compiled.reset()
        bar = Progbar(data.steps, _verbose(verbose))
        done = 0
        for x_batch, y_batch in data.epoch():
            test(x_batch, y_batch)
            done += 1
        if done == 0:
            raise no_batches("evaluate")
        bar.target = done
        logs = compiled.results()
        bar.update(done, logs, finalize=True)
        if return_dict:
            return logs
        values = [logs[name] for name in self.metrics_names]
        return values[0] if len(values) == 1 else values

    def predict(self, x: Any, batch_size: int | None = None, verbose: Any = "auto") -> Any:
        """The model's outputs for `x` (an array, or a dataset of batches; inference: dropout
        off), as one NumPy array."""
        data = batches(x, None, batch_size, "predict", needs_y=False)
        spec = data.x_spec
        self._maybe_build(spec.shape)  # type: ignore[attr-defined]
        if self.run_eagerly:
            step = lambda batch: self(batch, training=False)  # type: ignore  # noqa: E731
        else:
            if self._predict_function is None or self._predict_function[0] != spec:
                self._predict_function = (spec, function(
                    lambda batch: self(batch, training=False),  # type: ignore
                    input_signature=[spec], autograph=False, name="predict_function"))
            step = self._predict_function[1]
        bar = Progbar(data.steps, _verbose(verbose))
        outputs = [step(x_batch).numpy() for x_batch, _ in data.epoch()]
        if not outputs:
            raise no_batches("predict")
        bar.target = len(outputs)
        bar.update(len(outputs), finalize=True)
        return np.concatenate(outputs)
