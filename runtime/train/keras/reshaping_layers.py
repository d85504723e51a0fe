"""Keras's reshaping layers: `Reshape`, `Permute`, `RepeatVector`, `ZeroPadding2D`. Their
arguments describe one sample: the batch axis is never named.

>>> Reshape((3, 2))([[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]]).shape
TensorShape([1, 3, 2])
>>> Permute((2, 1))([[[1.0, 2.0, 3.0]]]).shape
TensorShape([1, 3, 1])
>>> RepeatVector(2)([[1.0, 2.0]]).numpy()
array([[[1., 2.],
        [1., 2.]]], dtype=float32)
"""

from __future__ import annotations

import math
from typing import Any

from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.ops.array import ops as array_ops
from autograph.runtime.train.keras.base_layer import Layer
from autograph.runtime.train.keras.conv_layers import _data_format
from autograph.runtime.train.keras.layer_args import check_rank
from autograph.runtime.train.keras.serialization import keras_class

__all__ = ["Reshape", "Permute", "RepeatVector", "ZeroPadding2D"]


def _ints(value: Any) -> bool:
    return isinstance(value, (list, tuple)) and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value)


@keras_class("keras.layers")
class Reshape(Layer):
    """Reshapes each sample to `target_shape` (one entry may be -1: the size that keeps the
    number of values).

    Args:
        target_shape: the shape of one output sample, without the batch axis.
    """

    def __init__(self, target_shape: Any, **kwargs: Any):
        super().__init__(**kwargs)
        if (not _ints(target_shape) or list(target_shape).count(-1) > 1
                or any(d == 0 or d < -1 for d in target_shape)):
            raise ValueError(f"Reshape: target_shape must be a tuple of positive ints, at most "
                             f"one of them -1 (the size left to fill), got {target_shape!r}.")
        self.target_shape = tuple(target_shape)

    def _resolved(self, input_shape: TensorShape) -> list[int] | None:
        """`target_shape` with its -1 worked out (None: the sample size is unknown)."""
        if -1 not in self.target_shape:
            return list(self.target_shape)
        total = input_shape[1:].num_elements() if input_shape.rank is not None else None
        if total is None:
            return None
        known = -math.prod(self.target_shape)
        if known == 0 or total % known:
            raise self._not_reshapable(input_shape)
        return [total // known if d == -1 else d for d in self.target_shape]

    def _not_reshapable(self, input_shape: TensorShape) -> ValueError:
        return ValueError(f"Reshape layer {self.name!r} cannot reshape samples of shape "
                          f"{tuple(input_shape.as_list()[1:])} "
                          f"({input_shape[1:].num_elements()} values) to {self.target_shape}: "
                          f"the number of values must stay the same.")

    def call(self, inputs: Tensor, training: bool | None = None) -> Tensor:
        target = self._resolved(inputs.shape)
        if target is None:
            batch = array_ops.shape(inputs)[0]
            return array_ops.reshape(inputs, array_ops.stack([batch, *self.target_shape]))
        total = inputs.shape[1:].num_elements() if inputs.shape.rank is not None else None
        if total is not None and total != math.prod(target):
            raise self._not_reshapable(inputs.shape)
        return array_ops.reshape(inputs, [-1, *target])

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        input_shape = TensorShape(input_shape)
        target = self._resolved(input_shape)
        batch = input_shape[0] if input_shape.rank else None
        unknown: list[int | None] = [None if d == -1 else d for d in self.target_shape]
        return TensorShape([batch, *(target or unknown)])

    def get_config(self) -> dict:
        return {**super().get_config(), "target_shape": self.target_shape}


@keras_class("keras.layers")
class Permute(Layer):
    """Permutes the axes of each sample: `dims` lists the input axes (counted from 1, the
    batch axis stays first) in their output order.

    Args:
        dims: a permutation of `1, ..., rank - 1`.
    """

    def __init__(self, dims: Any, **kwargs: Any):
        super().__init__(**kwargs)
        if not _ints(dims) or sorted(dims) != list(range(1, len(dims) + 1)):
            raise ValueError(f"Permute: dims must be a permutation of 1, ..., n (the axes of "
                             f"one sample, counted from 1), got {dims!r}.")
        self.dims = tuple(dims)

    def call(self, inputs: Tensor, training: bool | None = None) -> Tensor:
        check_rank(self, inputs.shape, len(self.dims) + 1)
        return array_ops.transpose(inputs, [0, *self.dims])

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        input_shape = TensorShape(input_shape)
        check_rank(self, input_shape, len(self.dims) + 1)
        dims = input_shape.as_list()
        return TensorShape([dims[0], *(dims[d] for d in self.dims)])

    def get_config(self) -> dict:
        return {**super().get_config(), "dims": self.dims}


@keras_class("keras.layers")
class RepeatVector(Layer):
    """Repeats each sample `n` times: `[batch, features]` -> `[batch, n, features]`.

    Args:
        n: the number of repetitions.
    """

    def __init__(self, n: int, **kwargs: Any):
        super().__init__(**kwargs)
        if not isinstance(n, int) or isinstance(n, bool) or n <= 0:
            raise ValueError(f"RepeatVector: n must be a positive int, got {n!r}.")
        self.n = n

    def call(self, inputs: Tensor, training: bool | None = None) -> Tensor:
        check_rank(self, inputs.shape, 2)
        return array_ops.tile(array_ops.expand_dims(inputs, 1), [1, self.n, 1])

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        input_shape = TensorShape(input_shape)
        check_rank(self, input_shape, 2)
        batch, features = input_shape.as_list()
        return TensorShape([batch, self.n, features])

    def get_config(self) -> dict:
        return {**super().get_config(), "n": self.n}


def _padding_pairs(padding: Any) -> tuple[tuple[int, int], tuple[int, int]]:
    """ZeroPadding2D's `padding` as `((top, bottom), (left, right))`."""
    if isinstance(padding, int) and not isinstance(padding, bool) and padding >= 0:
        return (padding, padding), (padding, padding)
    if isinstance(padding, (list, tuple)) and len(padding) == 2:
        pairs = [(p, p) if isinstance(p, int) else tuple(p) for p in padding]
        if all(len(p) == 2 and _ints(p) and min(p) >= 0 for p in pairs):
            return (pairs[0][0], pairs[0][1]), (pairs[1][0], pairs[1][1])
    raise ValueError(f"ZeroPadding2D: padding must be an int, a pair of ints (height, width) "
                     f"or a pair of pairs ((top, bottom), (left, right)), none negative, got "
                     f"{padding!r}.")


@keras_class("keras.layers")
class ZeroPadding2D(Layer):
    """Adds rows and columns of zeros around each image.

    Args:
        padding: an int (every side), `(height, width)` (both sides of each), or
            `((top, bottom), (left, right))`.
        data_format: `"channels_last"` (default) or `"channels_first"`.
    """

    def __init__(self, padding: Any = (1, 1), data_format: str | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        self.padding = _padding_pairs(padding)
        self.data_format = _data_format(data_format, "ZeroPadding2D")

    def _pads(self) -> list[list[int]]:
        spatial = [list(p) for p in self.padding]
        if self.data_format == "channels_last":
            return [[0, 0], *spatial, [0, 0]]
        return [[0, 0], [0, 0], *spatial]

    def call(self, inputs: Tensor, training: bool | None = None) -> Tensor:
        check_rank(self, inputs.shape, 4)
        return array_ops.pad(inputs, self._pads())

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        input_shape = TensorShape(input_shape)
        check_rank(self, input_shape, 4)
        return TensorShape([d if d is None else d + before + after
                            for d, (before, after) in zip(input_shape.as_list(), self._pads())])

    def get_config(self) -> dict:
        return {**super().get_config(), "padding": self.padding,
                "data_format": self.data_format}
