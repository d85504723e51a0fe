"""Gradients of the complex-number ops (Conj, Real, Imag, Complex, Angle, ComplexAbs, and
complex products) against TensorFlow 2.21's answers, recorded in grad_expected.json from the
cases in grad_cases.py."""

import pytest

import autograph as ag
from tests.gradients import grad_cases
from tests.gradients.grad_cases import check, expected
from tests.gradients.test_array_grad import graph_gradients

COMPLEX = sorted(grad_cases.COMPLEX)


@pytest.mark.parametrize("name", COMPLEX)
def test_gradient_under_a_tape_matches_tensorflow(name):
    case = grad_cases.CASES[name]
    sources = [ag.constant(v) for v in case.sources]
    check(grad_cases.first_gradients(ag, case, ag.GradientTape, sources), expected(name))


@pytest.mark.parametrize("name", [n for n in grad_cases.BATCHED if n in COMPLEX])
def test_gradient_in_a_graph_with_an_unknown_batch_dim_matches_tensorflow(name):
    check(graph_gradients(name), expected(name))


@pytest.mark.parametrize("name", [n for n in grad_cases.SECOND_ORDER if n in COMPLEX])
def test_second_derivative_under_nested_tapes_matches_tensorflow(name):
    case = grad_cases.CASES[name]
    sources = [ag.constant(v) for v in case.sources]
    check(grad_cases.second_gradients(ag, case, ag.GradientTape, sources),
          expected(name, "second"), rtol=1e-4)


@pytest.mark.parametrize("name", ["complex_abs", "angle", "complex", "complex_product"])
def test_gradient_ops_run_on_every_device(device, name):
    case = grad_cases.CASES[name]
    sources = [ag.constant(v) for v in case.sources]
    check(grad_cases.first_gradients(ag, case, ag.GradientTape, sources), expected(name))
