"""`converted_call`: user functions go through the conversion hook, library functions not."""

import functools
import json

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
