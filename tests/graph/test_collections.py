"""Collections: `GraphKeys`, get/add functions on the default graph, variable initializers."""

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.state import collections as col
from autograph.runtime.state.variable_scope import variable_scope
from autograph.runtime.state.variables import Variable


@pytest.fixture
def graph():
    g = ag.Graph()
    with g.as_default():
        yield g


def test_graph_keys_have_tensorflow_values():
    keys = col.GraphKeys
    assert (keys.GLOBAL_VARIABLES, keys.TRAINABLE_VARIABLES, keys.LOCAL_VARIABLES,
            keys.REGULARIZATION_LOSSES, keys.UPDATE_OPS) == (
        "variables", "trainable_variables", "local_variables", "regularization_losses",
        "update_ops")
    assert keys.VARIABLES == keys.GLOBAL_VARIABLES


def test_add_and_get_use_the_default_graph(graph):
    col.add_to_collection("things", 1)
    col.add_to_collections(["things", "more"], 2)
    assert (col.get_collection("things"), col.get_collection("more")) == ([1, 2], [2])
    with ag.Graph().as_default():
        assert col.get_collection("things") == []
    assert graph.get_collection("things") == [1, 2]


def test_get_collection_returns_a_copy_and_ref_the_list(graph):
    col.get_collection("things").append(1)
    assert col.get_collection("things") == []
    col.get_collection_ref("things").append(2)
    assert col.get_collection("things") == [2]


def test_scope_filters_by_name(graph):
    with variable_scope("a"):
        a = Variable(1.0, name="a/v")
    with variable_scope("ab"):
        ab = Variable(1.0, name="ab/v")
    assert col.global_variables() == [a, ab]
    assert col.global_variables("a/") == [a]
    assert col.trainable_variables("ab") == [ab]


def test_local_and_untrainable_variables(graph):
    trainable = Variable(1.0)
    frozen = Variable(1.0, trainable=False)
    local = Variable(1.0, trainable=False, collections=[col.GraphKeys.LOCAL_VARIABLES])
    assert col.global_variables() == [trainable, frozen]
    assert col.trainable_variables() == [trainable]
    assert col.local_variables() == [local]


def test_global_variables_initializer_initializes_every_global_variable(graph):
    a, b = Variable([1, 2]), Variable(3.0, trainable=False)
    local = Variable(4.0, collections=[col.GraphKeys.LOCAL_VARIABLES])
    init = col.global_variables_initializer()
    assert (init.type, init.name) == ("NoOp", "init")
    with ag.Session() as sess:
        sess.run(init)
        np.testing.assert_array_equal(sess.run(a.value()), [1, 2])
        assert sess.run(b.value()) == 3.0
        assert not sess.run(local.is_initialized())
        sess.run(col.local_variables_initializer())
        assert sess.run(local.value()) == 4.0


def test_variables_initializer_of_some_variables(graph):
    a, b = Variable(1.0), Variable(2.0)
    init = col.variables_initializer([b], name="init_b")
    assert [c.name for c in init.control_inputs] == [b.initializer.name]
    with ag.Session() as sess:
        sess.run(init)
        assert (sess.run(a.is_initialized()), sess.run(b.is_initialized())) == (False, True)


def test_empty_initializer_is_a_no_op(graph):
    init = col.variables_initializer([])
    assert (init.type, init.control_inputs) == ("NoOp", [])
    ag.Session().run(init)


def test_initializers_are_none_eagerly():
    assert col.global_variables_initializer() is None
    assert col.variables_initializer([Variable(1.0)]) is None


def test_eager_variables_join_no_collection():
    before = len(col.global_variables())
    Variable(1.0)
    assert len(col.global_variables()) == before
