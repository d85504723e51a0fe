"""glibc's malloc thresholds, set once when the first plan is made (`host_allocator`)."""

import os
import resource

import numpy as np
import pytest

from autograph.runtime.core import host_allocator


class _RecordingLibc:
    def __init__(self):
        self.calls = []

    def mallopt(self, parameter, value):
        self.calls.append((parameter, value))
        return 1


@pytest.fixture
def unsettled(monkeypatch):
    """The module as before its first use, with a C library that records its calls."""
    libc = _RecordingLibc()
    monkeypatch.setattr(host_allocator, "_settled", False)
    monkeypatch.setattr(host_allocator, "glibc", lambda: libc)
    for name in host_allocator._USER_SETTINGS + ("GLIBC_TUNABLES", "AUTOGRAPH_MALLOC_DEFAULTS"):
        monkeypatch.delenv(name, raising=False)
    return libc


def test_the_thresholds_are_glibcs_own_ceilings_set_once(unsettled):
    host_allocator.settle_host_allocator()
    host_allocator.settle_host_allocator()
    assert unsettled.calls == [(-3, 32 << 20), (-1, 64 << 20)]  # M_MMAP_, M_TRIM_THRESHOLD


def test_making_a_plan_settles_the_allocator(unsettled):
    import autograph as ag

    ag.function(lambda x: x * 2.0)(ag.constant([1.0]))
    assert len(unsettled.calls) == 2


@pytest.mark.parametrize("name, value", [
    ("AUTOGRAPH_MALLOC_DEFAULTS", "1"),
    ("MALLOC_TRIM_THRESHOLD_", "131072"),
    ("MALLOC_MMAP_THRESHOLD_", "131072"),
    ("MALLOC_TOP_PAD_", "0"),
    ("GLIBC_TUNABLES", "glibc.malloc.trim_threshold=131072"),
])
def test_a_program_that_sets_malloc_itself_keeps_its_settings(unsettled, monkeypatch, name,
                                                              value):
    monkeypatch.setenv(name, value)
    host_allocator.settle_host_allocator()
    assert unsettled.calls == []


def test_unrelated_tunables_and_a_zero_opt_out_leave_it_on():
    environment = {"GLIBC_TUNABLES": "glibc.cpu.hwcaps=-AVX2", "AUTOGRAPH_MALLOC_DEFAULTS": "0"}
    assert host_allocator.wanted(environment)


@pytest.mark.skipif(host_allocator.glibc() is None or not host_allocator.wanted(os.environ),
                    reason="glibc's malloc, not set by the environment")
def test_memory_freed_at_the_end_of_a_step_serves_the_next_without_page_faults():
    host_allocator.settle_host_allocator()

    def step():  # 24 MiB of 96 KiB arrays, all alive at its end, as a loop's records are
        arrays = [np.ones(24 << 10, np.float32) for _ in range(256)]
        return len(arrays)

    step()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    step()
    faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before
    assert faults < 600  # 6 144 pages: without the thresholds, each faults again
