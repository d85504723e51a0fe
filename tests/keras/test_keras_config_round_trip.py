"""`from_config(get_config())` for every layer and model, configs Keras 3 wrote read back, and
one clear error for what a config cannot hold; expected values from TensorFlow 2.21 (Keras
3.15)."""

import json

import numpy as np
import numpy.testing as npt
import pytest

import autograph as ag
from autograph.runtime.train.keras.serialization import deserialize_dtype

keras = ag.keras
layers = ag.keras.layers


def _json(config):
    return json.loads(json.dumps(config))


@pytest.mark.parametrize("make", [
    lambda: layers.Layer(name="base", trainable=False, dtype="float64"),
    lambda: layers.Dense(3, activation="tanh", use_bias=False, name="d",
                         kernel_initializer=keras.initializers.HeNormal(seed=2)),
    lambda: layers.Conv2D(2, (3, 1), strides=2, padding="same", dilation_rate=1,
                          activation="relu", bias_initializer="ones", name="c"),
    lambda: layers.MaxPooling2D(3, strides=1, padding="same", name="p"),
    lambda: layers.Flatten(data_format="channels_first", name="f"),
    lambda: layers.Dropout(0.3, noise_shape=[None, 1], seed=4, name="dr"),
    lambda: keras.Input((4, 2), name="in"),
], ids=["Layer", "Dense", "Conv2D", "MaxPooling2D", "Flatten", "Dropout", "InputLayer"])
def test_a_layer_is_made_again_from_its_config(make):
    layer = make()
    again = type(layer).from_config(layer.get_config())
    assert _json(again.get_config()) == _json(layer.get_config())


def test_an_input_layers_config_is_keras_3s():
    # TensorFlow 2.21: keras.layers.InputLayer(shape=(8, 8, 1), name="img").get_config()
    assert keras.Input((8, 8, 1), name="img").get_config() == {
        "batch_shape": [None, 8, 8, 1], "dtype": "float32", "sparse": False, "ragged": False,
        "name": "img", "optional": False}


def test_a_dense_layer_from_a_keras_config_has_its_initializers():
    # TensorFlow 2.21: Dense(3, kernel_initializer=RandomNormal(stddev=0.1, seed=7),
    # bias_initializer="ones").get_config()
    config = {"name": "di", "trainable": True, "dtype": {
        "module": "keras", "class_name": "DTypePolicy", "config": {"name": "float32"},
        "registered_name": None}, "units": 3, "activation": "linear", "use_bias": True,
        "kernel_initializer": {"module": "keras.initializers", "class_name": "RandomNormal",
                               "config": {"seed": 7, "mean": 0.0, "stddev": 0.1},
                               "registered_name": None},
        "bias_initializer": {"module": "keras.initializers", "class_name": "Ones",
                             "config": {}, "registered_name": None},
        "kernel_regularizer": None, "bias_regularizer": None, "kernel_constraint": None,
        "bias_constraint": None, "quantization_config": None}
    layer = layers.Dense.from_config(config)
    layer.build((None, 2))
    npt.assert_array_equal(layer.bias.numpy(), np.ones(3, np.float32))
    assert type(layer.kernel_initializer).__name__ == "RandomNormal"
    assert (layer.kernel_initializer.stddev, layer.kernel_initializer.seed) == (0.1, 7)
    assert _json(layer.get_config()) == config


def test_flatten_channels_first_moves_the_channels_last_as_keras_does():
    x = np.arange(24, dtype=np.float32).reshape(2, 3, 2, 2)
    # TensorFlow 2.21: Flatten(data_format="channels_first")(x)
    npt.assert_array_equal(layers.Flatten(data_format="channels_first")(x).numpy(), [
        [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11], [12, 16, 20, 13, 17, 21, 14, 18, 22, 15, 19, 23]])


def test_a_sequential_model_is_made_again_built_from_its_config():
    model = keras.Sequential([keras.Input((3,)), layers.Dense(2)], name="seq")
    config = model.get_config()
    assert config["build_input_shape"] == [None, 3]
    assert [entry["class_name"] for entry in config["layers"]] == ["InputLayer", "Dense"]
    again = keras.Sequential.from_config(config)
    assert again.built and again.name == "seq"
    assert [w.shape.as_list() for w in again.weights] == [[3, 2], [2]]


def test_a_functional_models_config_records_each_call_as_keras_3_does():
    inputs = keras.Input((8, 8, 1), name="img")
    x = layers.MaxPooling2D(name="pool")(layers.Conv2D(2, 3, name="conv")(inputs))
    model = keras.Model(inputs, layers.Dense(3, name="head")(layers.Flatten(name="flat")(x)))
    config = _json(model.get_config())
    # TensorFlow 2.21, the same model: the input and output entries, and each call's input
    assert (config["input_layers"], config["output_layers"]) == (["img", 0, 0],
                                                                 ["head", 0, 0])
    assert config["layers"][0] == {
        "module": "keras.layers", "class_name": "InputLayer", "config": {
            "batch_shape": [None, 8, 8, 1], "dtype": "float32", "sparse": False,
            "ragged": False, "name": "img", "optional": False},
        "registered_name": None, "name": "img", "inbound_nodes": []}
    assert config["layers"][2]["inbound_nodes"] == [{"args": [{
        "class_name": "__keras_tensor__", "config": {
            "shape": [None, 6, 6, 2], "dtype": "float32", "keras_history": ["conv", 0, 0]}}],
        "kwargs": {}}]
    assert config["layers"][1]["build_config"] == {"input_shape": [None, 8, 8, 1]}


def test_a_functional_model_is_made_again_from_its_config():
    inputs = keras.Input((3,))
    model = keras.Model(inputs, layers.Dense(2, name="out")(layers.Dense(4)(inputs)), name="fm")
    again = keras.Model.from_config(model.get_config())
    assert again.name == "fm" and [layer.name for layer in again.layers][-1] == "out"
    assert again(np.ones((1, 3), np.float32)).shape.as_list() == [1, 2]


def test_a_layer_called_twice_is_made_again_with_both_calls():
    inputs = keras.Input((2,))
    shared = layers.Dense(2, name="shared")
    model = keras.Model(inputs, shared(shared(inputs)))
    config = model.get_config()
    assert len(config["layers"]) == 2
    assert [n["args"][0]["config"]["keras_history"] for n in config["layers"][1][
        "inbound_nodes"]] == [[config["layers"][0]["name"], 0, 0], ["shared", 0, 0]]
    again = keras.Model.from_config(config)
    assert len(again.weights) == 2


def test_a_subclass_without_get_config_gives_its_init_arguments():
    class Scaled(layers.Layer):
        def __init__(self, factor, offset=0.0, **kwargs):
            super().__init__(**kwargs)
            self.factor, self.offset = factor, offset

    # TensorFlow 2.21 (Keras 3.15's auto-config): {'factor': 2.0, 'offset': 0.0,
    # 'trainable': True, 'dtype': ...}; ours keeps the name too
    config = Scaled(2.0, name="s").get_config()
    assert (config["factor"], config["offset"], config["name"]) == (2.0, 0.0, "s")
    again = Scaled.from_config(config)
    assert (again.factor, again.offset, again.name) == (2.0, 0.0, "s")


def test_a_subclass_given_a_layer_must_define_get_config():
    class Wrapper(layers.Layer):
        def __init__(self, inner, **kwargs):
            super().__init__(**kwargs)
            self.inner = inner

    with pytest.raises(NotImplementedError, match=r"Wrapper cannot give its config: its "
                       r"__init__ took inner=<.*>, which is not a plain value"):
        Wrapper(layers.Dense(2)).get_config()


def test_a_config_key_the_class_does_not_take_is_one_clear_error():
    config = {**layers.Dropout(0.5, name="d").get_config(), "temperature": 3}
    with pytest.raises(ValueError, match="Cannot make Dropout from its config: it does not "
                                         "take temperature=3"):
        layers.Dropout.from_config(config)


def test_a_regularizer_written_by_tensorflow_is_read():
    # TensorFlow 2.21 writes kernel_regularizer {"class_name": "L2", "config": {"l2": 0.01}}
    layer = layers.Dense.from_config({"units": 2, "kernel_regularizer": {
        "module": "keras.regularizers", "class_name": "L2", "config": {"l2": 0.01},
        "registered_name": None}})
    assert layer.kernel_regularizer.l2 == 0.01


def test_an_activity_regularizer_is_refused_with_one_clear_error():
    with pytest.raises(ValueError, match=r"Dense: activity_regularizer is not supported"):
        layers.Dense.from_config({"units": 2, "activity_regularizer": {
            "module": "keras.regularizers", "class_name": "L2", "config": {"l2": 0.01},
            "registered_name": None}})


def test_a_mixed_precision_policy_is_refused():
    with pytest.raises(ValueError, match="Unsupported dtype policy 'mixed_float16'"):
        deserialize_dtype({"module": "keras", "class_name": "DTypePolicy",
                           "config": {"name": "mixed_float16"}, "registered_name": None})


def test_an_unknown_activation_names_how_to_provide_it():
    with pytest.raises(ValueError, match=r"Unknown activation 'wiggle'\. Pass it in "
                                         r"custom_objects"):
        layers.Dense.from_config({"units": 2, "activation": {
            "module": "builtins", "class_name": "function", "config": "wiggle",
            "registered_name": "function"}})


def test_serialize_and_deserialize_keras_object_round_trip_a_layer():
    serialized = keras.saving.serialize_keras_object(layers.Dense(2, name="d"))
    assert (serialized["module"], serialized["class_name"]) == ("keras.layers", "Dense")
    layer = keras.saving.deserialize_keras_object(serialized)
    assert type(layer) is layers.Dense and layer.units == 2


def _chain_config():
    inputs = keras.Input((3,), name="features")
    model = keras.Model(inputs, layers.Dense(2, name="head")(inputs), name="chain")
    return model.get_config()


def _from_config_error(config):
    with pytest.raises(ValueError) as raised:
        keras.Model.from_config(config)
    return str(raised.value)


def test_an_input_no_layer_makes_is_one_clear_error():
    config = _chain_config()
    config["input_layers"] = [["features", 0, 0], ["other", 0, 0]]
    assert _from_config_error(config) == (
        "Cannot load the functional model: its input ['other', 0, 0] is not among its layers' "
        "outputs.")


def test_a_layer_called_as_no_layer_can_be_is_one_clear_error():
    config = _chain_config()
    node = config["layers"][1]["inbound_nodes"][0]
    node["args"] = node["args"] * 2  # Dense(x, x): the second lands on `training`
    assert _from_config_error(config) == (
        f"Cannot load the functional model: layer 'head' cannot be called as recorded "
        f"({node!r}): Dense.call() got multiple values for argument 'training'")


def test_a_call_on_a_tensor_no_layer_makes_is_one_clear_error():
    config = _chain_config()
    config["layers"][1]["inbound_nodes"][0]["args"][0]["config"]["keras_history"] = [
        "ghost", 0, 0]
    assert _from_config_error(config) == (
        "Cannot load the functional model: layer 'head' is called on ['ghost', 0, 0], which "
        "no layer of the config makes.")


def test_an_output_no_layer_makes_is_one_clear_error():
    config = _chain_config()
    config["output_layers"] = [["ghost", 0, 0]]
    assert _from_config_error(config) == (
        "Cannot load the functional model: its output ['ghost', 0, 0] is not among its "
        "layers' outputs.")


def test_a_config_of_several_outputs_loads_them_in_a_list():
    config = _chain_config()
    config["output_layers"] = [["head", 0, 0], ["features", 0, 0]]
    model = keras.Model.from_config(config)
    head, features = model(np.ones((1, 3), np.float32))
    assert head.shape == (1, 2)
    np.testing.assert_array_equal(features, np.ones((1, 3)))


def test_a_keyword_tensor_a_layer_does_not_take_is_one_clear_error():
    config = _chain_config()
    node = config["layers"][1]["inbound_nodes"][0]
    node["kwargs"] = {"mask": node["args"][0]}
    assert _from_config_error(config) == (
        f"Cannot load the functional model: layer 'head' cannot be called as recorded "
        f"({node!r}): Dense.call() got an unexpected keyword argument 'mask'")


def test_a_call_recorded_with_a_training_flag_and_no_mask_loads():
    config = _chain_config()
    config["layers"][1]["inbound_nodes"][0]["kwargs"] = {"training": False, "mask": None}
    model = keras.Model.from_config(config)
    assert [layer.name for layer in model.layers] == ["features", "head"]


def test_layers_listed_before_the_layers_they_take_from_load():
    inputs = keras.Input((3,), name="features")
    hidden = layers.Dense(4, name="hidden")(inputs)
    config = keras.Model(inputs, layers.Dense(2, name="head")(hidden)).get_config()
    config["layers"] = [config["layers"][0], config["layers"][2], config["layers"][1]]
    model = keras.Model.from_config(config)
    assert [layer.name for layer in model.layers] == ["features", "hidden", "head"]


def test_a_layer_the_config_lists_but_never_calls_is_left_out():
    config = _chain_config()
    unused = {**config["layers"][1], "name": "unused", "inbound_nodes": []}
    unused["config"] = {**unused["config"], "name": "unused"}
    config["layers"].append(unused)
    model = keras.Model.from_config(config)
    assert [layer.name for layer in model.layers] == ["features", "head"]


def _dense_config(**changes):
    return {**layers.Dense(2, name="d").get_config(), **changes}


def test_keras_3_older_float_dtype_policy_loads():
    dense = layers.Dense.from_config(_dense_config(dtype={
        "module": "keras", "class_name": "FloatDTypePolicy", "config": {"name": "float64"},
        "registered_name": None}))
    assert dense.dtype == "float64"


@pytest.mark.parametrize("policy, message", [
    ({"class_name": "DTypePolicy", "config": {"name": "mixed_float16"}},
     "Unsupported dtype policy 'mixed_float16': mixed-precision and quantized policies cannot "
     "be loaded; use a plain dtype such as 'float32'."),
    ({"class_name": "QuantizedDTypePolicy", "config": {"name": "int8_from_float32"}},
     "Unsupported dtype policy {'class_name': 'QuantizedDTypePolicy', 'config': {'name': "
     "'int8_from_float32'}}: only plain dtypes (a DTypePolicy such as 'float32') can be "
     "loaded."),
    ({"class_name": "DTypePolicy", "config": {}},
     "Unsupported dtype policy {'class_name': 'DTypePolicy', 'config': {}}: only plain dtypes "
     "(a DTypePolicy such as 'float32') can be loaded."),
], ids=["mixed", "quantized", "no name"])
def test_a_dtype_policy_we_do_not_run_is_one_clear_error(policy, message):
    with pytest.raises(ValueError) as raised:
        layers.Dense.from_config(_dense_config(dtype=policy))
    assert str(raised.value) == message


def test_keras_registered_name_of_its_own_activation_loads():
    dense = layers.Dense.from_config(_dense_config(activation="keras>relu"))
    assert dense.get_config()["activation"] == "relu"


@pytest.mark.parametrize("activation, message", [
    ({"class_name": "function", "config": 3},
     "Cannot load activation {'class_name': 'function', 'config': 3}: only functions given by "
     "name can be loaded."),
    ({"class_name": "Softmax", "config": "softmax"},
     "Cannot load activation {'class_name': 'Softmax', 'config': 'softmax'}: only functions "
     "given by name can be loaded."),
    ("keras>wiggle", "Unknown activation 'keras>wiggle'. Pass it in custom_objects "
     "({'keras>wiggle': function}) or register it with "
     "@ag.keras.saving.register_keras_serializable()."),
    ("get", "Unknown activation 'get'. Pass it in custom_objects ({'get': function}) or "
     "register it with @ag.keras.saving.register_keras_serializable()."),
    ("serialize", "Unknown activation 'serialize'. Pass it in custom_objects ({'serialize': "
     "function}) or register it with @ag.keras.saving.register_keras_serializable()."),
], ids=["not a name", "not a function", "unknown registered", "get", "serialize"])
def test_an_activation_we_cannot_load_is_one_clear_error(activation, message):
    with pytest.raises(ValueError) as raised:
        layers.Dense.from_config(_dense_config(activation=activation))
    assert str(raised.value) == message


inits = keras.initializers
# What TensorFlow 2.21 (Keras 3.15) writes as a Dense layer's kernel_initializer for each
INITIALIZERS = [
    (inits.GlorotNormal(seed=1),
     'GlorotNormal', {'seed': 1, 'input_axes': None, 'output_axes': None}),
    (inits.HeNormal(seed=2),
     'HeNormal', {'seed': 2, 'input_axes': None, 'output_axes': None}),
    (inits.HeUniform(seed=3),
     'HeUniform', {'seed': 3, 'input_axes': None, 'output_axes': None}),
    (inits.LecunNormal(seed=4),
     'LecunNormal', {'seed': 4, 'input_axes': None, 'output_axes': None}),
    (inits.LecunUniform(seed=5),
     'LecunUniform', {'seed': 5, 'input_axes': None, 'output_axes': None}),
    (inits.VarianceScaling(scale=2.0, mode="fan_out", distribution="uniform", seed=6),
     'VarianceScaling', {'seed': 6, 'scale': 2.0, 'mode': 'fan_out', 'distribution': 'uniform',
                         'input_axes': None, 'output_axes': None}),
    (inits.Constant(0.5),
     'Constant', {'value': 0.5}),
    (inits.RandomUniform(-0.1, 0.2, seed=7),
     'RandomUniform', {'seed': 7, 'minval': -0.1, 'maxval': 0.2}),
    (inits.RandomNormal(0.1, 0.3, seed=8),
     'RandomNormal', {'seed': 8, 'mean': 0.1, 'stddev': 0.3}),
    (inits.TruncatedNormal(0.0, 0.5, seed=9),
     'TruncatedNormal', {'seed': 9, 'mean': 0.0, 'stddev': 0.5}),
    (inits.Zeros(),
     'Zeros', {}),
    (inits.Ones(),
     'Ones', {}),
    ("he_normal",
     'HeNormal', {'seed': None, 'input_axes': None, 'output_axes': None}),
]


@pytest.mark.parametrize("initializer, class_name, config", INITIALIZERS,
                         ids=[c[1] + str(i) for i, c in enumerate(INITIALIZERS)])
def test_initializers_are_written_as_keras_3_writes_them_and_read_back(initializer, class_name,
                                                                       config):
    written = layers.Dense(2, kernel_initializer=initializer).get_config()["kernel_initializer"]
    assert json.dumps(written) == json.dumps({"module": "keras.initializers",
                                               "class_name": class_name, "config": config,
                                               "registered_name": None})
    again = layers.Dense.from_config(layers.Dense(2, kernel_initializer=initializer)
                                     .get_config())
    assert again.get_config()["kernel_initializer"] == written


def test_an_initializer_given_by_name_in_a_config_loads():
    dense = layers.Dense.from_config(_dense_config(kernel_initializer="lecun_uniform"))
    assert dense.get_config()["kernel_initializer"]["class_name"] == "LecunUniform"


def _initializer_error(initializer):
    with pytest.raises(ValueError) as raised:
        layers.Dense.from_config(_dense_config(kernel_initializer=initializer))
    return str(raised.value)


@pytest.mark.parametrize("axes", ["input_axes", "output_axes"])
def test_einsum_dense_axes_in_an_initializer_are_refused(axes):
    initializer = {"module": "keras.initializers", "class_name": "GlorotUniform",
                   "config": {"seed": None, axes: [0]}, "registered_name": None}
    assert _initializer_error(initializer) == (
        f"Cannot load initializer GlorotUniform: {axes} (for EinsumDense) is not supported.")


def test_an_initializer_we_do_not_have_lists_the_ones_we_do():
    initializer = {"module": "keras.initializers", "class_name": "Identity",
                   "config": {"gain": 1.0}, "registered_name": None}
    assert _initializer_error(initializer) == (
        "Unknown initializer 'Identity'. Known: Constant, GlorotNormal, GlorotUniform, "
        "HeNormal, HeUniform, Initializer, LecunNormal, LecunUniform, Ones, Orthogonal, "
        "OrthogonalInitializer, RandomNormal, RandomUniform, TruncatedNormal, VarianceScaling, "
        "Zeros.")


def halves(shape, dtype=None):
    return ag.fill(shape, 0.5)


def test_a_function_initializer_is_written_by_name_and_found_by_its_short_name():
    written = layers.Dense(2, kernel_initializer=halves).get_config()["kernel_initializer"]
    assert written == {"module": "builtins", "class_name": "function", "config": "halves",
                       "registered_name": "function"}
    registered = {**written, "config": "tests>halves"}
    dense = keras.saving.deserialize_keras_object(
        {"module": "keras.layers", "class_name": "Dense",
         "config": _dense_config(kernel_initializer=registered), "registered_name": None},
        custom_objects={"halves": halves})
    dense.build((None, 3))
    npt.assert_array_equal(dense.kernel.numpy(), np.full((3, 2), 0.5, np.float32))


class Halving:  # an initializer object Keras could not write: no get_config
    def __call__(self, shape, dtype=None):
        return ag.fill(shape, 0.5)


def test_an_initializer_object_without_get_config_cannot_be_written():
    initializer = Halving()
    with pytest.raises(TypeError) as raised:
        layers.Dense(2, kernel_initializer=initializer).get_config()
    assert str(raised.value) == (
        f"Cannot serialize {initializer!r}: give its class get_config() (and from_config), as "
        f"Keras asks of custom objects.")


def test_an_initializer_function_not_provided_is_one_clear_error():
    initializer = {"module": "builtins", "class_name": "function", "config": "tests>missing",
                   "registered_name": "function"}
    assert _initializer_error(initializer) == (
        "Unknown initializer function 'tests>missing'. Pass it in custom_objects or register "
        "it with @ag.keras.saving.register_keras_serializable().")


def test_a_functional_model_is_written_as_keras_3s_functional_class():
    inputs = keras.Input((3,), name="x")
    model = keras.Model(inputs, layers.Dense(2, name="d")(inputs), name="net")
    written = keras.saving.serialize_keras_object(model)
    # TensorFlow 2.21 (Keras 3.15) writes these beside the config
    assert json.dumps({k: written[k] for k in written if k != "config"}) == json.dumps({
        "module": "keras.src.models.functional", "class_name": "Functional",
        "registered_name": "Functional", "build_config": {"input_shape": None}})


@keras.saving.register_keras_serializable(package="tests")
class Filled(keras.initializers.Initializer):
    def __init__(self, value=0.5):
        self.value = value

    def __call__(self, shape, dtype=None):
        return ag.fill(shape, self.value)

    def get_config(self):
        return {"value": self.value}


def test_a_registered_initializer_class_is_written_by_its_registered_name_and_read_back():
    dense = layers.Dense(2, kernel_initializer=Filled(0.25))
    written = dense.get_config()["kernel_initializer"]
    assert written == {"module": None, "class_name": "Filled", "config": {"value": 0.25},
                       "registered_name": "tests>Filled"}
    again = layers.Dense.from_config(dense.get_config())
    again.build((None, 3))
    npt.assert_array_equal(again.kernel.numpy(), np.full((3, 2), 0.25, np.float32))


def test_a_registered_initializer_function_given_by_its_name_string_loads():
    config = _dense_config(kernel_initializer="tests>halves")
    dense = keras.saving.deserialize_keras_object(
        {"module": "keras.layers", "class_name": "Dense", "config": config,
         "registered_name": None}, custom_objects={"tests>halves": halves})
    dense.build((None, 3))
    npt.assert_array_equal(dense.kernel.numpy(), np.full((3, 2), 0.5, np.float32))


def test_a_constant_initializer_of_a_numpy_number_writes_a_python_number():
    written = layers.Dense(2, kernel_initializer=keras.initializers.Constant(
        np.float32(0.25))).get_config()["kernel_initializer"]["config"]["value"]
    assert type(written) is float and written == 0.25


def _deserialize_error(serialized):
    with pytest.raises(ValueError) as raised:
        keras.saving.deserialize_keras_object(serialized)
    return str(raised.value)


def test_what_is_not_a_serialized_object_is_one_clear_error():
    assert _deserialize_error(5) == "Not a serialized Keras object: 5."
    assert _deserialize_error({"config": {}}) == (
        "Not a serialized Keras object (no class_name): {'config': {}}.")


def test_a_config_that_is_not_a_dictionary_is_one_clear_error():
    assert _deserialize_error({"module": "keras.layers", "class_name": "Dense",
                               "config": [2]}) == (
        "The config of 'Dense' must be a dictionary, got [2].")


def test_a_keras_class_name_of_another_module_is_not_taken_for_keras_own():
    assert _deserialize_error({"module": "my.layers", "class_name": "Dense", "config": {}}) == (
        "Unknown class 'Dense' (module 'my.layers'). Pass it to load_model as "
        "custom_objects={'Dense': Dense}, or decorate the class with "
        "@ag.keras.saving.register_keras_serializable().")


def test_a_serialized_function_is_the_activation_it_names():
    relu = keras.saving.deserialize_keras_object({"module": "builtins", "class_name": "function",
                                                  "config": "relu"})
    npt.assert_array_equal(relu(ag.constant([-1.0, 2.0])).numpy(), [0.0, 2.0])


def test_a_layer_without_a_build_config_loads_unbuilt():
    serialized = keras.saving.serialize_keras_object(layers.Dense(2, name="d"))
    assert "build_config" not in serialized
    assert not keras.saving.deserialize_keras_object(serialized).built


def test_an_object_without_get_build_config_is_written_without_one():
    assert "build_config" not in keras.saving.serialize_keras_object(Filled(0.3))


class Plain(layers.Layer):
    def __init__(self, units=1):  # no **kwargs: Keras's base keys cannot be passed on
        super().__init__()
        self.units = units

    def get_config(self):
        return {"units": self.units}


class PlainChild(Plain):  # no __init__ of its own: Plain's decides
    pass


@pytest.mark.parametrize("cls", [Plain, PlainChild])
def test_keras_base_keys_and_defaults_are_dropped_for_a_class_not_taking_them(cls):
    layer = cls.from_config({"name": "p", "trainable": True, "dtype": "float32", "units": 3,
                             "activity_regularizer": None, "legacy": False, "autocast": True})
    assert (type(layer), layer.units) == (cls, 3)


@pytest.mark.parametrize("cls", [Plain, PlainChild])
@pytest.mark.parametrize("key, value", [("extra", 5), ("flag", True), ("autocast", 1)])
def test_an_option_a_class_does_not_take_is_one_clear_error(cls, key, value):
    with pytest.raises(ValueError) as raised:
        cls.from_config({"units": 3, key: value})
    assert str(raised.value) == (
        f"Cannot make {cls.__name__} from its config: it does not take {key}={value!r}. Give "
        f"the class a from_config (or an __init__ taking {key!r}).")


def test_a_plain_model_without_a_graph_is_written_as_keras_model_class():
    written = keras.saving.serialize_keras_object(keras.Model(name="bare"))
    # TensorFlow 2.21 (Keras 3.15) writes these (and an empty compile_config besides)
    assert {k: written[k] for k in ("module", "class_name", "registered_name")} == {
        "module": "keras", "class_name": "Model", "registered_name": None}
    assert written["config"] == {"name": "bare", "trainable": True, "dtype": {
        "module": "keras", "class_name": "DTypePolicy", "config": {"name": "float32"},
        "registered_name": None}}


@pytest.mark.parametrize("inputs, shown", [
    (["features", "0", 0], "['features', '0', 0]"), ([], "[]"), ({}, "{}")],
    ids=["an index that is not a number", "an empty list", "an empty dict"])
def test_input_layers_that_name_no_tensor_are_one_clear_error(inputs, shown):
    config = _chain_config()
    config["input_layers"] = inputs
    assert _from_config_error(config) == (
        f"Cannot load a functional model with input {shown}: expected [layer name, call "
        f"index, output index] entries.")


def test_a_tensor_argument_without_a_history_is_one_clear_error():
    config = _chain_config()
    argument = config["layers"][1]["inbound_nodes"][0]["args"][0]
    argument["config"]["keras_history"] = "features"
    assert _from_config_error(config) == (
        f"Cannot load the call of layer 'head': a tensor argument without a valid "
        f"keras_history: {argument!r}.")


@pytest.mark.parametrize("node", [{"args": "x"}, {"args": []}, ["x"]],
                         ids=["args not a list", "no args", "not a dict"])
def test_a_call_recorded_without_its_arguments_is_one_clear_error(node):
    config = _chain_config()
    config["layers"][1]["inbound_nodes"] = [node]
    assert _from_config_error(config) == (
        f"Cannot load the call of layer 'head' recorded as {node!r}: a call records its "
        f"arguments as {{'args': [...], 'kwargs': {{}}}}.")


# serialize_keras_object's answers in TensorFlow 2.21 (Keras 3.15)
@pytest.mark.parametrize("make, expected", [
    (lambda: ag.keras.initializers.RandomNormal(stddev=0.5, seed=3),
     {"module": "keras.initializers", "class_name": "RandomNormal",
      "config": {"mean": 0.0, "seed": 3, "stddev": 0.5}, "registered_name": None}),
    (lambda: ag.keras.initializers.Zeros(),
     {"module": "keras.initializers", "class_name": "Zeros", "config": {},
      "registered_name": None}),
    (lambda: ag.keras.initializers.GlorotUniform(),
     {"module": "keras.initializers", "class_name": "GlorotUniform",
      "config": {"input_axes": None, "output_axes": None, "seed": None},
      "registered_name": None}),
])
def test_an_initializer_serializes_as_keras_3_and_back(make, expected):
    found = ag.keras.saving.serialize_keras_object(make())
    assert found == expected
    again = ag.keras.saving.deserialize_keras_object(found)
    assert ag.keras.saving.serialize_keras_object(again) == expected


@pytest.mark.parametrize("entry", [
    {"module": "keras.layers", "class_name": "Dense", "config": "double",
     "registered_name": None},
    {"module": "builtins", "class_name": "function", "config": 5, "registered_name": None}])
def test_a_lambda_config_whose_function_is_not_a_named_function_is_refused(entry):
    with pytest.raises(ValueError) as raised:
        ag.keras.layers.Lambda.from_config({"name": "l", "function": entry})
    assert str(raised.value) == (f"Cannot load the function of a Lambda layer {entry!r}: only "
                                 f"functions given by name can be loaded.")


def test_a_compile_config_keras_3_wrote_compiles_its_weighted_metrics():
    # TensorFlow 2.21 (Keras 3.15) writes weighted_metrics so, and evaluates to these values
    config = {"optimizer": "sgd", "loss": "mse", "loss_weights": None, "metrics": ["mae"],
              "weighted_metrics": [{"module": "keras.metrics", "class_name": "MeanSquaredError",
                                    "config": {"name": "mean_squared_error", "dtype": "float32"},
                                    "registered_name": None}],
              "run_eagerly": False, "steps_per_execution": 1, "jit_compile": False}
    model = keras.Sequential([keras.Input((2,)), layers.Dense(1, kernel_initializer="zeros")])
    model.compile_from_config(config)
    found = model.evaluate(np.ones((4, 2), np.float32), np.array([[1], [2], [3], [4]], np.float32),
                           sample_weight=np.array([1, 0, 0, 0], np.float32), verbose=0,
                           return_dict=True)
    assert found.keys() == {"loss", "mae", "mean_squared_error"}
    npt.assert_allclose([found["loss"], found["mae"], found["mean_squared_error"]],
                        [0.25, 2.5, 1.0], rtol=1e-6)
