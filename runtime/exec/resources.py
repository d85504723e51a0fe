"""Resources: state that ops share by name, such as variables' values.

A graph's variables live in the `ResourceManager` of the `Session` that runs it (each session
has its own values, as in TensorFlow 1); eager variables live in the process-wide eager
manager. Kernels of stateful ops reach the manager of the current run through `current()`.

>>> manager = ResourceManager()
>>> with use(manager):
...     current().set("w", 1.0)
>>> manager.lookup("w")
1.0
"""

from __future__ import annotations

import contextlib
import threading
from typing import Any, Iterator

from runtime.core.errors import FailedPreconditionError


class ResourceManager:
    """Named values: created once, looked up, replaced, and cleared."""

    def __init__(self):
        self._lock = threading.Lock()
        self._values: dict[str, Any] = {}

    def lookup(self, name: str, what: str = "Resource") -> Any:
        try:
            return self._values[name]
        except KeyError:
            raise FailedPreconditionError(
                f"{what} {name!r} has no value here: it was never initialized in this session. "
                f"Run its initializer first, e.g. sess.run(ag.global_variables_initializer()).")\
                from None

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


@contextlib.contextmanager
def use(manager: ResourceManager) -> Iterator[ResourceManager]:
    _current.stack.append(manager)
    try:
        yield manager
    finally:
        _current.stack.pop()
