"""Recurrent layer cases run the same way under `tf.keras` and `ag.keras`: each layer built,
its weights set from a seeded generator, called on fixed sequences (with a mask, initial
states, or ids through `Embedding(mask_zero=True)`); the outputs, the gradients of
`sum(output_i * R_i)` (R fixed) with respect to the inputs, the initial states and each
trainable weight, the output mask, the output shape that `compute_output_shape` gives, the
config, and the module and class a saved file names.

`run_case(framework, keras, name)` takes the framework (`tf` or `ag`: `GradientTape`,
`constant`, `reduce_sum`) and its `keras`, so that the recorder and the tests share one
definition of each case. `run_fit` fits `Sequential([Embedding, LSTM, Dense])`.
"""

from __future__ import annotations

import json
import zlib
from typing import Any, Callable, NamedTuple

import numpy as np

BATCH, TIME, FEATURES = 3, 6, 4
IDS = [[0, 0, 2, 7, 1, 8], [3, 1, 4, 1, 5, 0], [2, 6, 5, 0, 0, 0]]  # padded at both ends
MASK = [[1, 1, 0, 1, 1, 1], [1, 0, 0, 1, 0, 1], [0, 1, 1, 1, 1, 0]]  # holes anywhere


def data() -> dict[str, np.ndarray]:
    """Inputs, rounded to 2 decimals so that they read the same everywhere."""
    rng = np.random.default_rng(11)
    return {"seq": rng.normal(size=(BATCH, TIME, FEATURES)).round(2).astype(np.float32),
            "ids": np.array(IDS, np.int32), "mask": np.array(MASK, bool)}


class Case(NamedTuple):
    make: Callable[[Any, str], Any]  # (keras, name) -> the layer, named after the case
    mask: bool = False  # call with `mask=MASK`
    embed: bool = False  # the inputs are IDS through Embedding(10, FEATURES, mask_zero=True)
    initial_state: tuple = ()  # the sizes of the initial states to pass
    registered: bool = True  # the layer's classes are all Keras's (its config reads back)
    grid: bool = False  # each step's inputs are [2, FEATURES // 2] (the sequences reshaped)


# Layers are named after their case: automatic names depend on what else the process made.
def _bi(layer: str, merge_mode: Any = "concat", **kwargs: Any) -> Callable[[Any, str], Any]:
    def make(keras: Any, name: str) -> Any:
        inner = getattr(keras.layers, layer)(name=f"{name}_inner", **kwargs)
        return keras.layers.Bidirectional(inner, merge_mode=merge_mode, name=name)
    return make


def _layer(layer: str, *args: Any, **kwargs: Any) -> Callable[[Any, str], Any]:
    return lambda keras, name: getattr(keras.layers, layer)(*args, name=name, **kwargs)


def _rnn(cell: str, *args: Any, **kwargs: Any) -> Callable[[Any, str], Any]:
    return lambda keras, name: keras.layers.RNN(
        getattr(keras.layers, cell)(*args, name=f"{name}_cell"), name=name, **kwargs)


def _user_cell_class(keras: Any, output_size: int | None) -> type:
    """A user's cell, a `Layer` with `state_size` and `call(inputs, states)` as in Keras's
    guide, of a state of 3 and an output of `output_size` (without the attribute: 3)."""
    class UserCell(keras.layers.Layer):
        def __init__(self, **kwargs: Any):
            super().__init__(**kwargs)
            self.state_size = 3
            if output_size is not None:
                self.output_size = output_size

        def build(self, input_shape: Any) -> None:
            self.kernel = self.add_weight(name="kernel", shape=(input_shape[-1], 3))
            self.recurrent_kernel = self.add_weight(name="recurrent_kernel", shape=(3, 3))
            self.output_kernel = self.add_weight(name="output_kernel",
                                                 shape=(3, output_size or 3))

        def call(self, inputs: Any, states: Any) -> Any:
            h = keras.activations.tanh(inputs @ self.kernel + states[0] @ self.recurrent_kernel)
            return h @ self.output_kernel, [h]
    return UserCell


def _grid_cell_class(keras: Any) -> type:
    """A user's cell of steps of two rows of inputs each (as ConvLSTM's steps are images)."""
    class GridCell(keras.layers.Layer):
        def __init__(self, **kwargs: Any):
            super().__init__(**kwargs)
            self.state_size = 3

        def build(self, input_shape: Any) -> None:
            self.kernels = [self.add_weight(name=f"kernel_{row}", shape=(input_shape[-1], 3))
                            for row in range(2)]
            self.recurrent_kernel = self.add_weight(name="recurrent_kernel", shape=(3, 3))

        def call(self, inputs: Any, states: Any) -> Any:
            h = keras.activations.tanh(inputs[:, 0] @ self.kernels[0]
                                       + inputs[:, 1] @ self.kernels[1]
                                       + states[0] @ self.recurrent_kernel)
            return h, [h]
    return GridCell


def _user_rnn(output_size: int | None, **kwargs: Any) -> Callable[[Any, str], Any]:
    return lambda keras, name: keras.layers.RNN(
        _user_cell_class(keras, output_size)(name=f"{name}_cell"), name=name, **kwargs)


def _bi_with_backward_gru(keras: Any, name: str) -> Any:
    return keras.layers.Bidirectional(
        keras.layers.LSTM(2, return_sequences=True, name=f"{name}_lstm"), name=name,
        backward_layer=keras.layers.GRU(2, return_sequences=True, go_backwards=True,
                                        name=f"{name}_gru"))


SEQ_STATE = {"return_sequences": True, "return_state": True}
CASES: dict[str, Case] = {
    "simple_rnn": Case(_layer("SimpleRNN", 4)),
    "simple_rnn_relu_sequences_state": Case(_layer("SimpleRNN", 4, activation="relu",
                                                   **SEQ_STATE)),
    "simple_rnn_backwards_masked": Case(_layer("SimpleRNN", 3, go_backwards=True,
                                               return_sequences=True), mask=True),
    "lstm": Case(_layer("LSTM", 4)),
    "lstm_sequences_state": Case(_layer("LSTM", 4, **SEQ_STATE)),
    "lstm_backwards": Case(_layer("LSTM", 3, go_backwards=True, return_sequences=True)),
    "lstm_masked": Case(_layer("LSTM", 3, **SEQ_STATE), mask=True),
    "lstm_masked_backwards": Case(_layer("LSTM", 3, go_backwards=True,
                                         return_sequences=True), mask=True),
    "lstm_initial_state": Case(_layer("LSTM", 4, return_state=True), initial_state=(4, 4)),
    "lstm_no_bias_relu": Case(_layer("LSTM", 3, use_bias=False, activation="relu",
                                     unit_forget_bias=False, return_sequences=True)),
    "lstm_embedding_mask": Case(_layer("LSTM", 3, return_sequences=True), embed=True),
    "gru": Case(_layer("GRU", 4)),
    "gru_reset_before": Case(_layer("GRU", 4, reset_after=False, return_sequences=True)),
    "gru_masked_state": Case(_layer("GRU", 3, return_state=True), mask=True),
    "gru_reset_before_masked": Case(_layer("GRU", 3, reset_after=False, **SEQ_STATE),
                                    mask=True),
    "gru_reset_before_initial_state": Case(_layer("GRU", 3, reset_after=False,
                                                  return_state=True), initial_state=(3,)),
    "gru_no_bias_backwards": Case(_layer("GRU", 3, use_bias=False, go_backwards=True,
                                         return_sequences=True)),
    "gru_embedding_mask": Case(_layer("GRU", 3), embed=True),
    "rnn_lstm_cell": Case(_rnn("LSTMCell", 3, return_sequences=True)),
    "rnn_gru_cell_masked": Case(_rnn("GRUCell", 3, return_state=True), mask=True),
    "rnn_simple_rnn_cell_backwards": Case(_rnn("SimpleRNNCell", 2, go_backwards=True)),
    "rnn_user_cell_masked": Case(_user_rnn(2, **SEQ_STATE), mask=True, registered=False),
    "rnn_user_cell_no_output_size_backwards": Case(_user_rnn(None, go_backwards=True),
                                                   initial_state=(3,), registered=False),
    "rnn_user_cell_grid_inputs": Case(
        lambda keras, name: keras.layers.RNN(_grid_cell_class(keras)(name=f"{name}_cell"),
                                             return_sequences=True, name=name),
        grid=True, registered=False),
    "bidirectional_lstm_concat": Case(_bi("LSTM", units=3, return_sequences=True)),
    "bidirectional_gru_sum": Case(_bi("GRU", "sum", units=2)),
    "bidirectional_simple_rnn_mul": Case(_bi("SimpleRNN", "mul", units=2,
                                             return_sequences=True)),
    "bidirectional_lstm_ave": Case(_bi("LSTM", "ave", units=2)),
    "bidirectional_lstm_none_state": Case(_bi("LSTM", None, units=2, **SEQ_STATE)),
    "bidirectional_lstm_masked": Case(_bi("LSTM", units=2, return_sequences=True),
                                      embed=True),
    "bidirectional_gru_masked_last": Case(_bi("GRU", units=2), mask=True),
    "bidirectional_lstm_none_state_masked": Case(_bi("LSTM", None, units=2, **SEQ_STATE),
                                                 mask=True),
    "bidirectional_gru_state_masked": Case(_bi("GRU", units=2, **SEQ_STATE), mask=True),
    "bidirectional_initial_state": Case(_bi("LSTM", units=2), initial_state=(2, 2, 2, 2)),
    "bidirectional_backward_gru": Case(_bi_with_backward_gru),
}


def weight_values(name: str, shapes: list[tuple]) -> list[np.ndarray]:
    """Seeded values for weights of these shapes, small enough to keep the gates busy."""
    rng = np.random.default_rng(zlib.crc32(name.encode()))
    return [(rng.normal(size=shape) * 0.5).round(2).astype(np.float32) for shape in shapes]


def json_config(config: dict) -> Any:
    """A config as a file holds it (tuples become lists)."""
    return json.loads(json.dumps(config))


def _dense(gradient: Any) -> np.ndarray:
    """A gradient as an array (TensorFlow gives an embedding's as IndexedSlices)."""
    if hasattr(gradient, "indices") and hasattr(gradient, "dense_shape"):
        dense = np.zeros(np.asarray(gradient.dense_shape), np.float32)
        np.add.at(dense, np.asarray(gradient.indices), np.asarray(gradient.values))
        return dense
    return np.asarray(gradient)


def _shape_lists(shape: Any) -> Any:
    """A shape, or a tuple of shapes, as lists (a TensorShape, a tuple of ints, or of those)."""
    if hasattr(shape, "as_list"):
        return shape.as_list()
    if all(d is None or isinstance(d, int) for d in shape):
        return list(shape)
    return [_shape_lists(s) for s in shape]


def _serialize(keras: Any, layer: Any) -> dict:
    """`layer` as a `.keras` file writes it (tf.keras has no `saving`; Keras 3's `utils`
    holds the same `serialize_keras_object`)."""
    saving = getattr(keras, "saving", None) or keras.utils
    return saving.serialize_keras_object(layer)


def step_shape(name: str) -> tuple:
    """The shape of case `name`'s sequences without the batch axis."""
    return (TIME, 2, FEATURES // 2) if CASES[name].grid else (TIME, FEATURES)


def build(keras: Any, name: str) -> tuple[Any, Any]:
    """Case `name`'s layer (and its Embedding, or None), built, weights set."""
    case = CASES[name]
    layer = case.make(keras, name)
    embedding = None
    if case.embed:
        embedding = keras.layers.Embedding(10, FEATURES, mask_zero=True,
                                           name=f"{name}_embedding")
        embedding.build((None, TIME))
        embedding.set_weights(weight_values(name + "/embedding", [(10, FEATURES)]))
    layer.build((None, *step_shape(name)))
    layer.set_weights(weight_values(name, [tuple(w.shape) for w in layer.weights]))
    return layer, embedding


def run_case(framework: Any, keras: Any, name: str) -> dict:
    """Runs case `name`: outputs, gradients, output mask, output shape, config, serialized
    class."""
    case = CASES[name]
    values = data()
    layer, embedding = build(keras, name)
    rng = np.random.default_rng(5)
    states = [framework.constant(rng.normal(size=(BATCH, size)).round(2).astype(np.float32))
              for size in case.initial_state]
    x = framework.constant(values["ids"] if case.embed else
                           values["seq"].reshape((BATCH, *step_shape(name))))
    mask = framework.constant(values["mask"]) if case.mask else None
    kwargs: dict = {}
    if case.mask:
        kwargs["mask"] = mask
    if states:
        kwargs["initial_state"] = states
    with framework.GradientTape() as tape:
        sources = [] if case.embed else [x]
        sources += states
        for source in sources:
            tape.watch(source)
        inputs = embedding(x) if embedding is not None else x
        outputs = layer(inputs, **kwargs)
        flat = list(outputs) if isinstance(outputs, (list, tuple)) else [outputs]
        loss = 0.0
        for i, output in enumerate(flat):
            r = np.random.default_rng(i).normal(size=tuple(output.shape)).round(2)
            loss += framework.reduce_sum(output * framework.constant(r.astype(np.float32)))
    weights = list(layer.trainable_weights)
    if embedding is not None:
        weights += list(embedding.trainable_weights)
    gradients = tape.gradient(loss, sources + weights)
    found = {"outputs": [np.asarray(o).tolist() for o in flat],
             "source_gradients": [_dense(g).tolist() for g in gradients[:len(sources)]],
             "weight_gradients": [_dense(g).tolist() for g in gradients[len(sources):]],
             "output_shape": _shape_lists(
                 layer.compute_output_shape((BATCH, *step_shape(name)))),
             "config": json_config(layer.get_config()),
             "class": [_serialize(keras, layer)[key]
                       for key in ("module", "class_name", "registered_name")]}
    if case.mask or case.embed:
        given = mask if case.mask else embedding.compute_mask(x)
        output_mask = layer.compute_mask(inputs, given)
        found["output_mask"] = json_config(np.asarray(output_mask).tolist()
                                           if output_mask is not None and not isinstance(
                                               output_mask, (list, tuple))
                                           else [None if m is None else np.asarray(m).tolist()
                                                 for m in output_mask]
                                           if output_mask is not None else None)
    return found


def fit_data() -> tuple[np.ndarray, np.ndarray]:
    """Zero-padded id sequences of lengths 2 to 6 and a target: the mean id over 10."""
    rng = np.random.default_rng(3)
    ids = np.zeros((16, TIME), np.int32)
    for row, length in enumerate(rng.integers(2, TIME + 1, size=16)):
        ids[row, :length] = rng.integers(1, 10, size=length)
    target = (ids.sum(1) / np.maximum((ids > 0).sum(1), 1) / 10).astype(np.float32)
    return ids, target[:, None]


def run_fit(keras: Any) -> dict:
    """Embedding(mask_zero) -> LSTM(5) -> Dense(1), weights set, fitted with SGD(0.5) on mean
    squared error for 3 epochs of batches of 4, without shuffling: the history and the
    weights after the fit."""
    ids, target = fit_data()
    model = keras.Sequential([keras.layers.Embedding(10, FEATURES, mask_zero=True),
                              keras.layers.LSTM(5), keras.layers.Dense(1)])
    model.build((None, TIME))
    model.set_weights(weight_values("fit", [tuple(w.shape) for w in model.weights]))
    model.compile(optimizer=keras.optimizers.SGD(0.5), loss="mse")
    history = model.fit(ids, target, batch_size=4, epochs=3, shuffle=False, verbose=0)
    return {"loss": [float(v) for v in history.history["loss"]],
            "weights": [np.asarray(w).tolist() for w in model.get_weights()]}
