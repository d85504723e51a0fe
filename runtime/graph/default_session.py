"""The default session of each thread: what `Tensor.eval()` and `Operation.run()` run in.

`Session.as_default()` (and `with Session():`) makes a session the default while it is open;
graphs read it here, below the session itself, so that they need not import it.
"""

from __future__ import annotations

import contextlib
import threading
from typing import Any, Iterator


class _Sessions(threading.local):
    def __init__(self):
        self.stack: list[Any] = []


_sessions = _Sessions()


def get_default_session() -> Any:
    """The innermost session made the default in this thread, or None."""
    return _sessions.stack[-1] if _sessions.stack else None


@contextlib.contextmanager
def default_session(session: Any) -> Iterator[Any]:
    """Makes `session` the default in this thread while the block runs."""
    _sessions.stack.append(session)
    try:
        yield session
    finally:
        _sessions.stack.pop()
