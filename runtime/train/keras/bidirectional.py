"""Keras 3's `Bidirectional` wrapper: a recurrent layer run forwards and a copy of it run
backwards over the same sequences, their outputs merged.

The forward layer is a copy of the given one named `forward_<name>`; the backward one is
`backward_layer`, or another copy with `go_backwards=True` named `backward_<name>`. With
`return_sequences`, the backward outputs are flipped back into time order and masked steps
give zeros (Keras sets `zero_output_for_mask` on both). The weights are the forward layer's,
then the backward layer's, as in Keras.

>>> from autograph.runtime.train.keras.recurrent import GRU
>>> Bidirectional(GRU(2), merge_mode="concat")([[[1.0], [2.0], [3.0]]]).shape
TensorShape([1, 4])
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.ops.array import ops as array_ops
from autograph.runtime.state.variables import Variable
from autograph.runtime.train.keras.base_layer import Layer
from autograph.runtime.train.keras.serialization import (
    deserialize,
    deserialize_dtype,
    keras_class,
    serialize,
)

__all__ = ["Bidirectional"]

_MERGE_MODES = ("sum", "mul", "ave", "concat", None)


def _renamed_copy(layer: Layer, prefix: str, **changes: Any) -> Any:
    """A new layer of `layer`'s config (not its weights) named `prefix + name`, built if
    `layer` is (as Keras copies it)."""
    serialized = serialize(layer)
    config = dict(serialized["config"])
    name = config["name"]
    config["name"] = prefix + (name[len(prefix):] if name.startswith(prefix) else name)
    config.update(changes)
    return deserialize({**serialized, "config": config})


@keras_class("keras.layers")
class Bidirectional(Layer):
    """Runs `layer` forwards and backwards and merges the two outputs.

    Args:
        layer: a recurrent layer (`LSTM`, `GRU`, `SimpleRNN`, `RNN`).
        merge_mode: "concat" (default), "sum", "mul", "ave", or None (a list of both).
        backward_layer: the layer to run backwards (`go_backwards` must differ from
            `layer`'s); default: a copy of `layer` with `go_backwards=True`.
        weights: must be None (set them with `set_weights` once built).

    Call arguments: `sequences`; `initial_state` (the forward layer's states, then the
    backward layer's); `mask`; `training`.
    """

    def __init__(self, layer: Any, merge_mode: str | None = "concat", weights: Any = None,
                 backward_layer: Any = None, **kwargs: Any):
        if not isinstance(layer, Layer):
            raise ValueError(f"Please initialize `Bidirectional` layer with a "
                             f"`keras.layers.Layer` instance. Received: {layer}")
        if backward_layer is not None and not isinstance(backward_layer, Layer):
            raise ValueError(f"`backward_layer` need to be a `keras.layers.Layer` instance. "
                             f"Received: {backward_layer}")
        if merge_mode not in _MERGE_MODES:
            raise ValueError(f"Invalid merge mode. Received: {merge_mode}. Merge mode should "
                             f"be one of {{\"sum\", \"mul\", \"ave\", \"concat\", None}}")
        if weights is not None:
            raise ValueError("Bidirectional: weights is not supported; call set_weights once "
                             "the layer is built.")
        super().__init__(**kwargs)
        self.forward_layer: Any = _renamed_copy(layer, "forward_")
        self.backward_layer: Any = (backward_layer if backward_layer is not None else
                               _renamed_copy(layer, "backward_", go_backwards=True))
        self._check_pair()
        sublayers: list[Any] = [self.forward_layer, self.backward_layer]
        for sub in sublayers:
            if hasattr(sub, "zero_output_for_mask"):  # Keras forces it so
                sub.zero_output_for_mask = sub.return_sequences
        self.merge_mode = merge_mode
        self.stateful = self.forward_layer.stateful
        self.return_sequences = self.forward_layer.return_sequences
        self.return_state = self.forward_layer.return_state
        self.supports_masking = True

    def _check_pair(self) -> None:
        forward, backward = self.forward_layer, self.backward_layer
        if forward.go_backwards == backward.go_backwards:
            raise ValueError(f"Forward layer and backward layer should have different "
                             f"`go_backwards` value. Received: forward_layer.go_backwards "
                             f"{forward.go_backwards}, backward_layer.go_backwards="
                             f"{backward.go_backwards}")
        for attribute in ("stateful", "return_sequences", "return_state"):
            ours, theirs = getattr(forward, attribute), getattr(backward, attribute)
            if ours != theirs:
                raise ValueError(f"Forward layer and backward layer are expected to have the "
                                 f"same value for attribute \"{attribute}\", got \"{ours}\" for "
                                 f"forward layer and \"{theirs}\" for backward layer")

    @property
    def weights(self) -> list[Variable]:
        """The forward layer's weights, then the backward layer's (Keras's order)."""
        return self.forward_layer.weights + self.backward_layer.weights

    def build(self, sequences_shape: Any, initial_state_shape: Any = None) -> None:
        for layer in (self.forward_layer, self.backward_layer):
            layer._maybe_build(sequences_shape)
        self.built = True

    def call(self, sequences: Tensor, initial_state: Any = None,  # type: ignore[override]
             mask: Any = None, training: bool | None = None) -> Any:
        forward_state = backward_state = None
        if initial_state is not None:
            half = len(initial_state) // 2
            forward_state, backward_state = initial_state[:half], initial_state[half:]
        y = self.forward_layer(sequences, initial_state=forward_state, mask=mask,
                               training=training)
        y_rev = self.backward_layer(sequences, initial_state=backward_state, mask=mask,
                                    training=training)
        if self.return_state:
            states = tuple(y[1:]) + tuple(y_rev[1:])
            y, y_rev = y[0], y_rev[0]
        if self.return_sequences:
            y_rev = array_ops.reverse(y_rev, [1])
        output: Any
        if self.merge_mode == "concat":
            output = array_ops.concat([y, y_rev], -1)
        elif self.merge_mode == "sum":
            output = y + y_rev
        elif self.merge_mode == "ave":
            output = (y + y_rev) / 2
        elif self.merge_mode == "mul":
            output = y * y_rev
        else:
            output = (y, y_rev)
        if self.return_state:
            return (*output, *states) if self.merge_mode is None else (output, *states)
        return output

    def compute_mask(self, inputs: Any, mask: Any = None) -> Any:
        """The inputs' mask for the output(s) with `return_sequences`, else None. As Keras 3,
        the states get no mask entry: a layer's masks go to its outputs in order, so with
        `return_state` the states are left unmasked."""
        if isinstance(mask, (list, tuple)):
            mask = mask[0] if mask else None
        kept = mask if self.return_sequences else None
        return (kept, kept) if self.merge_mode is None else kept

    def compute_output_shape(self, sequences_shape: Any, initial_state_shape: Any = None) -> Any:
        shape = self.forward_layer.compute_output_shape(sequences_shape)
        states: list = []
        if self.return_state:
            shape, states = shape[0], list(shape[1:])
        dims = TensorShape(shape).as_list()
        if self.merge_mode == "concat":
            dims[-1] = None if dims[-1] is None else dims[-1] * 2
        output = ([TensorShape(dims)] * 2 if self.merge_mode is None else [TensorShape(dims)])
        if self.return_state or self.merge_mode is None:
            return tuple(output + states * 2)
        return output[0]

    def get_config(self) -> dict:
        return {**super().get_config(), "merge_mode": self.merge_mode,
                "layer": serialize(self.forward_layer),
                "backward_layer": serialize(self.backward_layer)}

    @classmethod
    def from_config(cls, config: dict) -> Layer:
        config = dict(config)
        config["layer"] = deserialize(config["layer"])
        backward = config.pop("backward_layer", None)
        if backward is not None:
            config["backward_layer"] = deserialize(backward)
        if "dtype" in config:
            config["dtype"] = deserialize_dtype(config["dtype"])
        return cls(**config)
