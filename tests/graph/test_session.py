"""Session.run and the executor: fetches, feeds, errors, plan caching, memory release."""

import collections
import re
import traceback
import tracemalloc

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.exec.executor import Plan


@pytest.fixture
def graph():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [None], name="x")
        y = ag.multiply(x, 2.0, name="y")
        ag.reduce_sum(y, name="total")
    return g


def feed():
    return {"x:0": [1.0, 2.0]}


def test_run_fetches_a_tensor_as_a_numpy_array(graph):
    with ag.Session(graph=graph) as sess:
        value = sess.run(graph.get_tensor_by_name("y:0"), feed_dict=feed())
    np.testing.assert_array_equal(value, np.array([2.0, 4.0], np.float32))
    assert value.dtype == np.float32


def test_scalar_fetch_is_a_numpy_scalar(graph):
    with ag.Session(graph=graph) as sess:
        total = sess.run("total:0", feed_dict=feed())
    assert isinstance(total, np.float32) and total == 6.0


def test_nested_fetch_structures_keep_their_shape(graph):
    Pair = collections.namedtuple("Pair", "y total")
    with ag.Session(graph=graph) as sess:
        out = sess.run({"a": ["y:0", ("total:0",)], "b": Pair("y:0", "total:0")},
                       feed_dict=feed())
    assert list(out) == ["a", "b"]
    assert isinstance(out["a"][1], tuple) and out["a"][1][0] == 6.0
    assert isinstance(out["b"], Pair) and out["b"].total == 6.0


def test_fetching_an_op_returns_none(graph):
    with graph.as_default():
        done = ag.no_op(name="done")
    with ag.Session(graph=graph) as sess:
        assert sess.run([done, "done"]) == [None, None]


def test_feed_by_tensor_or_name(graph):
    x = graph.get_tensor_by_name("x:0")
    with ag.Session(graph=graph) as sess:
        assert sess.run("total:0", {x: [1.0]}) == 2.0
        assert sess.run("total:0", {"x:0": [3.0]}) == 6.0


def test_any_tensor_can_be_fed_and_cuts_the_graph(graph):
    with ag.Session(graph=graph) as sess:
        assert sess.run("total:0", {"y:0": [10.0, 20.0]}) == 30.0


def test_missing_feed_names_the_placeholder(graph):
    with ag.Session(graph=graph) as sess:
        with pytest.raises(InvalidArgumentError,
                           match="must feed a value for placeholder tensor 'x' with dtype "
                                 r"float32 and shape \[None\]"):
            sess.run("total:0")


def test_missing_feed_of_unknown_shape_says_so():
    g = ag.Graph()
    with g.as_default():
        p = ag.placeholder(ag.float32, None, name="p")
        q = p + 1.0
    with ag.Session(graph=g) as sess:
        with pytest.raises(InvalidArgumentError, match="must feed a value for placeholder "
                           "tensor 'p' with dtype float32 and shape unknown"):
            sess.run(q)


def test_a_switch_case_of_one_branch_takes_it_for_every_index():
    g = ag.Graph()
    with g.as_default():
        i = ag.placeholder(ag.int32, [])
        r = ag.switch_case(i, [lambda: ag.constant(7)])
    with ag.Session(graph=g) as sess:
        assert [sess.run(r, {i: 0}), sess.run(r, {i: 5})] == [7, 7]  # TensorFlow 2.21: 7 7


def test_shape_size_and_rank_known_statically_need_no_feed():
    # TF 2.21 (tf.compat.v1.Session): [2 3], 6, 2 and 0 without a feed; they are constants.
    g = ag.Graph()
    with g.as_default():
        p = ag.placeholder(ag.float32, [2, 3])
        empty = ag.placeholder(ag.float32, [None, 0])
        fetches = [ag.shape(p), ag.size(p), ag.rank(p), ag.size(empty), ag.rank(empty)]
    with ag.Session(graph=g) as sess:
        values = sess.run(fetches)
    np.testing.assert_array_equal(values[0], np.array([2, 3], np.int32))
    assert [int(v) for v in values[1:]] == [6, 2, 0, 2]


def test_zeros_like_and_ones_like_of_a_known_shape_need_no_feed():
    # TF 2.21: zeros and ones of shape [2, 3] without a feed; only the shape is read.
    g = ag.Graph()
    with g.as_default():
        p = ag.placeholder(ag.float32, [2, 3])
        fetches = [ag.zeros_like(p), ag.ones_like(p, dtype=ag.int32)]
    with ag.Session(graph=g) as sess:
        zeros, ones = sess.run(fetches)
    np.testing.assert_array_equal(zeros, np.zeros((2, 3), np.float32))
    np.testing.assert_array_equal(ones, np.ones((2, 3), np.int32))


def test_shape_partly_known_still_needs_its_feed():
    g = ag.Graph()
    with g.as_default():
        p = ag.placeholder(ag.float32, [None, 3], name="p")
        shape = ag.shape(p)
    with ag.Session(graph=g) as sess:
        with pytest.raises(InvalidArgumentError, match="must feed a value for placeholder "
                                                       "tensor 'p'"):
            sess.run(shape)
        np.testing.assert_array_equal(sess.run(shape, {p: np.zeros((4, 3))}), [4, 3])


def test_feed_of_incompatible_shape_is_refused_before_running(graph):
    with ag.Session(graph=graph) as sess:
        with pytest.raises(ValueError, match=r"Cannot feed value of shape \(1, 2\) for Tensor "
                                             r"x:0, which has shape \(None,\)"):
            sess.run("total:0", {"x:0": [[1.0, 2.0]]})


def test_lossy_feed_is_refused_before_running():
    g = ag.Graph()
    with g.as_default():
        n = ag.placeholder(ag.int32, [], name="n")
        doubled = n * 2
    with ag.Session(graph=g) as sess:
        with pytest.raises(TypeError, match="Cannot convert 1.5 to a tensor of dtype int32"):
            sess.run(doubled, {n: 1.5})


@pytest.mark.parametrize("fetch, error, message", [  # TF 2.21: TypeError, ValueError, TypeError
    (None, TypeError, r"^Fetch argument None has invalid type <class 'NoneType'>\.$"),
    ("nothing:0", ValueError, r"^Fetch argument 'nothing:0' cannot be interpreted as a Tensor "
                              r"or Operation of this session's graph: The name 'nothing:0' "
                              r"refers to a Tensor which does not exist\..*graph\.$"),
    (1, TypeError, r"^Fetch argument 1 cannot be interpreted .* graph: Can not convert a int"),
])
def test_bad_fetches_are_clear(graph, fetch, error, message):
    with ag.Session(graph=graph) as sess:
        with pytest.raises(error, match=message):
            sess.run(fetch, feed_dict=feed())


def test_eager_tensor_is_not_a_fetch(graph):
    eager = ag.constant(1.0)
    with ag.Session(graph=graph) as sess:
        with pytest.raises(TypeError, match=r"^Fetch argument .* is an eager tensor, not a tensor "
                                            r"of this session's graph; it already has a value: "
                                            r"use \.numpy\(\)\.$"):
            sess.run(eager)


def test_a_tensor_of_another_graph_is_not_a_fetch(graph):
    # TF 2.21: ValueError, "... is not an element of this graph."
    other = ag.Graph()
    with other.as_default():
        z = ag.constant(1.0) + 1.0
    with ag.Session(graph=graph) as sess:
        with pytest.raises(ValueError, match=r"cannot be interpreted as a Tensor or Operation of "
                                             r"this session's graph: .* is not an element of "
                                             r"this graph"):
            sess.run(z)


@pytest.mark.parametrize("key", ["nothing:0", 1, "other"], ids=["missing", "int", "foreign"])
def test_a_bad_feed_key_is_a_type_error(graph, key):
    # TF 2.21: TypeError, "Cannot interpret feed_dict key as Tensor: ..." for each.
    if key == "other":
        with ag.Graph().as_default():
            key = ag.placeholder(ag.float32, [2], name="other")
    with ag.Session(graph=graph) as sess:
        with pytest.raises(TypeError, match=r"^Cannot interpret feed_dict key .* as a tensor of "
                                            r"this session's graph: "):
            sess.run("total:0", {key: [1.0, 2.0], "x:0": [1.0, 2.0]})


def test_a_numpy_scalar_fed_for_a_vector_is_refused(graph):
    # TF 2.21: ValueError, "Cannot feed value of shape () for Tensor x:0, which has shape (2,)"
    with ag.Session(graph=graph) as sess:
        with pytest.raises(ValueError, match=r"Cannot feed value of shape \(\) for Tensor x:0, "
                                             r"which has shape \(None,\)"):
            sess.run("total:0", {graph.get_tensor_by_name("x:0"): np.float32(1.0)})


def test_every_numpy_scalar_feed_is_used():
    g = ag.Graph()
    with g.as_default():
        a = ag.placeholder(ag.float32, [], name="a")
        b = ag.placeholder(ag.float32, [], name="b")
        difference = a - b
    with ag.Session(graph=g) as sess:
        assert sess.run(difference, {a: np.float32(5.0), b: np.float32(2.0)}) == 3.0


def test_closed_session_refuses_to_run(graph):
    sess = ag.Session(graph=graph)
    sess.close()
    with pytest.raises(RuntimeError, match=r"^Attempted to use a closed Session\.$"):
        sess.run("total:0", feed_dict=feed())


def test_session_context_makes_its_graph_and_itself_default(graph):
    with ag.Session(graph=graph) as sess:
        assert ag.get_default_graph() is graph and ag.get_default_session() is sess
        assert graph.get_tensor_by_name("total:0").eval(feed_dict=feed()) == 6.0
    assert ag.get_default_session() is None


def test_plans_are_cached_per_fetches_and_feeds(graph):
    with ag.Session(graph=graph) as sess:
        for _ in range(3):
            sess.run("total:0", feed_dict=feed())
        sess.run("y:0", feed_dict=feed())
        assert len(sess._plans) == 2


def test_a_cached_plan_is_run_again(graph, monkeypatch):
    with ag.Session(graph=graph) as sess:
        sess.run("total:0", feed_dict=feed())
        # making a plan now would fail
        monkeypatch.setattr("autograph.runtime.exec.session.Plan", None)
        assert sess.run("total:0", feed_dict=feed()) == 6.0


def test_the_plan_cache_is_bounded(graph, monkeypatch):
    monkeypatch.setattr("autograph.runtime.exec.session._MAX_PLANS", 2)
    with ag.Session(graph=graph) as sess:
        for fetch, expected in [("total:0", 6.0), ("y:0", [2.0, 4.0]), ("x:0", [1.0, 2.0])]:
            np.testing.assert_array_equal(sess.run(fetch, feed_dict=feed()), expected)
            assert len(sess._plans) <= 2
        assert len(sess._plans) == 1  # full at the third plan: emptied, then it was added


def test_graph_growth_compiles_a_new_plan(graph):
    with ag.Session(graph=graph) as sess:
        assert sess.run("total:0", feed_dict=feed()) == 6.0
        with graph.as_default():
            ag.add(graph.get_tensor_by_name("total:0"), 1.0, name="more")
        assert sess.run("more:0", feed_dict=feed()) == 7.0


def test_op_failure_names_the_op_and_the_user_line():
    g = ag.Graph()
    with g.as_default():
        a = ag.placeholder(ag.float32, [None], name="a")
        b = ag.placeholder(ag.float32, [None], name="b")
        total = ag.add(a, b, name="total")  # shapes only meet at run time
    with ag.Session(graph=g) as sess:
        with pytest.raises(InvalidArgumentError,
                           match=r"^\S*test_session.py:\d+: ValueError: operands could not "
                                 r"be broadcast together .*\(3,\) *$") as caught:
            sess.run(total, {a: [1.0, 2.0], b: [1.0, 2.0, 3.0]})
    # The plan's own frame, in the traceback of the error it raised, names the plan.
    frames = traceback.extract_tb(caught.value.__cause__.__traceback__)
    assert frames[-1].filename == "<plan of 1 ops>"


def test_op_failure_with_filtering_off_names_the_op_too():
    g = ag.Graph()
    with g.as_default():
        a = ag.placeholder(ag.float32, [None], name="a")
        b = ag.placeholder(ag.float32, [None], name="b")
        total = ag.add(a, b, name="total")
    ag.debugging.disable_traceback_filtering()
    try:
        with ag.Session(graph=g) as sess:
            with pytest.raises(InvalidArgumentError,
                               match=r"^while executing `total = AddV2\(a, b\).*` "
                                     r"\(\S*test_session.py:\d+\): ValueError: operands "):
                sess.run(total, {a: [1.0, 2.0], b: [1.0, 2.0, 3.0]})
    finally:
        ag.debugging.enable_traceback_filtering()


def test_op_failure_of_an_op_without_a_source_line_names_the_op_alone():
    g = ag.Graph()
    with g.as_default():
        a = ag.placeholder(ag.float32, [None], name="a")
        total = ag.add(a, a[:1] * 0.0 + [1.0, 2.0], name="total")
    total.op.source = ""  # made where no user's frame was on the stack
    with ag.Session(graph=g) as sess:
        with pytest.raises(InvalidArgumentError,
                           match=r"^while executing `total = AddV2\(a, add\) : float32\[2\]`: "
                                 r"ValueError: "):
            sess.run(total, {a: [1.0, 2.0, 3.0]})


def test_kernel_errors_keep_their_type_and_name_the_op():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.int32, [None], name="x")
        q = ag.floordiv(x, ag.placeholder(ag.int32, [None], name="zero"), name="q")
    with ag.Session(graph=g) as sess:
        with pytest.raises(InvalidArgumentError, match="test_session.py:\\d+: "
                                                       "Integer division by zero"):
            sess.run(q, {"x:0": [1], "zero:0": [0]})


def test_plan_source_reads_like_the_program():
    graph = ag.Graph()
    with graph.as_default(), graph.device("/CPU:0"):  # where x is fed: no copy in between
        x = ag.placeholder(ag.float32, [None], name="x")
        total = ag.reduce_sum(ag.multiply(x, 2.0, name="y"), name="total")
    plan = Plan(graph, [x], [total])
    assert "v0 = v0 * c" in plan.source and "# y = Mul" in plan.source


def test_plan_deletes_a_value_after_its_last_use_when_no_output_takes_its_name():
    graph = ag.Graph()
    with graph.as_default(), graph.device("/CPU:0"):
        x = ag.placeholder(ag.float32, [None], name="x")
        w = ag.placeholder(ag.float32, [None], name="w")
        z = ag.negative(ag.multiply(x, w, name="y"), name="z")
    source = Plan(graph, [x, w], [z]).source
    assert "v0 = v0 * v1" in source and "del v1" in source and "v0 = k" in source


def test_only_needed_ops_run():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [None], name="x")
        ag.reshape(x, [3, 3], name="would_fail")  # never fetched
        ok = ag.identity(x, name="ok")
    with ag.Session(graph=g) as sess:
        np.testing.assert_array_equal(sess.run(ok, {x: [1.0]}), [1.0])


def test_fetched_arrays_are_copies_the_graph_keeps_its_constants():
    g = ag.Graph()
    with g.as_default():
        c = ag.constant([1.0, 2.0], name="c")
    with ag.Session(graph=g) as sess:
        first = sess.run(c)
        first[0] = 99.0
        np.testing.assert_array_equal(sess.run(c), [1.0, 2.0])


def test_float_division_by_zero_is_silent_in_graphs():
    g = ag.Graph()
    with g.as_default():
        q = ag.divide(ag.constant([1.0]), ag.constant([0.0]))
    with ag.Session(graph=g) as sess, np.errstate(all="raise"):
        np.testing.assert_array_equal(sess.run(q), [np.inf])


def test_intermediates_are_released_after_their_last_use():
    """Ten 8 MB intermediates in a chain must not all be alive at once."""
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float64, [1_000_000], name="x")
        y = x
        for _ in range(10):
            y = y * 1.0001
        total = ag.reduce_sum(y)
    value = np.ones(1_000_000)
    with ag.Session(graph=g) as sess:
        sess.run(total, {x: value})  # compile the plan first
        tracemalloc.start()
        sess.run(total, {x: value})
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    one = value.nbytes
    assert peak < 4 * one, f"peak {peak / 1e6:.1f} MB for 8 MB arrays: values are not freed"


def test_a_numpy_scalar_of_the_placeholders_type_is_fed_as_it_is():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [])
        y = x * 2.0
    with ag.Session(graph=g) as sess:
        # TensorFlow 2.21 (compat.v1): 6.0
        assert sess.run(y, {x: np.float32(3.0)}) == 6.0
        assert sess.run(y, {x: np.float32(4.5)}) == 9.0


def test_feeding_an_op_is_a_type_error_naming_it():
    # TensorFlow 2.21: TypeError "Cannot interpret feed_dict key as Tensor: Can not convert
    # a Operation into a Tensor."
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [])
        y = ag.multiply(x, 2.0, name="double")
    with ag.Session(graph=g) as sess:
        with pytest.raises(TypeError, match="^" + re.escape(
                "Cannot feed <ag.Operation 'double' type=Mul>: only tensors can be fed, not "
                "ops.") + "$"):
            sess.run(y, {y.op: 1.0})


def test_a_fed_number_scalar_runs_as_a_numpy_scalar_and_a_string_as_it_is():
    g = ag.Graph()
    with g.as_default():
        n = ag.placeholder(ag.float32, [], name="n")
        s = ag.placeholder(ag.string, [], name="s")
        fetches = [ag.multiply(n, 2.0, name="y"), ag.identity(s, name="t")]
    source = Plan(g, [n, s], fetches).source
    assert "= feeds[0][()]" in source
    assert "= feeds[1]\n" in source


def test_a_plan_copies_nothing_between_ops_on_one_device():
    graph = ag.Graph()
    with graph.as_default(), graph.device("/CPU:0"):
        x = ag.placeholder(ag.float32, [None], name="x")
        y = ag.exp(ag.sqrt(x, name="r"), name="e")
        n = ag.shape(ag.sqrt(y))  # Shape's output is made on the host
        z = ag.reshape(y, n)
    source = Plan(graph, [x], [z]).source
    assert "to_cpu" not in source, source
