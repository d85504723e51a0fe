"""Pipeline stages that run on background threads: parallel `map` and `prefetch`.

Both start their threads on the first element asked for and stop them when the consumer is
done, including when it stops early: the generator's `finally` (run by `close()` or by the
garbage collector when the iterator is dropped) signals the threads and joins them, so no
thread outlives its iterator.
"""

from __future__ import annotations

import collections
import contextvars
import queue
import threading
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from typing import Callable, Iterator

from autograph.runtime.data.iterator_state import refuse_saving

Flat = tuple
Maker = Callable[[], Iterator[Flat]]

_JOIN_TIMEOUT = 10.0


def parallel_map(source: Maker, fn: Callable[[Flat, int], Flat], workers: int,
                 deterministic: bool) -> Iterator[Flat]:
    """`fn` over the source's elements on `workers` threads, `workers` calls in flight; in
    order unless `deterministic` is False (then as they finish)."""
    if not deterministic:
        refuse_saving("a map with num_parallel_calls and deterministic=False (its order "
                      "changes from run to run)")
    pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="dataset-map")
    pending: collections.deque[Future] = collections.deque()
    try:
        it = enumerate(source())
        exhausted = False
        while True:
            while not exhausted and len(pending) < workers:
                nxt = next(it, None)
                if nxt is None:
                    exhausted = True
                else:
                    pending.append(pool.submit(fn, nxt[1], nxt[0]))
            if not pending:
                return
            if deterministic:
                yield pending.popleft().result()
            else:
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                future = next(f for f in pending if f in done)
                pending.remove(future)
                yield future.result()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


_DONE = object()


def prefetch(source: Maker, buffer_size: int) -> Iterator[Flat]:
    """The source's elements, produced ahead by one thread into a buffer of `buffer_size`."""
    buffer: queue.Queue = queue.Queue(maxsize=max(buffer_size, 1))
    stop = threading.Event()

    def produce() -> None:
        try:
            for element in source():
                while not stop.is_set():
                    try:
                        buffer.put((element, None), timeout=0.05)
                        break
                    except queue.Full:
                        continue
                if stop.is_set():
                    return
            item: tuple = (_DONE, None)
        except BaseException as e:  # noqa: BLE001  (handed to the consumer, raised there)
            item = (_DONE, e)
        while not stop.is_set():
            try:
                buffer.put(item, timeout=0.05)
                return
            except queue.Full:
                continue

    # The producer runs the stages below in the consumer's context: an iterator's state
    # (`iterator_state`) reaches them there too.
    thread = threading.Thread(target=contextvars.copy_context().run, args=(produce,),
                              name="dataset-prefetch", daemon=True)
    thread.start()
    try:
        while True:
            element, error = buffer.get()
            if element is _DONE:
                if error is not None:
                    raise error
                return
            yield element
    finally:
        stop.set()
        thread.join(_JOIN_TIMEOUT)
