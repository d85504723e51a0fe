"""Subclassed `ag.keras.Model`s, `ag.keras.Input`, `compile(run_eagerly=True)` and
`save_weights`/`load_weights`."""

import numpy as np
import numpy.testing as npt
import pytest

import autograph as ag


class Line(ag.keras.Model):
    def __init__(self):
        super().__init__()
        self.w = ag.Variable(5.0)
        self.b = ag.Variable(0.0)

    def call(self, x):
        return self.w * x + self.b


_X = np.linspace(-2, 2, 9).astype(np.float32)
_Y = (3 * _X + 2 + np.sin(7 * _X)).astype(np.float32)


def _sgd_by_hand(epochs):
    w, b, losses = 5.0, 0.0, []
    for _ in range(epochs):
        error = w * _X + b - _Y
        losses.append(np.mean(error ** 2))
        w, b = w - 0.1 * np.mean(2 * error * _X), b - 0.1 * np.mean(2 * error)
    return w, b, losses


def test_a_subclassed_model_trains_the_variables_it_holds():
    # Deliberately unlike TensorFlow 2.21's Keras 3, which does not track tf.Variables set as
    # attributes and leaves them untrained (loss 10.163731 three times); TensorFlow's
    # basic_training_loops guide expects them trained, as Keras 2 did.
    for run_eagerly in (False, True):
        model = Line()
        model.compile(run_eagerly=run_eagerly, optimizer=ag.keras.optimizers.SGD(0.1),
                      loss=ag.keras.losses.MeanSquaredError())
        history = model.fit(_X, _Y, epochs=3, batch_size=1000, verbose=0, shuffle=False)
        w, b, losses = _sgd_by_hand(3)
        npt.assert_allclose(history.history["loss"], losses, rtol=1e-5)
        npt.assert_allclose([model.w.numpy(), model.b.numpy()], [w, b], rtol=1e-5)


def test_a_subclassed_call_without_training_is_called_without_it():
    assert float(Line()(ag.constant(2.0))) == 10.0


def test_save_weights_and_load_weights_round_trip(tmp_path):
    model = Line()
    model.w.assign(1.5)
    model.save_weights(str(tmp_path / "line"))
    fresh = Line()
    fresh.load_weights(str(tmp_path / "line"))
    assert (float(fresh.w), float(fresh.b)) == (1.5, 0.0)


def test_input_builds_a_sequential_model_and_is_not_listed_as_a_layer():
    model = ag.keras.Sequential([ag.keras.Input((3,)),
                                 ag.keras.layers.Dense(2, kernel_initializer="ones")])
    assert len(model.layers) == 1
    assert [tuple(w.shape.as_list()) for w in model.weights] == [(3, 2), (2,)]
    npt.assert_allclose(model.predict(np.ones((1, 3), np.float32), verbose=0), [[3.0, 3.0]])


class _FlexibleDense(ag.keras.layers.Layer):
    def __init__(self, out_features, **kwargs):
        super().__init__(**kwargs)
        self.out_features = out_features

    def build(self, input_shape):
        self.w = ag.Variable(ag.ones([input_shape[-1], self.out_features]), name="w")
        self.b = ag.Variable(ag.zeros([self.out_features]), name="b")

    def call(self, inputs):
        return ag.matmul(inputs, self.w) + self.b


def test_a_functional_model_runs_its_layer_graph_and_trains():
    inputs = ag.keras.Input(shape=[3])
    outputs = _FlexibleDense(2)(_FlexibleDense(3)(inputs))
    model = ag.keras.Model(inputs=inputs, outputs=outputs)
    assert model.name.startswith("functional")
    npt.assert_allclose(model(ag.constant([[2.0, 2.0, 2.0]])).numpy(), [[18.0, 18.0]])
    assert len(model.trainable_variables) == 4 and model.count_params() == 20
    model.compile(optimizer="sgd", loss="mse")
    losses = model.fit(np.ones((4, 3), np.float32), np.zeros((4, 2), np.float32), epochs=2,
                       verbose=0).history["loss"]
    assert losses[1] < losses[0]


def test_register_keras_serializable_registers_the_class():
    @ag.keras.saving.register_keras_serializable(package="tests")
    class Registered(ag.keras.Model):
        def call(self, x):
            return x

    assert ag.keras.saving.get_registered_object("tests>Registered") is Registered


def test_register_keras_serializable_takes_the_package_custom_by_default():
    # TensorFlow 2.21: get_registered_name gives 'Custom>DefaultPackage'
    @ag.keras.saving.register_keras_serializable()
    class DefaultPackage(ag.keras.layers.Layer):
        pass
    assert ag.keras.saving.get_registered_name(DefaultPackage) == "Custom>DefaultPackage"


def test_a_functional_model_is_built_at_once():
    inputs = ag.keras.Input((2,))
    model = ag.keras.Model(inputs=inputs, outputs=ag.keras.layers.Dense(1)(inputs))
    assert model.built is True  # TensorFlow 2.21: True


def test_a_functional_model_takes_inputs_and_outputs_by_position():
    inputs = ag.keras.Input((2,))
    model = ag.keras.Model(inputs, ag.keras.layers.Dense(1, kernel_initializer="ones")(inputs))
    # TensorFlow 2.21 (Keras 3.15): [[3.]]
    npt.assert_array_equal(model(ag.constant([[1.0, 2.0]])).numpy(), [[3.0]])


def test_a_functional_model_takes_inputs_by_position_and_outputs_by_name():
    inputs = ag.keras.Input((2,))
    outputs = ag.keras.layers.Dense(1, kernel_initializer="ones")(inputs)
    model = ag.keras.Model(inputs, outputs=outputs)
    npt.assert_array_equal(model(ag.constant([[1.0, 2.0]])).numpy(), [[3.0]])


@pytest.mark.parametrize("args, kwargs", [
    (3, {}), (1, {"inputs": True}), (2, {"inputs": True}), (2, {"outputs": True}),
], ids=["three by position", "inputs by position and by name",
        "both by position and inputs by name", "both by position and outputs by name"])
def test_a_model_given_inputs_or_outputs_twice_says_how_to_make_it(args, kwargs):
    # TensorFlow 2.21 (Keras 3.15) raises a TypeError too, naming the argument given twice
    inputs = ag.keras.Input((2,))
    with pytest.raises(TypeError) as raised:
        ag.keras.Model(*[inputs] * args, **{name: inputs for name in kwargs})
    assert str(raised.value) == ("Model takes inputs and outputs once each: "
                                 "Model(inputs, outputs) or Model(inputs=..., outputs=...).")


def test_a_model_whose_output_is_its_input_is_the_identity():
    inputs = ag.keras.Input((2,))
    model = ag.keras.Model(inputs=inputs, outputs=inputs)
    # TensorFlow 2.21: [[1, 2]]
    npt.assert_array_equal(model.predict(np.array([[1.0, 2.0]], np.float32), verbose=0),
                           [[1.0, 2.0]])


class _Seen(ag.keras.Model):
    """Doubles its input and records the type its `call` was given."""

    def call(self, inputs):
        self.seen = type(inputs)
        return inputs * 2.0


def test_a_subclassed_model_is_built_by_its_first_call():
    model = _Seen()
    assert model.built is False
    model(np.ones((1, 2), np.float32))
    assert model.built is True  # TensorFlow 2.21: False, then True


def test_a_subclassed_model_gets_an_array_as_a_tensor():
    model = _Seen()
    npt.assert_array_equal(model(np.ones((1, 2), np.float32)).numpy(), [[2.0, 2.0]])
    assert issubclass(model.seen, ag.Tensor)  # TensorFlow 2.21: an EagerTensor


class _Joined(ag.keras.Model):
    def call(self, inputs):
        self.seen = type(inputs)
        return ag.concat(inputs, axis=-1)


def test_a_subclassed_model_gets_a_list_of_inputs_as_a_list():
    model = _Joined()
    out = model([np.ones((1, 2), np.float32), np.ones((1, 3), np.float32)])
    assert model.seen is list and out.shape == (1, 5)  # TensorFlow 2.21: list, (1, 5)


class _Mode(ag.keras.Model):
    def call(self, inputs, training=None):
        self.training = training
        return inputs


def test_a_subclassed_model_passes_training_to_a_call_that_takes_it():
    model = _Mode()
    model(np.ones((1, 2), np.float32), training=True)
    assert model.training is True  # TensorFlow 2.21: True


def test_build_marks_a_subclassed_model_built():
    model = _Mode()
    model.build((None, 2))
    assert model.built is True  # TensorFlow 2.21: True


class _CountingCalls(ag.keras.layers.Layer):
    calls = 0

    def call(self, x):
        _CountingCalls.calls += 1
        return x * 2.0


def _calls_in_fit(model):
    _CountingCalls.calls = 0
    model.fit(np.ones((6, 1), np.float32), np.ones((6, 1), np.float32), batch_size=2,
              epochs=2, verbose=0)
    return _CountingCalls.calls


def _counting_model():
    return ag.keras.Sequential([ag.keras.Input((1,)), _CountingCalls()])


@pytest.mark.filterwarnings("ignore:The model does not have any trainable weights")
@pytest.mark.parametrize("run_eagerly, calls", [(True, 6), (False, 1)])
def test_run_eagerly_calls_the_model_at_every_step_instead_of_tracing_once(run_eagerly, calls):
    # tf.keras 3.15: 6 calls (3 batches, 2 epochs) eagerly, 1 trace otherwise.
    model = _counting_model()
    model.compile(loss="mse", run_eagerly=run_eagerly)
    assert model.run_eagerly is run_eagerly
    assert _calls_in_fit(model) == calls


@pytest.mark.filterwarnings("ignore:The model does not have any trainable weights")
def test_setting_run_eagerly_after_a_fit_takes_effect_at_the_next_fit():
    # Deliberately unlike Keras 3.15, which keeps the step its first fit made (6 calls again).
    model = _counting_model()
    model.compile(loss="mse", run_eagerly=True)
    _calls_in_fit(model)
    model.run_eagerly = False
    assert _calls_in_fit(model) == 1


@pytest.mark.parametrize("run_eagerly, calls", [(True, 3), (False, 1)])
def test_predict_runs_eagerly_when_run_eagerly_is_set(run_eagerly, calls):
    # tf.keras 3.15: 3 calls (3 batches) with run_eagerly set, before or without compile.
    model = _counting_model()
    model.run_eagerly = run_eagerly
    _CountingCalls.calls = 0
    model.predict(np.ones((6, 1), np.float32), batch_size=2, verbose=0)
    assert _CountingCalls.calls == calls


def test_run_eagerly_is_false_before_compile():
    assert _counting_model().run_eagerly is False
