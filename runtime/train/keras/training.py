"""`Trainer`: Keras's `compile`, `fit`, `evaluate` and `predict` for a model.

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

A model whose variables a strategy made (`with strategy.scope():` around the model and
`compile`) trains and evaluates through it: each batch is split among the replicas,
the step runs in `strategy.run`, and the loss each replica differentiates is divided by the
number of replicas, so that the summed gradients are those of the whole batch (Keras 3's
`optimizer.scale_loss`). The loss includes the model's `losses` (its weights' regularizers),
in `fit` and `evaluate`, as Keras 3's `compute_loss`.

Models of several inputs and outputs take lists or dicts of arrays (or datasets of such
tuples); `compiled.py` resolves the loss, weight and metrics of each output.

Departures from Keras: a batch's logs are computed only when a callback defines a batch hook
(Keras computes them every batch; the values are the same); callbacks run in the calling
thread (Keras 3 may run batch-end hooks that no callback overrides on a thread pool); arrays
are shuffled with NumPy's global generator (seed it with `numpy.random.seed` for repeatable
runs; Keras's TensorFlow backend shuffles with `tf.random`); a `PyDataset`'s `workers` are
not used; `ModelCheckpoint` writes `.keras` and `.weights.h5` files only (not legacy `.h5`
models); `steps_per_execution` is not supported; `metrics_names` lists the names of
`evaluate`'s values (Keras 3 lists `compile_metrics` in place of the compiled metrics); a
model has `history` None before its first fit (Keras 3 has no such attribute until then); the
outputs of a model that is not functional, returned as a list or tuple, are named `output_1`,
`output_2`, ... (their logs `output_1_loss`, ...; dicts of losses and metrics may use these
names), where Keras 3 logs each output's loss under its loss's name (`mse_loss`, one log for
two outputs of the same loss) and rejects such dicts.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np

from autograph.runtime.core import replicas
from autograph.runtime.core.errors import UnavailableError
from autograph.runtime.function.function import function
from autograph.runtime.gradients.tape import GradientTape
from autograph.runtime.graph.func_graph import FuncGraph, flatten, pack_sequence_as
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_spec import TensorSpec
from autograph.runtime.ops.math.ops import add_n
from autograph.runtime.train.keras import h5_weights
from autograph.runtime.train.keras.callbacks import CallbackList, History
from autograph.runtime.train.keras.compile_config import compile_arguments, compile_config
from autograph.runtime.train.keras.compiled import Compiled
from autograph.runtime.train.keras.data_adapter import (
    Batches,
    batches,
    hashable_spec,
    no_batches,
    spec_shapes,
    split_arrays,
)
from autograph.runtime.train.keras.epoch_iterator import (
    EpochIterator,
    should_validate,
    validation_batches,
)
from autograph.runtime.train.keras.model_methods import ModelFiles
from autograph.runtime.train.keras.strategy_steps import (
    distributed_step,
    model_strategy,
    resumed_epoch,
)

__all__ = ["Trainer"]


class Trainer(ModelFiles):
    """The training methods of a Keras model (and its files' methods, `ModelFiles`); the
    model supplies `__call__`, `trainable_variables` and `_maybe_build`."""

    _initial_epoch: int | None = None  # the epoch a callback (BackupAndRestore) resumes at

    def __init__(self) -> None:
        self._compiled: Compiled | None = None
        self._predict_function: Any = None
        self._distributed_predict: dict = {}  # predict steps run by the model's strategy
        self.run_eagerly = False
        self.history: History | None = None  # the last fit's (Keras's `model.history`)
        # set by callbacks to end fit after the batch or epoch, evaluate or predict
        self.stop_training = self.stop_evaluating = self.stop_predicting = False

    def compile(self, optimizer: Any = "rmsprop", loss: Any = None,
                loss_weights: Any = None, metrics: Any = None,
                weighted_metrics: Any = None, run_eagerly: bool = False,
                steps_per_execution: int = 1, jit_compile: Any = "auto") -> None:
        """Sets the optimizer, the loss and the metrics that `fit` and `evaluate` use.

        Args:
            optimizer: an optimizer (`ag.keras.optimizers.Adam(...)`, or any object with
                `apply_gradients(grads_and_vars)`), or its name with Keras's defaults
                (`"sgd"`, `"adam"`, `"adamw"`, `"rmsprop"`, `"adagrad"`).
            loss: a `Loss`, a loss name (`"mse"`, `"sparse_categorical_crossentropy"`) or a
                function `(y_true, y_pred) -> per-sample losses`; for a model of several
                outputs, a list of them (one per output) or a dict by output name (one alone
                applies to every output).
            loss_weights: for several outputs, each output's loss weight (a list, or a dict
                by output name); the loss is the weighted sum.
            metrics: metric names (`"accuracy"`) or `Metric` objects; for several outputs,
                a list of such lists (one per output) or a dict by output name.
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
            ValueError: no loss, `metrics` or `weighted_metrics` not a list, tuple or dict,
                or an unknown optimizer, loss or metric name.
            TypeError: an optimizer object without `apply_gradients`.
        """
        if loss is None:
            raise ValueError("compile: a loss is needed for fit and evaluate, e.g. "
                             "loss='mse' or loss=ag.keras.losses.MeanSquaredError().")
        for name, given in (("metrics", metrics), ("weighted_metrics", weighted_metrics)):
            if given is not None and not isinstance(given, (list, tuple, dict)):
                raise ValueError(f"Expected `{name}` argument to be a list, tuple, or dict. "
                                 f"Received instead: {name}={given} of type {type(given)}")
        self._compiled = Compiled(optimizer, loss, metrics, bool(run_eagerly),
                                  weighted_metrics, loss_weights)
        self.run_eagerly = bool(run_eagerly)

    def get_compile_config(self) -> dict | None:
        """What `compile` was given, as Keras 3 writes it in a `.keras` file (None before
        `compile`)."""
        if self._compiled is None:
            return None
        compiled = self._compiled
        return compile_config(compiled.optimizer, compiled.loss_spec, compiled.metric_specs,
                              compiled.run_eagerly, compiled.weighted_metric_specs,
                              compiled.loss_weights)

    def compile_from_config(self, config: dict) -> None:
        """Compiles the model as `get_compile_config()` (or Keras 3's) says; a built model's
        optimizer makes its slots at once, so that a saved optimizer state can fill them."""
        self.compile(**compile_arguments(config))
        if self.built and self.trainable_variables:  # type: ignore[attr-defined]
            build = getattr(self.optimizer, "build", None)
            if build is not None:
                build(h5_weights.trainable_in_keras_order(self))  # type: ignore[arg-type]

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

    def _compiled_for(self, method: str) -> Compiled:
        if self._compiled is None:
            raise RuntimeError(f"You must compile the model before calling {method}: "
                               f"model.compile(optimizer=..., loss=...).")
        return self._compiled

    def _prepare(self, data: Batches, compiled: Compiled) -> None:
        assert data.y_spec is not None  # fit and evaluate take targets
        self._maybe_build(spec_shapes(data.x_spec))  # type: ignore[attr-defined]
        shapes, names = self._outputs_of(data.x_spec)
        compiled.resolve(data.y_spec, shapes, names)

    def _outputs_of(self, x_spec: Any) -> tuple[Any, list[str]]:
        """The shapes of the model's outputs for inputs of `x_spec` (in the outputs'
        structure), and the outputs' names (a functional model's output layers, or the
        keys of a dict of outputs; else `output_1`, `output_2`, ...)."""
        ends = getattr(self, "_graph_ends", None)
        if ends is not None:
            outputs = ends[1]
            shapes = pack_sequence_as(outputs, [t.shape for t in flatten(outputs)])
            if isinstance(outputs, dict):
                return shapes, list(outputs)
            return shapes, [t.layer.name for t in flatten(outputs)]
        if isinstance(x_spec, TensorSpec):
            shapes = self.compute_output_shape(x_spec.shape)  # type: ignore[attr-defined]
        else:
            graph = FuncGraph("output_shapes")
            with graph.as_default():
                out = self(pack_sequence_as(x_spec, [graph.add_input(s.dtype, s.shape)
                                                     for s in flatten(x_spec)]))  # type: ignore
            shapes = pack_sequence_as(out, [t.shape for t in flatten(out)])
        if isinstance(shapes, dict):
            return shapes, list(shapes)
        return shapes, [f"output_{i + 1}" for i in range(len(flatten(shapes)))]

    def _function(self, compiled: Compiled, kind: str, data: Batches) -> Any:
        """The train or test step for `data`'s specs: one `ag.function` per signature (the
        sample weights' spec is part of it when there are weights)."""
        step = self._train_step if kind == "train" else self._test_step
        strategy = model_strategy(self)
        if strategy is not None:
            return distributed_step(step, strategy, compiled.functions, kind, self.run_eagerly)
        if self.run_eagerly:
            return step
        specs = data.specs
        key = (kind, *(hashable_spec(spec) for spec in specs))
        found = compiled.functions.get(key)
        if found is None:
            found = compiled.functions[key] = function(
                step, input_signature=specs, autograph=False, name=f"{kind}_function")
        return found

    def _predict_step(self, batch: Any) -> Any:
        return self(batch, training=False)  # type: ignore[operator]

    def _train_step(self, x: Tensor, y: Tensor, sample_weight: Tensor | None = None) -> Tensor:
        compiled = self._compiled
        assert compiled is not None
        replica_count = replicas.num_replicas_in_sync()
        with GradientTape() as tape:
            y_pred = self(x, training=True)  # type: ignore[operator]
            loss, parts = compiled.loss_value(y, y_pred, sample_weight)
            loss = self._with_penalties(loss)
            scaled = loss if replica_count == 1 else loss / replica_count
        variables = list(self.trainable_variables)  # type: ignore[attr-defined]
        if variables:
            gradients = tape.gradient(scaled, variables)
            compiled.optimizer.apply_gradients(zip(gradients, variables))
        compiled.update(loss, parts, y, y_pred, sample_weight)
        return loss

    def _test_step(self, x: Tensor, y: Tensor, sample_weight: Tensor | None = None) -> Tensor:
        compiled = self._compiled
        assert compiled is not None
        y_pred = self(x, training=False)  # type: ignore[operator]
        loss, parts = compiled.loss_value(y, y_pred, sample_weight)
        loss = self._with_penalties(loss)
        compiled.update(loss, parts, y, y_pred, sample_weight)
        return loss

    def _with_penalties(self, loss: Tensor) -> Tensor:
        """The loss plus the model's `losses` (its weights' regularization), as Keras 3's
        `compute_loss` adds them."""
        penalties = self.losses  # type: ignore[attr-defined]
        return loss + add_n(penalties) if penalties else loss

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
        self._initial_epoch = None
        callbacks.on_train_begin()  # BackupAndRestore may set the epoch to resume at
        if self._initial_epoch is not None:
            initial_epoch = self._initial_epoch
        training_logs = None
        epoch, lost_workers = initial_epoch, 0
        while epoch < epochs:
            try:
                logs = self._fit_epoch(epoch, compiled, epoch_iterator, train, arity, callbacks,
                                       data, initial_epoch)
            except UnavailableError:  # a worker of the model's strategy died
                lost_workers += 1
                epoch = resumed_epoch(self, callbacks, lost_workers)
                continue
            if validation_data is not None and should_validate(epoch, validation_freq):
                if validation is None:
                    validation = validation_batches(validation_data,
                                                     validation_batch_size or batch_size)
                val_logs = self._evaluate(compiled, validation, callbacks, validation_steps)
                logs.update({f"val_{name}": value for name, value in val_logs.items()})
            callbacks.on_epoch_end(epoch, logs)
            training_logs = logs
            if self.stop_training:
                break
            epoch += 1
        callbacks.on_train_end(training_logs)
        assert self.history is not None  # the list's History set it
        return self.history

    def _fit_epoch(self, epoch: int, compiled: Compiled, epoch_iterator: EpochIterator,
                   train: Any, arity: int, callbacks: CallbackList, data: Batches,
                   initial_epoch: int) -> dict:
        """One epoch of `fit`'s training steps, with the callbacks' hooks: its logs."""
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
        return compiled.results()

    def _evaluate(self, compiled: Compiled, data: Batches, callbacks: CallbackList,
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
        self._maybe_build(spec_shapes(spec))  # type: ignore[attr-defined]
        strategy = model_strategy(self)
        if strategy is not None:  # each replica predicts its part of the batch
            replicas_step = distributed_step(self._predict_step, strategy,
                                             self._distributed_predict, "predict",
                                             self.run_eagerly)
            run = lambda batch: strategy.gather(replicas_step(batch), axis=0)  # noqa: E731
        elif self.run_eagerly:
            run = self._predict_step
        else:
            if self._predict_function is None or self._predict_function[0] != spec:
                self._predict_function = (spec, function(
                    self._predict_step, input_signature=[spec], autograph=False,
                    name="predict_function"))
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
            result = run(batch[0])
            outputs.append(pack_sequence_as(result, [t.numpy() for t in flatten(result)]))
            if end:
                callback_list.call_hooks(end, "on_predict_batch_end", step,
                                         {"outputs": outputs[-1]})
            if self.stop_predicting:
                break
        if not outputs:
            raise no_batches("predict")
        callback_list.on_predict_end()
        # one array per output, in the outputs' structure (a list or dict for several)
        leaves = [np.concatenate(column) for column in zip(*(flatten(o) for o in outputs))]
        return pack_sequence_as(outputs[0], leaves)

