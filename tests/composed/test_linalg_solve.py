"""`ag.linalg`'s factorisations and solves give TensorFlow's answers, eagerly and in graphs."""

import numpy as np
import pytest

import autograph as ag
from tests.composed.composed_testing import MODES, A, Case, check

# The inputs, and TensorFlow 2.21's answers to the same calls of tf.linalg.
CASES = [
    Case("det", "linalg.det", [A([[2, -1, 0], [1, 3, 1], [0, 1, 4]], "float32")], {},
         (25.9999981, "float32")),
    Case("det_pivoting_batch", "linalg.det", [A([[[2, -1, 0], [1, 3, 1], [0, 1, 4]], [[0, 2, 1],
         [1, 1, 0], [3, 0, 1]]], "float32")], {},
         ([25.9999981, -5], "float32")),
    Case("det_singular", "linalg.det", [A([[1, 2], [2, 4]], "float32")], {},
         (-0, "float32")),
    Case("det_float64", "linalg.det", [A([[0.001, 2], [3, 4]], "float64")], {},
         (-5.9959999999999996, "float64")),
    Case("slogdet", "linalg.slogdet", [A([[[2, -1, 0], [1, 3, 1], [0, 1, 4]], [[0, 2, 1], [1, 1,
         0], [3, 0, 1]]], "float32")], {},
         (([1, -1], "float32"), ([3.25809646, 1.60943794], "float32"),)),
    Case("inv", "linalg.inv", [A([[0, 2, 1], [1, 1, 0], [3, 0, 1]], "float32")], {},
         ([[-0.199999988, 0.399999976, 0.200000018], [0.200000018, 0.599999964, -0.199999988],
         [0.599999964, -1.19999993, 0.399999976]], "float32")),
    Case("inv_adjoint_batch", "linalg.inv", [A([[[2, -1, 0], [1, 3, 1], [0, 1, 4]], [[0, 2, 1],
         [1, 1, 0], [3, 0, 1]]], "float32")], {"adjoint": True},
         ([[[0.423076928, -0.153846174, 0.0384615436], [0.153846174, 0.307692349, -0.0769230872],
         [-0.0384615436, -0.0769230872, 0.269230783]], [[-0.199999988, 0.199999988, 0.600000024],
         [0.399999976, 0.600000024, -1.20000005], [0.200000003, -0.200000003, 0.400000006]]],
         "float32")),
    Case("solve", "linalg.solve", [A([[0, 2, 1], [1, 1, 0], [3, 0, 1]], "float32"), A([[1, 0],
         [2, 1], [3, -1]], "float32")], {},
         ([[1.20000005, 0.199999973], [0.799999952, 0.799999952], [-0.599999964, -1.5999999]],
         "float32")),
    Case("solve_adjoint", "linalg.solve", [A([[2, -1, 0], [1, 3, 1], [0, 1, 4]], "float32"),
         A([[1, 0], [2, 1], [3, -1]], "float32")], {"adjoint": True},
         ([[0.230769217, -0.192307696], [0.538461566, 0.384615391], [0.615384638, -0.346153855]],
         "float32")),
    Case("solve_batch", "linalg.solve", [A([[[2, -1, 0], [1, 3, 1], [0, 1, 4]], [[0, 2, 1], [1,
         1, 0], [3, 0, 1]]], "float32"), A([[[1, 0], [2, 1], [3, -1]], [[2, 0], [4, 2], [6,
         -2]]], "float32")], {},
         ([[[0.615384638, 0.192307696], [0.230769232, 0.384615391], [0.692307711, -0.346153855]],
         [[2.4000001, 0.399999946], [1.5999999, 1.5999999], [-1.19999993, -3.19999981]]],
         "float32")),
    Case("cholesky", "linalg.cholesky", [A([[4, 2, 0.600000024], [2, 5, 1], [0.600000024, 1, 3]],
         "float32")], {},
         ([[2, 0, 0], [1, 2, 0], [0.300000012, 0.349999994, 1.6695807]], "float32")),
    Case("cholesky_reads_the_lower_triangle", "linalg.cholesky", [A([[4, 9, 9], [2, 5, 9],
         [0.600000024, 1, 3]], "float32")], {},
         ([[2, 0, 0], [1, 2, 0], [0.300000012, 0.349999994, 1.6695807]], "float32")),
    Case("logdet", "linalg.logdet", [A([[4, 2, 0.600000024], [2, 5, 1], [0.600000024, 1, 3]],
         "float32")], {},
         (3.79773378, "float32")),
    Case("triangular_solve_lower", "linalg.triangular_solve", [A([[4, 0, 0], [2, 5, 0],
         [0.600000024, 1, 3]], "float32"), A([[1, 0], [2, 1], [3, -1]], "float32")], {},
         ([[0.25, 0], [0.300000012, 0.200000003], [0.850000024, -0.400000036]], "float32")),
    Case("triangular_solve_upper", "linalg.triangular_solve", [A([[4, 2, 0.600000024], [0, 5, 1],
         [0, 0, 3]], "float32"), A([[1, 0], [2, 1], [3, -1]], "float32")], {"lower": False},
         ([[0, -0.0833333358], [0.200000003, 0.266666681], [1, -0.333333343]], "float32")),
    Case("triangular_solve_adjoint", "linalg.triangular_solve", [A([[4, 0, 0], [2, 5, 0],
         [0.600000024, 1, 3]], "float32"), A([[1, 0], [2, 1], [3, -1]], "float32")],
         {"adjoint": True},
         ([[0, -0.0833333358], [0.200000003, 0.266666681], [1, -0.333333343]], "float32")),
    Case("cholesky_solve", "linalg.cholesky_solve", [A([[2, 0, 0], [1, 2, 0], [0.300000012,
         0.349999994, 1.66958082]], "float32"), A([[1, 0], [2, 1], [3, -1]], "float32")], {},
         ([[0.00448431075, -0.0986547098], [0.212556094, 0.323766798], [0.928250909,
         -0.421524584]], "float32")),
]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("case", [c.param() for c in CASES])
def test_matches_tensorflow(case, mode):
    check(case, mode, rtol=1e-5)


@pytest.mark.parametrize("function", [ag.linalg.inv, ag.linalg.solve])
def test_a_singular_matrix_is_an_error_as_in_tensorflow(function):
    # TensorFlow: "Input matrix is not invertible." (InvalidArgumentError).
    args = ([[1.0, 2.0], [2.0, 4.0]],) + (([[1.0], [1.0]],) if function is ag.linalg.solve else ())
    with pytest.raises(ag.errors.InvalidArgumentError, match="the matrix is not invertible"):
        function(*args)


def test_a_singular_matrix_fails_when_the_graph_runs():
    inverse = ag.function(ag.linalg.inv)
    np.testing.assert_allclose(inverse(ag.constant([[2.0, 0.0], [0.0, 4.0]])).numpy(),
                               [[0.5, 0.0], [0.0, 0.25]])
    with pytest.raises(ag.errors.InvalidArgumentError, match="not invertible"):
        inverse(ag.constant([[1.0, 2.0], [2.0, 4.0]]))


def test_cholesky_of_an_indefinite_matrix_is_an_error():
    # A deliberate difference: TensorFlow 2.21's CPU kernel returns nan here, silently.
    with pytest.raises(ag.errors.InvalidArgumentError, match="not symmetric positive definite"):
        ag.linalg.cholesky([[1.0, 2.0], [2.0, 1.0]])


def test_factorisations_need_square_float_matrices_of_known_size():
    with pytest.raises(ValueError, match=r"square matrices of known size .* got shape \(2, 3\)"):
        ag.linalg.det(ag.ones([2, 3]))
    with pytest.raises(TypeError, match="takes float matrices, got int32"):
        ag.linalg.inv([[1, 0], [0, 1]])
    with pytest.raises(ValueError, match=r"rhs must have shape \[\.\.\., 2, K\]"):
        ag.linalg.solve([[1.0, 0.0], [0.0, 1.0]], [1.0, 2.0])
