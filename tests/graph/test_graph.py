"""The graph IR: names, lookups, scopes (seed 002), collections, dependencies, text forms."""

import threading

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.graph.graph import Graph, building_graph


def test_ops_made_inside_as_default_go_to_that_graph():
    g = ag.Graph()
    with g.as_default():
        assert ag.get_default_graph() is g
        c = ag.constant(1.0)
    assert c.graph is g and c.op in g.get_operations()
    assert building_graph() is None


def test_symbolic_tensor_names_dtype_shape():
    with ag.Graph().as_default():
        x = ag.placeholder(ag.float32, [None, 3], name="x")
        parts = ag.split(x, 3, axis=1)
    assert (x.name, x.op.name, x.op.type, x.dtype) == ("x:0", "x", "Placeholder", ag.float32)
    assert x.shape == ag.TensorShape([None, 3])
    assert [p.name for p in parts] == ["split:0", "split:1", "split:2"]


def test_repeated_names_get_unique_suffixes():
    with ag.Graph().as_default():
        names = [ag.constant(1, name="c").op.name for _ in range(3)]
    assert names == ["c", "c_1", "c_2"]


def test_unique_name_skips_names_already_taken():
    g = Graph()
    assert [g.unique_name(n) for n in ("a", "a_1", "a")] == ["a", "a_1", "a_2"]


def test_lookup_by_name():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, name="x")
    assert g.get_operation_by_name("x") is x.op
    assert g.get_tensor_by_name("x:0") is x


@pytest.mark.parametrize("lookup, name, error, message", [
    ("get_operation_by_name", "y", KeyError, "refers to an Operation not in the graph"),
    ("get_tensor_by_name", "y:0", KeyError, "operation 'y' does not exist"),
    ("get_tensor_by_name", "x:1", KeyError, "has 1 outputs"),
    ("get_tensor_by_name", "x", ValueError, "looks like an Operation name"),
])
def test_bad_lookups_are_clear(lookup, name, error, message):
    g = ag.Graph()
    with g.as_default():
        ag.placeholder(ag.float32, name="x")
    with pytest.raises(error, match=message):
        getattr(g, lookup)(name)


def test_finalized_graph_rejects_new_ops():
    g = ag.Graph()
    with g.as_default():
        ag.constant(1)
        g.finalize()
        with pytest.raises(RuntimeError, match="Graph is finalized"):
            ag.constant(2)


def test_tensor_from_another_graph_is_rejected():
    with ag.Graph().as_default():
        x = ag.constant(1.0)
    with ag.Graph().as_default():
        with pytest.raises(ValueError, match="must be from the same graph"):
            ag.add(x, 1.0)


def test_graph_def_nodes_have_tensorflow_fields():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, name="x")
        with ag.control_dependencies([x]):
            y = ag.identity(ag.constant(2.0, name="two"), name="y")
        ag.add(x, y, name="sum")
    nodes = {n.name: n for n in g.as_graph_def().node}
    assert nodes["sum"].op == "AddV2" and nodes["sum"].input == ["x", "y"]
    assert nodes["y"].input == ["two", "^x"]
    assert nodes["x"].attr["dtype"] == ag.float32 and nodes["x"].device == ""


def test_text_form_is_one_line_per_op():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [None, 3], name="x")
        ag.reduce_sum(x * 2.0, axis=1, name="total")
    assert str(g).splitlines() == [
        "graph {",
        "  x = Placeholder() {dtype=float32, shape=[?, 3]} : float32[?, 3]",
        "  Const = Const() {value=2.0, dtype=float32} : float32[]",
        "  mul = Mul(x, Const) : float32[?, 3]",
        "  Const_1 = Const() {value=1, dtype=int32} : int32[]",
        "  total = Sum(mul, Const_1) {keep_dims=false} : float32[?]",
        "}",
    ]


# Name scopes (seed 002) -----------------------------------------------------------------------
def test_name_scopes_nest_and_restore_on_exit():
    g = ag.Graph()
    with g.as_default():
        with ag.name_scope("outer") as outer:
            with ag.name_scope("inner") as inner:
                a = ag.constant(1, name="a")
            b = ag.constant(1, name="b")
        c = ag.constant(1, name="c")
    assert (outer, inner) == ("outer/", "outer/inner/")
    assert [t.op.name for t in (a, b, c)] == ["outer/inner/a", "outer/b", "c"]


def test_name_scope_restores_after_an_exception():
    g = ag.Graph()
    with g.as_default():
        with pytest.raises(RuntimeError, match="boom"):
            with ag.name_scope("failing"):
                raise RuntimeError("boom")
        assert g.get_name_scope() == ""


def test_reentered_scope_names_are_made_unique():
    with ag.Graph().as_default():
        with ag.name_scope("s") as first:
            pass
        with ag.name_scope("s") as second:
            pass
    assert (first, second) == ("s/", "s_1/")


def test_scope_name_ending_in_slash_reenters_exactly():
    with ag.Graph().as_default():
        with ag.name_scope("s") as scope:
            pass
        with ag.name_scope(scope):
            t = ag.constant(1, name="t")
    assert t.op.name == "s/t"


def test_none_or_empty_scope_resets_to_the_root():
    with ag.Graph().as_default():
        with ag.name_scope("a"):
            with ag.name_scope(None):
                t = ag.constant(1, name="t")
    assert t.op.name == "t"


def test_default_name_is_used_when_name_is_none():
    with ag.Graph().as_default():
        with ag.name_scope(None, default_name="dense") as scope:
            pass
    assert scope == "dense/"


@pytest.mark.parametrize("bad", ["-bad", "_bad", "has space", "a!b"])
def test_invalid_scope_names_are_value_errors(bad):
    with ag.Graph().as_default():
        with pytest.raises(ValueError, match="is not a valid scope name"):
            with ag.name_scope(bad):
                pass


def test_inner_scope_may_start_with_underscore():
    with ag.Graph().as_default():
        with ag.name_scope("outer"):
            with ag.name_scope("_inner") as scope:
                pass
    assert scope == "outer/_inner/"


# Collections, dependencies, devices, default graphs ---------------------------------------------
def test_collections_filter_by_scope():
    g = ag.Graph()

    class Named:
        def __init__(self, name):
            self.name = name
    for name in ("a/x", "a/y", "b/x"):
        g.add_to_collection("things", Named(name))
    assert [t.name for t in g.get_collection("things", scope="a")] == ["a/x", "a/y"]
    g.get_collection_ref("things").clear()
    assert g.get_collection("things") == []


def test_control_dependencies_apply_to_new_ops_and_can_be_cleared():
    g = ag.Graph()
    with g.as_default():
        first = ag.no_op(name="first")
        with ag.control_dependencies([first]):
            dependent = ag.constant(1, name="dependent")
            with ag.control_dependencies(None):
                free = ag.constant(1, name="free")
    assert dependent.op.control_inputs == [first]
    assert free.op.control_inputs == []


def test_group_depends_on_all_inputs():
    g = ag.Graph()
    with g.as_default():
        a, b = ag.constant(1), ag.constant(2)
        grouped = ag.group(a, b, name="both")
    assert grouped.type == "NoOp" and grouped.control_inputs == [a.op, b.op]


def test_graph_device_scope_is_recorded_on_ops():
    g = ag.Graph()
    with g.as_default(), g.device("/CPU:0"):
        c = ag.constant(1)
    assert c.op.device == "/device:CPU:0"


def test_default_graph_stack_is_per_thread():
    g = ag.Graph()
    seen = []
    with g.as_default():
        worker = threading.Thread(target=lambda: seen.append(building_graph()))
        worker.start()
        worker.join()
    assert seen == [None]


def test_reset_default_graph_inside_a_graph_block_is_refused():
    with ag.Graph().as_default():
        with pytest.raises(AssertionError, match="nested graphs"):
            ag.reset_default_graph()


def test_placeholder_needs_graph_mode():
    with pytest.raises(RuntimeError, match="not compatible with eager execution"):
        ag.placeholder(ag.float32)


def test_symbolic_tensor_refuses_python_truth_and_numpy():
    with ag.Graph().as_default():
        x = ag.placeholder(ag.bool, name="flag")
    with pytest.raises(TypeError, match="as a Python bool is not allowed.*ag.cond"):
        bool(x)
    with pytest.raises(NotImplementedError, match="has no value until its graph runs"):
        x.numpy()


def test_graph_tensors_hash_by_identity_for_feed_dicts():
    with ag.Graph().as_default():
        x = ag.placeholder(ag.float32, name="x")
    assert {x: 1}[x] == 1 and (x == x) is True


def test_eager_use_of_a_symbolic_tensor_names_it_and_where_it_was_made():
    with ag.Graph().as_default():
        x = ag.constant(1.0, name="leaked")
    with pytest.raises(TypeError, match=r"leaked:0 \(created at .*test_graph.py:\d+\)"):
        ag.add(x, ag.constant(1.0))


def test_shape_functions_use_constant_values():
    with ag.Graph().as_default():
        x = ag.placeholder(ag.float32, [2, 6])
        y = ag.reshape(x, ag.shape(ag.zeros([3, 4])))
        z = ag.reshape(x, [-1, 3])
    assert y.shape == ag.TensorShape([3, 4]) and z.shape == ag.TensorShape([4, 3])


def test_lint_accepts_built_graphs_and_reports_every_problem():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, name="x")
        y = x + 1.0
    g.lint()
    y.op.attrs["bogus"] = 1
    del y.op.attrs["T"]
    x.op.type = "NoSuchOp"
    with pytest.raises(InvalidArgumentError) as info:
        g.lint()
    message = str(info.value)
    assert "3 problem(s)" in message
    assert "unknown attr 'bogus'" in message and "attr 'T' is missing" in message
    assert "op type 'NoSuchOp' is not registered" in message


def test_eager_tensors_become_constants_in_graphs():
    eager = ag.constant(np.arange(3, dtype=np.float32))
    with ag.Graph().as_default():
        doubled = eager * 2.0
    assert doubled.op.inputs[0].op.type == "Const"
