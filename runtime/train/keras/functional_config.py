"""A functional model's config, as Keras 3 writes it, and the model made again from one.

Keras 3 lists each layer once, with the calls that made its outputs (`inbound_nodes`); a call's
input is named by `keras_history`: the layer that made it, which of that layer's calls, which
output. Our functional models are chains (one input, one output, each layer taking one
tensor), so a config with several inputs or outputs, or a layer called on several tensors, is
refused with one error.
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.train.keras.functional import KerasTensor, layers_of
from autograph.runtime.train.keras.serialization import deserialize, serialize

__all__ = ["functional_config", "functional_model_parts"]


def _history(chain: list[tuple[Any, KerasTensor]]) -> dict[int, list]:
    """Each tensor's `keras_history`: [layer name, call index of that layer, 0]."""
    calls: dict[int, int] = {}
    history = {}
    for layer, tensor in chain:
        index = calls.get(id(layer), 0)
        calls[id(layer)] = index + 1
        history[id(tensor)] = [layer.name, index, 0]
    return history


def functional_config(model: Any) -> dict:
    """Keras 3's config of a functional model: name, trainable, layers (each with its
    `inbound_nodes`), input_layers and output_layers."""
    start, end = model._graph_ends
    chain = layers_of(start, end)
    history = _history(chain)
    entries: dict[int, dict] = {}
    for layer, tensor in chain:
        entry = entries.get(id(layer))
        if entry is None:
            entry = entries[id(layer)] = {**serialize(layer), "name": layer.name,
                                          "inbound_nodes": []}
        if tensor.inbound is not None:
            source = tensor.inbound
            entry["inbound_nodes"].append({"args": [{
                "class_name": "__keras_tensor__",
                "config": {"shape": source.shape.as_list(), "dtype": source.dtype.name,
                           "keras_history": history[id(source)]}}], "kwargs": {}})
    return {"name": model.name, "trainable": model.trainable, "layers": list(entries.values()),
            "input_layers": history[id(start)], "output_layers": history[id(end)]}


def _one_endpoint(value: Any, what: str) -> tuple:
    if isinstance(value, list) and len(value) == 1 and isinstance(value[0], list):
        value = value[0]
    if not (isinstance(value, list) and len(value) == 3 and isinstance(value[0], str)):
        raise ValueError(f"Cannot load a functional model with {what} {value!r}: only models "
                         f"with one input and one output can be loaded.")
    return tuple(value)


def _node_input(node: Any, layer_name: str) -> tuple:
    """The `keras_history` of the one tensor a recorded call took (a recorded `training`
    flag is left to the model's call, which passes its own)."""
    args = node.get("args") if isinstance(node, dict) else None
    kwargs = node.get("kwargs") or {} if isinstance(node, dict) else {}
    if (not isinstance(args, list) or len(args) != 1 or not isinstance(args[0], dict)
            or args[0].get("class_name") != "__keras_tensor__"
            or any(value is not None for key, value in kwargs.items() if key != "training")):
        raise ValueError(f"Cannot load the call of layer {layer_name!r} recorded as {node!r}: "
                         f"only layers called on one tensor can be loaded.")
    return tuple(args[0]["config"]["keras_history"])


def functional_model_parts(config: dict) -> tuple[Any, Any]:
    """The input (an `InputLayer`) and the output (a `KerasTensor`) of the model a functional
    config describes, its layers made and called again in the recorded order.

    Raises:
        ValueError: a model we cannot make (several inputs or outputs, a layer on several
            tensors, a call whose input never appears).
    """
    tensors: dict[tuple, Any] = {}
    inputs: dict[tuple, Any] = {}
    pending: list[tuple[Any, int, dict]] = []
    for entry in config["layers"]:
        layer = deserialize(entry)  # its name and inbound_nodes are not read there
        nodes = entry.get("inbound_nodes") or []
        if hasattr(layer, "keras_tensor") and not nodes:  # an InputLayer
            key = (entry.get("name", layer.name), 0, 0)
            tensors[key], inputs[key] = layer.keras_tensor, layer
        pending.extend((layer, index, node) for index, node in enumerate(nodes))
    # A layer's calls are listed under the layer, so replay them as their inputs appear.
    while pending:
        waiting = []
        for layer, index, node in pending:
            source = _node_input(node, layer.name)
            if source in tensors:
                tensors[(layer.name, index, 0)] = layer(tensors[source])
            else:
                waiting.append((layer, index, node))
        if len(waiting) == len(pending):
            missing = _node_input(waiting[0][2], waiting[0][0].name)
            raise ValueError(f"Cannot load the functional model: layer "
                             f"{waiting[0][0].name!r} is called on {list(missing)}, which no "
                             f"layer of the config makes.")
        pending = waiting
    start = _one_endpoint(config["input_layers"], "inputs")
    end = _one_endpoint(config["output_layers"], "outputs")
    if start not in inputs or end not in tensors:
        raise ValueError(f"Cannot load the functional model: its input {list(start)} or "
                         f"output {list(end)} is not among its layers' outputs.")
    return inputs[start], tensors[end]
