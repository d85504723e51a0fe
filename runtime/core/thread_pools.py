"""The two thread pools `tf.config.threading`'s settings size, made on first use:

- the intra-op pool, on which one kernel splits its work (a large fused elementwise chain, a
  reduction over rows): `intra_op_threads()` threads in all, the caller's among them, so the
  pool holds one fewer;
- the inter-op pool, on which a plan runs an op beside another independent one
  (`runtime/exec/concurrent_ops.py`): `inter_op_threads() - 1` workers beside the caller's.

A pool grows (a new one, the old finishing its queue) when a setting asks for more threads
than it has. Work on either pool never waits on the same pool, so neither can deadlock.

>>> from autograph.runtime.core import thread_settings
>>> thread_settings.set_intra_op_parallelism_threads(0)
>>> intra_op_threads() == (os.cpu_count() or 1)
True
"""

from __future__ import annotations

import os
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Callable

from autograph.runtime.core import thread_settings

__all__ = ["intra_op_threads", "inter_op_threads", "split", "submit_inter_op"]

_pools: dict[str, tuple[int, ThreadPoolExecutor]] = {}  # kind -> (workers, pool)
_lock = threading.Lock()
# A forked child has none of its parent's threads: its pools are made anew.
os.register_at_fork(after_in_child=_pools.clear)


def intra_op_threads() -> int:
    """The threads one kernel may use: the intra-op setting, else the CPU count."""
    return thread_settings.get_intra_op_parallelism_threads() or os.cpu_count() or 1


def inter_op_threads() -> int:
    """The ops a plan may run at once: the inter-op setting; 1 when it is 0 (the default), as
    BLAS already uses every core inside one matmul then."""
    return thread_settings.get_inter_op_parallelism_threads() or 1


def split(work: Callable[[int, int], Any], size: int, threads: int, align: int = 1) -> None:
    """Calls `work(start, stop)` over `range(size)` cut into `threads` contiguous parts (their
    bounds multiples of `align`), one part on the calling thread and the others on the
    intra-op pool; returns when all are done, raising the first part's error."""
    step = -(-size // threads)
    step = -(-step // align) * align
    bounds = [(start, min(start + step, size)) for start in range(0, size, step)]
    pool = _pool("intra", len(bounds) - 1)
    futures = [pool.submit(work, start, stop) for start, stop in bounds[1:]]
    try:
        work(*bounds[0])
    finally:
        for future in futures:
            future.result()


def submit_inter_op(fn: Callable, *args: Any) -> Future:
    """Starts `fn(*args)` on the inter-op pool; the future's `result()` waits for it."""
    return _pool("inter", inter_op_threads() - 1).submit(fn, *args)


def _pool(kind: str, workers: int) -> ThreadPoolExecutor:
    workers = max(workers, 1)
    made = _pools.get(kind)
    if made is not None and made[0] >= workers:
        return made[1]
    with _lock:
        made = _pools.get(kind)
        if made is None or made[0] < workers:
            if made is not None:
                made[1].shutdown(wait=False)
            made = _pools[kind] = (workers, ThreadPoolExecutor(
                max_workers=workers, thread_name_prefix=f"autograph-{kind}-op"))
    return made[1]
