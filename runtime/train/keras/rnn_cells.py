"""Keras 3's recurrent cells: `SimpleRNNCell`, `LSTMCell`, `GRUCell`: one time step of
`SimpleRNN`, `LSTM` and `GRU`, with Keras's weights (shapes, order, gate order: LSTM i, f, c, o;
GRU z, r, h), so that `set_weights` with a Keras layer's weights gives its outputs.

A cell's step is split in two, as Keras's cuDNN path splits it: `project` multiplies the inputs
by the kernel (and adds the input bias), which `RNN` does for every time step at once before
its loop, and `step` does the rest from the previous states. `call(inputs, states)` is both.

>>> cell = LSTMCell(2, kernel_initializer="ones", recurrent_initializer="zeros")
>>> output, (h, c) = cell([[1.0]], [[[0.0, 0.0]], [[0.0, 0.0]]])
>>> output.shape, h.shape, c.shape
(TensorShape([1, 2]), TensorShape([1, 2]), TensorShape([1, 2]))
"""

from __future__ import annotations

from typing import Any, Callable

from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array import ops as array_ops
from autograph.runtime.ops.array.ops import concat, split, stack, unstack
from autograph.runtime.ops.creation import ops as creation_ops
from autograph.runtime.ops.linalg.ops import matmul
from autograph.runtime.ops.nn import ops as nn_ops
from autograph.runtime.train.keras import activations
from autograph.runtime.train.keras import initializers as keras_initializers
from autograph.runtime.train.keras.base_layer import Layer
from autograph.runtime.train.keras.serialization import (
    keras_class,
    refuse_options,
    serialize_activation,
    serialize_initializer,
)

__all__ = ["RecurrentCell", "SimpleRNNCell", "LSTMCell", "GRUCell"]

Step = Callable[[Tensor, list], tuple[Tensor, list]]


def _dot(x: Tensor, w: Any) -> Tensor:
    """`x @ w` over `x`'s last axis (x is one step `[batch, n]` or all steps `[time, batch,
    n]`, multiplied as one `[time * batch, n]` matrix: one BLAS product, where a batched
    `matmul` makes one per step)."""
    if x.shape.rank != 3:
        return matmul(x, w)
    dims = array_ops.shape(x)
    flat = matmul(array_ops.reshape(x, array_ops.stack([-1, dims[2]])), w)
    return array_ops.reshape(flat, array_ops.stack([dims[0], dims[1], -1]))


def _masked(x: Tensor, masks: list | None, i: int) -> Tensor:
    return x if masks is None else x * masks[i]  # one mask, or one per gate


class RecurrentCell(Layer):
    """What the three cells share: arguments, weights, dropout masks, `call`, configs.

    A subclass sets `gates` (how many blocks of `units` its kernels hold) and defines
    `functions(masks, recurrent_masks) -> (project, step)`.
    """

    gates = 1

    def __init__(self, units: int, activation: Any = "tanh", use_bias: bool = True,
                 kernel_initializer: Any = "glorot_uniform",
                 recurrent_initializer: Any = "orthogonal", bias_initializer: Any = "zeros",
                 kernel_regularizer: Any = None, recurrent_regularizer: Any = None,
                 bias_regularizer: Any = None, kernel_constraint: Any = None,
                 recurrent_constraint: Any = None, bias_constraint: Any = None,
                 dropout: float = 0.0, recurrent_dropout: float = 0.0,
                 seed: int | None = None, **kwargs: Any):
        self.implementation = kwargs.pop("implementation", 2)  # same values either way
        super().__init__(**kwargs)
        name = type(self).__name__
        refuse_options(name, kernel_regularizer=kernel_regularizer,
                       recurrent_regularizer=recurrent_regularizer,
                       bias_regularizer=bias_regularizer, kernel_constraint=kernel_constraint,
                       recurrent_constraint=recurrent_constraint,
                       bias_constraint=bias_constraint)
        if not isinstance(units, int) or isinstance(units, bool) or units <= 0:
            raise ValueError(f"Received an invalid value for argument `units`, expected a "
                             f"positive integer, got {units}.")
        self.units = units
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = keras_initializers.get(kernel_initializer)
        self.recurrent_initializer = keras_initializers.get(recurrent_initializer)
        self.bias_initializer = keras_initializers.get(bias_initializer)
        self.dropout = min(1.0, max(0.0, float(dropout)))
        self.recurrent_dropout = min(1.0, max(0.0, float(recurrent_dropout)))
        self.seed = seed
        self.state_size: Any = units
        self.output_size = units

    def build(self, input_shape: Any) -> None:
        width = self.units * self.gates
        self.kernel = self.add_weight("kernel", [TensorShape(input_shape)[-1], width],
                                      self.kernel_initializer)
        self.recurrent_kernel = self.add_weight("recurrent_kernel", [self.units, width],
                                                self.recurrent_initializer)
        self.bias = (self.add_weight("bias", self._bias_shape(), self._bias_init())
                     if self.use_bias else None)
        self.built = True

    def _bias_shape(self) -> list[int]:
        return [self.units * self.gates]

    def _bias_init(self) -> Any:
        return self.bias_initializer

    # Dropout: one mask per call of the layer, the same at every time step (Keras's
    # DropoutRNNCell); a mask per gate where Keras uses its implementation 1 (with
    # recurrent_dropout), which keeps the gates' masks apart.
    def dropout_masks(self, step_input: Tensor, state: Tensor,
                      training: Any) -> tuple[list | None, list | None]:
        """The dropout masks of the inputs and of the recurrent state (None when not
        training or the rate is 0)."""
        count = self.gates if self.recurrent_dropout > 0 else 1
        return (self._draw(step_input, self.dropout, count, training),
                self._draw(state, self.recurrent_dropout, count, training))

    def _draw(self, like: Tensor, rate: float, count: int, training: Any) -> list | None:
        if not training or not 0.0 < rate < 1.0:
            return None
        ones = creation_ops.ones_like(like)
        return [nn_ops.dropout(ones, rate, seed=self.seed) for _ in range(count)]

    def functions(self, masks: list | None, recurrent_masks: list | None) -> tuple[Callable, Step]:
        """`project(inputs)` (the inputs' part of the pre-activations, any leading axes) and
        `step(projected, states) -> (output, new_states)` (states a list)."""
        raise NotImplementedError

    def call(self, inputs: Tensor, states: Any,  # type: ignore[override]
             training: bool | None = None) -> tuple:
        nested = isinstance(states, (list, tuple))
        states = [convert_to_tensor(s) for s in (states if nested else [states])]
        project, step = self.functions(*self.dropout_masks(inputs, states[0], training))
        output, new_states = step(project(inputs), states)
        return output, (new_states if nested else new_states[0])

    def get_initial_state(self, batch_size: Any = None) -> list[Tensor]:
        sizes = self.state_size if isinstance(self.state_size, list) else [self.state_size]
        return [creation_ops.zeros(stack([batch_size, size]), self.dtype) for size in sizes]

    def get_config(self) -> dict:
        return {**super().get_config(), "units": self.units,
                "activation": serialize_activation(self.activation),
                "use_bias": self.use_bias,
                "kernel_initializer": serialize_initializer(self.kernel_initializer),
                "recurrent_initializer": serialize_initializer(self.recurrent_initializer),
                "bias_initializer": serialize_initializer(self.bias_initializer),
                "kernel_regularizer": None, "recurrent_regularizer": None,
                "bias_regularizer": None, "kernel_constraint": None,
                "recurrent_constraint": None, "bias_constraint": None,
                "dropout": self.dropout, "recurrent_dropout": self.recurrent_dropout,
                "seed": self.seed}


@keras_class("keras.layers")
class SimpleRNNCell(RecurrentCell):
    """`h = activation(x @ kernel + bias + h_prev @ recurrent_kernel)`; the state is `h`.

    Args:
        units, activation, use_bias, kernel_initializer, recurrent_initializer,
            bias_initializer: as Keras (tanh, glorot_uniform, orthogonal, zeros).
        dropout, recurrent_dropout: the fractions of the inputs and of the state to drop
            while training (one mask per call, the same at every step).
        seed: the seed of the dropout masks.
        *_regularizer, *_constraint: must be None.
    """

    def functions(self, masks: list | None, recurrent_masks: list | None) -> tuple[Callable, Step]:
        kernel, recurrent, bias = self.kernel, self.recurrent_kernel, self.bias

        def project(x: Tensor) -> Tensor:
            h = _dot(_masked(x, masks, 0), kernel)
            return h if bias is None else h + bias

        def step(projected: Tensor, states: list) -> tuple[Tensor, list]:
            output = self.activation(projected + matmul(_masked(states[0], recurrent_masks, 0),
                                                        recurrent))
            return output, [output]
        return project, step


@keras_class("keras.layers")
class LSTMCell(RecurrentCell):
    """Long short-term memory: gates `i, f, c, o` (Keras's order) from one kernel of
    `4 * units` columns; states `[h, c]`.

    Args:
        recurrent_activation: the gates' activation (sigmoid).
        unit_forget_bias: whether the forget gate's bias starts at 1 (Keras's default).
        Others: as `SimpleRNNCell`.
    """

    gates = 4

    def __init__(self, units: int, activation: Any = "tanh",
                 recurrent_activation: Any = "sigmoid", use_bias: bool = True,
                 kernel_initializer: Any = "glorot_uniform",
                 recurrent_initializer: Any = "orthogonal", bias_initializer: Any = "zeros",
                 unit_forget_bias: bool = True, **kwargs: Any):
        super().__init__(units, activation, use_bias, kernel_initializer,
                         recurrent_initializer, bias_initializer, **kwargs)
        self.recurrent_activation = activations.get(recurrent_activation)
        self.unit_forget_bias = unit_forget_bias
        self.state_size = [units, units]

    def _bias_init(self) -> Any:
        if not self.unit_forget_bias:
            return self.bias_initializer
        init, units = self.bias_initializer, self.units

        def forget_one(shape: Any, dtype: Any = None) -> Tensor:
            return concat([init([units], dtype), creation_ops.ones([units], dtype),
                           init([2 * units], dtype)], 0)
        return forget_one

    def functions(self, masks: list | None, recurrent_masks: list | None) -> tuple[Callable, Step]:
        kernel, recurrent, bias = self.kernel, self.recurrent_kernel, self.bias
        gate, act = self.recurrent_activation, self.activation
        if masks is not None and len(masks) > 1:  # a mask per gate
            kernels = split(kernel, 4, axis=1)

            def project(x: Tensor) -> Tensor:
                z = concat([_dot(x * m, k) for m, k in zip(masks, kernels)], -1)
                return z if bias is None else z + bias
        else:
            def project(x: Tensor) -> Tensor:
                z = _dot(_masked(x, masks, 0), kernel)
                return z if bias is None else z + bias
        recurrents = split(recurrent, 4, axis=1) if recurrent_masks is not None else None

        def step(projected: Tensor, states: list) -> tuple[Tensor, list]:
            h, c = states
            if recurrents is None:
                z = projected + matmul(h, recurrent)
            else:
                z = projected + concat([matmul(_masked(h, recurrent_masks, i), k)
                                        for i, k in enumerate(recurrents)], 1)
            z_i, z_f, z_c, z_o = split(z, 4, axis=1)
            c = gate(z_f) * c + gate(z_i) * act(z_c)
            h = gate(z_o) * act(c)
            return h, [h, c]
        return project, step

    def get_config(self) -> dict:
        return {**super().get_config(),
                "recurrent_activation": serialize_activation(self.recurrent_activation),
                "unit_forget_bias": self.unit_forget_bias}


@keras_class("keras.layers")
class GRUCell(RecurrentCell):
    """Gated recurrent unit: gates `z, r, h` (Keras's order) from one kernel of `3 * units`
    columns; `h = z * h_prev + (1 - z) * candidate`.

    Args:
        recurrent_activation: the gates' activation (sigmoid).
        reset_after: whether the reset gate multiplies the recurrent part after the matrix
            product (Keras 3's default, cuDNN's form; the bias is then `[2, 3 * units]`, an
            input bias and a recurrent one) or before it (`[3 * units]`).
        Others: as `SimpleRNNCell`.
    """

    gates = 3

    def __init__(self, units: int, activation: Any = "tanh",
                 recurrent_activation: Any = "sigmoid", use_bias: bool = True,
                 kernel_initializer: Any = "glorot_uniform",
                 recurrent_initializer: Any = "orthogonal", bias_initializer: Any = "zeros",
                 reset_after: bool = True, **kwargs: Any):
        super().__init__(units, activation, use_bias, kernel_initializer,
                         recurrent_initializer, bias_initializer, **kwargs)
        self.recurrent_activation = activations.get(recurrent_activation)
        self.reset_after = reset_after

    def _bias_shape(self) -> list[int]:
        return [2, 3 * self.units] if self.reset_after else [3 * self.units]

    def functions(self, masks: list | None, recurrent_masks: list | None) -> tuple[Callable, Step]:
        gate, act = self.recurrent_activation, self.activation
        kernel, recurrent = self.kernel, self.recurrent_kernel
        input_bias = recurrent_bias = None
        if self.bias is not None:
            input_bias, recurrent_bias = (unstack(self.bias) if self.reset_after
                                          else (self.bias, None))
        kernels = split(kernel, 3, axis=1) if masks is not None and len(masks) > 1 else None

        def project(x: Tensor) -> Tensor:
            if kernels is None:
                z = _dot(_masked(x, masks, 0), kernel)
            else:
                z = concat([_dot(x * m, k) for m, k in zip(masks or [], kernels)], -1)
            return z if input_bias is None else z + input_bias
        fused = self.reset_after and recurrent_masks is None  # one product for the 3 gates
        r_z, r_r, r_h = split(recurrent, 3, axis=1)
        b_z = b_r = b_h = None
        if recurrent_bias is not None and not fused:
            b_z, b_r, b_h = split(recurrent_bias, 3, axis=0)

        def step(projected: Tensor, states: list) -> tuple[Tensor, list]:
            h = states[0]
            x_z, x_r, x_h = split(projected, 3, axis=1)
            h_z, h_r, h_h = (_masked(h, recurrent_masks, i) for i in range(3))
            if fused:
                inner = matmul(h, recurrent)
                if recurrent_bias is not None:
                    inner = inner + recurrent_bias
                rec_z, rec_r, rec_h = split(inner, 3, axis=1)
            else:
                rec_z, rec_r = matmul(h_z, r_z), matmul(h_r, r_r)
                if b_z is not None:
                    rec_z, rec_r = rec_z + b_z, rec_r + b_r
                if self.reset_after:
                    rec_h = matmul(h_h, r_h)
                    if b_h is not None:
                        rec_h = rec_h + b_h
            z, r = gate(x_z + rec_z), gate(x_r + rec_r)
            if self.reset_after:
                candidate = act(x_h + r * rec_h)
            else:
                candidate = act(x_h + matmul(r * h_h, r_h))
            h = z * h + (1 - z) * candidate
            return h, [h]
        return project, step

    def get_config(self) -> dict:
        return {**super().get_config(),
                "recurrent_activation": serialize_activation(self.recurrent_activation),
                "reset_after": self.reset_after}

