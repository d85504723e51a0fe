"""The garbage collector is paused while code is converted, traced and planned, and left as it
was found afterwards (runtime/core/collector.py)."""

import gc

import pytest

import autograph as ag
from autograph.runtime.core.collector import collector_paused


@pytest.fixture
def collector_state():
    was = gc.isenabled()
    yield
    (gc.enable if was else gc.disable)()


def test_the_collector_is_paused_inside_and_resumed_after(collector_state):
    gc.enable()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_collector_switched_off_stays_off(collector_state):
    gc.disable()
    with collector_paused():
        assert not gc.isenabled()
    assert not gc.isenabled()


def test_an_inner_pause_leaves_the_outer_one_to_resume(collector_state):
    gc.enable()
    with collector_paused():
        with collector_paused():
            pass
        assert not gc.isenabled()
    assert gc.isenabled()


def test_the_collector_resumes_after_an_error(collector_state):
    gc.enable()
    with pytest.raises(ZeroDivisionError), collector_paused():
        1 / 0
    assert gc.isenabled()


@pytest.mark.parametrize("enabled", [True, False])
def test_a_traced_first_call_leaves_the_collector_as_it_found_it(collector_state, enabled):
    (gc.enable if enabled else gc.disable)()
    seen = []

    @ag.function
    def double(x):
        seen.append(gc.isenabled())  # runs while tracing
        return x * 2.0

    assert float(double(ag.constant(1.5))) == 3.0
    assert seen == [False]
    assert gc.isenabled() is enabled


def test_a_trace_that_raises_resumes_the_collector(collector_state):
    gc.enable()

    @ag.function
    def broken(x):
        raise ValueError("no")

    with pytest.raises(ValueError, match="no"):
        broken(ag.constant(1.0))
    assert gc.isenabled()
