"""`ag.linalg`'s factorisations and solves give TensorFlow's answers, eagerly and in graphs."""

import numpy as np
import pytest

import autograph as ag
from tests.composed.composed_testing import MODES, A, Case, check

# The inputs, and TensorFlow 2.21's answers to the same calls of tf.linalg.
CASES = [
    Case("det", "linalg.det", [A([[2.0, -1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 4.0]],
         "float32")], {},
         (25.999998, "float32")),
    Case("det_pivoting_batch", "linalg.det", [A([[[2.0, -1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0,
         4.0]], [[0.0, 2.0, 1.0], [1.0, 1.0, 0.0], [3.0, 0.0, 1.0]]], "float32")], {},
         ([25.999998, -5.0], "float32")),
    Case("det_singular", "linalg.det", [A([[1.0, 2.0], [2.0, 4.0]], "float32")], {},
         (-0.0, "float32")),
    Case("det_float64", "linalg.det", [A([[0.001, 2.0], [3.0, 4.0]], "float64")], {},
         (-5.9959999999999996, "float64")),
    Case("slogdet", "linalg.slogdet", [A([[[2.0, -1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 4.0]],
         [[0.0, 2.0, 1.0], [1.0, 1.0, 0.0], [3.0, 0.0, 1.0]]], "float32")], {},
         (([1.0, -1.0], "float32"), ([3.2580965, 1.609438], "float32"),)),
    Case("inv", "linalg.inv", [A([[0.0, 2.0, 1.0], [1.0, 1.0, 0.0], [3.0, 0.0, 1.0]],
         "float32")], {},
         ([[-0.19999999, 0.39999998, 0.20000002], [0.20000002, 0.59999996, -0.19999999],
         [0.59999996, -1.1999999, 0.39999998]], "float32")),
    Case("inv_adjoint_batch", "linalg.inv", [A([[[2.0, -1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0,
         4.0]], [[0.0, 2.0, 1.0], [1.0, 1.0, 0.0], [3.0, 0.0, 1.0]]], "float32")],
         {"adjoint": True},
         ([[[0.42307693, -0.15384617, 0.038461544], [0.15384617, 0.30769235, -0.07692309],
         [-0.038461544, -0.07692309, 0.26923078]], [[-0.19999999, 0.19999999, 0.6], [0.39999998,
         0.6, -1.2], [0.2, -0.2, 0.4]]], "float32")),
    Case("solve", "linalg.solve", [A([[0.0, 2.0, 1.0], [1.0, 1.0, 0.0], [3.0, 0.0, 1.0]],
         "float32"), A([[1.0, 0.0], [2.0, 1.0], [3.0, -1.0]], "float32")], {},
         ([[1.2, 0.19999997], [0.79999995, 0.79999995], [-0.59999996, -1.5999999]], "float32")),
    Case("solve_adjoint", "linalg.solve", [A([[2.0, -1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0,
         4.0]], "float32"), A([[1.0, 0.0], [2.0, 1.0], [3.0, -1.0]], "float32")],
         {"adjoint": True},
         ([[0.23076922, -0.1923077], [0.53846157, 0.3846154], [0.61538464, -0.34615386]],
         "float32")),
    Case("solve_batch", "linalg.solve", [A([[[2.0, -1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 4.0]],
         [[0.0, 2.0, 1.0], [1.0, 1.0, 0.0], [3.0, 0.0, 1.0]]], "float32"), A([[[1.0, 0.0], [2.0,
         1.0], [3.0, -1.0]], [[2.0, 0.0], [4.0, 2.0], [6.0, -2.0]]], "float32")], {},
         ([[[0.61538464, 0.1923077], [0.23076923, 0.3846154], [0.6923077, -0.34615386]], [[2.4,
         0.39999995], [1.5999999, 1.5999999], [-1.1999999, -3.1999998]]], "float32")),
    Case("cholesky", "linalg.cholesky", [A([[4.0, 2.0, 0.6], [2.0, 5.0, 1.0], [0.6, 1.0, 3.0]],
         "float32")], {},
         ([[2.0, 0.0, 0.0], [1.0, 2.0, 0.0], [0.3, 0.35, 1.6695807]], "float32")),
    Case("cholesky_reads_the_lower_triangle", "linalg.cholesky", [A([[4.0, 9.0, 9.0], [2.0, 5.0,
         9.0], [0.6, 1.0, 3.0]], "float32")], {},
         ([[2.0, 0.0, 0.0], [1.0, 2.0, 0.0], [0.3, 0.35, 1.6695807]], "float32")),
    Case("logdet", "linalg.logdet", [A([[4.0, 2.0, 0.6], [2.0, 5.0, 1.0], [0.6, 1.0, 3.0]],
         "float32")], {},
         (3.7977338, "float32")),
    Case("triangular_solve_lower", "linalg.triangular_solve", [A([[4.0, 0.0, 0.0], [2.0, 5.0,
         0.0], [0.6, 1.0, 3.0]], "float32"), A([[1.0, 0.0], [2.0, 1.0], [3.0, -1.0]],
         "float32")], {},
         ([[0.25, 0.0], [0.3, 0.2], [0.85, -0.40000004]], "float32")),
    Case("triangular_solve_upper", "linalg.triangular_solve", [A([[4.0, 2.0, 0.6], [0.0, 5.0,
         1.0], [0.0, 0.0, 3.0]], "float32"), A([[1.0, 0.0], [2.0, 1.0], [3.0, -1.0]],
         "float32")], {"lower": False},
         ([[0.0, -0.083333336], [0.2, 0.26666668], [1.0, -0.33333334]], "float32")),
    Case("triangular_solve_adjoint", "linalg.triangular_solve", [A([[4.0, 0.0, 0.0], [2.0, 5.0,
         0.0], [0.6, 1.0, 3.0]], "float32"), A([[1.0, 0.0], [2.0, 1.0], [3.0, -1.0]],
         "float32")], {"adjoint": True},
         ([[0.0, -0.083333336], [0.2, 0.26666668], [1.0, -0.33333334]], "float32")),
    Case("cholesky_solve", "linalg.cholesky_solve", [A([[2.0, 0.0, 0.0], [1.0, 2.0, 0.0], [0.3,
         0.35, 1.6695808]], "float32"), A([[1.0, 0.0], [2.0, 1.0], [3.0, -1.0]], "float32")], {},
         ([[0.0044843107, -0.09865471], [0.2125561, 0.3237668], [0.9282509, -0.42152458]],
         "float32")),
]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("case", [c.param() for c in CASES])
def test_matches_tensorflow(case, mode):
    check(case, mode, rtol=1e-5)


@pytest.mark.parametrize("function", [ag.linalg.inv, ag.linalg.solve])
def test_a_singular_matrix_is_an_error_as_in_tensorflow(function):
    # Recorded from TensorFlow 2.21: InvalidArgumentError, "Input is not invertible." (inv)
    # and "Input matrix is not invertible." (solve).
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
