"""A generator function under `ag.function`: calling it is one clear error, a TypeError and a
NotImplementedError.

TensorFlow 2.21, for `tf.function` of `def gen(x): yield x` called with a tensor: it warns that
AutoGraph could not convert the function ("generators are not supported"), traces it as it is,
and then raises `TypeError: To be compatible with tf.function, Python functions must return zero
or more Tensors or ExtensionTypes or None values; in compilation of <function gen ...>, found
return value of type generator, which is not a Tensor or ExtensionType.` (the same with
`autograph=False` and from `get_concrete_function`); with `tf.config.run_functions_eagerly(True)`
it returns the generator object; with `AUTOGRAPH_STRICT_CONVERSION=1` (as its reference tests
run) it raises `UnsupportedLanguageElementError: generators are not supported`, a
`NotImplementedError`. We raise one error that is both, before any conversion (so no warning
first), whose message says that generators are not supported and what to write instead; and
we raise it when functions run eagerly as well, where TensorFlow returns a generator, so that a
program does not work only under that debugging switch.
"""

import re
import warnings

import numpy as np
import pytest

import autograph as ag

MESSAGE = re.escape(
    "ag.function 'numbers' wraps a generator function (its body uses `yield`); generators are "
    "not supported: a Function runs its Python function to build a graph and returns the "
    "tensors it computed. Return the values instead: collect them in a Python list and return "
    "it (ag.stack(values) makes one tensor of them), or, in a loop over tensors, write them to "
    "an ag.TensorArray (ta = ta.write(i, value)) and return ta.stack().") + "$"


def numbers(n):
    for i in range(n):
        yield i


def test_calling_a_generator_function_raises_a_type_error_that_says_what_to_do():
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # and no "could not be converted" warning first
        with pytest.raises(TypeError, match=MESSAGE):
            ag.function(numbers)(ag.constant(3))


def test_the_error_is_also_a_not_implemented_error_as_tensorflow_strict_conversion_raises():
    # recorded from TensorFlow 2.21 (AUTOGRAPH_STRICT_CONVERSION=1): "generators are not
    # supported", an UnsupportedLanguageElementError, whose bases are PyCTError and
    # NotImplementedError
    with pytest.raises(NotImplementedError, match="generators are not supported"):
        ag.function(numbers)(ag.constant(3))


def test_the_error_is_the_same_without_autograph():
    with pytest.raises(TypeError, match=MESSAGE):
        ag.function(numbers, autograph=False)(ag.constant(3))


def test_get_concrete_function_of_a_generator_function_raises_it_too():
    with pytest.raises(TypeError, match=MESSAGE):
        ag.function(numbers).get_concrete_function(ag.TensorSpec([], ag.int32))


def test_a_generator_function_raises_it_when_functions_run_eagerly():
    ag.config.run_functions_eagerly(True)
    try:
        with pytest.raises(TypeError, match=MESSAGE):
            ag.function(numbers)(3)
    finally:
        ag.config.run_functions_eagerly(False)


def test_a_generator_method_raises_it():
    class Counter:
        @ag.function
        def numbers(self, n):
            yield n

    with pytest.raises(TypeError, match=MESSAGE):
        Counter().numbers(2)


def test_a_generator_function_called_inside_another_function_raises_it():
    inner = ag.function(numbers)

    @ag.function
    def outer(n):
        return inner(n)

    with pytest.raises(TypeError, match=MESSAGE):
        outer(ag.constant(2))


def test_returning_a_list_as_the_error_says_works():
    @ag.function
    def numbers_list(n):
        values = []
        for i in range(n):
            values.append(i * 10)
        return ag.stack(values)

    np.testing.assert_array_equal(numbers_list(3).numpy(), [0, 10, 20])


def test_returning_a_tensor_array_as_the_error_says_works():
    @ag.function
    def squares(n):
        ta = ag.TensorArray(ag.int32, size=n)
        for i in ag.range(n):
            ta = ta.write(i, i * i)
        return ta.stack()

    np.testing.assert_array_equal(squares(ag.constant(4)).numpy(), [0, 1, 4, 9])


def test_to_code_of_a_generator_function_keeps_its_conversion_error():
    with pytest.raises(ag.autograph.UnsupportedLanguageElementError, match="`yield`") as raised:
        ag.to_code(numbers)
    # a ConversionError, and a NotImplementedError as TensorFlow's UnsupportedLanguageElementError
    assert isinstance(raised.value, ag.ConversionError)
    assert isinstance(raised.value, NotImplementedError)
