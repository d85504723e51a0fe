"""ag.keras.Sequential: structure, summary, and compile / fit / evaluate / predict (the fits'
numbers against tf.keras are in test_keras_layers_vs_tf.py)."""

import io
import re
import sys

import numpy as np
import pytest

import autograph as ag

keras = ag.keras


def quadrants(n=200, seed=0):
    """Points in the plane labelled 1 where x * y > 0: not linearly separable."""
    x = np.random.default_rng(seed).normal(size=(n, 2)).astype(np.float32)
    return x, (x[:, 0] * x[:, 1] > 0).astype(np.int32)


def mlp(seed=0, units=16):
    ag.random.set_seed(seed)
    np.random.seed(seed)
    model = keras.Sequential([keras.layers.Dense(units, activation="relu"),
                              keras.layers.Dense(2)])
    model.compile(optimizer=keras.optimizers.SGD(0.5),
                  loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])
    return model


def test_fit_lowers_the_loss_and_learns_a_nonlinear_problem():
    x, y = quadrants()
    history = mlp().fit(x, y, batch_size=32, epochs=30, verbose=0)
    assert history.history["loss"][-1] < history.history["loss"][0] / 3
    assert history.history["accuracy"][-1] > 0.9


def test_held_out_accuracy_is_high_after_fit():
    x, y = quadrants()
    model = mlp()
    model.fit(x, y, batch_size=32, epochs=30, verbose=0)
    test_x, test_y = quadrants(400, seed=1)
    loss, accuracy = model.evaluate(test_x, test_y, verbose=0)
    assert accuracy > 0.9 and loss < 0.3


def test_one_trace_per_fit_whatever_the_batches_and_epochs():
    x, y = quadrants(70)  # batches of 32, 32 and 6
    model = mlp()
    model.fit(x, y, batch_size=32, epochs=3, verbose=0)
    model.fit(x, y, batch_size=16, epochs=2, verbose=0)
    (train,) = model._compiled.functions.values()
    assert train.experimental_get_tracing_count() == 1
    assert int(model.optimizer.iterations.numpy()) == 3 * 3 + 2 * 5


def test_a_second_fit_runs_the_train_function_the_first_made():
    x, y = quadrants(70)
    model = mlp()
    model.fit(x, y, batch_size=32, epochs=1, verbose=0)
    (train,) = model._compiled.functions.values()
    model.fit(x, y, batch_size=32, epochs=1, verbose=0)
    assert list(model._compiled.functions.values()) == [train]
    assert repr(train) == "<ag.Function train_function (1 traces)>"


class _Recording(keras.layers.Layer):
    """Records the `training` argument and the batch size of each call."""

    def __init__(self):
        super().__init__()
        self.seen = []

    def call(self, x, training=None):
        self.seen.append((training, x.shape[0]))
        return x


@pytest.mark.parametrize("run_eagerly", [False, True])
def test_fit_calls_layers_with_training_true_and_evaluate_and_predict_with_false(run_eagerly):
    recording = _Recording()
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1), recording])
    # as in TensorFlow 2.21, the model's build calls the layer once on a symbolic input
    assert recording.seen == [(None, None)]
    del recording.seen[:]
    model.compile(optimizer="sgd", loss="mse", run_eagerly=run_eagerly)
    x, y = np.ones((4, 2), np.float32), np.ones((4, 1), np.float32)
    model.fit(x, y, verbose=0)
    assert recording.seen and {training for training, _ in recording.seen} == {True}
    del recording.seen[:]
    model.evaluate(x, y, verbose=0)
    model.predict(x, verbose=0)
    assert recording.seen and {training for training, _ in recording.seen} == {False}


def test_validation_arrays_are_evaluated_in_batches_of_fits_batch_size():
    recording = _Recording()
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1), recording])
    model.compile(optimizer="sgd", loss="mse", run_eagerly=True)
    x, y = np.ones((6, 2), np.float32), np.ones((6, 1), np.float32)
    del recording.seen[:]  # the build's symbolic call
    model.fit(x, y, batch_size=2, validation_data=(x, y), verbose=0)
    assert [size for training, size in recording.seen if not training] == [2, 2, 2]


def test_evaluate_and_predict_keep_their_functions_between_calls():
    model = mlp()
    x, y = quadrants(8)
    model.evaluate(x, y, verbose=0)
    model.predict(x, verbose=0)
    (test,) = model._compiled.functions.values()
    predict = model._predict_function[1]
    model.evaluate(x, y, verbose=0)
    model.predict(x, verbose=0)
    assert list(model._compiled.functions.values()) == [test]
    assert model._predict_function[1] is predict
    assert [repr(test), repr(predict)] == ["<ag.Function test_function (1 traces)>",
                                           "<ag.Function predict_function (1 traces)>"]


def test_adam_by_name_makes_its_slots_before_the_single_trace():
    x, y = quadrants(70)
    model = mlp()
    model.compile(optimizer="adam", loss="sparse_categorical_crossentropy",
                  metrics=["accuracy"])
    assert isinstance(model.optimizer, keras.optimizers.Adam)
    calls = []

    class Counting(keras.layers.Layer):
        def call(self, t):
            calls.append(1)
            return t

    model.add(Counting())
    model.fit(x, y, batch_size=32, epochs=2, verbose=0)
    (train,) = model._compiled.functions.values()
    assert train.experimental_get_tracing_count() == 1
    # the build's symbolic call (Keras makes one too), then the step ran once in Python:
    # slots made during it would retrace
    assert len(calls) == 2
    assert int(model.optimizer.iterations.numpy()) == 6


def test_any_object_with_apply_gradients_is_an_optimizer():
    class HalfStep:
        def apply_gradients(self, grads_and_vars):
            for gradient, variable in grads_and_vars:
                variable.assign_sub(0.5 * gradient)

    x, y = quadrants(64)
    model = mlp()
    model.compile(optimizer=HalfStep(),
                  loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    history = model.fit(x, y, batch_size=32, epochs=5, verbose=0)
    assert history.history["loss"][-1] < history.history["loss"][0]


def test_keras_optimizers_is_ag_optimizers():
    assert keras.optimizers is ag.optimizers


def test_history_has_the_logs_per_epoch_and_the_params():
    x, y = quadrants(50)
    history = mlp().fit(x, y, batch_size=16, epochs=2, verbose=0, validation_data=(x, y))
    assert sorted(history.history) == ["accuracy", "loss", "val_accuracy", "val_loss"]
    assert all(len(values) == 2 for values in history.history.values())
    assert history.epoch == [0, 1]
    assert history.params == {"verbose": 0, "epochs": 2, "steps": 4}


def test_validation_split_holds_out_the_last_samples():
    x, y = quadrants(50)
    model = mlp()
    history = model.fit(x, y, batch_size=10, epochs=1, verbose=0, validation_split=0.2,
                        shuffle=False)
    assert history.params["steps"] == 4
    np.testing.assert_allclose(history.history["val_loss"],
                               [model.evaluate(x[40:], y[40:], verbose=0)[0]], rtol=1e-6)


def test_initial_epoch_resumes_the_count():
    x, y = quadrants(20)
    history = mlp().fit(x, y, epochs=3, initial_epoch=2, verbose=0)
    assert history.epoch == [2]


def test_fit_prints_a_progress_bar_per_epoch(capsys):
    x, y = quadrants(50)
    mlp().fit(x, y, batch_size=16, epochs=2, validation_data=(x, y))
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Epoch 1/2" and lines[2] == "Epoch 2/2" and len(lines) == 4
    pattern = (r"4/4 ━{20} \d+s \d+(us|ms|s)/step - accuracy: \d\.\d{4} - loss: \d\.\d{4} - "
               r"val_accuracy: \d\.\d{4} - val_loss: \d\.\d{4}")
    assert re.fullmatch(pattern, lines[1]) and re.fullmatch(pattern, lines[3])


def test_fit_verbose_2_prints_one_line_per_epoch(capsys):
    x, y = quadrants(50)
    mlp().fit(x, y, batch_size=16, epochs=2, verbose=2)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Epoch 1/2" and lines[2] == "Epoch 2/2" and len(lines) == 4
    assert re.fullmatch(r"4/4 - \d+s - \d+(us|ms|s)/step - accuracy: \d\.\d{4} - "
                        r"loss: \d\.\d{4}", lines[1])


def test_a_fit_of_one_epoch_prints_no_epoch_line(capsys):
    x, y = quadrants(50)
    mlp().fit(x, y, batch_size=16, epochs=1, verbose=2)
    lines = capsys.readouterr().out.splitlines()  # TensorFlow 2.21 prints the bar alone
    assert len(lines) == 1 and lines[0].startswith("4/4 - ")


def test_verbose_0_prints_nothing(capsys):
    x, y = quadrants(50)
    model = mlp()
    model.fit(x, y, epochs=2, verbose=0, validation_data=(x, y))
    model.evaluate(x, y, verbose=0)
    model.predict(x, verbose=0)
    assert capsys.readouterr().out == ""


def test_evaluate_returns_the_loss_then_the_metrics():
    x, y = quadrants(50)
    model = mlp()
    values = model.evaluate(x, y, batch_size=8, verbose=0)
    assert model.metrics_names == ["loss", "accuracy"] and len(values) == 2
    assert model.evaluate(x, y, verbose=0, return_dict=True) == pytest.approx(
        {"accuracy": values[1], "loss": values[0]})


def test_evaluate_without_metrics_returns_the_loss_alone():
    x, y = quadrants(50)
    model = keras.Sequential([keras.layers.Dense(1)])
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
    assert isinstance(model.evaluate(x, y.astype(np.float32), verbose=0), float)


def test_predict_returns_one_array_of_every_batch():
    x, _ = quadrants(70)
    out = mlp().predict(x, batch_size=32, verbose=0)
    assert isinstance(out, np.ndarray) and out.shape == (70, 2) and out.dtype == np.float32


def test_predict_matches_calling_the_model():
    x, _ = quadrants(10)
    model = mlp()
    np.testing.assert_allclose(model.predict(x, verbose=0), model(x).numpy(), rtol=1e-6)


def test_accuracy_is_binary_for_one_output_and_categorical_for_one_hot_labels():
    x, y = quadrants(40)
    binary = keras.Sequential([keras.layers.Dense(1, activation="sigmoid")])
    binary.compile(optimizer="sgd", loss="binary_crossentropy", metrics=["accuracy"])
    binary.evaluate(x, y.reshape(-1, 1), verbose=0)
    categorical = keras.Sequential([keras.layers.Dense(2, activation="softmax")])
    categorical.compile(optimizer="sgd", loss="categorical_crossentropy", metrics=["accuracy"])
    categorical.evaluate(x, np.eye(2, dtype=np.float32)[y], verbose=0)
    assert type(binary.metrics[1]).__name__ == "BinaryAccuracy"
    assert type(categorical.metrics[1]).__name__ == "CategoricalAccuracy"
    assert binary.metrics[1].name == categorical.metrics[1].name == "accuracy"


class _Same(ag.keras.layers.Layer):
    def call(self, x):
        return x


def test_accuracy_of_outputs_whose_last_axis_has_size_1_is_binary_at_any_rank():
    # tf.keras 3.15: binary accuracy 4/6 on outputs of shape (2, 3, 1), under both names.
    model = keras.Sequential([keras.Input((3, 1)), _Same()])
    model.compile(loss="mse", metrics=["accuracy", "acc"])
    y = np.array([[[1.0], [0.0], [1.0]], [[0.0], [0.0], [1.0]]], np.float32)
    y_pred = np.array([[[0.9], [0.2], [0.4]], [[0.6], [0.1], [0.8]]], np.float32)
    logs = model.evaluate(y_pred, y, verbose=0, return_dict=True)
    np.testing.assert_allclose([logs["accuracy"], logs["acc"]], [4 / 6, 4 / 6], rtol=1e-6)
    assert [type(m).__name__ for m in model.metrics[1:]] == ["BinaryAccuracy"] * 2


@pytest.mark.parametrize("name", ["ACC", "Accuracy"])
def test_accuracy_names_are_matched_in_any_case(name):
    # tf.keras 3.15: 2/3 under the name as given, sparse for integer labels.
    model = keras.Sequential([keras.Input((2,)), _Same()])
    model.compile(loss="sparse_categorical_crossentropy", metrics=[name])
    x = np.array([[0.9, 0.1], [0.2, 0.8], [0.3, 0.7]], np.float32)
    logs = model.evaluate(x, np.array([0, 1, 0], np.int32), verbose=0, return_dict=True)
    np.testing.assert_allclose(logs[name], 2 / 3, rtol=1e-6)


def test_accuracy_with_labels_whose_last_axis_has_size_1_is_sparse_at_any_rank():
    # tf.keras 3.15: sparse accuracy 2/4 for labels (2, 2, 1) against predictions (2, 2, 3).
    model = keras.Sequential([keras.Input((2, 3)), _Same()])
    model.compile(loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    y_pred = np.array([[[0.8, 0.1, 0.1], [0.1, 0.8, 0.1]], [[0.1, 0.1, 0.8], [0.8, 0.1, 0.1]]],
                      np.float32)
    y = np.array([[[0], [2]], [[2], [1]]], np.int32)
    logs = model.evaluate(y_pred, y, verbose=0, return_dict=True)
    np.testing.assert_allclose(logs["accuracy"], 0.5, rtol=1e-6)
    assert type(model.metrics[1]).__name__ == "SparseCategoricalAccuracy"


def test_compile_without_an_optimizer_uses_rmsprop_with_keras_defaults():
    # tf.keras 3.15: RMSprop, learning rate 0.001, rho 0.9, momentum 0, epsilon 1e-7.
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile(loss="mse")
    config = model.optimizer.get_config()
    assert type(model.optimizer).__name__ == "RMSprop"
    np.testing.assert_allclose([config["learning_rate"], config["rho"], config["momentum"],
                                config["epsilon"]], [0.001, 0.9, 0.0, 1e-7], rtol=1e-6)


def test_model_variables_are_the_layers_weights_in_order():
    model = mlp()
    model.build((None, 2))
    assert [w.shape.as_list() for w in model.trainable_variables] == [[2, 16], [16], [16, 2],
                                                                      [2]]
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse", metrics=["accuracy"])
    assert len(model.variables) == 4  # the metrics' variables are not the model's


def test_trackable_children_are_the_layers_by_position():
    model = mlp()
    model.build((None, 2))
    children = model._trackable_children()
    assert list(children["layers"]) == ["0", "1"]
    assert children["layers"]["0"] is model.layers[0]
    assert children["optimizer"] is model.optimizer


def test_first_layer_input_shape_builds_the_model():
    model = keras.Sequential([keras.layers.Dense(3, input_shape=(4,))])
    assert model.built and model.count_params() == 15


def test_add_and_pop_change_the_layers():
    model = keras.Sequential()
    model.add(keras.layers.Dense(3))
    model.add(keras.layers.Dense(1))
    assert len(model.layers) == 2
    model.pop()
    assert len(model.layers) == 1
    with pytest.raises(TypeError, match="^" + re.escape(
            "Sequential.add takes a layer (ag.keras.layers.Dense, ...), got 'dense'.") + "$"):
        model.add("dense")


def test_add_and_pop_on_a_built_model_build_it_again_for_the_same_input_shape():
    model = keras.Sequential([keras.layers.Dense(2)])
    model.build((None, 3))
    model.add(keras.layers.Dense(1))
    # TensorFlow 2.21: still built after add and after pop; 8 + 3 parameters, then 8
    assert model.built is True and model.count_params() == 11
    model.pop()
    assert model.built is True and model.count_params() == 8


def test_add_to_a_model_never_built_leaves_it_unbuilt():
    model = keras.Sequential([keras.layers.Dense(2)])
    model.add(keras.layers.Dense(1))
    assert model.built is False  # TensorFlow 2.21: False


def test_summary_lists_layers_output_shapes_and_parameters():
    model = keras.Sequential([
        keras.layers.Conv2D(4, 3, activation="relu", name="conv"),
        keras.layers.MaxPooling2D(name="pool"), keras.layers.Flatten(name="flat"),
        keras.layers.Dropout(0.5, name="drop"),
        keras.layers.Dense(3, activation="softmax", name="out")], name="cnn")
    model.build((None, 8, 8, 2))
    lines = []
    model.summary(print_fn=lines.append)
    text = lines[0]
    # tf.keras's summary of the same model (Keras 3.15), rows and totals
    for row in ["│ conv (Conv2D)                   │ (None, 6, 6, 4)        │            76 │",
                "│ pool (MaxPooling2D)             │ (None, 3, 3, 4)        │             0 │",
                "│ flat (Flatten)                  │ (None, 36)             │             0 │",
                "│ drop (Dropout)                  │ (None, 36)             │             0 │",
                "│ out (Dense)                     │ (None, 3)              │           111 │",
                " Total params: 187 (748.00 B)", " Trainable params: 187 (748.00 B)",
                " Non-trainable params: 0 (0.00 B)"]:
        assert row in text.splitlines()
    assert text.startswith('Model: "cnn"')


def test_summary_of_an_unbuilt_model_says_to_build_it():
    with pytest.raises(ValueError, match=(
            r"^Sequential model 'sequential(_\d+)?'" + re.escape(
                " has not been built yet: call build(input_shape), call it on a batch, or "
                "give its first layer an input_shape.") + "$")):
        keras.Sequential([keras.layers.Dense(1)]).summary()


@pytest.mark.parametrize("method", ["fit", "evaluate"])
def test_fit_or_evaluate_before_compile_says_to_compile(method):
    with pytest.raises(RuntimeError, match="^" + re.escape(
            f"You must compile the model before calling {method}: "
            "model.compile(optimizer=..., loss=...).") + "$"):
        getattr(keras.Sequential([keras.layers.Dense(1)]), method)(np.ones((2, 1)),
                                                                   np.ones((2, 1)))


def test_samples_of_x_and_y_must_agree():
    with pytest.raises(ValueError, match="^" + re.escape(
            "x and y must have the same number of samples, got 5 and 4.") + "$"):
        mlp().fit(np.ones((5, 2)), np.ones(4, np.int32), verbose=0)


def test_compile_needs_an_optimizer_object_and_a_loss():
    model = keras.Sequential([keras.layers.Dense(1)])
    with pytest.raises(TypeError, match=(
            "^" + re.escape(
                "compile: the optimizer must be an optimizer object (with apply_gradients), "
                "e.g. ag.keras.optimizers.SGD(0.01), or a name; got ")
            + r"<object object at 0x[0-9a-fA-F]+>\.$")):
        model.compile(optimizer=object(), loss="mse")
    with pytest.raises(ValueError, match="^" + re.escape(
            "compile: unknown optimizer 'adamm'. Known names: adagrad, adam, adamw, "
            "rmsprop, sgd; or pass an optimizer object such as "
            "ag.keras.optimizers.SGD(0.01).") + "$"):
        model.compile(optimizer="adamm", loss="mse")
    with pytest.raises(ValueError, match="^" + re.escape(
            "compile: a loss is needed for fit and evaluate, e.g. loss='mse' or "
            "loss=ag.keras.losses.MeanSquaredError().") + "$"):
        model.compile(optimizer=keras.optimizers.SGD(0.1))


class _Terminal(io.StringIO):
    def isatty(self):
        return True


def test_on_a_terminal_the_bar_is_redrawn_after_each_batch(monkeypatch):
    x, y = quadrants(50)
    model = mlp()
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stdout", terminal)
    model.fit(x, y, batch_size=16, epochs=1)
    text = terminal.getvalue()
    assert "Epoch" not in text  # one epoch: no epoch line, as in Keras 3
    redraws = text.split("\r\x1b[K")[1:]
    assert [r.split(" ")[0] for r in redraws] == ["1/4", "2/4", "3/4", "4/4"]
    assert redraws[0].startswith("1/4 ━━━━━─────────────── ") and text.endswith("\n")


def test_evaluate_and_predict_print_one_bar_line(capsys):
    x, y = quadrants(50)
    model = mlp()
    model.evaluate(x, y, batch_size=25)
    model.predict(x, batch_size=25)
    lines = capsys.readouterr().out.splitlines()
    assert re.fullmatch(r"2/2 ━{20} \d+s \d+(us|ms|s)/step - accuracy: \d\.\d{4} - "
                        r"loss: \d\.\d{4}", lines[0])
    assert re.fullmatch(r"2/2 ━{20} \d+s \d+(us|ms|s)/step", lines[1])


def test_fit_takes_eager_tensors():
    x, y = quadrants(40)
    history = mlp().fit(ag.constant(x), ag.constant(y), epochs=1, verbose=0)
    assert len(history.history["loss"]) == 1


def test_a_model_first_called_inside_a_function_builds_there():
    model = keras.Sequential([keras.layers.Dense(3, activation="relu"),
                              keras.layers.Dropout(0.5, seed=2), keras.layers.Dense(1)])

    @ag.function(autograph=False)
    def forward(x):
        return model(x, training=True)

    assert forward(ag.ones([2, 4])).shape.as_list() == [2, 1]
    assert [w.shape.as_list() for w in model.weights] == [[4, 3], [3], [3, 1], [1]]
    np.testing.assert_allclose(model.predict(np.ones((2, 4)), verbose=0),
                               model(np.ones((2, 4))).numpy(), rtol=1e-6)


def _kernel_after_one_epoch(**shuffle):
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, kernel_initializer="ones")])
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
    x = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]], np.float32)
    np.random.seed(0)
    model.fit(x, np.array([[0.0], [1.0], [3.0]], np.float32), batch_size=1, verbose=0,
              **shuffle)
    return model.layers[0].kernel.numpy()


def test_fit_takes_the_samples_in_order_without_shuffle_and_reorders_them_with_it():
    in_order = _kernel_after_one_epoch(shuffle=False)
    # by hand: SGD steps on the samples in order, each with the gradient of (x @ w + b - y)^2
    w, b = np.ones((2, 1)), 0.0
    for x, y in zip(np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]), [0.0, 1.0, 3.0]):
        error = x @ w[:, 0] + b - y
        w, b = w - 0.1 * 2 * error * x[:, None], b - 0.1 * 2 * error
    np.testing.assert_allclose(in_order, w, rtol=1e-6)
    shuffled = _kernel_after_one_epoch(shuffle=True)
    assert not np.allclose(shuffled, in_order)
    np.testing.assert_array_equal(_kernel_after_one_epoch(), shuffled)  # Keras shuffles by default


def test_fit_batches_32_samples_by_default():
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
    history = model.fit(np.ones((33, 2), np.float32), np.ones((33, 1), np.float32), verbose=0)
    assert history.params["steps"] == 2  # TensorFlow 2.21: 2


def test_float64_arrays_train_as_float32():
    def losses(dtype):
        model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(
            1, kernel_initializer="ones")])
        model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
        x = np.array([[1.0, 2.0], [3.0, 4.0]], dtype)
        y = np.array([[1.0], [0.5]], dtype)
        return model.fit(x, y, epochs=2, verbose=0).history["loss"]
    # TensorFlow 2.21: [23.125, 106.42001] for both
    np.testing.assert_allclose(losses(np.float64), [23.125, 106.42001342773438], rtol=1e-6)
    np.testing.assert_allclose(losses(np.float32), [23.125, 106.42001342773438], rtol=1e-6)


def _two_dense_built_for(shape):
    model = ag.keras.Sequential([ag.keras.layers.Dense(4), ag.keras.layers.Dense(2)])
    model.build(shape)
    return model


def test_output_shape_for_another_input_shape_than_the_built_one_goes_through_the_layers():
    # TensorFlow 2.21 refuses (None, 5, 3) for a model built for (None, 3); a stack of Dense
    # layers takes it, as each Dense does
    model = _two_dense_built_for((None, 3))
    assert model.compute_output_shape((None, 5, 3)).as_list() == [None, 5, 2]


def test_output_shape_for_the_built_input_shape_is_the_last_layers():
    model = _two_dense_built_for((None, 3))
    assert model.compute_output_shape((None, 3)).as_list() == [None, 2]  # as TensorFlow 2.21


@pytest.mark.parametrize("shapes, text", [
    ([(None, 3), (None, 4)], "[(None, 3), (None, 4)]"),
    ({"a": (None, 3), "b": [None, 4]}, "{'a': (None, 3), 'b': (None, 4)}"),
    ([ag.TensorShape([None, 3]), [None, 4]], "[(None, 3), (None, 4)]")])
def test_building_for_several_inputs_is_refused_naming_their_shapes(shapes, text):
    model = ag.keras.Sequential([ag.keras.layers.Dense(2)], name="s")
    with pytest.raises(ValueError) as raised:
        model.build(shapes)
    assert str(raised.value) == (
        f"Sequential model 's' takes one input, got 2: {text}. Use a functional model "
        f"(ag.keras.Model(inputs, outputs)) for several.")


def test_output_shape_for_inputs_of_unknown_rank_goes_through_the_layers():
    model = ag.keras.Sequential([ag.keras.layers.Activation("relu")])
    model.build((None, 3))
    assert model.compute_output_shape(ag.TensorShape(None)).rank is None
