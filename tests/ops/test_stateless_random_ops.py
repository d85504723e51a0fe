"""`ag.random.stateless_*`: the output is a function of (seed, shape, dtype) only.

TensorFlow 2.21 draws other numbers for the same seed (its Philox stream is laid out otherwise;
a deliberate difference): these tests check what TensorFlow promises instead, with its
messages for bad arguments: equal seeds repeat, in functions too; other seeds differ; shapes,
dtypes, bounds and distributions.
"""

import numpy as np
import numpy.testing as npt
import pytest

import autograph as ag

random = ag.random


@pytest.mark.parametrize("draw", [
    lambda seed: random.stateless_uniform([50], seed=seed),
    lambda seed: random.stateless_normal([50], seed=seed, mean=1.0, stddev=2.0),
    lambda seed: random.stateless_truncated_normal([50], seed=seed),
    lambda seed: random.stateless_uniform([50], seed=seed, minval=-3, maxval=9, dtype=ag.int64),
    lambda seed: random.stateless_uniform([50], seed=seed, minval=None, maxval=None,
                                          dtype=ag.uint32),
])
def test_equal_seeds_repeat_and_other_seeds_differ(draw):
    first, again, other = draw([1, 2]), draw(ag.constant([1, 2], ag.int64)), draw([2, 1])
    npt.assert_array_equal(first.numpy(), again.numpy())
    assert not np.array_equal(first.numpy(), other.numpy())


def test_a_function_draws_what_eager_code_draws_for_the_seed():
    f = ag.function(lambda seed: random.stateless_normal([3, 2], seed=seed), autograph=False)
    npt.assert_array_equal(f(ag.constant([3, 4])).numpy(),
                           random.stateless_normal([3, 2], seed=[3, 4]).numpy())
    npt.assert_array_equal(f(ag.constant([3, 4])).numpy(), f(ag.constant([3, 4])).numpy())


def test_shapes_dtypes_and_bounds():
    u = random.stateless_uniform([2, 3], seed=[1, 2], minval=5.0, maxval=6.0)
    assert u.shape == (2, 3) and u.dtype == ag.float32
    assert ((u.numpy() >= 5.0) & (u.numpy() < 6.0)).all()
    ints = random.stateless_uniform([1000], seed=[1, 2], minval=0, maxval=10, dtype=ag.int32)
    assert ints.dtype == ag.int32 and set(ints.numpy().tolist()) == set(range(10))
    assert random.stateless_uniform([3], seed=[1, 2], dtype=ag.float64).dtype == ag.float64


def test_distributions_have_their_moments():
    normal = random.stateless_normal([20000], seed=[5, 6], mean=1.0, stddev=2.0).numpy()
    npt.assert_allclose([normal.mean(), normal.std()], [1.0, 2.0], atol=0.05)
    truncated = random.stateless_truncated_normal([20000], seed=[5, 6]).numpy()
    assert np.abs(truncated).max() <= 2.0
    npt.assert_allclose(truncated.std(), 0.8796, atol=0.02)  # the truncated normal's
    uniform = random.stateless_uniform([20000], seed=[5, 6]).numpy()
    npt.assert_allclose(uniform.mean(), 0.5, atol=0.01)


@pytest.mark.parametrize("call, error, message", [
    (lambda: random.stateless_uniform([3], seed=[1, 2], dtype=ag.int32), ValueError,
     r"For integer `dtype` argument <dtype: 'int32'>, argument `minval` and `maxval` must be "
     r"both None or not None. Got `minval`=0 and `maxval`=None."),
    (lambda: random.stateless_uniform([3], seed=[1, 2, 3]), ag.errors.InvalidArgumentError,
     r"seed must have shape \[2\], not \[3\]"),
    (lambda: random.stateless_uniform([3], seed=[1.0, 2.0]), TypeError, "seed must be"),
])
def test_bad_arguments_are_refused_with_tensorflows_messages(call, error, message):
    with pytest.raises(error, match=message):
        call()
