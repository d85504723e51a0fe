"""The recurrent layers of `rnn_cases` against `tf.keras` (TensorFlow 2.21, Keras 3.15),
recorded by record_rnn_answers.py: outputs, gradients of `sum(output_i * R_i)` with respect
to the inputs, the initial states and each trainable weight, output masks, output shapes,
configs, the module and class a saved file names, and a short fit of
`Sequential([Embedding(mask_zero=True), LSTM, Dense])`."""

import json
import pathlib

import numpy as np
import pytest

import autograph as ag
from tests.keras import rnn_cases

EXPECTED = json.loads((pathlib.Path(__file__).parent / "rnn_expected.json").read_text())
CASES = sorted(rnn_cases.CASES)
# A user's cell is written under its Python module by Keras, under none by us, and reads back
# only through custom_objects: its cases' configs are not compared.
REGISTERED = [name for name in CASES if rnn_cases.CASES[name].registered]
TOLERANCE = {"rtol": 1e-5, "atol": 1e-6}


@pytest.fixture(scope="module")
def results():
    """Each case run once under ag.keras (the tests below check one part of it each)."""
    return {name: rnn_cases.run_case(ag, ag.keras, name) for name in CASES}


def _close(found, expected):
    assert len(found) == len(expected)
    for ours, theirs in zip(found, expected):
        np.testing.assert_allclose(ours, theirs, **TOLERANCE)


@pytest.mark.parametrize("name", CASES)
def test_outputs_match_tf_keras(results, name):
    _close(results[name]["outputs"], EXPECTED["cases"][name]["outputs"])


@pytest.mark.parametrize("name", [n for n in CASES if EXPECTED["cases"][n]["source_gradients"]])
def test_input_and_initial_state_gradients_match_tf_keras(results, name):
    _close(results[name]["source_gradients"], EXPECTED["cases"][name]["source_gradients"])


@pytest.mark.parametrize("name", CASES)
def test_weight_gradients_match_tf_keras(results, name):
    _close(results[name]["weight_gradients"], EXPECTED["cases"][name]["weight_gradients"])


@pytest.mark.parametrize("name", [n for n in CASES if "output_mask" in EXPECTED["cases"][n]])
def test_output_mask_matches_tf_keras(results, name):
    assert results[name]["output_mask"] == EXPECTED["cases"][name]["output_mask"]


@pytest.mark.parametrize("name", CASES)
def test_compute_output_shape_matches_tf_keras(results, name):
    assert results[name]["output_shape"] == EXPECTED["cases"][name]["output_shape"]


@pytest.mark.parametrize("name", REGISTERED)
def test_config_equals_tf_keras(results, name):
    assert results[name]["config"] == EXPECTED["cases"][name]["config"]


@pytest.mark.parametrize("name", CASES)
def test_serialized_module_and_class_equal_tf_keras(results, name):
    assert results[name]["class"] == EXPECTED["cases"][name]["class"]


@pytest.mark.parametrize("name", REGISTERED)
def test_from_config_round_trips(name):
    layer, _ = rnn_cases.build(ag.keras, name)
    again = type(layer).from_config(layer.get_config())
    assert rnn_cases.json_config(again.get_config()) == rnn_cases.json_config(
        layer.get_config())


def test_fit_of_embedding_lstm_dense_matches_tf_keras_history():
    found = rnn_cases.run_fit(ag.keras)
    np.testing.assert_allclose(found["loss"], EXPECTED["fit"]["loss"], rtol=1e-5)
    _close(found["weights"], EXPECTED["fit"]["weights"])
