"""Gradients of math ops in the forms the recorded cases leave out: a cast to complex, matmuls
with their first operand transposed, a mean of an input of unknown size in a graph, and the
message for reduction axes known only at run time. Expected values are TensorFlow 2.21's
answers (the mean's is the output gradient shared over the rows, worked out by hand)."""

import numpy as np
import numpy.testing as npt
import pytest

import autograph as ag

A = np.arange(6, dtype=np.float32).reshape(3, 2)
B = np.arange(12, dtype=np.float32).reshape(3, 4)
W = np.arange(8, dtype=np.float32).reshape(2, 4)


def test_the_gradient_of_a_float_cast_to_complex_is_the_real_part():
    x = ag.constant(2.0)
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = ag.math.real(ag.cast(x, ag.complex64) * ag.constant(1 + 2j, ag.complex64))
    assert float(tape.gradient(y, x)) == 1.0


@pytest.mark.parametrize("product", [
    lambda a, b: ag.matmul(a, b, transpose_a=True),
    lambda a, b: ag.matmul(a[None], b[None], adjoint_a=True)[0],
])
def test_matmul_gradients_with_the_first_operand_transposed(product):
    a, b = ag.constant(A), ag.constant(B)
    with ag.GradientTape(persistent=True) as tape:
        tape.watch([a, b])
        y = ag.reduce_sum(product(a, b) * W)
    npt.assert_array_equal(tape.gradient(y, a).numpy(), [[14, 38], [38, 126], [62, 214]])
    npt.assert_array_equal(tape.gradient(y, b).numpy(),
                           [[4, 5, 6, 7], [12, 17, 22, 27], [20, 29, 38, 47]])


def test_a_mean_over_rows_of_unknown_number_shares_the_gradient_among_them():
    with ag.Graph().as_default() as graph:
        x = ag.placeholder(ag.float32, [None, 3])
        (grad,) = ag.gradients(ag.reduce_mean(x, axis=0), [x],
                               grad_ys=ag.constant([1.0, 2.0, 3.0]))
    value = ag.Session(graph=graph).run(grad, {x: np.zeros((2, 3), np.float32)})
    npt.assert_array_equal(value, [[0.5, 1.0, 1.5], [0.5, 1.0, 1.5]])


def test_the_gradient_of_a_reduction_over_axes_fed_when_the_graph_runs():
    # TensorFlow 2.21: ones of x's shape, [[1, 1, 1], [1, 1, 1]]
    with ag.Graph().as_default():
        x = ag.placeholder(ag.float32, [None, 3])
        axes = ag.placeholder(ag.int32, [1])
        (gradient,) = ag.gradients(ag.reduce_sum(x, axis=axes), [x])
        with ag.compat.v1.Session() as session:
            value = session.run(gradient, {x: [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], axes: [1]})
    npt.assert_array_equal(value, np.ones((2, 3)))


def test_the_gradient_of_a_matmul_of_both_operands_transposed():
    # TensorFlow 2.21's answers
    x = ag.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    w = ag.constant([[1.0, -1.0], [2.0, 0.5], [0.0, 3.0]])
    with ag.GradientTape(persistent=True) as tape:
        tape.watch([x, w])
        product = ag.linalg.matmul(ag.transpose(x), ag.transpose(w), transpose_a=True,
                                   transpose_b=True)
        y = ag.reduce_sum(product * ag.constant([[1.0, 2.0], [3.0, 4.0]]))
    npt.assert_array_equal(tape.gradient(y, x).numpy(), [[-1.0, 3.0, 6.0], [-1.0, 8.0, 12.0]])
    npt.assert_array_equal(tape.gradient(y, w).numpy(),
                           [[13.0, 18.0], [17.0, 24.0], [21.0, 30.0]])


def test_a_cast_through_an_integer_has_no_gradient():
    x = ag.constant([[1.0, 2.0], [4.0, 5.0]])
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = ag.reduce_sum(ag.cast(ag.cast(x, ag.int32), ag.float32))
    assert tape.gradient(y, x) is None  # TensorFlow 2.21: None



def test_the_exponent_gets_no_gradient_where_the_base_is_not_positive():
    # TensorFlow 2.21: 2.7725887 (4 log 2, from the base 2.0 alone; not NaN from 0 * log 0)
    x, y = ag.constant([-2.0, 0.0, 2.0]), ag.constant(2.0)
    with ag.GradientTape() as tape:
        tape.watch(y)
        z = ag.pow(x, y)
    npt.assert_allclose(tape.gradient(z, y).numpy(), 2.7725887, rtol=1e-6)


def test_gradients_with_respect_to_an_integer_cast_to_float_are_none():
    # TensorFlow 2.21 (tf.gradients in a graph): [None]
    g = ag.Graph()
    with g.as_default():
        x = ag.constant(3)
        assert ag.gradients(ag.cast(x, ag.float32) * 2.0, x) == [None]


def test_a_mean_of_one_element_passes_the_gradient_whole():
    # TensorFlow 2.21: [1.0]
    x = ag.constant([5.0])
    with ag.GradientTape() as tape:
        tape.watch(x)
        m = ag.reduce_mean(x)
    npt.assert_array_equal(tape.gradient(m, x).numpy(), [1.0])


def test_a_mean_over_an_axis_of_one_element_of_unknown_size_passes_the_gradient_whole():
    # TensorFlow 2.21: [[1.0], [1.0]]
    @ag.function(input_signature=[ag.TensorSpec([None, None], ag.float32)])
    def gradient(x):
        with ag.GradientTape() as tape:
            tape.watch(x)
            m = ag.reduce_mean(x, axis=1)
        return tape.gradient(m, x)
    npt.assert_array_equal(gradient(ag.constant([[5.0], [6.0]])).numpy(), [[1.0], [1.0]])


def test_the_gradient_of_a_sum_over_two_axes_fed_when_the_graph_runs():
    # TensorFlow 2.21: 2x
    @ag.function(input_signature=[ag.TensorSpec([None, None, None], ag.float32),
                                  ag.TensorSpec([None], ag.int32)])
    def gradient(x, axes):
        with ag.GradientTape() as tape:
            tape.watch(x)
            s = ag.reduce_sum(x * x, axis=axes)
        return tape.gradient(s, x)
    x = np.arange(6.0, dtype=np.float32).reshape(1, 2, 3)
    npt.assert_array_equal(gradient(ag.constant(x), ag.constant([0, 2])).numpy(), 2 * x)


def test_the_second_derivative_of_a_power_through_a_non_positive_base_is_zero():
    # TensorFlow 2.21: [0.0, 0.0, 4.7725887] (d/dx of dz/dy; no NaN at x = 0)
    x, y = ag.constant([-2.0, 0.0, 2.0]), ag.constant(2.0)
    with ag.GradientTape() as outer:
        outer.watch([x, y])
        with ag.GradientTape() as inner:
            inner.watch(y)
            z = ag.pow(x, y)
        dy = inner.gradient(z, y)
    npt.assert_allclose(outer.gradient(dy, x).numpy(), [0.0, 0.0, 4.7725887], rtol=1e-6)


def test_a_gradient_through_check_numerics_is_checked_with_tensorflows_words():
    x = ag.constant([1.0, 2.0])
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = ag.debugging.check_numerics(x, "checked") * np.float32(np.inf)
    # TensorFlow 2.21: "Not a number (NaN) or infinity (Inf) values detected in gradient.
    # b'checked' : Tensor had Inf and NaN values" (its message attr shown as bytes).
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match=r"^Not a number \(NaN\) or infinity \(Inf\) values detected in "
                             r"gradient\. .*checked : Tensor had Inf and NaN values"):
        tape.gradient(y, x, output_gradients=ag.constant([0.0, 1.0]))

