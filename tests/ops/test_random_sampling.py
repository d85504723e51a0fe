"""`ag.random.categorical`, `shuffle`, `gamma`, `poisson`: TensorFlow 2.21's shapes, dtypes
and errors (its draws are other numbers), seeded repeats and the distributions' means."""

import numpy.testing as npt
import pytest

import autograph as ag

random = ag.random


@pytest.mark.parametrize("call, dtype, shape", [  # TensorFlow 2.21's answers
    (lambda: random.categorical(ag.math.log([[0.5, 0.5], [0.1, 0.9]]), 5), ag.int64, [2, 5]),
    (lambda: random.categorical([[0.0, 0.0]], 3, dtype=ag.int32), ag.int32, [1, 3]),
    (lambda: random.shuffle(ag.reshape(ag.range(6), [3, 2])), ag.int32, [3, 2]),
    (lambda: random.gamma([4], alpha=[0.5, 1.5]), ag.float32, [4, 2]),
    (lambda: random.gamma([4, 2], alpha=2.0, beta=[1.0, 2.0]), ag.float32, [4, 2, 2]),
    (lambda: random.poisson([3], lam=[1.0, 5.0]), ag.float32, [3, 2]),
    (lambda: random.poisson([3], lam=2.0, dtype=ag.int32), ag.int32, [3]),
    (lambda: random.shuffle(ag.constant(3)), ag.int32, []),
])
def test_shapes_and_dtypes_are_tensorflows(call, dtype, shape):
    result = call()
    assert result.dtype == dtype and result.shape.as_list() == shape


def test_categorical_needs_a_matrix_of_logits():
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match=r"logits should be a matrix, got shape \[2\]"):
        random.categorical([0.0, 0.0], 3)


def test_seeds_repeat_the_draws():
    draws = []
    for _ in range(2):
        random.set_seed(7)
        draws.append([random.categorical([[0.0, 1.0]], 8).numpy(),
                      random.shuffle(ag.range(10)).numpy(),
                      random.gamma([5], 2.0).numpy(), random.poisson([5], 3.0).numpy()])
    for first, second in zip(*draws):
        npt.assert_array_equal(first, second)


def test_the_draws_follow_their_distributions():
    random.set_seed(11)
    classes = random.categorical(ag.math.log([[0.1, 0.9]]), 20000).numpy()
    npt.assert_allclose(classes.mean(), 0.9, atol=0.01)
    npt.assert_allclose(random.gamma([20000], 3.0, beta=2.0).numpy().mean(), 1.5, atol=0.03)
    npt.assert_allclose(random.poisson([20000], 4.0).numpy().mean(), 4.0, atol=0.05)
    assert sorted(random.shuffle(ag.range(50)).numpy().tolist()) == list(range(50))
