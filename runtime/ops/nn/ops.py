"""Neural-network functions composed of the runtime's ops (`ag.nn`, as `tf.nn` groups them).

Activations, losses and normalisations composed of the runtime's ops (as TensorFlow writes many
of them in Python over its kernels); each builds its ops under one name scope. The softmax
cross-entropies over 2-D logits and `bias_add` are ops of their own (`nn_defs`). Convolutions
and pooling are in `conv_ops`.
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.core import dtypes
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array.ops import concat, one_hot, shape, where
from autograph.runtime.ops.control_flow.ops import Assert
from autograph.runtime.ops.creation.ops import cast, ones_like, zeros_like
from autograph.runtime.ops.graph.ops import control_dependencies, name_scope
from autograph.runtime.ops.math.composed import (
    divide_no_nan,
    expm1,
    l2_normalize,
    log_softmax,
    softplus,
    softsign,
    zero_fraction,
)
from autograph.runtime.ops.math.ops import (
    abs,
    add,
    divide,
    exp,
    greater,
    greater_equal,
    less,
    log,
    log1p,
    logical_and,
    minimum,
    multiply,
    negative,
    reduce_all,
    reduce_max,
    reduce_mean,
    reduce_sum,
    relu,
    rsqrt,
    sigmoid,
    square,
    subtract,
    tanh,
)
from autograph.runtime.ops.math.special import _erfc
from autograph.runtime.ops.math.top_k import in_top_k, top_k
from autograph.runtime.ops.nn.conv import (
    avg_pool,
    avg_pool1d,
    avg_pool2d,
    conv1d,
    conv2d,
    conv3d,
    convolution,
    max_pool,
    max_pool1d,
    max_pool2d,
)
from autograph.runtime.ops.nn.embedding import embedding_lookup
from autograph.runtime.ops.nn.loss_scaling import (  # noqa: F401 (ag.nn's names)
    compute_average_loss,
    scale_regularization_loss,
)
from autograph.runtime.ops.op_args import floating as _floating
from autograph.runtime.ops.random.ops import uniform
from autograph.runtime.ops.reduction.ops import softmax

_softmax_cross_entropy = op_handle("SoftmaxCrossEntropyWithLogits")
_sparse_softmax_cross_entropy = op_handle("SparseSoftmaxCrossEntropyWithLogits")
_bias_add = op_handle("BiasAdd")
_OP_DTYPES = (dtypes.float16, dtypes.float32, dtypes.float64)  # those of the loss ops

__all__ = [
    "relu", "relu6", "leaky_relu", "elu", "selu", "gelu", "silu", "swish", "crelu", "sigmoid",
    "tanh", "softmax", "log_softmax", "softplus", "softsign", "l2_normalize", "zero_fraction",
    "sigmoid_cross_entropy_with_logits", "weighted_cross_entropy_with_logits",
    "softmax_cross_entropy_with_logits", "sparse_softmax_cross_entropy_with_logits", "l2_loss",
    "log_poisson_loss", "compute_average_loss", "scale_regularization_loss", "moments",
    "sufficient_statistics", "normalize_moments", "weighted_moments", "batch_normalization",
    "bias_add", "dropout", "embedding_lookup", "convolution", "conv1d", "conv2d", "conv3d",
    "max_pool", "max_pool1d", "max_pool2d", "avg_pool", "avg_pool1d", "avg_pool2d", "top_k",
    "in_top_k",
]

_SELU_ALPHA = 1.6732632423543772848170429916717
_SELU_SCALE = 1.0507009873554804934193349852946


# Activations --------------------------------------------------------------------------------
def relu6(features: Any, name: str | None = None) -> Tensor:
    """`min(max(x, 0), 6)`.

    >>> relu6([-1.0, 3.0, 8.0]).numpy()
    array([0., 3., 6.], dtype=float32)
    """
    with name_scope(name, "Relu6"):
        return minimum(relu(features), 6)


def leaky_relu(features: Any, alpha: float = 0.2, name: str | None = None) -> Tensor:
    """`x` where `x > 0`, else `alpha * x`; integers are cast to float32 first, as in
    TensorFlow.

    >>> leaky_relu([-1.0, 2.0]).numpy()
    array([-0.2,  2. ], dtype=float32)
    """
    with name_scope(name, "LeakyRelu"):
        x = convert_to_tensor(features)
        x = cast(x, "float32") if x.dtype.is_integer else _floating(x, "ag.nn.leaky_relu")
        return where(greater(x, 0), x, multiply(x, alpha))


def elu(features: Any, name: str | None = None) -> Tensor:
    """`x` where `x > 0`, else `exp(x) - 1`.

    >>> elu([-1.0, 2.0]).numpy()
    array([-0.63212055,  2.        ], dtype=float32)
    """
    with name_scope(name, "Elu"):
        x = _floating(features, "ag.nn.elu")
        return where(greater(x, 0), x, expm1(minimum(x, 0)))


def selu(features: Any, name: str | None = None) -> Tensor:
    """`scale * elu(x)`, with `alpha` in the negative part (Klambauer et al., 2017).

    >>> selu([-1.0, 2.0]).numpy()
    array([-1.1113307,  2.101402 ], dtype=float32)
    """
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

    >>> gelu([-1.0, 0.0, 1.0]).numpy()
    array([-0.15865526,  0.        ,  0.8413447 ], dtype=float32)
    """
    with name_scope(name, "Gelu"):
        x = _floating(features, "ag.nn.gelu")
        if approximate:
            inner = multiply(add(x, multiply(multiply(square(x), x), 0.044715)),
                             0.7978845608028654)
            return multiply(multiply(x, 0.5), add(tanh(inner), 1.0))
        return multiply(multiply(x, 0.5), _erfc(multiply(x, -0.7071067811865476)))


def silu(features: Any, beta: float = 1.0, name: str | None = None) -> Tensor:
    """`x * sigmoid(beta * x)` (also called swish).

    >>> silu([-1.0, 0.0, 1.0]).numpy()
    array([-0.2689414,  0.       ,  0.7310586], dtype=float32)
    """
    with name_scope(name, "swish"):
        x = _floating(features, "ag.nn.silu")
        return multiply(x, sigmoid(x if beta == 1.0 else multiply(x, beta)))


swish = silu


def crelu(features: Any, axis: int = -1, name: str | None = None) -> Tensor:
    """`concat([relu(x), relu(-x)], axis)`: keeps the negative part as features of its own.

    >>> crelu([[1.0, -2.0]]).numpy()
    array([[1., 0., 0., 2.]], dtype=float32)
    """
    with name_scope(name, "CRelu"):
        x = convert_to_tensor(features)
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

    Computed as `max(x, 0) - x z + log1p(exp(-|x|))`, which never overflows; at `x = 0` the
    gradient is TensorFlow's, `sigmoid(0) - z` (the max and the abs pick the `x >= 0` side).

    >>> sigmoid_cross_entropy_with_logits([1.0, 0.0], [0.0, 2.0]).numpy()
    array([0.6931472, 2.126928 ], dtype=float32)
    """
    with name_scope(name, "logistic_loss"):
        z, x = _labels_and_logits(labels, logits, "ag.nn.sigmoid_cross_entropy_with_logits")
        zeros = zeros_like(x)
        positive = greater_equal(x, zeros)
        return add(subtract(where(positive, x, zeros), multiply(x, z)),
                   log1p(exp(where(positive, negative(x), x))))


def weighted_cross_entropy_with_logits(labels: Any, logits: Any, pos_weight: Any,
                                       name: str | None = None) -> Tensor:
    """`sigmoid_cross_entropy_with_logits` with the positive term weighted by `pos_weight`.

    >>> weighted_cross_entropy_with_logits([1.0, 0.0], [0.0, 2.0], 2.0).numpy()
    array([1.3862944, 2.126928 ], dtype=float32)
    """
    with name_scope(name, "logistic_loss"):
        z, x = _labels_and_logits(labels, logits, "ag.nn.weighted_cross_entropy_with_logits")
        log_weight = add(multiply(subtract(pos_weight, 1.0), z), 1.0)
        stable = add(log1p(exp(negative(abs(x)))), relu(negative(x)))
        return add(multiply(subtract(1.0, z), x), multiply(log_weight, stable))


def softmax_cross_entropy_with_logits(labels: Any, logits: Any, axis: int = -1,
                                      name: str | None = None) -> Tensor:
    """`-reduce_sum(labels * log_softmax(logits), axis)`: one loss per row of `logits`.

    Over 2-D logits (the last axis) this is the SoftmaxCrossEntropyWithLogits op, whose
    gradient with respect to the logits is `softmax(logits) - labels` per unit of loss, as in
    TensorFlow: exact when each row of `labels` sums to 1, as probabilities do.

    >>> softmax_cross_entropy_with_logits([[0.0, 1.0]], [[0.0, 0.0]]).numpy()
    array([0.6931472], dtype=float32)
    """
    with name_scope(name, "softmax_cross_entropy_with_logits"):
        z, x = _labels_and_logits(labels, logits, "ag.nn.softmax_cross_entropy_with_logits")
        if x.shape.rank == 2 and axis in (-1, 1) and x.dtype in _OP_DTYPES:
            return _softmax_cross_entropy.run([x, z])[0]
        return negative(reduce_sum(multiply(z, log_softmax(x, axis)), axis))


def sparse_softmax_cross_entropy_with_logits(labels: Any = None, logits: Any = None,
                                             name: str | None = None) -> Tensor:
    """`-log_softmax(logits)[..., label]`: labels are class indices, one per row of logits.

    A label outside `[0, num_classes)` is an InvalidArgumentError (when the op runs, in a
    graph), as on TensorFlow's CPU.

    >>> sparse_softmax_cross_entropy_with_logits([1], [[0.0, 0.0]]).numpy()
    array([0.6931472], dtype=float32)
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
        if x.shape.rank == 2 and x.dtype in _OP_DTYPES:
            return _sparse_softmax_cross_entropy.run([x, labels])[0]
        depth = x.shape[-1] if x.shape.rank is not None and x.shape[-1] is not None \
            else shape(x)[-1]
        in_range = reduce_all(logical_and(greater_equal(labels, 0),
                                          less(labels, cast(depth, labels.dtype))))
        check = Assert(in_range, [f"{function}: every label must be in [0, num_classes); "
                                  "num_classes:", depth, "labels:", labels])
        with control_dependencies([] if check is None else [check]):
            chosen = one_hot(labels, depth, dtype=x.dtype)
            return negative(reduce_sum(multiply(chosen, log_softmax(x)), -1))


def l2_loss(t: Any, name: str | None = None) -> Tensor:
    """`sum(t ** 2) / 2`, a scalar.

    >>> float(l2_loss([1.0, 2.0]))
    2.5
    """
    with name_scope(name, "L2Loss"):
        return multiply(reduce_sum(square(_floating(t, "ag.nn.l2_loss"))), 0.5)


def sufficient_statistics(x: Any, axes: Any, shift: Any = None, keepdims: bool = False,
                          name: str | None = None) -> tuple[Tensor, Tensor, Tensor, Any]:
    """`(count, sum(x - shift), sum((x - shift) ** 2), shift)` over `axes`; `count` is the
    number of elements each sum adds (x's dtype), `shift` None means no shift.

    >>> [float(t) for t in sufficient_statistics([1.0, 2.0, 6.0], [0])[:3]]
    [3.0, 9.0, 41.0]
    """
    with name_scope(name, "sufficient_statistics"):
        x = _floating(x, "ag.nn.sufficient_statistics")
        ones = ones_like(x)
        count = reduce_sum(ones, axes, keepdims)
        count = reduce_max(count) if count.shape.rank else count  # one number, as TensorFlow
        if shift is not None:
            shift = convert_to_tensor(shift, dtype_hint=x.dtype)
        shifted = x if shift is None else subtract(x, shift)
        return (count, reduce_sum(shifted, axes, keepdims),
                reduce_sum(square(shifted), axes, keepdims), shift)


def normalize_moments(counts: Any, mean_ss: Any, variance_ss: Any, shift: Any,
                      name: str | None = None) -> tuple[Tensor, Tensor]:
    """The mean and variance from `sufficient_statistics`' sums.

    >>> [float(t) for t in normalize_moments(3.0, 9.0, 41.0, None)]
    [3.0, 4.6666669845581055]
    """
    with name_scope(name, "normalize"):
        divisor = divide(1.0, counts)
        shifted_mean = multiply(mean_ss, divisor)
        mean = shifted_mean if shift is None else add(shifted_mean, shift)
        return mean, subtract(multiply(variance_ss, divisor), square(shifted_mean))


def weighted_moments(x: Any, axes: Any, frequency_weights: Any, keepdims: bool = False,
                     name: str | None = None) -> tuple[Tensor, Tensor]:
    """The mean and variance of `x` along `axes`, each element counted `frequency_weights`
    times (broadcast against `x`); 0 where the weights sum to 0.

    >>> [float(t) for t in weighted_moments([1.0, 3.0], [0], [3.0, 1.0])]
    [1.5, 0.75]
    """
    with name_scope(name, "weighted_moments"):
        x = _floating(x, "ag.nn.weighted_moments")
        weights = add(cast(frequency_weights, x.dtype), zeros_like(x))
        total = reduce_sum(weights, axes, keepdims=True)
        mean = divide_no_nan(reduce_sum(multiply(weights, x), axes, keepdims=True), total)
        variance = divide_no_nan(
            reduce_sum(multiply(weights, square(subtract(x, mean))), axes, keepdims=True), total)
        if keepdims:
            return mean, variance
        return reduce_sum(mean, axes), reduce_sum(variance, axes)  # drops the size-1 axes


def log_poisson_loss(targets: Any, log_input: Any, compute_full_loss: bool = False,
                     name: str | None = None) -> Tensor:
    """`exp(log_input) - log_input * targets`, the Poisson negative log-likelihood up to a
    term in the targets alone, which `compute_full_loss` adds (Stirling's approximation of
    `log(targets!)`, for targets above 1).

    >>> log_poisson_loss([2.0], [0.0]).numpy()
    array([1.], dtype=float32)
    """
    with name_scope(name, "log_poisson_loss"):
        z, c = _labels_and_logits(targets, log_input, "ag.nn.log_poisson_loss")
        loss = subtract(exp(c), multiply(c, z))
        if not compute_full_loss:
            return loss
        safe = where(greater(z, 1), z, ones_like(z))
        stirling = add(subtract(multiply(safe, log(safe)), safe),
                       multiply(log(multiply(safe, 6.283185307179586)), 0.5))
        return add(loss, where(greater(z, 1), stirling, zeros_like(z)))


# Normalisation and friends ------------------------------------------------------------------
def moments(x: Any, axes: Any, shift: Any = None, keepdims: bool = False,
            name: str | None = None) -> tuple[Tensor, Tensor]:
    """The mean and variance of `x` along `axes` (`shift` is accepted and unused, as in
    TensorFlow 2).

    >>> [float(t) for t in moments([1.0, 2.0, 6.0], [0])]
    [3.0, 4.666666507720947]
    """
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
    `scale` may be None.

    >>> batch_normalization([1.0, 3.0], 2.0, 1.0, 0.0, 1.0, 0.0).numpy()
    array([-1.,  1.], dtype=float32)
    """
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
    `data_format` "NC..." (NCHW, NCDHW).

    >>> bias_add([[1.0, 2.0]], [10.0, 20.0]).numpy()
    array([[11., 22.]], dtype=float32)
    """
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
        return _bias_add.run([value, bias], {"data_format": "NCHW" if channels_first else "NHWC"})


def dropout(x: Any, rate: Any, noise_shape: Any = None, seed: int | None = None,
            name: str | None = None) -> Tensor:
    """Zeroes each element with probability `rate` and scales the rest by `1 / (1 - rate)`.

    `noise_shape` (broadcastable to `x`'s shape) shares one draw along its size-1 axes. The
    draws come from `ag.random.uniform`, so they differ from TensorFlow's.

    >>> dropout([1.0, 2.0], rate=0.0).numpy()
    array([1., 2.], dtype=float32)
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
