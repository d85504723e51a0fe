"""One token for the context that eager calls settled once depend on.

Whether ops build a graph, whether eager execution is disabled, observers, the device scope,
soft placement and the registered kernels are read from several places, thread-local and
process-wide; a settled eager call (`runtime/eager/settled_calls.py`) depends on all of them.
Each place that changes one calls `context_changed()`, and the eager layer computes the token
again, once, at its next call, so that an op reads one object instead of checking each.

`token_slot[0].token` is this thread's token (None until the eager layer computes one). A
change drops the tokens of every thread by replacing the thread-local slot that holds them.
"""

from __future__ import annotations

import threading
from typing import Any


class _Slot(threading.local):
    token: Any = None  # this thread's token; None until computed


token_slot = [_Slot()]  # read the slot before the state its token stands for


def context_changed() -> None:
    """Drops every thread's token: what it stood for has changed somewhere."""
    token_slot[0] = _Slot()
