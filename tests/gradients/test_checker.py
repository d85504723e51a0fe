"""The gradient checker (`ag.test.compute_gradient`, `max_error`): Jacobians against analytic
ones and against TensorFlow 2.21's `tf.test.compute_gradient` on the same programs."""

import re

import numpy as np
import numpy.testing as npt
import pytest

import autograph as ag

X = np.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]])
Y = np.array([[0.3, -0.2], [1.1, 0.7], [-0.4, 0.9]])


def test_jacobians_of_a_matmul_are_the_analytic_ones():
    theoretical, numerical = ag.test.compute_gradient(ag.matmul, [X, Y])
    # y[i, k] = sum_j x[i, j] w[j, k]; rows index y, columns index x (or w), flattened.
    dy_dx = np.einsum("ia,jk->ikaj", np.eye(2), Y).reshape(4, 6)
    dy_dw = np.einsum("ij,kb->ikjb", X, np.eye(2)).reshape(4, 6)
    for got in (theoretical, numerical):
        npt.assert_allclose(got[0], dy_dx, atol=1e-12)
        npt.assert_allclose(got[1], dy_dw, atol=1e-12)


def _tf_case(a, b):
    return ag.matmul(a, ag.sin(b)) / (1.0 + ag.reduce_sum(a * a, axis=1, keepdims=True))


def test_jacobians_match_tensorflow():
    theoretical, numerical = ag.test.compute_gradient(_tf_case, [X, Y])
    # tf.test.compute_gradient(lambda a, b: tf.matmul(a, tf.sin(b)) / (1.0 + tf.reduce_sum(
    #     a * a, axis=1, keepdims=True)), [X, Y]) with the same float64 X and Y
    tf_theoretical_x = [
        [0.08625370196432483, 0.06465223981280868, 0.09357494082465792, 0, 0, 0],
        [-0.05285849047267527, 0.14521762504896152, 0.04104671535853543, 0, 0, 0],
        [0, 0, 0, -0.11516649619339041, 0.19808403358958643, -0.00478016841375144],
        [0, 0, 0, 0.09346867765947026, 0.19037275613555504, 0.12977978871347848]]
    tf_theoretical_y = [
        [0.07642691913004848, 0, -0.07257537942809238, 0, 0.29473951808092325, 0],
        [0, 0.07840532622729933, 0, -0.12237474996551816, 0, 0.1989151898466126],
        [0.369807673209912, 0, 0.02926426589842434, 0, -0.17826986980701, 0],
        [0, 0.3793806107772548, 0, 0.04934465724416055, 0, -0.12031160676206407]]
    tf_numerical_x = [
        [0.08625368496241492, 0.06465224815421777, 0.09357493931325678, 0, 0, 0],
        [-0.05285848048237085, 0.14521761064142424, 0.04104673799012915, 0, 0, 0],
        [0, 0, 0, -0.11516648656734674, 0.1980839958365408, -0.00478019147674047],
        [0, 0, 0, 0.09346867246205193, 0.19037270636886205, 0.129779793129984]]
    npt.assert_allclose(theoretical[0], tf_theoretical_x, rtol=1e-13, atol=1e-15)
    npt.assert_allclose(theoretical[1], tf_theoretical_y, rtol=1e-13, atol=1e-15)
    npt.assert_allclose(numerical[0], tf_numerical_x, rtol=1e-11, atol=1e-14)
    assert ag.test.max_error(theoretical, numerical) < 1e-6


def test_complex_arguments_count_as_real_and_imaginary_parts():
    theoretical, numerical = ag.test.compute_gradient(lambda z: z * z,
                                                      [np.array([1 + 2j], np.complex128)])
    # TensorFlow: ((array([[ 2., -4.], [ 4.,  2.]]),), (array([[ 2., -4.], [ 4.,  2.]]),))
    npt.assert_allclose(theoretical[0], [[2.0, -4.0], [4.0, 2.0]])
    npt.assert_allclose(numerical[0], [[2.0, -4.0], [4.0, 2.0]], atol=1e-12)


def test_float32_theoretical_jacobian_keeps_the_argument_dtype():
    x = np.array([1.0, 2.0], np.float32)
    theoretical, _ = ag.test.compute_gradient(lambda a: ag.exp(a) / (1.0 + a), [x])
    # TensorFlow: array([[0.67957044, 0.], [0., 1.6420126]], dtype=float32)
    assert theoretical[0].dtype == np.float32
    npt.assert_allclose(theoretical[0], [[0.67957044, 0.0], [0.0, 1.6420126]], rtol=1e-6)


def test_float32_numerical_jacobian_is_computed_in_float64():
    # A deliberate difference: TensorFlow differences in float32 and answers
    # [[0.6795654, 0.], [0., 1.6420898]] (errors up to 8e-5); float64 differences are
    # within the truncation error of the step, 1e-6 here.
    x = np.array([1.0, 2.0], np.float32)
    _, numerical = ag.test.compute_gradient(lambda a: ag.exp(a) / (1.0 + a), [x])
    exact = np.exp([1.0, 2.0]) * np.array([1.0, 2.0]) / np.array([2.0, 3.0]) ** 2
    npt.assert_allclose(np.diag(numerical[0]), exact, rtol=1e-6)


def test_numerical_jacobian_uses_the_argument_dtype_where_f_pins_it():
    two = ag.constant(2.0)  # float32: a float64 argument cannot be multiplied by it

    def f(a):
        return a * two
    theoretical, numerical = ag.test.compute_gradient(f, [np.array([1.0, 3.0], np.float32)])
    npt.assert_allclose(numerical[0], theoretical[0])
    npt.assert_allclose(theoretical[0], 2.0 * np.eye(2))


def test_delta_sets_the_step_of_the_differences():
    _, numerical = ag.test.compute_gradient(lambda a: a * a * a, [np.float64(1.0)], delta=0.5)
    assert numerical[0].tolist() == [[3.25]]  # (1.5 ** 3 - 0.5 ** 3) / 1


@pytest.mark.parametrize("delta", [0.0, -0.5, float("nan")])
def test_a_delta_that_is_not_positive_is_refused(delta):
    with pytest.raises(ValueError, match=re.escape(
            f"compute_gradient: delta must be positive, got {delta}.") + "$"):
        ag.test.compute_gradient(ag.exp, [np.float64(1.0)], delta=delta)


def test_a_wrong_gradient_shows_as_a_large_error():
    @ag.custom_gradient
    def square_with_half_its_gradient(a):
        return a * a, lambda dy: dy * a

    theoretical, numerical = ag.test.compute_gradient(square_with_half_its_gradient,
                                                      [np.array([1.0, 3.0])])
    npt.assert_allclose(numerical[0], np.diag([2.0, 6.0]), atol=1e-9)
    assert ag.test.max_error(theoretical, numerical) == pytest.approx(3.0)


def test_an_empty_result_gives_jacobians_without_rows():
    theoretical, numerical = ag.test.compute_gradient(ag.matmul, [X, np.zeros((3, 0))])
    assert [j.shape for j in theoretical] == [(0, 6), (0, 0)]
    assert [j.shape for j in numerical] == [(0, 6), (0, 0)]


def test_x_must_be_a_list():
    with pytest.raises(ValueError, match=re.escape(
            "compute_gradient: `x` must be a list or tuple of the arguments of `f` (values "
            "convertible to tensors), not a ndarray.") + "$"):
        ag.test.compute_gradient(ag.exp, np.ones(2))


def test_integer_arguments_are_refused():
    with pytest.raises(ValueError, match=re.escape(
            "compute_gradient: argument 1 is a int32 tensor; only floating and complex "
            "arguments can be differentiated. Close over it in `f` instead of passing it in "
            "`x`.") + "$"):
        ag.test.compute_gradient(lambda a, n: a * ag.cast(n, ag.float32), [[1.0], [2]])


def test_f_must_return_one_tensor():
    with pytest.raises(TypeError, match=re.escape(
            "compute_gradient: `f` must return one tensor, got tuple; check each output with a "
            "function of its own.") + "$"):
        ag.test.compute_gradient(lambda a: (a, a), [[1.0]])


def test_f_must_return_a_floating_tensor():
    with pytest.raises(ValueError, match=re.escape(
            "compute_gradient: `f` returned a int32 tensor; only floating and complex results "
            "have gradients.") + "$"):
        ag.test.compute_gradient(lambda a: ag.cast(a, ag.int32), [[1.0]])


def test_compute_gradient_refuses_to_run_while_tracing():
    @ag.function
    def f(a):
        return ag.test.compute_gradient(ag.exp, [a])

    with pytest.raises(RuntimeError, match="outside ag.function"):
        f(ag.constant([1.0]))


def test_max_error_skips_empty_jacobians():
    assert ag.test.max_error([np.zeros((0, 3)), np.ones((1, 1))],
                             [np.zeros((0, 3)), np.full((1, 1), 0.75)]) == 0.25


def test_max_error_refuses_jacobians_of_different_shapes():
    with pytest.raises(ValueError, match=re.escape(
            "max_error: Jacobians of shapes (2, 2) and (2, 3) cannot be compared.") + "$"):
        ag.test.max_error([np.zeros((2, 2))], [np.zeros((2, 3))])


def test_a_gradient_of_the_wrong_shape_is_an_error():
    @ag.custom_gradient
    def total(a):
        return ag.reduce_sum(a), lambda dy: dy  # a scalar, not a's shape

    with pytest.raises(ValueError, match=r"argument 0 has shape \[\], but the argument has "
                                         r"shape \[2\]"):
        ag.test.compute_gradient(total, [np.array([1.0, 2.0])])


def test_a_gradient_of_the_wrong_dtype_is_an_error():
    @ag.custom_gradient
    def double(a):
        return a * 2.0, lambda dy: ag.cast(dy * 2.0, ag.float32)

    with pytest.raises(ValueError, match="argument 0 is a float32 tensor, but the argument "
                                         "is float64"):
        ag.test.compute_gradient(double, [np.array([1.0, 2.0])])


def test_a_nonzero_gradient_of_an_empty_result_is_an_error():
    @ag.custom_gradient
    def emptied(a):
        return a[:0], lambda dy: ag.ones_like(a)  # a gradient from nothing

    with pytest.raises(ValueError, match=re.escape(
            "compute_gradient: `f`'s result is empty, but the gradient of argument 0 is not "
            "zero: [1. 1.].") + "$"):
        ag.test.compute_gradient(emptied, [np.array([1.0, 2.0])])
