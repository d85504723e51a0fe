"""Calling a ConcreteFunction with arguments that do not match what it was traced for.

Expected errors were taken from TensorFlow 2.21 (`tf.function` + `get_concrete_function`).
"""

import re

import numpy.testing as npt
import pytest

import autograph as ag
from autograph.runtime.core.errors import InvalidArgumentError


@ag.function(autograph=False)
def plus_one(x):
    return x + 1


@ag.function(autograph=False)
def times(a, b):
    return a * b


@pytest.fixture
def int_pair():
    return plus_one.get_concrete_function(ag.TensorSpec([2], ag.int32))


def test_float_tensor_for_int32_trace_is_invalid_argument_naming_input_and_dtypes(int_pair):
    # TensorFlow: "cannot compute __inference_f_6 as input #0(zero-based) was expected to be
    # a int32 tensor but is a float tensor"
    with pytest.raises(InvalidArgumentError,
                       match=r"input #0\(zero-based\) `x` was expected to be a int32 tensor "
                             r"but is a float32 tensor"):
        int_pair(ag.constant([1.0, 2.0]))


def test_wrong_dtype_of_second_argument_names_input_one():
    concrete = times.get_concrete_function(ag.TensorSpec(None, ag.float32),
                                           ag.TensorSpec([], ag.float32))
    with pytest.raises(InvalidArgumentError,
                       match=r"input #1\(zero-based\) `b` was expected to be a float32 tensor "
                             r"but is a int32 tensor"):
        concrete(ag.constant(1.0), ag.constant(2))


def test_wrong_shape_is_invalid_argument(int_pair):
    # TensorFlow runs the graph on the new shape, with shape-dependent values folded for the
    # traced one: `x + tf.shape(x)[0]` traced for [2] gives [3 4 5] for [1 2 3]. We refuse
    # rather than risk such a silent wrong answer.
    with pytest.raises(InvalidArgumentError,
                       match=r"`x` was expected to have shape \(2,\) but has shape \(3,\)"):
        int_pair(ag.constant([1, 2, 3]))


def test_too_many_arguments_is_type_error(int_pair):
    with pytest.raises(TypeError, match="failed due to `too many positional arguments`"):
        int_pair(ag.constant([1, 2]), ag.constant([1, 2]))


def test_missing_argument_is_type_error(int_pair):
    with pytest.raises(TypeError, match="failed due to `missing a required argument: 'x'`"):
        int_pair()


def test_unexpected_keyword_is_type_error(int_pair):
    with pytest.raises(TypeError,
                       match="failed due to `got an unexpected keyword argument 'y'`"):
        int_pair(ag.constant([1, 2]), y=ag.constant(1))


def test_argument_by_keyword_and_python_list_are_accepted(int_pair):
    npt.assert_array_equal(int_pair(x=ag.constant([1, 2])).numpy(), [2, 3])
    npt.assert_array_equal(int_pair([1, 2]).numpy(), [2, 3])


def test_python_value_that_cannot_become_the_dtype_is_type_error(int_pair):
    with pytest.raises(TypeError, match=r"`x` cannot be converted to a int32 tensor"):
        int_pair([1.5, 2])


@ag.function(autograph=False)
def scaled(x, n=2):
    return x * n


@ag.function(autograph=False)
def times_n(x, n):
    return x * n


def _message(call):
    with pytest.raises((TypeError, InvalidArgumentError)) as raised:
        call()
    return type(raised.value).__name__, str(raised.value)


def test_binding_error_is_written_in_full():
    concrete = scaled.get_concrete_function(ag.TensorSpec([2], ag.float32))
    assert _message(lambda: concrete()) == ("TypeError", (
        "Binding inputs to ConcreteFunction scaled(x, n=2) failed due to `missing a required "
        "argument: 'x'`.\n"
        "  Signature: scaled(x: float32 Tensor, shape=(2,), n=2)\n"
        "  Call:      scaled()"))


def test_binding_error_without_a_colon_keeps_the_whole_reason():
    concrete = scaled.get_concrete_function(ag.TensorSpec([2], ag.float32))
    name, text = _message(lambda: concrete(1, 2, 3))
    assert name == "TypeError"
    assert text.startswith("Binding inputs to ConcreteFunction scaled(x, n=2) failed due to "
                           "`too many positional arguments`.")


def test_dtype_error_is_written_in_full():
    concrete = scaled.get_concrete_function(ag.TensorSpec([2], ag.float32))
    assert _message(lambda: concrete(ag.constant([1, 2]))) == ("InvalidArgumentError", (
        "ConcreteFunction scaled(x, n=2) cannot be computed: input #0(zero-based) `x` was "
        "expected to be a float32 tensor but is a int32 tensor.\n"
        "  Signature: scaled(x: float32 Tensor, shape=(2,), n=2)\n"
        "  Call:      scaled(int32 Tensor, shape=(2,))"))


def test_python_values_that_do_not_match_are_written_in_full():
    concrete = scaled.get_concrete_function(ag.TensorSpec([2], ag.float32))
    assert _message(lambda: concrete([1.0, 2.0], 3)) == ("TypeError", (
        "ConcreteFunction scaled(x, n=2) was called with arguments that do not match its "
        "signature.\n"
        "  Signature: scaled(x: float32 Tensor, shape=(2,), n=2)\n"
        "  Call:      scaled([1.0, 2.0], 3)"))


def test_a_fixed_python_argument_left_out_is_filled_before_naming_the_tensor_problem():
    concrete = times_n.get_concrete_function(ag.TensorSpec([2], ag.float32), 3)
    name, text = _message(lambda: concrete(ag.constant([1, 2])))
    assert name == "InvalidArgumentError"
    assert "`x` was expected to be a float32 tensor but is a int32 tensor" in text


@ag.function(autograph=False)
def n_times(n, x):
    return x * n


def test_a_tensor_of_another_dtype_after_a_fixed_python_argument_names_the_tensor():
    # TensorFlow: InvalidArgumentError "cannot compute __inference_f_6 as input #0(zero-based)
    # was expected to be a float tensor but is a int32 tensor".
    concrete = n_times.get_concrete_function(3, ag.TensorSpec([2], ag.float32))
    name, text = _message(lambda: concrete(ag.constant([1, 2])))
    assert name == "InvalidArgumentError"
    assert text.startswith("ConcreteFunction n_times(n=3, x) cannot be computed: input "
                           "#0(zero-based) `x` was expected to be a float32 tensor but is a "
                           "int32 tensor.")


@ag.function(autograph=False)
def scaled_by_keyword(x, *, k):
    return x * k


def test_a_keyword_only_python_argument_is_fixed_and_may_be_left_out():
    # TensorFlow 2.21 gives 6.0 too.
    concrete = scaled_by_keyword.get_concrete_function(ag.TensorSpec([], ag.float32), k=3.0)
    assert float(concrete(ag.constant(2.0))) == 6.0


def test_a_keyword_only_tensor_argument_must_be_given():
    # TensorFlow 2.21: TypeError "Binding inputs to tf.function failed due to `missing a
    # required argument: 'k'`"; given, it gives 8.0.
    concrete = scaled_by_keyword.get_concrete_function(ag.TensorSpec([], ag.float32),
                                                       k=ag.TensorSpec([], ag.float32))
    name, text = _message(lambda: concrete(ag.constant(2.0)))
    # Python 3.12 says "missing a required keyword-only argument"
    assert name == "TypeError" and re.search(r"missing a required (keyword-only )?argument: 'k'",
                                             text)
    assert float(concrete(ag.constant(2.0), k=ag.constant(4.0))) == 8.0


def test_a_concrete_functions_repr_is_its_short_signature():
    concrete = scaled_by_keyword.get_concrete_function(ag.TensorSpec([], ag.float32), k=3.0)
    assert repr(concrete) == "<ConcreteFunction scaled_by_keyword(x, k=3.0)>"


def test_a_variable_argument_is_not_fixed_by_the_trace():
    concrete = ag.function(lambda v: v * 2.0).get_concrete_function(ag.Variable(1.0))
    name, text = _message(lambda: concrete())
    assert name == "TypeError" and "missing a required argument: 'v'" in text
    assert float(concrete(ag.Variable(3.0))) == 6.0


@ag.function(autograph=False)
def pair_dict_and_tensor(pair, d, y):
    return pair[0] + pair[1] + d["a"] + y


@pytest.fixture
def nested():
    spec = ag.TensorSpec([], ag.float32)
    return pair_dict_and_tensor.get_concrete_function((spec, spec), {"a": spec}, spec)


_ONE = ag.constant(1.0)


@pytest.mark.parametrize("args, error, text", [
    (((_ONE, ag.constant(1)), {"a": _ONE}, _ONE), InvalidArgumentError,
     "input #1(zero-based) `pair[1]` was expected to be a float32 tensor but is a int32 "
     "tensor."),
    (((_ONE, _ONE), {"a": _ONE}, ag.constant(1)), InvalidArgumentError,
     "input #3(zero-based) `y` was expected to be a float32 tensor but is a int32 tensor."),
    (((_ONE, _ONE), {"a": _ONE}, ag.constant([1.0, 2.0])), InvalidArgumentError,
     "input #3(zero-based) `y` was expected to have shape () but has shape (2,); trace the "
     "function for that shape (or a shape with None dimensions) with get_concrete_function."),
    (((_ONE, _ONE), {"a": _ONE}, "text"), TypeError,
     "input #3(zero-based) `y` cannot be converted to a float32 tensor (Cannot convert 'text' "
     "to a tensor of dtype float32: it holds strings. To parse numbers from strings use "
     "ag.strings.to_number(x, out_type=ag.float32).)."),
])
def test_the_first_mismatching_input_is_named_by_its_flat_index_and_path(nested, args, error,
                                                                        text):
    with pytest.raises(error) as raised:
        nested(*args)
    first_line = str(raised.value).split("\n")[0]
    assert first_line == f"ConcreteFunction pair_dict_and_tensor(pair, d, y) cannot be " \
                         f"computed: {text}"
