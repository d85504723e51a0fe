"""`ConcreteFunction`: obtaining one, its signature and text, calling it, its graph."""

import collections

import pytest

import autograph as ag
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.function.concrete_function import ConcreteFunction
from autograph.runtime.graph.tensor_spec import TensorSpec


@ag.function
def double(a):
    return a + a


@ag.function
def power(a, b):
    return a ** b


def test_get_concrete_function_from_a_value():
    concrete = double.get_concrete_function(ag.constant("a"))
    assert isinstance(concrete, ConcreteFunction)
    assert concrete(ag.constant("a")).numpy() == b"aa"


def test_concrete_function_takes_keyword_arguments():
    concrete = double.get_concrete_function(ag.constant("a"))
    assert concrete(a=ag.constant("b")).numpy() == b"bb"


def test_get_concrete_function_from_a_spec():
    concrete = double.get_concrete_function(TensorSpec(shape=[], dtype=ag.string))
    assert concrete(ag.constant("c")).numpy() == b"cc"


def test_get_concrete_function_traces_without_running(capsys):
    @ag.function
    def f(x):
        ag.print("ran")
        return x
    f.get_concrete_function(ag.constant(1))
    assert capsys.readouterr().out == ""
    assert f.experimental_get_tracing_count() == 1


def test_str_shows_signature_and_returns():
    concrete = double.get_concrete_function(ag.constant(1))
    assert str(concrete) == ("ConcreteFunction double(a)\n  Args:\n    a: int32 Tensor, "
                             "shape=()\n  Returns:\n    int32 Tensor, shape=()")


def test_str_lists_each_tensor_argument_on_its_own_line():
    concrete = power.get_concrete_function(TensorSpec([], ag.float32), TensorSpec([2], ag.float32))
    assert str(concrete) == ("ConcreteFunction power(a, b)\n  Args:\n    a: float32 Tensor, "
                             "shape=()\n    b: float32 Tensor, shape=(2,)\n  Returns:\n"
                             "    float32 Tensor, shape=(2,)")


def test_python_argument_is_fixed_in_the_signature():
    square = power.get_concrete_function(a=TensorSpec(None, ag.float32), b=2)
    assert str(square) == ("ConcreteFunction power(a, b=2)\n  Args:\n    a: float32 Tensor, "
                           "shape=<unknown>\n  Returns:\n    float32 Tensor, shape=<unknown>")
    assert square(ag.constant(10.0)).numpy() == 100.0


def test_different_value_for_fixed_python_argument_is_type_error():
    square = power.get_concrete_function(a=TensorSpec(None, ag.float32), b=2)
    with pytest.raises(TypeError, match=r"b=2\)[\s\S]*b=3\)"):
        square(ag.constant(10.0), b=3)


def test_incompatible_tensor_is_invalid_argument_showing_signature_and_call():
    concrete = double.get_concrete_function(ag.constant("a"))
    with pytest.raises(InvalidArgumentError) as caught:
        concrete(ag.constant(1))
    message = str(caught.value)
    assert "Signature: double(a: string Tensor, shape=())" in message
    assert "Call:      double(int32 Tensor, shape=())" in message


def test_python_value_is_converted_for_a_tensor_parameter():
    concrete = double.get_concrete_function(TensorSpec([], ag.float32))
    assert concrete(1.5).numpy() == 3.0


def test_wrong_number_of_arguments_is_type_error():
    concrete = double.get_concrete_function(ag.constant(1))
    with pytest.raises(TypeError, match="too many positional arguments"):
        concrete(ag.constant(1), ag.constant(2))


def test_structured_input_signature_names_specs_after_parameters():
    concrete = double.get_concrete_function(ag.constant("a"))
    assert concrete.structured_input_signature == (
        (TensorSpec(shape=(), dtype=ag.string, name="a"),), {})


def test_structured_outputs_are_the_graph_tensors():
    concrete = double.get_concrete_function(ag.constant("a"))
    assert concrete.structured_outputs.name == "Identity:0"
    assert concrete.outputs == [concrete.structured_outputs]
    assert [t.name for t in concrete.inputs] == ["a:0"]


def test_the_graph_holds_the_outputs_of_its_concrete_function():
    concrete = power.get_concrete_function(ag.TensorSpec([], ag.float32), 2)
    assert concrete.graph.outputs == concrete.outputs
    assert concrete.graph.structured_outputs is concrete.structured_outputs


def test_pretty_printed_concrete_signatures_lists_every_trace():
    @ag.function
    def twice(a):
        return a + a
    twice(ag.constant(1))
    twice(ag.constant(1.0))
    assert twice.pretty_printed_concrete_signatures() == (
        "twice(a)\n  Args:\n    a: int32 Tensor, shape=()\n  Returns:\n    int32 Tensor, "
        "shape=()\n\ntwice(a)\n  Args:\n    a: float32 Tensor, shape=()\n  Returns:\n    "
        "float32 Tensor, shape=()")


def test_object_argument_captured_at_trace_time_is_fixed():
    class SimpleModel:
        def __init__(self):
            self.bias = 0.0
            self.weight = 2.0

    def evaluate(model, x):
        return model.weight * x + model.bias
    model = SimpleModel()
    x = ag.constant(10.0)
    no_bias = ag.function(evaluate).get_concrete_function(model, x)
    model.bias += 5.0
    with_bias = ag.function(evaluate).get_concrete_function(model, x)
    assert no_bias(x).numpy() == 20.0  # the model is fixed: it need not be passed
    assert with_bias(x).numpy() == 25.0


def test_function_classes_are_public_at_the_top_level_and_as_types_experimental():
    assert ag.Function is ag.types.experimental.PolymorphicFunction
    assert ag.Function is ag.types.experimental.GenericFunction
    assert ag.ConcreteFunction is ag.types.experimental.ConcreteFunction is ConcreteFunction
    assert isinstance(double.get_concrete_function(TensorSpec([], ag.int32)),
                      ag.ConcreteFunction)


def test_every_name_of_the_function_api_is_reachable_from_autograph():
    names = ["function", "Function", "ConcreteFunction", "to_code", "to_graph", "convert",
             "do_not_convert", "device", "init_scope", "print", "TensorSpec",
             "config.run_functions_eagerly", "config.functions_run_eagerly",
             "config.list_physical_devices", "types.experimental.TraceType",
             "autograph.to_code", "autograph.StagingError"]
    missing = []
    for name in names:
        value = ag
        for part in name.split("."):
            value = getattr(value, part, None)
        if not callable(value):
            missing.append(name)
    assert missing == []


def test_a_concrete_function_capturing_another_graphs_tensors_cannot_run_alone():
    kept = []

    @ag.function
    def outer(x):
        y = x * 2.0
        w = x * 3.0

        def add_y(z):
            return z + y + w
        kept.append(ag.function(add_y).get_concrete_function(ag.TensorSpec([], ag.float32)))
        return y
    outer(ag.constant(1.0))
    with pytest.raises(ValueError) as raised:
        kept[0](ag.constant(1.0))
    assert str(raised.value) == (
        "ConcreteFunction add_y(z) captures tensors of the graph it was traced in (mul:0, "
        "mul_1:0); "
        "call it while that graph is built, or trace it eagerly.")


_Point = collections.namedtuple("_Point", "x y")


@pytest.mark.parametrize("value, text", [
    (ag.constant([1, 2]), "int32 Tensor, shape=(2,)"),
    (TensorSpec([None], ag.float32), "float32 Tensor, shape=(None,)"),
    ({"a": 1, "b": ag.constant(1.0)}, "{'a': 1, 'b': float32 Tensor, shape=()}"),
    (_Point(1, "s"), "_Point(x=1, y='s')"),
    ((1,), "(1,)"),
    ((1, 2), "(1, 2)"),
    ([1, (2,)], "[1, (2,)]"),
    ("s", "'s'"),
])
def test_call_arguments_are_described_as_messages_show_them(value, text):
    from autograph.runtime.function.concrete_function import describe

    assert describe(value) == text


def test_a_variable_argument_is_described_by_dtype_and_shape():
    from autograph.runtime.function.concrete_function import describe_call

    assert describe_call((ag.Variable([1.0, 2.0]),), {"n": 2}) == (
        "(float32 Variable, shape=(2,), n=2)")
