"""`variable_scope` and `get_variable`: names, reuse, inheritance, restore on exit, errors."""

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.state import initializers
from autograph.runtime.state.collections import GraphKeys, global_variables_initializer
from autograph.runtime.state.variable_scope import (
    AUTO_REUSE,
    VARSCOPESTORE_KEY,
    EagerVariableStore,
    VariableScope,
    get_local_variable,
    get_variable,
    get_variable_scope,
    no_regularizer,
    variable_scope,
)


@pytest.fixture
def graph():
    g = ag.Graph()
    with g.as_default():
        yield g


# Names (seed 002) -------------------------------------------------------------------------------
def test_nested_scopes_join_names_with_slashes(graph):
    with variable_scope("abc"):
        with variable_scope("fn"):
            w = get_variable("w", shape=[2])
            assert get_variable_scope().name == "abc/fn"
    assert w.name == "abc/fn/w:0"
    assert graph.get_collection(GraphKeys.GLOBAL_VARIABLES) == [w]


def test_ops_take_the_name_scope_and_variables_the_variable_scope(graph):
    with variable_scope("foo"):
        with ag.name_scope("bar"):
            v = get_variable("v", [1])
            x = ag.add(1.0, v, name="add")
    assert (v.name, x.op.name) == ("foo/v:0", "foo/bar/add")


def test_reentering_a_name_makes_a_new_name_scope_but_not_a_new_variable_scope(graph):
    with variable_scope("foo"):
        a = ag.identity(1.0, name="x")
    with variable_scope("foo", reuse=True) as scope:
        b = ag.identity(1.0, name="x")
    assert (a.op.name, b.op.name, scope.name) == ("foo/x", "foo_1/x", "foo")
    assert scope.original_name_scope == "foo_1/"


def test_scopes_are_restored_on_exit(graph):
    with variable_scope("outer", reuse=True):
        with variable_scope("inner"):
            pass
        assert (get_variable_scope().name, get_variable_scope().reuse) == ("outer", True)
        assert graph.get_name_scope() == "outer"
    assert (get_variable_scope().name, get_variable_scope().reuse) == ("", False)
    assert graph.get_name_scope() == ""


def test_scopes_are_restored_when_the_block_raises(graph):
    with pytest.raises(RuntimeError, match="boom"):
        with ag.name_scope("ns"):
            with variable_scope("vs", reuse=AUTO_REUSE):
                assert graph.get_name_scope() == "ns/vs"
                raise RuntimeError("boom")
    assert get_variable_scope().name == "" and get_variable_scope().reuse is False
    assert graph.get_name_scope() == ""
    assert get_variable("w", [1]).name == "w:0"


def test_default_name_is_made_unique_and_counters_restart(graph):
    with variable_scope("foo") as vs:
        with variable_scope(None, default_name="bar"):
            a = get_variable("a", [1])
        with variable_scope(None, default_name="bar"):
            b = get_variable("b", [1])
        with variable_scope(None, default_name="bar"):
            c = get_variable("c", [1])
    with variable_scope(vs):
        with variable_scope(None, default_name="bar"):
            d = get_variable("d", [1])
    assert [v.name for v in (a, b, c, d)] == ["foo/bar/a:0", "foo/bar_1/b:0", "foo/bar_2/c:0",
                                              "foo/bar/d:0"]


def test_captured_scope_does_not_take_the_parent_prefix(graph):
    with variable_scope("foo") as foo:
        pass
    with variable_scope("other"):
        with variable_scope(foo) as again:
            v = get_variable("v", [1])
            x = ag.identity(1.0, name="x")
    assert (v.name, again.name, again.original_name_scope) == ("foo/v:0", "foo", "foo/")
    assert x.op.name == "other/foo/x"  # the ops' name scope: the scope's last name, here


def test_auxiliary_name_scope_false_keeps_the_current_name_scope(graph):
    with ag.name_scope("ns"):
        with variable_scope("vs", auxiliary_name_scope=False):
            x = ag.identity(1.0, name="x")
            v = get_variable("v", [1])
    assert (x.op.name, v.name) == ("ns/x", "vs/v:0")


def test_scope_store_lives_in_a_graph_collection():
    first, second = ag.Graph(), ag.Graph()
    with first.as_default():
        with variable_scope("only_in_first"):
            with second.as_default():
                assert get_variable_scope().name == ""
            assert get_variable_scope().name == "only_in_first"
    assert len(first.get_collection(VARSCOPESTORE_KEY)) == 1


def test_values_pick_the_graph():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [])
    with ag.Graph().as_default():
        with variable_scope("s", values=[x]):
            v = get_variable("v", [1])
    assert v.graph is g


# Reuse ------------------------------------------------------------------------------------------
def test_reuse_true_returns_the_existing_variable(graph):
    with variable_scope("foo"):
        v = get_variable("v", [1])
    with variable_scope("foo", reuse=True):
        assert get_variable("v", [1]) is v


def test_reuse_variables_switches_a_scope_to_reuse(graph):
    with variable_scope("foo") as scope:
        v = get_variable("v", [1])
        scope.reuse_variables()
        assert get_variable("v", [1]) is v


def test_reuse_is_inherited_and_false_does_not_turn_it_off(graph):
    with variable_scope("root"):
        get_variable("v", [1])
    with variable_scope("root", reuse=True):
        with variable_scope("child", reuse=False) as child:
            assert child.reuse is True
        assert get_variable("v", [1]).name == "root/v:0"


def test_auto_reuse_creates_once_then_returns(graph):
    def layer():
        with variable_scope("layer", reuse=AUTO_REUSE):
            return get_variable("w", [2])
    assert layer() is layer()
    assert len(graph.get_collection(GraphKeys.GLOBAL_VARIABLES)) == 1


def test_existing_variable_without_reuse_is_an_error(graph):
    with variable_scope("abc"):
        get_variable("w", [1])
        with pytest.raises(ValueError, match=r"Variable abc/w already exists, disallowed\. Did "
                                             r"you mean to set reuse=True or "
                                             r"reuse=tf\.AUTO_REUSE in VarScope\?"):
            get_variable("w", [1])


def test_missing_variable_under_reuse_is_an_error(graph):
    with variable_scope("abc", reuse=True):
        with pytest.raises(ValueError, match=r"Variable abc/w does not exist, or was not "
                                             r"created with get_variable\(\)\. Did you mean "
                                             r"to set reuse=tf\.AUTO_REUSE in VarScope\?"):
            get_variable("w", [1])


def test_reuse_with_another_shape_or_dtype_is_an_error(graph):
    with variable_scope("abc"):
        get_variable("w", [2])
    with variable_scope("abc", reuse=True):
        with pytest.raises(ValueError, match=r"share variable abc/w, but specified shape "
                                             r"\(3,\) and found shape \(2,\)"):
            get_variable("w", [3])
        with pytest.raises(ValueError, match="specified dtype int32 and found dtype float32"):
            get_variable("w", [2], dtype=ag.int32)


# Scope settings ---------------------------------------------------------------------------------
def test_initializer_and_dtype_are_inherited(graph):
    with variable_scope("s", initializer=initializers.constant_initializer(0.5),
                        dtype=ag.float64):
        with variable_scope("inner"):
            v = get_variable("v", [2])
        w = get_variable("w", [1], initializer=initializers.ones_initializer())
    assert v.dtype == ag.float64
    with ag.Session() as sess:
        sess.run(global_variables_initializer())
        np.testing.assert_array_equal(sess.run(v.value()), [0.5, 0.5])
        np.testing.assert_array_equal(sess.run(w.value()), [1.0])


def test_regularizer_losses_are_collected(graph):
    with variable_scope("s", regularizer=lambda v: ag.reduce_sum(v * v)):
        v = get_variable("v", initializer=[1.0, 2.0])
        get_variable("free", [1], regularizer=no_regularizer)
    (loss,) = graph.get_collection(GraphKeys.REGULARIZATION_LOSSES)
    assert loss.op.name.startswith("s/v/Regularizer/")
    with ag.Session() as sess:
        sess.run(v.initializer)
        assert sess.run(loss) == 5.0


def test_custom_getters_wrap_inherited_ones(graph):
    calls = []

    def outer(getter, name, *args, **kwargs):
        calls.append(("outer", name))
        return getter(name, *args, **kwargs)

    def inner(getter, name, *args, **kwargs):
        calls.append(("inner", name))
        return getter(name + "_renamed", *args, **kwargs)

    with variable_scope("a", custom_getter=outer):
        with variable_scope("b", custom_getter=inner):
            v = get_variable("v", [1])
    assert calls == [("inner", "a/b/v"), ("outer", "a/b/v_renamed")]
    assert v.name == "a/b/v_renamed:0"


def test_get_variable_defaults(graph):
    ints = get_variable("i", [2], dtype=ag.int32)
    floats = get_variable("f", [20, 30], initializer=None)
    local = get_local_variable("l", [1])
    assert graph.get_collection(GraphKeys.LOCAL_VARIABLES) == [local]
    assert not local.trainable
    with ag.Session() as sess:
        sess.run(global_variables_initializer())
        np.testing.assert_array_equal(sess.run(ints.value()), [0, 0])
        values = sess.run(floats.value())
    limit = np.sqrt(6.0 / 50)
    assert values.dtype == np.float32 and np.all(np.abs(values) < limit) and values.std() > 0


def test_initializer_value_gives_shape_and_dtype(graph):
    v = get_variable("v", initializer=np.arange(3, dtype=np.int64))
    assert (v.shape, v.dtype) == (ag.TensorShape([3]), ag.int64)


# Errors -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["bad name", "_private", "a!b"])
def test_invalid_scope_names_raise(graph, name):
    with pytest.raises(ValueError, match="not a valid scope name"):
        with variable_scope(name):
            pass


def test_invalid_scope_name_raises_eagerly():
    with pytest.raises(ValueError, match="not a valid scope name"):
        with variable_scope("bad name"):
            pass


def test_scope_argument_errors(graph):
    with pytest.raises(TypeError, match="default_name is None"):
        variable_scope(None)
    with pytest.raises(ValueError, match="reuse parameter"):
        variable_scope("s", reuse="yes")
    with pytest.raises(ValueError, match="reuse=True cannot be used without a name_or_scope"):
        with variable_scope(None, default_name="d", reuse=True):
            pass
    with pytest.raises(TypeError, match="name_or_scope must be a string or VariableScope"):
        with variable_scope(3):
            pass


def test_new_variable_needs_a_full_shape(graph):
    with pytest.raises(ValueError, match=r"Shape of a new variable \(w\) must be fully defined"):
        get_variable("w")


def test_constant_initializer_with_a_shape_is_an_error(graph):
    with pytest.raises(ValueError, match="do not specify shape"):
        get_variable("w", shape=[2], initializer=[1.0, 2.0])
    with pytest.raises(ValueError, match="initializer type 'float32' and explicit dtype "
                                         "'int32' don't match"):
        get_variable("w", dtype=ag.int32, initializer=[1.0, 2.0])


# Eager (tf.compat.v1 semantics) -----------------------------------------------------------------
def test_eager_get_variable_creates_a_new_variable_every_time():
    with variable_scope("e") as scope:
        a = get_variable("v", [2], initializer=initializers.zeros_initializer())
        b = get_variable("v", [2])
    assert scope.reuse is AUTO_REUSE and a is not b and a.name == b.name == "e/v:0"
    np.testing.assert_array_equal(a.numpy(), [0.0, 0.0])


def test_eager_variable_store_shares_variables():
    store = EagerVariableStore()
    with store.as_default():
        with variable_scope("e"):
            a = get_variable("v", [1])
        with variable_scope("e"):
            b = get_variable("v", [1])
    assert a is b and store.variables() == [a] and store.trainable_variables() == [a]


def test_variable_scope_object_properties():
    scope = VariableScope(True, name="s", initializer=1.0, dtype="float64")
    scope.set_dtype(ag.float32)
    assert (scope.name, scope.reuse, scope.initializer, scope.dtype) == ("s", AUTO_REUSE, 1.0,
                                                                       ag.float32)
