"""Layer configs, activation names, initializer defaults and automatic layer names, against
tf.keras (TensorFlow 2.21, Keras 3.15) where Keras has the same answer.

Configs are Keras 3's: the dtype a `DTypePolicy` dictionary, initializers serialized with their
Keras 3 class names and configs."""

import functools
import json
import re

import numpy as np
import numpy.testing as npt
import pytest

import autograph as ag
from autograph.runtime.train.keras import activations

layers = ag.keras.layers
initializers = ag.keras.initializers


def _json(config):
    """A config as it is written to a file (tuples become lists)."""
    return json.loads(json.dumps(config))


_FLOAT32 = {"module": "keras", "class_name": "DTypePolicy", "config": {"name": "float32"},
            "registered_name": None}
_GLOROT = {"module": "keras.initializers", "class_name": "GlorotUniform",
           "config": {"seed": None, "input_axes": None, "output_axes": None},
           "registered_name": None}
_ZEROS = {"module": "keras.initializers", "class_name": "Zeros", "config": {},
          "registered_name": None}


def test_layer_config_is_its_name_trainable_flag_and_dtype_policy():
    # TensorFlow 2.21 (Keras 3.15) writes the same three keys, the dtype as a DTypePolicy;
    # a plain Layer's auto-config there adds activity_regularizer None and autocast True
    config = layers.Layer(name="lay", trainable=False, dtype="float64").get_config()
    assert config == {"name": "lay", "trainable": False, "dtype": {
        "module": "keras", "class_name": "DTypePolicy", "config": {"name": "float64"},
        "registered_name": None}}


def test_dense_config_is_keras_3s():
    config = layers.Dense(2, activation="relu", use_bias=False, name="d").get_config()
    # TensorFlow 2.21 (Keras 3.15), json.dumps(layer.get_config()) of the same layer
    assert _json(config) == {
        "name": "d", "trainable": True, "dtype": _FLOAT32, "units": 2, "activation": "relu",
        "use_bias": False, "kernel_initializer": _GLOROT, "bias_initializer": _ZEROS,
        "kernel_regularizer": None, "bias_regularizer": None, "kernel_constraint": None,
        "bias_constraint": None, "quantization_config": None}


def test_dense_config_serializes_its_initializers_as_keras_3():
    config = layers.Dense(3, kernel_initializer=initializers.RandomNormal(stddev=0.1, seed=7),
                          bias_initializer="ones", name="di").get_config()
    # TensorFlow 2.21: RandomNormal {"seed": 7, "mean": 0.0, "stddev": 0.1}; Ones {}
    assert config["kernel_initializer"] == {
        "module": "keras.initializers", "class_name": "RandomNormal",
        "config": {"seed": 7, "mean": 0.0, "stddev": 0.1}, "registered_name": None}
    assert config["bias_initializer"] == {"module": "keras.initializers", "class_name": "Ones",
                                          "config": {}, "registered_name": None}


def test_activation_aliases_and_none_serialize_as_keras_names_them():
    # TensorFlow 2.21: 'silu' for "swish", 'linear' for None, 'exponential', and 'relu' for
    # tf.nn.relu itself
    names = [layers.Dense(2, activation=a).get_config()["activation"]
             for a in ("swish", None, "exponential", ag.nn.relu)]
    assert names == ["silu", "linear", "exponential", "relu"]


def test_an_unregistered_activation_function_serializes_as_keras_3s_function_entry():
    def doubled(x):
        return x * 2

    # TensorFlow 2.21 (Keras 3.15): the same dictionary
    assert layers.Dense(2, activation=doubled).get_config()["activation"] == {
        "module": "builtins", "class_name": "function", "config": "doubled",
        "registered_name": "function"}


def test_an_activation_without_a_name_serializes_as_its_repr():
    class Scaled:
        def __call__(self, x):
            return x * 3

        def __repr__(self):
            return "Scaled(3)"

    # ours alone: Keras 3.15 cannot serialize such an object (TypeError)
    assert activations.serialize(Scaled()) == "Scaled(3)"
    assert activations.serialize(functools.partial(np.add, 1)).startswith("functools.partial(")


def test_conv2d_config_is_keras_3s():
    config = layers.Conv2D(4, 3, strides=2, padding="SAME", activation="relu", use_bias=False,
                           name="c").get_config()
    # TensorFlow 2.21 (Keras 3.15), json.dumps(layer.get_config()) of the same layer
    assert _json(config) == {
        "name": "c", "trainable": True, "dtype": _FLOAT32, "filters": 4, "kernel_size": [3, 3],
        "strides": [2, 2], "padding": "same", "data_format": "channels_last",
        "dilation_rate": [1, 1], "groups": 1, "activation": "relu", "use_bias": False,
        "kernel_initializer": _GLOROT, "bias_initializer": _ZEROS, "kernel_regularizer": None,
        "bias_regularizer": None, "activity_regularizer": None, "kernel_constraint": None,
        "bias_constraint": None}


def test_max_pooling_config_strides_default_to_the_pool_size():
    # TensorFlow 2.21: the same dictionary
    config = layers.MaxPooling2D(3, name="p").get_config()
    assert _json(config) == {"name": "p", "trainable": True, "dtype": _FLOAT32,
                             "pool_size": [3, 3], "padding": "valid", "strides": [3, 3],
                             "data_format": "channels_last"}
    # TensorFlow 2.21: pool_size (2, 3), strides (1, 1), 'same', 'channels_first'
    config = layers.MaxPooling2D((2, 3), strides=1, padding="same",
                                 data_format="channels_first", name="p2").get_config()
    assert (config["pool_size"], config["strides"], config["padding"],
            config["data_format"]) == ((2, 3), (1, 1), "same", "channels_first")


def test_dropout_config_holds_its_rate_and_seed():
    # TensorFlow 2.21: the same dictionary
    assert layers.Dropout(0.25, seed=3, name="dr").get_config() == {
        "name": "dr", "trainable": True, "dtype": _FLOAT32, "rate": 0.25, "seed": 3,
        "noise_shape": None}
    assert layers.Dropout(0.5, noise_shape=(None, 1)).get_config()["noise_shape"] == (None, 1)


def test_layer_names_follow_keras_snake_case():
    # TensorFlow 2.21: 'conv2d', 'max_pooling2d', 'dense', 'flatten', 'dropout' (then '_1',
    # '_2', ... for later layers of the same class)
    names = [layers.Conv2D(2, 3).name, layers.MaxPooling2D().name, layers.Dense(2).name,
             layers.Flatten().name, layers.Dropout(0.1).name]
    bases = ["conv2d", "max_pooling2d", "dense", "flatten", "dropout"]
    for name, base in zip(names, bases):
        assert re.fullmatch(rf"{base}(_\d+)?", name), (name, base)


def test_a_subclass_name_splits_words_before_capitals():
    class MLPBlock2D(layers.Layer):
        def call(self, inputs):
            return inputs

    class ResNet50Block(layers.Layer):
        def call(self, inputs):
            return inputs

    # Keras 3.15's to_snake_case: 'mlp_block2d', 'res_net50_block'
    assert re.fullmatch(r"mlp_block2d(_\d+)?", MLPBlock2D().name)
    assert re.fullmatch(r"res_net50_block(_\d+)?", ResNet50Block().name)


def test_keras_random_initializers_have_keras_defaults():
    # TensorFlow 2.21: minval -0.05, maxval 0.05; mean 0.0, stddev 0.05 (both normals)
    uniform = initializers.RandomUniform(seed=3).get_config()
    assert (uniform["minval"], uniform["maxval"], uniform["seed"]) == (-0.05, 0.05, 3)
    for cls in (initializers.RandomNormal, initializers.TruncatedNormal):
        config = cls(seed=3).get_config()
        assert (config["mean"], config["stddev"], config["seed"]) == (0.0, 0.05, 3)


def test_keras_random_initializers_draw_within_their_defaults():
    # TensorFlow 2.21, 20000 draws with seed 1: uniform in [-0.05, 0.05] with std 0.0289;
    # normal std 0.0500; truncated normal in [-0.1, 0.1] with std 0.0441 (the draws differ)
    uniform = initializers.RandomUniform(seed=1)([20000]).numpy()
    assert uniform.min() >= -0.05 and uniform.max() < 0.05
    npt.assert_allclose(uniform.std(), 0.1 / np.sqrt(12), rtol=0.03)
    normal = initializers.RandomNormal(seed=1)([20000]).numpy()
    npt.assert_allclose([normal.mean(), normal.std()], [0.0, 0.05], atol=0.0015)
    truncated = initializers.TruncatedNormal(seed=1)([20000]).numpy()
    assert np.abs(truncated).max() <= 0.1
    npt.assert_allclose(truncated.std(), 0.0441, rtol=0.03)


def test_initializer_names_make_keras_initializers():
    # TensorFlow 2.21: RandomUniform, RandomNormal, TruncatedNormal, HeNormal
    made = [initializers.get(n) for n in ("random_uniform", "random_normal",
                                          "truncated_normal", "HeNormal")]
    assert [type(i).__name__ for i in made] == ["RandomUniform", "RandomNormal",
                                                "TruncatedNormal", "HeNormal"]
    assert made[1].get_config()["stddev"] == 0.05


def test_he_and_lecun_configs_hold_the_seed_only():
    # TensorFlow 2.21: {'seed': 3, ...} (Keras 3 adds input_axes/output_axes); ours keeps
    # the dtype, as the runtime's TensorFlow 1 initializers do, and not the fixed scale,
    # mode and distribution
    for cls in (initializers.HeNormal, initializers.HeUniform, initializers.LecunNormal,
                initializers.LecunUniform):
        assert cls(seed=3).get_config() == {"seed": 3, "dtype": "float32"}


@pytest.mark.parametrize("name, limit", [("HeUniform", np.sqrt(6 / 100)),
                                         ("LecunUniform", np.sqrt(3 / 100))])
def test_a_variance_scaling_uniform_initializer_draws_up_to_its_limit(name, limit):
    # Keras: limit = sqrt(3 * scale / fan_in), scale 2 for He and 1 for LeCun; fan_in is 100
    draw = getattr(ag.keras.initializers, name)(seed=1)((100, 200)).numpy()
    assert np.abs(draw).max() <= limit
    assert np.abs(draw).max() > 0.99 * limit


def test_lecun_normal_draws_with_a_standard_deviation_of_sqrt_one_over_fan_in():
    # Keras: a normal truncated at two deviations, rescaled to stddev sqrt(1 / fan_in) = 0.1
    draw = ag.keras.initializers.LecunNormal(seed=1)((100, 200)).numpy()
    npt.assert_allclose(draw.std(), 0.1, rtol=0.03)


def test_layers_of_a_new_class_are_named_in_turn_in_snake_case():
    # Keras 3 (TensorFlow 2.21): fresh_layer_kind, fresh_layer_kind_1; DenseX -> dense_x.
    # Deliberately unlike it, a private class's leading underscores are dropped ("__private_thing"
    # there), since they would not make a valid name scope.
    class FreshLayerKind(layers.Layer):
        pass

    class DenseX(layers.Layer):
        pass

    class _PrivateThing(layers.Layer):
        pass
    assert [FreshLayerKind().name for _ in range(3)] == [
        "fresh_layer_kind", "fresh_layer_kind_1", "fresh_layer_kind_2"]
    assert (DenseX().name, _PrivateThing().name) == ("dense_x", "private_thing")


def test_a_layer_class_named_only_underscores_is_named_layer():
    underscores = type("__", (layers.Layer,), {})
    assert re.fullmatch(r"layer(_\d+)?", underscores().name)


def test_add_weight_draws_glorot_uniform_values_by_default():
    # Keras 3: add_weight's default initializer for a float weight is glorot_uniform
    layer = layers.Layer()
    weight = layer.add_weight("w", (20, 30)).numpy()
    limit = np.sqrt(6.0 / (20 + 30))
    assert np.all(np.abs(weight) <= limit) and np.abs(weight).max() > limit / 2


def test_a_weight_with_no_elements_counts_no_parameters():
    layer = layers.Layer()
    layer.add_weight("w", (0, 3))
    assert layer.count_params() == 0


def test_set_weights_on_an_unbuilt_layer_says_to_build_it():
    with pytest.raises(ValueError, match=r"^Layer 'dense(_\d+)?'" + re.escape(
            " has 0 weights (none yet: build it first), but set_weights got 1 array.") + "$"):
        layers.Dense(2).set_weights([np.zeros((3, 2))])


def test_set_weights_names_several_arrays_in_the_plural():
    dense = layers.Dense(2)
    dense.build((None, 3))
    with pytest.raises(ValueError, match=re.escape("but set_weights got 3 arrays.") + "$"):
        dense.set_weights([np.zeros((3, 2)), np.zeros(2), np.zeros(2)])


def test_a_layer_without_weights_is_built_by_its_first_call_or_by_build():
    # Keras 3: the base Layer.build marks the layer built
    class Doubles(layers.Layer):
        def call(self, inputs):
            return inputs * 2.0
    called, built = Doubles(), Doubles()
    called(ag.constant([1.0]))
    built.build((None, 1))
    assert called.built is True and built.built is True
