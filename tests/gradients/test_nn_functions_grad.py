"""The gradients of the `ag.nn`, `ag.math` and clipping functions training uses, checked
against central differences (`ag.test.compute_gradient`, in float64) away from their kinks."""

import numpy as np
import pytest

import autograph as ag

_X = np.array([[-1.7, -0.4, 0.3], [0.8, 1.9, -2.6]])  # no element at a kink (0, 6, ±1)
_LABELS = np.array([[0.2, 0.5, 0.3], [1.0, 0.0, 0.0]])
_BINARY = np.array([[1.0, 0.0, 1.0], [0.0, 0.0, 1.0]])

CASES = {
    "relu": lambda x: ag.nn.relu(x),
    "relu6": lambda x: ag.nn.relu6(x * 4.0),
    "leaky_relu": lambda x: ag.nn.leaky_relu(x, alpha=0.1),
    "elu": lambda x: ag.nn.elu(x),
    "gelu": lambda x: ag.nn.gelu(x),
    "gelu_approximate": lambda x: ag.nn.gelu(x, approximate=True),
    "sigmoid": lambda x: ag.nn.sigmoid(x),
    "softplus": lambda x: ag.nn.softplus(x),
    "softmax": lambda x: ag.nn.softmax(x),
    "log_softmax": lambda x: ag.nn.log_softmax(x),
    "softmax_cross_entropy": lambda x: ag.nn.softmax_cross_entropy_with_logits(
        labels=ag.constant(_LABELS), logits=x),
    "sparse_softmax_cross_entropy": lambda x: ag.nn.sparse_softmax_cross_entropy_with_logits(
        labels=ag.constant([2, 0]), logits=x),
    "sigmoid_cross_entropy": lambda x: ag.nn.sigmoid_cross_entropy_with_logits(
        labels=ag.constant(_BINARY), logits=x),
    "l2_loss": lambda x: ag.nn.l2_loss(x),
    "bias_add": lambda x: ag.nn.bias_add(x, ag.constant([0.5, -1.0, 2.0], ag.float64)),
    "dropout": lambda x: ag.nn.dropout(x, rate=0.5, seed=7),
    "reduce_logsumexp": lambda x: ag.math.reduce_logsumexp(x, axis=1),
    "clip_by_norm": lambda x: ag.clip_by_norm(x, 2.0),
    "clip_by_global_norm": lambda x: ag.clip_by_global_norm([x, x * 2.0], 3.0)[0][1],
    "conv2d": lambda x: ag.nn.conv2d(ag.reshape(x, [1, 2, 3, 1]),
                                     ag.constant(np.arange(4.0).reshape(2, 2, 1, 1) - 1.5),
                                     strides=1, padding="SAME"),
    "max_pool2d": lambda x: ag.nn.max_pool2d(ag.reshape(x, [1, 2, 3, 1]), 2, 1, "VALID"),
    "avg_pool2d": lambda x: ag.nn.avg_pool2d(ag.reshape(x, [1, 2, 3, 1]), 2, 1, "SAME"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_gradient_matches_central_differences(name):
    if name == "dropout":  # the same mask for every evaluation: a fixed global seed
        ag.random.set_seed(1)
        def f(x):
            ag.random.set_seed(1)
            return CASES[name](x)
    else:
        f = CASES[name]
    theoretical, numerical = ag.test.compute_gradient(f, [ag.constant(_X)])
    assert ag.test.max_error(theoretical, numerical) < 1e-6
    assert np.abs(theoretical[0]).max() > 0  # not a vacuous check


def test_sigmoid_cross_entropy_gradient_at_a_zero_logit_is_tensorflows():
    x = ag.constant([0.0, 0.0, 2.0, -3.0])
    with ag.GradientTape() as tape:
        tape.watch(x)
        loss = ag.reduce_sum(ag.nn.sigmoid_cross_entropy_with_logits(
            labels=ag.constant([1.0, 0.0, 0.3, 1.0]), logits=x))
    # recorded from TensorFlow 2.21: sigmoid(x) - z, also at x = 0
    np.testing.assert_allclose(tape.gradient(loss, x),
                               [-0.5, 0.5, 0.5807970762252808, -0.9525741338729858], rtol=1e-6)
