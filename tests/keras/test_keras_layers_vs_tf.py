"""Keras layers and a Sequential CNN, weights set explicitly, against `tf.keras`'s outputs
(recorded by record_keras_answers.py); short fits with SGD against TensorFlow's histories."""

import json
import pathlib

import numpy as np
import pytest

import autograph as ag
from tests.keras import keras_cases

EXPECTED = json.loads((pathlib.Path(__file__).parent / "keras_expected.json").read_text())


@pytest.mark.parametrize("name", sorted(keras_cases.LAYERS))
def test_layer_output_matches_tf_keras(name):
    np.testing.assert_allclose(keras_cases.run_layer(ag.keras, name),
                               EXPECTED["layers"][name], rtol=1e-5, atol=1e-6)


def test_sequential_cnn_output_matches_tf_keras():
    model = keras_cases.cnn(ag.keras)
    np.testing.assert_allclose(model(keras_cases.data()["img"]).numpy(), EXPECTED["cnn"],
                               rtol=1e-5, atol=1e-6)


def test_sequential_cnn_predict_matches_its_call():
    model = keras_cases.cnn(ag.keras)
    np.testing.assert_allclose(model.predict(keras_cases.data()["img"], verbose=0),
                               EXPECTED["cnn"], rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("name", sorted(keras_cases.FITS))
def test_fit_history_matches_tf_keras_sgd(name):
    history = keras_cases.run_fit(ag.keras, name, ag.keras.optimizers.SGD(0.1))
    expected = EXPECTED["fits"][name]
    assert sorted(history) == sorted(expected)
    for key in expected:
        np.testing.assert_allclose(history[key], expected[key], rtol=1e-4, err_msg=key)
