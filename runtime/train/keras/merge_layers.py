"""Keras's merge layers: one output from a list of inputs, element by element (`Add`,
`Subtract`, `Multiply`, `Average`, `Maximum`, `Minimum`) or along an axis (`Concatenate`).

As in Keras 3, inputs of the same batch size broadcast against each other, an input of lower
rank gaining axes after the batch axis; the output's mask (from `Embedding(mask_zero=True)`
inputs) is the OR of the inputs' masks. `Multiply`, `Maximum` and `Minimum` leave a masked
step's value out of the product, maximum or minimum.

>>> import numpy as np
>>> Concatenate()([np.ones((1, 2)), np.zeros((1, 1))]).numpy()
array([[1., 1., 0.]], dtype=float32)
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.core import dtypes
from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.ops.array import ops as array_ops
from autograph.runtime.ops.creation import ops as creation_ops
from autograph.runtime.ops.math import ops as math_ops
from autograph.runtime.ops.reduction import ops as reduction_ops
from autograph.runtime.train.keras.base_layer import Layer
from autograph.runtime.train.keras.masking import get_keras_mask
from autograph.runtime.train.keras.serialization import keras_class

__all__ = ["Add", "Average", "Concatenate", "Maximum", "Minimum", "Multiply", "Subtract"]


def _dims(shape: Any) -> list | None:
    shape = TensorShape(shape)
    return None if shape.rank is None else shape.as_list()


def _broadcast(first: list | None, second: list | None) -> list | None:
    """The shape two samples' shapes broadcast to (Keras's rule: trailing axes align)."""
    if first is None or second is None:
        return None
    if len(first) < len(second):
        first, second = second, first
    if not second:
        return list(first)
    out = list(first[:len(first) - len(second)])
    for i, j in zip(first[len(first) - len(second):], second):
        if i is None or j is None:
            out.append(None)
        elif i == 1 or j == 1:
            out.append(j if i == 1 else i)
        elif i != j:
            raise ValueError(f"Inputs have incompatible shapes. Received shapes "
                             f"{tuple(first)} and {tuple(second)}")
        else:
            out.append(i)
    return out


class _Merge(Layer):
    """Element-by-element merge of a list of inputs; subclasses define `_merge`."""

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self.supports_masking = True

    def build(self, input_shape: Any) -> None:
        shapes = self._shape_list(input_shape)
        self._output_shape(shapes)  # checks the shapes agree
        self.built = True

    def _shape_list(self, input_shape: Any) -> list[list | None]:
        if not isinstance(input_shape, (list, tuple)) or not input_shape or not all(
                isinstance(s, TensorShape) for s in input_shape):
            raise ValueError(f"A merge layer should be called on a list of inputs. Received: "
                             f"input_shape={_shape_text(input_shape)} (not a list of shapes)")
        return [_dims(s) for s in input_shape]

    def _output_shape(self, shapes: list[list | None]) -> TensorShape:
        batches = {s[0] for s in shapes if s} - {None}
        if len(batches) > 1:
            raise ValueError(f"Cannot merge tensors with different batch sizes. Received "
                             f"tensors with shapes {[tuple(s) if s else s for s in shapes]}")
        sample = None if shapes[0] is None else shapes[0][1:]
        for shape in shapes[1:]:
            sample = _broadcast(sample, None if shape is None else shape[1:])
        if sample is None:
            return TensorShape(None)
        return TensorShape([batches.pop() if batches else None, *sample])

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        return self._output_shape(self._shape_list(input_shape))

    def call(self, inputs: Any, training: bool | None = None) -> Tensor:
        if not isinstance(inputs, (list, tuple)):
            raise ValueError(f"A merge layer should be called on a list of inputs. Received: "
                             f"inputs={inputs} (not a list of tensors)")
        ranks = [t.shape.rank for t in inputs]
        if None not in ranks and len(set(ranks)) > 1:  # lower ranks gain axes after the batch
            top = max(ranks)
            expanded = []
            for tensor, rank in zip(inputs, ranks):
                for _ in range(top - rank):
                    tensor = array_ops.expand_dims(tensor, 1)
                expanded.append(tensor)
            inputs = expanded
        return self._merge(list(inputs))

    def _merge(self, inputs: list[Tensor]) -> Tensor:
        raise NotImplementedError

    def compute_mask(self, inputs: Any, mask: Any = None) -> Any:
        """The OR of the inputs' masks; none when an input has none."""
        if mask is None or any(m is None for m in mask):
            return None
        merged = mask[0]
        for other in mask[1:]:
            merged = math_ops.logical_or(merged, other)
        return merged


def _step_mask(tensor: Tensor) -> Tensor | None:
    """`tensor`'s mask spread over its last axis, or None."""
    mask = get_keras_mask(tensor)
    if mask is None:
        return None
    return array_ops.broadcast_to(array_ops.expand_dims(mask, -1), array_ops.shape(tensor))


def _shape_text(shape: Any) -> str:
    if isinstance(shape, (list, tuple)):
        return "[" + ", ".join(_shape_text(s) for s in shape) + "]"
    dims = _dims(shape)
    return "None" if dims is None else str(tuple(dims))


@keras_class("keras.layers")
class Add(_Merge):
    """The sum of the inputs."""

    def _merge(self, inputs: list[Tensor]) -> Tensor:
        return _sum(inputs)


def _sum(inputs: list[Tensor]) -> Tensor:
    total = inputs[0]
    for tensor in inputs[1:]:
        total = math_ops.add(total, tensor)
    return total


@keras_class("keras.layers")
class Subtract(_Merge):
    """The first input minus the second (exactly two inputs)."""

    def build(self, input_shape: Any) -> None:
        super().build(input_shape)
        if len(input_shape) != 2:
            raise ValueError(f"A `Subtract` layer should be called on exactly 2 inputs. "
                             f"Received: input_shape={_shape_text(input_shape)}")

    def _merge(self, inputs: list[Tensor]) -> Tensor:
        return math_ops.subtract(inputs[0], inputs[1])


@keras_class("keras.layers")
class Average(_Merge):
    """The mean of the inputs."""

    def _merge(self, inputs: list[Tensor]) -> Tensor:
        return math_ops.divide(_sum(inputs),
                               creation_ops.constant(len(inputs), inputs[0].dtype))


@keras_class("keras.layers")
class Multiply(_Merge):
    """The product of the inputs; a masked step counts as 1, and is 0 in the output when
    every input is masked there."""

    def _merge(self, inputs: list[Tensor]) -> Tensor:
        masks = [_step_mask(t) for t in inputs]
        output: Any = None
        output_mask: Any = None
        for tensor, mask in zip(inputs, masks):
            if mask is not None:
                tensor = array_ops.where(mask, tensor, creation_ops.ones_like(tensor))
                output_mask = mask if output_mask is None else math_ops.logical_or(
                    output_mask, mask)
            output = tensor if output is None else math_ops.multiply(output, tensor)
        if output_mask is not None and all(m is not None for m in masks):
            output = array_ops.where(output_mask, output, creation_ops.zeros_like(output))
        return output


class _Extreme(_Merge):
    """The element-wise maximum or minimum; a masked step takes the other inputs' value."""

    _pick: Any = None

    def _merge(self, inputs: list[Tensor]) -> Tensor:
        output: Any = None
        output_mask: Any = None
        for tensor in inputs:
            mask = _step_mask(tensor)
            if output is None:
                output, output_mask = tensor, mask
                continue
            if mask is not None:
                tensor = array_ops.where(mask, tensor, output)
            if output_mask is not None:
                output = array_ops.where(output_mask, output, tensor)
            output_mask = (math_ops.logical_or(output_mask, mask)
                           if mask is not None and output_mask is not None else None)
            output = type(self)._pick(output, tensor)
        return output  # its mask: `compute_mask`'s, which `__call__` attaches


@keras_class("keras.layers")
class Maximum(_Extreme):
    """The element-wise maximum of the inputs."""

    _pick = staticmethod(math_ops.maximum)


@keras_class("keras.layers")
class Minimum(_Extreme):
    """The element-wise minimum of the inputs."""

    _pick = staticmethod(math_ops.minimum)


@keras_class("keras.layers")
class Concatenate(_Merge):
    """The inputs joined along `axis` (default: the last); their other sizes must agree."""

    def __init__(self, axis: int = -1, **kwargs: Any):
        super().__init__(**kwargs)
        self.axis = axis

    def build(self, input_shape: Any) -> None:
        if not isinstance(input_shape, (list, tuple)) or not input_shape or not all(
                isinstance(s, TensorShape) for s in input_shape):
            raise ValueError(f"A `Concatenate` layer should be called on a list of at least 1 "
                             f"input. Received: input_shape={_shape_text(input_shape)}")
        shapes = [_dims(s) for s in input_shape]
        if all(s is not None for s in shapes):
            # the other axes must agree, an unknown size agreeing with any
            others = [s[:self.axis % len(s)] + s[self.axis % len(s) + 1:]  # type: ignore
                      for s in shapes]
            if len({len(o) for o in others}) > 1 or any(
                    len({o[axis] for o in others} - {None}) > 1
                    for axis in range(len(others[0]))):
                raise ValueError(f"A `Concatenate` layer requires inputs with matching shapes "
                                 f"except for the concatenation axis. Received: "
                                 f"input_shape={_shape_text(input_shape)}")
        self.built = True

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        shapes = [_dims(s) for s in input_shape]
        if shapes[0] is None:
            return TensorShape(None)
        out = list(shapes[0])
        for shape in shapes[1:]:
            if shape is None or out[self.axis] is None or shape[self.axis] is None:
                out[self.axis] = None
                break
            out[self.axis] += shape[self.axis]
        return TensorShape(out)

    def call(self, inputs: Any, training: bool | None = None) -> Tensor:
        return array_ops.concat(list(inputs), self.axis)

    def compute_mask(self, inputs: Any, mask: Any = None) -> Any:
        """The inputs' masks joined as the inputs are (all steps kept for an input without
        one); a step is kept when any of its features is."""
        if mask is None or all(m is None for m in mask):
            return None
        spread = []
        for tensor, step_mask in zip(inputs, mask):
            if step_mask is None:
                spread.append(creation_ops.ones_like(tensor, dtype=dtypes.bool_))
            elif step_mask.shape.rank is not None and tensor.shape.rank is not None and (
                    step_mask.shape.rank < tensor.shape.rank):
                spread.append(math_ops.logical_or(
                    array_ops.expand_dims(step_mask, -1),
                    creation_ops.zeros_like(tensor, dtype=dtypes.bool_)))
            else:
                spread.append(step_mask)
        return reduction_ops.reduce_any(array_ops.concat(spread, self.axis), axis=-1)

    def get_config(self) -> dict:
        return {**super().get_config(), "axis": self.axis}
