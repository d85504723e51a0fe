"""Operands whose dtypes do not go together raise TensorFlow 2.21's exception classes, eagerly and
while a function traces (the classes are recorded in `dtype_error_cases.RECORDED`)."""

import pytest

import autograph as ag
from tests.ops.dtype_error_cases import CASES, RECORDED

CLASSES = {"TypeError": TypeError, "InvalidArgumentError": ag.errors.InvalidArgumentError}


def raised(call) -> type:
    with pytest.raises(Exception) as info:
        call(ag.constant([1, 2], ag.int32))
    return type(info.value)


def test_every_case_has_a_recorded_answer():
    assert RECORDED.keys() == CASES.keys()


@pytest.mark.parametrize("name", list(CASES))
def test_eagerly_the_class_is_tensorflows(name):
    assert raised(lambda t: CASES[name](ag, t)) is CLASSES[RECORDED[name][0]]


@pytest.mark.parametrize("name", list(CASES))
def test_while_tracing_the_class_is_tensorflows(name):
    traced = ag.function(lambda t: CASES[name](ag, t), autograph=False)
    assert raised(traced) is CLASSES[RECORDED[name][1]]


def test_bitwise_or_with_a_lossy_float_is_a_type_error_as_and_and_xor_are():
    # Deliberately unlike TensorFlow 2.21, whose `t | 1.5` raises AttributeError ("'float'
    # object has no attribute '__ror__'") from its operator wrapper.
    with pytest.raises(TypeError, match="Cannot convert 1.5"):
        ag.constant([1, 2], ag.int32) | 1.5
