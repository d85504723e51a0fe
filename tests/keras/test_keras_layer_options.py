"""Layer options Keras 3 has and autograph refuses or reads: their messages, aliases and
`Flatten`'s `channels_first` (expected values from TensorFlow 2.21 with Keras 3.15)."""

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.train.keras.serialization import find_class


@pytest.mark.parametrize("alias, cls", [("Convolution2D", ag.keras.layers.Conv2D),
                                        ("MaxPool2D", ag.keras.layers.MaxPooling2D)])
def test_keras_aliases_name_the_same_layer_in_a_file(alias, cls):
    assert find_class({"class_name": alias, "module": "keras.layers"}) is cls


def test_grouped_convolutions_are_refused_naming_the_option():
    with pytest.raises(ValueError, match=r"^Conv2D: groups=2 is not supported; only groups=1.$"):
        ag.keras.layers.Conv2D(4, 3, groups=2)


def test_a_convolutions_regularizer_is_refused_naming_the_layer():
    with pytest.raises(ValueError, match=r"^Conv2D: "):
        ag.keras.layers.Conv2D(4, 3, kernel_regularizer="l2")


def test_flatten_takes_only_keras_data_formats():
    with pytest.raises(ValueError, match=r"^Flatten: data_format must be 'channels_last' or "
                                         r"'channels_first', got 'nchw'.$"):
        ag.keras.layers.Flatten(data_format="nchw")


def test_flatten_channels_first_puts_channels_last_before_flattening():
    x = np.arange(6, dtype=np.float32).reshape(1, 2, 3)
    flat = ag.keras.layers.Flatten(data_format="channels_first")(x)
    np.testing.assert_array_equal(flat.numpy(), [[0.0, 3.0, 1.0, 4.0, 2.0, 5.0]])
    pairs = ag.keras.layers.Flatten(data_format="channels_first")(
        np.arange(4, dtype=np.float32).reshape(2, 2))
    np.testing.assert_array_equal(pairs.numpy(), [[0.0, 1.0], [2.0, 3.0]])


# Keras 3.15's values for x = [-2, -0.5, 3] (recorded with TensorFlow 2.21's Keras).
X = np.array([-2.0, -0.5, 3.0], np.float32)


@pytest.mark.parametrize("call, expected", [
    (lambda x: ag.keras.activations.relu(x, negative_slope=1.0), [-2.0, -0.5, 3.0]),
    (lambda x: ag.keras.activations.relu(x, negative_slope=0.5), [-1.0, -0.25, 3.0]),
    (lambda x: ag.keras.activations.elu(x), [-0.8646647334098816, -0.39346933364868164, 3.0]),
    (lambda x: ag.keras.activations.elu(x, alpha=2.0),
     [-1.7293294668197632, -0.7869386672973633, 3.0]),
    (lambda x: ag.keras.activations.leaky_relu(x), [-0.4, -0.1, 3.0]),
], ids=["relu slope 1", "relu slope 0.5", "elu", "elu alpha 2", "leaky_relu default"])
def test_activation_options_give_keras_values(call, expected):
    np.testing.assert_allclose(call(X).numpy(), expected, rtol=1e-6)


def test_a_sequential_config_names_trainable_dtype_and_build_shape():
    built = ag.keras.Sequential([ag.keras.Input(shape=(3,)), ag.keras.layers.Dense(2)])
    config = built.get_config()
    assert (config["trainable"], config["dtype"]["config"]["name"],
            config["build_input_shape"]) == (True, "float32", [None, 3])
    unbuilt = ag.keras.Sequential([ag.keras.layers.Dense(2)]).get_config()
    assert sorted(unbuilt) == ["dtype", "layers", "name", "trainable"]  # as Keras 3's
    assert ag.keras.Sequential([ag.keras.layers.Dense(2)]).get_build_config() is None


def test_a_sequential_from_config_builds_for_its_input_shape_and_keeps_trainable():
    config = ag.keras.Sequential([ag.keras.layers.Dense(2)], trainable=False).get_config()
    # Keras 3.15 makes this model trainable again; the config says it is not, so here it is not
    assert ag.keras.Sequential.from_config(config).trainable is False
    built = ag.keras.Sequential([ag.keras.Input(shape=(3,)), ag.keras.layers.Dense(2)])
    config = built.get_config()
    again = ag.keras.Sequential.from_config({**config, "layers": config["layers"][1:]})
    assert again.built and len(again.weights) == 2  # as Keras 3.15: built, 2 weights


def test_a_sequential_config_without_a_layer_list_is_refused():
    with pytest.raises(ValueError, match=r"^A Sequential config lists its layers, got 3.$"):
        ag.keras.Sequential.from_config({"name": "s", "layers": 3})


@pytest.mark.parametrize("layer", ["Conv1D", "Conv2D"])
def test_a_convolution_refuses_a_bool_for_filters(layer):
    with pytest.raises(ValueError) as raised:
        getattr(ag.keras.layers, layer)(True, 3)
    assert str(raised.value) == f"{layer}: filters must be a positive int, got True."
