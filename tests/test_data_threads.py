"""Background threads of pipelines (prefetch, parallel map) end with their iterators, also
when iteration stops early; and map followed by batch is fast (one call per batch)."""

import gc
import threading
import time

import numpy as np
import pytest

import autograph as ag

D = ag.data.Dataset


def _settled_thread_count(baseline, limit=5.0):
    deadline = time.monotonic() + limit
    while threading.active_count() > baseline and time.monotonic() < deadline:
        gc.collect()
        time.sleep(0.01)
    return threading.active_count()


def test_prefetch_yields_every_element_in_order():
    assert [int(x) for x in D.range(4).prefetch(2)] == [0, 1, 2, 3]
    assert [int(x) for x in D.range(100).prefetch(ag.data.AUTOTUNE)] == list(range(100))


def test_prefetch_keeps_every_element_while_the_consumer_waits():
    # The producer finds the buffer full for longer than its polling interval.
    it = iter(D.range(6).prefetch(1))
    first = int(next(it))
    time.sleep(0.3)
    assert [first] + [int(x) for x in it] == list(range(6))


def test_prefetch_ends_when_the_buffer_is_full_as_its_source_ends():
    # The producer holds the end mark while the consumer pauses with the buffer full; the mark
    # must wait for room, not be dropped (the consumer would then wait forever).
    it = iter(D.range(2).prefetch(1))
    taken = [int(next(it))]
    time.sleep(0.3)
    consumer = threading.Thread(target=lambda: taken.extend(int(x) for x in it), daemon=True)
    consumer.start()
    consumer.join(5.0)
    assert not consumer.is_alive(), "the prefetch iterator never ended"
    assert taken == [0, 1]


def test_an_error_in_a_parallel_map_names_the_element():
    def f(x):
        if x.numpy() == 2:
            raise KeyError("two")
        return x
    with pytest.raises(ag.errors.InvalidArgumentError) as raised:
        list(D.range(4).map(f, num_parallel_calls=2))
    assert raised.value.message == (
        "The function of Dataset.map raised KeyError: 'two' on element 2: 2.")


def test_prefetch_runs_ahead_on_another_thread():
    seen = []

    def gen():
        for i in range(3):
            seen.append(threading.current_thread().name)
            yield i
    ds = D.from_generator(gen, output_signature=ag.TensorSpec((), ag.int64)).prefetch(1)
    assert [int(x) for x in ds] == [0, 1, 2]
    assert seen and all(name == "dataset-prefetch" for name in seen)


def test_prefetch_passes_on_the_producers_error():
    def gen():
        yield 1
        raise RuntimeError("late")
    ds = D.from_generator(gen, output_signature=ag.TensorSpec((), ag.int64)).prefetch(2)
    it = iter(ds)
    assert int(next(it)) == 1
    try:
        next(it)
        raise AssertionError("no error")
    except ag.errors.InvalidArgumentError as e:
        assert "late" in str(e)


def test_many_early_stopped_prefetch_iterators_leave_no_thread():
    baseline = threading.active_count()
    for _ in range(50):
        it = iter(D.range(10_000).prefetch(4))
        next(it)
        next(it)
        del it
    assert _settled_thread_count(baseline) == baseline


def test_early_stopped_parallel_map_and_nested_prefetch_leave_no_thread():
    baseline = threading.active_count()
    for _ in range(20):
        ds = D.range(1000).map(lambda x: x + 1, num_parallel_calls=3).prefetch(2).prefetch(2)
        for i, _x in enumerate(ds):
            if i == 3:
                break
    assert _settled_thread_count(baseline) == baseline


def test_close_stops_the_iterator():
    baseline = threading.active_count()
    it = iter(D.range(100).prefetch(2))
    next(it)
    it.close()
    assert _settled_thread_count(baseline) == baseline


def test_map_then_batch_of_200k_elements_gives_every_value():
    # its speed next to tf.data's is in benchmarks/data_pipeline.py
    batches = list(D.range(200_000).map(lambda x: x * 2 + 1).batch(256))
    assert len(batches) == 782 and int(batches[-1][-1]) == 399_999
    np.testing.assert_array_equal(np.concatenate([b.numpy() for b in batches]),
                                  np.arange(200_000) * 2 + 1)
