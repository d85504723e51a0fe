"""The trace cache is bounded: past its size the least recently used trace is dropped, and a
Function's size is set with `experimental_trace_cache_size`."""

import gc

import pytest

import autograph as ag
from autograph.runtime.function.function import DEFAULT_TRACE_CACHE_SIZE
from autograph.runtime.function.trace_cache import TraceCache
from autograph.runtime.function.trace_type import from_value, may_expire
from autograph.runtime.graph.tensor_spec import TensorSpec


class Thing:
    pass


def _filled(max_size, *shapes):
    cache = TraceCache(max_size)
    for shape in shapes:
        cache.add(TensorSpec(shape), str(shape))
    return cache


def test_adding_past_the_size_drops_the_oldest_unused_trace():
    cache = _filled(2, [1], [2], [3])
    assert cache.values() == ["[2]", "[3]"]


def test_an_exact_lookup_keeps_a_trace():
    cache = _filled(2, [1], [2])
    cache.lookup(TensorSpec([1]))
    cache.add(TensorSpec([3]), "[3]")
    assert cache.values() == ["[1]", "[3]"]


def test_a_lookup_by_subtype_keeps_the_matched_trace():
    cache = _filled(2, [None], [2])
    cache.lookup(TensorSpec([5]))
    cache.lookup(TensorSpec([5]))  # remembered: still refreshes the matched entry
    cache.add(TensorSpec([3]), "[3]")
    assert cache.values() == ["[None]", "[3]"]


def test_values_stay_in_the_order_added():
    cache = _filled(3, [1], [2])
    cache.lookup(TensorSpec([1]))
    assert cache.values() == ["[1]", "[2]"]


@pytest.mark.parametrize("size", [0, -1, 2.0, None])
def test_cache_size_must_be_a_positive_int(size):
    with pytest.raises(ValueError, match="positive int"):
        TraceCache(size)


def test_only_types_holding_objects_weakly_may_expire():
    assert may_expire(from_value([Thing()]))
    assert not may_expire(from_value([1, "a", TensorSpec([2])]))


def test_an_expired_entry_is_dropped_from_a_bounded_cache():
    cache = TraceCache(2)
    gone = Thing()
    cache.add(from_value(gone), "gone")
    del gone
    gc.collect()
    cache.add(TensorSpec([1]), "[1]")
    cache.add(TensorSpec([2]), "[2]")
    assert cache.values() == ["[1]", "[2]"]


def _counting(size=None):
    @ag.function(experimental_trace_cache_size=size)
    def f(x, k):
        return x + k
    return f


@pytest.mark.filterwarnings("ignore::autograph.runtime.function.function.RetracingWarning")
def test_function_keeps_the_default_number_of_traces():
    f = _counting()
    for k in range(DEFAULT_TRACE_CACHE_SIZE + 3):
        f(ag.constant(1), k)
    assert len(f._cache) == DEFAULT_TRACE_CACHE_SIZE


def test_function_retraces_a_dropped_trace_and_gives_the_same_result():
    f = _counting(2)
    x = ag.constant(1)
    assert [f(x, k).numpy() for k in (1, 2, 3)] == [2, 3, 4]
    assert f(x, 1).numpy() == 2
    assert f.experimental_get_tracing_count() == 4


def test_function_keeps_a_trace_called_since_the_last_trace():
    f = _counting(2)
    x = ag.constant(1)
    f(x, 1)
    f(x, 2)
    f(x, 1)
    f(x, 3)  # drops the trace for 2, used less recently than the one for 1
    f(x, 1)
    assert f.experimental_get_tracing_count() == 3


def test_methods_keep_the_functions_cache_size():
    class Model:
        @ag.function(experimental_trace_cache_size=1)
        def call(self, k):
            return ag.constant(k)

    model = Model()
    model.call(1)
    model.call(2)
    assert model.call.experimental_get_tracing_count() == 2
    assert len(model.call._cache) == 1


@pytest.mark.parametrize("size", [0, 1.5, "3"])
def test_function_cache_size_must_be_a_positive_int(size):
    with pytest.raises(ValueError, match="experimental_trace_cache_size must be a positive"):
        ag.function(lambda x: x, experimental_trace_cache_size=size)
