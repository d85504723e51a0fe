"""Keras 3's model classes: a Sequential is a Model, every model finds its layers with
get_layer, and the Input is in ag.keras.layers too. Expected values were recorded from
TensorFlow 2.21 (Keras 3.15) running the same calls."""

import numpy as np
import pytest

import autograph as ag

keras = ag.keras
layers = ag.keras.layers


def _stack():
    return keras.Sequential([keras.Input((3,)), layers.Dense(2, name="a"),
                             layers.Dense(1, name="b")])


def test_a_sequential_model_is_a_model():
    assert isinstance(_stack(), keras.Model)


def test_the_input_is_in_layers_too():
    assert layers.Input is keras.Input
    assert isinstance(layers.Input((3,)).keras_tensor.layer, layers.InputLayer)


def test_get_layer_finds_a_layer_by_name_or_index():
    model = _stack()
    assert [model.get_layer("b").name, model.get_layer(index=0).name,
            model.get_layer(index=-1).name] == ["b", "a", "b"]


def test_get_layer_of_a_functional_model_counts_its_input():
    inputs = keras.Input((3,), name="x")
    model = keras.Model(inputs, layers.Dense(2, name="d")(inputs))
    assert type(model.get_layer("x")) is layers.InputLayer
    assert [model.get_layer(index=i).name for i in (0, 1)] == ["x", "d"]


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.inner = layers.Dense(2, name="inner")
        self.outer = layers.Dense(1, name="outer")

    def call(self, x):
        return self.outer(self.inner(x))


def test_a_subclassed_models_layers_are_its_attributes_layers_in_order():
    assert [layer.name for layer in Net().layers] == ["inner", "outer"]


def test_get_layer_of_a_subclassed_model_finds_its_attributes_layers():
    assert Net().get_layer("outer").name == "outer"


@pytest.mark.parametrize("args, kwargs, message", [
    (("c",), {}, "No such layer: c. Existing layers are: ['a', 'b']."),
    ((), {"index": 5}, "Was asked to retrieve layer at index 5 but model only has 2 layers."),
    ((), {"index": 2}, "Was asked to retrieve layer at index 2 but model only has 2 layers."),
    ((), {}, "Provide either a layer name or layer index at `get_layer`."),
    (("a",), {"index": 0}, "Provide only a layer name or a layer index. Received: index=0, "
                           "name=a."),
], ids=["unknown name", "index past the end", "index at the end", "neither", "both"])
def test_get_layer_mistakes_are_keras_errors(args, kwargs, message):
    with pytest.raises(ValueError) as raised:
        _stack().get_layer(*args, **kwargs)
    assert str(raised.value) == message


def test_freezing_a_model_freezes_its_layers_and_unfreezing_unfreezes_them_all():
    model = _stack()
    model.layers[0].trainable = False
    counts = [(len(model.trainable_weights), len(model.non_trainable_weights))]
    model.trainable = False
    counts.append((len(model.trainable_weights), len(model.non_trainable_weights)))
    frozen = [layer.trainable for layer in model.layers]
    model.trainable = True
    counts.append((len(model.trainable_weights), len(model.non_trainable_weights)))
    # TensorFlow 2.21 (Keras 3.15): setting a model's trainable sets its layers'
    assert counts == [(2, 2), (0, 4), (4, 0)]
    assert frozen == [False, False]
    assert [layer.trainable for layer in model.layers] == [True, True]


def test_fit_leaves_a_frozen_layer_as_it_was():
    model = _stack()
    model.layers[0].trainable = False
    model.compile(optimizer="sgd", loss="mse")
    frozen, trained = (layer.kernel.numpy().copy() for layer in model.layers)
    model.fit(np.ones((4, 3), np.float32), np.ones((4, 1), np.float32), epochs=1, verbose=0)
    assert np.array_equal(model.layers[0].kernel.numpy(), frozen)
    assert not np.array_equal(model.layers[1].kernel.numpy(), trained)


class _Twice(layers.Layer):
    """Doubles the features, and says nothing of its output shape."""

    def call(self, inputs):
        return ag.concat([inputs, inputs], axis=-1)


def test_a_sequential_with_an_input_traces_a_layer_that_does_not_give_its_output_shape():
    model = keras.Sequential([keras.Input((3,)), _Twice(),
                              layers.Dense(2, kernel_initializer="ones")])
    # TensorFlow 2.21 builds the Dense for 6 features too (a symbolic call of _Twice)
    assert [w.shape.as_list() for w in model.weights] == [[6, 2], [2]]
    np.testing.assert_array_equal(model(np.ones((1, 3), np.float32)), [[6.0, 6.0]])
    assert all(layer.built for layer in model.layers)
