"""Keras file methods' refusals, each with its whole message, and their defaults."""

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.train.keras.model import InputLayer


def _model():
    return ag.keras.Sequential([ag.keras.Input(shape=(3,)), ag.keras.layers.Dense(2)])


def test_load_weights_of_a_missing_file_says_so(tmp_path):
    path = str(tmp_path / "none.weights.h5")
    with pytest.raises(FileNotFoundError) as raised:
        _model().load_weights(path)
    assert str(raised.value) == f"load_weights: no such file: {path!r}."


def test_save_weights_overwrites_by_default(tmp_path):
    path = str(tmp_path / "m.weights.h5")
    model = _model()
    model.save_weights(path)
    model.layers[0].kernel.assign(np.ones((3, 2), np.float32))
    model.save_weights(path)
    fresh = _model()
    fresh.load_weights(path)
    np.testing.assert_array_equal(fresh.layers[0].kernel.numpy(), np.ones((3, 2)))


def test_an_unbuilt_model_and_a_weights_file_without_a_shape_say_to_build_first(tmp_path):
    import h5py
    path = tmp_path / "m.weights.h5"
    _model().save_weights(str(path))
    with h5py.File(path, "r+") as file:  # as Keras 3 writes it: no input shape recorded
        for key in list(file.attrs):
            del file.attrs[key]
    model = ag.keras.Sequential([ag.keras.layers.Dense(2)])
    with pytest.raises(ValueError) as raised:
        model.load_weights(str(path))
    assert str(raised.value) == (
        f"load_weights: model {model.name!r} is not built yet and {str(path)!r} does not record "
        f"an input shape: build it first (call it on data or build(input_shape)).")


def test_input_takes_shape_or_batch_shape_exactly_once():
    message = ("InputLayer takes shape (without the batch axis) or batch_shape (with it), "
               "exactly one of them.")
    with pytest.raises(ValueError) as both:
        ag.keras.Input(shape=(3,), batch_shape=(None, 3))
    with pytest.raises(ValueError) as neither:
        ag.keras.Input()
    assert (str(both.value), str(neither.value)) == (message, message)


@pytest.mark.parametrize("option", ["sparse", "ragged", "optional"])
def test_input_refuses_sparse_ragged_and_optional_inputs(option):
    with pytest.raises(ValueError) as raised:
        InputLayer(shape=(3,), **{option: True})
    assert str(raised.value) == "InputLayer: sparse, ragged and optional inputs are not supported."


class Scaled(ag.keras.Model):
    def __init__(self, units=2, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.dense = ag.keras.layers.Dense(units)

    def call(self, x):
        return self.dense(x) * 2.0


def _functional(trainable=True):
    inputs = ag.keras.Input(shape=(3,))
    return ag.keras.Model(inputs, ag.keras.layers.Dense(2)(inputs), trainable=trainable)


def test_a_functional_model_from_config_keeps_trainable():
    model = _functional(trainable=False)
    assert ag.keras.Model.from_config(model.get_config()).trainable is False


def test_a_functional_models_build_config_is_keras_3s():
    assert _functional().get_build_config() == {"input_shape": None}


def test_a_subclassed_model_builds_from_its_build_config_with_unknown_sizes_as_one():
    model = Scaled()
    model.build_from_config({"input_shape": [None, 3]})
    assert model.built and model.dense.kernel.shape.as_list() == [3, 2]


def test_a_subclassed_model_takes_its_dtype_and_its_config_keeps_it():
    # As Keras 3.15 (recorded): Model(dtype="float64") is a float64 model.
    config = Scaled(units=3, dtype="float64").get_config()
    again = Scaled.from_config(config)
    assert (again.units, again.dtype) == (3, ag.float64)


def test_a_model_refuses_keyword_arguments_it_does_not_know():
    # As Keras 3.15 (recorded): a ValueError, which said nothing before
    with pytest.raises(ValueError) as raised:
        ag.keras.Model(units=3)
    assert str(raised.value) == "Unrecognized keyword arguments passed to Model: {'units': 3}"


class Rated(ag.keras.layers.Layer):
    def __init__(self, rate=0.5, *sizes, options=None, **kwargs):
        super().__init__(**kwargs)
        self.rate, self.sizes, self.options = rate, sizes, options

    def call(self, x):
        return x * self.rate


def test_a_custom_layers_config_holds_its_arguments_defaults_included():
    config = Rated().get_config()
    assert config["rate"] == 0.5 and config["options"] is None  # Keras 3.15: {'rate': 0.5, ...}
    config = Rated(0.25, 4, 5, options={"k": [1, 2]}, dtype="float64").get_config()
    assert (config["rate"], config["sizes"], config["options"]) == (0.25, [4, 5], {"k": [1, 2]})
    assert config["dtype"]["config"]["name"] == "float64"  # the policy, not the argument


def test_a_custom_layer_whose_arguments_a_config_cannot_hold_says_what_to_define():
    with pytest.raises(NotImplementedError) as raised:
        Rated(options={1: "a"}).get_config()
    assert str(raised.value) == (
        "Rated cannot give its config: its __init__ took options={1: 'a'}, which is not a plain "
        "value (number, string, list or dict). Define get_config() returning the arguments that "
        "rebuild it (and from_config, if they need converting).")


def test_the_base_layer_is_found_by_its_keras_name():
    from autograph.runtime.train.keras.serialization import find_class
    assert find_class({"class_name": "Layer", "module": "keras.layers"}) is ag.keras.layers.Layer


def test_load_weights_of_a_damaged_file_gives_hdf5s_reason(tmp_path):
    import h5py
    path = tmp_path / "bad.weights.h5"
    path.write_bytes(b"not hdf5")
    with pytest.raises(ValueError) as raised:
        _model().load_weights(str(path))
    with pytest.raises(OSError) as reason:  # h5py's own words, which vary with its version
        h5py.File(path, "r")
    assert str(raised.value) == (
        f"load_weights: {str(path)!r} is not a valid HDF5 weights file: {reason.value}")


def test_load_weights_of_another_architecture_names_the_call_and_the_extra_layer(tmp_path):
    path = str(tmp_path / "two.weights.h5")
    ag.keras.Sequential([ag.keras.Input(shape=(3,)), ag.keras.layers.Dense(2),
                         ag.keras.layers.Dense(1)]).save_weights(path)
    with pytest.raises(ValueError) as raised:
        _model().load_weights(path)
    assert str(raised.value) == (
        f"load_weights({path!r}): the file holds weights for 1 more layer(s) than the model has "
        f"(layers/dense_1/vars). Load it into a model of the same architecture.")


@pytest.mark.parametrize("run_eagerly", [None, True])
def test_the_compile_config_in_a_model_file_records_run_eagerly(tmp_path, run_eagerly):
    import json
    import zipfile
    model = _model()
    options = {} if run_eagerly is None else {"run_eagerly": run_eagerly}
    model.compile(optimizer="sgd", loss="mse", **options)
    model.save(str(tmp_path / "m.keras"))
    config = json.loads(zipfile.ZipFile(tmp_path / "m.keras").read("config.json"))
    assert config["compile_config"]["run_eagerly"] is bool(run_eagerly)


def test_a_model_config_without_layers_makes_a_plain_model():
    model = ag.keras.Model.from_config({"name": "plain", "trainable": True})
    assert type(model) is ag.keras.Model and model.name == "plain"


def test_the_base_layer_serializes_under_keras_layers():
    from autograph.runtime.train.keras.serialization import serialize
    assert serialize(ag.keras.layers.Layer())["module"] == "keras.layers"


class Named(ag.keras.layers.Layer):
    def __init__(self, units=1, name=None, trainable=True, dtype=None):
        super().__init__(name=name, trainable=trainable, dtype=dtype)
        self.units = units


def test_a_layer_declaring_name_and_trainable_gives_its_own_in_its_config():
    config = Named().get_config()
    assert (config["name"], config["trainable"], config["units"]) == ("named", True, 1)


def test_a_layer_built_directly_then_called_has_a_build_config():
    # Keras 3.15 records the shape given to build, (None, 3); here the first call's, [2, 3].
    layer = ag.keras.layers.Dense(2)
    layer.build((None, 3))
    layer(np.ones((2, 3), np.float32))
    assert layer.get_build_config() == {"input_shape": [2, 3]}
    layer(np.ones((5, 3), np.float32))  # later calls leave it as it was
    assert layer.get_build_config() == {"input_shape": [2, 3]}
