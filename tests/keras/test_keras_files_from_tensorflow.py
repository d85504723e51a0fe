"""`.keras` files written by Keras 3 (TensorFlow 2.21.0, Keras 3.15.1) load here and predict
what Keras predicted. The files and the expected predictions come from
tests/keras/data/make_keras_files.py, run with TensorFlow's interpreter."""

import io
import pathlib
import re
import zipfile

import h5py
import numpy as np
import numpy.testing as npt
import pytest

import autograph as ag
from autograph.runtime.train.keras import saving

DATA = pathlib.Path(__file__).parent / "data"
layers = ag.keras.layers


class Scale(layers.Layer):
    """The fixtures' custom layer (registered there as "fixtures>Scale")."""

    def __init__(self, initial=1.0, **kwargs):
        super().__init__(**kwargs)
        self.initial = initial

    def build(self, input_shape):
        self.factor = self.add_weight("factor", (input_shape[-1],),
                                      ag.keras.initializers.Constant(self.initial))

    def call(self, inputs):
        return inputs * self.factor

    def get_config(self):
        return {**super().get_config(), "initial": self.initial}


def _inputs(shape):
    """The generator's fixed inputs: evenly spaced in [-1, 1]."""
    return np.linspace(-1.0, 1.0, int(np.prod(shape)), dtype=np.float32).reshape(shape)


def _load(name, **kwargs):
    return ag.keras.models.load_model(DATA / f"{name}.keras", **kwargs)


def test_a_keras_sequential_mlp_predicts_as_keras_did():
    model = _load("mlp")
    # TensorFlow 2.21: model.predict of the fixture's inputs
    npt.assert_allclose(model.predict(_inputs((3, 4)), verbose=0), [
        [0.30323446, 0.50794721, 0.18881832],
        [0.38836321, 0.34002954, 0.27160734],
        [0.61546856, 0.28907257, 0.09545887]], rtol=1e-5)


def test_a_keras_cnn_predicts_as_keras_did():
    model = _load("cnn")
    # TensorFlow 2.21: Conv2D, MaxPooling2D, Flatten, Dropout, Dense
    npt.assert_allclose(model.predict(_inputs((2, 8, 8, 1)), verbose=0), [
        [0.27044713, 0.41738239, 0.31217054],
        [0.26391244, 0.38859424, 0.34749329]], rtol=1e-5)
    assert [type(layer).__name__ for layer in model.layers] == [
        "Conv2D", "MaxPooling2D", "Flatten", "Dropout", "Dense"]


def test_a_keras_functional_model_with_a_custom_layer_predicts_as_keras_did():
    model = _load("functional", custom_objects={"Scale": Scale})
    # TensorFlow 2.21: Dense(tanh), Dropout, the custom Scale(0.5), Dense
    npt.assert_allclose(model.predict(_inputs((3, 5)), verbose=0), [
        [0.03064214, 0.42553303],
        [0.03324448, 0.03570405],
        [0.10689061, -0.45787740]], rtol=1e-5)
    assert model.name == "small_functional"
    assert [layer.name for layer in model.layers][-1] == "out"


@pytest.fixture
def registered_scale():
    """`Scale` registered as the fixtures registered it, for one test only."""
    registered = ag.keras.saving.register_keras_serializable(package="fixtures")(
        type("Scale", (Scale,), {}))
    yield registered
    saving._REGISTERED.pop("fixtures>Scale")


def test_a_custom_layer_is_found_by_its_registered_name(registered_scale):
    model = _load("functional")
    assert any(type(layer) is registered_scale for layer in model.layers)


def test_a_custom_layer_not_provided_is_one_error_naming_it():
    message = ("load_model: cannot make the model of '{}' again: Unknown class 'Scale'. Pass "
               "it to load_model as custom_objects={{'Scale': Scale}}, or decorate the class "
               "with @ag.keras.saving.register_keras_serializable().")
    with pytest.raises(ValueError, match="^" + re.escape(
            message.format(DATA / "functional.keras")) + "$"):
        _load("functional")


def test_the_compile_config_compiles_the_model_again():
    model = _load("mlp")
    # TensorFlow 2.21: Adam(0.01), "sparse_categorical_crossentropy", ["accuracy"]
    assert type(model.optimizer).__name__ == "Adam"
    npt.assert_allclose(float(model.optimizer.learning_rate.numpy()), 0.01, rtol=1e-6)
    assert model.loss == "sparse_categorical_crossentropy"
    assert model._compiled.metric_specs == ["accuracy"]


def test_the_optimizer_state_is_read_back():
    model = _load("mlp")
    # TensorFlow 2.21: 2 epochs of 2 batches; the first kernel's momentum, read with h5py
    assert int(model.optimizer.iterations.numpy()) == 4
    momentum = model.optimizer.get_slot(model.layers[0].kernel, "momentum").numpy()
    with zipfile.ZipFile(DATA / "mlp.keras") as zf:
        with h5py.File(io.BytesIO(zf.read("model.weights.h5")), "r") as f:
            npt.assert_array_equal(momentum, f["optimizer/vars/2"][()])


def test_compile_false_leaves_the_model_uncompiled():
    model = _load("mlp", compile=False)
    assert model.optimizer is None and model.loss is None


def test_a_loaded_keras_model_trains_on():
    model = _load("mlp")
    x = np.random.RandomState(1).rand(16, 4).astype(np.float32)
    y = (x.sum(axis=1) > 2).astype(np.int32)
    before = model.evaluate(x, y, verbose=0)[0]
    model.fit(x, y, epochs=5, batch_size=8, verbose=0)
    assert model.evaluate(x, y, verbose=0)[0] < before
    assert int(model.optimizer.iterations.numpy()) == 4 + 10


def test_keras_weights_file_loads_with_load_weights(tmp_path):
    with zipfile.ZipFile(DATA / "cnn.keras") as zf:
        (tmp_path / "cnn.weights.h5").write_bytes(zf.read("model.weights.h5"))
    model = ag.keras.Sequential([
        ag.keras.Input((8, 8, 1)), layers.Conv2D(4, 3, activation="relu"),
        layers.MaxPooling2D(), layers.Flatten(), layers.Dropout(0.25),
        layers.Dense(3, activation="softmax")])
    model.load_weights(str(tmp_path / "cnn.weights.h5"))
    npt.assert_allclose(model.predict(_inputs((2, 8, 8, 1)), verbose=0), [
        [0.27044713, 0.41738239, 0.31217054],
        [0.26391244, 0.38859424, 0.34749329]], rtol=1e-5)
