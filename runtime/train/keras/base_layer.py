"""`Layer`: the base of Keras layers, an `ag.Module` that makes its weights on first call.

A layer's weights are made by `build(input_shape)`, which `__call__` runs once from the first
input's shape (outside any function being traced, as Keras builds them), or which the user or
`Sequential.build` calls. `weights` lists the trainable ones in the order they were made (a
`Dense` layer's kernel, then its bias), then the others in the order they were made, as Keras 3
does; `get_weights` / `set_weights` read and write them as
NumPy arrays. Names are made unique per process as in Keras (`dense`, `dense_1`, ...).
"""

from __future__ import annotations

import functools
import inspect
import re
import threading
import warnings
from typing import Any, NamedTuple

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.func_graph import flatten, pack_sequence_as
from autograph.runtime.graph.init_scope import init_scope
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.creation import ops as creation_ops
from autograph.runtime.ops.graph.ops import name_scope
from autograph.runtime.state.module import Module
from autograph.runtime.state.variables import Variable
from autograph.runtime.train.keras import initializers
from autograph.runtime.train.keras.functional import is_symbolic, symbolic_call
from autograph.runtime.train.keras.masking import get_keras_mask, set_keras_mask
from autograph.runtime.train.keras.serialization import (
    deserialize_dtype,
    deserialize_initializer,
    get_activation,
    init_kwargs,
    keras_class,
    serialize_dtype,
)

__all__ = ["Layer", "as_shapes", "is_structure", "unique_layer_name"]

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


@keras_class("keras.layers")
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
    _init_arguments: dict | None = None  # what `__init__` took, for a subclass's config

    def __new__(cls, *args: Any, **kwargs: Any) -> Layer:
        layer = super().__new__(cls)
        layer._init_arguments = _arguments(cls, args, kwargs)  # for a subclass's config
        return layer

    def __init__(self, trainable: bool = True, name: str | None = None, dtype: Any = None,
                 input_shape: Any = None):
        # A private class's leading "_" would not make a valid name scope.
        base = _snake_case(type(self).__name__).lstrip("_") or "layer"
        super().__init__(name or unique_layer_name(base))
        self._trainable = bool(trainable)  # no sublayers yet for the setter to reach
        self.dtype = dtypes.as_dtype(dtype or dtypes.float32)
        self.built = False
        self._weights: list[Variable] = []
        self._weight_names: list[str] = []
        self._built_input_shape: TensorShape | None = None  # what `_maybe_build` built for
        self._input_shape_arg = (None if input_shape is None
                                 else TensorShape([None, *TensorShape(input_shape).as_list()]))

    # Weights ---------------------------------------------------------------------------------
    def add_weight(self, name: str, shape: Any, initializer: Any = "glorot_uniform",
                   trainable: bool = True, dtype: Any = None, *, regularizer: Any = None,
                   synchronization: Any = "auto", aggregation: Any = "none") -> Variable:
        """A new variable of this layer, initialised by `initializer` (a name or callable),
        of the layer's dtype unless `dtype` says otherwise (a count kept as an integer);
        `regularizer(variable)` joins the layer's `losses`; `synchronization` and
        `aggregation` say how a strategy keeps its copies in step."""
        init = initializers.get(initializer)
        dtype = self.dtype if dtype is None else dtypes.as_dtype(dtype)
        with init_scope():  # in `build`, the layer's name scope is already entered
            # As Keras calls it: `dtype` by keyword, so `ag.random.normal` (whose second
            # parameter is `mean`) initialises too.
            variable = Variable(init(TensorShape(shape).as_list(), dtype=dtype), name=name,
                                trainable=trainable, synchronization=synchronization,
                                aggregation=aggregation)
        if regularizer is not None:
            variable._keras_regularizer = regularizer  # type: ignore[attr-defined]
        if all(variable is not w for w in self._weights):  # replicas building in `run` all
            self._weights.append(variable)                 # get the one variable made
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
    def losses(self) -> list[Tensor]:
        """The penalties of the regularizers of this layer's and its sublayers' weights,
        computed now (Keras's `losses`; `fit` adds them to the loss)."""
        found = []
        for layer in [self, *self._flatten(lambda v: isinstance(v, Layer))]:
            for weight in layer._weights:
                regularizer = getattr(weight, "_keras_regularizer", None)
                if regularizer is not None:
                    found.append(regularizer(weight))
        return found

    @property
    def trainable(self) -> bool:
        """Whether the layer's weights are trained. Setting it sets every sublayer's too (at
        any depth), as Keras 3 does: a frozen model unfrozen trains all its layers again."""
        return self._trainable

    @trainable.setter
    def trainable(self, value: bool) -> None:
        self._trainable = bool(value)
        for module in self.submodules:
            if isinstance(module, Layer):
                module._trainable = self._trainable

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
        """Builds the layer for `input_shape` (a shape, or a list or dict of shapes for a
        layer called on several inputs) unless it is built already."""
        if self.built and self._built_input_shape is None:  # built by a direct `build` call
            self._built_input_shape = as_shapes(input_shape)
        if not self.built:
            shapes = as_shapes(input_shape)
            # variables made in build are named in the layer's scope, inside the caller's (a
            # model's), as Keras 2 names them: "model/dense/kernel:0"
            with init_scope(), name_scope(self.name):
                self.build(shapes)
            self.built = True
            self._built_input_shape = shapes

    def __call__(self, inputs: Any, *args: Any, **kwargs: Any) -> Any:
        """Builds the layer on first call, then runs `call` in the layer's name scope.

        `inputs` is a tensor (or array) or a list, tuple or dict of them; `training` is passed
        to `call` when it takes it, and so is `mask`: given, or else the masks that earlier
        layers attached to `inputs` (`Embedding(mask_zero=True)`'s). A layer that supports
        masking attaches `compute_mask`'s result to its outputs. Called on an `Input` (or
        what a layer made of one), the call is recorded for a functional model."""
        if is_symbolic(inputs, args, kwargs):
            return symbolic_call(self, inputs, args, kwargs)
        takes = _parameters(type(self).call)
        training = kwargs.pop("training", None)
        given_mask = takes.mask and "mask" in kwargs  # else `call` refuses it, as in Keras
        mask = kwargs.pop("mask", None) if given_mask else None
        inputs = self._convert_inputs(inputs)
        if not given_mask:
            mask = _masks_of(inputs)
        self._maybe_build(_shapes_of(inputs))
        if takes.training:
            kwargs["training"] = training
        if takes.mask and (given_mask or mask is not None):
            kwargs["mask"] = mask
        with self.name_scope:
            outputs = self.call(inputs, *args, **kwargs)
        self._attach_masks(inputs, outputs, mask)
        return outputs

    def _convert_inputs(self, inputs: Any) -> Any:
        """Tensors of the inputs; numbers become the layer's dtype (integers too, unless the
        layer keeps them, as `Embedding` does)."""
        if is_structure(inputs):
            return pack_sequence_as(inputs, [self._convert_one(t) for t in flatten(inputs)])
        inputs = self._convert_one(inputs)
        rank = inputs.shape.rank
        if rank is not None and rank < self._min_ndim:  # Keras's InputSpec(min_ndim=...)
            raise self._incompatible(f"expected min_ndim={self._min_ndim}, found ndim={rank}. "
                                     f"Full shape received: {inputs.shape}")
        return inputs

    _cast_integer_inputs = True  # Keras casts floats only; our kernels need one dtype

    def _convert_one(self, value: Any) -> Any:
        if value is None:
            return None
        tensor = convert_to_tensor(value)
        dtype = tensor.dtype
        if dtype != self.dtype and (dtype.is_floating
                                    or (dtype.is_integer and self._cast_integer_inputs)):
            cast = creation_ops.cast(tensor, self.dtype)
            set_keras_mask(cast, get_keras_mask(tensor))
            return cast
        return tensor

    @property
    def supports_masking(self) -> bool:
        """Whether the layer passes a mask on (`compute_mask`): as Keras 3, True for a layer
        that defines `compute_mask` or sets it."""
        found = self.__dict__.get("_supports_masking")
        if found is not None:
            return found
        return type(self).compute_mask is not Layer.compute_mask

    @supports_masking.setter
    def supports_masking(self, value: bool) -> None:
        self.__dict__["_supports_masking"] = bool(value)

    def compute_mask(self, inputs: Any, mask: Any = None) -> Any:
        """The mask of the outputs: by default the inputs' mask, passed on."""
        return mask

    def _attach_masks(self, inputs: Any, outputs: Any, mask: Any) -> None:
        if not self.supports_masking:
            if mask is not None and any(m is not None for m in flatten(mask)):
                warnings.warn(
                    f"Layer '{self.name}' (of type {type(self).__name__}) was passed an input "
                    f"with a mask attached to it. However, this layer does not support "
                    f"masking and will therefore destroy the mask information. Downstream "
                    f"layers will not see the mask.", stacklevel=3)
            return
        output_mask = self.compute_mask(inputs, mask)
        # As Keras 3: the flat masks go to the flat outputs in order, so one mask given for
        # several outputs is the first output's only.
        masks = flatten(output_mask) if isinstance(output_mask, (list, tuple, dict)) else [
            output_mask]
        for tensor, leaf_mask in zip(flatten(outputs), masks):
            if isinstance(tensor, Tensor):
                set_keras_mask(tensor, leaf_mask)

    def call(self, inputs: Tensor, training: bool | None = None) -> Tensor:
        """The layer's computation; subclasses define it."""
        raise NotImplementedError(f"{type(self).__name__} must define call(inputs, training).")

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        """The shape of the output for inputs of `input_shape` (default: the same)."""
        return TensorShape(input_shape)

    # Configs ---------------------------------------------------------------------------------
    def get_config(self) -> dict:
        """The layer's constructor arguments, as Keras 3 writes them: `name`, `trainable`,
        `dtype` (a `DTypePolicy` dictionary), then the subclass's own. A subclass that does not
        define `get_config` gets the plain values (numbers, strings, lists, dicts) its
        `__init__` was called with, as Keras 3 does.

        Raises:
            NotImplementedError: a subclass without `get_config` whose `__init__` took other
                values (a layer, an array, ...).
        """
        config = {"name": self.name, "trainable": self.trainable,
                  "dtype": serialize_dtype(self.dtype)}
        if _uses_default_config(type(self), Layer):
            config.update(self._auto_config())
        return config

    def _auto_config(self) -> dict:
        arguments = getattr(self, "_init_arguments", None) or {}
        for key, value in arguments.items():
            if isinstance(value, _Unplain):
                raise NotImplementedError(
                    f"{type(self).__name__} cannot give its config: its __init__ took "
                    f"{key}={value.text}, which is not a plain value (number, string, list or "
                    f"dict). Define get_config() returning the arguments that rebuild it (and "
                    f"from_config, if they need converting).")
        return {k: v for k, v in arguments.items() if k not in ("name", "trainable", "dtype")}

    @classmethod
    def from_config(cls, config: dict) -> Layer:
        """A new layer from `get_config()`'s dictionary (or the one Keras 3 wrote): the dtype
        policy, initializers and activation are read back from their serialized forms."""
        config = dict(config)
        for key, value in config.items():
            if key == "dtype":
                config[key] = deserialize_dtype(value)
            elif key.endswith("_initializer"):
                config[key] = deserialize_initializer(value)
            elif key == "activation" and value is not None:
                config[key] = get_activation(value)
        return cls(**init_kwargs(cls, config))

    def get_build_config(self) -> dict | None:
        """`{"input_shape": [...]}` once the layer was built for inputs of a known shape."""
        shapes = flatten(self._built_input_shape)
        if not shapes or any(s is None or s.rank is None for s in shapes):
            return None
        return {"input_shape": pack_sequence_as(self._built_input_shape,
                                                [s.as_list() for s in shapes])}

    def build_from_config(self, config: dict) -> None:
        """Builds the layer as `get_build_config` says it was built."""
        shape = config.get("input_shape") if isinstance(config, dict) else None
        if shape is not None:
            self._maybe_build(as_shapes(shape))

    def _incompatible(self, message: str) -> ValueError:
        return ValueError(f"Input 0 of layer {self.name!r} is incompatible with the layer: "
                          f"{message}")


def is_structure(inputs: Any) -> bool:
    """Whether `inputs` holds several inputs: a dict, or a list or tuple of tensors or arrays
    (a nested list of numbers is one array)."""
    if isinstance(inputs, dict):
        return True
    if not isinstance(inputs, (list, tuple)):
        return False
    leaves = flatten(inputs)
    return not leaves or not all(isinstance(v, (bool, int, float)) for v in leaves)


def as_shapes(value: Any) -> Any:
    """`value` as a `TensorShape`, or a list or dict of them: `[[None, 4], [None, 4]]` is two
    shapes (a list of sizes is one)."""
    if isinstance(value, dict):
        return {k: as_shapes(v) for k, v in value.items()}
    if isinstance(value, list) and not value:
        return []  # the shapes of no inputs (a scalar's shape is `()`)
    if isinstance(value, (list, tuple)) and any(
            isinstance(v, (list, tuple, dict, TensorShape)) for v in value):
        return [as_shapes(v) for v in value]
    return TensorShape(value)


class _Takes(NamedTuple):
    training: bool
    mask: bool


@functools.lru_cache(maxsize=None)
def _parameters(call: Any) -> _Takes:
    """Which of `training` and `mask` a layer's `call` names (as Keras 3, `**kwargs` gets
    neither)."""
    try:
        parameters = inspect.signature(call).parameters
    except (TypeError, ValueError):  # a builtin: given only the inputs, nothing it may refuse
        return _Takes(False, False)
    return _Takes("training" in parameters, "mask" in parameters)


def _masks_of(inputs: Any) -> Any:
    """The masks attached to `inputs` (in their structure), or None when there are none."""
    if isinstance(inputs, (list, tuple, dict)):  # converted: a list holds tensors
        masks = [get_keras_mask(t) for t in flatten(inputs)]
        if all(m is None for m in masks):
            return None
        return pack_sequence_as(inputs, masks)
    return get_keras_mask(inputs)


def _shapes_of(inputs: Any) -> Any:
    if isinstance(inputs, (list, tuple, dict)):
        return pack_sequence_as(inputs, [None if t is None else t.shape
                                         for t in flatten(inputs)])
    return inputs.shape


def _arguments(cls: Any, args: tuple, kwargs: dict) -> dict | None:
    """The arguments a layer's `__init__` was called with, by parameter name."""
    init = cls.__init__
    if init is Layer.__init__ and not args and not kwargs:
        return {}
    try:
        bound = _signature(init).bind(None, *args, **kwargs)
    except (TypeError, ValueError):
        return None  # `__init__` itself reports the bad call
    bound.apply_defaults()  # as Keras 3's auto-config: every argument, defaults included
    found: dict = {}
    for index, (name, value) in enumerate(bound.arguments.items()):
        parameter = bound.signature.parameters[name]
        if index == 0:
            continue  # self
        if parameter.kind is inspect.Parameter.VAR_KEYWORD:
            found.update(value)
        elif parameter.kind is inspect.Parameter.VAR_POSITIONAL:
            found[name] = list(value)
        else:
            found[name] = value
    # only plain values are kept: a config holds nothing else, and a layer passed in must not
    # be reachable from here (the weights file walks a layer's attributes)
    return {k: v if _plain(v) else _Unplain(repr(v)) for k, v in found.items()}


class _Unplain:
    """Stands for an `__init__` argument that a config cannot hold."""

    def __init__(self, text: str):
        self.text = text


@functools.lru_cache(maxsize=None)
def _signature(init: Any) -> inspect.Signature:
    return inspect.signature(init)


def _uses_default_config(cls: Any, base: Any) -> bool:
    """Whether a subclass of `base` leaves `get_config` to it and has its own `__init__`."""
    return (cls.get_config is base.get_config
            and cls.__init__ is not base.__init__)


def _plain(value: Any) -> bool:
    if value is None or isinstance(value, (bool, int, float, str)):
        return True
    if isinstance(value, (list, tuple)):
        return all(_plain(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain(v) for k, v in value.items())
    return False
