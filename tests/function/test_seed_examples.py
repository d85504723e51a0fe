"""The examples of the guide "Better performance with tf.function" (seed 004), with our names.

Each test is one example of the guide, named after it, and asserts what the guide prints or
returns. Names map `tf.function` -> `ag.function`, `tf.constant` -> `ag.constant`, and so on.
Printed tensors read `ag.Tensor(...)` where the guide shows `tf.Tensor(...)`; a symbolic tensor
prints as in the guide, `Tensor("a:0", shape=(), dtype=int32)`.
The examples on state (variables, `init_scope`, modules, optimizers) are in
`test_seed_examples_state.py`.
"""

import gc

import numpy as np
import numpy.testing as npt
import pytest

import autograph as ag
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.function.function import TracingRecursionError

# The guide subclasses `tf.types.experimental.TraceType`; ours is
# `runtime.function.trace_type.TraceType`.
from autograph.runtime.function.trace_type import TraceType


# Basics: usage --------------------------------------------------------------------------------
@ag.function
def add(a, b):
    return a + b


def test_add_of_ones_is_twos():
    result = add(ag.ones([2, 2]), ag.ones([2, 2]))
    assert result.dtype == ag.float32
    npt.assert_array_equal(result.numpy(), [[2.0, 2.0], [2.0, 2.0]])


def test_dense_layer_calls_function_inside_function():
    @ag.function
    def dense_layer(x, w, b):
        return add(ag.matmul(x, w), b)
    result = dense_layer(ag.ones([3, 2]), ag.ones([2, 2]), ag.ones([2]))
    npt.assert_array_equal(result.numpy(), np.full((3, 2), 3.0, np.float32))


# Tracing: what is "tracing"? ------------------------------------------------------------------
def _double():
    @ag.function
    def double(a):
        print("Tracing with", a)
        return a + a
    return double


def test_double_traces_once_per_dtype(capsys):
    double = _double()
    print(double(ag.constant(1)))
    print()
    double(ag.constant(1.1))
    print(double(ag.constant("a")))
    assert capsys.readouterr().out == (
        'Tracing with Tensor("a:0", shape=(), dtype=int32)\n'
        "ag.Tensor(2, shape=(), dtype=int32)\n\n"
        'Tracing with Tensor("a:0", shape=(), dtype=float32)\n'
        'Tracing with Tensor("a:0", shape=(), dtype=string)\n'
        "ag.Tensor(b'aa', shape=(), dtype=string)\n")


def test_double_float_result_prints_as_the_guide_shows():
    assert str(_double()(ag.constant(1.1))) == "ag.Tensor(2.2, shape=(), dtype=float32)"


def test_double_float_result_value():
    npt.assert_allclose(_double()(ag.constant(1.1)).numpy(), 2.2, rtol=1e-6)


def test_double_same_dtype_does_not_trace_again(capsys):
    double = _double()
    double(ag.constant("a"))
    capsys.readouterr()
    print(double(ag.constant("b")))
    assert capsys.readouterr().out == "ag.Tensor(b'bb', shape=(), dtype=string)\n"
    assert double.experimental_get_tracing_count() == 1


def test_double_pretty_printed_concrete_signatures_lists_three_traces():
    double = _double()
    for value in (1, 1.1, "a"):
        double(ag.constant(value))
    assert double.pretty_printed_concrete_signatures() == "\n\n".join(
        f"double(a)\n  Args:\n    a: {dtype} Tensor, shape=()\n  Returns:\n"
        f"    {dtype} Tensor, shape=()" for dtype in ("int32", "float32", "string"))


# Controlling retracing ------------------------------------------------------------------------
@ag.function(input_signature=(ag.TensorSpec(shape=[None], dtype=ag.int32),))
def next_collatz(x):
    print("Tracing with", x)
    return ag.where(x % 2 == 0, x // 2, 3 * x + 1)


def test_next_collatz_runs_on_its_signature(capsys):
    print(next_collatz(ag.constant([1, 2])))
    assert capsys.readouterr().out.endswith("ag.Tensor([4 1], shape=(2,), dtype=int32)\n")


def test_next_collatz_rejects_a_2d_tensor():
    with pytest.raises(TypeError, match=r"input_signature[\s\S]*Call: +next_collatz\("):
        next_collatz(ag.constant([[1, 2], [3, 4]]))


def test_next_collatz_rejects_float32():
    with pytest.raises(TypeError, match=r"dtype=ag.int32[\s\S]*float32 Tensor"):
        next_collatz(ag.constant([1.0, 2.0]))


def test_g_with_unknown_dimension_does_not_retrace(capsys):
    @ag.function(input_signature=(ag.TensorSpec(shape=[None], dtype=ag.int32),))
    def g(x):
        print("Tracing with", x)
        return x
    print(g(ag.constant([1, 2, 3])))
    print(g(ag.constant([1, 2, 3, 4, 5])))
    assert capsys.readouterr().out == (
        'Tracing with Tensor("x:0", shape=(None,), dtype=int32)\n'
        "ag.Tensor([1 2 3], shape=(3,), dtype=int32)\n"
        "ag.Tensor([1 2 3 4 5], shape=(5,), dtype=int32)\n")


def train_one_step():
    pass


@ag.function
def train(num_steps):
    print("Tracing with num_steps = ", num_steps)
    ag.print("Executing with num_steps = ", num_steps)
    for _ in ag.range(num_steps):
        train_one_step()


def test_train_retraces_for_python_arguments_not_for_tensors(capsys):
    # Two spaces after "=": both print functions put `sep` after the text's own space.
    train(num_steps=10)
    train(num_steps=20)
    assert capsys.readouterr().out == (
        "Tracing with num_steps =  10\nExecuting with num_steps =  10\n"
        "Tracing with num_steps =  20\nExecuting with num_steps =  20\n")
    train(num_steps=ag.constant(10))
    train(num_steps=ag.constant(20))
    assert capsys.readouterr().out == (
        'Tracing with num_steps =  Tensor("num_steps:0", shape=(), dtype=int32)\n'
        "Executing with num_steps =  10\nExecuting with num_steps =  20\n")
    assert train.experimental_get_tracing_count() == 3


def test_new_function_of_the_same_python_function_traces_again(capsys):
    def f():
        print("Tracing!")
        ag.print("Executing")
    ag.function(f)()
    ag.function(f)()
    assert capsys.readouterr().out == "Tracing!\nExecuting\nTracing!\nExecuting\n"


# Use the tracing protocol ---------------------------------------------------------------------
@ag.function
def get_mixed_flavor(fruit_a, fruit_b):
    return fruit_a.flavor + fruit_b.flavor


class Fruit:
    flavor = ag.constant([0, 0])


class Apple(Fruit):
    flavor = ag.constant([1, 2])


class Mango(Fruit):
    flavor = ag.constant([3, 4])


class FruitTraceType(TraceType):
    def __init__(self, fruit):
        self.fruit_type = type(fruit)
        self.fruit_value = fruit

    def is_subtype_of(self, other):
        return type(other) is FruitTraceType and self.fruit_type is other.fruit_type

    def most_specific_common_supertype(self, others):
        return self if all(self == other for other in others) else None

    def placeholder_value(self, placeholder_context=None):
        return self.fruit_value

    def __eq__(self, other):
        return type(other) is FruitTraceType and self.fruit_type == other.fruit_type

    def __hash__(self):
        return hash(self.fruit_type)


class FruitWithTraceType:
    def __tf_tracing_type__(self, context):
        return FruitTraceType(self)


class AppleWithTraceType(FruitWithTraceType):
    flavor = ag.constant([1, 2])


class MangoWithTraceType(FruitWithTraceType):
    flavor = ag.constant([3, 4])


def test_get_mixed_flavor_retraces_for_new_plain_objects():
    f = ag.function(get_mixed_flavor.python_function)
    npt.assert_array_equal(f(Apple(), Mango()).numpy(), [4, 6])
    gc.collect()
    npt.assert_array_equal(f(Apple(), Mango()).numpy(), [4, 6])
    assert f.experimental_get_tracing_count() == 2


def test_get_mixed_flavor_reuses_trace_with_tracing_protocol():
    f = ag.function(get_mixed_flavor.python_function)
    npt.assert_array_equal(f(AppleWithTraceType(), MangoWithTraceType()).numpy(), [4, 6])
    npt.assert_array_equal(f(AppleWithTraceType(), MangoWithTraceType()).numpy(), [4, 6])
    assert f.experimental_get_tracing_count() == 1


# Obtaining concrete functions -----------------------------------------------------------------
@ag.function
def double(a):
    return a + a


def test_double_strings_concrete_function_runs(capsys):
    print("Obtaining concrete trace")
    double_strings = double.get_concrete_function(ag.constant("a"))
    print("Executing traced function")
    print(double_strings(ag.constant("a")))
    print(double_strings(a=ag.constant("b")))
    assert capsys.readouterr().out == (
        "Obtaining concrete trace\nExecuting traced function\n"
        "ag.Tensor(b'aa', shape=(), dtype=string)\nag.Tensor(b'bb', shape=(), dtype=string)\n")


def test_double_strings_from_tensor_spec():
    double_strings_from_inputspec = double.get_concrete_function(
        ag.TensorSpec(shape=[], dtype=ag.string))
    assert double_strings_from_inputspec(ag.constant("c")).numpy() == b"cc"


def test_print_double_strings_shows_signature(capsys):
    print(double.get_concrete_function(ag.constant("a")))
    assert capsys.readouterr().out == (
        "ConcreteFunction double(a)\n  Args:\n    a: string Tensor, shape=()\n"
        "  Returns:\n    string Tensor, shape=()\n")


def test_double_strings_structured_signature_and_outputs():
    double_strings = double.get_concrete_function(ag.constant("a"))
    assert str(double_strings.structured_input_signature) == (
        "((TensorSpec(shape=(), dtype=ag.string, name='a'),), {})")
    assert str(double_strings.structured_outputs) == (
        'Tensor("Identity:0", shape=(), dtype=string)')


def test_double_strings_with_int_tensor_raises():
    double_strings = double.get_concrete_function(ag.constant("a"))
    with pytest.raises(InvalidArgumentError, match="expected to be a string tensor"):
        double_strings(ag.constant(1))


@ag.function
def pow(a, b):  # noqa: A001  (the guide's name)
    return a ** b


def test_pow_square_fixes_b_in_its_signature():
    square = pow.get_concrete_function(a=ag.TensorSpec(None, ag.float32), b=2)
    assert str(square) == (
        "ConcreteFunction pow(a, b=2)\n  Args:\n    a: float32 Tensor, shape=<unknown>\n"
        "  Returns:\n    float32 Tensor, shape=<unknown>")
    assert square(ag.constant(10.0)) == 100


def test_pow_square_with_other_b_raises():
    square = pow.get_concrete_function(a=ag.TensorSpec(None, ag.float32), b=2)
    with pytest.raises(TypeError, match=r"b=3"):
        square(ag.constant(10.0), b=3)


# Obtaining graphs -----------------------------------------------------------------------------
def test_double_strings_graph_nodes(capsys):
    graph = double.get_concrete_function(ag.constant("a")).graph
    for node in graph.as_graph_def().node:
        print(f"{node.input} -> {node.name}")
    assert capsys.readouterr().out == "[] -> a\n['a', 'a'] -> add\n['add'] -> Identity\n"


def test_double_strings_graph_operation_types():
    graph = double.get_concrete_function(ag.constant("a")).graph
    assert [(op.name, op.type) for op in graph.get_operations()] == [
        ("a", "Placeholder"), ("add", "AddV2"), ("Identity", "Identity")]


# Debugging ------------------------------------------------------------------------------------
def test_run_functions_eagerly_runs_python_print_every_call(capsys):
    @ag.function
    def f(x):
        print("Python", int(x))
        return x
    ag.config.run_functions_eagerly(True)
    try:
        f(ag.constant(1))
        f(ag.constant(2))
    finally:
        ag.config.run_functions_eagerly(False)
    assert capsys.readouterr().out == "Python 1\nPython 2\n"
    assert f.experimental_get_tracing_count() == 0


# AutoGraph transformations --------------------------------------------------------------------
# The guide's input, a draw of tf.random.uniform([5]), and the first lines the loop printed.
TANH_INPUT = [0.421437502, 0.579795122, 0.521502137, 0.594003677, 0.983272552]
TANH_PRINTED = [
    [0.421437502, 0.579795122, 0.521502137, 0.594003677, 0.983272552],
    [0.398140728, 0.522516489, 0.478858501, 0.532768965, 0.754479051],
    [0.378356963, 0.479639918, 0.445328951, 0.487494886, 0.637813449],
    [0.361279756, 0.445955217, 0.418051839, 0.452225834, 0.563408911],
    [0.263599515, 0.291346937, 0.283215135, 0.293053627, 0.317285746],
]


@ag.function
def tanh_loop(x):
    while ag.reduce_sum(x) > 1:
        ag.print(x)
        x = ag.tanh(x)
    return x


def _printed_rows(text):
    return [[float(v) for v in line.strip("[]").split()] for line in text.splitlines()]


def test_tanh_while_loop_prints_every_iteration(capsys):
    result = tanh_loop(ag.constant(TANH_INPUT))
    rows = _printed_rows(capsys.readouterr().out)
    npt.assert_allclose(rows[:4], TANH_PRINTED[:4], rtol=1e-6)
    npt.assert_allclose(rows[13], TANH_PRINTED[4], rtol=1e-6)
    expected = np.array(TANH_INPUT, np.float32)
    count = 0
    while expected.sum() > 1:
        expected, count = np.tanh(expected), count + 1
    assert len(rows) == count
    npt.assert_allclose(result.numpy(), expected, rtol=1e-6)


def test_tanh_while_loop_is_one_while_op():
    graph = tanh_loop.get_concrete_function(ag.TensorSpec([5], ag.float32)).graph
    types = [op.type for op in graph.get_operations()]
    assert types.count("While") == 1 and "Tanh" not in types


def test_to_code_of_python_function_shows_a_while_stmt():
    code = ag.to_code(tanh_loop.python_function)
    assert "ag__.while_stmt(" in code and "def loop_body" in code


@ag.function
def fizzbuzz(n):
    for i in ag.range(1, n + 1):
        print("Tracing for loop")
        if i % 15 == 0:
            print("Tracing fizzbuzz branch")
            ag.print("fizzbuzz")
        elif i % 3 == 0:
            print("Tracing fizz branch")
            ag.print("fizz")
        elif i % 5 == 0:
            print("Tracing buzz branch")
            ag.print("buzz")
        else:
            print("Tracing default branch")
            ag.print(i)


def _fizzbuzz_lines(n):
    words = {0: "fizzbuzz", 3: "fizz", 5: "buzz", 6: "fizz", 9: "fizz", 10: "buzz", 12: "fizz"}
    return "".join(f"{words.get(i % 15, i)}\n" for i in range(1, n + 1))


def test_fizzbuzz_traces_every_branch_once_and_runs_the_taken_ones(capsys):
    fizzbuzz(ag.constant(5))
    fizzbuzz(ag.constant(20))
    assert capsys.readouterr().out == (
        "Tracing for loop\nTracing fizzbuzz branch\nTracing fizz branch\n"
        "Tracing buzz branch\nTracing default branch\n" + _fizzbuzz_lines(5)
        + _fizzbuzz_lines(20))
    assert fizzbuzz.experimental_get_tracing_count() == 1


# Looping over Python data, accumulating values in a loop --------------------------------------
batch_size = 2
seq_len = 3
feature_size = 4


def rnn_step(inp, state):
    return inp + state


@ag.function
def dynamic_rnn(rnn_step, input_data, initial_state):
    # [batch, time, features] -> [time, batch, features]
    input_data = ag.transpose(input_data, [1, 0, 2])
    max_seq_len = input_data.shape[0]

    states = ag.TensorArray(ag.float32, size=max_seq_len)
    state = initial_state
    for i in ag.range(max_seq_len):
        state = rnn_step(input_data[i], state)
        states = states.write(i, state)
    return ag.transpose(states.stack(), [1, 0, 2])


def test_dynamic_rnn_accumulates_states_in_a_tensor_array():
    data = np.random.default_rng(4).uniform(size=[batch_size, seq_len, feature_size])
    data = data.astype(np.float32)
    result = dynamic_rnn(rnn_step, ag.constant(data), ag.zeros([batch_size, feature_size]))
    assert result.shape.as_list() == [batch_size, seq_len, feature_size]
    npt.assert_allclose(result.numpy(), np.cumsum(data, axis=1), rtol=1e-6)


def test_dynamic_rnn_graph_holds_one_loop():
    concrete = dynamic_rnn.get_concrete_function(
        rnn_step, ag.TensorSpec([batch_size, seq_len, feature_size], ag.float32),
        ag.TensorSpec([batch_size, feature_size], ag.float32))
    types = [op.type for op in concrete.graph.get_operations()]
    assert types.count("While") == 1 and "AddV2" not in types


# Limitations: executing Python side effects ---------------------------------------------------
def test_print_traces_ag_print_executes(capsys):
    @ag.function
    def f(x):
        print("Traced with", x)
        ag.print("Executed with", x)
    f(1)
    f(1)
    f(2)
    assert capsys.readouterr().out == (
        "Traced with 1\nExecuted with 1\nExecuted with 1\nTraced with 2\nExecuted with 2\n")


def test_side_effect_appends_to_external_list_once(capsys):
    external_list = []

    @ag.function
    def side_effect(x):
        print("Python side effect")
        external_list.append(x)
    side_effect(1)
    side_effect(1)
    side_effect(1)
    assert len(external_list) == 1
    assert capsys.readouterr().out == "Python side effect\n"


# Using Python iterators and generators --------------------------------------------------------
def test_buggy_consume_next_reuses_the_first_value(capsys):
    @ag.function
    def buggy_consume_next(iterator):
        ag.print("Value:", next(iterator))
    iterator = iter([1, 2, 3])
    buggy_consume_next(iterator)
    buggy_consume_next(iterator)
    buggy_consume_next(iterator)
    assert capsys.readouterr().out == "Value: 1\nValue: 1\nValue: 1\n"


def test_good_consume_next_advances_a_dataset_iterator(capsys):
    @ag.function
    def good_consume_next(iterator):
        # This is ok, iterator is a dataset iterator
        ag.print("Value:", next(iterator))
    ds = ag.data.Dataset.from_tensor_slices([1, 2, 3])
    iterator = iter(ds)
    good_consume_next(iterator)
    good_consume_next(iterator)
    good_consume_next(iterator)
    assert capsys.readouterr().out == "Value: 1\nValue: 2\nValue: 3\n"
    with pytest.raises(ag.errors.OutOfRangeError):  # TensorFlow: OutOfRangeError
        good_consume_next(iterator)


# All outputs of a tf.function must be return values -------------------------------------------
x = None  # set by `leaky_function`, as the guide's global


@ag.function
def leaky_function(a):
    global x
    x = a + 1  # Bad - leaks local tensor
    return a + 2


def test_leaky_function_result_is_fine_leaked_tensor_is_not():
    correct_a = leaky_function(ag.constant(1))
    assert correct_a.numpy() == 3
    with pytest.raises(AttributeError, match=r"add:0[\s\S]*'leaky_function'"):
        x.numpy()


def test_leaked_tensor_returned_too_is_still_leaked():
    @ag.function
    def leaky_function(a):
        global x
        x = a + 1  # Bad - leaks local tensor
        return x  # Good - uses local tensor
    correct_a = leaky_function(ag.constant(1))
    assert correct_a.numpy() == 2
    with pytest.raises(AttributeError, match="has returned"):
        x.numpy()


def test_captures_leaked_tensor_raises_type_error_naming_where_it_was_made():
    leaky_function(ag.constant(1))

    @ag.function
    def captures_leaked_tensor(b):
        b += x  # Bad - `x` is leaked from `leaky_function`
        return b
    with pytest.raises(TypeError, match=r"add:0[\s\S]*leaky_function"):
        captures_leaked_tensor(ag.constant(2))


def test_tensor_leaked_into_external_list_and_object():
    class MyClass:
        def __init__(self):
            self.field = None
    external_list = []
    external_object = MyClass()

    @ag.function
    def leaky_function():
        a = ag.constant(1)
        external_list.append(a)  # Bad - leaks tensor
        external_object.field = a  # Bad - leaks tensor
    leaky_function()
    for leaked in (external_list[0], external_object.field):
        with pytest.raises(AttributeError, match="'leaky_function'"):
            leaked.numpy()


# Recursive tf.functions are not supported -----------------------------------------------------
def test_recursive_fn_on_a_tensor_is_a_clear_error():
    @ag.function
    def recursive_fn(n):
        if n > 0:
            return recursive_fn(n - 1)
        else:
            return 1
    with pytest.raises(TracingRecursionError, match="'recursive_fn' called itself") as caught:
        recursive_fn(ag.constant(5))  # Bad - maximum recursion error.
    message = str(caught.value)
    assert message.startswith("in user code:") and __file__ in message
    assert "return recursive_fn(n - 1)" in message


def test_recursive_fn_on_a_python_int_traces_once_per_value(capsys):
    @ag.function
    def recursive_fn(n):
        if n > 0:
            print("tracing")
            return recursive_fn(n - 1)
        else:
            return 1
    assert recursive_fn(5) == 1  # Warning - multiple tracings
    assert capsys.readouterr().out == "tracing\n" * 5
    assert recursive_fn.experimental_get_tracing_count() == 6
