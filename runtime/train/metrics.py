"""Keras metrics: running means kept in variables, updated per batch.

A metric's state is two non-trainable variables, `total` and `count`; `update_state` adds a
batch to them (eagerly or inside an `ag.function`, as ops on the variables), `result()` is
`total / count` (0 before any update) and `reset_state()` zeroes both. `Accuracy` and
`SparseCategoricalAccuracy` are means of per-sample matches. Weights follow Keras 3:
per-sample values are averaged over their trailing axes, multiplied by `sample_weight`, and
`count` grows by the sum of the weights.

>>> m = Mean()
>>> m.update_state([1.0, 3.0, 5.0, 7.0])
>>> float(m.result())
4.0
"""

from __future__ import annotations

from typing import Any, Callable, cast

from autograph.runtime.core import dtypes
from autograph.runtime.graph.init_scope import init_scope
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array import ops as array_ops
from autograph.runtime.ops.creation import ops as creation_ops
from autograph.runtime.ops.math import ops as math_ops
from autograph.runtime.ops.math.composed import divide_no_nan
from autograph.runtime.ops.reduction.ops import argmax, reduce_mean, reduce_sum
from autograph.runtime.state.module import Module
from autograph.runtime.state.variables import Variable
from autograph.runtime.train import losses
from autograph.runtime.train.losses import _same_rank

__all__ = ["Metric", "Mean", "MeanMetricWrapper", "Accuracy", "BinaryAccuracy",
           "CategoricalAccuracy", "SparseCategoricalAccuracy", "MeanSquaredError",
           "MeanAbsoluteError", "BinaryCrossentropy", "CategoricalCrossentropy",
           "SparseCategoricalCrossentropy", "accuracy", "binary_accuracy",
           "categorical_accuracy", "sparse_categorical_accuracy", "get"]


class Metric(Module):
    """Base class of metrics: `update_state`, `result`, `reset_state`; the state is variables
    (`self.variables`), also the metric's checkpoint children."""

    def __init__(self, name: str | None = None, dtype: Any = None):
        super().__init__(name)
        self.dtype = dtypes.as_dtype(dtype or dtypes.float32)
        self._made: list[Variable] = []

    def add_variable(self, name: str) -> Variable:
        """A non-trainable scalar variable starting at zero, made outside any function; under
        a strategy each replica adds to its own copy, and a read sums them."""
        with init_scope():
            variable = Variable(creation_ops.zeros([], self.dtype), trainable=False, name=name,
                                synchronization="on_read", aggregation="sum")
        self._made.append(variable)
        return variable

    @property
    def variables(self) -> tuple[Variable, ...]:
        """The state: `add_variable`'s variables in the order it made them, as Keras lists
        them (`total`, then `count`; a `Module` sorts by attribute name), then any other."""
        others = [v for v in super().variables if all(v is not made for made in self._made)]
        return (*self._made, *others)

    def update_state(self, *args: Any, **kwargs: Any) -> None:
        raise NotImplementedError(f"{type(self).__name__} must define update_state.")

    def result(self) -> Tensor:
        raise NotImplementedError(f"{type(self).__name__} must define result.")

    def reset_state(self) -> None:
        """Sets every state variable back to zero."""
        for variable in self.variables:
            variable.assign(creation_ops.zeros_like(variable))

    def __call__(self, *args: Any, **kwargs: Any) -> Tensor:
        """Updates the state with one batch and returns the new result."""
        self.update_state(*args, **kwargs)
        return self.result()

    def _trackable_children(self) -> dict[str, object]:
        return {variable.name.split(":")[0].rsplit("/", 1)[-1]: variable
                for variable in self.variables}

    def get_config(self) -> dict:
        return {"name": self.name, "dtype": self.dtype.name}


class Mean(Metric):
    """The (weighted) mean of the values given to `update_state(values, sample_weight=None)`.

    Args:
        name: the metric's name (a Python identifier); default `"mean"`.
        dtype: the dtype of the state and the result (float32).
    """

    def __init__(self, name: str = "mean", dtype: Any = None):
        super().__init__(name, dtype)
        self.total = self.add_variable("total")
        self.count = self.add_variable("count")

    def update_state(self, values: Any, sample_weight: Any = None) -> None:
        values = _cast(values, self.dtype)
        weight = None if sample_weight is None else _cast(sample_weight, self.dtype)
        for what, tensor in (("values", values), ("sample_weight", weight)):
            if tensor is not None and tensor.shape.rank is None:  # as Keras, which fails too
                raise ValueError(f"Metric {self.name!r}: {what} of unknown rank cannot be "
                                 f"averaged per sample; give the function's input_signature "
                                 f"a shape (its number of axes at least).")
        if weight is not None:
            values, weight = _same_rank(values, weight)
            # both known: unknown ranks are refused above
            weight_rank, values_rank = cast(int, weight.shape.rank), cast(int, values.shape.rank)
            if values_rank > weight_rank:
                values = reduce_mean(values, list(range(weight_rank, values_rank)))
            weight = array_ops.broadcast_to(weight, array_ops.shape(values))
            values = values * weight
            weight = _mean_per_sample(weight)
        # As Keras: each sample counts once, with the mean of its values (and of its weights).
        values = _mean_per_sample(values)
        self.total.assign_add(reduce_sum(values))
        if weight is not None:
            count = reduce_sum(weight)
        elif values.shape.rank:
            count = creation_ops.cast(array_ops.shape(values)[0], self.dtype)
        else:
            count = creation_ops.ones([], self.dtype)
        self.count.assign_add(count)

    def result(self) -> Tensor:
        return divide_no_nan(self.total.read_value(), self.count.read_value())


def _mean_per_sample(values: Tensor) -> Tensor:
    """`values` averaged over every axis after the first (Keras's samplewise reduction)."""
    rank = cast(int, values.shape.rank)  # known: Mean.update_state refuses unknown ranks
    return values if rank <= 1 else reduce_mean(values, list(range(1, rank)))


class MeanMetricWrapper(Mean):
    """The mean of `fn(y_true, y_pred, **kwargs)` over every sample seen."""

    def __init__(self, fn: Callable[..., Tensor], name: str | None = None, dtype: Any = None,
                 **kwargs: Any):
        super().__init__(name or str(getattr(fn, "__name__", "mean_metric_wrapper")), dtype)
        self._fn = fn
        self._fn_kwargs = kwargs

    def update_state(self, y_true: Any, y_pred: Any,  # type: ignore[override]
                     sample_weight: Any = None) -> None:
        super().update_state(self._fn(y_true, y_pred, **self._fn_kwargs), sample_weight)


def _cast(value: Any, dtype: dtypes.DType) -> Tensor:
    tensor = convert_to_tensor(value)
    return tensor if tensor.dtype == dtype else creation_ops.cast(tensor, dtype)


def accuracy(y_true: Any, y_pred: Any) -> Tensor:
    """1.0 where `y_true == y_pred`, else 0.0 (a trailing axis of size 1 squeezed)."""
    y_pred = convert_to_tensor(y_pred)
    y_true = _cast(y_true, y_pred.dtype)
    y_true, y_pred = _same_rank(y_true, y_pred)
    return creation_ops.cast(math_ops.equal(y_true, y_pred), dtypes.float32)


def sparse_categorical_accuracy(y_true: Any, y_pred: Any) -> Tensor:
    """1.0 where the integer label `y_true` is the argmax of `y_pred`'s last axis, else 0.0."""
    y_pred = convert_to_tensor(y_pred)
    y_true = convert_to_tensor(y_true)
    rank = y_pred.shape.rank
    if y_true.shape.rank is not None and y_true.shape.rank == rank and y_true.shape[-1] == 1:
        y_true = array_ops.squeeze(y_true, -1)
    predicted = argmax(y_pred, -1)
    if not y_true.dtype.is_integer:
        predicted = creation_ops.cast(predicted, y_true.dtype)
    elif y_true.dtype != predicted.dtype:
        y_true = creation_ops.cast(y_true, predicted.dtype)
    return creation_ops.cast(math_ops.equal(y_true, predicted), dtypes.float32)


def binary_accuracy(y_true: Any, y_pred: Any, threshold: float = 0.5) -> Tensor:
    """1.0 where `y_pred > threshold` equals `y_true`, else 0.0, element by element (as Keras
    3; Keras 2 averaged the last axis)."""
    y_pred = convert_to_tensor(y_pred)
    y_true = _cast(y_true, y_pred.dtype)
    y_true, y_pred = _same_rank(y_true, y_pred)
    predicted = creation_ops.cast(math_ops.greater(y_pred, threshold), y_pred.dtype)
    return creation_ops.cast(math_ops.equal(y_true, predicted), dtypes.float32)


def categorical_accuracy(y_true: Any, y_pred: Any) -> Tensor:
    """1.0 where the argmax of one-hot `y_true` is the argmax of `y_pred`, else 0.0."""
    return sparse_categorical_accuracy(argmax(convert_to_tensor(y_true), -1), y_pred)


class Accuracy(MeanMetricWrapper):
    """How often `y_pred` equals `y_true` (both labels, not probabilities).

    >>> m = Accuracy()
    >>> m.update_state([[1], [2], [3], [4]], [[0], [2], [3], [4]])
    >>> float(m.result())
    0.75
    """

    _direction = "up"  # Keras's: callbacks in mode "auto" maximize it

    def __init__(self, name: str = "accuracy", dtype: Any = None):
        super().__init__(accuracy, name, dtype)


class SparseCategoricalAccuracy(MeanMetricWrapper):
    """How often the integer label is the class with the largest prediction (or logit)."""

    _direction = "up"  # Keras's: callbacks in mode "auto" maximize it

    def __init__(self, name: str = "sparse_categorical_accuracy", dtype: Any = None):
        super().__init__(sparse_categorical_accuracy, name, dtype)


class BinaryAccuracy(MeanMetricWrapper):
    """How often `y_pred > threshold` matches the 0/1 label."""

    _direction = "up"  # Keras's: callbacks in mode "auto" maximize it

    def __init__(self, name: str = "binary_accuracy", dtype: Any = None,
                 threshold: float = 0.5):
        super().__init__(binary_accuracy, name, dtype, threshold=threshold)


class CategoricalAccuracy(MeanMetricWrapper):
    """How often the one-hot label's class is the class with the largest prediction."""

    _direction = "up"  # Keras's: callbacks in mode "auto" maximize it

    def __init__(self, name: str = "categorical_accuracy", dtype: Any = None):
        super().__init__(categorical_accuracy, name, dtype)


class MeanSquaredError(MeanMetricWrapper):
    """The mean of the squared errors."""

    def __init__(self, name: str = "mean_squared_error", dtype: Any = None):
        super().__init__(losses.mean_squared_error, name, dtype)


class MeanAbsoluteError(MeanMetricWrapper):
    """The mean of the absolute errors."""

    def __init__(self, name: str = "mean_absolute_error", dtype: Any = None):
        super().__init__(losses.mean_absolute_error, name, dtype)


class BinaryCrossentropy(MeanMetricWrapper):
    """The mean binary cross-entropy of probabilities (or logits) against 0/1 labels."""

    def __init__(self, name: str = "binary_crossentropy", dtype: Any = None,
                 from_logits: bool = False, label_smoothing: float = 0):
        super().__init__(losses.binary_crossentropy, name, dtype, from_logits=from_logits,
                         label_smoothing=label_smoothing)

    def get_config(self) -> dict:
        return {**super().get_config(), **self._fn_kwargs}


class CategoricalCrossentropy(MeanMetricWrapper):
    """The mean cross-entropy of class probabilities (or logits) against one-hot labels."""

    def __init__(self, name: str = "categorical_crossentropy", dtype: Any = None,
                 from_logits: bool = False, label_smoothing: float = 0, axis: int = -1):
        super().__init__(losses.categorical_crossentropy, name, dtype, from_logits=from_logits,
                         label_smoothing=label_smoothing, axis=axis)

    def get_config(self) -> dict:
        return {**super().get_config(), **self._fn_kwargs}


class SparseCategoricalCrossentropy(MeanMetricWrapper):
    """The mean cross-entropy of class probabilities (or logits) against integer labels."""

    def __init__(self, name: str = "sparse_categorical_crossentropy", dtype: Any = None,
                 from_logits: bool = False, axis: int = -1):
        super().__init__(losses.sparse_categorical_crossentropy, name, dtype,
                         from_logits=from_logits, axis=axis)

    def get_config(self) -> dict:
        return {**super().get_config(), "from_logits": self._fn_kwargs["from_logits"],
                "ignore_class": None, "axis": self._fn_kwargs["axis"]}


_BY_NAME: dict[str, type[Metric]] = {
    "mean": Mean, "accuracy": Accuracy, "acc": Accuracy, "binary_accuracy": BinaryAccuracy,
    "categorical_accuracy": CategoricalAccuracy,
    "sparse_categorical_accuracy": SparseCategoricalAccuracy,
    "mse": MeanSquaredError, "mean_squared_error": MeanSquaredError,
    "mae": MeanAbsoluteError, "mean_absolute_error": MeanAbsoluteError,
    "binary_crossentropy": BinaryCrossentropy,
    "categorical_crossentropy": CategoricalCrossentropy,
    "sparse_categorical_crossentropy": SparseCategoricalCrossentropy,
}


def get(identifier: Any) -> Any:
    """A new metric from its name (`"accuracy"`, `"sparse_categorical_accuracy"`, `"mean"`,
    or a class name), or the given `Metric` itself.

    Raises:
        ValueError: an unknown name, or something that is not a metric.
    """
    if isinstance(identifier, str):
        by_class = {cls.__name__: cls for cls in _BY_NAME.values()}
        metric_class = _BY_NAME.get(identifier) or by_class.get(identifier)
        if metric_class is None:
            raise ValueError(f"Unknown metric {identifier!r}. Known names: "
                             f"{', '.join(sorted(_BY_NAME))}, or pass a Metric object.")
        return metric_class()
    if isinstance(identifier, Metric):
        return identifier
    if callable(identifier):
        return MeanMetricWrapper(identifier)
    raise ValueError(f"A metric must be a name, a Metric or a function (y_true, y_pred), got "
                     f"{identifier!r}.")
