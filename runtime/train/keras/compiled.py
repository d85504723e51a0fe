"""What `compile` set, resolved against the model's outputs: the loss, loss weight and metrics
of each output, and the trackers whose values `fit` and `evaluate` log.

A model of one output has one loss and its metrics, logged as `loss`, `accuracy`, ... A model
of several outputs (a list or dict, as a functional model returns them) has, as in Keras 3,
a loss per output (one loss given alone applies to every output; a list goes by position, a
dict by output name), `loss_weights` likewise, and metrics per output (a list of one entry per
output, or a dict by output name); the loss is the weighted sum of the outputs' losses, and
the logs add each output's unweighted loss as `<output>_loss` and its metrics as
`<output>_<metric>`. Output names are the output layers' names (a dict's keys for a dict of
outputs). Targets come in the outputs' structure, or as a dict by output name.

>>> import numpy as np
>>> import autograph as ag
>>> inputs = ag.keras.Input((2,))
>>> model = ag.keras.Model(inputs, [ag.keras.layers.Dense(1, name="a")(inputs),
...                                 ag.keras.layers.Dense(1, name="b")(inputs)])
>>> model.compile("sgd", loss="mse", loss_weights=[1.0, 0.5], metrics=[["mae"], []])
>>> sorted(model.fit(np.ones((4, 2)), [np.ones((4, 1)), np.zeros((4, 1))],
...                  verbose=0).history)
['a_loss', 'a_mae', 'b_loss', 'loss']
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.core import dtypes
from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.func_graph import flatten
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array import ops as array_ops
from autograph.runtime.ops.creation import ops as creation_ops
from autograph.runtime.ops.math import ops as math_ops
from autograph.runtime.train import losses as losses_module
from autograph.runtime.train import metrics as metrics_module
from autograph.runtime.train import optimizers as optimizers_module

__all__ = ["Compiled"]

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


class _Output:
    """One output's loss (None: not trained), weight, metrics and loss tracker."""

    def __init__(self, name: str | None, loss: Any, weight: float,
                 metrics: list[tuple[str, metrics_module.Metric]],
                 weighted: list[tuple[str, metrics_module.Metric]]):
        self.name, self.loss, self.weight = name, loss, weight
        self.metrics, self.weighted = metrics, weighted
        self.tracker: metrics_module.Mean | None = None  # its loss's, when several have one

    def loss_value(self, y_true: Tensor, y_pred: Tensor, sample_weight: Any) -> Tensor:
        if isinstance(self.loss, losses_module.Loss):
            return self.loss(y_true, y_pred, sample_weight=sample_weight)
        return losses_module.reduce_weighted_values(
            convert_to_tensor(self.loss(y_true, y_pred)), sample_weight)


class Compiled:
    """What `compile` set. Not a `Module`, so that the metrics' and optimizer's variables
    are not the model's (`model.variables` is its layers' weights, as in Keras)."""

    def __init__(self, optimizer: Any, loss: Any, metrics: Any, run_eagerly: bool = False,
                 weighted_metrics: Any = None, loss_weights: Any = None):
        self.run_eagerly = run_eagerly  # as compile was given it, for the compile config
        self.optimizer = _optimizer(optimizer)
        self.loss_spec = loss  # what `model.loss` gives back, as Keras: "mse" stays "mse"
        self.loss_weights = loss_weights
        for spec in flatten(loss):
            if spec is not None:
                losses_module.compiled(spec)  # an unknown name fails at compile, as in Keras
        self.metric_specs = metrics if metrics is not None else []
        self.weighted_metric_specs = weighted_metrics if weighted_metrics is not None else []
        self.outputs: list[_Output] | None = None  # made from the first data
        self.output_names: list[str] = []
        self.loss_tracker = metrics_module.Mean(name="loss")
        self.functions: dict[tuple, Any] = {}  # (kind, x spec, y spec, weights spec) -> Function

    # Resolution against the model's outputs -------------------------------------------------
    def resolve(self, y_spec: Any, y_pred_shapes: Any, output_names: list[str]) -> None:
        """Makes each output's loss and metrics, once, from the targets' specs, the outputs'
        shapes (a structure) and their names."""
        if self.outputs is not None:
            return
        shapes = flatten(y_pred_shapes)
        if len(shapes) == 1:
            self.output_names = []
            targets = flatten(y_spec)
            loss = self.loss_spec
            if isinstance(loss, (list, tuple, dict)):  # [loss] or {name: loss}
                entries = flatten(loss)
                if len(entries) != 1:
                    raise ValueError(f"compile: loss has {len(entries)} entries, but the model "
                                     f"has one output.")
                loss = entries[0]
            self.outputs = [self._output(None, loss, self._single_weight(),
                                         self.metric_specs, self.weighted_metric_specs,
                                         targets[0].shape, shapes[0])]
            return
        self.output_names = output_names
        targets = self.align(y_spec, len(shapes))
        losses = self._per_output(self.loss_spec, "loss", broadcast=True)
        weights = self._per_output(self.loss_weights, "loss_weights", broadcast=False)
        metrics = self._per_output_metrics(self.metric_specs, "metrics")
        weighted = self._per_output_metrics(self.weighted_metric_specs, "weighted_metrics")
        self.outputs = [
            self._output(name, loss, 1.0 if weight is None else float(weight), metric,
                         weighted_metric, target.shape, shape)
            for name, loss, weight, metric, weighted_metric, target, shape
            in zip(output_names, losses, weights, metrics, weighted, targets, shapes)]
        trained = [out for out in self.outputs if out.loss is not None]
        if not trained:
            raise ValueError("No loss to compute. Provide a `loss` argument in `compile()`.")
        if len(trained) > 1:  # as Keras: each loss logged when there are several
            for out in trained:
                out.tracker = metrics_module.Mean(name=f"{out.name}_loss")

    def _single_weight(self) -> float:
        weights = self.loss_weights
        if weights is None:
            return 1.0
        found = flatten(weights)
        if len(found) != 1:
            raise ValueError(f"compile: loss_weights {weights!r} has {len(found)} entries, "
                             f"but the model has one output.")
        return float(found[0])

    def _output(self, name: str | None, loss: Any, weight: float, metric_specs: Any,
                weighted_specs: Any, y_shape: TensorShape, y_pred_shape: TensorShape) -> _Output:
        prefix = "" if name is None else f"{name}_"
        made = [(spec, _metric(spec, y_shape, y_pred_shape)) for spec in _listed(metric_specs)]
        metrics = [(prefix + m.name, m) for _, m in made]
        taken = {n for n, _ in metrics}
        weighted = []
        for spec in _listed(weighted_specs):  # as Keras: a taken name gets `weighted_`
            metric = _metric(spec, y_shape, y_pred_shape)
            logged = prefix + metric.name
            weighted.append((f"{prefix}weighted_{metric.name}" if logged in taken else logged,
                             metric))
        return _Output(name, None if loss is None else losses_module.compiled(loss), weight,
                       metrics, weighted)

    def _per_output(self, spec: Any, what: str, broadcast: bool) -> list[Any]:
        """`spec` as one entry per output: by position (a list), by name (a dict), or (a
        loss) the same for every output."""
        count = len(self.output_names)
        if isinstance(spec, dict):
            unknown = sorted(set(spec) - set(self.output_names))
            if unknown:
                raise ValueError(f"compile: {what} names {unknown}, which are not outputs of "
                                 f"the model; its outputs are {self.output_names}.")
            if broadcast and set(spec) != set(self.output_names):  # a loss for each, as Keras
                raise ValueError(f"Expected keys {self.output_names} in loss dict, but found "
                                 f"loss.keys()={list(spec)}")
            return [spec.get(name) for name in self.output_names]
        if isinstance(spec, (list, tuple)):
            if len(spec) != count:
                raise ValueError(f"compile: {what} has {len(spec)} entries, but the model has "
                                 f"{count} outputs {self.output_names}; give one per output, "
                                 f"or a dict by output name.")
            return list(spec)
        if spec is None or broadcast:
            return [spec] * count
        raise ValueError(f"compile: {what} must be a list or a dict by output name for a "
                         f"model of {count} outputs {self.output_names}; got {spec!r}.")

    def _per_output_metrics(self, spec: Any, what: str) -> list[Any]:
        if not spec:
            return [[] for _ in self.output_names]
        if isinstance(spec, (list, tuple)) and len(spec) != len(self.output_names):
            raise ValueError(f"compile: {what} has {len(spec)} entries, but the model has "
                             f"{len(self.output_names)} outputs {self.output_names}; give a "
                             f"list of metrics per output, or a dict by output name.")
        return self._per_output(spec, what, broadcast=False)

    def align(self, y: Any, count: int) -> list[Any]:
        """The targets in the outputs' order: `y` is a list (by position) or a dict (by
        output name) of `count` entries."""
        if count == 1:
            found = flatten(y)
            if len(found) != 1:
                raise ValueError(f"The model has one output, but the targets hold "
                                 f"{len(found)} arrays.")
            return found
        if isinstance(y, dict):
            missing = [name for name in self.output_names if name not in y]
            if missing:
                raise ValueError(f"The targets are a dict without {missing}; the model's "
                                 f"outputs are {self.output_names}.")
            return [y[name] for name in self.output_names]
        if not isinstance(y, (list, tuple)) or len(y) != count:
            given = f"{len(y)} arrays" if isinstance(y, (list, tuple)) else "one array"
            raise ValueError(f"The model has {count} outputs {self.output_names}, but the "
                             f"targets are {given}; give a list of {count} arrays, or a dict "
                             f"by output name.")
        return list(y)

    # The step's work -------------------------------------------------------------------------
    def loss_value(self, y: Any, y_pred: Any, sample_weight: Any = None) -> tuple[Tensor, list]:
        """The loss to minimize (the weighted sum over outputs) and each output's loss."""
        assert self.outputs is not None
        predictions = flatten(y_pred)
        targets = self.align(y, len(predictions))
        parts = [None if out.loss is None else out.loss_value(target, prediction, sample_weight)
                 for out, target, prediction in zip(self.outputs, targets, predictions)]
        total = None
        for out, part in zip(self.outputs, parts):
            if part is None:
                continue
            term = part if out.weight == 1.0 else math_ops.multiply(part, out.weight)
            total = term if total is None else math_ops.add(total, term)
        assert total is not None  # `resolve` refuses a model without a loss
        return total, parts

    def update(self, loss: Tensor, parts: list, y: Any, y_pred: Any,
               sample_weight: Any = None) -> None:
        assert self.outputs is not None
        predictions = flatten(y_pred)
        batch = creation_ops.cast(array_ops.shape(predictions[0])[0], dtypes.float32)
        self.loss_tracker.update_state(loss, sample_weight=batch)
        targets = self.align(y, len(predictions))
        for out, part, target, prediction in zip(self.outputs, parts, targets, predictions):
            if out.tracker is not None:
                out.tracker.update_state(part, sample_weight=batch)
            for _, metric in out.metrics:
                metric.update_state(target, prediction)
            for _, metric in out.weighted:
                metric.update_state(target, prediction, sample_weight=sample_weight)

    # Logs ------------------------------------------------------------------------------------
    def tracked(self) -> list[tuple[str, metrics_module.Metric]]:
        """(logged name, metric) in the order of `evaluate`'s list, as Keras 3 orders it: the
        loss, each output's loss, then the metrics (in compile's order for one output, by
        name for several)."""
        found: list[tuple[str, Any]] = [("loss", self.loss_tracker)]
        outputs = self.outputs or []
        found += [(out.tracker.name, out.tracker) for out in outputs if out.tracker is not None]
        metrics = [pair for out in outputs for pair in [*out.metrics, *out.weighted]]
        if len(outputs) > 1:
            metrics.sort(key=lambda pair: pair[0])
        return found + metrics

    def reset(self) -> None:
        for _, metric in self.tracked():
            metric.reset_state()

    def results(self) -> dict[str, float]:
        """The trackers' values, sorted by name (Keras's order in logs)."""
        return dict(sorted((name, float(m.result().numpy())) for name, m in self.tracked()))


def _listed(specs: Any) -> list[Any]:
    if specs is None:
        return []
    return list(specs) if isinstance(specs, (list, tuple)) else [specs]


def _metric(spec: Any, y_shape: TensorShape, y_pred_shape: TensorShape) -> metrics_module.Metric:
    """A metric from `compile`'s list; `"accuracy"` (or `"acc"`, in any case) picks the kind
    the shapes call for, as Keras does: binary for outputs whose last axis has size 1, sparse
    for labels of lower rank or with a last axis of size 1, else categorical. (`fit` refuses
    data of unknown rank before this.)"""
    if isinstance(spec, losses_module.Loss):  # named after the loss, as Keras names it
        return metrics_module.MeanMetricWrapper(spec, name=spec.name)
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
