"""The layers of `layer_cases` against `tf.keras` (TensorFlow 2.21, Keras 3.15), recorded by
record_layer_answers.py: outputs, gradients of `sum(outputs * R)` with respect to the input
and each trainable weight, moving statistics after a training call, output shapes, weight names,
configs, and a short fit of a model with BatchNormalization."""

import json
import pathlib

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.train.keras.serialization import loading_scope
from tests.keras import layer_cases

EXPECTED = json.loads((pathlib.Path(__file__).parent / "layer_expected.json").read_text())
CASES = sorted(layer_cases.CASES)
TOLERANCE = {"rtol": 1e-5, "atol": 1e-6}


@pytest.fixture(scope="module")
def results():
    """Each case run once under ag.keras (the tests below check one part of it each)."""
    return {name: layer_cases.run_case(ag, ag.keras, name) for name in CASES}


@pytest.mark.parametrize("name", CASES)
def test_output_matches_tf_keras(results, name):
    np.testing.assert_allclose(results[name]["output"], EXPECTED["cases"][name]["output"],
                               **TOLERANCE)


@pytest.mark.parametrize("name", [n for n in CASES if layer_cases.CASES[n].input != "ids"])
def test_input_gradient_matches_tf_keras(results, name):
    np.testing.assert_allclose(results[name]["input_gradient"],
                               EXPECTED["cases"][name]["input_gradient"], **TOLERANCE)


@pytest.mark.parametrize("name", [n for n in CASES if EXPECTED["cases"][n]["weight_gradients"]])
def test_weight_gradients_match_tf_keras(results, name):
    found, expected = (results[name]["weight_gradients"],
                       EXPECTED["cases"][name]["weight_gradients"])
    assert len(found) == len(expected)
    for ours, theirs in zip(found, expected):
        np.testing.assert_allclose(ours, theirs, **TOLERANCE)


@pytest.mark.parametrize("name", [n for n in CASES if layer_cases.CASES[n].training])
def test_batch_norm_moving_statistics_after_a_training_call_match_tf_keras(results, name):
    found = results[name]["weights_after_training_call"]
    expected = EXPECTED["cases"][name]["weights_after_training_call"]
    assert len(found) == len(expected)
    for ours, theirs in zip(found, expected):
        np.testing.assert_allclose(ours, theirs, **TOLERANCE)


@pytest.mark.parametrize("name", [n for n in CASES if layer_cases.CASES[n].training])
def test_batch_norm_inference_output_after_a_training_call_matches_tf_keras(results, name):
    np.testing.assert_allclose(results[name]["inference_output"],
                               EXPECTED["cases"][name]["inference_output"], **TOLERANCE)


@pytest.mark.parametrize("name", ["embedding", "embedding_mask_zero"])
def test_embedding_mask_matches_tf_keras(results, name):
    assert results[name]["mask"] == EXPECTED["cases"][name]["mask"]


@pytest.mark.parametrize("name", CASES)
def test_config_equals_tf_keras(results, name):
    assert results[name]["config"] == EXPECTED["cases"][name]["config"]


@pytest.mark.parametrize("name", CASES)
def test_output_shapes_for_unknown_and_known_batch_sizes_equal_tf_keras(results, name):
    assert results[name]["output_shapes"] == EXPECTED["cases"][name]["output_shapes"]


@pytest.mark.parametrize("name", CASES)
def test_weight_names_equal_tf_keras(results, name):
    assert results[name]["weight_names"] == EXPECTED["cases"][name]["weight_names"]


@pytest.mark.parametrize("name", CASES)
def test_supports_masking_equals_tf_keras(results, name):
    assert results[name]["supports_masking"] == EXPECTED["cases"][name]["supports_masking"]


@pytest.mark.parametrize("name", CASES)
def test_serialized_module_and_class_equal_tf_keras(results, name):
    assert results[name]["class"] == EXPECTED["cases"][name]["class"]


@pytest.mark.parametrize("name", [n for n in CASES if not n.startswith("lambda")])
def test_from_config_round_trips(name):
    layer = layer_cases.build(ag, ag.keras, name)
    again = type(layer).from_config(layer.get_config())
    assert layer_cases.json_config(again.get_config()) == layer_cases.json_config(
        layer.get_config())


def test_lambda_of_a_named_function_round_trips_with_the_function_in_custom_objects():
    layer = layer_cases.build(ag, ag.keras, "lambda_named")
    with loading_scope({"square_plus_one": layer_cases.square_plus_one}):
        again = ag.keras.layers.Lambda.from_config(layer.get_config())
    assert again.function is layer_cases.square_plus_one
    assert again.get_config() == layer.get_config()


def test_automatic_layer_names_are_tf_keras_names():
    assert layer_cases.first_names(ag.keras) == EXPECTED["names"]


def test_fit_with_batch_norm_matches_tf_keras_history():
    found = layer_cases.run_fit(ag, ag.keras)
    np.testing.assert_allclose(found["loss"], EXPECTED["fit"]["loss"], rtol=1e-5)


def test_fit_with_batch_norm_leaves_tf_keras_weights_and_moving_statistics():
    found = layer_cases.run_fit(ag, ag.keras)["weights"]
    expected = EXPECTED["fit"]["weights"]
    assert len(found) == len(expected)
    for ours, theirs in zip(found, expected):
        np.testing.assert_allclose(ours, theirs, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("name", sorted(layer_cases.MASKED))
def test_masked_call_matches_tf_keras(name):
    # Layer.__call__ does not carry masks yet: `call` is given the mask directly
    found = layer_cases.run_masked(ag, ag.keras, name,
                                   lambda layer, x, mask: layer.call(x, training=True,
                                                                     mask=mask))
    expected = EXPECTED["masked"][name]
    np.testing.assert_allclose(found["output"], expected["output"], **TOLERANCE)
    for ours, theirs in zip(found["weights"], expected["weights"], strict=True):
        np.testing.assert_allclose(ours, theirs, **TOLERANCE)
