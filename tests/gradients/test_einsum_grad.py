"""Einsum gradients where `...` stands for several dims, or where dims are known only when the
graph runs. The expected values are NumPy's (the sum of the other operand over the dims an
operand was broadcast along; ones for a summed-out dim; the identity for a diagonal), and
TensorFlow 2.21 gives the same for each case."""

import re

import numpy as np
import numpy.testing as npt
import pytest

import autograph as ag


def _values(*shape):
    return np.arange(1, 1 + np.prod(shape), dtype=np.float32).reshape(shape)


def _gradients_of_the_sum(equation, operands, specs):
    @ag.function(input_signature=specs)
    def gradients(*args):
        with ag.GradientTape() as tape:
            for arg in args:
                tape.watch(arg)
            total = ag.reduce_sum(ag.einsum(equation, *args))
        return tape.gradient(total, list(args))
    return [g.numpy() for g in gradients(*[ag.constant(x) for x in operands])]


def test_an_operand_broadcast_along_two_leading_dims_of_a_middle_ellipsis():
    x, y = _values(2, 3, 4), _values(2, 6, 5, 3, 4)
    gx, gy = _gradients_of_the_sum("i...j,i...j->i...j", [x, y],
                                   [ag.TensorSpec([2, 3, 4]), ag.TensorSpec([2, 6, 5, 3, 4])])
    npt.assert_array_equal(gx, y.sum(axis=(1, 2)))
    npt.assert_array_equal(gy, np.broadcast_to(x[:, None, None], y.shape))


def test_an_operand_broadcast_along_a_leading_dim_and_a_size_one_dim_of_a_middle_ellipsis():
    x, y = _values(2, 3, 1, 4), _values(2, 1, 3, 5, 4)  # x's `...` is (3, 1), y's (1, 3, 5)
    gx, gy = _gradients_of_the_sum("i...j,i...j->i...j", [x, y],
                                   [ag.TensorSpec([2, 3, 1, 4]), ag.TensorSpec([2, 1, 3, 5, 4])])
    npt.assert_array_equal(gx, y.sum(axis=(1, 3), keepdims=True).reshape(2, 3, 1, 4))
    npt.assert_array_equal(gy, np.broadcast_to(x[:, None], y.shape))


def test_an_operand_broadcast_along_size_one_dims_of_an_ellipsis():
    x, y = _values(1, 1, 3), _values(2, 4, 3)
    gx, gy = _gradients_of_the_sum("...i,...i->...", [x, y],
                                   [ag.TensorSpec([1, 1, 3]), ag.TensorSpec([2, 4, 3])])
    npt.assert_array_equal(gx, y.sum(axis=(0, 1), keepdims=True))
    npt.assert_array_equal(gy, np.broadcast_to(x, y.shape))


def test_an_operand_broadcast_against_one_of_dims_unknown_until_the_graph_runs():
    x, y = _values(1, 3), _values(2, 3)
    gx, gy = _gradients_of_the_sum("...i,...i->...", [x, y],
                                   [ag.TensorSpec([1, 3]), ag.TensorSpec([None, 3])])
    npt.assert_array_equal(gx, y.sum(axis=0, keepdims=True))
    npt.assert_array_equal(gy, np.broadcast_to(x, y.shape))


def test_a_summed_out_dim_after_an_ellipsis_of_unknown_dims():
    (gx,) = _gradients_of_the_sum("...ij->...i", [_values(2, 2, 2, 3)],
                                  [ag.TensorSpec([None, None, 2, 3])])
    npt.assert_array_equal(gx, np.ones((2, 2, 2, 3)))


def test_an_operand_of_unknown_rank_is_refused_with_the_equation():
    # TensorFlow 2.21 gives ones here; the gradient needs the ranks when it is built
    with pytest.raises(NotImplementedError, match=re.escape(
            "The gradient of Einsum '...ij->...i' needs the ranks of its operands and output "
            "known.")):
        _gradients_of_the_sum("...ij->...i", [_values(2, 2, 3)], [ag.TensorSpec(None)])


@pytest.mark.parametrize("n", [2, 3])
def test_a_diagonal_of_unknown_size_spreads_onto_the_identity(n):
    (gx,) = _gradients_of_the_sum("ii->i", [_values(n, n)], [ag.TensorSpec([None, None])])
    npt.assert_array_equal(gx, np.eye(n))


def test_an_implicit_output_keeps_the_ellipsis_as_numpy_does():
    # TensorFlow 2.21 refuses an implicit output with `...` ("Output contains 1 broadcasting
    # dimension(s) but no ellipsis"); ours takes NumPy's implicit rule, `...` then the rest.
    a, b, w = _values(2, 2, 3), _values(2, 3, 2), _values(2, 2, 2)
    ta, tb = ag.constant(a), ag.constant(b)
    with ag.GradientTape() as tape:
        tape.watch([ta, tb])
        y = ag.einsum("...ij,...jk", ta, tb)
        total = ag.reduce_sum(y * w)
    ga, gb = tape.gradient(total, [ta, tb])
    npt.assert_array_equal(y.numpy(), np.einsum("...ij,...jk", a, b))
    npt.assert_array_equal(ga.numpy(), np.einsum("...ik,...jk->...ij", w, b))
    npt.assert_array_equal(gb.numpy(), np.einsum("...ij,...ik->...jk", a, w))


@pytest.mark.parametrize("equation, specs, message", [
    ("...i,...i->...", [ag.TensorSpec(None), ag.TensorSpec([None, 3])],
     "The gradient of Einsum '...i,...i->...' needs the ranks of its operands and output known."),
    ("ij,...j->...i", [ag.TensorSpec([2, 3]), ag.TensorSpec(None)],
     "The gradient of Einsum 'ij,...j->...i' needs the rank of its output known."),
    ("...i->i", [ag.TensorSpec(None)],
     "The gradient of Einsum '...i->i' needs the ranks of its operands and output known."),
])
def test_a_gradient_that_needs_unknown_ranks_is_refused_naming_the_equation(equation, specs,
                                                                             message):
    operands = [_values(2, 3)] * len(specs)
    # the error names the user's line first ("in user code:"), then the message
    with pytest.raises(NotImplementedError, match="NotImplementedError: " + re.escape(message)
                       + "$"):
        _gradients_of_the_sum(equation, operands, specs)
