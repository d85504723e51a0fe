"""A gradient registered for a user's own op, eagerly under a tape: the op it receives (name,
attrs), a single tensor for a one-input op, and the error for a wrong number of gradients.

Ops registered here are named `Test*`; the op-coverage tests leave such ops out."""

import pytest

import autograph as ag
from autograph.runtime import execute, register_kernel, register_op
from autograph.runtime.registry.shape_inference import unchanged

for _name in ("TestGradientScaled", "TestGradientTooMany"):
    register_op(_name).input("x: float").output("y: float").attr("factor: float = 2.0") \
        .set_shape_fn(unchanged)
    register_kernel(_name, ("CPU", "GPU"))(lambda ctx, x, factor: x * factor)


@ag.RegisterGradient("TestGradientScaled")
def _scaled_grad(op, grad):
    assert op.name == "TestGradientScaled"
    with pytest.raises(ValueError, match="^Op TestGradientScaled has no attr named 'missing'.$"):
        op.get_attr("missing")
    return grad * op.get_attr("factor")  # one tensor, not a list: the one input's gradient


@ag.RegisterGradient("TestGradientTooMany")
def _too_many_grad(op, grad):
    return [grad, grad]


def _gradient(op_type):
    x = ag.constant(3.0)
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = execute(op_type, [x], {"factor": 5.0})
    return tape.gradient(y, x)


def test_a_registered_gradient_gets_the_op_and_may_return_one_tensor():
    assert float(_gradient("TestGradientScaled")) == 5.0


def test_a_registered_gradient_returning_too_many_gradients_is_an_error():
    with pytest.raises(ValueError, match="^The gradient function of TestGradientTooMany returned "
                                         "2 gradients for its 1 inputs.$"):
        _gradient("TestGradientTooMany")


def test_batch_jacobian_of_a_scalar_target_is_an_error():
    x = ag.constant(2.0)
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = x * 3.0
    with pytest.raises(ValueError, match="^batch_jacobian needs a target with a batch "
                                         "dimension, got a scalar.$"):
        tape.batch_jacobian(y, x)
