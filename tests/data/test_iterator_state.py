"""The state of a dataset iterator that a checkpoint keeps (`runtime/data/iterator_state.py`):
its layout, the shuffles' epochs, and the errors of a state that does not fit."""

import re

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.data.iterator_state import IterationState, ShuffleSeeds, describe, state_of

D = ag.data.Dataset


def _draws(rng):
    return rng.integers(0, 1000, size=4).tolist()


def _expected(seeds, epoch):
    return _draws(np.random.default_rng((seeds[0], seeds[1], epoch)))


def test_each_pass_of_a_reshuffling_shuffle_draws_the_next_epoch():
    shuffle = ShuffleSeeds((3, 9), reshuffle=True)
    assert [_draws(shuffle.next_rng()) for _ in range(3)] == [
        _expected((3, 9), epoch) for epoch in range(3)]


def test_a_shuffle_that_does_not_reshuffle_draws_epoch_zero_each_pass():
    shuffle = ShuffleSeeds((3, 9), reshuffle=False)
    assert [_draws(shuffle.next_rng()) for _ in range(2)] == [_expected((3, 9), 0)] * 2


def test_epochs_used_by_a_restored_iterator_are_not_drawn_again():
    shuffle = ShuffleSeeds((1, 2), reshuffle=True)
    shuffle.epoch_used(4)
    assert shuffle.take_epoch() == 5


def test_the_state_is_version_fingerprint_position_and_each_shuffles_seeds_and_epochs():
    dataset = D.range(4).shuffle(4, seed=11).repeat(3)
    it = iter(dataset)
    for _ in range(6):  # two passes begun
        next(it)
    words = it._serialize_to_tensors()["ITERATOR_STATE"].tolist()
    fingerprint = IterationState([], describe(dataset)).to_array()[1]
    seeds = dataset._inputs[0]._shuffle.seeds
    assert words == [1, fingerprint, 6, 1, seeds[0], seeds[1], 2, 0, 1]


def test_a_restored_state_replays_its_epochs_in_order_then_draws_new_ones():
    shuffle = ShuffleSeeds((7, 8), reshuffle=True)
    saved = IterationState([shuffle], "p")
    state = IterationState([shuffle], "p")
    words = saved.to_array()
    state.restore(np.array(list(words[:4]) + [5, 6, 3, 4, 2, 9], np.int64))
    drawn = [_draws(state.rng_for(shuffle)) for _ in range(4)]
    assert drawn == [_expected((5, 6), epoch) for epoch in (4, 2, 9, 10)]


def test_every_shuffle_of_a_zip_is_in_the_state():
    dataset = D.zip((D.range(3).shuffle(3, seed=1), D.range(3).shuffle(3, seed=2)))
    assert len(state_of(dataset).to_array()) == 4 + 2 * 3
    assert describe(dataset) == "zip(range(0, 3, 1).shuffle(3), range(0, 3, 1).shuffle(3))"


def _state_words(dataset, tail):
    words = state_of(dataset).to_array().tolist()
    return np.array(words[:2] + tail, np.int64)


@pytest.mark.parametrize("tail, reason", [
    ([0, 1, 5], "its ITERATOR_STATE is damaged (too short)."),
    ([0, 1, 5, 6, 3, 0], "its ITERATOR_STATE is damaged (too short)."),
    ([0, 1, 5, 6, 0, 7], "its ITERATOR_STATE is damaged (1 words left over)."),
    ([-1, 1, 5, 6, 0], "its ITERATOR_STATE is damaged (0 words left over)."),
])
def test_a_damaged_state_is_refused(tail, reason):
    dataset = D.range(3).shuffle(3, seed=1)
    with pytest.raises(ValueError) as raised:
        state_of(dataset).restore(_state_words(dataset, tail))
    assert str(raised.value) == reason


def test_a_state_at_position_zero_is_accepted():
    dataset = D.range(3)
    state = state_of(dataset)
    state.restore(_state_words(dataset, [0, 0]))
    assert state.position == 0


@pytest.mark.parametrize("array", [np.zeros(4), np.zeros((4, 4), np.int64),
                                   np.zeros(3, np.int64)])
def test_what_is_not_an_int64_vector_of_four_numbers_is_refused(array):
    with pytest.raises(ValueError, match="is not an iterator state"):
        state_of(D.range(3)).restore(array)


def test_a_state_of_another_pipeline_is_refused_naming_this_one():
    state = state_of(D.range(3)).to_array()
    with pytest.raises(ValueError) as raised:
        state_of(D.range(4)).restore(state)
    assert str(raised.value) == (
        "its ITERATOR_STATE was saved from an iterator over another pipeline; this iterator "
        "is over range(0, 4, 1). Restore into an iterator over the dataset that was saved.")


def test_a_position_past_the_end_is_refused():
    words = state_of(D.range(5)).to_array()
    words[2] = 10
    with pytest.raises(ValueError) as raised:
        iter(D.range(5))._restore_from_tensors({"ITERATOR_STATE": words})
    assert str(raised.value) == (
        "its ITERATOR_STATE is at element 10, but range(0, 5, 1) ends after 5 elements: it is "
        "not the pipeline that was saved.")


def test_a_shuffle_made_inside_flat_map_is_named_when_saving():
    it = iter(D.range(2).flat_map(lambda x: D.range(3).shuffle(3)))
    next(it)
    with pytest.raises(ValueError) as raised:
        it._serialize_to_tensors()
    assert str(raised.value).startswith(
        "Cannot save the position of an iterator over range(0, 2, 1).flat_map(): its pipeline "
        "has a shuffle made inside the function of flat_map or interleave (its seeds are not "
        "known when the iterator is made), so")


def test_an_iterator_made_of_elements_alone_cannot_be_saved_or_restored():
    from autograph.runtime.data.iterator import OwnedIterator

    it = OwnedIterator(iter([]), D.range(1)._structure)
    with pytest.raises(ValueError) as raised:
        it._serialize_to_tensors()
    assert str(raised.value) == ("This iterator was not made by iter(dataset), so its "
                                 "position cannot be saved.")
    with pytest.raises(ValueError) as raised:
        OwnedIterator(None, D.range(1)._structure)
    assert str(raised.value) == "An iterator needs its elements or the dataset making them."


def test_restoring_without_an_iterator_state_is_refused():
    with pytest.raises(ValueError) as raised:
        iter(D.range(3))._restore_from_tensors({"OTHER": np.zeros(4, np.int64)})
    assert str(raised.value) == (
        "cannot restore this iterator from ['OTHER']: it was not made by iter(dataset), or "
        "the checkpoint holds no ITERATOR_STATE.")


def test_each_shuffle_of_a_restored_state_takes_its_own_epochs():
    first, second = ShuffleSeeds((1, 1), True), ShuffleSeeds((2, 2), True)
    state = IterationState([first, second], "p")
    words = state.to_array().tolist()[:3] + [2, 5, 6, 1, 3, 40, 41, 1, 7]
    state.restore(np.array(words, np.int64))
    assert [_draws(state.rng_for(first)) for _ in range(2)] == [
        _expected((5, 6), 3), _expected((5, 6), 4)]
    assert _draws(state.rng_for(second)) == _expected((40, 41), 7)


@pytest.mark.parametrize("make, described", [
    (lambda: D.from_tensors([1, 2]), "from_tensors()"),
    (lambda: D.from_tensor_slices([[1, 2]]).unbatch(), "from_tensor_slices().unbatch()"),
    (lambda: D.range(4).filter(lambda x: x > 0).take(3).skip(1).repeat(2),
     "range(0, 4, 1).filter().take(3).skip(1).repeat(2)"),
    (lambda: D.range(4).enumerate(2).shuffle(3, seed=1).cache().prefetch(2),
     "range(0, 4, 1).enumerate(2).shuffle(3).cache().prefetch()"),
    (lambda: D.range(4).map(lambda x: [x]).padded_batch(2), "range(0, 4, 1).map().padded_batch(2)"),
    (lambda: D.range(4).shuffle(2, seed=1).shuffle(3, seed=1),
     "range(0, 4, 1).shuffle(2).shuffle(3)"),
    (lambda: D.range(2).flat_map(D.from_tensors).interleave(D.from_tensors, cycle_length=1),
     "range(0, 2, 1).flat_map().interleave()"),
])
def test_a_pipeline_is_described_by_the_calls_that_made_it(make, described):
    assert describe(make()) == described


def test_a_dataset_made_directly_is_described_as_such():
    from autograph.runtime.data.dataset import Dataset

    assert describe(Dataset(lambda: iter(()), D.range(1)._structure, 0)) == "Dataset()"


def test_flat_map_of_what_is_not_a_dataset_names_flat_map():
    with pytest.raises(ag.errors.InvalidArgumentError, match=re.escape(
            "The function of Dataset.flat_map must return a Dataset; it returned")):
        D.range(2).flat_map(lambda x: x).element_spec  # noqa: B018
