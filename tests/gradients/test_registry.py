"""`ag.RegisterGradient` and `ag.no_gradient`: what they accept and what they refuse, each with a
message that says what to do."""

import pytest

import autograph as ag
from runtime.gradients import registry


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
    with pytest.raises(KeyError, match="A gradient for op type 'TestGradientOnce' is "
                                       "registered already."):
        ag.RegisterGradient("TestGradientOnce")(first)


def test_no_gradient_marks_an_op_type_with_none(registered):
    registered.append("TestNoGradient")
    ag.no_gradient("TestNoGradient")
    assert registry.gradient_function("TestNoGradient") is None


@pytest.mark.parametrize("make", [lambda: ag.RegisterGradient(""),
                                  lambda: ag.RegisterGradient(3),
                                  lambda: ag.no_gradient("")])
def test_an_op_type_that_is_not_a_name_is_refused(make):
    with pytest.raises(TypeError, match="takes an op type name, got"):
        make()


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
