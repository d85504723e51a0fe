"""RandomGamma's gradient (implicit reparameterisation) and the RandomGammaGrad op, checked
against TensorFlow 2.21's numbers: `tf.raw_ops.RandomGammaGrad` on the same (alpha, sample)
pairs, since the draws themselves differ, and the tape's gradient of `tf.random.gamma`, which
TensorFlow gives as sum over the sample dimensions of grad * RandomGammaGrad(alpha, sample)."""

import numpy as np
import numpy.testing as npt
import pytest

import autograph as ag
from autograph.runtime.eager.dispatch import op_handle

_gamma_grad = op_handle("RandomGammaGrad")
ALPHA = np.array([0.1, 1.0, 2.5, 10.0, 50.0])
SAMPLE = np.array([0.05, 0.7, 2.0, 12.0])
# tf.raw_ops.RandomGammaGrad(alpha=ALPHA[:, None], sample=SAMPLE[None, :]) in float64
TENSORFLOW_FLOAT64 = np.array([
    [1.3672830678368921e+00, 5.9151735047991769e+00, 8.4956492274268651e+00,
     1.2133553516093905e+01],
    [1.7591374110815516e-01, 9.7321874099238803e-01, 1.6316914623496996e+00,
     3.1394484478284514e+00],
    [8.3245286203182625e-02, 5.2633279199687055e-01, 9.5346270291861690e-01,
     2.1104815201820002e+00],
    [2.6861549113061312e-02, 2.0285239344328693e-01, 4.0853422166959580e-01,
     1.1123294430180879e+00],
    [6.9245298147505401e-03, 6.0738565499319677e-02, 1.3445422490227876e-01,
     4.5207593115727257e-01]])
# and in float32: 0 where x^alpha e^-x / Gamma(alpha) is below float32's smallest normal
TENSORFLOW_FLOAT32 = np.array([
    [1.367283, 5.915174, 8.4956455, 12.133555],
    [0.17591374, 0.9732186, 1.6316917, 3.1394491],
    [0.08324529, 0.5263328, 0.95346296, 2.1104813],
    [0.026861554, 0.2028524, 0.4085343, 1.1123295],
    [0.0, 0.0, 0.0, 0.45207587]], np.float32)


def test_random_gamma_grad_is_tensorflows_in_float64():
    got = _gamma_grad.run([ALPHA[:, None], SAMPLE[None, :]]).numpy()
    npt.assert_allclose(got, TENSORFLOW_FLOAT64, rtol=1e-12)


def test_random_gamma_grad_is_tensorflows_in_float32_with_its_underflow_zeros():
    got = _gamma_grad.run([ALPHA[:, None].astype(np.float32),
                           SAMPLE[None, :].astype(np.float32)]).numpy()
    assert got.dtype == np.float32
    npt.assert_allclose(got, TENSORFLOW_FLOAT32, rtol=2e-6)


def test_random_gamma_grad_gives_tensorflows_zeros_and_nans_at_the_edges():
    # TensorFlow: [0, -0, 3.5000168562459925e-29, nan, nan, nan]; and in float32 -0 where the
    # right tail underflows, 0 for a subnormal sample.
    got = _gamma_grad.run([np.array([1.0, 1.0, 2.0, 0.0, -1.0, np.nan]),
                           np.array([0.0, np.inf, 1e-30, 1.0, 1.0, 1.0])]).numpy()
    npt.assert_allclose(got, [0.0, -0.0, 3.5000168562459925e-29, np.nan, np.nan, np.nan],
                        rtol=1e-12)
    assert np.signbit(got[1])
    tails = _gamma_grad.run([np.array([1.0, 0.5, 2.0], np.float32),
                             np.array([100.0, 700.0, 1e-39], np.float32)]).numpy()
    npt.assert_array_equal(np.signbit(tails), [True, True, False])
    npt.assert_array_equal(tails, [0.0, 0.0, 0.0])


def test_random_gamma_grad_is_zero_from_where_tensorflows_float32_flushes_to_zero():
    # TensorFlow 2.21, float32: 0 for alpha 50 up to x = 3.3594 (nonzero from 3.35945), -0
    # for alpha 1 from x = 91.857 (nonzero up to 91.856); float64 has no zero there.
    alpha = np.array([50.0, 50.0, 1.0, 1.0], np.float32)
    sample = np.array([3.3594, 3.35945, 91.856, 91.857], np.float32)
    got = _gamma_grad.run([alpha, sample]).numpy()
    assert got[0] == 0 and got[1] > 0 and got[2] > 0 and got[3] == 0 and np.signbit(got[3])
    assert np.all(_gamma_grad.run([alpha.astype(np.float64), sample.astype(np.float64)])
                  .numpy() > 0)


def test_random_gamma_grad_at_zero_one_and_infinity_is_tensorflows():
    # TensorFlow 2.21: 0 at x = 0 whatever alpha, nan for alpha <= 0 or x < 0 otherwise,
    # and at x = 1, where the series gives way to the continued fraction, these values.
    got = _gamma_grad.run([np.array([0.0, -1.0, 0.0, 0.5, 0.0]),
                           np.array([0.0, 0.0, np.inf, -1.0, 1.0])]).numpy()
    npt.assert_array_equal(got, [0.0, 0.0, np.nan, np.nan, np.nan])
    at_one = _gamma_grad.run([np.array([0.1, 0.5, 1.0, 2.5, 10.0, 50.0]), np.ones(6)]).numpy()
    npt.assert_allclose(at_one, [6.790083413327747, 1.87824728173252, 1.1735630272247275,
                                 0.6507938596862822, 0.2594585362979024, 0.08001596549522869],
                        rtol=1e-12)


def test_random_gamma_grad_broadcasts_and_refuses_what_tensorflow_refuses():
    got = _gamma_grad.run([np.array([[1.0], [2.0]]), np.array([0.5, 1.5, 3.0])]).numpy()
    npt.assert_allclose(got, [[0.806979116825318, 1.4309374423012804, 1.9379116938249585],
                              [0.4980267179922236, 0.9366390678772176, 1.3217985181779608]],
                        rtol=1e-12)
    with pytest.raises((TypeError, ag.errors.InvalidArgumentError), match="half|float16"):
        _gamma_grad.run([np.array([1.0], np.float16), np.array([1.0], np.float16)])
    with pytest.raises((ValueError, ag.errors.InvalidArgumentError)):
        _gamma_grad.run([np.array([1.0, 2.0]), np.array([1.0, 2.0, 3.0])])


def test_gamma_gradient_sums_the_sample_derivatives_over_sample_dimensions():
    alpha = ag.constant([0.5, 2.0, 7.0], ag.float64)
    with ag.GradientTape() as tape:
        tape.watch(alpha)
        samples = ag.random.gamma([4], alpha, seed=3, dtype=ag.float64)
        loss = ag.reduce_sum(samples * samples)
    partial = _gamma_grad.run([alpha.numpy()[None], samples.numpy()]).numpy()
    npt.assert_allclose(tape.gradient(loss, alpha).numpy(),
                        np.sum(2 * samples.numpy() * partial, axis=0), rtol=1e-12)


def test_gamma_gradient_with_beta_reaches_alpha_and_beta():
    # TensorFlow divides the draws by beta, so d/dbeta of sum(samples) is -sum(samples) / beta.
    alpha, beta = ag.constant([0.5, 2.0], ag.float64), ag.constant([1.5], ag.float64)
    with ag.GradientTape(persistent=True) as tape:
        tape.watch([alpha, beta])
        samples = ag.random.gamma([2, 3], alpha, beta=beta, seed=4, dtype=ag.float64)
        total = ag.reduce_sum(samples)
    unscaled = samples.numpy() * 1.5
    partial = _gamma_grad.run([alpha.numpy()[None, None], unscaled]).numpy()
    npt.assert_allclose(tape.gradient(total, alpha).numpy(),
                        np.sum(partial, axis=(0, 1)) / 1.5, rtol=1e-12)
    npt.assert_allclose(tape.gradient(total, beta).numpy(), [-samples.numpy().sum() / 1.5],
                        rtol=1e-12)


def test_gamma_gradient_in_a_function_keeps_alphas_static_shape():
    traced_shapes = []

    @ag.function
    def gradient_and_samples(alpha):
        with ag.GradientTape() as tape:
            tape.watch(alpha)
            samples = ag.random.gamma([3, 2], alpha, seed=5)
        gradient = tape.gradient(samples, alpha)
        traced_shapes.append(gradient.shape.as_list())
        return gradient, samples

    alpha = np.array([[1.0], [4.0]], np.float32)
    gradient, samples = gradient_and_samples(ag.constant(alpha))
    assert traced_shapes == [[2, 1]] and gradient.shape == (2, 1)
    partial = _gamma_grad.run([alpha[None, None], samples.numpy()]).numpy()
    npt.assert_allclose(gradient.numpy(), partial.sum(axis=(0, 1)), rtol=1e-5)


def test_gamma_gradient_with_a_shape_of_unknown_length():
    @ag.function(input_signature=[ag.TensorSpec([None], ag.int32),
                                  ag.TensorSpec([2], ag.float32)])
    def gradient_and_samples(shape, alpha):
        with ag.GradientTape() as tape:
            tape.watch(alpha)
            samples = ag.random.gamma(shape, alpha, seed=6)
        return tape.gradient(samples, alpha), samples

    alpha = np.array([1.0, 4.0], np.float32)
    gradient, samples = gradient_and_samples(ag.constant([3, 2]), ag.constant(alpha))
    assert samples.shape == (3, 2, 2)
    partial = _gamma_grad.run([alpha[None, None], samples.numpy()]).numpy()
    npt.assert_allclose(gradient.numpy(), partial.sum(axis=(0, 1)), rtol=1e-5)
