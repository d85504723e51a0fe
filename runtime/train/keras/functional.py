"""Keras's functional API: layers called on `Input`s record a graph of layer calls, and
`Model(inputs=..., outputs=...)` runs that graph on real inputs.

`KerasTensor` is the symbolic value a layer call returns while such a model is described: it
knows its shape and dtype and the call (`Node`) that made it. A layer may be called on a list
or dict of them (`Concatenate()([a, b])`), with keyword arguments holding them
(`initial_state=[h, c]`), and more than once (a shared layer: one `Node` per call). Layers are
built when first called (their weights made from the input shapes), and a layer's output
shape is found by tracing its call once on placeholders when it does not say
(`compute_output_shape`).

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

import collections
from typing import Any

from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.func_graph import FuncGraph, flatten, pack_sequence_as
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_spec import TensorSpec

__all__ = ["KerasTensor", "Node", "GraphOrder", "graph_order", "input_specs", "is_symbolic",
           "output_spec", "run_graph", "symbolic_call", "symbolic"]


class KerasTensor:
    """A layer's output while a functional model is described: a shape, a dtype, and the
    call that made it (`node`; for an `Input`, its input layer's node)."""

    def __init__(self, shape: Any, dtype: Any, node: Node | None = None, index: int = 0,
                 name: str | None = None):
        self.shape = TensorShape(shape)
        self.dtype = dtype
        self.node = node
        self.index = index  # which of the node's outputs
        self.name = name

    @property
    def layer(self) -> Any:
        """The layer whose call made this tensor (the `InputLayer` of an `Input`)."""
        return None if self.node is None else self.node.layer

    def __repr__(self) -> str:
        return f"<KerasTensor shape={tuple(self.shape.as_list())}, dtype={self.dtype.name}>"


class Node:
    """One call of `layer`: the arguments it took (KerasTensors among other values) and the
    KerasTensors it made. `index` is the call's place among the layer's calls."""

    outputs: list[KerasTensor]  # set by its maker once the node exists

    def __init__(self, layer: Any, args: tuple, kwargs: dict):
        self.layer = layer
        self.args = args
        self.kwargs = kwargs
        nodes = layer.__dict__.setdefault("_inbound_nodes", [])
        self.index = len(nodes)
        nodes.append(self)

    @property
    def input_tensors(self) -> list[KerasTensor]:
        """The KerasTensors among the call's arguments, in order."""
        return [t for t in flatten([list(self.args), self.kwargs]) if isinstance(t, KerasTensor)]

    @property
    def is_input(self) -> bool:
        return not self.input_tensors


def symbolic(value: Any) -> Any:
    """`value` with each `Input` (an `InputLayer`) replaced by its KerasTensor."""
    if isinstance(value, (list, tuple, dict)):
        leaves = flatten(value)
        if not any(hasattr(leaf, "keras_tensor") for leaf in leaves):
            return value
        return pack_sequence_as(value, [getattr(leaf, "keras_tensor", leaf) for leaf in leaves])
    return getattr(value, "keras_tensor", value)


def is_symbolic(*values: Any) -> bool:
    """Whether a KerasTensor (or an `Input`) is among `values`, at any depth."""
    return any(isinstance(leaf, KerasTensor) or hasattr(leaf, "keras_tensor")
               for leaf in flatten(list(values)))


def input_node(layer: Any, tensor: KerasTensor) -> None:
    """Makes `tensor` the output of `layer`'s call without inputs (an `InputLayer`)."""
    node = Node(layer, (), {})
    node.outputs = [tensor]
    tensor.node = node  # its only output: index 0


def _shapes(structure: Any) -> Any:
    return pack_sequence_as(structure, [t.shape for t in flatten(structure)])


def symbolic_call(layer: Any, inputs: Any, args: tuple = (), kwargs: dict | None = None) -> Any:
    """`layer` called on KerasTensors while describing a model: built for their shapes, and
    the call recorded as a `Node`. Returns the output KerasTensor(s), in the call's structure."""
    kwargs = {k: symbolic(v) for k, v in (kwargs or {}).items()}  # `training` too, as Keras
    inputs, args = symbolic(inputs), tuple(symbolic(a) for a in args)
    layer._maybe_build(_shapes(inputs))
    structure = _output_structure(layer, inputs, args, kwargs)
    node = Node(layer, (inputs, *args), kwargs)
    node.outputs = [KerasTensor(spec.shape, spec.dtype, node, i)
                    for i, spec in enumerate(flatten(structure))]
    return pack_sequence_as(structure, node.outputs)


def defines_output_shape(layer: Any) -> bool:
    """Whether `layer`'s class gives its own `compute_output_shape` (the base Layer's only
    repeats the input shape)."""
    return not type(layer).compute_output_shape.__qualname__.startswith("Layer.")


class _Spec:
    """An output's shape and dtype (a leaf of the output's structure)."""

    def __init__(self, shape: Any, dtype: Any):
        self.shape, self.dtype = TensorShape(shape), dtype


def _output_structure(layer: Any, inputs: Any, args: tuple, kwargs: dict) -> Any:
    """The `_Spec` of each output, in the output's structure."""
    if defines_output_shape(layer) and not args and not kwargs:
        shape = layer.compute_output_shape(_shapes(inputs))  # a list of shapes for a merge
        if isinstance(shape, (list, tuple)) and shape and all(isinstance(s, TensorShape)
                                                              for s in shape):
            return tuple(_Spec(s, layer.dtype) for s in shape)  # several outputs
        return _Spec(shape, layer.dtype)
    graph = FuncGraph(f"{layer.name}_output_shape")
    with graph.as_default():
        def placeholder(value: Any) -> Any:
            if isinstance(value, KerasTensor):
                return graph.add_input(value.dtype, value.shape)
            return value
        call_args = [_map(placeholder, a) for a in (inputs, *args)]
        output = layer(*call_args, **{k: _map(placeholder, v) for k, v in kwargs.items()})
    leaves = flatten(output)
    return pack_sequence_as(output, [_Spec(t.shape, t.dtype) for t in leaves])


def output_spec(layer: Any, input_shape: TensorShape, dtype: Any) -> tuple[TensorShape, Any]:
    """The shape and dtype of `layer`'s output for one input of that shape and dtype: what
    its `compute_output_shape` says, else what a trace of its call on a placeholder gives
    (which builds a layer that makes its weights in `call`, as Keras's symbolic call does)."""
    layer._maybe_build(input_shape)
    if defines_output_shape(layer):
        return TensorShape(layer.compute_output_shape(input_shape)), layer.dtype
    graph = FuncGraph(f"{layer.name}_output_shape")
    with graph.as_default():
        output = layer(graph.add_input(dtype, input_shape))
    if not isinstance(output, Tensor):
        raise ValueError(f"Layer {layer.name!r} returns {type(output).__name__}; a layer of a "
                         f"Sequential model returns one tensor.")
    return output.shape, output.dtype


def input_specs(inputs: Any) -> Any:
    """The specs of a functional model's inputs (any batch size), in their structure; each
    named after its Input."""
    def spec(tensor: KerasTensor) -> TensorSpec:
        dims = tensor.shape.as_list()
        return TensorSpec([None, *dims[1:]] if dims else dims, tensor.dtype,
                          name=tensor.layer.name)
    return _map(spec, inputs)


def _map(fn: Any, structure: Any) -> Any:
    return pack_sequence_as(structure, [fn(leaf) for leaf in flatten(structure)])


class GraphOrder:
    """The nodes between a model's inputs and outputs, in an order that runs each after its
    inputs' makers (`nodes`), and the layers in Keras's `model.layers` order (by decreasing
    depth from the outputs; ties in the order a walk from the outputs first meets them)."""

    def __init__(self, nodes: list[Node], layers: list[Any]):
        self.nodes = nodes
        self.layers = layers


def graph_order(inputs: Any, outputs: Any) -> GraphOrder:
    """Keras 3's `map_graph` over the calls from `inputs` to `outputs`.

    Raises:
        ValueError: an output depends on an `Input` that is not among `inputs`.
    """
    input_ids = {id(t) for t in flatten(inputs)}
    finished: list[Node] = []  # post-order: each node after the nodes it takes inputs from
    finished_ids: set[int] = set()
    layer_index: dict[int, int] = {}

    def visit(tensor: KerasTensor) -> None:
        node = tensor.node
        assert node is not None  # an Input's tensor has its input layer's node
        if id(node) in finished_ids:
            return
        layer_index.setdefault(id(node.layer), len(layer_index))
        if node.is_input and id(tensor) not in input_ids:
            raise ValueError(f"The model's outputs depend on an Input ({tensor!r}) that is "
                             f"not among its inputs.")
        for source in node.input_tensors:
            visit(source)
        finished_ids.add(id(node))
        finished.append(node)

    for tensor in flatten(outputs):
        visit(tensor)
    node_depth: dict[int, int] = {}
    layer_depth: dict[int, int] = {}
    layers: dict[int, Any] = {}
    for node in reversed(finished):
        depth = max(node_depth.setdefault(id(node), 0), layer_depth.get(id(node.layer), 0))
        layer_depth[id(node.layer)] = node_depth[id(node)] = depth
        layers[id(node.layer)] = node.layer
        for source in node.input_tensors:
            parent = source.node
            node_depth[id(parent)] = max(depth + 1, node_depth.get(id(parent), 0))
    for tensor in flatten(inputs):  # an input no output needs is listed still
        if id(tensor.layer) not in layer_depth:
            layer_depth[id(tensor.layer)] = 0
            layer_index[id(tensor.layer)] = -1
            layers[id(tensor.layer)] = tensor.layer
    by_depth: dict[int, list[Any]] = collections.defaultdict(list)
    for key, depth in layer_depth.items():
        by_depth[depth].append(key)
    ordered = [layers[key] for depth in sorted(by_depth, reverse=True)
               for key in sorted(by_depth[depth], key=lambda k: layer_index[k])]
    return GraphOrder([n for n in finished if not n.is_input], ordered)


def run_graph(inputs: Any, outputs: Any, order: GraphOrder, values: Any, training: Any) -> Any:
    """The values `outputs` stand for when `inputs` are `values` (the same structure)."""
    computed: dict[int, Any] = {id(t): v for t, v in zip(flatten(inputs), flatten(values))}

    def value(leaf: Any) -> Any:
        return computed[id(leaf)] if isinstance(leaf, KerasTensor) else leaf

    for node in order.nodes:
        first, *rest = (_map(value, a) for a in node.args)
        kwargs = {k: _map(value, v) for k, v in node.kwargs.items()}
        if training is not None or "training" not in kwargs:  # as Keras: the model's call
            kwargs["training"] = training  # decides, unless it leaves it to the recorded one
        result = node.layer(first, *rest, **kwargs)
        for tensor, produced in zip(node.outputs, flatten(result)):
            computed[id(tensor)] = produced
    return _map(value, outputs)
