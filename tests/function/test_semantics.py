"""`ag.function` semantics: variables, `init_scope`, recursion, eager debugging, nesting,
TensorFlow-1 graphs, and errors reported in user code."""

import warnings

import numpy.testing as npt
import pytest

import autograph as ag
from autograph.pyct.errors import ConversionError
from autograph.runtime.function.function import TracingRecursionError
from autograph.runtime.graph.graph import building_graph
from autograph.runtime.graph.tensor_spec import TensorSpec


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


def test_recursion_on_a_tensor_is_a_clear_recursion_error():
    @ag.function
    def recursive_fn(n):
        if n > 0:
            return recursive_fn(n - 1)
        else:
            return 1
    with pytest.raises(RecursionError) as caught:
        recursive_fn(ag.constant(5))
    assert isinstance(caught.value, TracingRecursionError)
    message = str(caught.value)
    assert "'recursive_fn' called itself while it was being traced" in message
    assert "n: int32 Tensor, shape=()" in message
    assert "tensor argument does not stop the recursion" in message
    assert "ag.while_loop" in message


def test_recursion_on_python_values_reuses_the_trace_on_the_next_call(capsys):
    @ag.function
    def recursive_fn(n):
        if n > 0:
            print("tracing")
            return recursive_fn(n - 1)
        return 1
    recursive_fn(3)
    capsys.readouterr()
    assert recursive_fn(3) == 1
    assert capsys.readouterr().out == ""
    assert recursive_fn.experimental_get_tracing_count() == 4


def test_function_run_inside_another_trace_counts_as_a_trace():
    @ag.function
    def inner(x):
        return x * 2

    @ag.function
    def outer(x):
        return inner(x) + inner(x + 1)
    outer(ag.constant(1))
    outer(ag.constant(2))
    assert outer.experimental_get_tracing_count() == 1
    assert inner.experimental_get_tracing_count() == 2


def test_recursion_on_tensors_of_shrinking_static_shape_terminates():
    @ag.function
    def total(x):
        if x.shape[0] == 1:
            return x[0]
        half = x.shape[0] // 2
        return total(x[:half]) + total(x[half:])
    npt.assert_allclose(total(ag.constant([1.0, 2.0, 3.0, 4.0])).numpy(), 10.0)


def test_recursion_with_an_input_signature_is_an_error():
    @ag.function(input_signature=[TensorSpec([], ag.int32)])
    def recursive_fn(n):
        return recursive_fn(n - 1)
    with pytest.raises(TracingRecursionError) as raised:
        recursive_fn(3)
    assert str(raised.value).endswith(
        "TracingRecursionError: ag.function 'recursive_fn' called itself while it was being "
        "traced, with arguments of the type it is already being traced for (n: int32 Tensor, "
        "shape=()), so its trace could never finish. A tensor argument does not stop the "
        "recursion while tracing: its value is unknown until the graph runs, so every level "
        "traces the next one. Write the recursion as a loop instead: a `while` on tensors "
        "(which AutoGraph converts to a graph loop) or ag.while_loop. Recursion on Python "
        "values (each level called with a different value) is traced level by level.")


def test_mutual_recursion_on_a_tensor_is_an_error():
    @ag.function
    def ping(n):
        return pong(n - 1)

    @ag.function
    def pong(n):
        return ping(n - 1)
    with pytest.raises(TracingRecursionError, match="'ping' called itself"):
        ping(ag.constant(4))


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
    exec("def f(x):\n    return abs(x) * 2\n", namespace)
    with pytest.warns(UserWarning) as caught:
        assert ag.function(namespace["f"])(ag.constant(-2)).numpy() == 4
    assert str(caught[0].message) == (
        "ag.function 'f' could not be converted and will run as it is (tensor `if`/`while`/"
        "`for` will not become graph ops): ConversionError: Cannot convert function 'f': its "
        "source code is not available (could not get source code). Define it in a file (or a "
        "notebook cell), or mark it with @ag.do_not_convert to run it as it is.")


def test_function_without_source_that_needs_no_conversion_runs_without_warning():
    # TensorFlow warns for every function without source; one whose instructions hold
    # nothing a converter acts on would run the same converted or not, so no warning here.
    namespace = {}
    exec("def f(x):\n    return x * 2\n", namespace)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert ag.function(namespace["f"])(ag.constant(2)).numpy() == 4


def test_a_function_the_converter_must_not_run_unconverted_raises_its_error():
    @ag.function
    def count(x):
        for _ in range(3):
            try:
                x = x + 1
            finally:
                break  # noqa: B012  (what the test is about)
        return x
    with pytest.raises(ConversionError, match="`break` leaving a `finally` block cannot be"):
        count(ag.constant(0))


def _helper_with_a_dtype_mismatch(y):
    z = y * 2
    return z + ag.constant(1.5)


@ag.do_not_convert
def _unconverted_helper(y):
    raise ValueError("helper refused")


def test_tracing_error_from_adding_a_string_keeps_type_and_shows_the_line():
    @ag.function
    def add_text(x):
        return x + "text"
    with pytest.raises(TypeError) as caught:
        add_text(ag.constant(1))
    message = str(caught.value)
    assert message.startswith("in user code:")
    assert f'File "{__file__}"' in message and "in add_text" in message
    assert 'return x + "text"' in message
    assert "<autograph:" not in message


def test_tracing_error_from_a_dtype_mismatch_is_a_type_error():
    # Recorded from TensorFlow 2.21: TypeError ("Input 'y' of 'AddV2' Op has type float32 that
    # does not match type int32 of argument 'x'") while the function traces.
    @ag.function
    def mismatch(x):
        return x + ag.constant(1.5)
    with pytest.raises(TypeError) as caught:
        mismatch(ag.constant(1))
    message = str(caught.value)
    assert "return x + ag.constant(1.5)" in message and "in mismatch" in message
    assert "AddV2: input 'y' has dtype float32" in message


def test_tracing_error_from_an_op_names_the_op_once():
    @ag.function
    def mismatch(x):
        return x + ag.constant([1, 2, 3])
    with pytest.raises(ag.errors.OpError) as caught:
        mismatch(ag.constant([1, 2]))
    message = str(caught.value)
    assert "return x + ag.constant([1, 2, 3])" in message and "in mismatch" in message
    assert caught.value.op_name == "AddV2" and message.count("[Op:AddV2]") == 1


def test_tracing_error_two_functions_deep_shows_both_users_frames_in_order():
    @ag.function
    def two_deep(x):
        if x > 0:
            x = _helper_with_a_dtype_mismatch(x)
        return x
    with pytest.raises(TypeError) as caught:
        two_deep(ag.constant(1))
    message = str(caught.value)
    outer = message.index("x = _helper_with_a_dtype_mismatch(x)")
    inner = message.index("return z + ag.constant(1.5)")
    assert outer < inner
    assert "in two_deep" in message and "in _helper_with_a_dtype_mismatch" in message
    assert "if_body" not in message and "if x > 0:" not in message


def test_tracing_error_in_unconverted_user_code_shows_its_frame():
    @ag.function
    def calls_helper(x):
        return _unconverted_helper(x)
    with pytest.raises(ValueError) as caught:
        calls_helper(ag.constant(1))
    message = str(caught.value)
    assert "return _unconverted_helper(x)" in message
    assert 'raise ValueError("helper refused")' in message and "helper refused" in message
