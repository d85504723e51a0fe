"""`Layer`: the base of Keras layers, an `ag.Module` that makes its weights on first call.

A layer's weights are made by `build(input_shape)`, which `__call__` runs once from the first
input's shape (outside any function being traced, as Keras builds them), or which the user or
`Sequential.build` calls. `weights` lists the trainable ones in the order they were made (a
`Dense` layer's kernel, then its bias), then the others in the order they were made, as Keras 3
does; `get_weights` / `set_weights` read and write them as
NumPy arrays. Names are made unique per process as in Keras (`dense`, `dense_1`, ...).
"""

from __future__ import annotations

import inspect
import re
import threading
from typing import Any

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.init_scope import init_scope
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.creation import ops as creation_ops
from autograph.runtime.ops.graph.ops import name_scope
from autograph.runtime.state.module import Module
from autograph.runtime.state.variables import Variable
from autograph.runtime.train.keras import initializers
from autograph.runtime.train.keras.functional import KerasTensor, symbolic_call

__all__ = ["Layer", "unique_layer_name"]

_name_counts: dict[str, int] = {}
_name_lock = threading.Lock()


def unique_layer_name(base: str) -> str:
    """`base` the first time, then `base_1`, `base_2`, ... (Keras's automatic names)."""
    with _name_lock:
        count = _name_counts.get(base, 0)
        _name_counts[base] = count + 1
    return base if count == 0 else f"{base}_{count}"


def _snake_case(name: str) -> str:
    """A class name as Keras writes it in layer names: `Conv2D` -> `conv2d`, `MaxPooling2D`
    -> `max_pooling2d` (`tf.Module`'s rule, which `Module` follows, makes `conv2_d`)."""
    name = re.sub("(.)([A-Z][a-z]+)", r"\1_\2", name)
    return re.sub("([a-z])([A-Z])", r"\1_\2", name).lower()


class Layer(Module):
    """Base class of layers: `call(inputs, training=None)` computes the output; `build`
    makes the weights with `add_weight`.

    Args:
        trainable: whether the weights are trained (`trainable_weights` is empty when False).
        name: the layer's name; default: the class name in snake case, made unique.
        dtype: the dtype of the weights and computations (float32).
        input_shape: the shape of one sample (no batch axis), for the first layer of a
            `Sequential` model, so that the model is built at once.
    """

    _min_ndim = 0  # the fewest axes an input may have

    def __init__(self, trainable: bool = True, name: str | None = None, dtype: Any = None,
                 input_shape: Any = None):
        # A private class's leading "_" would not make a valid name scope.
        base = _snake_case(type(self).__name__).lstrip("_") or "layer"
        super().__init__(name or unique_layer_name(base))
        self.trainable = trainable
        self.dtype = dtypes.as_dtype(dtype or dtypes.float32)
        self.built = False
        self._weights: list[Variable] = []
        self._weight_names: list[str] = []
        self._built_input_shape: TensorShape | None = None  # what `_maybe_build` built for
        self._input_shape_arg = (None if input_shape is None
                                 else TensorShape([None, *TensorShape(input_shape).as_list()]))

    # Weights ---------------------------------------------------------------------------------
    def add_weight(self, name: str, shape: Any, initializer: Any = "glorot_uniform",
                   trainable: bool = True) -> Variable:
        """A new variable of this layer, initialised by `initializer` (a name or callable)."""
        init = initializers.get(initializer)
        with init_scope():  # in `build`, the layer's name scope is already entered
            variable = Variable(init(TensorShape(shape).as_list(), self.dtype), name=name,
                                trainable=trainable)
        self._weights.append(variable)
        self._weight_names.append(name)
        return variable

    @property
    def weights(self) -> list[Variable]:
        """The layer's variables: those `add_weight` made, the trainable ones first, each
        group in the order made (Keras 3's order), then any other that its attributes hold (a
        subclass's `self.w = ag.Variable(...)`, as Keras 2 tracked them)."""
        found = ([w for w in self._weights if w.trainable]
                 + [w for w in self._weights if not w.trainable])
        found += [v for v in Module.variables.fget(self)  # type: ignore[attr-defined]
                  if not any(v is w for w in found)]
        return found

    @property
    def trainable_weights(self) -> list[Variable]:
        """The trainable variables of `weights`, less those of a sublayer (at any depth) set
        `trainable=False`; none when this layer is."""
        if not self.trainable:
            return []
        frozen = {id(w) for m in self._flatten(lambda v: isinstance(v, Layer))
                  if not m.trainable for w in m.weights}
        return [v for v in self.weights if v.trainable and id(v) not in frozen]

    @property
    def non_trainable_weights(self) -> list[Variable]:
        trainable = {id(v) for v in self.trainable_weights}
        return [v for v in self.weights if id(v) not in trainable]

    @property
    def variables(self) -> list[Variable]:  # lists, as Keras
        return self.weights

    @property
    def trainable_variables(self) -> list[Variable]:
        return self.trainable_weights

    @property
    def non_trainable_variables(self) -> list[Variable]:
        return self.non_trainable_weights

    def count_params(self) -> int:
        """The number of scalars in the weights."""
        return sum(v.shape.num_elements() or 0 for v in self.weights)

    def get_weights(self) -> list[np.ndarray]:
        """The weights' values as NumPy arrays, in `weights` order."""
        return [v.numpy() for v in self.weights]

    def set_weights(self, weights: list[Any]) -> None:
        """Assigns `weights` (arrays in `weights` order, of the same shapes).

        Raises:
            ValueError: a different number of arrays, or an array of another shape.
        """
        own = self.weights
        if len(weights) != len(own):
            listed = ", ".join(self._describe(v) for v in own) or "none yet: build it first"
            raise ValueError(f"Layer {self.name!r} has {len(own)} weights ({listed}), but "
                             f"set_weights got {len(weights)} "
                             f"{'array' if len(weights) == 1 else 'arrays'}.")
        for variable, value in zip(own, weights):
            array = np.asarray(value)
            if list(array.shape) != variable.shape.as_list():
                raise ValueError(f"Layer {self.name!r}: weight {self._describe(variable)} cannot "
                                 f"take an array of shape {array.shape}.")
            variable.assign(array.astype(variable.dtype.as_numpy_dtype))

    @staticmethod
    def _describe(variable: Variable) -> str:
        return f"{variable.name.split(':')[0]} {tuple(variable.shape.as_list())}"

    def _trackable_children(self) -> dict[str, object]:
        """The weights by the names given to `add_weight` (`{"kernel": ..., "bias": ...}`)."""
        return dict(zip(self._weight_names, self._weights))

    # Calls -----------------------------------------------------------------------------------
    def build(self, input_shape: Any) -> None:
        """Makes the weights for inputs of `input_shape`; layers without weights need none."""
        self.built = True

    def _maybe_build(self, input_shape: Any) -> None:
        if not self.built:
            # variables made in build are named in the layer's scope, inside the caller's (a
            # model's), as Keras 2 names them: "model/dense/kernel:0"
            with init_scope(), name_scope(self.name):
                self.build(TensorShape(input_shape))
            self.built = True
            self._built_input_shape = TensorShape(input_shape)

    def __call__(self, inputs: Any, training: bool | None = None) -> Any:
        """Builds the layer on first call, then runs `call` in the layer's name scope; on an
        `Input` (or what a layer made of one), records the call for a functional model."""
        symbolic = getattr(inputs, "keras_tensor", inputs)
        if isinstance(symbolic, KerasTensor):
            return symbolic_call(self, symbolic)
        inputs = convert_to_tensor(inputs)
        rank = inputs.shape.rank
        if rank is not None and rank < self._min_ndim:  # Keras's InputSpec(min_ndim=...)
            raise self._incompatible(f"expected min_ndim={self._min_ndim}, found ndim={rank}. "
                                     f"Full shape received: {inputs.shape}")
        if inputs.dtype != self.dtype and (inputs.dtype.is_floating or inputs.dtype.is_integer):
            inputs = creation_ops.cast(inputs, self.dtype)
        self._maybe_build(inputs.shape)
        with self.name_scope:
            if _takes_training(self.call):
                return self.call(inputs, training=training)
            return self.call(inputs)  # a subclass whose call has no `training`, as Keras allows

    def call(self, inputs: Tensor, training: bool | None = None) -> Tensor:
        """The layer's computation; subclasses define it."""
        raise NotImplementedError(f"{type(self).__name__} must define call(inputs, training).")

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        """The shape of the output for inputs of `input_shape` (default: the same)."""
        return TensorShape(input_shape)

    def get_config(self) -> dict:
        return {"name": self.name, "trainable": self.trainable, "dtype": self.dtype.name}

    def _incompatible(self, message: str) -> ValueError:
        return ValueError(f"Input 0 of layer {self.name!r} is incompatible with the layer: "
                          f"{message}")


def _takes_training(call: Any) -> bool:
    try:
        parameters = inspect.signature(call).parameters
    except (TypeError, ValueError):
        return True
    return "training" in parameters or any(
        p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values())
