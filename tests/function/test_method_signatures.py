"""`ag.function(input_signature=...)` on methods of `ag.Module` subclasses.

The signature describes the arguments after `self`. Expected values were taken from
TensorFlow 2.21 running the same classes with `tf.Module` and `tf.function`.
"""

import numpy.testing as npt
import pytest

import autograph as ag


class Adder(ag.Module):
    @ag.function(input_signature=[ag.TensorSpec([], ag.float32)])
    def add(self, x):
        return x + 1.0


class Scaler(ag.Module):
    def __init__(self):
        super().__init__()
        self.v = None

    @ag.function(input_signature=[ag.TensorSpec([None], ag.float32)])
    def scale(self, x):
        if self.v is None:
            self.v = ag.Variable(2.0)
        self.v.assign_add(1.0)
        return x * self.v


def test_method_with_input_signature_runs_on_an_instance():
    npt.assert_allclose(Adder().add(ag.constant(1.0)).numpy(), 2.0)


def test_bound_method_concrete_function_without_arguments_has_signature_after_self():
    concrete = Adder().add.get_concrete_function()
    assert concrete.structured_input_signature == (
        (ag.TensorSpec(shape=(), dtype=ag.float32, name="x"),), {})
    npt.assert_allclose(concrete(ag.constant(2.0)).numpy(), 3.0)


def test_input_signature_is_kept_on_class_and_instance():
    expected = (ag.TensorSpec([], ag.float32),)
    assert Adder.add.input_signature == expected
    assert Adder().add.input_signature == expected


def test_each_instance_traces_separately():
    a, b = Adder(), Adder()
    assert a.add is a.add and a.add is not b.add
    a.add(ag.constant(1.0))
    assert (a.add.experimental_get_tracing_count(),
            b.add.experimental_get_tracing_count()) == (1, 0)
    b.add(ag.constant(3.0))
    assert b.add.experimental_get_tracing_count() == 1


def test_variables_created_on_first_call_belong_to_each_instance():
    s1, s2 = Scaler(), Scaler()
    npt.assert_allclose(s1.scale(ag.constant([1.0, 2.0])).numpy(), [3.0, 6.0])
    npt.assert_allclose(s1.scale(ag.constant([1.0])).numpy(), [4.0])
    npt.assert_allclose(s2.scale(ag.constant([1.0])).numpy(), [3.0])
    assert (s1.v.numpy(), s2.v.numpy()) == (4.0, 3.0)
    assert s1.v is not s2.v
    assert (len(s1.trainable_variables), len(s2.variables)) == (1, 1)


def test_bound_method_rejects_tensor_outside_signature():
    # TensorFlow: TypeError "Binding inputs to tf.function failed due to `Can not cast
    # TensorSpec(shape=(), dtype=tf.int32) to TensorSpec(shape=(), dtype=tf.float32)`".
    with pytest.raises(TypeError, match="do not match its input_signature"):
        Adder().add(ag.constant(1))


def test_calling_through_the_class_is_type_error():
    # TensorFlow: TypeError "... failed due to `missing a required argument: 'x'`".
    with pytest.raises(TypeError) as raised:
        Adder.add(ag.constant(1.0))
    assert str(raised.value) == (
        "ag.function 'add' is a method whose input_signature describes the arguments after "
        "`self`; call it on an instance: `obj.add(...)` or "
        "`obj.add.get_concrete_function()`.")


def test_concrete_function_through_the_class_is_type_error():
    with pytest.raises(TypeError, match="call it on an instance"):
        Adder.add.get_concrete_function()
