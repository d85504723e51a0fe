"""How big a function's graph is: a Python loop unrolls into the graph (one copy of its body
per iteration, as seed 004's "Looping over Python data" shows), a loop over `ag.range` or a
tensor becomes one `While` op whatever the number of iterations, and a Python loop unrolling
into thousands of ops warns once, naming the line."""

import collections
import warnings

import numpy.testing as npt
import pytest

import autograph as ag
from autograph.runtime.graph import graph as graph_module
from autograph.runtime.graph.graph import UnrolledLoopWarning


def measure_graph_size(f, *args):
    g = f.get_concrete_function(*args).graph
    print("{}({}) contains {} nodes in its graph".format(
        f.__name__, ", ".join(map(str, args)), len(g.as_graph_def().node)))


def _op_types(f, *args):
    graph = f.get_concrete_function(*args).graph
    return collections.Counter(op.type for op in graph.get_operations())


@ag.function
def train(dataset):
    loss = ag.constant(0)
    for x, y in dataset:
        loss += ag.abs(y - x)  # Some dummy computation.
    return loss


@ag.function
def count_to(n):
    total = ag.constant(0)
    for i in ag.range(n):
        total += i
    return total


@ag.function
def halve_until_small(x):
    steps = ag.constant(0)
    while x > 1:
        x = x // 2
        steps += 1
    return steps


def test_measure_graph_size_of_python_data_matches_the_guide(capsys):
    small_data = [(1, 1)] * 3
    big_data = [(1, 1)] * 10
    measure_graph_size(train, small_data)
    measure_graph_size(train, big_data)
    assert capsys.readouterr().out == (
        "train([(1, 1), (1, 1), (1, 1)]) contains 11 nodes in its graph\n"
        f"train({big_data}) contains 32 nodes in its graph\n")


def test_measure_graph_size_of_a_dataset_does_not_grow_with_the_data(capsys):
    # TensorFlow 2.21 prints "contains 6 nodes in its graph" for both (its _FlatMapDataset);
    # the elements' shapes are unknown, so `loss` widens to an unknown shape, as there.
    small_data = [(1, 1)] * 3
    big_data = [(1, 1)] * 10
    fresh = ag.function(train.python_function)  # its own traces: other tests retrace `train`
    measure_graph_size(fresh, ag.data.Dataset.from_generator(
        lambda: small_data, (ag.int32, ag.int32)))
    measure_graph_size(fresh, ag.data.Dataset.from_generator(
        lambda: big_data, (ag.int32, ag.int32)))
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(" contains ")[1] for line in lines] == ["6 nodes in its graph"] * 2


def test_dataset_loop_result_is_right():
    data = ag.data.Dataset.from_generator(lambda: [(1, 3), (5, 1), (2, 2)], (ag.int32, ag.int32))
    assert ag.function(train.python_function)(data).numpy() == 6  # TensorFlow: 6


def test_python_list_loop_adds_the_same_ops_per_element():
    sizes = {n: sum(_op_types(train, [(1, 1)] * n).values()) for n in (3, 4, 10)}
    per_element = sizes[4] - sizes[3]
    assert per_element == 3  # a constant for `y - x`, Abs, AddV2
    assert sizes[10] == sizes[3] + 7 * per_element


def test_python_list_loop_makes_no_while_op():
    types = _op_types(train, [(1, 1)] * 10)
    assert "While" not in types and types["Abs"] == 10


def test_unrolled_loop_result_is_right():
    assert train([(1, 3), (5, 1), (2, 2)]).numpy() == 6


def test_ag_range_loop_size_does_not_depend_on_n():
    assert _op_types(count_to, 10) == _op_types(count_to, 1000)


def test_ag_range_loop_is_one_while_op():
    types = _op_types(count_to, 1000)
    assert types["While"] == 1 and "AddV2" not in types


def test_tensor_bound_loop_is_one_while_op_for_every_n():
    f = ag.function(count_to.python_function)
    types = _op_types(f, ag.TensorSpec([], ag.int32))
    assert types["While"] == 1 and "AddV2" not in types
    assert f(ag.constant(10)).numpy() == 45
    assert f(ag.constant(1000)).numpy() == 499500
    assert f.experimental_get_tracing_count() == 1


def test_loop_over_a_tensor_is_one_while_op():
    @ag.function
    def total(xs):
        result = ag.constant(0.0)
        for x in xs:
            result += x
        return result
    types = _op_types(total, ag.TensorSpec([None], ag.float32))
    assert types["While"] == 1
    npt.assert_allclose(total(ag.constant([1.0, 2.0, 3.5])).numpy(), 6.5)


def test_while_on_a_tensor_condition_is_one_while_op():
    types = _op_types(halve_until_small, ag.TensorSpec([], ag.int32))
    assert types["While"] == 1 and "FloorDiv" not in types
    assert halve_until_small(ag.constant(1000)).numpy() == 9


def test_python_while_unrolls_per_iteration():
    @ag.function
    def add_n_times(x, n):
        while n > 0:
            x = x + 1
            n -= 1
        return x
    spec = ag.TensorSpec([], ag.int32)
    assert _op_types(add_n_times, spec, 8)["AddV2"] == 8
    assert _op_types(add_n_times, spec, 16)["AddV2"] == 16


def _long_python_loop():
    @ag.function
    def accumulate(x):
        for _ in range(graph_module.UNROLL_WARNING_OPS):
            x = x + 1
        return x
    line = accumulate.python_function.__code__.co_firstlineno + 3
    return accumulate, line


def _unroll_warnings(f, *args):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = f(*args)
    return result, [w for w in caught if issubclass(w.category, UnrolledLoopWarning)]


def test_thousands_of_python_iterations_warn_once_with_the_line():
    accumulate, line = _long_python_loop()
    result, caught = _unroll_warnings(accumulate, ag.constant(0))
    assert result.numpy() == graph_module.UNROLL_WARNING_OPS
    assert len(caught) == 1
    assert (caught[0].filename, caught[0].lineno) == (__file__, line)
    message = str(caught[0].message)
    assert f"{__file__}:{line}" in message and "'accumulate'" in message
    assert "ag.range(n)" in message and "tensor bound" in message


def test_unroll_warning_gives_the_op_count():
    accumulate, _ = _long_python_loop()
    _, caught = _unroll_warnings(accumulate, ag.constant(0))
    assert f"has {graph_module.UNROLL_WARNING_OPS} ops" in str(caught[0].message)


def test_calls_reusing_the_trace_do_not_warn_again():
    accumulate, _ = _long_python_loop()
    _unroll_warnings(accumulate, ag.constant(0))
    _, caught = _unroll_warnings(accumulate, ag.constant(5))
    assert caught == []


def test_same_loop_over_ag_range_does_not_warn():
    @ag.function
    def accumulate(x):
        for _ in ag.range(graph_module.UNROLL_WARNING_OPS):
            x = x + 1
        return x
    result, caught = _unroll_warnings(accumulate, ag.constant(0))
    assert caught == [] and result.numpy() == graph_module.UNROLL_WARNING_OPS


@pytest.mark.parametrize("n", [10, 100])
def test_short_python_loop_does_not_warn(n):
    f = ag.function(lambda x: sum([x] * n))
    _, caught = _unroll_warnings(f, ag.constant(1))
    assert caught == []
