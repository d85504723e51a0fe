"""The intra-op and inter-op thread pools (runtime/core/thread_pools.py)."""

import os
import signal
import threading

import pytest

import autograph as ag
from autograph.runtime.core import thread_pools


def test_split_covers_the_range_once_in_aligned_parts():
    parts = []
    lock = threading.Lock()

    def work(start, stop):
        with lock:
            parts.append((start, stop))
    thread_pools.split(work, 1000, 3, align=64)
    assert sorted(parts) == [(0, 384), (384, 768), (768, 1000)]


def test_split_runs_the_parts_on_other_threads_too():
    names = set()
    barrier = threading.Barrier(2, timeout=10)

    def work(start, stop):
        names.add(threading.current_thread().name)
        barrier.wait()  # both parts at once, or this times out
    thread_pools.split(work, 2, 2)
    assert len(names) == 2


def test_split_raises_an_error_of_a_part_after_all_parts_end():
    ended = []

    def work(start, stop):
        if start:
            raise ValueError("part two")
        ended.append(start)
    with pytest.raises(ValueError, match="part two"):
        thread_pools.split(work, 10, 2)
    assert ended == [0]


def test_inter_op_threads_default_to_one_and_follow_the_setting():
    assert thread_pools.inter_op_threads() == 1
    ag.config.threading.set_inter_op_parallelism_threads(3)
    try:
        assert thread_pools.inter_op_threads() == 3
        assert thread_pools.submit_inter_op(sum, [1, 2]).result() == 3
    finally:
        ag.config.threading.set_inter_op_parallelism_threads(0)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_forked_child_makes_its_own_pools():
    thread_pools.split(lambda start, stop: None, 2, 2)  # the parent's pool exists
    pid = os.fork()
    if pid == 0:  # the child: its pool's threads were not forked with it
        signal.alarm(10)  # a pool waiting for threads it lacks would hang: end it
        try:
            thread_pools.split(lambda start, stop: None, 2, 2)
            os._exit(0)
        except BaseException:
            os._exit(1)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
