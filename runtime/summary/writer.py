"""Summary writers, and the per-thread state that `ag.summary`'s functions read.

A `SummaryWriter` writes TensorBoard event files, `events.out.tfevents.<time>.<host>.<pid>.<n>.v2`
under its log directory: TFRecord files of `Event` protocol buffers (tensorboardX's, the
`tensorboard` extra, which also frames the records). Events are queued and written when
`max_queue` are waiting, when `flush_millis` passed since the last write, at `flush()` and at
`close()` (and at exit). The writing is synchronous: tensorboardX's own `FileWriter` hands
events to a thread whose queue its `flush()` does not wait for, so a flushed file could lack
the last summaries; here `flush()` means written.

Each thread has a default writer, a default step and a recording condition (TensorFlow keeps
them per thread too), set by `as_default(step=...)`, `set_as_default`,
`experimental.set_step` and `record_if`. Functions traced with a default writer hold it by a
token; their `WriteSummary` ops find it again when they run (`lookup`), and fail clearly once
it was closed.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import socket
import threading
import time
import weakref
from typing import Any, Iterator

import numpy as np

from autograph.runtime.core.errors import FailedPreconditionError, NotFoundError
from autograph.runtime.summary.encoding import protos, summary_value

__all__ = ["SummaryWriter", "create_file_writer", "create_noop_writer", "lookup", "state"]


class _State(threading.local):
    def __init__(self) -> None:
        self.writer: SummaryWriter | None = None
        self.step: Any = None
        self.record: Any = True  # a bool, a bool tensor, or a callable giving one


state = _State()
_writers: dict[str, SummaryWriter] = {}
_tokens = itertools.count()


class _EventFile:
    """One event file, written synchronously in batches of queued events."""

    _count = itertools.count()

    def __init__(self, logdir: str, max_queue: int, flush_millis: int, suffix: str):
        from tensorboardX import RecordWriter
        from tensorboardX.proto.event_pb2 import Event

        os.makedirs(logdir, exist_ok=True)
        name = (f"events.out.tfevents.{int(time.time())}.{socket.gethostname()}."
                f"{os.getpid()}.{next(self._count)}{suffix}")
        self.path = os.path.join(logdir, name)
        self._records: Any = RecordWriter(self.path)
        self._max_queue = max(1, max_queue)
        self._flush_seconds = flush_millis / 1000
        self._pending: list[bytes] = []
        self._written_at = time.monotonic()
        self._event = Event
        self.add(Event(wall_time=time.time(), file_version="brain.Event:2"))
        self.flush()

    def add(self, event: Any) -> None:
        self._pending.append(event.SerializeToString())
        if (len(self._pending) >= self._max_queue
                or time.monotonic() - self._written_at >= self._flush_seconds):
            self.flush()

    def add_summary(self, summary: Any, step: int) -> None:
        self.add(self._event(wall_time=time.time(), step=step, summary=summary))

    def flush(self) -> None:
        if self._records is None:
            return
        for record in self._pending:
            self._records.write(record)
        self._pending.clear()
        self._records.flush()
        self._written_at = time.monotonic()

    def close(self) -> None:
        if self._records is not None:
            self.flush()
            self._records.close()
            self._records = None


class SummaryWriter:
    """Writes summaries to one log directory (a no-op writer writes nothing)."""

    def __init__(self, logdir: str | None, max_queue: int = 10, flush_millis: int = 120_000,
                 filename_suffix: str = ".v2"):
        self.logdir = None if logdir is None else os.fspath(logdir)
        self.token = str(next(_tokens))
        self._options = (max_queue, flush_millis, filename_suffix)
        self._file: _EventFile | None = None
        self._closed = False
        self._lock = threading.Lock()
        _writers[self.token] = self
        if self.logdir is not None:
            self.init()

    def init(self) -> None:
        """Opens the event file (done on creation; a new one after `close`)."""
        if self.logdir is None:
            return
        protos()  # a clear ImportError without the extra
        with self._lock:
            if self._file is None or self._closed:
                self._file = _EventFile(self.logdir, *self._options)
                weakref.finalize(self, self._file.close)  # at exit, the queued events
                self._closed = False
                _writers[self.token] = self

    def write(self, kind: str, tag: str, data: Any, step: int, **params: Any) -> None:
        """Writes one summary value (queued until the next write to the file)."""
        if self.logdir is None:
            return
        value = summary_value(kind, tag, np.asarray(data), **params)
        with self._lock:
            self._open_file().add_summary(value, int(step))

    def write_event(self, event: Any) -> None:
        """Writes a ready `Event` (a graph)."""
        if self.logdir is not None:
            with self._lock:
                self._open_file().add(event)

    def _open_file(self) -> _EventFile:
        if self._closed or self._file is None:
            raise FailedPreconditionError(
                f"The summary writer for {self.logdir!r} is closed; call its init() or make a "
                f"new one with ag.summary.create_file_writer.")
        return self._file

    def flush(self) -> None:
        """Writes the queued summaries to the file."""
        with self._lock:
            if self._file is not None and not self._closed:
                self._file.flush()

    def close(self) -> None:
        """Flushes and closes the file; functions traced with this writer then fail."""
        with self._lock:
            if self._file is not None and not self._closed:
                self._file.close()
                self._closed = True
        _writers.pop(self.token, None)

    def set_as_default(self, step: Any = None) -> None:
        """Makes this the thread's default writer (and `step`, when given, its step)."""
        if self._closed:
            raise RuntimeError(f"SummaryWriter {self!r} is already closed")
        state.writer = self
        if step is not None:
            state.step = step

    @contextlib.contextmanager
    def as_default(self, step: Any = None) -> Iterator[SummaryWriter]:
        """This writer (and `step`) as the thread's default inside the block; flushed on
        leaving it."""
        previous = (state.writer, state.step)
        self.set_as_default(step)
        try:
            yield self
        finally:
            self.flush()
            state.writer, state.step = previous

    def __repr__(self) -> str:
        where = "no-op" if self.logdir is None else repr(self.logdir)
        return f"<ag.summary.SummaryWriter {where}>"


def create_file_writer(logdir: str, max_queue: int | None = None,
                       flush_millis: int | None = None, filename_suffix: str | None = None,
                       name: str | None = None, experimental_trackable: bool = False
                       ) -> SummaryWriter:
    """A writer of TensorBoard event files under `logdir` (created if missing).

    Args:
        logdir: the log directory, as TensorBoard's `--logdir` (or one run under it).
        max_queue: summaries queued before a write to the file (default 10).
        flush_millis: how often the queue is written, at least (default two minutes).
        filename_suffix: added to the event file's name (default `.v2`, as TensorFlow).
        name: unused (TensorFlow's resource name).
        experimental_trackable: unused.
    """
    return SummaryWriter(logdir, 10 if max_queue is None else max_queue,
                         120_000 if flush_millis is None else flush_millis,
                         ".v2" if filename_suffix is None else filename_suffix)


def create_noop_writer() -> SummaryWriter:
    """A writer that writes nothing: as the default, summaries are not recorded (they return
    False) and `should_record_summaries()` is False."""
    return SummaryWriter(None)


def lookup(token: str) -> SummaryWriter:
    """The writer a traced function holds by `token`."""
    writer = _writers.get(token)
    if writer is None:
        raise NotFoundError(
            "The summary writer this function was traced with is closed; trace it again with "
            "an open writer as the default (ag.summary.create_file_writer(...).as_default()).")
    return writer
