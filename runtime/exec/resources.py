"""Resources: state that ops share by name, such as variables' values.

A graph's variables live in the `ResourceManager` of the `Session` that runs it (each session
has its own values, as in TensorFlow 1); eager variables live in the process-wide eager
manager. Kernels of stateful ops reach the manager of the current run through `current()`.

>>> manager = ResourceManager()
>>> manager.set("w", 1.0)
>>> manager.lookup("w")
1.0
>>> current() is EAGER  # no session is running
True
"""

from __future__ import annotations

import threading
from typing import Any


class ResourceManager:
    """Named values: created once, looked up, replaced, and cleared."""

    def __init__(self):
        self._lock = threading.Lock()
        self._values: dict[str, Any] = {}

    def lookup(self, name: str) -> Any:
        """The value of `name` (kernels check `contains` first, to say which op failed)."""
        return self._values[name]

    def set(self, name: str, value: Any) -> None:
        self._values[name] = value

    def contains(self, name: str) -> bool:
        return name in self._values

    def delete(self, name: str) -> None:
        self._values.pop(name, None)

    def clear(self) -> None:
        with self._lock:
            self._values.clear()


class _Current(threading.local):
    def __init__(self):
        self.stack: list[ResourceManager] = []


_current = _Current()
EAGER = ResourceManager()


def current() -> ResourceManager:
    """The manager of the session running now, else the eager one."""
    stack = _current.stack
    return stack[-1] if stack else EAGER

