"""`ag.function` semantics: variables, `init_scope`, recursion, eager debugging, nesting,
TensorFlow-1 graphs, and errors reported in user code."""

import numpy.testing as npt
import pytest

import autograph as ag
from runtime.graph import building_graph
from runtime.tensor_spec import TensorSpec


def test_assign_add_updates_state_across_calls():
    v = ag.Variable(0)

    @ag.function
    def increment():
        v.assign_add(1)
        return v.read_value()
    assert [increment().numpy() for _ in range(3)] == [1, 2, 3]
    assert v.numpy() == 3


def test_variable_made_on_every_trace_is_value_error():
    @ag.function
    def f(x):
        v = ag.Variable(1.0)
        return v
    with pytest.raises(ValueError, match="variables created once, on its first trace"):
        f(1.0)


def test_variable_created_once_on_first_call_is_reused():
    class Count:
        def __init__(self):
            self.count = None

        @ag.function
        def __call__(self):
            if self.count is None:
                self.count = ag.Variable(0)
            return self.count.assign_add(1)
    c = Count()
    assert c().numpy() == 1
    assert c().numpy() == 2
    assert c.__call__.experimental_get_tracing_count() == 1


def test_variable_created_in_function_is_eager():
    made = []

    @ag.function
    def f():
        if not made:
            made.append(ag.Variable([1.0, 2.0]))
        return made[0] * 2
    npt.assert_array_equal(f().numpy(), [2.0, 4.0])
    npt.assert_array_equal(made[0].numpy(), [1.0, 2.0])


def test_variable_created_on_a_later_trace_is_value_error():
    holder = []

    @ag.function
    def f(x):
        if x == 2:
            holder.append(ag.Variable(x))
        return x
    f(1)
    with pytest.raises(ValueError, match="on a trace after its first"):
        f(2)


def test_variable_initial_value_from_function_tensor_is_value_error():
    holder = []

    @ag.function
    def f(x):
        if not holder:
            holder.append(ag.Variable(x * 2))
        return x
    with pytest.raises(ValueError, match="cannot depend on the function's tensors"):
        f(ag.constant(1))


def test_python_guard_without_init_scope_runs_the_update_every_call():
    class Model:
        def __init__(self):
            self.v = ag.Variable(0)
            self.counter = 0

        @ag.function
        def __call__(self):
            if self.counter == 0:
                self.v.assign_add(1)
            return self.v
    m = Model()
    assert [m().numpy() for _ in range(3)] == [1, 2, 3]


def test_init_scope_lifts_the_update_out_of_the_function():
    class Model:
        def __init__(self):
            self.v = ag.Variable(0)
            self.counter = 0

        @ag.function
        def __call__(self):
            if self.counter == 0:
                with ag.init_scope():
                    self.counter += 1
                    self.v.assign_add(1)
            return self.v
    m = Model()
    assert [m().numpy() for _ in range(3)] == [1, 1, 1]


def test_init_scope_is_eager_inside_a_trace():
    seen = []

    @ag.function
    def f(x):
        with ag.init_scope():
            seen.append(building_graph())
        return x
    f(1)
    assert seen == [None]


def test_init_scope_in_graph_mode_lifts_to_the_outer_graph():
    graph = ag.Graph()
    seen = []

    @ag.function
    def f(x):
        with ag.init_scope():
            seen.append(building_graph())
        return x + 1
    with graph.as_default():
        f.get_concrete_function(TensorSpec([], ag.int32))
    assert seen == [graph]


def test_init_scope_outside_functions_changes_nothing():
    graph = ag.Graph()
    with graph.as_default(), ag.init_scope():
        assert building_graph() is graph


def test_recursion_is_a_clear_error():
    @ag.function
    def recursive_fn(n):
        if n > 0:
            return recursive_fn(n - 1)
        else:
            return 1
    with pytest.raises(RecursionError, match="called itself while it was being traced"):
        recursive_fn(ag.constant(5))


def test_run_functions_eagerly_runs_python_on_every_call():
    calls = []

    @ag.function
    def f(x):
        calls.append(x)
        return x + 1
    ag.config.run_functions_eagerly(True)
    try:
        assert ag.config.functions_run_eagerly()
        assert f(ag.constant(1)).numpy() == 2
        f(ag.constant(1))
    finally:
        ag.config.run_functions_eagerly(False)
    assert len(calls) == 2 and f.experimental_get_tracing_count() == 0
    assert not ag.config.functions_run_eagerly()


def test_function_inside_function_adds_its_ops_to_the_outer_graph():
    @ag.function
    def inner(x):
        return x * 2

    @ag.function
    def outer(x):
        return inner(x) + 1
    assert outer(ag.constant(3)).numpy() == 7
    graph = outer.get_concrete_function(ag.constant(3)).graph
    assert [op.type for op in graph.get_operations()].count("Mul") == 1


def test_function_called_in_graph_mode_builds_ops_there():
    f = ag.function(lambda x: x * 3)
    graph = ag.Graph()
    with graph.as_default():
        x = ag.placeholder(ag.int32, [])
        y = f(x)
    with ag.Session(graph=graph) as sess:
        assert sess.run(y, feed_dict={x: 2}) == 6


def test_error_while_tracing_names_user_line_and_keeps_type():
    @ag.function
    def f(x):
        return x + "text"
    with pytest.raises((TypeError, ValueError, ag.errors.OpError)) as caught:
        f(ag.constant(1))
    assert "in user code" in str(caught.value) and __file__ in str(caught.value)
    assert 'return x + "text"' in str(caught.value)


def test_function_without_source_runs_unconverted_with_warning():
    namespace = {}
    exec("def f(x):\n    return x * 2\n", namespace)
    with pytest.warns(UserWarning, match="could not be converted"):
        assert ag.function(namespace["f"])(ag.constant(2)).numpy() == 4
