"""A functional model's config, as Keras 3 writes it, and the model made again from one.

Keras 3 lists each layer once, in `model.layers` order, with the calls that made its outputs
(`inbound_nodes`: each call's arguments, `{"args": [...], "kwargs": {...}}`); a tensor among
them is named by its `keras_history`: the layer that made it, which of that layer's calls in
this model, which output. `input_layers` and `output_layers` name the model's inputs and
outputs the same way: one entry for one tensor, else a list (or dict) of them.
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.graph.func_graph import flatten, pack_sequence_as
from autograph.runtime.train.keras.functional import KerasTensor
from autograph.runtime.train.keras.serialization import deserialize, serialize

__all__ = ["functional_config", "functional_model_parts"]


def functional_config(model: Any) -> dict:
    """Keras 3's config of a functional model: name, trainable, layers (each with its
    `inbound_nodes`), input_layers and output_layers."""
    start, end = model._graph_ends
    order = model._graph_order
    own = {id(node) for node in order.nodes} | {id(t.node) for t in flatten(start)}

    def renumbered(node: Any) -> int:  # the call's index among the layer's calls here
        return sum(1 for n in node.layer._inbound_nodes[:node.index] if id(n) in own)

    def history(tensor: KerasTensor) -> list:
        return [tensor.layer.name, renumbered(tensor.node), tensor.index]

    def argument(value: Any) -> Any:
        if isinstance(value, KerasTensor):
            return {"class_name": "__keras_tensor__",
                    "config": {"shape": value.shape.as_list(), "dtype": value.dtype.name,
                               "keras_history": history(value)}}
        if isinstance(value, (list, tuple)):
            return [argument(v) for v in value]
        if isinstance(value, dict):
            return {k: argument(v) for k, v in value.items()}
        return value

    layers = []
    for layer in order.layers:
        nodes = [n for n in layer.__dict__.get("_inbound_nodes", [])
                 if id(n) in own and not n.is_input]
        layers.append({**serialize(layer), "name": layer.name, "inbound_nodes": [
            {"args": argument(list(node.args)), "kwargs": argument(node.kwargs)}
            for node in nodes]})

    def endpoints(structure: Any) -> Any:
        if isinstance(structure, KerasTensor):
            return history(structure)
        return pack_sequence_as(structure, [history(t) for t in flatten(structure)])

    return {"name": model.name, "trainable": model.trainable, "layers": layers,
            "input_layers": endpoints(start), "output_layers": endpoints(end)}


def _is_history(value: Any) -> bool:
    return (isinstance(value, list) and len(value) == 3 and isinstance(value[0], str)
            and all(isinstance(v, int) for v in value[1:]))


def _endpoints(value: Any, what: str, tensors: dict[tuple, Any]) -> Any:
    """The KerasTensors `input_layers` or `output_layers` name, in their structure."""
    if _is_history(value):
        key = tuple(value)
        if key not in tensors:
            raise ValueError(f"Cannot load the functional model: its {what} {value} is not "
                             f"among its layers' outputs.")
        return tensors[key]
    if isinstance(value, list) and value and all(isinstance(v, (list, dict)) for v in value):
        return [_endpoints(v, what, tensors) for v in value]
    if isinstance(value, dict) and value:
        return {k: _endpoints(v, what, tensors) for k, v in value.items()}
    raise ValueError(f"Cannot load a functional model with {what} {value!r}: expected "
                     f"[layer name, call index, output index] entries.")


def _arguments(value: Any, layer_name: str, tensors: dict[tuple, Any]) -> Any:
    """A recorded call's arguments with each `__keras_tensor__` replaced by its tensor;
    raises `KeyError` with the history of a tensor not made yet."""
    if isinstance(value, dict) and value.get("class_name") == "__keras_tensor__":
        config = value.get("config")
        history = config.get("keras_history") if isinstance(config, dict) else None
        if not _is_history(history):
            raise ValueError(f"Cannot load the call of layer {layer_name!r}: a tensor "
                             f"argument without a valid keras_history: {value!r}.")
        key = tuple(history)  # type: ignore[arg-type]
        if key not in tensors:
            raise KeyError(key)
        return tensors[key]
    if isinstance(value, list):
        return [_arguments(v, layer_name, tensors) for v in value]
    if isinstance(value, dict):
        return {k: _arguments(v, layer_name, tensors) for k, v in value.items()}
    return value


def _recorded_arguments(layer: Any, node: Any, tensors: dict[tuple, Any]) -> tuple:
    """The (args, kwargs) of one recorded call of `layer` (KeyError: an input not made
    yet)."""
    if not isinstance(node, dict) or not isinstance(node.get("args"), list) or not node["args"]:
        raise ValueError(f"Cannot load the call of layer {layer.name!r} recorded as {node!r}: "
                         f"a call records its arguments as {{'args': [...], 'kwargs': {{}}}}.")
    args = _arguments(node["args"], layer.name, tensors)
    kwargs = node.get("kwargs") or {}
    # Keras writes `mask: None` for layers that take no mask
    kwargs = {k: _arguments(v, layer.name, tensors) for k, v in kwargs.items()
              if not (k == "mask" and v is None)}
    return args, kwargs


def functional_model_parts(config: dict) -> tuple[Any, Any]:
    """The inputs and outputs (KerasTensors, in their recorded structures) of the model a
    functional config describes, its layers made and called again in the recorded order.

    Raises:
        ValueError: a config we cannot make (a call whose input never appears, an input or
            output that no layer makes).
    """
    tensors: dict[tuple, Any] = {}
    pending: list[tuple[Any, int, dict]] = []
    for entry in config["layers"]:
        layer = deserialize(entry)  # its name and inbound_nodes are not read there
        nodes = entry.get("inbound_nodes") or []
        if hasattr(layer, "keras_tensor") and not nodes:  # an InputLayer
            tensors[(layer.name, 0, 0)] = layer.keras_tensor
        pending.extend((layer, index, node) for index, node in enumerate(nodes))
    # A layer's calls are listed under the layer, so replay them as their inputs appear.
    while pending:
        waiting = []
        for layer, index, node in pending:
            try:
                args, kwargs = _recorded_arguments(layer, node, tensors)
            except KeyError:
                waiting.append((layer, index, node))
                continue
            try:
                outputs = layer(*args, **kwargs)
            except (TypeError, ValueError) as error:
                raise ValueError(f"Cannot load the functional model: layer {layer.name!r} "
                                 f"cannot be called as recorded ({node!r}): {error}") from None
            for position, tensor in enumerate(flatten(outputs)):
                tensors[(layer.name, index, position)] = tensor
        if len(waiting) == len(pending):
            layer, _, node = waiting[0]
            missing = next(k for k in _histories(node) if k not in tensors)
            raise ValueError(f"Cannot load the functional model: layer {layer.name!r} is "
                             f"called on {list(missing)}, which no layer of the config "
                             f"makes.")
        pending = waiting
    return (_endpoints(config["input_layers"], "input", tensors),
            _endpoints(config["output_layers"], "output", tensors))


def _histories(value: Any) -> list[tuple]:
    if isinstance(value, dict) and value.get("class_name") == "__keras_tensor__":
        return [tuple(value["config"]["keras_history"])]
    if isinstance(value, dict):
        return [h for v in value.values() for h in _histories(v)]
    if isinstance(value, list):
        return [h for v in value for h in _histories(v)]
    return []
