"""`ag.RegisterGradient` and `ag.no_gradient`: what they accept and what they refuse, each with a
message that says what to do."""

import os
import pathlib
import re
import subprocess
import sys

import pytest

import autograph as ag
from autograph.runtime.gradients import registry

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture
def registered():
    """The op types a test registers, removed afterwards so no test sees another's."""
    names = []
    yield names
    for name in names:
        registry._GRADIENTS.pop(name, None)


def test_a_gradient_is_registered_once_per_op_type(registered):
    registered.append("TestGradientOnce")

    @ag.RegisterGradient("TestGradientOnce")
    def first(op, grad):
        return [grad]
    assert registry.gradient_function("TestGradientOnce") is first
    with pytest.raises(KeyError, match=re.escape(
            "\"A gradient for op type 'TestGradientOnce' is registered already.\"") + "$"):
        ag.RegisterGradient("TestGradientOnce")(first)


def test_no_gradient_marks_an_op_type_with_none(registered):
    registered.append("TestNoGradient")
    ag.no_gradient("TestNoGradient")
    assert registry.gradient_function("TestNoGradient") is None


@pytest.mark.parametrize("make, message", [
    (lambda: ag.RegisterGradient(""), "RegisterGradient takes an op type name, got ''."),
    (lambda: ag.RegisterGradient(3), "RegisterGradient takes an op type name, got 3."),
    (lambda: ag.no_gradient(""), "no_gradient takes an op type name, got ''.")])
def test_an_op_type_that_is_not_a_name_is_refused(make, message):
    with pytest.raises(TypeError, match=re.escape(message) + "$"):
        make()


def test_registered_gradients_says_which_op_types_have_a_function(registered):
    registered.extend(["TestListedWithGradient", "TestListedWithout"])
    ag.RegisterGradient("TestListedWithGradient")(lambda op, grad: [grad])
    ag.no_gradient("TestListedWithout")
    listed = registry.registered_gradients()
    assert (listed["TestListedWithGradient"], listed["TestListedWithout"]) == (True, False)


def test_not_differentiable_is_tensorflow_1s_name_for_no_gradient():
    assert ag.compat.v1.NotDifferentiable is ag.no_gradient


def test_register_gradient_decorates_only_functions():
    with pytest.raises(TypeError, match=r"^RegisterGradient\('TestNotCallable'\) decorates a "
                                        r"function, got 3\.$"):
        ag.RegisterGradient("TestNotCallable")(3)


def test_an_op_type_without_a_gradient_says_how_to_register_one():
    with pytest.raises(LookupError) as info:
        registry.gradient_function("TestNothingRegistered")
    assert str(info.value) == (
        "No gradient defined for op type 'TestNothingRegistered'. Register one with "
        "@ag.RegisterGradient('TestNothingRegistered'), or mark it with "
        "ag.no_gradient('TestNothingRegistered') if it is not differentiable.")


_FIRST_REGISTRATION = """
import sys
import autograph as ag
TABLE = "autograph.runtime.gradients.math_grad"
print(TABLE in sys.modules)
try:
    ag.RegisterGradient("Mul")(lambda op, grad: [grad, grad])
except KeyError as error:
    print(error)
print(TABLE in sys.modules)
"""


def test_the_ops_gradients_load_when_a_user_first_registers_one_which_clashes_at_once():
    # the package's own gradients load on first use, but a user's gradient for an op that
    # has one must fail where it is registered, as in TensorFlow, not when a gradient is taken
    result = subprocess.run([sys.executable, "-c", _FIRST_REGISTRATION], capture_output=True,
                            text=True, timeout=120, cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "False", "\"A gradient for op type 'Mul' is registered already.\"", "True"]
