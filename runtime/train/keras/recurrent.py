"""Keras 3's recurrent layers: `RNN(cell)`, `SimpleRNN`, `LSTM`, `GRU`.

The layer moves the inputs' time axis first, projects every time step's inputs through the
cell's kernel at once (one matrix product, as Keras's cuDNN path does), and runs the cell's
recurrent step in `rnn_loop.time_loop`: a Python `for` over the time steps that AutoGraph
makes one `While` op in a traced function. A mask (given, or attached by
`Embedding(mask_zero=True)`) keeps the previous states at masked steps, and the previous
output there (zeros with `zero_output_for_mask`, which `Bidirectional` sets), as Keras's
TensorFlow backend does. `go_backwards` runs the steps last to first and returns the outputs
in that order.

Departures from Keras, each refused or stated: `stateful=True` is refused; `unroll=True` runs
the same loop (the values are the same; a `While` op costs less to trace than 50 copies of a
step); `use_cudnn=True` is refused (there is no cuDNN path; "auto" and False run the loop).

>>> layer = LSTM(3, return_sequences=True, return_state=True)
>>> outputs, h, c = layer([[[1.0], [2.0]]])
>>> outputs.shape, h.shape, c.shape
(TensorShape([1, 2, 3]), TensorShape([1, 3]), TensorShape([1, 3]))
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.core import dtypes
from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.func_graph import flatten
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array import ops as array_ops
from autograph.runtime.ops.array.gathering import where
from autograph.runtime.ops.creation import ops as creation_ops
from autograph.runtime.ops.list.tensor_array import TensorArray
from autograph.runtime.train.keras.base_layer import Layer
from autograph.runtime.train.keras.layer_args import check_rank
from autograph.runtime.train.keras.rnn_cells import GRUCell, LSTMCell, RecurrentCell, SimpleRNNCell
from autograph.runtime.train.keras.rnn_loop import run_time_loop
from autograph.runtime.train.keras.serialization import (
    deserialize,
    deserialize_dtype,
    deserialize_initializer,
    get_activation,
    init_kwargs,
    keras_class,
    refuse_options,
    serialize,
)

__all__ = ["RNN", "SimpleRNN", "LSTM", "GRU"]


@keras_class("keras.layers")
class RNN(Layer):
    """Runs `cell` over the time steps of `[batch, time, features]` inputs.

    Args:
        cell: a cell: `SimpleRNNCell`, `LSTMCell`, `GRUCell`, or a layer of the user's with
            `state_size` and `call(inputs, states) -> (output, new_states)`.
        return_sequences: return every step's output (`[batch, time, units]`), not the last.
        return_state: also return the last states (`output, *states`).
        go_backwards: run the steps last to first (the outputs come in that order).
        stateful: must be False (carrying states between batches is not supported).
        unroll: accepted; the steps run in the same loop either way.
        zero_output_for_mask: the output at a masked step is zeros, not the previous one.

    Call arguments: `sequences`, `initial_state` (a list of tensors, one per state),
    `mask` (`[batch, time]` booleans), `training`.
    """

    def __init__(self, cell: Any, return_sequences: bool = False, return_state: bool = False,
                 go_backwards: bool = False, stateful: bool = False, unroll: bool = False,
                 zero_output_for_mask: bool = False, **kwargs: Any):
        refuse_options(type(self).__name__,
                       activity_regularizer=kwargs.pop("activity_regularizer", None))
        super().__init__(**kwargs)
        if not hasattr(cell, "call"):
            raise ValueError(f"Argument `cell` should have a `call` method. Received: "
                             f"cell={cell}")
        if getattr(cell, "state_size", None) is None:
            raise ValueError(f"The RNN cell should have a `state_size` attribute (single "
                             f"integer or list of integers, one integer per RNN state). "
                             f"Received: cell={cell}")
        if stateful:
            raise ValueError(f"{type(self).__name__}: stateful=True is not supported (states "
                             f"carried from one batch to the next). Pass initial_state= and "
                             f"keep the states that return_state=True returns instead.")
        self.cell = cell
        self.return_sequences = return_sequences
        self.return_state = return_state
        self.go_backwards = go_backwards
        self.stateful = stateful
        self.unroll = unroll
        self.zero_output_for_mask = zero_output_for_mask
        self.supports_masking = True
        sizes = cell.state_size
        self.state_size = list(sizes) if isinstance(sizes, (list, tuple)) else [sizes]

    def build(self, sequences_shape: Any, initial_state_shape: Any = None) -> None:
        shape = TensorShape(sequences_shape)
        if isinstance(self.cell, Layer):
            self.cell._maybe_build(TensorShape([shape[0], *shape[2:]]))
        self.built = True

    def get_initial_state(self, batch_size: Any) -> list[Tensor]:
        """Zeros for each state: `[batch_size, size]`."""
        return [_zeros(batch_size, size, self.dtype) for size in self.state_size]

    def call(self, sequences: Tensor, initial_state: Any = None,  # type: ignore[override]
             mask: Any = None, training: bool | None = None) -> Any:
        inputs = array_ops.transpose(sequences, [1, 0, *range(2, sequences.shape.rank or 3)])
        states = self._initial_states(initial_state, array_ops.shape(sequences)[0])
        project, cell_step = self._cell_functions(inputs, states, training)
        steps = array_ops.shape(inputs)[0]
        projected = project(inputs)
        if mask is not None:
            mask = flatten(mask)[0] if isinstance(mask, (list, tuple)) else mask
            mask = convert_to_tensor(mask)
            if mask.dtype != dtypes.bool_:
                mask = creation_ops.cast(mask, dtypes.bool_)
            mask = array_ops.expand_dims(array_ops.transpose(mask, [1, 0]), -1)
        if self.go_backwards:
            projected = array_ops.reverse(projected, [0])
            mask = None if mask is None else array_ops.reverse(mask, [0])
        step = self._step(cell_step, projected, steps, mask)
        output_size = getattr(self.cell, "output_size", None) or self.state_size[0]
        first = _zeros(array_ops.shape(sequences)[0], output_size, self.dtype)
        last, outputs, states = run_time_loop(step, steps, first, states,
                                              self.return_sequences)
        output = last
        if outputs is not None:  # [time, batch, size], as the first output is [batch, size]
            output = array_ops.transpose(outputs, [1, 0, 2])
        return (output, *states) if self.return_state else output

    def _initial_states(self, initial_state: Any, batch: Tensor) -> list[Tensor]:
        if initial_state is None:
            return self.get_initial_state(batch)
        given = list(initial_state) if isinstance(initial_state, (list, tuple)) else [
            initial_state]
        if len(given) != len(self.state_size):
            raise ValueError(f"Layer {self.name!r} has {len(self.state_size)} state(s) "
                             f"(sizes {self.state_size}), but initial_state has "
                             f"{len(given)}.")
        states = [convert_to_tensor(s) for s in given]
        return [s if s.dtype == self.dtype else creation_ops.cast(s, self.dtype)
                for s in states]

    def _cell_functions(self, inputs: Tensor, states: list, training: Any) -> tuple:
        """`(project, step)` of the cell: ours split the kernel product out of the loop; a
        user's cell runs whole at each step."""
        if isinstance(self.cell, RecurrentCell):
            return self.cell.functions(*self.cell.dropout_masks(inputs[0], states[0],
                                                                training))
        cell = self.cell

        def step(x: Tensor, states: list) -> tuple[Tensor, list]:
            output, new_states = cell(x, states, training=training)
            return output, (list(new_states) if isinstance(new_states, (list, tuple))
                            else [new_states])
        return (lambda x: x), step

    def _step(self, cell_step: Any, projected: Tensor, steps: Tensor, mask: Any) -> Any:
        """The loop's step: the cell on step `t`'s inputs; at masked steps the previous
        states, and the previous output (or zeros)."""
        inputs = TensorArray(projected.dtype, size=steps).unstack(projected)
        if mask is None:
            return lambda t, output, states: cell_step(inputs.read(t), states)
        masks = TensorArray(dtypes.bool_, size=steps).unstack(mask)
        zero_output = self.zero_output_for_mask

        def step(t: Tensor, output: Tensor, states: list) -> tuple[Tensor, list]:
            new_output, new_states = cell_step(inputs.read(t), states)
            keep = masks.read(t)
            kept = creation_ops.zeros_like(new_output) if zero_output else output
            return where(keep, new_output, kept), [where(keep, new, old) for new, old in
                                                   zip(new_states, states)]
        return step

    def compute_mask(self, inputs: Any, mask: Any = None) -> Any:
        """The inputs' mask with `return_sequences`, else None; None for each state."""
        if isinstance(mask, (list, tuple)):
            mask = mask[0] if mask else None
        output_mask = mask if self.return_sequences else None
        if self.return_state:
            return [output_mask] + [None] * len(self.state_size)
        return output_mask

    def compute_output_shape(self, sequences_shape: Any, initial_state_shape: Any = None) -> Any:
        shape = TensorShape(sequences_shape)
        units = getattr(self.cell, "output_size", None) or self.state_size[0]
        output = TensorShape([shape[0], shape[1], units] if self.return_sequences
                             else [shape[0], units])
        if self.return_state:
            return (output, *(TensorShape([shape[0], s]) for s in self.state_size))
        return output

    def _flags(self) -> dict:
        return {"return_sequences": self.return_sequences, "return_state": self.return_state,
                "go_backwards": self.go_backwards, "stateful": self.stateful,
                "unroll": self.unroll, "zero_output_for_mask": self.zero_output_for_mask}

    def get_config(self) -> dict:
        return {**super().get_config(), **self._flags(), "cell": serialize(self.cell)}

    @classmethod
    def from_config(cls, config: dict) -> Layer:
        config = _read_config(config)
        cell = deserialize(config.pop("cell"))
        return cls(cell, **config)


def _zeros(batch: Any, size: int, dtype: Any) -> Tensor:
    """`[batch, size]` zeros whose static shape is `[None, size]` in a graph, which a loop
    variable keeps (and its gradient in the backward loop)."""
    zeros = creation_ops.zeros(array_ops.stack([batch, size]), dtype)
    return array_ops.reshape(zeros, [-1, size])


def _read_config(config: dict) -> dict:
    """A config's dtype, initializers and activations read back from their serialized forms."""
    config = dict(config)
    for key, value in config.items():
        if key == "dtype":
            config[key] = deserialize_dtype(value)
        elif key.endswith("_initializer"):
            config[key] = deserialize_initializer(value)
        elif key in ("activation", "recurrent_activation") and value is not None:
            config[key] = get_activation(value)
    return config


class _KerasRNN(RNN):
    """`SimpleRNN`, `LSTM` and `GRU`: an `RNN` of their own cell, configured as one layer (the
    cell's arguments sit in the layer's config, and the cell is named `<layer>_cell`)."""

    cell_class: type[RecurrentCell]

    def __init__(self, units: int, *, return_sequences: bool, return_state: bool,
                 go_backwards: bool, stateful: bool, unroll: bool, use_cudnn: Any = "auto",
                 activity_regularizer: Any = None, zero_output_for_mask: bool = False,
                 cell_kwargs: dict, **kwargs: Any):
        name = type(self).__name__
        refuse_options(name, activity_regularizer=activity_regularizer)
        if use_cudnn not in ("auto", True, False):
            raise ValueError(f"Invalid valid received for argument `use_cudnn`. Expected one "
                             f"of {{'auto', True, False}}. Received: use_cudnn={use_cudnn}")
        if use_cudnn is True:
            raise ValueError(f"{name}: use_cudnn=True asks for cuDNN, which is not available "
                             f"here; pass use_cudnn='auto' (the default) or False.")
        cell = self.cell_class(units, dtype=kwargs.get("dtype"),
                               trainable=kwargs.get("trainable", True),
                               name=_snake(name) + "_cell", **cell_kwargs)
        super().__init__(cell, return_sequences=return_sequences, return_state=return_state,
                         go_backwards=go_backwards, stateful=stateful, unroll=unroll,
                         zero_output_for_mask=zero_output_for_mask, **kwargs)
        self.use_cudnn = use_cudnn

    def call(self, sequences: Tensor, initial_state: Any = None,  # type: ignore[override]
             mask: Any = None, training: bool | None = None) -> Any:
        check_rank(self, sequences.shape, 3)  # Keras's InputSpec(ndim=3)
        return super().call(sequences, initial_state, mask, training)

    def __getattr__(self, name: str) -> Any:
        # Keras's layer properties read through to the cell: `units`, `activation`, ...
        if name in _CELL_ATTRIBUTES and "cell" in self.__dict__:
            return getattr(self.__dict__["cell"], name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def get_config(self) -> dict:
        cell = self.cell.get_config()
        for key in ("name", "trainable", "dtype"):
            cell.pop(key)
        return {**Layer.get_config(self), **self._flags(), **cell,
                "activity_regularizer": None}

    @classmethod
    def from_config(cls, config: dict) -> Layer:
        return cls(**init_kwargs(cls, _read_config(config)))


_CELL_ATTRIBUTES = frozenset({  # Keras 3.15's (neither `seed` nor `implementation`)
    "units", "activation", "recurrent_activation", "use_bias", "kernel_initializer",
    "recurrent_initializer", "bias_initializer", "dropout", "recurrent_dropout",
    "unit_forget_bias", "reset_after"})


def _snake(name: str) -> str:
    return {"SimpleRNN": "simple_rnn", "LSTM": "lstm", "GRU": "gru"}[name]


def _cell_kwargs(local: dict, *names: str) -> dict:
    return {name: local[name] for name in names}


_COMMON = ("activation", "use_bias", "kernel_initializer", "recurrent_initializer",
           "bias_initializer", "kernel_regularizer", "recurrent_regularizer", "bias_regularizer",
           "kernel_constraint", "recurrent_constraint", "bias_constraint", "dropout",
           "recurrent_dropout", "seed")


@keras_class("keras.layers")
class SimpleRNN(_KerasRNN):
    """A fully connected recurrent layer: `h = activation(x @ kernel + h @ recurrent_kernel
    + bias)` at each step (`SimpleRNNCell`); `RNN`'s arguments, and the cell's.

    >>> SimpleRNN(4)([[[1.0, 2.0], [3.0, 4.0]]]).shape
    TensorShape([1, 4])
    """

    cell_class = SimpleRNNCell

    def __init__(self, units: int, activation: Any = "tanh", use_bias: bool = True,
                 kernel_initializer: Any = "glorot_uniform",
                 recurrent_initializer: Any = "orthogonal", bias_initializer: Any = "zeros",
                 kernel_regularizer: Any = None, recurrent_regularizer: Any = None,
                 bias_regularizer: Any = None, activity_regularizer: Any = None,
                 kernel_constraint: Any = None, recurrent_constraint: Any = None,
                 bias_constraint: Any = None, dropout: float = 0.0,
                 recurrent_dropout: float = 0.0, return_sequences: bool = False,
                 return_state: bool = False, go_backwards: bool = False,
                 stateful: bool = False, unroll: bool = False, seed: int | None = None,
                 **kwargs: Any):
        super().__init__(units, return_sequences=return_sequences, return_state=return_state,
                         go_backwards=go_backwards, stateful=stateful, unroll=unroll,
                         activity_regularizer=activity_regularizer,
                         cell_kwargs=_cell_kwargs(locals(), *_COMMON), **kwargs)

    def get_config(self) -> dict:
        config = super().get_config()
        del config["seed"]  # Keras 3.15's SimpleRNN leaves it out
        return config


@keras_class("keras.layers")
class LSTM(_KerasRNN):
    """Long short-term memory (`LSTMCell`): states `[h, c]`; `RNN`'s arguments, and the
    cell's."""

    cell_class = LSTMCell

    def __init__(self, units: int, activation: Any = "tanh",
                 recurrent_activation: Any = "sigmoid", use_bias: bool = True,
                 kernel_initializer: Any = "glorot_uniform",
                 recurrent_initializer: Any = "orthogonal", bias_initializer: Any = "zeros",
                 unit_forget_bias: bool = True, kernel_regularizer: Any = None,
                 recurrent_regularizer: Any = None, bias_regularizer: Any = None,
                 activity_regularizer: Any = None, kernel_constraint: Any = None,
                 recurrent_constraint: Any = None, bias_constraint: Any = None,
                 dropout: float = 0.0, recurrent_dropout: float = 0.0,
                 seed: int | None = None, return_sequences: bool = False,
                 return_state: bool = False, go_backwards: bool = False,
                 stateful: bool = False, unroll: bool = False, use_cudnn: Any = "auto",
                 **kwargs: Any):
        cell_kwargs = _cell_kwargs(locals(), *_COMMON, "recurrent_activation",
                                   "unit_forget_bias")
        cell_kwargs["implementation"] = kwargs.pop("implementation", 2)
        super().__init__(units, return_sequences=return_sequences, return_state=return_state,
                         go_backwards=go_backwards, stateful=stateful, unroll=unroll,
                         use_cudnn=use_cudnn, activity_regularizer=activity_regularizer,
                         cell_kwargs=cell_kwargs, **kwargs)


@keras_class("keras.layers")
class GRU(_KerasRNN):
    """Gated recurrent unit (`GRUCell`, `reset_after=True` by default as in Keras 3);
    `RNN`'s arguments, and the cell's."""

    cell_class = GRUCell

    def __init__(self, units: int, activation: Any = "tanh",
                 recurrent_activation: Any = "sigmoid", use_bias: bool = True,
                 kernel_initializer: Any = "glorot_uniform",
                 recurrent_initializer: Any = "orthogonal", bias_initializer: Any = "zeros",
                 kernel_regularizer: Any = None, recurrent_regularizer: Any = None,
                 bias_regularizer: Any = None, activity_regularizer: Any = None,
                 kernel_constraint: Any = None, recurrent_constraint: Any = None,
                 bias_constraint: Any = None, dropout: float = 0.0,
                 recurrent_dropout: float = 0.0, seed: int | None = None,
                 return_sequences: bool = False, return_state: bool = False,
                 go_backwards: bool = False, stateful: bool = False, unroll: bool = False,
                 reset_after: bool = True, use_cudnn: Any = "auto", **kwargs: Any):
        cell_kwargs = _cell_kwargs(locals(), *_COMMON, "recurrent_activation", "reset_after")
        cell_kwargs["implementation"] = kwargs.pop("implementation", 2)
        super().__init__(units, return_sequences=return_sequences, return_state=return_state,
                         go_backwards=go_backwards, stateful=stateful, unroll=unroll,
                         use_cudnn=use_cudnn, activity_regularizer=activity_regularizer,
                         cell_kwargs=cell_kwargs, **kwargs)
