"""`converted_call`: user functions go through the conversion hook, library functions not."""

import functools
import json
import types

import numpy as np
import pytest

import autograph as ag
import autograph.operators as ag__
from autograph.operators import call
from autograph.operators.call import is_allowlisted


def double(x):
    return x * 2


class Scaler:
    def __init__(self, k):
        self.k = k

    def scale(self, x):
        return x * self.k

    def __call__(self, x):
        return x + self.k


@pytest.fixture
def hook():
    """Installs a conversion hook that records what it converts and marks the results."""
    seen = []

    def convert(f):
        seen.append(f.__name__)

        def converted(*args, **kwargs):
            return ("converted", f(*args, **kwargs))
        return converted
    previous = call._hook[0]
    ag__.set_conversion_hook(convert)
    yield seen
    ag__.set_conversion_hook(previous)


def test_without_a_hook_functions_are_called_as_they_are():
    assert ag__.converted_call(double, 4) == 8


def test_user_functions_are_converted(hook):
    assert ag__.converted_call(double, 4) == ("converted", 8)
    assert hook == ["double"]


def test_methods_are_converted_through_their_function(hook):
    assert ag__.converted_call(Scaler(3).scale, 2) == ("converted", 6)
    assert hook == ["scale"]


def test_callable_objects_are_converted_through_call(hook):
    assert ag__.converted_call(Scaler(3), 2) == ("converted", 5)
    assert hook == ["__call__"]


def test_partials_are_converted_through_the_function_they_wrap(hook):
    assert ag__.converted_call(functools.partial(double), x=5) == ("converted", 10)
    assert hook == ["double"]


def test_library_functions_and_classes_are_not_converted(hook):
    assert ag__.converted_call(json.dumps, [1]) == "[1]"
    assert ag__.converted_call(np.add, 1, 2) == 3
    assert ag__.converted_call(dict, a=1) == {"a": 1}
    assert ag__.converted_call(ag.add, 1, 2).numpy() == 3
    assert hook == []


def test_hook_returning_none_calls_the_function_as_it_is():
    previous = call._hook[0]
    ag__.set_conversion_hook(lambda f: None)
    try:
        assert ag__.converted_call(double, 1) == 2
    finally:
        ag__.set_conversion_hook(previous)


def test_builtins_go_to_their_tensor_aware_versions():
    assert ag__.converted_call(len, ag.convert_to_tensor([[1], [2]])) == 2
    assert ag__.converted_call(abs, ag.convert_to_tensor(-2)).numpy() == 2
    assert ag__.converted_call(len, "abc") == 3


def test_allowlist():
    assert is_allowlisted(json.loads) and is_allowlisted(np.sum) and is_allowlisted(ag.add)
    assert is_allowlisted(print) and is_allowlisted(Scaler)
    assert not is_allowlisted(double)


@pytest.mark.parametrize("module", ["autograph.kernels.math_kernels", "cupy._core", "gast.gast"])
def test_functions_of_the_projects_kernels_and_its_libraries_are_called_as_they_are(module):
    function = types.FunctionType(double.__code__, {})
    function.__module__ = module
    assert is_allowlisted(function)


def test_a_function_without_a_module_name_is_converted_and_an_object_is_not():
    function = types.FunctionType(double.__code__, {})
    function.__module__ = None

    class WithoutModule:
        __module__ = None

        def __call__(self, x):
            return x
    assert not is_allowlisted(function) and is_allowlisted(WithoutModule())


def test_an_object_whose_call_is_a_builtin_is_called_as_it_is(hook):
    class Absolute:
        __call__ = abs  # not a Python function: nothing to convert
    assert ag__.converted_call(Absolute(), -2) == 2
    assert hook == []


def test_an_unhashable_callable_is_called(hook):
    class Unhashable:
        __hash__ = None

        def __call__(self, x):
            return x + 1
    assert ag__.converted_call(Unhashable(), 1) == ("converted", 2)


def test_len_of_a_symbolic_tensor_goes_to_its_graph_version():
    with ag.Graph().as_default():
        rows = ag.placeholder(ag.int32, [None, 2])
        with pytest.raises(TypeError):
            len(rows)
        length = ag__.converted_call(len, rows)
        with ag.Session() as session:
            assert session.run(length, {rows: np.zeros((3, 2), np.int32)}) == 3
