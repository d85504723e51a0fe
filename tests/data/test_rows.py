"""Ranges and tensor slices as rows fetched by index: the shuffle order drawn for a whole pass,
and batches gathered at once, agree with the element-by-element algorithms."""

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.data.rows import buffer_shuffle_order

D = ag.data.Dataset


def sequential_buffer_shuffle(count, buffer_size, rng):
    """The shuffle buffer step by step, drawing what `buffer_shuffle_order` draws."""
    if buffer_size >= count:
        return list(rng.permutation(count))
    buffer = list(range(buffer_size))
    out = []
    steps = count - buffer_size
    draws = [slot for _ in range(-(-steps // 1024)) for slot in rng.integers(0, buffer_size, 1024)]
    for t, slot in enumerate(draws[:steps]):
        out.append(buffer[slot])
        buffer[slot] = buffer_size + t
    return out + [buffer[k] for k in rng.permutation(buffer_size)]


@pytest.mark.parametrize("count,buffer_size", [(10, 1), (10, 3), (50, 7), (1000, 64), (5, 5),
                                               (5, 9), (1, 1)])
def test_whole_pass_order_is_the_buffer_stepped_through(count, buffer_size):
    fast = buffer_shuffle_order(count, buffer_size, np.random.default_rng(11))
    slow = sequential_buffer_shuffle(count, buffer_size, np.random.default_rng(11))
    np.testing.assert_array_equal(fast, slow)


@pytest.mark.parametrize("count,buffer_size,step", [(10, 4, 1), (10, 10, 1), (10, 20, 1),
                                                    (3000, 7, 1), (10, 4, 3)])
def test_a_shuffle_of_rows_gives_the_order_of_a_shuffle_of_elements(count, buffer_size, step):
    # As in TensorFlow, the order depends on the seed, not on the kind of dataset shuffled.
    rows = D.range(2, 2 + count * step, step).shuffle(buffer_size, seed=1)
    elements = D.range(2, 2 + count * step, step).filter(lambda x: x >= 0).shuffle(
        buffer_size, seed=1)
    for _ in range(2):  # and again on the next pass, reshuffled
        assert [int(x) for x in rows] == [int(x) for x in elements]


def test_order_with_a_buffer_wider_than_sixteen_bits():
    count, size = 70_000, 66_000  # slot numbers no longer fit the radix-sorted uint16 keys
    fast = buffer_shuffle_order(count, size, np.random.default_rng(2))
    np.testing.assert_array_equal(fast, sequential_buffer_shuffle(count, size,
                                                                  np.random.default_rng(2)))


def test_shuffled_slices_batch_as_their_elements_stack():
    x = np.arange(300, dtype=np.float32).reshape(100, 3)
    ds = D.from_tensor_slices((x, np.arange(100))).shuffle(16, seed=4,
                                                           reshuffle_each_iteration=False)
    elements = list(ds.as_numpy_iterator())
    batches = list(ds.batch(32).as_numpy_iterator())
    np.testing.assert_array_equal(np.concatenate([b[0] for b in batches]),
                                  np.stack([e[0] for e in elements]))
    np.testing.assert_array_equal(np.concatenate([b[1] for b in batches]),
                                  [e[1] for e in elements])


def test_shuffle_of_a_shuffle_permutes_the_first_order():
    ds = D.range(40).shuffle(5, seed=1).shuffle(40, seed=2)
    assert sorted(int(v) for v in ds) == list(range(40))


def test_shuffled_string_slices_keep_their_values():
    words = [b"a", b"bb", b"ccc", b"dddd"]
    out = [w.numpy() for w in D.from_tensor_slices(words).shuffle(4, seed=0)]
    assert sorted(out) == words


def test_huge_range_costs_no_memory():
    assert [int(v) for v in D.range(10**15).take(3)] == [0, 1, 2]
    first = next(iter(D.range(0, 10**15, 7).batch(2)))
    assert first.numpy().tolist() == [0, 7]


def test_batches_of_a_stepped_range_gather_its_rows():
    assert [b.numpy().tolist() for b in D.range(2, 30, 5).batch(4)] == [[2, 7, 12, 17],
                                                                        [22, 27]]
