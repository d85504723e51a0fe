"""`ag.keras.activations`: Keras's functions and arguments; expected values from tf.keras 3.15."""

import re

import numpy as np
import pytest

import autograph as ag

activations = ag.keras.activations
X = np.array([-3.0, -1.0, -0.5, 0.5, 2.0, 7.0], np.float32)


@pytest.mark.parametrize("options, expected", [
    ({}, [0.0, 0.0, 0.0, 0.5, 2.0, 7.0]),
    ({"max_value": 6.0}, [0.0, 0.0, 0.0, 0.5, 2.0, 6.0]),
    ({"negative_slope": 0.1}, [-0.3, -0.1, -0.05, 0.5, 2.0, 7.0]),
    ({"negative_slope": 0.1, "max_value": 6.0}, [-0.3, -0.1, -0.05, 0.5, 2.0, 6.0]),
    ({"threshold": 1.0}, [0.0, 0.0, 0.0, 0.0, 2.0, 7.0]),
    ({"negative_slope": 0.1, "max_value": 5.0, "threshold": 1.0},
     [-0.4, -0.2, -0.15, -0.05, 2.0, 5.0]),
])
def test_relu_takes_keras_arguments(options, expected):
    np.testing.assert_allclose(activations.relu(X, **options), expected, rtol=1e-6)


def test_elu_scales_the_negative_part_by_alpha():
    np.testing.assert_allclose(activations.elu(X, alpha=0.5),
                               [-0.47510648, -0.31606027, -0.19673467, 0.5, 2.0, 7.0],
                               rtol=1e-6)


def test_leaky_relu_takes_a_negative_slope():
    np.testing.assert_allclose(activations.leaky_relu(X, negative_slope=0.3),
                               [-0.9, -0.3, -0.15, 0.5, 2.0, 7.0], rtol=1e-6)


def test_gelu_is_exact_by_default():
    np.testing.assert_allclose(
        activations.gelu(X), [-4.0496956e-03, -1.5865526e-01, -1.5426877e-01, 3.4573123e-01,
                              1.9544997e+00, 7.0], rtol=1e-5)


def test_softmax_takes_an_axis():
    x = np.array([[1.0, 2.0], [3.0, 5.0]], np.float32)
    np.testing.assert_allclose(activations.softmax(x, axis=0),
                               [[0.11920292, 0.04742587], [0.88079708, 0.95257413]],
                               rtol=1e-6)


@pytest.mark.parametrize("name", ["relu", "elu", "gelu", "sigmoid", "tanh", "softmax",
                                  "swish", "exponential"])
def test_get_by_name_is_the_function_of_that_name(name):
    np.testing.assert_allclose(activations.get(name)(X), getattr(activations, name)(X),
                               rtol=1e-6)


def test_a_dense_layer_takes_an_activation_function_and_names_it_in_its_config():
    layer = ag.keras.layers.Dense(2, activation=activations.relu)
    assert layer.get_config()["activation"] == "relu"


def test_an_unknown_activation_name_lists_the_known_ones():
    with pytest.raises(ValueError, match="^" + re.escape(
            "Unknown activation 'rleu'. Known names: elu, exponential, gelu, leaky_relu, "
            "linear, log_softmax, relu, relu6, selu, sigmoid, silu, softmax, softplus, "
            "softsign, swish, tanh; or pass a function.") + "$"):
        activations.get("rleu")
