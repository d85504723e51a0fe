"""Keras activations by name: `Dense(8, activation="relu")` looks the name up here.

>>> get("relu")([-1.0, 2.0]).numpy()
array([0., 2.], dtype=float32)
"""

from __future__ import annotations

from typing import Any, Callable

from runtime.graph.tensor import Tensor
from runtime.graph.tensor_conversion import convert_to_tensor
from runtime.ops import nn_ops, unary_ops

__all__ = ["get", "linear", "serialize"]


def linear(x: Any) -> Tensor:
    """The identity (`activation=None` or `"linear"`)."""
    return convert_to_tensor(x)


def _softmax(x: Any, axis: int = -1) -> Tensor:
    return nn_ops.softmax(x, axis=axis)


def _log_softmax(x: Any, axis: int = -1) -> Tensor:
    return nn_ops.log_softmax(x, axis=axis)


_BY_NAME: dict[str, Callable[..., Tensor]] = {
    "linear": linear, "relu": nn_ops.relu, "relu6": nn_ops.relu6, "elu": nn_ops.elu,
    "selu": nn_ops.selu, "gelu": nn_ops.gelu, "silu": nn_ops.silu, "swish": nn_ops.silu,
    "leaky_relu": nn_ops.leaky_relu, "sigmoid": nn_ops.sigmoid, "tanh": nn_ops.tanh,
    "softmax": _softmax, "log_softmax": _log_softmax, "softplus": nn_ops.softplus,
    "softsign": nn_ops.softsign, "exponential": unary_ops.exp,
}


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
