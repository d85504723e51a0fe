"""`Variable`: eager values and updates, operators, graph-mode ops, sessions and errors."""

import gc
import re

import numpy as np
import pytest

import autograph as ag
from autograph.runtime import execute
from autograph.runtime.core.errors import FailedPreconditionError, InvalidArgumentError
from autograph.runtime.exec import resources
from autograph.runtime.ops.state import ops as state_ops
from autograph.runtime.state.collections import GraphKeys, global_variables_initializer
from autograph.runtime.state.variables import Variable
from tests.op_testing import assert_tensor


# Eager ------------------------------------------------------------------------------------------
def test_eager_variable_holds_its_initial_value(device):
    v = Variable([1.0, 2.0], name="w")
    assert_tensor(v.value(), [1.0, 2.0], dtype=ag.float32)
    assert (v.name, v.shape, v.dtype, v.trainable) == ("w:0", ag.TensorShape([2]),
                                                      ag.float32, True)
    np.testing.assert_array_equal(v.numpy(), np.array([1.0, 2.0], np.float32))
    assert v.device.endswith(f"device:{device}:0")


def test_default_name_is_variable():
    assert Variable(0).name == "Variable:0"


def test_eager_names_repeat_but_values_are_independent():
    a, b = Variable(1.0, name="w"), Variable(2.0, name="w")
    a.assign(10.0)
    assert (a.name, b.name) == ("w:0", "w:0")
    assert (float(a), float(b)) == (10.0, 2.0)


@pytest.mark.parametrize("dtype", [ag.float32, ag.float64, ag.int32, ag.int64, ag.uint8])
def test_assign_add_accumulates_across_calls(device, dtype):
    v = Variable([1, 2], dtype=dtype)
    for _ in range(3):
        result = v.assign_add([1, 10])
    assert result is v
    assert_tensor(v.value(), [4, 32], dtype=dtype)


def test_assign_sub_and_assign(device):
    v = Variable(np.array([[5.0, 6.0]], np.float64))
    v.assign_sub([[1.0, 2.0]])
    assert_tensor(v.read_value(), [[4.0, 4.0]], dtype=ag.float64)
    assert v.assign([[0.5, 0.25]]) is v
    assert_tensor(v.value(), [[0.5, 0.25]], dtype=ag.float64)


def test_assign_with_read_value_false_returns_none_eagerly():
    v = Variable(1)
    assert v.assign(2, read_value=False) is None
    assert int(v) == 2


def test_assign_add_broadcasts_a_scalar(device):
    v = Variable([1.0, 2.0, 3.0])
    v.assign_add(1.0)
    assert_tensor(v.value(), [2.0, 3.0, 4.0], dtype=ag.float32)


def test_scalar_variable(device):
    v = Variable(3.0)
    v.assign_sub(0.5)
    assert_tensor(v.value(), 2.5, dtype=ag.float32)
    assert v.shape == ag.TensorShape([])


def test_empty_variable(device):
    v = Variable(np.zeros((2, 0), np.float32))
    v.assign_add(np.zeros((2, 0), np.float32))
    assert_tensor(v.value(), np.zeros((2, 0)), dtype=ag.float32)


def test_assign_of_an_incompatible_shape_names_the_variable():
    v = Variable([1.0, 2.0], name="w")
    with pytest.raises(ValueError, match=r"variable w:0 of shape \(2,\)"):
        v.assign([1.0, 2.0, 3.0])


def test_assign_of_another_dtype_names_the_variable():
    v = Variable([1.0, 2.0], name="w")
    with pytest.raises(ValueError, match="variable w:0 of dtype float32"):
        v.assign(ag.convert_to_tensor([1, 2]))
    with pytest.raises(TypeError, match="variable w:0"):
        Variable([1, 2], name="w").assign([1.5, 2.5])


def test_update_that_would_change_the_shape_is_refused():
    v = Variable([1.0, 2.0], name="w")
    with pytest.raises(ValueError, match=r"Cannot update variable w:0 of shape \(2,\)"):
        v.assign_add([[1.0, 2.0]])


def test_an_update_that_changes_the_shape_of_a_variable_of_unknown_shape_is_refused():
    v = Variable([1.0, 2.0], shape=ag.TensorShape(None), name="w")
    with pytest.raises(InvalidArgumentError) as info:
        v.assign_add([[1.0], [2.0]])
    assert str(info.value) == (
        "Cannot update variable w of shape (2,) with a value of shape (2, 1): the value must "
        "broadcast to the variable's shape without changing it. [Op:AssignAddVariableOp]")


def test_declared_partial_shape_lets_the_value_change_shape(device):
    v = Variable([1.0, 2.0], shape=ag.TensorShape([None]))
    v.assign([1.0, 2.0, 3.0])
    assert v.shape == ag.TensorShape([None])
    assert_tensor(v.value(), [1.0, 2.0, 3.0], dtype=ag.float32)


def test_initial_value_must_match_the_declared_shape():
    with pytest.raises(ValueError, match=r"initial value's shape \(2,\) is not compatible"):
        Variable([1.0, 2.0], shape=[3], name="w")


def test_initial_value_may_be_a_callable_and_take_a_dtype(device):
    v = Variable(lambda: [1, 2], dtype=ag.float64)
    assert_tensor(v.value(), [1.0, 2.0], dtype=ag.float64)


def test_variable_needs_an_initial_value():
    with pytest.raises(ValueError, match="initial_value"):
        Variable()


def test_lossy_initial_value_is_refused():
    with pytest.raises(TypeError, match="lose information"):
        Variable(1.5, dtype=ag.int32)


def test_arithmetic_operators(device):
    v = Variable([1.0, 2.0])
    m = Variable([[1.0, 2.0], [3.0, 4.0]])
    assert_tensor(v + 1.0, [2.0, 3.0])
    assert_tensor(2.0 - v, [1.0, 0.0])
    assert_tensor(v * v, [1.0, 4.0])
    assert_tensor(v / 2.0, [0.5, 1.0])
    assert_tensor(v ** 2.0, [1.0, 4.0])
    assert_tensor(-v, [-1.0, -2.0])
    assert_tensor(abs(-v), [1.0, 2.0])
    assert_tensor(m @ m, [[7.0, 10.0], [15.0, 22.0]])
    assert_tensor(ag.add(v, v), [2.0, 4.0])


def test_comparisons_and_indexing(device):
    v = Variable([[1, 2, 3], [4, 5, 6]])
    assert_tensor(v > 2, [[False, False, True], [True, True, True]])
    assert_tensor(v == 5, [[False, False, False], [False, True, False]])
    assert_tensor(v != 5, [[True, True, True], [True, False, True]])
    assert_tensor(v[1], [4, 5, 6], dtype=ag.int32)
    assert_tensor(v[:, -1], [3, 6], dtype=ag.int32)
    assert_tensor(v[..., None][0, 0], [1], dtype=ag.int32)


def test_logical_operators_on_a_bool_variable(device):
    v = Variable([True, False])
    assert_tensor(~v, [False, True])
    assert_tensor(v & [True, True], [True, False])
    assert_tensor(v | [False, True], [True, True])


def test_python_conversions():
    v = Variable([3, 4])
    s = Variable(2.5)
    assert (float(s), int(Variable(7)), bool(Variable(True)), len(v)) == (2.5, 7, True, 2)
    assert [int(x) for x in v] == [3, 4]
    assert f"{s:.2f}" == "2.50"
    np.testing.assert_array_equal(np.asarray(v), [3, 4])
    assert_tensor(ag.convert_to_tensor(v), [3, 4], dtype=ag.int32)
    assert [10, 20, 30][Variable(1)] == 20


def test_conversion_to_another_dtype_is_refused():
    with pytest.raises(ValueError, match="Variable w:0 has dtype float32"):
        ag.convert_to_tensor(Variable(1.0, name="w"), dtype=ag.int32)


def test_repr_shows_name_shape_dtype_and_value():
    assert repr(Variable([1.0, 2.0], name="w")) == (
        "<ag.Variable 'w:0' shape=(2,) dtype=float32, numpy=array([1., 2.], dtype=float32)>")
    assert repr(Variable(3, name="n")) == "<ag.Variable 'n:0' shape=() dtype=int32, numpy=3>"


def test_eager_variable_is_unhashable_but_has_a_ref():
    v = Variable(1.0)
    with pytest.raises(TypeError, match="unhashable"):
        hash(v)
    assert {v.ref(): 1}[v.ref()] == 1 and v.ref().deref() is v


def test_reads_keep_their_value_after_an_assign(device):
    v = Variable([1.0])
    before = v.value()
    v.assign([5.0])
    assert_tensor(before, [1.0])


def test_changing_the_initial_array_does_not_change_the_variable():
    array = np.zeros(2, np.float32)
    v = Variable(array)
    array[0] = 5.0
    v.assign_add([1.0, 1.0])
    np.testing.assert_array_equal(v.numpy(), [1.0, 1.0])
    np.testing.assert_array_equal(array, [5.0, 0.0])


def test_string_variable(device):
    v = Variable(["a", "b"])
    v.assign(["c", "d"])
    assert v.dtype == ag.string
    assert v.numpy().tolist() == [b"c", b"d"]


def test_is_initialized_eagerly():
    assert bool(Variable(1.0).is_initialized())
    assert bool(state_ops.is_variable_initialized(Variable(1.0)))


def test_functional_assign_forms(device):
    v = Variable([1, 2])
    state_ops.assign_add(v, 1)
    state_ops.assign_sub(v, [1, 1])
    assert_tensor(state_ops.assign(v, [7, 8]).value(), [7, 8], dtype=ag.int32)


def test_a_collected_eager_variable_frees_its_value():
    v = Variable([1.0])
    key = v.handle.numpy().key
    assert resources.EAGER.contains(key)
    del v
    gc.collect()
    assert not resources.EAGER.contains(key)


def test_read_with_the_wrong_dtype_is_an_error():
    v = Variable(1.0, name="w")
    with pytest.raises(InvalidArgumentError, match="Cannot read variable w as int32"):
        state_ops.read_variable_op(v.handle, ag.int32)


def test_assign_op_with_the_wrong_shape_names_the_variable():
    v = Variable([1.0, 2.0], name="w")
    with pytest.raises(InvalidArgumentError, match=r"variable w of shape \(2,\)"):
        state_ops.assign_variable_op(v.handle, [1.0])


# Graph mode -------------------------------------------------------------------------------------
def test_graph_variable_ops_names_and_collections():
    g = ag.Graph()
    with g.as_default():
        v = Variable([1.0, 2.0], name="w")
    assert [(op.name, op.type) for op in g.get_operations()] == [
        ("w/Initializer/initial_value", "Const"), ("w", "VarHandleOp"),
        ("w/IsInitialized/VarIsInitializedOp", "VarIsInitializedOp"),
        ("w/Assign", "AssignVariableOp"), ("w/Read/ReadVariableOp", "ReadVariableOp")]
    assert (v.name, v.initializer.name, v.op.name, v.graph) == ("w:0", "w/Assign", "w", g)
    assert g.get_collection(GraphKeys.GLOBAL_VARIABLES) == [v]
    assert g.get_collection(GraphKeys.TRAINABLE_VARIABLES) == [v]
    g.lint()


def test_graph_names_are_unique_and_scoped():
    with ag.Graph().as_default():
        a, b = Variable(1.0, name="w"), Variable(1.0, name="w")
        with ag.name_scope("outer"):
            c = Variable(1.0)
    assert (a.name, b.name, c.name) == ("w:0", "w_1:0", "outer/Variable:0")


def test_untrainable_variable_joins_only_global_variables():
    g = ag.Graph()
    with g.as_default():
        v = Variable(1.0, trainable=False)
        local = Variable(2.0, collections=[GraphKeys.LOCAL_VARIABLES])
    assert g.get_collection(GraphKeys.GLOBAL_VARIABLES) == [v]
    assert g.get_collection(GraphKeys.TRAINABLE_VARIABLES) == [local]
    assert g.get_collection(GraphKeys.LOCAL_VARIABLES) == [local]


def test_reading_an_uninitialized_variable_names_it():
    with ag.Graph().as_default():
        with ag.name_scope("abc"):
            v = Variable(1.0, name="w")
        y = v * 2.0
        with ag.Session() as sess:
            with pytest.raises(FailedPreconditionError) as info:
                sess.run(y)
    assert re.search(r"^\S*test_variables.py:\d+: " + re.escape(
        "Attempting to use uninitialized value abc/w: run its initializer first, "
        "e.g. sess.run(ag.global_variables_initializer()).") + "$", str(info.value))


def test_a_variable_handle_without_a_name_gets_an_anonymous_one():
    handle = execute("VarHandleOp", [], {"dtype": ag.float32, "shape": ()})
    with pytest.raises(FailedPreconditionError,
                       match="^Attempting to use uninitialized value _AnonymousVar[0-9]+:"):
        state_ops.read_variable_op(handle, ag.float32)


@pytest.mark.parametrize("initial, dtype, held", [(1.0, ag.int32, "float32"),
                                                  (1.0, ag.string, "float32"),
                                                  ("a", ag.float32, "string")])
def test_a_graph_read_with_the_wrong_dtype_is_an_error_when_it_runs(initial, dtype, held):
    with ag.Graph().as_default():
        v = Variable(initial, name="w")
        read = state_ops.read_variable_op(v.handle, dtype)
        with ag.Session() as sess:
            sess.run(v.initializer)
            with pytest.raises(InvalidArgumentError,
                               match=f"Cannot read variable w as {dtype.name}: it holds {held}"):
                sess.run(read)


def test_a_graph_string_assign_of_another_shape_is_refused_when_it_runs():
    with ag.Graph().as_default():
        v = Variable(["a", "b"], name="w")
        x = ag.placeholder(ag.string, None)
        put = state_ops.assign_variable_op(v.handle, x)
        with ag.Session() as sess:
            sess.run(v.initializer)
            with pytest.raises(InvalidArgumentError, match=r"shape \(\) to variable w of shape"):
                sess.run(put, {x: "c"})


def test_a_graph_string_assign_keeps_a_copy_of_the_fed_array():
    with ag.Graph().as_default():
        v = Variable(["a", "b"], name="w")
        x = ag.placeholder(ag.string, [2])
        put = state_ops.assign_variable_op(v.handle, x)
        with ag.Session() as sess:
            sess.run(v.initializer)
            fed = np.array([b"c", b"d"], object)
            sess.run(put, {x: fed})
            fed[0] = b"changed"
            assert sess.run(v.value()).tolist() == [b"c", b"d"]


def test_session_runs_initializer_and_reads():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [2])
        v = Variable([1.0, 2.0])
        y = v * x
    with ag.Session(graph=g) as sess:
        sess.run(v.initializer)
        np.testing.assert_array_equal(sess.run(y, {x: [3.0, 4.0]}), [3.0, 8.0])
        np.testing.assert_array_equal(v.eval(session=sess), [1.0, 2.0])
        assert sess.run(v.is_initialized())


def test_two_sessions_hold_independent_values():
    g = ag.Graph()
    with g.as_default():
        v = Variable(1.0)
        increment = v.assign_add(1.0)
    first, second = ag.Session(graph=g), ag.Session(graph=g)
    for sess in (first, second):
        sess.run(v.initializer)
    first.run(increment)
    first.run(increment)
    assert (first.run(v.value()), second.run(v.value())) == (3.0, 1.0)
    assert second.run(increment) == 2.0
    assert not ag.Session(graph=g).run(v.is_initialized())


def test_graph_assign_returns_a_read_of_the_new_value():
    g = ag.Graph()
    with g.as_default():
        v = Variable([1, 2])
        add = v.assign_add([10, 10])
        sub = v.assign_sub(1, read_value=False)
        put = v.assign([0, 0], name="reset")
    assert add.op.type == "ReadVariableOp" and sub.type == "AssignSubVariableOp"
    assert put.op.control_inputs[0].name == "reset"
    with ag.Session(graph=g) as sess:
        sess.run(v.initializer)
        np.testing.assert_array_equal(sess.run(add), [11, 12])
        assert sess.run(sub) is None
        np.testing.assert_array_equal(sess.run(add), [20, 21])
        np.testing.assert_array_equal(sess.run(put), [0, 0])


def test_graph_assign_shape_is_checked_when_it_runs():
    g = ag.Graph()
    with g.as_default():
        v = Variable([1.0, 2.0], name="w")
        x = ag.placeholder(ag.float32, None)
        put = v.assign(x)
    with ag.Session(graph=g) as sess:
        sess.run(v.initializer)
        with pytest.raises(InvalidArgumentError,
                           match=r"value of shape \(3,\) to variable w of shape \(2,\)"):
            sess.run(put, {x: [1.0, 2.0, 3.0]})


def test_graph_assign_shape_is_checked_when_known():
    with ag.Graph().as_default():
        v = Variable([1.0, 2.0], name="w")
        with pytest.raises(ValueError, match=r"variable w:0 of shape \(2,\)"):
            v.assign([1.0])


def test_creation_ignores_outer_control_dependencies():
    with ag.Graph().as_default():
        first = Variable(1.0)
        with ag.control_dependencies([first.initializer]):
            second = Variable(2.0)
    assert second.initializer.control_inputs == []


def test_graph_variable_compares_by_identity_and_hashes():
    with ag.Graph().as_default():
        a, b = Variable(1.0), Variable(1.0)
    assert a == a and a != b and len({a, b}) == 2


def test_graph_variable_has_no_numpy_value():
    with ag.Graph().as_default():
        v = Variable(1.0, name="w")
    with pytest.raises(NotImplementedError, match="w:0 belongs to a graph"):
        v.numpy()
    assert repr(v) == "<ag.Variable 'w:0' shape=() dtype=float32>"


def test_graph_variable_read_outside_its_block_builds_in_its_graph():
    g = ag.Graph()
    with g.as_default():
        v = Variable([1.0, 2.0])
    doubled = v * 2.0
    assert doubled.graph is g and doubled.shape == ag.TensorShape([2])
    with ag.Session(graph=g) as sess:
        sess.run(v.initializer)
        np.testing.assert_array_equal(sess.run(doubled), [2.0, 4.0])


def test_eager_variable_read_in_a_graph_sees_its_live_value():
    v = Variable([1.0, 2.0])
    g = ag.Graph()
    with g.as_default():
        doubled = v * 2.0
        bump = v.assign_add([1.0, 1.0], read_value=False)
    assert doubled.shape == ag.TensorShape([2])
    sess = ag.Session(graph=g)
    np.testing.assert_array_equal(sess.run(doubled), [2.0, 4.0])
    v.assign([5.0, 5.0])
    np.testing.assert_array_equal(sess.run(doubled), [10.0, 10.0])
    sess.run(bump)
    np.testing.assert_array_equal(v.numpy(), [6.0, 6.0])
    g.lint()


def test_global_variables_initializer_in_session():
    with ag.Graph().as_default():
        a = Variable([1, 2])
        b = Variable(lambda: ag.zeros([3]))
        with ag.Session() as sess:
            sess.run(global_variables_initializer())
            np.testing.assert_array_equal(sess.run(a.value()), [1, 2])
            np.testing.assert_array_equal(sess.run(b.value()), [0.0, 0.0, 0.0])


def test_eager_name_scopes_prefix_variable_names():
    with ag.name_scope("dense"):
        weight = Variable(1.0, name="w")
        with ag.name_scope("inner"):
            bias = Variable(1.0, name="b")
    assert (weight.name, bias.name) == ("dense/w:0", "dense/inner/b:0")


def test_eager_variable_scope_prefixes_variables_once():
    with ag.variable_scope("layer"):
        made = Variable(1.0, name="w")
        got = ag.get_variable("g", shape=[], initializer=ag.zeros_initializer())
    assert (made.name, got.name) == ("layer/w:0", "layer/g:0")


def test_eager_name_scope_ending_in_a_slash_is_entered_as_it_is():
    with ag.name_scope("outer"), ag.name_scope("dense/"):
        assert Variable(1.0, name="w").name == "dense/w:0"
