"""Keras's `Embedding` layer: integer ids to rows of a trained `[input_dim, output_dim]` table.

>>> layer = Embedding(3, 2, embeddings_initializer="ones", mask_zero=True)
>>> layer([[0, 2]]).shape
TensorShape([1, 2, 2])
>>> layer.compute_mask([[0, 2]]).numpy()
array([[False,  True]])
"""

from __future__ import annotations

import warnings
from typing import Any

from autograph.runtime.core import dtypes
from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array.ops import gather
from autograph.runtime.ops.creation import ops as creation_ops
from autograph.runtime.ops.math.ops import not_equal
from autograph.runtime.train.keras.base_layer import Layer
from autograph.runtime.train.keras.serialization import (
    keras_class,
    refuse_options,
    serialize_initializer,
)

__all__ = ["Embedding"]


def _positive(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
        raise ValueError(f"Embedding: {what} must be a positive int, got {value!r}.")
    return value


@keras_class("keras.layers")
class Embedding(Layer):
    """Looks up each id of the inputs in the `embeddings` table: `[batch, ...]` ids ->
    `[batch, ..., output_dim]` vectors.

    Args:
        input_dim: the number of ids (the largest id plus one).
        output_dim: the size of each vector.
        embeddings_initializer: a name or initializer for the table (Keras's "uniform":
            uniform in `[-0.05, 0.05)`).
        mask_zero: whether id 0 is padding: `compute_mask` then gives `inputs != 0`, and
            `supports_masking` is True. Id 0 still has its row (`input_dim` counts it).
        weights: the table's initial value (an `[input_dim, output_dim]` array).
        embeddings_regularizer, embeddings_constraint, activity_regularizer, lora_rank,
            lora_alpha, quantization_config: Keras's options, which must be None here.
    """

    def __init__(self, input_dim: int, output_dim: int,
                 embeddings_initializer: Any = "uniform", embeddings_regularizer: Any = None,
                 embeddings_constraint: Any = None, mask_zero: bool = False,
                 weights: Any = None, lora_rank: int | None = None,
                 lora_alpha: float | None = None, quantization_config: Any = None,
                 activity_regularizer: Any = None, **kwargs: Any):
        if kwargs.pop("input_length", None) is not None:  # as Keras 3: ignored
            warnings.warn("Argument `input_length` is deprecated. Just remove it.",
                          stacklevel=2)
        super().__init__(**kwargs)
        refuse_options("Embedding", embeddings_regularizer=embeddings_regularizer,
                       embeddings_constraint=embeddings_constraint, lora_rank=lora_rank,
                       lora_alpha=lora_alpha, quantization_config=quantization_config,
                       activity_regularizer=activity_regularizer)
        self.input_dim = _positive(input_dim, "input_dim")
        self.output_dim = _positive(output_dim, "output_dim")
        self.embeddings_initializer = embeddings_initializer
        self.mask_zero = mask_zero
        self.supports_masking = mask_zero
        if weights is not None:
            self.build(None)
            self.set_weights([weights] if not isinstance(weights, list) else weights)

    def build(self, input_shape: Any = None) -> None:
        if self.built:
            return
        self.embeddings = self.add_weight("embeddings", [self.input_dim, self.output_dim],
                                          self.embeddings_initializer)
        self.built = True

    _cast_integer_inputs = False  # ids stay integers; floats become the layer's dtype

    def call(self, inputs: Tensor, training: bool | None = None) -> Tensor:
        if inputs.dtype not in (dtypes.int32, dtypes.int64):  # float ids, as Keras takes
            inputs = creation_ops.cast(inputs, dtypes.int32)
        return gather(self.embeddings, inputs)

    def compute_mask(self, inputs: Any, mask: Any = None) -> Tensor | None:
        """`inputs != 0` with `mask_zero` (padding ids are masked), else None."""
        if not self.mask_zero:
            return None
        return not_equal(convert_to_tensor(inputs), 0)

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        return TensorShape([*TensorShape(input_shape).as_list(), self.output_dim])

    def get_config(self) -> dict:
        return {**super().get_config(), "input_dim": self.input_dim,
                "output_dim": self.output_dim,
                "embeddings_initializer": serialize_initializer(self.embeddings_initializer),
                "embeddings_regularizer": None, "activity_regularizer": None,
                "embeddings_constraint": None, "mask_zero": self.mask_zero,
                "quantization_config": None}
