"""`ag.Module`: names, name scopes, and variables and submodules found through attributes."""

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.state.module import camel_to_snake


class Dense(ag.Module):
    def __init__(self, units, name=None):
        super().__init__(name=name)
        self.w = ag.Variable(np.ones([2, units], np.float32), name="w")
        self.b = ag.Variable(np.zeros([units], np.float32), name="b", trainable=False)

    @ag.Module.with_name_scope
    def __call__(self, x):
        return ag.matmul(x, self.w) + self.b


class MLPModel(ag.Module):
    def __init__(self):
        super().__init__()
        self.layers = [Dense(2, name="first"), Dense(2, name="second")]


def test_name_defaults_to_class_name_in_snake_case():
    assert (Dense(1).name, MLPModel().name, ag.Module().name) == ("dense", "mlp_model", "module")


def test_names_are_not_made_unique():
    assert Dense(1).name == Dense(1).name == "dense"


@pytest.mark.parametrize("camel, snake", [("MyModule", "my_module"), ("HTTPServer", "http_server"),
                                          ("ResNet50Block", "res_net50_block"), ("A", "a"),
                                          ("already_snake", "already_snake")])
def test_camel_to_snake(camel, snake):
    assert camel_to_snake(camel) == snake


@pytest.mark.parametrize("bad", ["", "1st", "has space", "a/b", "dash-ed", 3])
def test_invalid_names_raise_value_error(bad):
    with pytest.raises(ValueError, match="not a valid module name.*Python identifiers"):
        ag.Module(name=bad)


def test_variables_are_sorted_by_attribute_name():
    names = [v.name for v in Dense(3).variables]
    assert names == ["b:0", "w:0"]


def test_trainable_and_non_trainable_variables():
    layer = Dense(3)
    assert layer.trainable_variables == (layer.w,)
    assert layer.non_trainable_variables == (layer.b,)


def test_variables_of_submodules_in_lists_come_after_own_variables():
    model = MLPModel()
    model.scale = ag.Variable(2.0, name="scale")
    first, second = model.layers
    assert model.variables == (model.scale, first.b, first.w, second.b, second.w)


def test_submodules_walk_nested_modules():
    model = MLPModel()
    inner = ag.Module(name="inner")
    model.layers[0].inner = inner
    assert model.submodules == (model.layers[0], model.layers[1], inner)


def test_each_variable_reported_once_when_shared():
    model = MLPModel()
    model.alias = model.layers[0].w
    model.again = {"w": model.layers[0].w}
    assert [id(v) for v in model.variables].count(id(model.layers[0].w)) == 1
    assert len(model.variables) == 4


def test_dicts_are_walked_by_sorted_key_and_tuples_in_order():
    module = ag.Module()
    a, b, c = (ag.Variable(float(i), name=n) for i, n in enumerate("abc"))
    module.table = {"z": a, "m": (b, c)}
    assert module.variables == (b, c, a)


def test_module_reachable_from_itself_is_walked_once():
    parent, child = ag.Module(name="parent"), ag.Module(name="child")
    parent.child, child.parent = child, parent
    child.v = ag.Variable(1.0)
    assert parent.submodules == (child,) and parent.variables == (child.v,)


def test_module_without_attributes_has_no_variables_or_submodules():
    module = ag.Module()
    assert module.variables == module.submodules == module.trainable_variables == ()


def test_private_attributes_are_walked_too():
    module = ag.Module()
    module._hidden = ag.Variable(1.0)
    assert module.variables == (module._hidden,)


def test_name_scope_names_graph_ops():
    with ag.Graph().as_default():
        layer = Dense(2)
        with layer.name_scope:
            c = ag.constant(1.0, name="c")
    assert c.name == "dense/c:0"


def test_name_scope_is_made_unique_when_the_module_is_made_in_a_graph():
    with ag.Graph().as_default():
        first, second = ag.Module(name="block"), ag.Module(name="block")
        with first.name_scope:
            a = ag.constant(1.0, name="c")
        with second.name_scope:
            b = ag.constant(1.0, name="c")
    assert (a.name, b.name) == ("block/c:0", "block_1/c:0")


def test_name_scope_can_be_entered_again():
    with ag.Graph().as_default():
        module = ag.Module(name="m")
        for _ in range(2):
            with module.name_scope:
                last = ag.constant(1.0, name="c")
    assert last.name == "m/c_1:0"


def test_name_scope_eagerly_gives_the_scope_name():
    with Dense(1).name_scope as scope:
        assert scope == "dense/"


def test_with_name_scope_runs_method_in_the_module_scope():
    with ag.Graph().as_default():
        x = ag.placeholder(ag.float32, [1, 2], name="x")
        layer = Dense(2)
        y = layer(x)
    assert y.op.name.startswith("dense/")


def test_with_name_scope_keeps_the_method_name_and_result():
    layer = Dense(2)
    assert Dense.__call__.__name__ == "__call__"
    np.testing.assert_allclose(layer(ag.constant([[1.0, 2.0]])).numpy(), [[3.0, 3.0]])


def test_variables_change_through_module_attributes():
    layer = Dense(1)
    for v in layer.trainable_variables:
        v.assign_add(np.ones(v.shape, np.float32))
    np.testing.assert_allclose(layer.w.numpy(), [[2.0], [2.0]])


def test_variables_made_in_the_name_scope_eagerly_take_its_name():
    class Layer(ag.Module):
        def __init__(self):
            super().__init__()
            with self.name_scope:
                self.w = ag.Variable(1.0, name="w")

        @ag.Module.with_name_scope
        def make_bias(self):
            return ag.Variable(0.0, name="b")
    layer = Layer()
    assert (layer.w.name, layer.make_bias().name) == ("layer/w:0", "layer/b:0")
