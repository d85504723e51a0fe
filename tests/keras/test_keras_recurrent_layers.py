"""Behaviour of the recurrent layers beyond the recorded cases: the time loop is one `While`
op in a trace (fit's train step included) and its gradient is `While`'s, dropout, masks
flowing through models, a `.keras` file written by Keras 3, bad arguments (whole messages),
and where we differ from Keras on purpose."""

import json
import pathlib

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.train.keras import rnn_loop
from autograph.runtime.train.keras.masking import get_keras_mask
from tests.keras import rnn_cases

layers = ag.keras.layers
DATA = pathlib.Path(__file__).parent / "data"
EXPECTED = json.loads((pathlib.Path(__file__).parent / "rnn_expected.json").read_text())
SEQ = rnn_cases.data()["seq"]


def _op_types(graph):
    return [op.type for op in graph.get_operations()]


# The time loop ---------------------------------------------------------------------------------
def test_the_time_loop_is_a_python_for_that_autograph_converts():
    code = ag.to_code(rnn_loop.time_loop)
    assert "for t in range(steps):" not in code
    assert "ag__.for_stmt(ag__.range(steps), loop_body" in code


def test_a_traced_call_runs_the_time_loop_as_one_while_op():
    layer = layers.LSTM(3)
    traced = ag.function(lambda x: layer(x))
    graph = traced.get_concrete_function(ag.TensorSpec([None, None, 4], ag.float32)).graph
    assert _op_types(graph).count("While") == 1


def test_a_traced_call_gives_the_eager_step_by_step_outputs():
    layer = layers.GRU(3, return_sequences=True, go_backwards=True)
    eager = layer(SEQ, mask=rnn_cases.data()["mask"]).numpy()
    traced = ag.function(lambda x, m: layer(x, mask=m))(SEQ, rnn_cases.data()["mask"])
    np.testing.assert_allclose(traced.numpy(), eager, rtol=1e-6, atol=1e-7)


def test_gradients_through_the_while_op_match_tf_keras():
    name = "lstm_masked"
    layer, _ = rnn_cases.build(ag.keras, name)
    r = [np.random.default_rng(i).normal(size=shape).round(2).astype(np.float32)
         for i, shape in enumerate([(3, 6, 3), (3, 3), (3, 3)])]

    @ag.function
    def gradients(x, mask):
        with ag.GradientTape() as tape:
            outputs = layer(x, mask=mask)
            loss = sum(ag.reduce_sum(o * w) for o, w in zip(outputs, r))
        return tape.gradient(loss, layer.trainable_weights)
    found = gradients(SEQ, rnn_cases.data()["mask"])
    assert "While" in _op_types(gradients.get_concrete_function(SEQ, rnn_cases.data()["mask"])
                                .graph)
    for ours, theirs in zip(found, EXPECTED["cases"][name]["weight_gradients"]):
        np.testing.assert_allclose(ours.numpy(), theirs, rtol=1e-5, atol=1e-6)


def _sequence_model(layer):
    model = ag.keras.Sequential([layers.Embedding(10, 4, mask_zero=True), layer,
                                 layers.Dense(1)])
    model.compile(optimizer=ag.keras.optimizers.SGD(0.5), loss="mse")
    return model


def test_the_train_step_of_fit_holds_the_forward_and_backward_while_ops():
    ids, target = rnn_cases.fit_data()
    model = _sequence_model(layers.LSTM(5))
    model.fit(ids, target, batch_size=8, epochs=1, verbose=0)
    (train,) = model._compiled.functions.values()
    # the layer's loop, and the backward loop of its gradient
    assert _op_types(train.get_concrete_function().graph).count("While") == 2


def test_fit_through_the_while_gradient_lowers_the_loss():
    ag.random.set_seed(1)
    ids, target = rnn_cases.fit_data()
    history = _sequence_model(layers.GRU(4)).fit(ids, target, batch_size=8, epochs=5,
                                                 verbose=0, shuffle=False)
    losses = history.history["loss"]
    assert losses[-1] < losses[0] / 2


# Dropout --------------------------------------------------------------------------------------
def test_dropout_applies_only_while_training():
    ag.random.set_seed(2)
    plain = layers.LSTM(3, return_sequences=True)
    dropped = layers.LSTM(3, return_sequences=True, dropout=0.5, recurrent_dropout=0.5)
    plain.build(SEQ.shape)
    dropped.build(SEQ.shape)
    dropped.set_weights(plain.get_weights())
    np.testing.assert_array_equal(dropped(SEQ).numpy(), plain(SEQ).numpy())
    assert not np.allclose(dropped(SEQ, training=True).numpy(), plain(SEQ).numpy())


@pytest.mark.parametrize("layer", ["SimpleRNN", "LSTM", "GRU"])
def test_input_dropout_alone_applies_only_while_training(layer):
    ag.random.set_seed(4)
    dropped = getattr(layers, layer)(3, return_sequences=True, dropout=0.5)
    inference = dropped(SEQ).numpy()
    np.testing.assert_array_equal(dropped(SEQ, training=False).numpy(), inference)
    assert not np.allclose(dropped(SEQ, training=True).numpy(), inference)


@pytest.mark.parametrize("layer", ["SimpleRNN", "LSTM", "GRU"])
def test_recurrent_dropout_alone_applies_only_while_training(layer):
    ag.random.set_seed(5)
    dropped = getattr(layers, layer)(3, return_sequences=True, recurrent_dropout=0.5)
    inference = dropped(SEQ).numpy()
    assert not np.allclose(dropped(SEQ, training=True).numpy(), inference)


def test_input_dropout_alone_drops_an_input_for_every_gate_at_once():
    # One step of LSTM(1) on an input of 1, every gate's kernel 1, no recurrence, no bias: with
    # one mask for the four gates (Keras's DropoutRNNCell), each row's gates all see 0 or 2.
    ag.random.set_seed(6)
    layer = layers.LSTM(1, dropout=0.5, kernel_initializer="ones",
                        recurrent_initializer="zeros")
    found = layer(np.ones((64, 1, 1), np.float32), training=True).numpy().ravel()
    sigmoid = 1 / (1 + np.exp(-2.0))
    kept = sigmoid * np.tanh(sigmoid * np.tanh(2.0))
    assert (np.isclose(found, 0.0) | np.isclose(found, kept, rtol=1e-5)).all()
    assert 0 < (found == 0).sum() < 64


def test_with_recurrent_dropout_each_gate_drops_its_own_inputs():
    # One step of LSTM(1) on an input of 1, every gate's kernel and bias 1, no recurrence: each
    # gate sees 1 or 3 by its own mask (a mask per gate, as Keras's implementation 1).
    ag.random.set_seed(7)
    layer = layers.LSTM(1, dropout=0.5, recurrent_dropout=0.5, kernel_initializer="ones",
                        recurrent_initializer="zeros", bias_initializer="ones",
                        unit_forget_bias=False)
    found = layer(np.ones((64, 1, 1), np.float32), training=True).numpy().ravel()

    def sigmoid(z):
        return 1 / (1 + np.exp(-z))
    possible = [sigmoid(o) * np.tanh(sigmoid(i) * np.tanh(c))
                for i in (1, 3) for c in (1, 3) for o in (1, 3)]
    assert all(np.isclose(value, possible, rtol=1e-5).any() for value in found)
    assert len(np.unique(found.round(5))) > 2


def test_with_recurrent_dropout_each_gru_gate_drops_its_own_inputs():
    # One step of GRU(1) from h = 0 on an input of 1, kernel and both biases 1, no recurrent
    # kernel: gates z, r, h see 1 or 3 each by their own mask; h = (1 - z) * candidate.
    ag.random.set_seed(9)
    layer = layers.GRU(1, dropout=0.5, recurrent_dropout=0.5, kernel_initializer="ones",
                       recurrent_initializer="zeros", bias_initializer="ones")
    found = layer(np.ones((64, 1, 1), np.float32), training=True).numpy().ravel()

    def sigmoid(z):
        return 1 / (1 + np.exp(-z))
    possible = [(1 - sigmoid(z + 1)) * np.tanh(h + sigmoid(r + 1))
                for z in (1, 3) for r in (1, 3) for h in (1, 3)]
    assert all(np.isclose(value, possible, rtol=1e-5).any() for value in found)
    assert len(np.unique(found.round(5))) > 2


@pytest.mark.parametrize("layer", ["LSTM", "GRU"])
def test_both_dropouts_at_a_tiny_rate_train_as_inference_runs(layer):
    # masks of one mask per gate, all ones (a rate of 1e-9 drops nothing here)
    ag.random.set_seed(8)
    found = getattr(layers, layer)(3, return_sequences=True, dropout=1e-9,
                                   recurrent_dropout=1e-9, bias_initializer="ones")
    np.testing.assert_allclose(found(SEQ, training=True).numpy(), found(SEQ).numpy(),
                               rtol=1e-6, atol=1e-7)


@pytest.mark.parametrize("unit_forget_bias, forget", [(True, 1.0), (False, 0.0)])
def test_the_forget_gates_bias_starts_at_1_with_unit_forget_bias(unit_forget_bias, forget):
    # as tf.keras 2.21: LSTM(2)'s bias is [0, 0, 1, 1, 0, 0, 0, 0] (gates i, f, c, o)
    layer = layers.LSTM(2, unit_forget_bias=unit_forget_bias)
    layer.build((None, 6, 4))
    assert layer.cell.bias.numpy().tolist() == [0.0, 0.0, forget, forget, 0.0, 0.0, 0.0, 0.0]


@pytest.mark.parametrize("layer", ["SimpleRNN", "LSTM", "GRU"])
def test_dropout_rates_of_1_drop_nothing(layer):
    # as tf.keras 2.21: dropout applies only for rates strictly between 0 and 1
    found = getattr(layers, layer)(3, dropout=1.0, recurrent_dropout=1.0)
    np.testing.assert_array_equal(found(SEQ, training=True).numpy(), found(SEQ).numpy())


def test_recurrent_dropout_trains_in_fit_with_masks_drawn_outside_the_loop():
    ag.random.set_seed(3)
    ids, target = rnn_cases.fit_data()
    model = _sequence_model(layers.GRU(4, dropout=0.2, recurrent_dropout=0.3))
    history = model.fit(ids, target, batch_size=8, epochs=2, verbose=0)
    assert all(np.isfinite(history.history["loss"]))


# Masks, models, shapes ------------------------------------------------------------------------
def test_an_embedding_mask_flows_into_the_layer_and_on_with_return_sequences():
    embedding = layers.Embedding(10, 4, mask_zero=True)
    ids = np.array(rnn_cases.IDS, np.int32)
    outputs = layers.SimpleRNN(2, return_sequences=True)(embedding(ids))
    assert get_keras_mask(outputs).numpy().tolist() == (ids != 0).tolist()


def test_a_functional_model_returns_the_output_and_both_lstm_states():
    inputs = ag.keras.Input((6, 4))
    output, h, c = layers.LSTM(3, return_state=True)(inputs)
    model = ag.keras.Model(inputs, [output, h, c])
    found = model(SEQ)
    assert [tuple(f.shape) for f in found] == [(3, 3)] * 3
    np.testing.assert_array_equal(found[0].numpy(), found[1].numpy())


def test_the_orthogonal_recurrent_kernel_is_orthogonal():
    layer = layers.GRU(5)
    layer.build((None, 6, 4))
    kernel = layer.cell.recurrent_kernel.numpy()  # [5, 15]: orthonormal rows
    np.testing.assert_allclose(kernel @ kernel.T, np.eye(5), atol=1e-5)


def test_a_keras_3_file_of_recurrent_layers_loads_and_predicts_what_keras_predicted():
    expected = json.loads((DATA / "rnn_keras.json").read_text())
    model = ag.keras.saving.load_model(DATA / "rnn.keras")
    np.testing.assert_allclose(model.predict(np.array(expected["ids"], np.int32), verbose=0),
                               expected["predictions"], rtol=1e-5, atol=1e-6)


def _lstm(**kwargs):
    layer = layers.LSTM(3, **kwargs)
    layer.build(SEQ.shape)
    return layer


def test_build_marks_the_layer_built():
    assert _lstm().built


def test_a_mask_in_a_list_masks_as_the_mask_itself():
    # Keras takes the first of a list of masks (the sequences' mask, then the states')
    layer = _lstm(return_sequences=True)
    mask = rnn_cases.data()["mask"]
    np.testing.assert_array_equal(layer(SEQ, mask=[mask]).numpy(),
                                  layer(SEQ, mask=mask).numpy())


def test_an_integer_mask_masks_as_booleans():
    # Keras casts a mask to bool too
    layer = _lstm(return_sequences=True)
    mask = rnn_cases.data()["mask"]
    np.testing.assert_array_equal(layer(SEQ, mask=mask.astype(np.int32)).numpy(),
                                  layer(SEQ, mask=mask).numpy())


def test_float64_initial_states_are_cast_to_the_layer_dtype():
    layer = _lstm()
    states = [np.full((3, 3), 0.5), np.full((3, 3), -0.5)]
    found = layer(SEQ, initial_state=states)
    assert found.dtype == ag.float32
    np.testing.assert_array_equal(
        found.numpy(), layer(SEQ, initial_state=[s.astype(np.float32) for s in states]).numpy())


def test_dropout_while_training_runs_on_a_sequence_of_one_step():
    layer = _lstm(dropout=0.5, recurrent_dropout=0.5)
    assert tuple(layer(SEQ[:, :1], training=True).shape) == (3, 3)


def test_compute_mask_reads_the_first_of_a_list_of_masks():
    # as tf.keras 3.15: [mask, None, None] with return_sequences and return_state
    mask = ag.constant(rnn_cases.data()["mask"])
    found = _lstm(return_sequences=True, return_state=True).compute_mask(SEQ, [mask, None, None])
    assert found[0].numpy().tolist() == rnn_cases.data()["mask"].tolist()
    assert found[1:] == [None, None]


def test_a_serialized_layer_deserializes_to_its_class_and_config():
    layer = layers.RNN(layers.GRUCell(2), return_sequences=True)
    again = ag.keras.saving.deserialize_keras_object(
        ag.keras.saving.serialize_keras_object(layer))
    assert type(again) is layers.RNN
    assert again.get_config() == layer.get_config()


def test_the_cells_are_named_as_tf_keras_names_them():
    # recorded from tf.keras 2.21: LSTM(2, name="x").cell.name == "lstm_cell", and so on
    assert [make(2, name="x").cell.name for make in (layers.SimpleRNN, layers.LSTM,
                                                     layers.GRU)] == [
        "simple_rnn_cell", "lstm_cell", "gru_cell"]


def test_a_float64_layer_makes_float64_weights_and_outputs():
    layer = layers.LSTM(2, dtype="float64")
    output = layer(SEQ.astype(np.float64))
    assert [w.dtype for w in layer.weights] == [ag.float64] * 3
    assert output.dtype == ag.float64


def test_a_float64_layer_reads_back_from_its_config_as_float64():
    layer = layers.GRU(2, dtype="float64")
    assert layers.GRU.from_config(layer.get_config()).dtype == ag.float64


def test_a_frozen_layer_has_only_non_trainable_weights():
    # as tf.keras 2.21: no trainable weights, three non-trainable
    layer = layers.LSTM(2, trainable=False)
    layer.build((None, 6, 4))
    assert (len(layer.trainable_weights), len(layer.non_trainable_weights)) == (0, 3)


def test_a_frozen_layers_cell_is_frozen():
    # as tf.keras 2.21
    assert layers.GRU(2, trainable=False).cell.trainable is False


def my_tanh(x):
    return ag.math.tanh(x)


def my_sigmoid(x):
    return ag.math.sigmoid(x)


def test_a_users_activations_read_back_from_the_config():
    layer = layers.LSTM(2, activation=my_tanh, recurrent_activation=my_sigmoid)
    again = ag.keras.saving.deserialize_keras_object(
        ag.keras.saving.serialize_keras_object(layer),
        custom_objects={"my_tanh": my_tanh, "my_sigmoid": my_sigmoid})
    assert (again.activation, again.recurrent_activation) == (my_tanh, my_sigmoid)


# The properties of tf.keras 2.21's layers that read the cell's attributes
_SHARED = ("units", "activation", "use_bias", "kernel_initializer", "recurrent_initializer",
           "bias_initializer", "dropout", "recurrent_dropout")
CELL_PROPERTIES = [("SimpleRNN", name) for name in _SHARED] + [
    (layer, name) for layer, own in (("LSTM", "unit_forget_bias"), ("GRU", "reset_after"))
    for name in (*_SHARED, "recurrent_activation", own)]


@pytest.mark.parametrize("layer, name", CELL_PROPERTIES)
def test_a_property_of_the_layer_reads_the_cells_attribute(layer, name):
    found = getattr(layers, layer)(3, dropout=0.25)
    assert getattr(found, name) is getattr(found.cell, name)


@pytest.mark.parametrize("layer", ["LSTM", "GRU"])
def test_implementation_reaches_the_cell(layer):
    # as tf.keras 2.21: 2 by default, else as given (the values are the same either way)
    make = getattr(layers, layer)
    assert [make(2).cell.implementation, make(2, implementation=1).cell.implementation] == [
        2, 1]


def test_use_cudnn_is_kept_as_given():
    assert layers.GRU(2, use_cudnn=False).use_cudnn is False


def test_use_cudnn_false_runs_the_same_loop():
    auto = _lstm(return_sequences=True)
    plain = _lstm(return_sequences=True, use_cudnn=False)
    plain.set_weights(auto.get_weights())
    np.testing.assert_array_equal(plain(SEQ).numpy(), auto(SEQ).numpy())


class _PlainCell:
    """A cell that is not a Layer: Keras asks only for `call` and `state_size`."""
    state_size = 2

    def __call__(self, inputs, states, training=None):
        h = ag.math.tanh(inputs[:, :2] + states[0])
        return h, [h]

    call = __call__


def test_a_plain_cell_runs_in_a_trace_on_sequences_of_unknown_rank():
    layer = layers.RNN(_PlainCell(), return_sequences=True)
    traced = ag.function(lambda x: layer(x),
                         input_signature=[ag.TensorSpec(None, ag.float32)])
    np.testing.assert_allclose(traced(SEQ).numpy(), layer(SEQ).numpy(), rtol=1e-6)


# The cells (each as tf.keras 2.21 has it) ------------------------------------------------------
CELLS = ["SimpleRNNCell", "LSTMCell", "GRUCell"]


@pytest.mark.parametrize("cell", CELLS)
def test_a_cells_build_marks_it_built_and_names_its_weights(cell):
    found = getattr(layers, cell)(2)
    found.build((None, 4))
    assert found.built
    assert [w.name.split("/")[-1].split(":")[0] for w in found.weights] == [
        "kernel", "recurrent_kernel", "bias"]


@pytest.mark.parametrize("cell", CELLS)
def test_a_cells_call_is_one_step_of_the_layer(cell):
    found = getattr(layers, cell)(3)
    layer = layers.RNN(found, return_state=True)
    output, *states = layer(SEQ[:, :1])
    step_output, step_states = found(SEQ[:, 0], layer.get_initial_state(3))
    np.testing.assert_allclose(step_output.numpy(), output.numpy(), rtol=1e-6)
    for ours, theirs in zip(step_states, states):
        np.testing.assert_allclose(ours.numpy(), theirs.numpy(), rtol=1e-6)


def test_a_cell_called_with_one_state_tensor_returns_one_state_tensor():
    # as tf.keras 2.21: SimpleRNNCell(3)(x, h) gives (output, h) with h a [3, 3] tensor
    output, state = layers.SimpleRNNCell(3)(SEQ[:, 0], np.zeros((3, 3), np.float32))
    assert tuple(state.shape) == (3, 3)
    np.testing.assert_array_equal(state.numpy(), output.numpy())


@pytest.mark.parametrize("cell, count", [("SimpleRNNCell", 1), ("LSTMCell", 2),
                                         ("GRUCell", 1)])
def test_a_cells_initial_state_is_zeros_for_each_state(cell, count):
    states = getattr(layers, cell)(2).get_initial_state(3)
    assert [s.numpy().tolist() for s in states] == [[[0.0, 0.0]] * 3] * count


@pytest.mark.parametrize("cell", CELLS)
def test_a_cells_output_size_is_its_units(cell):
    assert getattr(layers, cell)(3).output_size == 3


@pytest.mark.parametrize("cell", ["LSTMCell", "GRUCell"])
def test_a_cells_implementation_is_2_by_default(cell):
    assert getattr(layers, cell)(2).implementation == 2


def test_dropout_rates_are_clipped_to_0_and_1_in_the_config():
    config = layers.LSTM(2, dropout=1.5, recurrent_dropout=2.0).get_config()
    assert (config["dropout"], config["recurrent_dropout"]) == (1.0, 1.0)


def test_the_seed_is_in_the_config():
    assert layers.GRU(2, seed=3).get_config()["seed"] == 3


def test_one_unit_is_enough():
    assert tuple(layers.LSTM(1)(SEQ).shape) == (3, 1)


# Where we differ from Keras on purpose ----------------------------------------------------------
def test_unroll_is_accepted_and_runs_the_same_loop():
    # Keras unrolls the steps into the graph; the values are the same, the loop stays a While
    rolled = layers.SimpleRNN(3, return_sequences=True)
    rolled.build(SEQ.shape)
    unrolled = layers.SimpleRNN(3, return_sequences=True, unroll=True)
    unrolled.build(SEQ.shape)
    unrolled.set_weights(rolled.get_weights())
    np.testing.assert_array_equal(unrolled(SEQ).numpy(), rolled(SEQ).numpy())


def _error(make):
    with pytest.raises(ValueError) as raised:
        make()
    return str(raised.value)


def test_stateful_is_refused():
    # Keras keeps the last states in variables for the next batch; not supported here
    assert _error(lambda: layers.LSTM(2, stateful=True)) == (
        "LSTM: stateful=True is not supported (states carried from one batch to the next). "
        "Pass initial_state= and keep the states that return_state=True returns instead.")


def test_use_cudnn_true_is_refused():
    # Keras raises only when called without a GPU; there is no cuDNN path here at all
    assert _error(lambda: layers.GRU(2, use_cudnn=True)) == (
        "GRU: use_cudnn=True asks for cuDNN, which is not available here; pass "
        "use_cudnn='auto' (the default) or False.")


def test_a_wrong_number_of_initial_states_is_one_clear_error():
    # Keras 3.15 fails with IndexError("list index out of range") inside LSTMCell.call
    assert _error(lambda: layers.LSTM(2, name="lstm")(
        SEQ, initial_state=[np.zeros((3, 2), np.float32)])) == (
        "Layer 'lstm' has 2 state(s) (sizes [2, 2]), but initial_state has 1.")


# Bad arguments (Keras 3.15's messages) ----------------------------------------------------------
def test_inputs_of_two_axes_are_refused():
    # Keras names the input too: "Input 0 with name 'None' of layer 'lstm' ..."
    assert _error(lambda: layers.LSTM(2, name="lstm")(np.ones((2, 3), np.float32))) == (
        "Input 0 of layer 'lstm' is incompatible with the layer: expected ndim=3, found "
        "ndim=2. Full shape received: (2, 3)")


def test_a_bad_merge_mode_is_refused():
    assert _error(lambda: layers.Bidirectional(layers.LSTM(2), merge_mode="bad")) == (
        'Invalid merge mode. Received: bad. Merge mode should be one of {"sum", "mul", "ave",'
        ' "concat", None}')


def test_bidirectional_of_a_non_layer_is_refused():
    assert _error(lambda: layers.Bidirectional(3)) == (
        "Please initialize `Bidirectional` layer with a `keras.layers.Layer` instance. "
        "Received: 3")


def test_a_backward_layer_that_is_not_a_layer_is_refused():
    assert _error(lambda: layers.Bidirectional(layers.LSTM(2), backward_layer=3)) == (
        "`backward_layer` need to be a `keras.layers.Layer` instance. Received: 3")


def test_a_backward_layer_of_other_return_sequences_is_refused():
    assert _error(lambda: layers.Bidirectional(
        layers.LSTM(2, return_sequences=True), backward_layer=layers.LSTM(2, go_backwards=True))
    ) == ('Forward layer and backward layer are expected to have the same value for attribute '
          '"return_sequences", got "True" for forward layer and "False" for backward layer')


def test_bidirectional_weights_are_refused():
    # Keras sets them once built; here set_weights does
    assert _error(lambda: layers.Bidirectional(layers.LSTM(2), weights=[0])) == (
        "Bidirectional: weights is not supported; call set_weights once the layer is built.")


def test_bidirectional_build_marks_it_built_and_not_stateful():
    # as tf.keras 2.21
    layer = layers.Bidirectional(layers.LSTM(2))
    layer.build((None, 6, 4))
    assert (layer.built, layer.stateful) == (True, False)


def test_a_backward_layer_running_forwards_is_refused():
    assert _error(lambda: layers.Bidirectional(layers.LSTM(2),
                                               backward_layer=layers.LSTM(2))) == (
        "Forward layer and backward layer should have different `go_backwards` value. "
        "Received: forward_layer.go_backwards False, backward_layer.go_backwards=False")


def test_an_unknown_use_cudnn_is_refused():
    assert _error(lambda: layers.LSTM(2, use_cudnn="cuda")) == (
        "Invalid valid received for argument `use_cudnn`. Expected one of {'auto', True, "
        "False}. Received: use_cudnn=cuda")


def test_a_missing_attribute_is_pythons_error():
    with pytest.raises(AttributeError) as raised:
        layers.LSTM(2).size  # noqa: B018
    assert str(raised.value) == "'LSTM' object has no attribute 'size'"


def test_zero_units_are_refused():
    assert _error(lambda: layers.LSTM(0)) == (
        "Received an invalid value for argument `units`, expected a positive integer, got 0.")


def test_a_cell_without_state_size_is_refused():
    class Cell:
        def call(self, inputs, states):
            return inputs, states

        def __repr__(self):
            return "Cell()"
    assert _error(lambda: layers.RNN(Cell())) == (
        "The RNN cell should have a `state_size` attribute (single integer or list of "
        "integers, one integer per RNN state). Received: cell=Cell()")


def test_an_activity_regularizer_is_refused():
    # Keras applies it to the outputs; not supported here
    assert _error(lambda: layers.RNN(layers.LSTMCell(2), activity_regularizer="l2")) == (
        "RNN: activity_regularizer is not supported (got 'l2'); leave it None.")


def test_a_unit_count_that_is_not_an_int_is_refused():
    # Keras 3.15 takes units=2.5 and fails later, in build
    assert _error(lambda: layers.LSTM(2.5)) == (
        "Received an invalid value for argument `units`, expected a positive integer, got 2.5.")


def test_a_cells_regularizer_is_refused_naming_the_cell():
    assert _error(lambda: layers.LSTMCell(2, kernel_regularizer="l2")) == (
        "LSTMCell: kernel_regularizer is not supported (got 'l2'); leave it None.")


def test_a_cell_without_call_is_refused():
    assert _error(lambda: layers.RNN(3)) == (
        "Argument `cell` should have a `call` method. Received: cell=3")


# TensorFlow 2.21's shapes for sequences of unknown length, (None, None, 5)
@pytest.mark.parametrize("options, merge_mode, expected", [
    ({"return_sequences": True}, "concat", (None, None, 6)),
    ({"return_sequences": True}, None, [(None, None, 3), (None, None, 3)]),
    ({}, None, [(None, 3), (None, 3)]),
    ({"return_state": True}, "concat", [(None, 6), (None, 3), (None, 3), (None, 3), (None, 3)]),
    ({"return_sequences": True, "return_state": True}, "sum",
     [(None, None, 3), (None, 3), (None, 3), (None, 3), (None, 3)]),
])
def test_bidirectional_output_shape_of_sequences_of_unknown_length_is_tf_keras(
        options, merge_mode, expected):
    shape = layers.Bidirectional(layers.LSTM(3, **options),
                                 merge_mode=merge_mode).compute_output_shape((None, None, 5))
    found = ([tuple(s.as_list()) for s in shape] if isinstance(shape, tuple)
             else tuple(shape.as_list()))
    assert found == expected


def test_bidirectional_from_config_keeps_its_dtype():
    layer = layers.Bidirectional(layers.LSTM(2), dtype="float64")
    again = layers.Bidirectional.from_config(layer.get_config())
    assert (again.dtype, again.forward_layer.dtype) == (ag.float64, ag.float32)  # as TF 2.21


def test_bidirectional_compute_mask_reads_the_first_of_a_list_of_masks():
    mask = np.array([[True, True, False]])
    layer = layers.Bidirectional(layers.GRU(2, return_sequences=True))
    found = layer.compute_mask(np.ones((1, 3, 4), np.float32), [mask, None])
    assert np.asarray(found).tolist() == [[True, True, False]]  # as TensorFlow 2.21
