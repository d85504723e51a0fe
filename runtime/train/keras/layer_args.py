"""Checks of layer arguments and inputs shared by several layer families."""

from __future__ import annotations

from typing import Any

from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.train.keras.base_layer import Layer

__all__ = ["sizes", "check_rank"]


def sizes(value: Any, rank: int, what: str, layer: str) -> tuple[int, ...]:
    """`value` (an int, or `rank` ints) as `rank` positive ints."""
    found = ((value,) * rank if isinstance(value, int)
             else tuple(value) if isinstance(value, (list, tuple)) else ())
    if len(found) != rank or not all(isinstance(v, int) and not isinstance(v, bool) and v > 0
                                     for v in found):
        raise ValueError(f"{layer}: {what} must be a positive int or a tuple of {rank} of "
                         f"them, got {value!r}.")
    return found


def check_rank(layer: Layer, inputs_shape: TensorShape, rank: int) -> None:
    """Keras's `InputSpec(ndim=rank)`: the inputs must have exactly `rank` axes."""
    if inputs_shape.rank is not None and inputs_shape.rank != rank:
        raise layer._incompatible(f"expected ndim={rank}, found ndim={inputs_shape.rank}. "
                                  f"Full shape received: {inputs_shape}")
