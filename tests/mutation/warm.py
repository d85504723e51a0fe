"""A warm pytest process that tries mutants of function bodies without starting afresh.

A fresh pytest per mutant spends about 3 s starting Python, importing the project and
collecting the module's tests before the first test runs; a killed mutant of
`autograph/operators/logical.py` took 5.0 s that way, its killing test 0.02 s. This process
imports and collects once (`serve` runs pytest with this file as a plugin). For each mutant
mutmut has written to disk, `runner.py` asks it over a Unix socket; it forks, and the child
puts the mutated code into the live functions (their `__code__`, found by file, name and
first line) and runs the collected tests, those that killed earlier mutants first,
until one fails.

Only a kill counts: a change to code that runs at import (outside function bodies, or in a
comprehension at module level) is not tried here, and a mutant that passes here, or outlives
the time it is given, goes on to the fresh processes of `runner.py`, which alone decide a
survivor. The child's test run sees what the module computed at import with the original
code, which a real mutant would have changed; `test_mutation_setup.py` checks that kills here
are kills there.

    python -m tests.mutation.warm SOCKET TESTS...   # started by run.py in a scratch copy
"""

from __future__ import annotations

import contextlib
import gc
import json
import marshal
import os
import signal
import socket
import sys
import time
import types
from pathlib import Path
from typing import Any

ORIGINAL = Path(".mutation-original.json")  # the mutated module's path and source (run.py)
_COMPREHENSIONS = {"<listcomp>", "<dictcomp>", "<setcomp>", "<genexpr>"}


class Ineligible(Exception):
    """The mutant changes code that runs at import: only a fresh process can try it."""


def changed_functions(path: str, before: str, after: str) -> list[tuple[Any, Any]]:
    """(old code, new code) of the functions whose code differs between the two sources of
    the module at `path`, outermost and nested alike.

    Raises:
        Ineligible: the change is in code that runs at import.
    """
    try:
        old, new = compile(before, path, "exec"), compile(after, path, "exec")
    except SyntaxError as error:
        raise Ineligible(f"does not compile: {error}") from None
    pairs: list[tuple[Any, Any]] = []
    _compare(old, new, at_import=True, pairs=pairs)
    return pairs


def _compare(old: types.CodeType, new: types.CodeType, at_import: bool,
             pairs: list) -> None:
    inner_old = [c for c in old.co_consts if isinstance(c, types.CodeType)]
    inner_new = [c for c in new.co_consts if isinstance(c, types.CodeType)]
    if len(inner_old) != len(inner_new):
        raise Ineligible("the mutant adds or removes a function")
    if _own(old) != _own(new):
        if at_import:
            raise Ineligible(f"{old.co_name} runs at import")
    for a, b in zip(inner_old, inner_new):
        # Module and class bodies run at import, and so do comprehensions in them.
        runs_at_import = at_import and (not _is_function(a) or a.co_name in _COMPREHENSIONS)
        _compare(a, b, runs_at_import, pairs)
    if not at_import and marshal.dumps(old) != marshal.dumps(new):
        if old.co_freevars != new.co_freevars:
            raise Ineligible(f"{old.co_name} closes over other variables")
        pairs.append((old, new))


def _own(code: types.CodeType) -> bytes:
    """The code object without its nested code objects and source positions (a `def`'s
    position spans its body, whose columns a mutant may change)."""
    consts = tuple(None if isinstance(c, types.CodeType) else c for c in code.co_consts)
    return marshal.dumps(code.replace(co_consts=consts, co_linetable=b""))


def _is_function(code: types.CodeType) -> bool:
    return bool(code.co_flags & 0x0002)  # CO_NEWLOCALS: a function's body, not a class's


def swap_in(pairs: list[tuple[Any, Any]]) -> int:
    """Gives every live function of an old code in `pairs` its new code; returns how many."""
    wanted = {(old.co_filename, old.co_name, old.co_firstlineno): new for old, new in pairs}
    swapped = 0
    for obj in gc.get_objects():
        if isinstance(obj, types.FunctionType):
            code = obj.__code__
            new = wanted.get((code.co_filename, code.co_name, code.co_firstlineno))
            if new is not None:
                obj.__code__ = new
                swapped += 1
    return swapped


class WarmPlugin:
    """Serves requests on `address` from pytest's test loop, with the session's items."""

    def __init__(self, address: str):
        self.address = address
        self.killers: list[str] = []  # node ids that killed mutants, the latest first
        self.failed: str | None = None

    def pytest_runtestloop(self, session: Any) -> bool:
        items = list(session.items)
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        server.bind(self.address)
        server.listen(1)
        signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
        while True:
            connection, _ = server.accept()
            with connection, connection.makefile("rw") as stream:
                request = json.loads(stream.readline())
                stream.write(json.dumps(self.try_mutant(items, request["limit"])) + "\n")

    def pytest_runtest_logreport(self, report: Any) -> None:
        if report.failed and self.failed is None:
            self.failed = report.nodeid

    def try_mutant(self, items: list, limit: float) -> dict:
        original = json.loads(ORIGINAL.read_text())
        module = sys.modules.get(original["module"][:-3].replace("/", "."))
        path = getattr(module, "__file__", None)
        if path is None:
            return {"status": "ineligible", "why": "the module was not imported"}
        try:
            pairs = changed_functions(path, original["source"], Path(path).read_text())
        except Ineligible as error:
            return {"status": "ineligible", "why": str(error)}
        if not pairs:
            return {"status": "ineligible", "why": "no function's code changed"}
        read, write = os.pipe()
        child = os.fork()
        if child == 0:
            os.setpgid(0, 0)  # a group of its own, so that a hang's kill takes its children
            os.close(read)
            self._child(items, pairs, write)
        with contextlib.suppress(OSError):  # also here, so that no kill can come first
            os.setpgid(child, child)
        os.close(write)
        started = time.monotonic()
        status = self._wait(child, limit)
        with os.fdopen(read) as pipe:
            killer = pipe.read() or None
        if status == 1 and killer:
            self.killers = [killer] + [k for k in self.killers if k != killer]
            return {"status": "killed", "test": killer,
                    "seconds": round(time.monotonic() - started, 2)}
        return {"status": "unsure", "why": {0: "every test passed", None: "no result in time"}
                .get(status, f"the child ended with status {status}")}

    def _child(self, items: list, pairs: list, write: int) -> None:
        status = 2
        try:
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 1)
            os.dup2(null, 2)
            swap_in(pairs)
            if items:  # pytest's progress output goes to a descriptor of its own
                items[0].config.pluginmanager.unregister(name="terminalreporter")
            rank = {nodeid: n for n, nodeid in enumerate(self.killers)}
            ordered = sorted(items, key=lambda item: rank.get(item.nodeid, len(rank)))
            status = 0
            for n, item in enumerate(ordered):
                following = ordered[n + 1] if n + 1 < len(ordered) else None
                item.ihook.pytest_runtest_protocol(item=item, nextitem=following)
                if self.failed is not None:
                    os.write(write, self.failed.encode())
                    status = 1
                    break
        finally:
            os._exit(status)

    @staticmethod
    def _wait(child: int, limit: float) -> int | None:
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            pid, status = os.waitpid(child, os.WNOHANG)
            if pid:
                return os.waitstatus_to_exitcode(status)
            time.sleep(0.01)
        # The whole group: a test's subprocess left running would slow every later mutant.
        os.killpg(child, signal.SIGKILL)
        os.waitpid(child, 0)
        return None


def ask(address: str, limit: float) -> dict:
    """What the warm process at `address` found for the mutant on disk now."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as client:
        client.connect(address)
        with client.makefile("rw") as stream:
            stream.write(json.dumps({"limit": limit}) + "\n")
            stream.flush()
            return json.loads(stream.readline())


def serve(address: str, tests: list[str]) -> int:
    import pytest

    return int(pytest.main(["-q", "--no-header", "-p", "no:randomly", "-p", "no:cacheprovider",
                            *tests], plugins=[WarmPlugin(address)]))


if __name__ == "__main__":
    sys.exit(serve(sys.argv[1], sys.argv[2:]))
