"""One token for the context that eager calls settled once depend on.

Whether ops build a graph, whether eager execution is disabled, observers, the device scope,
soft placement and the registered kernels are read from several places, thread-local and
process-wide; a settled eager call (`runtime/eager/settled_calls.py`) depends on all of them.
Each place that changes one calls `context_changed()`, and the eager layer computes the
token again, once, at its next call: one identity comparison per op instead of a check of
each.

`token()` reads this thread's token (None until the eager layer sets one with `set_token`).
A change drops the token of every thread, by replacing the thread-local slot that holds them:
an eager call made while another thread changed something computes its token again.
"""

from __future__ import annotations

import threading
from typing import Any


class _Slot(threading.local):
    token: Any = None  # this thread's token; None until computed


_slot = [_Slot()]


def context_changed() -> None:
    """Drops every thread's token: what it stood for has changed somewhere."""
    _slot[0] = _Slot()


def slot() -> Any:
    """The slot the current tokens live in (read it before the state a token stands for, so
    that a change made meanwhile replaces it and the token set on it is never read)."""
    return _slot[0]
