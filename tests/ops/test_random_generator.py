"""`ag.random.Generator`: a sequence that depends only on its seed, drawn eagerly and in
functions, split into independent generators, and saved in checkpoints under TensorFlow's
key. Its numbers are not TensorFlow's for the same seed (see the stateless functions); these
tests check what TensorFlow promises."""

import numpy as np
import numpy.testing as npt
import pytest

import autograph as ag

Generator = ag.random.Generator


def test_a_seed_gives_the_same_sequence_and_each_draw_is_new():
    g, h = Generator.from_seed(1), Generator.from_seed(1)
    first, second = g.normal([3]), g.normal([3])
    npt.assert_array_equal(first.numpy(), h.normal([3]).numpy())
    npt.assert_array_equal(second.numpy(), h.normal([3]).numpy())
    assert not np.array_equal(first.numpy(), second.numpy())
    assert not np.array_equal(first.numpy(), Generator.from_seed(2).normal([3]).numpy())


def test_reset_from_seed_starts_the_sequence_again():
    g = Generator.from_seed(7)
    first = g.uniform([4]).numpy()
    g.normal([2])
    g.reset_from_seed(7)
    npt.assert_array_equal(g.uniform([4]).numpy(), first)


def test_draws_in_a_function_advance_the_state_on_every_call():
    g, h = Generator.from_seed(3), Generator.from_seed(3)

    @ag.function
    def draw():
        return g.normal([2])
    npt.assert_array_equal(draw().numpy(), h.normal([2]).numpy())
    npt.assert_array_equal(draw().numpy(), h.normal([2]).numpy())
    npt.assert_array_equal(g.state.numpy(), h.state.numpy())


def test_uniform_integers_truncated_normal_and_full_range():
    g = Generator.from_seed(11)
    ints = g.uniform([500], minval=0, maxval=10, dtype=ag.int32)
    assert ints.dtype == ag.int32 and set(ints.numpy().tolist()) == set(range(10))
    assert np.abs(g.truncated_normal([1000]).numpy()).max() <= 2.0
    assert g.uniform_full_int([3]).dtype == ag.uint64
    assert g.make_seeds(4).shape == (2, 4) and g.make_seeds().dtype == ag.int64
    with pytest.raises(ValueError, match="maxval must be given"):
        g.uniform([2], dtype=ag.int32)


def test_split_generators_are_independent_and_repeatable():
    a1, b1 = Generator.from_seed(5).split(2)
    a2, _ = Generator.from_seed(5).split(2)
    npt.assert_array_equal(a1.normal([4]).numpy(), a2.normal([4]).numpy())
    assert not np.array_equal(Generator.from_seed(5).split(2)[0].normal([4]).numpy(),
                              b1.normal([4]).numpy())


def test_a_checkpoint_saves_and_restores_the_state(tmp_path):
    g = Generator.from_seed(9)
    g.normal([2])
    checkpoint = ag.train.Checkpoint(generator=g)
    path = checkpoint.write(str(tmp_path / "ckpt"))
    assert ("generator/_state_var/.ATTRIBUTES/VARIABLE_VALUE", [3]) in \
        ag.train.list_variables(path)  # TensorFlow's key
    next_draw = g.normal([2]).numpy()
    checkpoint.restore(path)
    npt.assert_array_equal(g.normal([2]).numpy(), next_draw)


def test_the_global_generator_can_be_replaced():
    previous = ag.random.get_global_generator()
    try:
        mine = Generator.from_seed(1)
        ag.random.set_global_generator(mine)
        assert ag.random.get_global_generator() is mine
    finally:
        ag.random.set_global_generator(previous)


def test_a_state_of_the_wrong_size_is_refused():
    with pytest.raises(ValueError, match="3 int64 values"):
        Generator(state=[1, 2])
