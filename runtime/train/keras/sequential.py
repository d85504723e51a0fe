"""`Sequential`: a stack of layers, each taking the previous one's output.

The model is built from the shape of its inputs (`build(input_shape)`, the first call, `fit`,
or an `input_shape` given to its first layer); `summary()` then prints each layer's output
shape and parameter count. `compile`, `fit`, `evaluate` and `predict` come from `Trainer`.

>>> from autograph.runtime.train.keras.layers import Dense
>>> model = Sequential([Dense(4, activation="relu"), Dense(1)])
>>> model.build((None, 3))
>>> [tuple(w.shape.as_list()) for w in model.weights]
[(3, 4), (4,), (4, 1), (1,)]
"""

from __future__ import annotations

from typing import Any, Callable

from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.state.variables import Variable
from autograph.runtime.train.keras.base_layer import Layer
from autograph.runtime.train.keras.functional import output_spec
from autograph.runtime.train.keras.model import InputLayer, Model
from autograph.runtime.train.keras.serialization import (
    deserialize,
    keras_class,
    loading_scope,
    serialize,
    serialize_dtype,
)
from autograph.runtime.train.keras.summary import model_summary
from autograph.runtime.train.keras.training import Trainer

__all__ = ["Sequential"]


@keras_class("keras")
class Sequential(Model):
    """A linear stack of layers.

    Args:
        layers: the first layers (more with `add`).
        trainable: whether the layers' weights are trained.
        name: the model's name (default `sequential`, made unique).

    Raises:
        TypeError: something in `layers` is not a layer.
    """

    def __init__(self, layers: list[Layer] | None = None, trainable: bool = True,
                 name: str | None = None):
        Layer.__init__(self, trainable=trainable, name=name)
        Trainer.__init__(self)
        self._graph_ends = None  # a Model, not a functional one: its layers are a stack
        self._layers: list[Layer] = []
        self._output_shapes: list[TensorShape] = []
        self._build_input_shape: TensorShape | None = None
        for layer in layers or []:
            self.add(layer)

    # A layer's input conversion and build from config, not a subclassed Model's (a stack
    # builds itself from its input shape).
    _convert_inputs = Layer._convert_inputs
    build_from_config = Layer.build_from_config

    @property
    def layers(self) -> list[Layer]:
        """The layers, without the `Input` (as Keras lists them)."""
        return [layer for layer in self._layers if not isinstance(layer, InputLayer)]

    def add(self, layer: Layer) -> None:
        """Appends `layer`; builds the model at once when its input shape is known."""
        if not isinstance(layer, Layer):
            raise TypeError(f"Sequential.add takes a layer (ag.keras.layers.Dense, ...), got "
                            f"{layer!r}.")
        self._layers.append(layer)
        self._rebuild()

    def pop(self) -> Layer:
        """Removes and returns the last layer."""
        if not self._layers:
            raise IndexError("Sequential.pop: the model has no layers.")
        layer = self._layers.pop()
        self._rebuild()
        return layer

    def _rebuild(self) -> None:
        """After `add` or `pop`: built again when the input shape is known (the first layer's
        `input_shape`, or an earlier build), as Keras does; else not built."""
        self.built = False
        if not self._layers:
            return
        shape = self._layers[0]._input_shape_arg
        if shape is None:
            shape = self._build_input_shape
        if shape is not None:
            self.build(shape)

    def build(self, input_shape: Any = None) -> None:
        """Builds every layer in turn for inputs of `input_shape` (batch axis included)."""
        if input_shape is None:
            input_shape = self._build_input_shape or (self._layers[0]._input_shape_arg
                                                      if self._layers else None)
        if input_shape is None:
            raise ValueError(f"Sequential model {self.name!r}: build needs the input shape "
                             f"(with the batch axis, e.g. (None, 784)).")
        if _several(input_shape):
            raise ValueError(f"Sequential model {self.name!r} takes one input, got "
                             f"{len(input_shape)}: {_shapes_text(input_shape)}. Use a "
                             f"functional model (ag.keras.Model(inputs, outputs)) for several.")
        self._build_input_shape = TensorShape(input_shape)
        self._output_shapes = self._shapes_through(self._build_input_shape)
        self.built = True

    def _shapes_through(self, shape: TensorShape) -> list[TensorShape]:
        """Each layer's output shape for inputs of `shape`, building the layers in turn (a
        layer that does not say its output shape is traced once)."""
        first = self._layers[0] if self._layers else None
        dtype = first.dtype if isinstance(first, InputLayer) else self.dtype
        shapes = []
        for layer in self._layers:
            shape, dtype = output_spec(layer, shape, dtype)
            shapes.append(shape)
        return shapes

    def _maybe_build(self, input_shape: Any) -> None:
        if not self.built:
            self.build(input_shape)

    def call(self, inputs: Tensor, training: bool | None = None) -> Tensor:
        outputs = inputs
        for layer in self._layers:
            outputs = layer(outputs, training=training)
        return outputs

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        shape = TensorShape(input_shape)
        built = self._build_input_shape
        if self.built and self._output_shapes and built is not None and (
                shape.rank is not None and built.rank is not None
                and shape.as_list() == built.as_list()):
            return self._output_shapes[-1]  # known since build: no layer traced again
        shapes = self._shapes_through(shape)
        return shapes[-1] if shapes else shape

    @property
    def weights(self) -> list[Variable]:
        """The layers' weights, layer by layer, each once."""
        found: list[Variable] = []
        for layer in self._layers:
            found.extend(w for w in layer.weights if not any(w is f for f in found))
        return found

    @property
    def trainable_weights(self) -> list[Variable]:
        if not self.trainable:
            return []
        trainable = [w for layer in self._layers for w in layer.trainable_weights]
        return [w for w in self.weights if any(w is t for t in trainable)]

    @property
    def non_trainable_weights(self) -> list[Variable]:
        trainable = self.trainable_weights
        return [w for w in self.weights if not any(w is t for t in trainable)]

    def _trackable_children(self) -> dict[str, object]:
        """The layers by position, `{"layers": {"0": first, ...}}`, and once compiled the
        optimizer (`"optimizer"`), so that a checkpoint of the model resumes its training,
        as a TensorFlow checkpoint of a Keras model does."""
        children: dict[str, object] = {
            "layers": {str(i): layer for i, layer in enumerate(self._layers)}}
        if hasattr(self.optimizer, "_trackable_children"):
            children["optimizer"] = self.optimizer
        return children

    # Configs ---------------------------------------------------------------------------------
    def get_config(self) -> dict:
        """Keras 3's Sequential config: name, trainable, dtype, every layer serialized (its
        Input included) and the input shape it was built for."""
        config = {"name": self.name, "trainable": self.trainable,
                  "dtype": serialize_dtype(self.dtype),
                  "layers": [serialize(layer) for layer in self._layers]}
        if self._build_input_shape is not None and self._build_input_shape.rank is not None:
            config["build_input_shape"] = self._build_input_shape.as_list()
        return config

    @classmethod
    def from_config(cls, config: dict, custom_objects: dict | None = None) -> Sequential:
        """A model from `get_config()`'s dictionary (or Keras 3's): its layers made again
        (built as their build configs say), then the model built for its input shape."""
        if custom_objects is not None:
            with loading_scope(custom_objects):
                return cls.from_config(config)
        model = cls(name=config.get("name"), trainable=config.get("trainable", True))
        layers = config.get("layers")
        if not isinstance(layers, list):
            raise ValueError(f"A Sequential config lists its layers, got {layers!r}.")
        for layer_config in layers:
            model.add(deserialize(layer_config))
        shape = config.get("build_input_shape")
        if not model.built and isinstance(shape, (list, tuple)):
            model.build(TensorShape(shape))
        return model

    def get_build_config(self) -> dict | None:
        if self._build_input_shape is None or self._build_input_shape.rank is None:
            return None
        return {"input_shape": self._build_input_shape.as_list()}

    def summary(self, print_fn: Callable[[str], Any] | None = None,
                expand_nested: bool = False) -> None:
        """Prints a table of the layers (name, type, output shape, parameters) and totals;
        `expand_nested` lists a nested model's layers under it.

        Raises:
            ValueError: the model is not built yet.
        """
        if not self.built:
            raise ValueError(f"Sequential model {self.name!r} has not been built yet: call "
                             f"build(input_shape), call it on a batch, or give its first layer "
                             f"an input_shape.")
        (print_fn or print)(summary_text(self, expand_nested))


def _several(shapes: Any) -> bool:
    """Whether `shapes` holds several shapes (a dict, or a list or tuple of shapes)."""
    return isinstance(shapes, dict) or isinstance(shapes, (list, tuple)) and any(
        isinstance(d, (TensorShape, list, tuple, dict)) for d in shapes)


def _shapes_text(shapes: Any) -> str:
    if isinstance(shapes, dict):
        return "{" + ", ".join(f"{k!r}: {_shapes_text(v)}" for k, v in shapes.items()) + "}"
    if _several(shapes):
        return "[" + ", ".join(_shapes_text(v) for v in shapes) + "]"
    return str(tuple(TensorShape(shapes).as_list()))


def summary_text(model: Sequential, expand_nested: bool) -> str:
    """Keras's summary table, drawn with box characters (the layers after the Input)."""
    shapes = {id(layer): shape for layer, shape in zip(model._layers, model._output_shapes)}
    return model_summary(model, model.layers, None, expand_nested, shapes)
