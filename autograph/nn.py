"""`ag.nn`: the neural-network functions, as `tf.nn` groups them.

Activations, losses and normalisations composed of the runtime's ops (as TensorFlow writes many
of them in Python over its kernels); each builds its ops under one name scope. Convolutions and
pooling need kernels of their own and are not here yet.
"""

from __future__ import annotations

from typing import Any

from runtime.ops.array_ops import concat, one_hot, reshape, shape, where
from runtime.ops.control_flow_ops import Assert
from runtime.ops.creation_ops import cast, zeros_like
from runtime.ops.graph_ops import control_dependencies, name_scope
from runtime.ops.math_ops import (abs, add, divide, exp, greater, greater_equal, less,
                                  logical_and, log1p, maximum, minimum, multiply, negative,
                                  reduce_all, reduce_mean, reduce_sum, relu, rsqrt, sigmoid,
                                  square, subtract, tanh)  # noqa: F401  (sigmoid, tanh: ag.nn)
from runtime.ops.random_ops import uniform
from runtime.ops.reduction_ops import softmax  # noqa: F401
from runtime.tensor import Tensor
from runtime.tensor_conversion import convert_to_tensor

from autograph.math import (_erfc, _floating, expm1, l2_normalize, log_softmax,  # noqa: F401
                            softplus, softsign, zero_fraction)
from autograph.tracebacks import filter_exports as _filter_exports

_SELU_ALPHA = 1.6732632423543772848170429916717
_SELU_SCALE = 1.0507009873554804934193349852946


# Activations --------------------------------------------------------------------------------
def relu6(features: Any, name: str | None = None) -> Tensor:
    """`min(max(x, 0), 6)`."""
    with name_scope(name, "Relu6"):
        return minimum(relu(features), 6)


def leaky_relu(features: Any, alpha: float = 0.2, name: str | None = None) -> Tensor:
    """`x` where `x > 0`, else `alpha * x`."""
    with name_scope(name, "LeakyRelu"):
        x = _floating(features, "ag.nn.leaky_relu")
        return where(greater(x, 0), x, multiply(x, alpha))


def elu(features: Any, name: str | None = None) -> Tensor:
    """`x` where `x > 0`, else `exp(x) - 1`."""
    with name_scope(name, "Elu"):
        x = _floating(features, "ag.nn.elu")
        return where(greater(x, 0), x, expm1(minimum(x, 0)))


def selu(features: Any, name: str | None = None) -> Tensor:
    """`scale * elu(x)`, with `alpha` in the negative part (Klambauer et al., 2017)."""
    with name_scope(name, "Selu"):
        x = _floating(features, "ag.nn.selu")
        negative_part = multiply(expm1(minimum(x, 0)), _SELU_ALPHA)
        return multiply(where(greater(x, 0), x, negative_part), _SELU_SCALE)


def gelu(features: Any, approximate: bool = False, name: str | None = None) -> Tensor:
    """`x * P(X <= x)` for a standard normal X: `0.5 * x * (1 + erf(x / sqrt(2)))`.

    With `approximate`, the tanh form `0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 x^3)))`.
    The exact form is computed as `0.5 * x * erfc(-x / sqrt(2))`, as TensorFlow does, with
    `ag.math.erfc`'s float32-accurate approximation: float64 results differ from TensorFlow's
    by up to 1.1e-7 relatively.
    """
    with name_scope(name, "Gelu"):
        x = _floating(features, "ag.nn.gelu")
        if approximate:
            inner = multiply(add(x, multiply(multiply(square(x), x), 0.044715)),
                             0.7978845608028654)
            return multiply(multiply(x, 0.5), add(tanh(inner), 1.0))
        return multiply(multiply(x, 0.5), _erfc(multiply(x, -0.7071067811865476)))


def silu(features: Any, beta: float = 1.0, name: str | None = None) -> Tensor:
    """`x * sigmoid(beta * x)` (also called swish)."""
    with name_scope(name, "swish"):
        x = _floating(features, "ag.nn.silu")
        return multiply(x, sigmoid(x if beta == 1.0 else multiply(x, beta)))


swish = silu


def crelu(features: Any, axis: int = -1, name: str | None = None) -> Tensor:
    """`concat([relu(x), relu(-x)], axis)`: keeps the negative part as features of its own."""
    with name_scope(name, "CRelu"):
        x = _floating(features, "ag.nn.crelu")
        return relu(concat([x, negative(x)], axis))


# Losses -------------------------------------------------------------------------------------
def _labels_and_logits(labels: Any, logits: Any, function: str) -> tuple[Tensor, Tensor]:
    logits = _floating(logits, function)
    labels = convert_to_tensor(labels, dtype_hint=logits.dtype)
    if labels.dtype != logits.dtype:
        raise TypeError(f"{function}: labels are {labels.dtype.name} but logits are "
                        f"{logits.dtype.name}; cast the labels to {logits.dtype.name}")
    if not labels.shape.is_compatible_with(logits.shape):
        raise ValueError(f"{function}: labels and logits must have the same shape, got "
                         f"{labels.shape} and {logits.shape}")
    return labels, logits


def sigmoid_cross_entropy_with_logits(labels: Any = None, logits: Any = None,
                                      name: str | None = None) -> Tensor:
    """Elementwise `-z log(sigmoid(x)) - (1 - z) log(1 - sigmoid(x))` for labels z, logits x.

    Computed as `max(x, 0) - x z + log1p(exp(-|x|))`, which never overflows.
    """
    with name_scope(name, "logistic_loss"):
        z, x = _labels_and_logits(labels, logits, "ag.nn.sigmoid_cross_entropy_with_logits")
        return add(subtract(relu(x), multiply(x, z)), log1p(exp(negative(abs(x)))))


def weighted_cross_entropy_with_logits(labels: Any, logits: Any, pos_weight: Any,
                                       name: str | None = None) -> Tensor:
    """`sigmoid_cross_entropy_with_logits` with the positive term weighted by `pos_weight`."""
    with name_scope(name, "logistic_loss"):
        z, x = _labels_and_logits(labels, logits, "ag.nn.weighted_cross_entropy_with_logits")
        log_weight = add(multiply(subtract(pos_weight, 1.0), z), 1.0)
        stable = add(log1p(exp(negative(abs(x)))), relu(negative(x)))
        return add(multiply(subtract(1.0, z), x), multiply(log_weight, stable))


def softmax_cross_entropy_with_logits(labels: Any, logits: Any, axis: int = -1,
                                      name: str | None = None) -> Tensor:
    """`-reduce_sum(labels * log_softmax(logits), axis)`: one loss per row of `logits`."""
    with name_scope(name, "softmax_cross_entropy_with_logits"):
        z, x = _labels_and_logits(labels, logits, "ag.nn.softmax_cross_entropy_with_logits")
        return negative(reduce_sum(multiply(z, log_softmax(x, axis)), axis))


def sparse_softmax_cross_entropy_with_logits(labels: Any = None, logits: Any = None,
                                             name: str | None = None) -> Tensor:
    """`-log_softmax(logits)[..., label]`: labels are class indices, one per row of logits.

    A label outside `[0, num_classes)` is an InvalidArgumentError (when the op runs, in a
    graph), as on TensorFlow's CPU.
    """
    function = "ag.nn.sparse_softmax_cross_entropy_with_logits"
    with name_scope(name, "SparseSoftmaxCrossEntropyWithLogits"):
        x = _floating(logits, function)
        labels = convert_to_tensor(labels)
        if labels.dtype.name not in ("int32", "int64"):
            raise TypeError(f"{function}: labels must be int32 or int64 class indices, got "
                            f"{labels.dtype.name}")
        if (labels.shape.rank is not None and x.shape.rank is not None
                and labels.shape.rank != x.shape.rank - 1):
            raise ValueError(f"{function}: labels must have rank {x.shape.rank - 1} (the rank "
                             f"of logits minus 1), got shape {labels.shape} for logits of "
                             f"shape {x.shape}")
        depth = x.shape[-1] if x.shape.rank is not None and x.shape[-1] is not None \
            else shape(x)[-1]
        in_range = reduce_all(logical_and(greater_equal(labels, 0), less(labels, depth)))
        check = Assert(in_range, [f"{function}: every label must be in [0, num_classes); "
                                  "num_classes:", depth, "labels:", labels])
        with control_dependencies([] if check is None else [check]):
            chosen = one_hot(labels, depth, dtype=x.dtype)
            return negative(reduce_sum(multiply(chosen, log_softmax(x)), -1))


def l2_loss(t: Any, name: str | None = None) -> Tensor:
    """`sum(t ** 2) / 2`, a scalar."""
    with name_scope(name, "L2Loss"):
        return multiply(reduce_sum(square(_floating(t, "ag.nn.l2_loss"))), 0.5)


# Normalisation and friends ------------------------------------------------------------------
def moments(x: Any, axes: Any, shift: Any = None, keepdims: bool = False,
            name: str | None = None) -> tuple[Tensor, Tensor]:
    """The mean and variance of `x` along `axes` (`shift` is accepted and unused, as in
    TensorFlow 2)."""
    del shift
    with name_scope(name, "moments"):
        x = _floating(x, "ag.nn.moments")
        mean = reduce_mean(x, axes, keepdims=True)
        variance = reduce_mean(square(subtract(x, mean)), axes, keepdims=True)
        if keepdims:
            return mean, variance
        return reduce_sum(mean, axes), reduce_sum(variance, axes)  # drops the size-1 axes


def batch_normalization(x: Any, mean: Any, variance: Any, offset: Any, scale: Any,
                        variance_epsilon: float, name: str | None = None) -> Tensor:
    """`scale * (x - mean) / sqrt(variance + variance_epsilon) + offset`; `offset` and
    `scale` may be None."""
    with name_scope(name, "batchnorm"):
        x = _floating(x, "ag.nn.batch_normalization")
        inverse = rsqrt(add(variance, variance_epsilon))
        if scale is not None:
            inverse = multiply(inverse, scale)
        shifted = negative(multiply(mean, inverse))
        if offset is not None:
            shifted = add(shifted, offset)
        return add(multiply(x, cast(inverse, x.dtype)), cast(shifted, x.dtype))


def bias_add(value: Any, bias: Any, data_format: str | None = None,
             name: str | None = None) -> Tensor:
    """`value + bias`, `bias` (1-D) added along the channel axis: the last one, or axis 1 for
    `data_format` "NC..." (NCHW, NCDHW)."""
    with name_scope(name, "BiasAdd"):
        value = convert_to_tensor(value)
        bias = convert_to_tensor(bias, dtype_hint=value.dtype)
        channels_first = data_format is not None and data_format.startswith("NC")
        if data_format is not None and not (channels_first or data_format.startswith("N")
                                            and data_format.endswith("C")):
            raise ValueError(f"ag.nn.bias_add: data_format must be like 'NHWC' or 'NCHW', "
                             f"got {data_format!r}")
        if bias.shape.rank not in (None, 1):
            raise ValueError(f"ag.nn.bias_add: bias must be 1-D, got shape {bias.shape}")
        rank = value.shape.rank
        if rank is not None and rank < 2:
            raise ValueError(f"ag.nn.bias_add: value must have rank >= 2, got shape "
                             f"{value.shape}")
        axis = 1 if channels_first else -1
        channels = None if rank is None else value.shape[axis]
        size = None if bias.shape.rank is None else bias.shape[0]
        if channels is not None and size is not None and channels != size:
            raise ValueError(f"ag.nn.bias_add: bias has {bias.shape[0]} elements but value "
                             f"(shape {value.shape}) has {value.shape[axis]} channels")
        if channels_first:
            if rank is None:
                raise ValueError("ag.nn.bias_add: data_format 'NC...' needs value's rank")
            bias = reshape(bias, [-1] + [1] * (rank - 2))
        return add(value, bias)


def dropout(x: Any, rate: Any, noise_shape: Any = None, seed: int | None = None,
            name: str | None = None) -> Tensor:
    """Zeroes each element with probability `rate` and scales the rest by `1 / (1 - rate)`.

    `noise_shape` (broadcastable to `x`'s shape) shares one draw along its size-1 axes. The
    draws come from `ag.random.uniform`, so they differ from TensorFlow's.
    """
    with name_scope(name, "dropout"):
        x = _floating(x, "ag.nn.dropout")
        if isinstance(rate, (int, float)) and not 0 <= rate < 1:
            raise ValueError(f"ag.nn.dropout: rate must be in [0, 1), got {rate}")
        if isinstance(rate, (int, float)) and rate == 0:
            return x
        draws = uniform(shape(x) if noise_shape is None else noise_shape, dtype=x.dtype,
                        seed=seed)
        keep = greater_equal(draws, rate)
        scaled = divide(x, subtract(1.0, cast(rate, x.dtype)))
        return where(keep, scaled, zeros_like(scaled))


_filter_exports(globals())  # errors show the user's frames
