"""Keras activations by name: `Dense(8, activation="relu")` looks the name up here.

>>> get("relu")([-1.0, 2.0]).numpy()
array([0., 2.], dtype=float32)
"""

from __future__ import annotations

from typing import Any, Callable

from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array import gathering
from autograph.runtime.ops.creation import ops as creation_ops
from autograph.runtime.ops.math import ops as math_ops
from autograph.runtime.ops.math import unary as unary_ops
from autograph.runtime.ops.nn import ops as nn_ops

__all__ = ["get", "serialize", "linear", "relu", "relu6", "elu", "selu", "gelu", "silu",
           "swish", "leaky_relu", "sigmoid", "tanh", "softmax", "log_softmax", "softplus",
           "softsign", "exponential"]


def linear(x: Any) -> Tensor:
    """The identity (`activation=None` or `"linear"`)."""
    return convert_to_tensor(x)


def relu(x: Any, negative_slope: float = 0.0, max_value: float | None = None,
         threshold: float = 0.0) -> Tensor:
    """Keras's `relu`: `x` above `threshold` (else 0), capped at `max_value`, minus
    `negative_slope` times how far `x` is below `threshold`."""
    x = convert_to_tensor(x)
    if negative_slope == 0.0 and threshold == 0.0:
        result = nn_ops.relu(x) if max_value is None else math_ops.minimum(
            nn_ops.relu(x), creation_ops.cast(max_value, x.dtype))
        return result
    above = creation_ops.cast(math_ops.greater(x, creation_ops.cast(threshold, x.dtype)),
                              x.dtype)
    result = x * above
    if max_value is not None:
        result = math_ops.minimum(result, creation_ops.cast(max_value, x.dtype))
    if negative_slope != 0.0:
        result = result - negative_slope * nn_ops.relu(threshold - x)
    return result


def relu6(x: Any) -> Tensor:
    return nn_ops.relu6(x)


def elu(x: Any, alpha: float = 1.0) -> Tensor:
    """`x` where positive, else `alpha * (exp(x) - 1)`."""
    x = convert_to_tensor(x)
    return nn_ops.elu(x) if alpha == 1.0 else gathering.where(
        math_ops.greater(x, creation_ops.zeros_like(x)), x, alpha * nn_ops.elu(x))


def selu(x: Any) -> Tensor:
    return nn_ops.selu(x)


def gelu(x: Any, approximate: bool = False) -> Tensor:
    return nn_ops.gelu(x, approximate=approximate)


def silu(x: Any) -> Tensor:
    return nn_ops.silu(x)


swish = silu


def leaky_relu(x: Any, negative_slope: float = 0.2) -> Tensor:
    return nn_ops.leaky_relu(x, alpha=negative_slope)


def sigmoid(x: Any) -> Tensor:
    return unary_ops.sigmoid(x)


def tanh(x: Any) -> Tensor:
    return unary_ops.tanh(x)


def softmax(x: Any, axis: int = -1) -> Tensor:
    return nn_ops.softmax(x, axis=axis)


def log_softmax(x: Any, axis: int = -1) -> Tensor:
    return nn_ops.log_softmax(x, axis=axis)


def softplus(x: Any) -> Tensor:
    return nn_ops.softplus(x)


def softsign(x: Any) -> Tensor:
    return nn_ops.softsign(x)


def exponential(x: Any) -> Tensor:
    return unary_ops.exp(x)


_BY_NAME: dict[str, Callable[..., Tensor]] = {
    name: globals()[name] for name in __all__ if name not in ("get", "serialize")}


def get(identifier: Any) -> Callable[..., Tensor]:
    """The activation function named `identifier` (None: `linear`), or a callable as it is.

    Raises:
        ValueError: an unknown name, or a value that is neither a name nor callable.
    """
    if identifier is None:
        return linear
    if isinstance(identifier, str):
        if identifier not in _BY_NAME:
            raise ValueError(f"Unknown activation {identifier!r}. Known names: "
                             f"{', '.join(sorted(_BY_NAME))}; or pass a function.")
        return _BY_NAME[identifier]
    if callable(identifier):
        return identifier
    raise ValueError(f"An activation must be a name or a function, got {identifier!r}.")


def serialize(activation: Callable[..., Tensor]) -> str:
    """The name of `activation` (its registered name, else its `__name__`)."""
    for name, function in _BY_NAME.items():
        if function is activation:
            return name
    return getattr(activation, "__name__", repr(activation))
