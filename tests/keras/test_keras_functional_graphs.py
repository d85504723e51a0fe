"""Merge layers and functional models of several inputs and outputs, shared layers and nested
models, against values recorded from TensorFlow 2.21 (Keras 3.15) by
record_functional_answers.py running the same cases (functional_cases.py)."""

import json
import pathlib

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.train.keras.masking import get_keras_mask
from autograph.runtime.train.keras.summary import shape_text
from tests.keras import functional_cases as cases

EXPECTED = json.loads((pathlib.Path(__file__).parent / "functional_expected.json").read_text())
keras = ag.keras
layers = ag.keras.layers


def _gradients(fn, sources):
    watched = [s if isinstance(s, ag.Variable) else ag.constant(s) for s in sources]
    with ag.GradientTape() as tape:
        for s in watched:
            if not isinstance(s, ag.Variable):
                tape.watch(s)
        value = fn(*watched)
    return [g.numpy() for g in tape.gradient(value, watched)]


FRAMEWORK = cases.Framework(ag.keras, ag.reduce_sum, _gradients, get_keras_mask)


@pytest.mark.parametrize("name", sorted(cases.MERGES))
def test_merge_layer_output_and_gradients_match_tf_keras(name):
    found, expected = cases.run_merge(FRAMEWORK, name), EXPECTED["merges"][name]
    np.testing.assert_allclose(found["output"], expected["output"], rtol=1e-6)
    assert len(found["gradients"]) == len(expected["gradients"])
    for ours, theirs in zip(found["gradients"], expected["gradients"]):
        np.testing.assert_allclose(ours, theirs, rtol=1e-6)


@pytest.mark.parametrize("name", sorted(cases.MERGES))
def test_merge_layer_config_is_keras_3s_and_round_trips(name):
    found, expected = cases.run_merge(FRAMEWORK, name), EXPECTED["merges"][name]
    assert found["config"] == expected["config"]
    layer_class = getattr(layers, cases.MERGES[name][0])
    assert layer_class.from_config(found["config"]).get_config() == found["config"]


def test_a_two_input_two_output_model_with_a_shared_layer_matches_tf_keras():
    found, expected = cases.run_two_branch(FRAMEWORK), EXPECTED["two_branch"]
    for ours, theirs in zip(found["outputs"], expected["outputs"]):
        np.testing.assert_allclose(ours, theirs, rtol=1e-5)
    for ours, theirs in zip(found["gradients"], expected["gradients"]):
        np.testing.assert_allclose(ours, theirs, rtol=1e-5, atol=1e-6)


def test_functional_layers_and_weights_follow_keras_order():
    found, expected = cases.run_two_branch(FRAMEWORK), EXPECTED["two_branch"]
    assert found["layers"] == expected["layers"]
    assert found["weights"] == expected["weights"]


def test_a_functional_config_with_shared_layers_and_merges_is_keras_3s():
    assert cases.run_two_branch(FRAMEWORK)["config"] == EXPECTED["two_branch"]["config"]


def test_a_functional_config_of_several_inputs_and_outputs_round_trips():
    model = cases.two_branch_model(keras)
    again = keras.Model.from_config(model.get_config())
    again.set_weights(model.get_weights())
    for ours, theirs in zip(again(cases.two_branch_inputs()),
                            model(cases.two_branch_inputs())):
        np.testing.assert_allclose(ours, theirs, rtol=1e-6)
    assert again.get_config() == model.get_config()


def test_dict_inputs_and_outputs_match_tf_keras():
    found, expected = cases.run_dict_model(FRAMEWORK), EXPECTED["dict_model"]
    assert sorted(found["outputs"]) == sorted(expected["outputs"])
    for key in expected["outputs"]:
        np.testing.assert_allclose(found["outputs"][key], expected["outputs"][key], rtol=1e-6)
    assert (found["input_layers"], found["output_layers"]) == (
        expected["input_layers"], expected["output_layers"])


@pytest.mark.parametrize("key", sorted(EXPECTED["summaries"]))
def test_summary_matches_keras(key):
    assert cases.summaries(keras)[key] == EXPECTED["summaries"][key]


def test_inputs_and_outputs_list_the_keras_tensors():
    model = cases.two_branch_model(keras)
    assert [t.shape.as_list() for t in model.inputs] == [[None, 3], [None, 2]]
    assert [t.name for t in model.inputs] == ["a", "b"]  # as TensorFlow 2.21 names them
    assert [t.shape.as_list() for t in model.outputs] == [[None, 1], [None, 2]]


def test_a_shared_layer_records_one_call_per_use():
    model = cases.two_branch_model(keras)
    shared = model.get_layer("shared")
    assert len(shared._inbound_nodes) == 2
    assert len(shared.weights) == 2  # one kernel and bias for both calls


def test_a_functional_model_called_on_inputs_builds_a_bigger_model():
    inner = cases.two_branch_model(keras)
    a, b = keras.Input((3,)), keras.Input((2,))
    first, _ = inner([a, b])
    outer = keras.Model([a, b], layers.Dense(1, kernel_initializer="ones")(first))
    inputs = cases.two_branch_inputs()
    np.testing.assert_allclose(outer(inputs), inner(inputs)[0], rtol=1e-6)


def test_a_model_given_the_wrong_number_of_inputs_says_how_many_it_takes():
    with pytest.raises(ValueError) as raised:
        cases.two_branch_model(keras)(np.ones((1, 3), np.float32))
    assert str(raised.value) == "Model 'two' takes 2 inputs, got 1."


def test_a_dict_model_given_a_missing_key_names_it():
    with pytest.raises(ValueError) as raised:
        cases.dict_model(keras)({"x": np.ones((1, 3), np.float32)})
    assert str(raised.value) == "Model 'dicts': missing inputs ['y']; it takes ['x', 'y']."


def test_a_list_model_takes_inputs_by_name_too():
    model = cases.two_branch_model(keras)
    a, e = cases.two_branch_inputs()
    np.testing.assert_allclose(model({"b": e, "a": a})[0], model([a, e])[0], rtol=1e-6)


def test_a_merge_layer_on_one_tensor_says_it_takes_a_list():
    # TensorFlow 2.21 gives the same message
    with pytest.raises(ValueError) as raised:
        layers.Add()(np.ones((2, 3), np.float32))
    assert str(raised.value) == ("A merge layer should be called on a list of inputs. "
                                 "Received: input_shape=(2, 3) (not a list of shapes)")


@pytest.mark.parametrize("shapes, message", [
    ([(2, 3), (2, 2, 3)], "A `Concatenate` layer requires inputs with matching shapes except "
                          "for the concatenation axis. Received: input_shape=[(2, 3), (2, 2, 3)]"),
    ([(2, 3), (3, 3)], "A `Concatenate` layer requires inputs with matching shapes except for "
                       "the concatenation axis. Received: input_shape=[(2, 3), (3, 3)]"),
], ids=["ranks", "batch"])
def test_concatenate_of_mismatched_shapes_is_keras_error(shapes, message):
    # messages recorded from TensorFlow 2.21
    with pytest.raises(ValueError) as raised:
        layers.Concatenate()([np.ones(s, np.float32) for s in shapes])
    assert str(raised.value) == message


@pytest.mark.parametrize("layer, shapes, message", [
    ("Add", [(2, 3), (2, 4)], "Inputs have incompatible shapes. Received shapes (3,) and (4,)"),
    ("Average", [(2, 3), (1, 3)], "Cannot merge tensors with different batch sizes. Received "
                                  "tensors with shapes [(2, 3), (1, 3)]"),
    ("Subtract", [(2, 3)] * 3, "A `Subtract` layer should be called on exactly 2 inputs. "
                               "Received: input_shape=[(2, 3), (2, 3), (2, 3)]"),
], ids=["add", "average", "subtract"])
def test_merge_of_incompatible_inputs_is_keras_error(layer, shapes, message):
    # messages recorded from TensorFlow 2.21
    with pytest.raises(ValueError) as raised:
        getattr(layers, layer)()([np.ones(s, np.float32) for s in shapes])
    assert str(raised.value) == message


@pytest.mark.parametrize("key", sorted(EXPECTED["masks"]))
def test_masks_flow_through_layers_as_in_tf_keras(key):
    found, expected = cases.run_masks(FRAMEWORK)[key], EXPECTED["masks"][key]
    np.testing.assert_allclose(found["output"], expected["output"], rtol=1e-6)
    assert found["mask"] == expected["mask"]


def test_a_layer_that_drops_masks_warns_as_keras_does():
    embedded = layers.Embedding(4, 2, mask_zero=True)(np.array([[1, 0]]))
    with pytest.warns(UserWarning) as caught:
        layers.Flatten(name="flat")(embedded)
    assert caught[0].filename == __file__  # the line that called the layer
    assert str(caught[0].message) == (
        "Layer 'flat' (of type Flatten) was passed an input with a mask attached to it. "
        "However, this layer does not support masking and will therefore destroy the mask "
        "information. Downstream layers will not see the mask.")


@pytest.mark.parametrize("name", sorted(cases.MULTI_OUTPUT_FITS))
def test_a_fit_of_two_outputs_matches_tf_keras(name):
    found = cases.run_multi_output_fit(keras, keras.optimizers.SGD(0.1), name)
    expected = EXPECTED["multi_output_fits"][name]
    assert sorted(found["history"]) == sorted(expected["history"])
    for key, values in expected["history"].items():
        np.testing.assert_allclose(found["history"][key], values, rtol=1e-5, err_msg=key)
    np.testing.assert_allclose(found["evaluate"], expected["evaluate"], rtol=1e-5)


@pytest.mark.parametrize("name", sorted(cases.SYMBOLIC_MERGES))
def test_a_merge_of_inputs_has_tf_keras_output_shape(name):
    assert cases.symbolic_merge_shape(keras, name) == EXPECTED["symbolic_merges"][name]


@pytest.mark.parametrize("key", sorted(EXPECTED["partial_masks"]))
def test_merges_of_masked_and_unmasked_inputs_match_tf_keras(key):
    found, expected = cases.run_partial_masks(FRAMEWORK)[key], EXPECTED["partial_masks"][key]
    np.testing.assert_allclose(found["output"], expected["output"], rtol=1e-6)
    assert found["mask"] == expected["mask"]


@pytest.mark.parametrize("name", ["Add", "Concatenate"])
def test_a_merge_layer_built_directly_is_built(name):
    layer = getattr(layers, name)()
    layer.build([ag.TensorShape([None, 3])] * 2)
    assert layer.built  # as in Keras 3, whose build wrapper marks it


@pytest.mark.parametrize("name", ["Add", "Subtract", "Multiply", "Average", "Maximum",
                                  "Minimum", "Concatenate"])
def test_a_merge_layer_is_built_by_its_call_and_found_again_by_its_keras_name(name):
    layer = getattr(layers, name)()
    layer([np.ones((2, 3), np.float32)] * 2)
    assert layer.built
    serialized = keras.saving.serialize_keras_object(layer)
    assert (serialized["module"], serialized["class_name"]) == ("keras.layers", name)
    assert type(keras.saving.deserialize_keras_object(serialized)) is type(layer)


def test_a_merge_layers_call_on_one_tensor_says_it_takes_a_list():
    # reached by calling `call` itself: `__call__` checks the shapes first
    with pytest.raises(ValueError) as raised:
        layers.Add().call(ag.constant([1.0]))
    assert str(raised.value).startswith("A merge layer should be called on a list of inputs. "
                                        "Received: inputs=")
    assert str(raised.value).endswith(" (not a list of tensors)")


def test_an_input_of_unknown_rank_shows_as_none_in_a_merge_error():
    subtract = layers.Subtract()

    @ag.function(input_signature=[ag.TensorSpec([2, 3]), ag.TensorSpec(None),
                                  ag.TensorSpec([2, 3])])
    def three(a, b, c):
        return subtract([a, b, c])

    with pytest.raises(ValueError) as raised:
        three.get_concrete_function()
    # errors raised while tracing name the user's line first
    assert str(raised.value).endswith(
        "ValueError: A `Subtract` layer should be called on exactly 2 inputs. Received: "
        "input_shape=[(2, 3), None, (2, 3)]")


@pytest.mark.parametrize("layer, inputs, message", [
    ("Add", [], "A merge layer should be called on a list of inputs. Received: "
                "input_shape=[] (not a list of shapes)"),
    ("Concatenate", [], "A `Concatenate` layer should be called on a list of at least 1 "
                        "input. Received: input_shape=[]"),
    ("Concatenate", np.ones((2, 3), np.float32),
     "A `Concatenate` layer should be called on a list of at least 1 input. Received: "
     "input_shape=(2, 3)"),
], ids=["add of none", "concatenate of none", "concatenate of one tensor"])
def test_a_merge_of_no_list_or_an_empty_one_is_one_clear_error(layer, inputs, message):
    # the tensor's message is TensorFlow 2.21's; of an empty list it fails with a TypeError
    with pytest.raises(ValueError) as raised:
        getattr(layers, layer)()(inputs)
    assert str(raised.value) == message


def test_concatenate_checks_the_axes_after_the_concatenation_axis():
    # TensorFlow 2.21 gives the same message
    with pytest.raises(ValueError) as raised:
        layers.Concatenate(axis=1)([np.ones((2, 3, 4), np.float32),
                                    np.ones((2, 5, 6), np.float32)])
    assert str(raised.value) == (
        "A `Concatenate` layer requires inputs with matching shapes except for the "
        "concatenation axis. Received: input_shape=[(2, 3, 4), (2, 5, 6)]")


def test_concatenate_of_one_tensor_returns_it():
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    np.testing.assert_array_equal(layers.Concatenate()([x]), x)  # as in TensorFlow 2.21


@pytest.mark.parametrize("name", ["Add", "Concatenate"])
def test_a_merge_with_an_input_of_unknown_rank_runs(name):
    layer = getattr(layers, name)()

    @ag.function(input_signature=[ag.TensorSpec(None), ag.TensorSpec([2, 3])])
    def merged(a, b):
        return layer([a, b])

    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    expected = x + x if name == "Add" else np.concatenate([x, x], -1)
    np.testing.assert_array_equal(merged(x, x), expected)


def test_an_input_no_output_needs_is_listed_where_keras_lists_it():
    a, b, c = (keras.Input(s, name=n) for s, n in (((3,), "a"), ((2,), "b"), ((2,), "c")))
    hidden = layers.Dense(2, name="h")(a)
    model = keras.Model([a, b, c], layers.Add(name="add")([hidden, c]))
    # recorded from TensorFlow 2.21: the unused Input b after the layers of its depth
    assert [layer.name for layer in model.layers] == ["a", "h", "c", "b", "add"]


def test_a_training_flag_given_to_a_layer_on_an_input_is_recorded_and_yields_to_the_models():
    inputs = keras.Input((3,), name="a")
    model = keras.Model(inputs, layers.Dropout(0.5, seed=1)(inputs, training=True))
    # TensorFlow 2.21 writes the flag in the call's kwargs; predict's training=False wins
    assert model.get_config()["layers"][1]["inbound_nodes"][0]["kwargs"] == {"training": True}
    x = np.ones((2, 3), np.float32)
    np.testing.assert_array_equal(model.predict(x, verbose=0), x)
    assert set(np.unique(model(x).numpy())) <= {0.0, 2.0}  # the recorded flag: dropout on
    again = keras.Model.from_config(model.get_config())
    assert again.get_config()["layers"][1]["inbound_nodes"][0]["kwargs"] == {"training": True}


def test_a_sequential_layer_that_returns_a_list_is_one_clear_error():
    class Pair(layers.Layer):
        def call(self, inputs):
            return [inputs, inputs]

    with pytest.raises(ValueError) as raised:
        keras.Sequential([keras.Input((3,)), Pair(name="pair")])
    assert str(raised.value) == ("Layer 'pair' returns list; a layer of a Sequential model "
                                 "returns one tensor.")


def test_a_functional_model_called_in_training_passes_training_to_its_layers():
    inputs = keras.Input((100,))
    model = keras.Model(inputs, layers.Dropout(0.5, seed=3)(inputs))
    x = np.ones((2, 100), np.float32)
    trained = model(x, training=True).numpy()
    assert set(np.unique(trained)) == {0.0, 2.0}  # dropped, and the rest scaled
    np.testing.assert_array_equal(model(x, training=False), x)


def test_a_summary_shows_a_shape_of_unknown_rank_as_a_question_mark():
    assert [shape_text(None), shape_text(ag.TensorShape(None)),
            shape_text([ag.TensorShape([None, 3]), ag.TensorShape([None, 2])])] == [
        "?", "?", "[(None, 3), (None, 2)]"]


class _TwoOutputs(layers.Layer):
    def __init__(self):
        super().__init__()
        self.supports_masking = True

    def call(self, x):
        return [x, x * 2]


def test_one_mask_for_two_outputs_masks_only_the_first_as_keras_does():
    # tf.keras 2.21 (Keras 3.15) gives the same answer, symbolic and eager: [True, False].
    embedded = layers.Embedding(5, 2, mask_zero=True)(np.array([[1, 0, 2]]))
    first, second = _TwoOutputs()(embedded)
    assert [get_keras_mask(first) is not None, get_keras_mask(second) is not None] == [
        True, False]


def test_bidirectional_states_get_no_mask_as_in_keras():
    # tf.keras 2.21 (Keras 3.15): only the sequence output keeps the mask.
    layer = layers.Bidirectional(layers.GRU(2, return_sequences=True, return_state=True))
    outputs = layer(layers.Embedding(5, 3, mask_zero=True)(np.array([[1, 0, 2]])))
    assert [get_keras_mask(o) is not None for o in outputs] == [True, False, False]


class _PassMask(layers.Layer):
    def __init__(self):
        super().__init__()
        self.supports_masking = True

    def call(self, x, mask=None):
        return x * 1


def test_a_mask_given_to_a_call_is_attached_to_the_output_as_keras_does():
    mask = np.array([[True, False, True]])
    output = _PassMask()(np.ones((1, 3, 2), np.float32), mask=mask)
    assert np.asarray(get_keras_mask(output)).tolist() == [[True, False, True]]  # as TF 2.21


def test_a_layer_takes_integer_inputs_as_its_float_dtype():
    dense = layers.Dense(1, kernel_initializer="ones")
    assert dense(np.array([[1, 2]])).numpy().tolist() == [[3.0]]  # as TensorFlow 2.21


class _Largest(layers.Layer):
    call = staticmethod(max)  # a builtin whose parameters cannot be read


def test_a_call_whose_parameters_cannot_be_read_gets_only_the_inputs():
    assert float(_Largest()(np.array([1.0, 3.0, 2.0], np.float32))) == 3.0


def _masked_ones():
    return layers.Embedding(4, 1, mask_zero=True, embeddings_initializer="ones")(
        np.array([[1, 0]]))


def test_a_call_whose_parameters_cannot_be_read_gets_no_mask_either():
    with pytest.warns(UserWarning, match="does not support masking"):
        assert _Largest()(_masked_ones()).numpy().tolist() == [[1.0], [1.0]]


class _Keywords(layers.Layer):
    def call(self, x, **kwargs):
        return x * (2 if kwargs.get("training") else 1) + (
            10 if kwargs.get("mask") is not None else 0)


def test_a_call_taking_only_keywords_gets_neither_training_nor_a_mask_as_keras_3():
    # TensorFlow 2.21 gives the same values: **kwargs does not count as naming them
    assert _Keywords()(np.ones((1, 2), np.float32), training=True).numpy().tolist() == [
        [1.0, 1.0]]
    with pytest.warns(UserWarning, match="does not support masking"):
        assert _Keywords()(_masked_ones()).numpy().tolist() == [[[1.0], [1.0]]]
