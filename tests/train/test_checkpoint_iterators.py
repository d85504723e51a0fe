"""A dataset iterator in a checkpoint: a restored iterator goes on after the last element
handed out before the save. The sequences are TensorFlow 2.21's (tf.data iterators in a
tf.train.Checkpoint, saved after the first elements and restored into a fresh iterator)."""

import re
import threading
import time
import warnings

import numpy as np
import pytest

import autograph as ag

D = ag.data.Dataset


def _elements(it, count):
    """Up to `count` next elements as lists, "END" once the iterator is exhausted."""
    out = []
    for _ in range(count):
        try:
            out.append(np.asarray(next(it)).tolist())
        except StopIteration:
            out.append("END")
            break
    return out


def _save_and_restore(tmp_path, make, before, after):
    """(the first `before` elements, what a restored fresh iterator gives next, what the
    saved iterator itself gives next)."""
    it = iter(make())
    first = _elements(it, before)
    path = ag.train.Checkpoint(it=it).save(str(tmp_path / "ckpt"))
    fresh = iter(make())
    ag.train.Checkpoint(it=fresh).restore(path).assert_consumed()
    return first, _elements(fresh, after), _elements(it, after)


# name: (pipeline, elements before the save, TensorFlow 2.21's (before, after the restore))
TENSORFLOW = {
    "range": (lambda: D.range(10), 3, ([0, 1, 2], [3, 4, 5, 6, 7, 8, 9, "END"])),
    "from_tensor_slices": (lambda: D.from_tensor_slices([[1, 2], [3, 4], [5, 6], [7, 8]]), 1,
                           ([[1, 2]], [[3, 4], [5, 6], [7, 8], "END"])),
    "map": (lambda: D.range(6).map(lambda x: x * 10), 2, ([0, 10], [20, 30, 40, 50, "END"])),
    "batch": (lambda: D.range(7).batch(3), 1, ([[0, 1, 2]], [[3, 4, 5], [6], "END"])),
    "batch_drop_remainder": (lambda: D.range(7).batch(2, drop_remainder=True), 1,
                             ([[0, 1]], [[2, 3], [4, 5], "END"])),
    "repeat": (lambda: D.range(3).repeat(3), 4, ([0, 1, 2, 0], [1, 2, 0, 1, 2, "END"])),
    "take": (lambda: D.range(10).take(5), 2, ([0, 1], [2, 3, 4, "END"])),
    "skip": (lambda: D.range(10).skip(6), 1, ([6], [7, 8, 9, "END"])),
    "filter": (lambda: D.range(10).filter(lambda x: x % 3 == 0), 2, ([0, 3], [6, 9, "END"])),
    "prefetch": (lambda: D.range(10).prefetch(4), 3, ([0, 1, 2], [3, 4, 5, 6, 7, 8, 9, "END"])),
    "map_prefetch_batch": (lambda: D.range(10).map(lambda x: x + 1).prefetch(2).batch(3), 1,
                           ([[1, 2, 3]], [[4, 5, 6], [7, 8, 9], [10], "END"])),
    "cache_repeat": (lambda: D.range(4).cache().repeat(2), 5, ([0, 1, 2, 3, 0], [1, 2, 3, "END"])),
    "enumerate": (lambda: D.range(10, 14).enumerate(), 2,
                  ([[0, 10], [1, 11]], [[2, 12], [3, 13], "END"])),
    "parallel_map": (lambda: D.range(8).map(lambda x: x * 2, num_parallel_calls=3), 3,
                     ([0, 2, 4], [6, 8, 10, 12, 14, "END"])),
}


@pytest.mark.parametrize("name", sorted(TENSORFLOW))
def test_a_restored_iterator_goes_on_as_tensorflows(tmp_path, name):
    make, before, expected = TENSORFLOW[name]
    first, restored, _ = _save_and_restore(tmp_path, make, before, len(expected[1]))
    assert (first, restored) == expected


# TensorFlow 2.21's shuffles (its draws differ from ours; the order goes on all the same):
# range(10).shuffle(4, seed=7): [0, 4, 2] saved, then [3, 5, 6, 1, 8, 7, 9] restored;
# range(5).shuffle(5, seed=3).repeat(2): [4, 3, 2, 1, 0, 3, 4] saved, then [1, 2, 0].
@pytest.mark.parametrize("make, before, count", [
    (lambda: D.range(10).shuffle(4, seed=7), 3, 10),
    (lambda: D.range(5).shuffle(5, seed=3).repeat(2), 7, 5),
    (lambda: D.from_tensor_slices(np.arange(30)).shuffle(8, seed=1).batch(4), 2, 10),
    (lambda: D.range(12).map(lambda x: x + 100).shuffle(5, seed=2).repeat(3).prefetch(3), 15,
     40),
])
def test_a_restored_shuffle_goes_on_with_the_same_order(tmp_path, make, before, count):
    first, restored, continued = _save_and_restore(tmp_path, make, before, count)
    assert restored == continued
    assert restored[-1] == "END"


def test_each_pass_of_a_restored_reshuffling_repeat_is_a_permutation(tmp_path):
    first, restored, _ = _save_and_restore(
        tmp_path, lambda: D.range(5).shuffle(5, seed=3).repeat(2), 7, 5)
    everything = first + restored[:-1]
    assert sorted(everything[:5]) == sorted(everything[5:]) == [0, 1, 2, 3, 4]
    assert everything[:5] != everything[5:]  # reshuffled each pass


def test_an_unseeded_shuffle_is_restored_with_its_seeds(tmp_path):
    # TensorFlow 2.21: a restored shuffle(10) with no seed goes on as the saved one does.
    first, restored, continued = _save_and_restore(
        tmp_path, lambda: D.range(10).shuffle(10), 3, 8)
    assert restored == continued and sorted(first + restored[:-1]) == list(range(10))


def test_elements_prefetched_but_not_taken_are_neither_lost_nor_skipped(tmp_path):
    made = []
    lock = threading.Lock()

    def record(x):
        with lock:
            made.append(int(x))
        return x

    def make():
        return D.range(20).map(lambda x: ag.numpy_function(record, [x], ag.int64)).prefetch(8)

    it = iter(make())
    assert _elements(it, 3) == [0, 1, 2]
    for _ in range(200):  # until the producer has run ahead of the consumer
        if len(made) > 6:
            break
        time.sleep(0.01)
    assert len(made) > 6
    path = ag.train.Checkpoint(it=it).save(str(tmp_path / "ckpt"))
    fresh = iter(make())
    ag.train.Checkpoint(it=fresh).restore(path)
    assert _elements(fresh, 18) == list(range(3, 20)) + ["END"]


def test_a_cache_filled_by_an_earlier_pass_restores_the_same_elements(tmp_path):
    dataset = D.range(6).shuffle(6, seed=4).cache().repeat(2)
    list(dataset)  # fills the cache from the first pass of another iterator
    it = iter(dataset)
    first = _elements(it, 8)
    path = ag.train.Checkpoint(it=it).save(str(tmp_path / "ckpt"))
    continued = _elements(it, 5)
    fresh = iter(D.range(6).shuffle(6, seed=4).cache().repeat(2))
    ag.train.Checkpoint(it=fresh).restore(path)
    assert _elements(fresh, 5) == continued and sorted(first[:6]) == list(range(6))


def test_an_exhausted_iterator_is_restored_exhausted(tmp_path):
    it = iter(D.range(2))
    assert _elements(it, 3) == [0, 1, "END"]
    path = ag.train.Checkpoint(it=it).save(str(tmp_path / "ckpt"))
    fresh = iter(D.range(2))
    ag.train.Checkpoint(it=fresh).restore(path)
    assert _elements(fresh, 1) == ["END"]


def test_a_restored_iterator_saves_its_position_again(tmp_path):
    make = lambda: D.range(20).shuffle(7, seed=5).repeat(2)  # noqa: E731
    it = iter(make())
    _elements(it, 9)
    first = ag.train.Checkpoint(it=it).save(str(tmp_path / "a"))
    fresh = iter(make())
    ckpt = ag.train.Checkpoint(it=fresh)
    ckpt.restore(first)
    _elements(fresh, 15)
    second = ckpt.save(str(tmp_path / "b"))
    continued = _elements(fresh, 20)
    again = iter(make())
    ag.train.Checkpoint(it=again).restore(second)
    assert _elements(again, 20) == continued


def test_the_key_is_tensorflows_iterator_state(tmp_path):
    # TensorFlow 2.21 lists it/.ATTRIBUTES/ITERATOR_STATE (a serialized variant of shape
    # [14] there; here the int64 vector of iterator_state).
    it = iter(D.range(5))
    next(it)
    path = ag.train.Checkpoint(it=it, step=ag.Variable(3)).save(str(tmp_path / "ckpt"))
    keys = dict(ag.train.list_variables(path))
    assert list(keys) == ["_CHECKPOINTABLE_OBJECT_GRAPH", "it/.ATTRIBUTES/ITERATOR_STATE",
                          "save_counter/.ATTRIBUTES/VARIABLE_VALUE",
                          "step/.ATTRIBUTES/VARIABLE_VALUE"]
    state = ag.train.load_checkpoint(path).get_tensor("it/.ATTRIBUTES/ITERATOR_STATE")
    assert state.dtype == np.int64 and state[2] == 1  # the position


def test_an_iterator_over_a_generator_is_one_error_at_save_and_nothing_is_saved(tmp_path):
    # TensorFlow 2.21 refuses too: FailedPreconditionError "PyFunc is stateful."
    def generate():
        yield from range(5)

    it = iter(D.from_generator(generate, output_signature=ag.TensorSpec((), ag.int64)))
    next(it)
    ckpt = ag.train.Checkpoint(it=it)
    with pytest.raises(ValueError) as raised:
        ckpt.save(str(tmp_path / "ckpt"))
    assert str(raised.value) == (
        "Cannot save the position of an iterator over from_generator(): its pipeline has a "
        "Python generator (Dataset.from_generator), whose position cannot be saved, so a "
        "restored iterator could not go on with the same elements. Leave the iterator out of "
        "the checkpoint (and start a new one after a restore), or build the pipeline from "
        "data the dataset holds (from_tensor_slices, range) with a seeded shuffle.")
    assert list(tmp_path.iterdir()) == [] and int(ckpt.save_counter.numpy()) == 0


def test_a_nondeterministic_parallel_map_cannot_be_saved(tmp_path):
    it = iter(D.range(8).map(lambda x: x, num_parallel_calls=2, deterministic=False))
    next(it)
    with pytest.raises(ValueError, match=re.escape(
            "over range(0, 8, 1).map(): its pipeline has a map with num_parallel_calls and "
            "deterministic=False (its order changes from run to run), so a restored")):
        ag.train.Checkpoint(it=it).save(str(tmp_path / "ckpt"))


def test_a_shuffle_made_inside_flat_map_cannot_be_saved(tmp_path):
    it = iter(D.range(3).flat_map(lambda x: D.range(4).shuffle(4)))
    next(it)
    with pytest.raises(ValueError, match="a shuffle made inside the function of flat_map"):
        ag.train.Checkpoint(it=it).save(str(tmp_path / "ckpt"))


def test_flat_map_of_fixed_datasets_is_saved(tmp_path):
    first, restored, continued = _save_and_restore(
        tmp_path, lambda: D.range(3).flat_map(lambda x: D.from_tensors(x).repeat(2)), 3, 4)
    assert (first, restored) == ([0, 0, 1], [1, 2, 2, "END"]) and restored == continued


def test_restoring_into_another_pipeline_is_an_error_and_changes_nothing(tmp_path):
    it = iter(D.range(5))
    next(it)
    path = ag.train.Checkpoint(it=it).save(str(tmp_path / "ckpt"))
    other = iter(D.range(5).batch(2))
    with pytest.raises(ValueError, match="its ITERATOR_STATE was saved from an iterator over "
                                         r"another pipeline; this iterator is over "
                                         r"range\(0, 5, 1\)\.batch\(2, False\)\."):
        ag.train.Checkpoint(it=other).restore(path)
    assert _elements(other, 1) == [[0, 1]]


def test_restoring_into_another_batch_size_is_an_error(tmp_path):
    # Replaying 2 batches of 3 would skip 6 elements where 4 were taken.
    it = iter(D.range(10).batch(2))
    _elements(it, 2)
    path = ag.train.Checkpoint(it=it).save(str(tmp_path / "ckpt"))
    with pytest.raises(ValueError, match=r"this iterator is over range\(0, 10, 1\)\.batch\(3, "
                                         r"False\)\."):
        ag.train.Checkpoint(it=iter(D.range(10).batch(3))).restore(path)


def test_an_iterator_attached_after_the_restore_is_restored(tmp_path):
    it = iter(D.range(6))
    _elements(it, 4)
    path = ag.train.Checkpoint(it=it).save(str(tmp_path / "ckpt"))
    ckpt = ag.train.Checkpoint()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nothing to warn about: the value waits
        status = ckpt.restore(path)
    ckpt.it = iter(D.range(6))
    assert _elements(ckpt.it, 3) == [4, 5, "END"]
    status.assert_consumed()


def test_a_damaged_state_is_an_error(tmp_path):
    it = iter(D.range(5))
    path = ag.train.Checkpoint(it=it).save(str(tmp_path / "ckpt"))
    data = str(tmp_path / "ckpt-1.npz")
    with np.load(data) as archive:
        entries = dict(archive)
    entries["it/.ATTRIBUTES/ITERATOR_STATE"] = np.array([1.5])
    np.savez(data, **entries)
    with pytest.raises(ValueError, match=r"its ITERATOR_STATE is not an iterator state \(an "
                                         r"int64 vector of at least 4 numbers\); got float64"):
        ag.train.Checkpoint(it=iter(D.range(5))).restore(path)


def test_an_iterator_over_another_pipeline_attached_after_the_restore_is_an_error(tmp_path):
    it = iter(D.range(6))
    next(it)
    path = ag.train.Checkpoint(it=it).save(str(tmp_path / "ckpt"))
    ckpt = ag.train.Checkpoint()
    status = ckpt.restore(path)
    with pytest.raises(ValueError, match="state: it: its ITERATOR_STATE was saved from an "
                                         "iterator over another pipeline"):
        ckpt.it = iter(D.range(6).batch(2))
    with pytest.raises(AssertionError, match="state: it: its ITERATOR_STATE"):
        status.assert_consumed()

