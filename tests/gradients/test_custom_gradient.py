"""`ag.custom_gradient` and `ag.recompute_grad` eagerly: the decorator's two spellings, and what
each refuses, with a message saying what to return."""

import pytest

import autograph as ag


def _gradient(f, *values):
    x = ag.constant(2.0)
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = f(*([x] * len(values)))
    return tape.gradient(y, x)


def test_custom_gradient_with_parentheses_decorates_the_same_way():
    @ag.custom_gradient()
    def square(v):
        return v * v, lambda dy: dy * 10.0
    assert float(_gradient(square, 1)) == 10.0


@pytest.mark.parametrize("decorator", [ag.custom_gradient, ag.recompute_grad])
def test_only_functions_are_decorated(decorator):
    with pytest.raises(TypeError, match=f"^{decorator.__name__} decorates a function, got 3.$"):
        decorator(3)


def test_a_function_that_returns_no_grad_fn_is_an_error():
    @ag.custom_gradient
    def square(v):
        return v * v
    with pytest.raises(TypeError, match=r"^The function decorated with custom_gradient "
                                        r"\('square'\) must return \(outputs, grad_fn\), got "
                                        r"EagerTensor.$"):
        _gradient(square, 1)


def test_a_grad_fn_returning_too_few_gradients_is_an_error():
    @ag.custom_gradient
    def product(a, b):
        return a * b, lambda dy: dy
    with pytest.raises(ValueError, match=r"^custom_gradient: grad_fn returned 1 gradients for 2 "
                                         r"inputs and 0 for 0 variables; return one per input "
                                         r"\(and per variable\).$"):
        _gradient(product, 1, 1)
