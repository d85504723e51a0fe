"""How a functional model takes its inputs: the errors for wrong inputs and outputs, inputs by
name and by count, values converted to the Inputs' dtypes, a subclassed model's structures,
output shapes of several inputs, and the summary of a graph that is not a chain. Expected
values are TensorFlow 2.21's (Keras 3.15) where the page says so."""

import io
import re

import numpy as np
import pytest

import autograph as ag

keras = ag.keras
layers = ag.keras.layers


def test_a_model_of_no_inputs_is_refused():
    inputs = keras.Input((2,))
    with pytest.raises(TypeError) as raised:
        keras.Model([], layers.Dense(1)(inputs))
    assert str(raised.value) == (
        "Model(inputs=..., outputs=...) takes ag.keras.Inputs and what layers called on them "
        "return (one, or a list or dict of them); inputs is empty.")


def test_a_model_whose_input_is_a_layers_output_is_refused():
    hidden = layers.Dense(2, name="hidden")(keras.Input((2,)))
    with pytest.raises(ValueError) as raised:
        keras.Model(hidden, layers.Dense(1)(hidden))
    assert str(raised.value) == (f"Model inputs must come from ag.keras.Input; {hidden!r} is the "
                                 f"output of layer 'hidden'.")


def _two_inputs():
    first, second = keras.Input((2,), name="a"), keras.Input((3,), name="b")
    joined = layers.Concatenate()([first, second])
    return keras.Model([first, second], layers.Dense(1, kernel_initializer="ones")(joined),
                       name="m")


def test_inputs_given_by_other_names_are_refused_naming_the_right_ones():
    with pytest.raises(ValueError) as raised:
        _two_inputs()({"a": np.ones((1, 2)), "c": np.ones((1, 3))})
    assert str(raised.value) == "Model 'm': inputs given by name must be ['a', 'b'], got " \
                                "['a', 'c']."


def _one_input():
    inputs = keras.Input((2,))
    return keras.Model(inputs, layers.Dense(1)(inputs), name="one")


@pytest.mark.parametrize("make, given, expected", [
    (_two_inputs, [np.ones((1, 2))], "Model 'm' takes 2 inputs, got 1."),
    (_one_input, [np.ones((1, 2)), np.ones((1, 2))], "Model 'one' takes 1 input, got 2.")])
def test_a_wrong_number_of_inputs_is_refused_with_both_counts(make, given, expected):
    with pytest.raises(ValueError) as raised:
        make()(given)
    assert str(raised.value) == expected


def test_a_float_input_takes_numbers_at_its_own_precision():
    # as TensorFlow 2.21: the float64 layer sees the value rounded to the float32 Input's
    inputs = keras.Input((1,))
    model = keras.Model(inputs, layers.Lambda(lambda x: x * 1, dtype="float64")(inputs))
    assert float(model(np.array([[1 + 1e-10]])).numpy()[0, 0]) == 1.0


def test_a_float_input_takes_booleans_as_numbers():
    inputs = keras.Input((1,))
    model = keras.Model(inputs, layers.Lambda(lambda x: x * 1)(inputs))
    assert model(np.array([[True]])).numpy().tolist() == [[1.0]]  # as TensorFlow 2.21


def test_an_integer_input_takes_floats_without_their_fraction():
    inputs = keras.Input((1,), dtype="int32")
    model = keras.Model(inputs, layers.Dense(1, kernel_initializer="ones",
                                             use_bias=False)(inputs))
    assert model(np.array([[1.7]], np.float32)).numpy().tolist() == [[1.0]]  # as TF 2.21


def test_strings_for_a_float_input_are_refused():
    # TensorFlow 2.21 refuses them too (ValueError)
    inputs = keras.Input((1,), name="numbers")
    model = keras.Model(inputs, layers.Lambda(lambda x: x)(inputs))
    with pytest.raises(ValueError, match="^Input 'numbers' takes float32 values, got string "
                                         "ones.$"):
        model(np.array([["a"]]))


class _Optional(keras.Model):
    def call(self, inputs):
        x, extra = inputs
        return x * 2 if extra is None else x + extra


def test_a_subclassed_model_gets_none_in_a_structure_as_none():
    assert _Optional()([np.ones((1, 2), np.float32), None]).numpy().tolist() == [[2.0, 2.0]]


def test_the_output_shape_of_a_model_of_two_inputs():
    assert _two_inputs().compute_output_shape([(None, 2), (None, 3)]).as_list() == [None, 1]


def test_the_summary_of_a_graph_that_is_not_a_chain_says_what_each_layer_takes():
    # as TensorFlow 2.21: c takes a's output, not b's, so the summary has "Connected to"
    inputs = keras.Input((2,), name="i")
    a = layers.Dense(2, name="a")(inputs)
    model = keras.Model(inputs, [layers.Dense(2, name="b")(a), layers.Dense(2, name="c")(a)])
    text = io.StringIO()
    model.summary(print_fn=text.write)
    assert "Connected to" in text.getvalue()
    assert re.search(r"c \(Dense\).*a\[0\]\[0\]", text.getvalue())
