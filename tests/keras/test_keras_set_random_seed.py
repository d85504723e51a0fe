"""`ag.keras.utils.set_random_seed` seeds Python, NumPy and autograph as Keras 3's does, so a
fit with random initial weights, dropout and shuffling runs the same twice."""

import random

import numpy as np
import pytest

import autograph as ag


def _fit_once(seed):
    ag.keras.utils.set_random_seed(seed)
    model = ag.keras.Sequential([ag.keras.Input((4,)), ag.keras.layers.Dense(8, "relu"),
                                 ag.keras.layers.Dropout(0.5), ag.keras.layers.Dense(1)])
    model.compile(optimizer="adam", loss="mse")
    x = np.arange(32, dtype=np.float32).reshape(8, 4) / 32
    model.fit(x, x.sum(axis=1), batch_size=2, epochs=2, verbose=0)  # shuffled each epoch
    return model.get_weights()


def test_the_same_seed_fits_the_same_weights_and_another_seed_does_not():
    first, again, other = _fit_once(1), _fit_once(1), _fit_once(2)
    assert all(np.array_equal(a, b) for a, b in zip(first, again))
    assert not np.array_equal(first[0], other[0])


def test_seeds_pythons_random_numpys_generator_and_the_global_seed():
    ag.keras.utils.set_random_seed(5)
    drawn = (random.random(), np.random.rand(), ag.random.uniform(()).numpy())
    assert drawn[0] == random.Random(5).random()
    assert drawn[1] == np.random.RandomState(5).rand()
    ag.random.set_seed(5)
    assert ag.random.uniform(()).numpy() == drawn[2]


def test_a_bool_is_an_int_as_in_keras():
    ag.keras.utils.set_random_seed(True)
    assert np.random.rand() == np.random.RandomState(1).rand()


@pytest.mark.parametrize("seed", [1.5, None, "1"])
def test_a_seed_that_is_not_an_int_is_kerass_error(seed):
    # TensorFlow 2.21's tf.keras.utils.set_random_seed(1.5) raises this message.
    with pytest.raises(ValueError, match=r"^Expected `seed` argument to be an integer\. "
                                         rf"Received: seed={seed} \(of type {type(seed)}\)$"):
        ag.keras.utils.set_random_seed(seed)
