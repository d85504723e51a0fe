"""Keras losses: per-sample loss functions and `Loss` objects that weight and reduce them.

A function (`mean_squared_error(y_true, y_pred)`) returns one loss per sample (the last axis
averaged or summed away); a `Loss` object calls it, multiplies by `sample_weight` (plain
broadcasting, after Keras's rule that squeezes or expands a trailing axis of size 1) and reduces:
`"sum_over_batch_size"` (the default, also `"mean"`: the sum divided by the number of values),
`"sum"`, `"mean_with_sample_weight"` (the sum divided by the sum of the weights) or `"none"` /
None. Values follow Keras 3 as TensorFlow 2.21 ships it, probabilities clipped to
`[1e-7, 1 - 1e-7]` as there.

>>> MeanSquaredError()([[0.0, 1.0]], [[1.0, 1.0]]).numpy()
np.float32(0.5)

Departure: Keras recovers the logits when `y_pred` is the output of a softmax or sigmoid
layer even with `from_logits=False`; here `from_logits` alone decides.
"""

from __future__ import annotations

import inspect
from typing import Any, Callable

from autograph.runtime.core import dtypes
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array import gathering
from autograph.runtime.ops.array import ops as array_ops
from autograph.runtime.ops.creation import ops as creation_ops
from autograph.runtime.ops.graph.ops import name_scope
from autograph.runtime.ops.math import ops as math_ops
from autograph.runtime.ops.math import unary as unary_ops
from autograph.runtime.ops.math.composed import divide_no_nan
from autograph.runtime.ops.nn import ops as nn_ops
from autograph.runtime.ops.reduction.ops import reduce_mean, reduce_sum
from autograph.runtime.state.module import camel_to_snake

__all__ = ["Loss", "MeanSquaredError", "MeanAbsoluteError", "BinaryCrossentropy",
           "CategoricalCrossentropy", "SparseCategoricalCrossentropy", "Huber",
           "mean_squared_error", "mean_absolute_error", "binary_crossentropy",
           "categorical_crossentropy", "sparse_categorical_crossentropy", "huber",
           "mse", "mae", "MSE", "MAE", "Reduction", "get"]

EPSILON = 1e-7
"""Keras's `backend.epsilon()`: probabilities are clipped to `[EPSILON, 1 - EPSILON]`."""

REDUCTIONS = ("sum_over_batch_size", "sum", "mean", "mean_with_sample_weight", "none", None)


def _float(value: Any, dtype: Any = dtypes.float32) -> Tensor:
    tensor = convert_to_tensor(value)
    return tensor if tensor.dtype == dtype else creation_ops.cast(tensor, dtype)


def _same_rank(x1: Tensor, x2: Tensor, expand_rank_1: bool = True) -> tuple[Tensor, Tensor]:
    """Keras's `squeeze_or_expand_to_same_rank`: when the ranks differ by one and the longer
    one ends in an axis of size 1, squeeze it (or expand a rank-1 shorter one)."""
    r1, r2 = x1.shape.rank, x2.shape.rank
    if r1 is None or r2 is None or r1 == r2:
        return x1, x2
    if r1 == r2 + 1 and x1.shape[-1] == 1:
        if r2 == 1 and expand_rank_1:
            return x1, array_ops.expand_dims(x2, -1)
        return array_ops.squeeze(x1, -1), x2
    if r2 == r1 + 1 and x2.shape[-1] == 1:
        if r1 == 1 and expand_rank_1:
            return array_ops.expand_dims(x1, -1), x2
        return x1, array_ops.squeeze(x2, -1)
    return x1, x2


def mean_squared_error(y_true: Any, y_pred: Any) -> Tensor:
    """`mean(square(y_true - y_pred), axis=-1)`: one loss per sample.

    >>> mean_squared_error([[0.0, 1.0], [1.0, 1.0]], [[1.0, 1.0], [1.0, 0.0]]).numpy()
    array([0.5, 0.5], dtype=float32)
    """
    y_pred = _float(y_pred)
    y_true, y_pred = _same_rank(_float(y_true, y_pred.dtype), y_pred)
    return reduce_mean(unary_ops.square(y_pred - y_true), -1)


def mean_absolute_error(y_true: Any, y_pred: Any) -> Tensor:
    """`mean(abs(y_true - y_pred), axis=-1)`: one loss per sample."""
    y_pred = _float(y_pred)
    y_true, y_pred = _same_rank(_float(y_true, y_pred.dtype), y_pred)
    return reduce_mean(unary_ops.abs(y_pred - y_true), -1)


def huber(y_true: Any, y_pred: Any, delta: float = 1.0) -> Tensor:
    """The mean over the last axis of `0.5 * e**2` where `|e| <= delta`, else
    `delta * |e| - 0.5 * delta**2`, for the error `e = y_pred - y_true`."""
    y_pred = _float(y_pred)
    y_true, y_pred = _same_rank(_float(y_true, y_pred.dtype), y_pred)
    error = y_pred - y_true
    abs_error = unary_ops.abs(error)
    quadratic = 0.5 * unary_ops.square(error)
    linear = delta * abs_error - 0.5 * delta * delta
    return reduce_mean(gathering.where(math_ops.less_equal(abs_error, delta), quadratic, linear),
                       -1)


def binary_crossentropy(y_true: Any, y_pred: Any, from_logits: bool = False,
                        label_smoothing: float = 0.0, axis: int = -1) -> Tensor:
    """The mean over `axis` of `-(t * log(p) + (1 - t) * log(1 - p))`, `p` clipped to
    `[1e-7, 1 - 1e-7]` (or computed from logits); smoothing moves labels towards 0.5."""
    y_pred = _float(y_pred)
    y_true = _float(y_true, y_pred.dtype)
    if label_smoothing:
        y_true = y_true * (1.0 - label_smoothing) + 0.5 * label_smoothing
    if from_logits:
        losses = nn_ops.sigmoid_cross_entropy_with_logits(labels=y_true, logits=y_pred)
    else:
        p = math_ops.clip_by_value(y_pred, EPSILON, 1.0 - EPSILON)
        losses = -(y_true * unary_ops.log(p) + (1.0 - y_true) * unary_ops.log(1.0 - p))
    return reduce_mean(losses, axis)


def categorical_crossentropy(y_true: Any, y_pred: Any, from_logits: bool = False,
                             label_smoothing: float = 0.0, axis: int = -1) -> Tensor:
    """`-sum(y_true * log(p), axis)` for one-hot (or soft) labels; `p` is `y_pred` divided by
    its sum and clipped to `[1e-7, 1 - 1e-7]`, or the softmax of logits."""
    y_pred = _float(y_pred)
    y_true = _float(y_true, y_pred.dtype)
    _check_same_shape(y_true, y_pred, "categorical_crossentropy")
    if label_smoothing:
        classes = creation_ops.cast(array_ops.shape(y_true)[-1], y_pred.dtype)
        y_true = y_true * (1.0 - label_smoothing) + label_smoothing / classes
    if from_logits:
        return nn_ops.softmax_cross_entropy_with_logits(labels=y_true, logits=y_pred, axis=axis)
    p = y_pred / reduce_sum(y_pred, axis, keepdims=True)
    p = math_ops.clip_by_value(p, EPSILON, 1.0 - EPSILON)
    return -reduce_sum(y_true * unary_ops.log(p), axis)


def _sparse_labels(y_true: Any, y_pred: Tensor) -> Tensor:
    """Integer labels, a trailing axis of size 1 squeezed (float labels are cast)."""
    labels = convert_to_tensor(y_true)
    rank = y_pred.shape.rank
    if labels.shape.rank is not None and labels.shape.rank == rank and labels.shape[-1] == 1:
        labels = array_ops.squeeze(labels, -1)
    if labels.dtype not in (dtypes.int32, dtypes.int64):
        labels = creation_ops.cast(labels, dtypes.int64)
    return labels


def sparse_categorical_crossentropy(y_true: Any, y_pred: Any, from_logits: bool = False,
                                    ignore_class: int | None = None, axis: int = -1) -> Tensor:
    """Categorical cross-entropy for integer class labels (a trailing axis of size 1 in
    `y_true` is squeezed; float labels are cast to integers); samples labelled
    `ignore_class` get a loss of 0 (and `SparseCategoricalCrossentropy` leaves them out of
    the mean)."""
    y_pred = _float(y_pred)
    rank = y_pred.shape.rank
    if axis not in (-1, None if rank is None else rank - 1):
        raise ValueError(f"sparse_categorical_crossentropy: only the last axis can hold the "
                         f"classes, got axis={axis} for y_pred of shape {y_pred.shape}.")
    labels = _sparse_labels(y_true, y_pred)
    valid = None
    if ignore_class is not None:
        valid = math_ops.not_equal(labels, ignore_class)
        labels = gathering.where(valid, labels, creation_ops.zeros_like(labels))
        y_pred = gathering.where(array_ops.expand_dims(valid, -1), y_pred,
                                 creation_ops.zeros_like(y_pred))
    logits = y_pred if from_logits else unary_ops.log(
        math_ops.clip_by_value(y_pred, EPSILON, 1.0 - EPSILON))
    losses = nn_ops.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)
    if valid is not None:
        losses = gathering.where(valid, losses, creation_ops.zeros_like(losses))
    return losses


def _check_same_shape(y_true: Tensor, y_pred: Tensor, function: str) -> None:
    if not y_true.shape.is_compatible_with(y_pred.shape):
        raise ValueError(f"{function}: y_true and y_pred must have the same shape, got "
                         f"{y_true.shape} and {y_pred.shape}. For integer class labels use "
                         f"sparse_categorical_crossentropy.")


mse = MSE = mean_squared_error
mae = MAE = mean_absolute_error


def _masked_weight(weight: Tensor | None, mask: Tensor, reduction: str | None) -> Tensor:
    """Keras's `apply_mask`: masked-out values get weight 0; for the mean reductions the
    others get `total / valid`, so that the mean is over the valid values only."""
    if reduction in ("mean", "sum_over_batch_size"):
        total = creation_ops.cast(array_ops.size(mask), dtypes.float32)
        valid = reduce_sum(creation_ops.cast(mask, dtypes.float32))
        float_mask = gathering.where(mask, creation_ops.fill(array_ops.shape(mask),
                                                             divide_no_nan(total, valid)),
                                     creation_ops.zeros(array_ops.shape(mask)))
    else:
        float_mask = creation_ops.cast(mask, dtypes.float32)
    if weight is None:
        return float_mask
    float_mask, weight = _same_rank(float_mask, weight)
    return weight * float_mask


def reduce_weighted_values(values: Tensor, sample_weight: Any = None,
                           reduction: str | None = "sum_over_batch_size",
                           mask: Tensor | None = None) -> Tensor:
    """Weights per-sample losses by `sample_weight` (and `mask`: False leaves a value out)
    and reduces them as `reduction` says."""
    weight = None if sample_weight is None else _float(sample_weight, values.dtype)
    if mask is not None:
        weight = _masked_weight(weight, mask, reduction)
    if weight is not None:
        values, weight = _same_rank(values, weight)
        values = values * weight
    if reduction in (None, "none") or values.shape.rank == 0:
        return values
    total = reduce_sum(values)
    if reduction == "sum":
        return total
    if reduction == "mean_with_sample_weight" and weight is not None:
        return divide_no_nan(total, reduce_sum(weight))
    return divide_no_nan(total, creation_ops.cast(array_ops.size(values), total.dtype))


class Reduction:
    """The names of the reductions, as `tf.keras.losses.Reduction` (Keras 2's, still in
    TensorFlow 2.21): `Reduction.NONE == "none"`."""

    AUTO = "auto"
    NONE = "none"
    SUM = "sum"
    SUM_OVER_BATCH_SIZE = "sum_over_batch_size"

    @classmethod
    def all(cls) -> tuple[str, ...]:
        return (cls.AUTO, cls.NONE, cls.SUM, cls.SUM_OVER_BATCH_SIZE)

    @classmethod
    def validate(cls, key: str) -> None:
        if key not in cls.all():
            raise ValueError(f'Invalid Reduction Key: {key}. Expected keys are "{cls.all()}"')


class Loss:
    """Base class of Keras losses: `__call__(y_true, y_pred, sample_weight=None)` runs
    `call` (per-sample losses), then weights and reduces them (see the module docstring).

    Args:
        name: the loss's name (its name scope); default: the class name in snake case.
        reduction: `"sum_over_batch_size"` (default), `"sum"`, `"mean"`,
            `"mean_with_sample_weight"`, `"none"` or None.
        dtype: the dtype the values are computed in (float32 by default).

    Raises:
        ValueError: an unknown `reduction`.
    """

    def __init__(self, name: str | None = None,
                 reduction: str | None = "sum_over_batch_size", dtype: Any = None):
        if reduction not in REDUCTIONS:
            raise ValueError(f"Invalid value for argument `reduction`: {reduction!r}. Expected "
                             f"one of {', '.join(repr(r) for r in REDUCTIONS)}.")
        self.name = name or camel_to_snake(type(self).__name__)  # as Keras names one
        self.reduction = reduction
        self.dtype = dtypes.as_dtype(dtype or dtypes.float32)

    def __call__(self, y_true: Any, y_pred: Any, sample_weight: Any = None) -> Tensor:
        with name_scope(None, self.name):
            # As Keras: labels in the loss's dtype too, class indices included.
            y_pred, y_true = _float(y_pred, self.dtype), _float(y_true, self.dtype)
            values = self.call(y_true, y_pred)
            return reduce_weighted_values(values, sample_weight, self.reduction,
                                          self.mask(y_true, y_pred))

    def call(self, y_true: Tensor, y_pred: Tensor) -> Tensor:
        """The per-sample losses; subclasses define it."""
        raise NotImplementedError(f"{type(self).__name__} must define call(y_true, y_pred).")

    def mask(self, y_true: Tensor, y_pred: Tensor) -> Tensor | None:
        """Which per-sample losses count (None: all); `SparseCategoricalCrossentropy`
        leaves out the samples labelled `ignore_class`."""
        return None

    def get_config(self) -> dict:
        """The constructor arguments: `type(loss)(**loss.get_config())` is a copy."""
        return {"name": self.name, "reduction": self.reduction}

    @classmethod
    def from_config(cls, config: dict) -> Loss:
        return cls(**config)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} name={self.name!r}>"


class _FunctionLoss(Loss):
    """A `Loss` whose `call` is one of the functions above, with keyword options."""

    function: Callable[..., Tensor]

    def __init__(self, reduction: str | None = "sum_over_batch_size", name: str | None = None,
                 dtype: Any = None, **options: Any):
        super().__init__(name, reduction, dtype)
        self._options = options

    def call(self, y_true: Tensor, y_pred: Tensor) -> Tensor:
        return type(self).function(y_true, y_pred, **self._options)

    def get_config(self) -> dict:
        return {**super().get_config(), **self._options}


class MeanSquaredError(_FunctionLoss):
    """`mean(square(y_true - y_pred))` per sample, reduced (see `Loss`)."""

    function = staticmethod(mean_squared_error)

    def __init__(self, reduction: str | None = "sum_over_batch_size",
                 name: str | None = "mean_squared_error", dtype: Any = None):
        super().__init__(reduction, name, dtype)


class MeanAbsoluteError(_FunctionLoss):
    """`mean(abs(y_true - y_pred))` per sample, reduced (see `Loss`)."""

    function = staticmethod(mean_absolute_error)

    def __init__(self, reduction: str | None = "sum_over_batch_size",
                 name: str | None = "mean_absolute_error", dtype: Any = None):
        super().__init__(reduction, name, dtype)


class Huber(_FunctionLoss):
    """The Huber loss (quadratic up to `delta`, linear beyond) per sample, reduced."""

    function = staticmethod(huber)

    def __init__(self, delta: float = 1.0, reduction: str | None = "sum_over_batch_size",
                 name: str | None = "huber_loss", dtype: Any = None):
        super().__init__(reduction, name, dtype, delta=delta)


class BinaryCrossentropy(_FunctionLoss):
    """Binary cross-entropy per sample (mean over `axis`), reduced; see `binary_crossentropy`.

    >>> BinaryCrossentropy(from_logits=True)([[1.0]], [[0.0]]).numpy()
    np.float32(0.6931472)
    """

    function = staticmethod(binary_crossentropy)

    def __init__(self, from_logits: bool = False, label_smoothing: float = 0.0, axis: int = -1,
                 reduction: str | None = "sum_over_batch_size",
                 name: str | None = "binary_crossentropy", dtype: Any = None):
        super().__init__(reduction, name, dtype, from_logits=from_logits,
                         label_smoothing=label_smoothing, axis=axis)


class CategoricalCrossentropy(_FunctionLoss):
    """Cross-entropy of one-hot labels per sample, reduced; see `categorical_crossentropy`."""

    function = staticmethod(categorical_crossentropy)

    def __init__(self, from_logits: bool = False, label_smoothing: float = 0.0, axis: int = -1,
                 reduction: str | None = "sum_over_batch_size",
                 name: str | None = "categorical_crossentropy", dtype: Any = None):
        super().__init__(reduction, name, dtype, from_logits=from_logits,
                         label_smoothing=label_smoothing, axis=axis)


class SparseCategoricalCrossentropy(_FunctionLoss):
    """Cross-entropy of integer class labels per sample, reduced.

    >>> SparseCategoricalCrossentropy(from_logits=True)([0], [[0.0, 0.0]]).numpy()
    np.float32(0.6931472)
    """

    function = staticmethod(sparse_categorical_crossentropy)

    def __init__(self, from_logits: bool = False, ignore_class: int | None = None,
                 reduction: str | None = "sum_over_batch_size",
                 name: str | None = "sparse_categorical_crossentropy", dtype: Any = None):
        super().__init__(reduction, name, dtype, from_logits=from_logits,
                         ignore_class=ignore_class)

    def mask(self, y_true: Tensor, y_pred: Tensor) -> Tensor | None:
        ignore_class = self._options["ignore_class"]
        if ignore_class is None:
            return None
        return math_ops.not_equal(_sparse_labels(y_true, y_pred), ignore_class)


_CLASSES: list[type[_FunctionLoss]] = [
    MeanSquaredError, MeanAbsoluteError, Huber, BinaryCrossentropy, CategoricalCrossentropy,
    SparseCategoricalCrossentropy]
_FUNCTIONS: dict[str, Any] = {
    "mean_squared_error": mean_squared_error, "mse": mse, "MSE": MSE,
    "mean_absolute_error": mean_absolute_error, "mae": mae, "MAE": MAE,
    "huber": huber, "binary_crossentropy": binary_crossentropy,
    "categorical_crossentropy": categorical_crossentropy,
    "sparse_categorical_crossentropy": sparse_categorical_crossentropy,
}


def compiled(identifier: Any) -> Any:
    """The loss `compile(loss=identifier)` trains with: `get(identifier)`, with one of the
    per-sample functions above replaced by its `Loss` class (the same values, reduced)."""
    loss = get(identifier)
    for cls in _CLASSES:
        if inspect.unwrap(loss) is cls.function:  # `ag.keras.losses.mse` wraps `mse`
            return cls()
    return loss


def get(identifier: Any) -> Any:
    """A loss by name, as Keras looks it up: a class name gives a new instance
    (`"MeanSquaredError"`), a function name gives the per-sample function (`"mse"`); a `Loss`
    or another callable is returned as it is.

    Raises:
        ValueError: an unknown name, or something that is neither a name nor callable.
    """
    if isinstance(identifier, str):
        by_class = {cls.__name__: cls for cls in _CLASSES}
        if identifier in by_class:
            return by_class[identifier]()
        if identifier not in _FUNCTIONS:
            raise ValueError(f"Unknown loss {identifier!r}. Known names: "
                             f"{', '.join(sorted(_FUNCTIONS, key=str.lower))}, a class name "
                             f"such as 'MeanSquaredError', or pass a Loss object.")
        return _FUNCTIONS[identifier]
    if callable(identifier):
        return identifier
    raise ValueError(f"A loss must be a name, a Loss or a callable (y_true, y_pred) -> loss, "
                     f"got {identifier!r}.")
