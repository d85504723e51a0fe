"""`Model`: a Keras model written as a subclass, and `Input`, the first entry of a `Sequential`.

A subclass makes its layers and variables in `__init__` and computes its output in `call`
(`training` is passed when `call` takes it). Its variables are found as `Module` finds them,
by walking its attributes, so variables assigned directly (`self.w = ag.Variable(5.0)`) train
too. `compile`, `fit`, `evaluate` and `predict` come from `Trainer`; `save_weights` and
`load_weights` write and read a checkpoint of the model.

>>> import autograph as ag
>>> class Line(Model):
...     def __init__(self):
...         super().__init__()
...         self.w = ag.Variable(2.0)
...         self.b = ag.Variable(1.0)
...     def call(self, x):
...         return self.w * x + self.b
>>> model = Line()
>>> float(model(ag.constant(3.0))), len(model.trainable_variables)
(7.0, 2)
"""

from __future__ import annotations

import contextlib
from typing import Any

from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.func_graph import FuncGraph, flatten, pack_sequence_as
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.creation import ops as creation_ops
from autograph.runtime.state.module import Module
from autograph.runtime.state.variables import Variable
from autograph.runtime.train.keras.base_layer import (
    Layer,
    _uses_default_config,
    as_shapes,
    is_structure,
    unique_layer_name,
)
from autograph.runtime.train.keras.functional import (
    KerasTensor,
    graph_order,
    input_node,
    run_graph,
    symbolic,
)
from autograph.runtime.train.keras.functional_config import (
    functional_config,
    functional_model_parts,
)
from autograph.runtime.train.keras.h5_weights import keras_layers
from autograph.runtime.train.keras.serialization import (
    deserialize_dtype,
    init_kwargs,
    keras_class,
    loading_scope,
    serialize_dtype,
)
from autograph.runtime.train.keras.summary import model_summary
from autograph.runtime.train.keras.training import Trainer

__all__ = ["InputLayer", "Input", "Model"]


@keras_class("keras", "Functional")
class Model(Trainer, Layer):
    """Base class of subclassed Keras models: define `call(inputs[, training])`."""

    def __init__(self, *args: Any, inputs: Any = None, outputs: Any = None,
                 name: str | None = None, trainable: bool = True, dtype: Any = None,
                 **kwargs: Any):
        if kwargs:  # as Keras 3: never ignored in silence
            raise ValueError(f"Unrecognized keyword arguments passed to "
                             f"{type(self).__name__}: {kwargs}")
        if args:  # Keras takes `Model(inputs, outputs)` too
            if len(args) > 2 or (inputs is not None and len(args) >= 1) or (
                    outputs is not None and len(args) == 2):
                raise TypeError("Model takes inputs and outputs once each: "
                                "Model(inputs, outputs) or Model(inputs=..., outputs=...).")
            inputs, outputs = (*args, outputs) if len(args) == 1 else args
        functional = inputs is not None or outputs is not None
        if functional and name is None:
            name = unique_layer_name("functional")  # as Keras names functional models
        Layer.__init__(self, trainable=trainable, name=name, dtype=dtype)
        Trainer.__init__(self)
        self._graph_ends: tuple | None = None
        if functional:
            self._init_graph(inputs, outputs)

    def _init_graph(self, inputs: Any, outputs: Any) -> None:
        inputs, outputs = symbolic(inputs), symbolic(outputs)
        for what, value in (("inputs", inputs), ("outputs", outputs)):
            leaves = flatten(value)
            wrong = [t for t in leaves if not isinstance(t, KerasTensor)]
            if not leaves or wrong:
                found = f"holds {type(wrong[0]).__name__}" if wrong else "is empty"
                raise TypeError(f"Model(inputs=..., outputs=...) takes ag.keras.Inputs and "
                                f"what layers called on them return (one, or a list or dict "
                                f"of them); {what} {found}.")
        for tensor in flatten(inputs):
            if not tensor.node.is_input:
                raise ValueError(f"Model inputs must come from ag.keras.Input; {tensor!r} is "
                                 f"the output of layer {tensor.layer.name!r}.")
        self._graph_ends = (inputs, outputs)
        self._graph_order = graph_order(inputs, outputs)
        self._functional_layers = list(self._graph_order.layers)
        self.built = True

    def call(self, inputs: Any, training: bool | None = None) -> Any:
        """A functional model runs its layer graph; a subclass defines its own `call`."""
        if self._graph_ends is None:
            raise NotImplementedError(f"{type(self).__name__} must define call(inputs), or be "
                                      f"made as Model(inputs=..., outputs=...).")
        start, end = self._graph_ends
        return run_graph(start, end, self._graph_order, self._graph_inputs(inputs), training)

    def _graph_inputs(self, values: Any) -> Any:
        """`values` in the structure of the model's inputs: a dict by the inputs' keys (or
        names), a list in order; one array for a model of one input."""
        start = self._graph_ends[0]  # type: ignore[index]
        expected = flatten(start)
        if isinstance(start, dict) and isinstance(values, dict):
            missing = [key for key in start if key not in values]
            if missing:
                raise ValueError(f"Model {self.name!r}: missing inputs {missing}; it takes "
                                 f"{sorted(start)}.")
            values = {key: values[key] for key in start}
        elif isinstance(values, dict):
            names = [t.layer.name for t in expected]
            if sorted(values) != sorted(names):
                raise ValueError(f"Model {self.name!r}: inputs given by name must be "
                                 f"{names}, got {sorted(values)}.")
            values = [values[name] for name in names]
        given = flatten(values) if is_structure(values) else [values]
        if len(given) != len(expected):
            raise ValueError(f"Model {self.name!r} takes {len(expected)} "
                             f"input{'s' if len(expected) != 1 else ''}, got {len(given)}.")
        return pack_sequence_as(start, [_as_input(v, t) for v, t in zip(given, expected)])

    @property
    def inputs(self) -> list[KerasTensor] | None:
        """A functional model's (or a Sequential's with an `Input`) input KerasTensors."""
        if self._graph_ends is None:
            return None
        return flatten(self._graph_ends[0])

    @property
    def outputs(self) -> list[KerasTensor] | None:
        """A functional model's output KerasTensors."""
        if self._graph_ends is None:
            return None
        return flatten(self._graph_ends[1])

    @property
    def layers(self) -> list[Layer]:
        """The model's layers: a functional model's in Keras's order (by depth from the
        inputs; its `InputLayer`s included, as Keras 3 lists them), a subclassed model's (the
        layers its attributes hold) in the order they were assigned."""
        if self._graph_ends is not None:
            return list(self._functional_layers)
        return keras_layers(self)

    def get_layer(self, name: str | None = None, index: int | None = None) -> Layer:
        """The layer of `name`, or at `index` among Keras 3's `model.layers` (a functional
        model's Input first, a subclassed model's layers in the order they were assigned).

        Raises:
            ValueError: neither or both given, no layer of that name, or an index past the end.
        """
        found = keras_layers(self)
        if name is not None and index is not None:
            raise ValueError(f"Provide only a layer name or a layer index. Received: "
                             f"index={index}, name={name}.")
        if index is not None:
            if len(found) <= index:
                raise ValueError(f"Was asked to retrieve layer at index {index} but model only "
                                 f"has {len(found)} layers.")
            return found[index]
        if name is None:
            raise ValueError("Provide either a layer name or layer index at `get_layer`.")
        for layer in found:
            if layer.name == name:
                return layer
        raise ValueError(f"No such layer: {name}. Existing layers are: "
                         f"{[layer.name for layer in found]}.")

    def summary(self, print_fn: Any = None, expand_nested: bool = False) -> None:
        """Prints Keras's table of the layers: a functional model's in Keras's order (its
        Inputs included; with the tensors each layer takes when the model is not a plain
        chain), a subclassed model's own layers; `expand_nested` lists a nested model's
        layers under it."""
        (print_fn or print)(model_summary(self, self.layers, self._connections(),
                                          expand_nested))

    def _connections(self) -> dict[int, str] | None:
        """Keras's "Connected to" cell of each layer (by id), or None for a plain chain."""
        if self._graph_ends is None:
            return None
        nodes = self._graph_order.nodes
        node_ids = {id(n) for n in nodes}
        chain = all(len(n.input_tensors) == 1 for n in nodes) and len(
            {id(n.layer) for n in nodes}) == len(nodes) and _is_chain(nodes)
        if chain:
            return None
        cells = {}
        for layer in self._graph_order.layers:
            names = [f"{t.layer.name}[{t.node.index}][{t.index}]"
                     for node in layer.__dict__.get("_inbound_nodes", [])
                     if id(node) in node_ids for t in node.input_tensors]
            cells[id(layer)] = ", ".join(names) or "-"
        return cells

    def _convert_inputs(self, inputs: Any) -> Any:
        """A functional model converts its inputs as its Inputs say; a subclass gets what it
        was given, arrays and numbers as tensors."""
        if self._graph_ends is not None:
            return self._graph_inputs(inputs)
        if is_structure(inputs):
            return pack_sequence_as(inputs, [v if v is None else convert_to_tensor(v)
                                             for v in flatten(inputs)])
        return convert_to_tensor(inputs)

    def _maybe_build(self, input_shape: Any) -> None:
        """A model is built by its first call; it records the input shape for its build
        config, as Keras does."""
        if self._built_input_shape is None and isinstance(input_shape, TensorShape):
            self._built_input_shape = input_shape
        self.built = True

    def _attach_masks(self, inputs: Any, outputs: Any, mask: Any) -> None:
        """Nothing to do: a model's layers attached their outputs' masks."""

    def build(self, input_shape: Any) -> None:
        """Marks the model built for inputs of `input_shape`, which its build config records
        (as Keras 3: a subclassed model makes its weights at its first call)."""
        if self._built_input_shape is None:
            with contextlib.suppress(TypeError, ValueError):  # several inputs' shapes: none
                self._built_input_shape = TensorShape(input_shape)
        self.built = True

    def compute_output_shape(self, input_shape: Any) -> Any:
        """The output shape (or shapes, in the outputs' structure), found by tracing `call`
        once on placeholders of that shape (a list or dict of shapes for several inputs; a
        functional model's take its Inputs' dtypes)."""
        shapes = as_shapes(input_shape)
        ends = self._graph_ends
        dtypes_ = ([t.dtype for t in flatten(ends[0])] if ends is not None
                   else [self.dtype] * len(flatten(shapes)))
        graph = FuncGraph(f"{self.name}_output_shape")
        with graph.as_default():
            placeholders = [graph.add_input(dtype, shape)
                            for dtype, shape in zip(dtypes_, flatten(shapes))]
            output = self(pack_sequence_as(shapes, placeholders))
        return pack_sequence_as(output, [t.shape for t in flatten(output)])

    # A subclass's state is wherever its attributes hold it, as for any `Module`.
    @property
    def weights(self) -> list[Variable]:
        return list(Module.variables.fget(self))  # type: ignore[attr-defined]

    def _trackable_children(self) -> dict[str, object]:
        children = Module._trackable_children(self)
        if hasattr(self.optimizer, "_trackable_children"):
            children["optimizer"] = self.optimizer
        return children

    # Configs ---------------------------------------------------------------------------------
    def get_config(self) -> dict:
        """A functional model's layers and how they are called (Keras 3's functional config);
        a subclass's `name`, `trainable`, `dtype` and the plain values its `__init__` took
        (unless it defines `get_config`)."""
        if self._graph_ends is not None:
            return functional_config(self)
        config = {"name": self.name, "trainable": self.trainable,
                  "dtype": serialize_dtype(self.dtype)}
        if _uses_default_config(type(self), Model):
            config.update(self._auto_config())
        return config

    @classmethod
    def from_config(cls, config: dict, custom_objects: dict | None = None) -> Model:
        """A model from `get_config()`'s dictionary (or Keras 3's): a functional config makes
        the layers and calls them again; a subclass is made from its constructor arguments."""
        if custom_objects is not None:
            with loading_scope(custom_objects):
                return cls.from_config(config)
        functional = all(k in config for k in ("name", "layers", "input_layers",
                                               "output_layers"))
        if functional and cls.__init__ is Model.__init__:
            inputs, outputs = functional_model_parts(config)
            return cls(inputs=inputs, outputs=outputs, name=config["name"],
                       trainable=config.get("trainable", True))
        config = dict(config)
        if "dtype" in config:
            config["dtype"] = deserialize_dtype(config["dtype"])
        return cls(**init_kwargs(cls, config))

    def get_build_config(self) -> dict | None:
        if self._graph_ends is not None:
            return {"input_shape": None}  # as Keras 3: the layers carry their own
        return super().get_build_config()

    def build_from_config(self, config: dict) -> None:
        """Makes a subclassed model's variables by calling it once on zeros of the recorded
        input shape (an unknown size taken as 1), as Keras builds it."""
        shape = config.get("input_shape") if isinstance(config, dict) else None
        if self._graph_ends is None and shape is not None and not self.built:
            self(creation_ops.zeros([1 if d is None else d for d in shape], self.dtype))


def _as_input(value: Any, spec: KerasTensor) -> Any:
    """An input value as a tensor of its Input's dtype (numbers and booleans cast, as Keras
    does: a float given to an integer Input loses its fraction).

    Raises:
        ValueError: strings for a numeric Input, or numbers for a string one.
    """
    tensor = convert_to_tensor(value)
    if tensor.dtype == spec.dtype:
        return tensor
    if not (_is_numeric(spec.dtype) and _is_numeric(tensor.dtype)):
        raise ValueError(f"Input {spec.layer.name!r} takes {spec.dtype.name} values, got "
                         f"{tensor.dtype.name} ones.")
    return creation_ops.cast(tensor, spec.dtype)


def _is_numeric(dtype: Any) -> bool:
    return dtype.is_floating or dtype.is_integer or dtype.is_bool


def _is_chain(nodes: list[Any]) -> bool:
    """Whether each call takes the output of the one before (one Input, no branches)."""
    return all(later.input_tensors[0].node is earlier
               for earlier, later in zip(nodes, nodes[1:]))


@keras_class("keras.layers")
class InputLayer(Layer):
    """The input of a `Sequential` or functional model: no weights; it fixes the samples'
    shape (`shape`, without the batch axis, or `batch_shape`, with it).

    Raises:
        ValueError: neither or both of `shape` and `batch_shape`; a sparse or ragged input.
    """

    def __init__(self, shape: Any = None, batch_size: int | None = None, dtype: Any = None,
                 sparse: bool | None = None, batch_shape: Any = None, name: str | None = None,
                 ragged: bool | None = None, optional: bool = False, **kwargs: Any):
        if (shape is None) == (batch_shape is None):
            raise ValueError("InputLayer takes shape (without the batch axis) or batch_shape "
                             "(with it), exactly one of them.")
        if sparse or ragged or optional:
            raise ValueError("InputLayer: sparse, ragged and optional inputs are not "
                             "supported.")
        if batch_shape is not None:
            batch_shape = TensorShape(batch_shape).as_list()
            shape, batch_size = batch_shape[1:], batch_shape[0]
        super().__init__(name=name, dtype=dtype, input_shape=shape, **kwargs)
        if batch_size is not None:
            dims = self._input_shape_arg.as_list()  # type: ignore[union-attr]
            self._input_shape_arg = TensorShape([batch_size, *dims[1:]])
        self.keras_tensor = KerasTensor(self._input_shape_arg, self.dtype, name=self.name)
        input_node(self, self.keras_tensor)
        self.built = True

    def get_config(self) -> dict:
        """Keras 3's InputLayer config: the batch shape and the dtype's name."""
        return {"batch_shape": self.keras_tensor.shape.as_list(), "dtype": self.dtype.name,
                "sparse": False, "ragged": False, "name": self.name, "optional": False}

    def get_build_config(self) -> dict | None:
        return None

    @property
    def shape(self) -> TensorShape:
        """The inputs' shape, batch axis first (`Input((3,)).shape` is `(None, 3)`)."""
        return self.keras_tensor.shape

    def call(self, inputs: Tensor, training: bool | None = None) -> Tensor:
        return inputs


def Input(shape: Any = None, batch_size: int | None = None, dtype: Any = None,  # noqa: N802
          name: str | None = None, batch_shape: Any = None) -> InputLayer:
    """The input of a `Sequential` model, as Keras writes it: `Sequential([Input((8, 8, 1)),
    Conv2D(...), ...])` builds the model at once for samples of that shape."""
    return InputLayer(shape, batch_size=batch_size, dtype=dtype, name=name,
                      batch_shape=batch_shape)

