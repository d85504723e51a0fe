"""The order in which layers and modules list their variables, as TensorFlow 2.21 and Keras
3.15 list them (recorded there with the same classes)."""

import numpy as np

import autograph as ag


class _ThreeWeights(ag.keras.layers.Layer):
    """Weights made in an order that is not alphabetical, one of them not trainable."""

    def build(self, input_shape):
        self.zeta = self.add_weight(shape=(1,), name="zeta")
        self.alpha = self.add_weight(shape=(2,), name="alpha", trainable=False)
        self.mid = self.add_weight(shape=(3,), name="mid")

    def call(self, x):
        return x


def _names(variables):
    return [v.name.split("/")[-1].split(":")[0] for v in variables]


def _built_layer():
    layer = _ThreeWeights()
    layer(np.ones((1, 1), np.float32))
    return layer


def test_a_layers_weights_are_the_trainable_then_the_others_each_in_creation_order():
    layer = _built_layer()
    # Keras 3.15: ['zeta', 'mid', 'alpha'] for weights and for variables
    assert _names(layer.weights) == _names(layer.variables) == ["zeta", "mid", "alpha"]


def test_a_layers_trainable_and_non_trainable_weights_keep_creation_order():
    layer = _built_layer()
    assert _names(layer.trainable_weights) == ["zeta", "mid"]  # Keras 3.15
    assert _names(layer.non_trainable_weights) == ["alpha"]


def test_get_weights_follows_weights():
    layer = _built_layer()
    assert [w.shape for w in layer.get_weights()] == [(1,), (3,), (2,)]


class _Module(ag.Module):
    def __init__(self):
        super().__init__()
        self.zeta = ag.Variable(1.0, name="zeta")
        self.alpha = ag.Variable(2.0, name="alpha")
        self.mid = [ag.Variable(3.0, name="mid0"), ag.Variable(4.0, name="mid1")]
        self.beta = {"y": ag.Variable(5.0, name="by"), "x": ag.Variable(6.0, name="bx")}
        self.child = ag.Module(name="child")
        self.child.w = ag.Variable(7.0, name="cw")


def test_a_modules_variables_are_by_attribute_name_then_its_submodules():
    # TensorFlow 2.21 tf.Module: ['alpha:0', 'bx:0', 'by:0', 'mid0:0', 'mid1:0', 'zeta:0',
    # 'cw:0']: attributes sorted by name (dict keys sorted), a submodule's after.
    assert [v.name for v in _Module().variables] == [
        "alpha:0", "bx:0", "by:0", "mid0:0", "mid1:0", "zeta:0", "cw:0"]
