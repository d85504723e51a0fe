"""Keras's weight regularizers: `L1`, `L2`, `L1L2` (and `get` by name or config). A layer
made with `kernel_regularizer=L2(1e-4)` adds `regularizer(kernel)` to its `losses`, which
`fit` adds to the loss it minimises.

>>> import numpy as np
>>> float(L2(0.5)(np.array([1.0, 2.0], np.float32)))
2.5
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.math.ops import multiply
from autograph.runtime.ops.math.unary import abs as abs_
from autograph.runtime.ops.math.unary import square
from autograph.runtime.ops.reduction.ops import reduce_sum
from autograph.runtime.train.keras.serialization import deserialize, keras_class
from autograph.runtime.train.keras.serialization import serialize as serialize_object

__all__ = ["Regularizer", "L1", "L2", "L1L2", "get", "serialize"]


class Regularizer:
    """A penalty on a weight: `regularizer(weight)` is a scalar added to the loss."""

    def __call__(self, x: Any) -> Tensor:
        raise NotImplementedError

    def get_config(self) -> dict:
        raise NotImplementedError(f"{type(self).__name__} has no get_config(): define it to "
                                  f"save models that use it.")

    @classmethod
    def from_config(cls, config: dict) -> Regularizer:
        return cls(**config)


def _factor(value: Any, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0 \
            or value != value:
        raise ValueError(f"Value for argument {name} must be a non-negative number, got "
                         f"{value!r}.")
    return float(value)


@keras_class("keras.regularizers", "l1_l2")
class L1L2(Regularizer):
    """`l1 * sum(abs(x)) + l2 * sum(square(x))`."""

    def __init__(self, l1: float = 0.0, l2: float = 0.0):
        self.l1 = _factor(l1, "l1")
        self.l2 = _factor(l2, "l2")

    def __call__(self, x: Any) -> Tensor:
        x = convert_to_tensor(x)
        total = convert_to_tensor(0.0, dtype=x.dtype)
        if self.l1:
            total = total + multiply(convert_to_tensor(self.l1, dtype=x.dtype),
                                     reduce_sum(abs_(x)))
        if self.l2:
            total = total + multiply(convert_to_tensor(self.l2, dtype=x.dtype),
                                     reduce_sum(square(x)))
        return total

    def get_config(self) -> dict:
        return {"l1": self.l1, "l2": self.l2}


@keras_class("keras.regularizers", "l1")
class L1(Regularizer):
    """`l1 * sum(abs(x))`."""

    def __init__(self, l1: float = 0.01):
        self.l1 = _factor(l1, "l1")

    def __call__(self, x: Any) -> Tensor:
        x = convert_to_tensor(x)
        return multiply(convert_to_tensor(self.l1, dtype=x.dtype), reduce_sum(abs_(x)))

    def get_config(self) -> dict:
        return {"l1": self.l1}


@keras_class("keras.regularizers", "l2")
class L2(Regularizer):
    """`l2 * sum(square(x))`."""

    def __init__(self, l2: float = 0.01):
        self.l2 = _factor(l2, "l2")

    def __call__(self, x: Any) -> Tensor:
        x = convert_to_tensor(x)
        return multiply(convert_to_tensor(self.l2, dtype=x.dtype), reduce_sum(square(x)))

    def get_config(self) -> dict:
        return {"l2": self.l2}


_BY_NAME = {"l1": L1, "l2": L2, "l1_l2": L1L2, "L1": L1, "L2": L2, "L1L2": L1L2}


def get(identifier: Any) -> Regularizer | None:
    """A regularizer from None, a regularizer, a name (`"l2"`), a config dict, or a
    function of one weight.

    Raises:
        ValueError: an unknown name or something else.
    """
    if identifier is None or isinstance(identifier, Regularizer):
        return identifier
    if isinstance(identifier, str):
        if identifier not in _BY_NAME:
            raise ValueError(f"Could not interpret regularizer identifier: {identifier!r} "
                             f"(known: l1, l2, l1_l2).")
        return _BY_NAME[identifier]()
    if isinstance(identifier, dict):
        return deserialize(identifier)
    if callable(identifier):
        return identifier
    raise ValueError(f"Could not interpret regularizer identifier: {identifier!r}.")


def serialize(regularizer: Any) -> Any:
    """A regularizer as Keras 3 writes it in a layer's config (None stays None)."""
    return None if regularizer is None else serialize_object(regularizer)
