"""Keras's functional API: layers called on `Input`s record a graph of layer calls, and
`Model(inputs=..., outputs=...)` runs that graph on real inputs.

`KerasTensor` is the symbolic value a layer call returns while such a model is described: it
knows its shape and the call that made it. The layers are built when first called on one
(their weights made from its shape), and a layer's output shape is found by tracing its call
once on a placeholder when it does not say (`compute_output_shape`).

>>> import numpy as np
>>> from autograph.runtime.train.keras.layers import Dense
>>> from autograph.runtime.train.keras.model import Input, Model
>>> inputs = Input((3,))
>>> outputs = Dense(2, kernel_initializer="ones")(Dense(4, kernel_initializer="ones")(inputs))
>>> model = Model(inputs=inputs, outputs=outputs)
>>> model(np.ones((1, 3), np.float32)).numpy()
array([[12., 12.]], dtype=float32)
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.func_graph import FuncGraph

__all__ = ["KerasTensor", "symbolic_call", "run_graph"]


class KerasTensor:
    """A layer's output while a functional model is described: a shape, and its maker."""

    def __init__(self, shape: Any, dtype: Any, layer: Any = None, inbound: Any = None):
        self.shape = TensorShape(shape)
        self.dtype = dtype
        self.layer = layer  # the layer whose call made it (its input layer for an `Input`)
        self.inbound = inbound  # the KerasTensor that call took (None for an `Input`)

    def __repr__(self) -> str:
        return f"<KerasTensor shape={tuple(self.shape.as_list())}, dtype={self.dtype.name}>"


def symbolic_call(layer: Any, inputs: KerasTensor) -> KerasTensor:
    """`layer` called on `inputs` while describing a model: built, and its output recorded."""
    layer._maybe_build(inputs.shape)
    shape = _output_shape(layer, inputs)
    return KerasTensor(shape, layer.dtype, layer, inputs)


def defines_output_shape(layer: Any) -> bool:
    """Whether `layer`'s class gives its own `compute_output_shape` (the base Layer's only
    repeats the input shape)."""
    return not type(layer).compute_output_shape.__qualname__.startswith("Layer.")


def _output_shape(layer: Any, inputs: KerasTensor) -> TensorShape:
    if defines_output_shape(layer):
        return layer.compute_output_shape(inputs.shape)
    graph = FuncGraph(f"{layer.name}_output_shape")
    with graph.as_default():
        output = layer(graph.add_input(inputs.dtype, inputs.shape))
    return output.shape


def run_graph(inputs: KerasTensor, outputs: KerasTensor, value: Any, training: Any) -> Any:
    """The value `outputs` stands for when `inputs` is `value`."""
    computed: dict[int, Any] = {id(inputs): value}

    def evaluate(t: KerasTensor) -> Any:
        found = computed.get(id(t))
        if found is None:
            if t.inbound is None:
                raise ValueError(f"The model's outputs depend on an Input ({t!r}) that is not "
                                 f"among its inputs.")
            found = computed[id(t)] = t.layer(evaluate(t.inbound), training=training)
        return found
    return evaluate(outputs)


def layers_of(inputs: KerasTensor, outputs: KerasTensor) -> list[tuple[Any, KerasTensor]]:
    """The (layer, output) pairs from the inputs to the outputs, in call order."""
    chain: list[tuple[Any, KerasTensor]] = []
    t: Any = outputs
    while t is not None:
        chain.append((t.layer, t))
        t = t.inbound
    chain.reverse()
    return chain

